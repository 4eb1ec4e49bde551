"""Drills with a number or a yes/no for an answer: the pip count, what a won game
scores (single game, gammon or backgammon, times the cube), and whether the side on
roll may double (cube ownership, dice already rolled, the Crawford game)."""

from __future__ import annotations

import random

from tutor.engine import BLACK, CHECKERS_PER_SIDE, WHITE, Position, double_reasons, opponent, score_game
from tutor.rules import RuleCode

from .core import register, side_name
from .playouts import GAMES, game, pick, random_game

KINDS_BY_LEVEL = {1: ("single",), 2: ("single", "gammon"), 3: ("gammon", "backgammon", "single")}
CUBES_BY_LEVEL = {1: (1,), 2: (1, 2, 4), 3: (2, 4, 8, 16)}


def _pip_level(position: Position) -> int:
    left = CHECKERS_PER_SIDE - position.borne_off(position.turn)
    return 1 if left <= 6 else 2 if position.pip_count(position.turn) <= 90 else 3


@register(RuleCode.PIP_COUNT)
def pip_count(rng: random.Random, level: int) -> dict | None:
    """Count the pips of the side on roll: few checkers, a middle game, a full board."""
    positions = [p for p in random_game(rng)[:-1] if _pip_level(p) == level]
    position = pick(rng, positions)
    if position is None:
        return None
    board = position.mover
    facts = tuple((point, board[point]) for point in range(25, 0, -1) if board[point])
    return {
        "position": position,
        "kind": "numero",
        "answer": str(position.pip_count(position.turn)),
        "facts": facts,
        "question": f"Juegas con las {side_name(position.turn)}. ¿Cuál es tu recuento de pips?",
    }


@register(RuleCode.SCORING)
def scoring(rng: random.Random, level: int) -> dict | None:
    """A finished play-out: how many points does the winner score with this cube?"""
    wanted = rng.choice(KINDS_BY_LEVEL[level])
    for _ in range(8):
        end = game(rng.randrange(GAMES))[-1]
        result = score_game(end)
        if result.kind == wanted:
            break
    else:
        return None
    cube = rng.choice(CUBES_BY_LEVEL[level])
    owner = None if cube == 1 else rng.choice((WHITE, BLACK))
    position = end.replace(cube_value=cube, cube_owner=owner)
    result = score_game(position)
    cube_text = "en el centro, sin doblar" if cube == 1 else f"en {cube}"
    return {
        "position": position,
        "kind": "numero",
        "answer": str(result.points),
        "facts": (result.kind, result.multiplier, cube),
        "question": f"Las {side_name(result.winner)} acaban de sacar su última ficha y el cubo está {cube_text}. ¿Cuántos puntos ganan?",
    }


def _cube_situation(rng: random.Random, level: int, turn: int) -> dict:
    """Stakes to ask about: the cube's value and owner, and at level 3 a match score."""
    if level == 1:
        owner = rng.choice((None, turn, opponent(turn)))
        return {"cube_value": 1 if owner is None else 2, "cube_owner": owner}
    if level == 2:
        owner = rng.choice((None, turn, opponent(turn)))
        value = 1 if owner is None else rng.choice((2, 4, 8))
        return {"cube_value": value, "cube_owner": owner, "dice": rng.choice((None, None, tuple(sorted((rng.randint(1, 6), rng.randint(1, 6)), reverse=True))))}
    length = rng.choice((3, 5, 7))
    leader = rng.choice((WHITE, BLACK))
    score = [0, 0]
    score[leader] = length - 1
    score[opponent(leader)] = rng.randrange(0, length - 1)
    crawford = rng.random() < 0.5
    owner = None if crawford else rng.choice((None, turn, opponent(turn)))
    value = 1 if owner is None else 2
    return {"match_length": length, "score": tuple(score), "crawford": crawford, "cube_value": value, "cube_owner": owner}


def _stakes_text(position: Position) -> str:
    me = position.turn
    if position.cube_owner is None:
        cube = "El cubo está en el centro" + ("" if position.cube_value == 1 else f", en {position.cube_value}") + "."
    else:
        cube = f"El cubo está en {position.cube_value} y es {'tuyo' if position.cube_owner == me else 'de tu rival'}."
    if position.match_length:
        mine, theirs = position.score[me], position.score[opponent(me)]
        game_text = "Es la partida Crawford." if position.crawford else "La partida Crawford ya se jugó."
        cube = f"Match a {position.match_length} puntos: tú tienes {mine} y tu rival {theirs}. {game_text} {cube}"
    if position.dice is not None:
        cube += f" Ya has tirado {position.dice[0]}-{position.dice[1]}."
    return cube


@register(RuleCode.MAY_DOUBLE)
def may_double(rng: random.Random, level: int) -> dict | None:
    """Whether the side on roll may double now: the cube, the dice, the Crawford game."""
    position = pick(rng, random_game(rng)[1:-1])
    if position is None:
        return None
    position = position.replace(**_cube_situation(rng, level, position.turn))
    if not position.is_valid:
        return None
    reasons = double_reasons(position)
    return {
        "position": position,
        "kind": "sino",
        "answer": "no" if reasons else "si",
        "facts": reasons,
        "question": f"Juegas con las {side_name(position.turn)}. {_stakes_text(position)} ¿Puedes doblar ahora?",
    }
