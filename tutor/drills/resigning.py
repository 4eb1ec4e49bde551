"""Drills on resigning a game: what the rival wins when you offer a single game, a gammon or a backgammon.

A resignation accepted counts as that win on the board: its kind times the
cube, and, in money play with the Jacoby rule, a gammon or backgammon with
the cube not yet turned counts as a single game (``tutor.engine.resignation``).
The position is a moment of a play-out, the learner's turn, before rolling;
the learner offers a gammon or a backgammon, which counts as a single game
once a checker of theirs is off (no gammon can be lost any more): the board,
not the question, tells which.

Every level mixes kinds and cube values, so that neither the kind alone nor
the cube alone gives the answer; level 2 adds the Jacoby rule half of the
time, with the cube turned or not; level 3 is match play, where no Jacoby
rule applies and a backgammon offered still counts three times the cube.
"""

from __future__ import annotations

import random

from tutor.engine import Position, Stakes, resignation, resignations
from tutor.rules import RuleCode

from .build import plausible
from .core import DrillFields, DrillKind, decided, register
from .playouts import pick, random_game
from .wording import side_name

OFFER_WORDS = {"single": "una partida simple", "gammon": "un gammon", "backgammon": "un backgammon"}
OFFERS = ("gammon", "gammon", "backgammon")
"""The offers asked about: a single game offered is worth the cube and nothing else to work out."""
CUBES = (1, 1, 2, 2, 4, 8)
JACOBY_CUBES = (1, 1, 1, 2, 4, 8)
"""With the Jacoby rule, the cube turned or not about as often: whether it has been turned is what decides."""
JACOBY_SHARE = 0.7
"""At level 2, the share of games with no checker borne off that are played with the Jacoby rule."""
BORNE_OFF = {
    1: ("off", "home") * 5 + ("home",),
    2: ("off",) * 2 + ("home",) * 9,
    3: ("off", "home") * 5 + ("home",),
}
"""Whether the learner has borne off a checker already (then no gammon can be offered, and the
offer counts as a single game), as the board shows: five items in eleven at levels 1 and 3;
level 2 is about the Jacoby rule, and has a few."""
MATCH_LENGTHS = (5, 7, 9, 11)


def _stakes(rng: random.Random, level: int, resigner: int, borne_off: bool) -> Stakes:
    jacoby = level == 2 and not borne_off and rng.random() < JACOBY_SHARE
    cube = rng.choice(JACOBY_CUBES if jacoby else CUBES)
    owner = None if cube == 1 else rng.choice((resigner, 1 - resigner))
    if level < 3:
        return {"cube_value": cube, "cube_owner": owner, "jacoby": jacoby}
    length = rng.choice(MATCH_LENGTHS)
    score = (rng.randrange(0, length - 1), rng.randrange(0, length - 1))
    return {"cube_value": min(cube, 4), "cube_owner": owner if cube > 1 else None, "match_length": length, "score": score}


def _game_text(position: Position) -> str:
    """«un match a 7 puntos en el que vas 2–3» or «una partida por dinero con la regla Jacoby»."""
    if position.match_length:
        mine, theirs = position.score[position.turn], position.score[1 - position.turn]
        return f"un match a {position.match_length} puntos en el que vas {mine}–{theirs}"
    return f"una partida por dinero {'con' if position.jacoby else 'sin'} la regla Jacoby"


@register(RuleCode.RESIGN_POINTS)
def resign_points(rng: random.Random, level: int) -> DrillFields | None:
    """Resign the game under way offering a gammon or a backgammon: how many points does the rival win?

    The cube, and whether the learner has borne off a checker, are on the
    board, not in the question: once one is off, no gammon can be lost any more, so the offer
    counts as a single game (``BORNE_OFF``).
    """
    return decided(rng, BORNE_OFF[level], lambda where: _resign_points(rng, level, where == "off"))


def _resign_points(rng: random.Random, level: int, borne_off: bool) -> DrillFields | None:
    moments = [position for position in random_game(rng)[2:-1] if (position.borne_off(position.turn) > 0) == borne_off]
    base = pick(rng, moments)
    if base is None or base.winner() is not None:
        return None
    position = base.replace(**_stakes(rng, level, base.turn, borne_off)).replace(dice=None)  # before rolling
    if not position.is_valid or not plausible(position):
        return None
    offered = rng.choice(OFFERS)
    allowed = resignations(position, position.turn)
    kind = offered if offered in allowed else "single"
    result = resignation(position, position.turn, kind)
    question = (
        f"Juegas con las {side_name(position.turn)} {_game_text(position)}, y es tu turno. "
        f"Mira el cubo y tus fichas en el tablero. Te rindes y ofreces {OFFER_WORDS[offered]}; si las reglas no te dejan ofrecerlo, ofreces una partida simple. "
        "Tu rival acepta. ¿Cuántos puntos gana tu rival?"
    )
    return DrillFields(position, DrillKind.NUMBER, question, answer=str(result.points),
                       facts=(kind, result.multiplier, position.cube_value, position.jacoby and not position.match_length))
