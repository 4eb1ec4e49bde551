"""The facts a ``Reason`` carries, each with one meaning: what the sentences about it may state.

A data table like the perft tables: a position, a written play, and the
fields of its first reason that a sentence names.
"""

from __future__ import annotations

import pytest

from tutor.engine import BAR, OFF, Move, Position

FAR_BLACK = {19: 3, 20: 3, 21: 3, 22: 2, 23: 2, 24: 2}
ON_THE_BAR = Position.from_layout({"bar": 1, 13: 5, 8: 3, 6: 4, 5: 2}, {24: 2, 19: 5, 12: 5, 17: 3}, dice=(5, 3))


def first_reason(position: Position, text: str):
    verdict = position.check(text)
    assert not verdict.legal
    return verdict.reasons[0]


@pytest.mark.parametrize(
    "position, text, fields",
    [
        # a wrong die: which single die would carry the checker, and with doubles every move left
        (Position.from_layout({6: 2, 5: 1, 3: 2}, FAR_BLACK, dice=(1, 1)), "5/off",
         {"code": "wrong-die", "dice_left": (1, 1, 1, 1), "dice_needed": (5,)}),
        (Position.from_layout({5: 1, 3: 2}, FAR_BLACK, dice=(2, 1)), "5/off",
         {"code": "wrong-die", "dice_needed": (5, 6)}),
        (Position.initial().with_dice("4-2"), "13/5",
         {"code": "wrong-die", "dice_needed": (), "distance": 8}),
        # from the bar: the entry points of the dice left that are closed
        (Position.from_layout({"bar": 1, 13: 14}, {22: 2, 1: 13}, dice=(5, 3)), "bar/3",
         {"code": "wrong-die", "src": BAR, "blocked_points": (22,), "opponent_checkers": 2}),
        # a step over several dice keeps its written start; ``at`` is where the failing move starts
        (Position.from_layout({6: 3, 5: 2}, FAR_BLACK, dice=(4, 3)), "5/off 6/2",
         {"code": "higher-die-not-highest", "src": 5, "at": 1, "die": 3, "farthest": 6, "farther": 4}),
        (Position.from_layout({6: 3, 3: 2}, FAR_BLACK, dice=(5, 1)), "3/off 6/5",
         {"code": "higher-die-not-highest", "src": 3, "at": 3, "farthest": 6, "farther": 3}),
        (Position.from_layout({9: 1, 16: 2, 3: 2}, FAR_BLACK, dice=(4, 3)), "3/off",
         {"code": "bear-off-not-all-home", "farthest": 16, "farther": 3}),
        # the steps carried out before the failing one
        (Position.from_layout({9: 1, 6: 5, 8: 3, 13: 6}, FAR_BLACK, dice=(3, 1)), "9/6 9/8",
         {"code": "no-checker", "src": 9, "before": (Move(9, 6, 3),)}),
        # nothing on the point comes before the checker waiting on the bar
        (ON_THE_BAR, "10/7 bar/22", {"code": "no-checker", "src": 10}),
        (ON_THE_BAR, "13/10 13/8", {"code": "bar-first", "src": 13, "at": 13, "on_bar": 1}),
        # a step turned round is offered only when the play turned round is legal
        (Position.initial().with_dice("6-1"), "7/13 7/8", {"code": "backwards", "example": "13/7 8/7"}),
        (Position.initial().with_dice("3-1"), "6/9 8/7", {"code": "backwards", "example": None}),
    ],
)
def test_a_reason_carries_the_facts_its_sentence_states(position, text, fields):
    reason = first_reason(position, text)
    assert {name: getattr(reason, name) for name in fields} == fields


def test_a_checker_stopped_on_the_board_after_entering_breaks_the_board_rule_not_the_entry():
    position = Position.from_layout({"bar": 1, 13: 14}, {17: 2, 1: 13}, dice=(5, 3))
    reason = first_reason(position, "bar/17")
    assert (reason.code, reason.src, reason.dst, reason.blocked_points) == ("blocked", BAR, 17, (17,))
    assert reason.at in (20, 22) and reason.dst != OFF
