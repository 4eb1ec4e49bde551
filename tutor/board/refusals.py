"""Which moves the live board refuses at once, before the server judges the play.

The board in the browser knows no rule.  For the side on roll the server
sends, for each set of dice that may still be left during the turn, where
each checker may be dropped: the points the engine says those dice can
cover (``dice_destinations``) that no opposing pair holds.  A drop anywhere
else is refused at once, and the board asks the server why (the lessons'
API answers with the engine's reason in the catalogue's Spanish): nothing
here is worded.
While a checker of the mover waits on the bar (``bar_first``), picking up
any other is refused the same way.

Points are in the mover's numbering, as in the notation box; dice left are
named as the board names its unused dice, larger first (``"6,3"``,
``"3,3,3"``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TypedDict

from tutor.engine import BAR, OFF, Position, dice_destinations, expand_dice, is_blocked, without_die


Reach = dict[str, dict[str, list[int | str]]]
"""``{dice left: {source: [destinations]}}``, in the names the browser gives places."""


class Refusals(TypedDict):
    """What the browser's board refuses at once: a move while a checker waits on the bar, a drop out of reach."""

    bar_first: bool
    reach: Reach


def board_refusals(position: Position) -> Refusals:
    """``{"bar_first": bool, "reach": {dice left: {source: [destinations]}}}`` for the side on roll.

    >>> refusals = board_refusals(Position.initial().with_dice((3, 1)))
    >>> refusals["bar_first"], sorted(refusals["reach"])
    (False, ['1', '3', '3,1'])
    >>> refusals["reach"]["3,1"]["8"], refusals["reach"]["3,1"]["6"]
    ([7, 5, 4], [5, 3, 2])
    """
    on_bar = position.mover[BAR] > 0
    if position.dice is None:
        return {"bar_first": on_bar, "reach": {}}
    theirs = position.opponent_board
    made = frozenset(point for point in range(1, 25) if is_blocked(theirs, 25 - point))
    return _refusals(made, expand_dice(position.dice), on_bar)


@lru_cache(maxsize=512)
def _refusals(made: frozenset[int], dice: tuple[int, ...], on_bar: bool) -> Refusals:
    """The refusals for the points the opponent holds (``made``), the dice and the bar: kept, as
    lessons show the same puzzles again and a live game draws one board per change."""
    sources = ([BAR] if on_bar else []) + list(range(1, 25))
    reach: Reach = {}
    for left in _dice_left_during_turn(dice):
        targets: dict[str, list[int | str]] = {}
        for src in sources:
            open_points = sorted((dst for dst in dice_destinations(src, left) if dst not in made), reverse=True)
            if open_points:
                targets[_NAMES.get(src, str(src))] = [_NAMES.get(dst, dst) for dst in open_points]
        reach[",".join(str(die) for die in left)] = targets
    return {"bar_first": on_bar, "reach": reach}


def refused_at_once(position: Position, dice_left: tuple[int, ...], src: int, dst: int | None) -> bool:
    """Whether the board refuses this move from ``board_refusals`` alone, without asking: a pick
    while a checker waits on the bar, a drop the dice left cannot reach or onto a made point.

    >>> opening = Position.initial().with_dice((5, 2))
    >>> refused_at_once(opening, (5, 2), 24, 19), refused_at_once(opening, (2, 5), 13, 12), refused_at_once(opening, (5, 2), 13, 11)
    (True, True, False)
    """
    refusals = board_refusals(position)
    if dst is None:
        return bool(refusals["bar_first"]) and src != BAR
    reach = {tuple(sorted(int(die) for die in left.split(","))): targets for left, targets in refusals["reach"].items()}
    targets = reach.get(tuple(sorted(dice_left)), {})
    return _NAMES.get(dst, dst) not in targets.get(_NAMES.get(src, str(src)), [])


_NAMES = {BAR: "bar", OFF: "off"}
"""The bar and off as the browser names them (``widget.place_name``); points stay numbers."""


def _dice_left_during_turn(dice: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every set of unused dice a turn passes through, the full roll first; never the empty set."""
    found = [dice]
    for left in found:
        for die in set(left):
            after = without_die(left, die)
            if after and after not in found:
                found.append(after)
    return found
