"""Drills on notation: «write the play shown», drawn with arrows on the board before it is made.

The board shows a moment of a play-out game and a legal play drawn as
arrows (``Drill.shown_moves``); the learner writes it.  The engine judges
what is written: any notation of the same play is right (``13/7/4``,
``13/4`` or ``13/7 7/4``; with or without the ``*`` of a hit), because it
compares the position the written play reaches with the one drawn.

The level is the shape of the play drawn:

1. two checkers, one die each, no hit, nothing entering or borne off;
2. one checker playing both dice (``13/7/4``), sometimes hitting on the way;
3. a double of three or four moves (half the drills), or else an entry
   from the bar or a checker borne off.

Black writes in Black's own numbering, so a learner who reads the points
off White's numbers gets Black's drills wrong: the side on roll is drawn
first, half and half.
"""

from __future__ import annotations

import random
import re

from tutor.engine import BAR, BLACK, OFF, WHITE, Play, Position
from tutor.rules import RuleCode

from .build import plausible
from .core import Drill, DrillFields, DrillKind, decided, register
from .playouts import pick, random_game
from .wording import you_play

NOTATION_ATTEMPTS = 60


def question(position: Position) -> str:
    """«Juegas con las negras y tiras 6–3. Las flechas muestran tu jugada: escríbela en notación.»"""
    return f"{you_play(position)}. Las flechas muestran tu jugada: escríbela en notación."


def shape(play: Play) -> int:
    """The level whose shape ``play`` has (``NOTATION`` levels), or 0 for none of them."""
    moves = play.moves
    high, low = max(play.dice), min(play.dice)
    special = any(move.src == BAR or move.dst == OFF for move in moves)
    if high == low:
        return 3 if len(moves) >= 3 else 0
    if len(moves) != 2:
        return 0
    if special:
        return 3
    one_checker = moves[1].src == moves[0].dst
    if one_checker:
        return 2
    return 1 if not play.hits else 0


@register(RuleCode.NOTATION)
def write_the_play(rng: random.Random, level: int) -> DrillFields | None:
    """Write in notation the play the arrows draw; the side on roll is drawn first (``decided``),
    so that half the drills are Black's, written in Black's own numbering."""
    return decided(rng, (WHITE, BLACK), lambda side: _write_the_play(rng, level, side), attempts=NOTATION_ATTEMPTS)


def _write_the_play(rng: random.Random, level: int, side: int) -> DrillFields | None:
    moment = pick(rng, [position for position in random_game(rng)[1:-1] if position.turn == side])
    if moment is None or not plausible(moment):
        return None
    high, low = rng.randint(2, 6), rng.randint(1, 5)
    if level == 3 and rng.random() < 0.5:
        low = high
    elif low >= high:
        high, low = low + 1, high
    position = moment.with_dice((high, low))
    shown = pick(rng, [play for play in position.legal_plays() if not play.is_pass and shape(play) == level])
    if shown is None:
        return None
    return DrillFields(position, DrillKind.NOTATION, question(position), answer=shown.notation)


def with_the_other_sides_numbers(text: str) -> str:
    """``text`` with each point counted from the other side (``13/7`` → ``12/18``): how a play of
    Black's reads when written with White's numbers, and back.

    >>> with_the_other_sides_numbers("bar/20* 13/7(2) 6/off")
    'bar/5* 12/18(2) 19/off'
    """
    return re.sub(r"(?<![\d(])(\d{1,2})(?![\d)])", lambda number: str(BAR - int(number[1])) if 1 <= int(number[1]) <= 24 else number[1], text)


def writes_the_play_shown(drill: Drill, text: str) -> bool:
    """True when ``text`` is a legal play that reaches the position the arrows draw, however written."""
    verdict, shown = drill.position.check(text), drill.shown_play
    return verdict.legal and verdict.play is not None and shown is not None and verdict.play.result == shown.result


def writes_whites_numbers_for_black(drill: Drill, text: str) -> bool:
    """True when Black is on roll and ``text``, its points counted from White's side, is the play shown."""
    return drill.position.turn == BLACK and writes_the_play_shown(drill, with_the_other_sides_numbers(text))
