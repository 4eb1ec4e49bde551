"""Drills on resigning a game: what the rival wins when you offer a single game, a gammon or a backgammon.

A resignation accepted counts as that win on the board: its kind times the
cube, and, in money play with the Jacoby rule, a gammon or backgammon with
the cube not yet turned counts as a single game (``tutor.engine.resignation``).
The position is a moment of a play-out, the learner's turn, before rolling;
the offer is one the rules allow (no gammon once a checker is off).

Every level mixes kinds and cube values, so that neither the kind alone nor
the cube alone gives the answer; level 2 adds the Jacoby rule half of the
time, with the cube turned or not; level 3 is match play, where no Jacoby
rule applies and a backgammon offered still counts three times the cube.
"""

from __future__ import annotations

import random

from tutor.engine import Position, Stakes, resignation, resignations
from tutor.rules import RuleCode, cube_state

from .build import plausible
from .core import DrillFields, DrillKind, register
from .playouts import pick, random_game
from .wording import side_name

OFFER_WORDS = {"single": "una partida simple", "gammon": "un gammon", "backgammon": "un backgammon"}
CUBES = (1, 1, 2, 2, 4, 8)
JACOBY_KINDS = ("gammon", "backgammon")
JACOBY_CUBES = (1, 1, 1, 2, 4, 8)
"""With the Jacoby rule, gammons and backgammons offered, the cube turned half of the time:
whether it has been turned is what decides."""
MATCH_LENGTHS = (5, 7, 9, 11)


def _stakes(rng: random.Random, level: int, resigner: int) -> Stakes:
    jacoby = level == 2 and rng.random() < 0.5
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


def _cube_text(position: Position) -> str:
    """«El cubo está en el centro: nadie ha doblado.» or «El cubo está en 4, de tu rival.»"""
    whose = None if position.cube_owner is None else "tuyo" if position.cube_owner == position.turn else "de tu rival"
    return f"El cubo está {cube_state(position.cube_value, whose)}."


@register(RuleCode.RESIGN_POINTS)
def resign_points(rng: random.Random, level: int) -> DrillFields | None:
    """Resign the game under way with an offer the rules allow: how many points does the rival win?"""
    base = pick(rng, random_game(rng)[2:-1])
    if base is None or base.winner() is not None:
        return None
    position = base.replace(**_stakes(rng, level, base.turn)).replace(dice=None)  # before rolling
    if not position.is_valid or not plausible(position):
        return None
    allowed = resignations(position, position.turn)
    kind = rng.choice(JACOBY_KINDS if position.jacoby else allowed)
    if kind not in allowed:
        return None
    result = resignation(position, position.turn, kind)
    question = (
        f"Juegas con las {side_name(position.turn)} {_game_text(position)}, y es tu turno. {_cube_text(position)} "
        f"Te rindes ofreciendo {OFFER_WORDS[kind]} y tu rival acepta. ¿Cuántos puntos gana tu rival?"
    )
    return DrillFields(position, DrillKind.NUMBER, question, answer=str(result.points),
                       facts=(kind, result.multiplier, position.cube_value, position.jacoby and not position.match_length))
