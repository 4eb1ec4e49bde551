"""The cube policy of every game the site runs, practice and live: when a side may double, and why not.

The engine says when the rules allow a double (``double_reasons``).  Games
add what gnubg and XG follow in match play: a double is pointless once the
cube already covers what the side on roll needs to win the match (a
«dead» cube), so it is refused, with the reason, like any other.
"""

from __future__ import annotations

from tutor.engine import Position, cube_is_dead, double_reasons
from tutor.rules import CUBE_REFUSALS, cube_refusal

DEAD_CUBE = "dead-cube"


def cube_alive(position: Position, side: int | None = None) -> bool:
    """Whether a double could still gain anything for ``side`` (by default the side on roll).

    In a match, once the cube is worth what the side needs, winning this
    game already wins the match: gnubg and XG never double then.

    >>> cube_alive(Position.initial(match_length=5, score=(3, 0), cube_value=2, cube_owner=0))
    False
    """
    return not cube_is_dead(position, side)


def refusals(position: Position) -> tuple[str, ...]:
    """Why the side on roll may not double now: the engine's codes, then ``dead-cube``; empty if it may."""
    found = double_reasons(position)
    return found if cube_alive(position) else (*found, DEAD_CUBE)


def may_double(position: Position) -> bool:
    """The rules allow a double and it is not a dead cube."""
    return not refusals(position)


def refusal(position: Position) -> str:
    """The first reason the side on roll may not double, in the rule catalogue's Spanish."""
    found = refusals(position)
    return cube_refusal(found[0]) if found else ""


def dead_cube_note(position: Position, side: int | None) -> str:
    """Why ``side`` cannot double in this game, told next to the cube: the dead cube is the one no page explained.

    Said while the cube could otherwise be ``side``'s to turn (centred or
    theirs), outside the Crawford game, which has its own notice.
    """
    if side is None or position.crawford or position.cube_owner not in (None, side) or cube_alive(position, side):
        return ""
    return f"No puedes doblar. {CUBE_REFUSALS[DEAD_CUBE]}"
