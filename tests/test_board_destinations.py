"""The legal destinations the server sends the board, for each partial play."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, example, given, settings

from tests.engine_positions import position_strategy
from tests.engine_positions import random_game_positions as random_positions
from tutor.board.widget import destinations_json
from tutor.engine import BAR, OFF, Position
from tutor.engine.movegen import apply_move, single_moves
from tutor.board.destinations import change_key, destination_map

GENERATED = int(os.environ.get("DESTINATIONS_EXAMPLES", 40))
"""Generated positions per run; ``DESTINATIONS_EXAMPLES=1000`` looks much harder."""


def name(point: int):
    return "bar" if point == BAR else "off" if point == OFF else point


def walk(position: Position, moves):
    """The mover's board after each single move of a play."""
    mover, other = position.mover, position.opponent_board
    boards = [mover]
    for move in moves:
        mover, other = apply_move(mover, other, move)
        boards.append(mover)
    return boards


def test_before_any_move_each_checker_shows_where_one_die_or_both_can_take_it():
    opening = Position.initial().with_dice((6, 5))
    first = destination_map(opening)["moves"][""]
    assert first == destinations_json({24: [18, 13], 13: [8, 7, 2], 8: [3, 2]})


def test_every_legal_play_can_be_made_move_by_move_along_highlighted_destinations():
    for position in random_positions(seed=3, count=120):
        data = destination_map(position)
        for play in position.legal_plays():
            if play.is_pass:
                continue
            boards = walk(position, play.moves)
            for move, before in zip(play.moves, boards):
                targets = data["moves"][change_key(position.mover, before)]
                assert name(move.dst) in targets[str(name(move.src))], (position.to_xgid(), play.notation)
            assert change_key(position.mover, boards[-1]) in data["complete"]


def test_only_complete_legal_plays_are_named_complete():
    for position in random_positions(seed=5, count=80):
        data = destination_map(position)
        legal = {change_key(position.mover, play.result.checkers(position.turn)) for play in position.legal_plays()}
        assert set(data["complete"]) == legal


def test_a_half_played_roll_offers_no_destination_that_cannot_be_completed():
    # 6-5 from the start: after 24/18 only the 5 is left, and 18/13 or another 5 must follow.
    opening = Position.initial().with_dice((6, 5))
    after = destination_map(opening)["moves"]["18:1,24:-1"]
    assert all(all(target != "off" for target in targets) for targets in after.values())
    assert "13" in after["18"] or 13 in after["18"]


def test_a_position_without_dice_has_no_destinations():
    assert destination_map(Position.initial()) == {"moves": {}, "complete": []}


def _completable_chains(position: Position) -> set[tuple[tuple[int, ...], int, int]]:
    """``(mover's board, source, destination)`` for each run of one checker inside a legal play.

    Found by brute force, independently of the code under test: every
    order of every single move, kept when it ends on a legal play's
    position with as many dice; then, for each prefix of such a sequence,
    every run of consecutive moves of the checker that moves next.
    """
    plays = position.legal_plays()
    needed = len(plays[0].moves)
    legal = {(play.result.checkers(position.turn), play.result.checkers(1 - position.turn)) for play in plays}
    high, low = position.dice
    dice = [high] * 4 if high == low else [high, low]
    chains: set[tuple[tuple[int, ...], int, int]] = set()

    def extend(mover, other, left, sequence):
        if len(sequence) == needed:
            if (mover, other) in legal:
                for start in range(len(sequence)):
                    before, first = sequence[start]
                    point = first.src
                    for _, move in sequence[start:]:
                        if move.src != point:
                            break
                        point = move.dst
                        chains.add((before, first.src, point))
                        if point == OFF:
                            break
            return
        for die in set(left):
            rest = list(left)
            rest.remove(die)
            for move, mover2, other2 in single_moves(mover, other, die):
                extend(mover2, other2, rest, sequence + [(mover, move)])

    extend(position.mover, position.opponent_board, dice, [])
    return chains


def _highlighted(position: Position) -> set[tuple[tuple[int, ...], int, int]]:
    """The same triples, read back from what the server sends the browser."""
    places = {"bar": BAR, "off": OFF}
    found = set()
    for key, targets in destination_map(position)["moves"].items():
        board = list(position.mover)
        for change in filter(None, key.split(",")):
            point, delta = change.split(":")
            board[int(point)] += int(delta)
        for src, dsts in targets.items():
            for dst in dsts:
                found.add((tuple(board), places.get(src) or int(src), places.get(dst, dst)))
    return found


@settings(max_examples=GENERATED, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(position_strategy())
# Where a first move exists that cannot be completed: both dice must be used (5/off would strand the 4) …
@example(Position.from_layout({5: 1, 4: 1}, {1: 2, 24: 2, 23: 3, 22: 4, 20: 4}, dice=(5, 3)))
# … and only one die can be played, so it must be the larger.
@example(Position.from_layout({24: 1, 1: 14}, {13: 2, 12: 2, 11: 2, 10: 2, 9: 2, 15: 2, 16: 3}, dice=(6, 5)))
def test_every_highlighted_destination_can_be_completed_into_a_legal_play_and_none_is_missing(position):
    assert _highlighted(position) == _completable_chains(position), position.to_xgid()

