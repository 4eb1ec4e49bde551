"""The engine's stable codes: why a play is illegal, why a side may not double.

Closed vocabularies are types: each code is an ``enum.StrEnum`` member, so
the type checker knows every value while the member still equals, hashes
and prints as its string (``ReasonCode.BLOCKED == "blocked"``).  Other tools,
stored attempts and the Spanish texts of the Django layer rely on the
strings: they never change.

>>> ReasonCode("blocked") is ReasonCode.BLOCKED, f"{ReasonCode.BLOCKED}"
(True, 'blocked')
"""

from __future__ import annotations

import enum


class ReasonCode(enum.StrEnum):
    """Why a written play is illegal (``Reason.code``); see ``check.py`` for the fields each fills."""

    SYNTAX = "syntax"
    NO_CHECKER = "no-checker"
    BAR_FIRST = "bar-first"
    BACKWARDS = "backwards"
    WRONG_DIE = "wrong-die"
    BLOCKED = "blocked"
    BEAR_OFF_NOT_ALL_HOME = "bear-off-not-all-home"
    HIGHER_DIE_NOT_HIGHEST = "higher-die-not-highest"
    TOO_MANY_MOVES = "too-many-moves"
    MUST_USE_MORE_DICE = "must-use-more-dice"
    MUST_USE_LARGER_DIE = "must-use-larger-die"


class DoubleRefusal(enum.StrEnum):
    """Why a side may not double right now (``double_reasons``)."""

    GAME_OVER = "game-over"
    NOT_YOUR_TURN = "not-your-turn"
    DICE_ROLLED = "dice-rolled"
    NOT_CUBE_OWNER = "not-cube-owner"
    CRAWFORD_GAME = "crawford-game"
    CUBE_AT_MAXIMUM = "cube-at-maximum"


__all__ = ["DoubleRefusal", "ReasonCode"]
