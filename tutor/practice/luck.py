"""The luck of each roll of a finished game, measured by the review worker and stored on the play.

GNU Backgammon's luck: the equity after the best play with the dice that
came, minus the average over the 36 rolls of the equity after the best play
with each, from the roller's side (``evaluator.roll_luck``, at 0-ply: cheap
enough for every roll).  A game's first roll is the opening roll: never a
double, and it decides who plays first, so its average is over the 15 rolls
for each side, as GNU Backgammon's ``LuckFirst``.  A roll beyond ``VERY_LUCKY`` is «muy buena suerte»,
below ``VERY_UNLUCKY`` «muy mala suerte», GNU Backgammon's own limits.

Measured only in the background, after the game, for every play (forced
ones and rolls that could not be played too: the dice were luck all the
same), never in a request.
"""

from __future__ import annotations

from typing import Any, Iterable

from tutor.games.models import ActionKind

from . import evaluator

VERY_LUCKY = 0.6
"""GNU Backgammon's limit for «muy buena suerte»."""
VERY_UNLUCKY = -0.6
"""GNU Backgammon's limit for «muy mala suerte»."""


def measure_luck(actions: Iterable[Any]) -> int:
    """Measure and save the luck of each play of ``actions`` not measured yet; how many were measured.

    ``actions`` are one match's actions (any order); a game's first play is
    the opening roll's, which is never a double.  Raises
    ``EvaluatorUnavailable`` when gnubg cannot answer: what was measured
    stays saved, and the next run goes on from there.
    """
    plays = sorted((action for action in actions if action.kind == ActionKind.MOVE), key=lambda action: action.number)
    openings: dict[int, int] = {}
    for action in plays:
        openings.setdefault(action.game_number, action.number)
    measured = 0
    for action in plays:
        if action.luck is not None or action.position.dice is None:
            continue
        action.luck = evaluator.roll_luck(action.position, opening=openings[action.game_number] == action.number)
        action.save(update_fields=["luck"])
        measured += 1
    return measured


def luck_words(luck: float | None) -> str:
    """What a roll's luck is called when it is beyond GNU Backgammon's limits; empty otherwise.

    >>> luck_words(0.65), luck_words(-0.7), luck_words(0.3), luck_words(None)
    ('Muy buena suerte', 'Muy mala suerte', '', '')
    """
    if luck is None:
        return ""
    if luck > VERY_LUCKY:
        return "Muy buena suerte"
    if luck < VERY_UNLUCKY:
        return "Muy mala suerte"
    return ""


__all__ = ["VERY_LUCKY", "VERY_UNLUCKY", "luck_words", "measure_luck"]
