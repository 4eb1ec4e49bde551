"""Drills with a number or a yes/no for an answer: the pip count, what a won game
scores (single game, gammon or backgammon, times the cube, and the Jacoby rule),
and whether the side on roll may double (cube ownership, dice already rolled,
the Crawford game).

The mixes are chosen so that no shortcut answers: half of the doubling
questions are «no», spread over the reasons of each level; scoring mixes
cube values and kinds of win from the first level; the cube turned or
not decides the Jacoby rule as often as not.  Every score shown is one a
match can reach.
"""

from __future__ import annotations

import random
from functools import lru_cache

from tutor.engine import BAR, BLACK, CHECKERS_PER_SIDE, WHITE, Dice, Position, Stakes, double_reasons, opponent, score_game

from .build import Sides, any_side, plausible, spread
from tutor.rules import RuleCode

from .core import DrillFields, DrillKind, decided, register
from .playouts import GAMES, game, pick, random_game
from .wording import roll_text, side_name, you_play

LOSER_HOME = range(1, 7)
WINNER_HOME = range(19, 25)
"""The winner's home board, in the loser's numbering: a checker left there makes a backgammon."""


def _pip_level(position: Position) -> int:
    left = CHECKERS_PER_SIDE - position.borne_off(position.turn)
    return 1 if left <= 6 else 2 if position.pip_count(position.turn) <= 90 else 3


def _played_on(rng: random.Random, position: Position) -> Position:
    """The position after one more roll, played at random: the next side's turn to count."""
    dice = (rng.randint(1, 6), rng.randint(1, 6))
    play = pick(rng, position.legal_plays(dice))
    return position if play is None else play.result


@register(RuleCode.PIP_COUNT)
def pip_count(rng: random.Random, level: int) -> DrillFields | None:
    """Count the pips of the side on roll: few checkers (level 1), a middle game, a full board.

    Level 1 is the end of a race, built: two to six checkers, some of them
    stacked, against a rival bearing off too.  Other positions are a
    play-out moment, most with one more roll played, so the counts do not
    repeat.  A count with no point holding two checkers is passed over,
    since multiplying by the stack is half of the skill.
    """
    position = _race_end(rng) if level == 1 else _middle(rng, level)
    if position is None:
        return None
    board = position.mover
    if _pip_level(position) != level or position.winner() is not None or max(board[1:]) < 2 or not plausible(position):
        return None
    facts = tuple((point, board[point]) for point in range(BAR, 0, -1) if board[point])
    question = f"{you_play(position)}. ¿Cuál es tu recuento de pips?"
    return DrillFields(position, DrillKind.NUMBER, question, answer=str(position.pip_count(position.turn)), facts=facts)


def _race_end(rng: random.Random) -> Position | None:
    """The last checkers of a race: a few of the mover's on its home board and just outside,
    the rival's on its own home board."""
    sides = Sides.empty(any_side(rng))
    left = rng.randint(2, 6)
    outside = rng.choice((0, 0, 0, 1, 2))
    if not spread(rng, sides.mover, left - outside, list(LOSER_HOME), 4) or not spread(rng, sides.mover, outside, list(range(7, 13)), 2):
        return None
    rival_left = rng.randint(3, 15)
    if not spread(rng, sides.other, rival_left, list(LOSER_HOME), 5):
        return None
    return sides.position()


@lru_cache(maxsize=GAMES * 2)
def _at_pip_level(seed: int, level: int) -> tuple[Position, ...]:
    return tuple(position for position in game(seed)[:-1] if _pip_level(position) == level)


def _middle(rng: random.Random, level: int) -> Position | None:
    base = pick(rng, _at_pip_level(rng.randrange(GAMES), level))
    if base is None:
        return None
    return _played_on(rng, base) if rng.random() < 0.8 else base


def _loser_board(rng: random.Random, kind: str) -> list[int] | None:
    """The loser's checkers when the game ends as ``kind`` (its own numbering)."""
    board = [0] * 26
    if kind == "single":
        left = rng.randint(1, 12)
        outside = rng.randint(0, min(2, left - 1))
        ok = spread(rng, board, left - outside, list(LOSER_HOME), 5) and spread(rng, board, outside, list(range(7, 13)), 2)
    else:
        back = rng.randint(1, 3) if kind == "backgammon" else 0
        ok = spread(rng, board, 15 - back, [*LOSER_HOME, *range(7, 19)], 5)
        for _ in range(back):
            board[rng.choice([*WINNER_HOME, BAR])] += 1
    return board if ok else None


KINDS_BY_LEVEL = {1: ("single", "gammon"), 2: ("single", "gammon", "backgammon"), 3: ("single", "gammon", "backgammon")}
CUBES_BY_LEVEL = {1: (1, 1, 2, 2, 4), 2: (1, 1, 2, 4, 8), 3: (1, 2, 4, 8, 16, 32)}
JACOBY_KINDS = ("gammon", "backgammon")
JACOBY_CUBES = (1, 1, 1, 2, 4, 8)
"""With the Jacoby rule, gammons and backgammons, the cube turned half of the time:
whether it has been turned is what decides."""


def _cube_text(position: Position, winner: int) -> str:
    if position.cube_owner is None:
        return "El cubo está en el centro, sin doblar."
    return f"El cubo está en {position.cube_value} y es {'tuyo' if position.cube_owner == winner else 'de tu rival'}."


@register(RuleCode.SCORING)
def scoring(rng: random.Random, level: int) -> DrillFields | None:
    """The learner has just borne off the last checker: how many points does the game give?

    Every level mixes kinds of win and cube values.  From level 2 on, half
    of the games are played with the Jacoby rule (money play: a gammon or
    backgammon counts as a single game while the cube has not been turned),
    all of them gammons and backgammons, with the cube turned or not.
    """
    jacoby = level > 1 and rng.random() < 0.5
    kinds = JACOBY_KINDS if jacoby else KINDS_BY_LEVEL[level]
    kind = rng.choice(kinds)
    loser_board = _loser_board(rng, kind)
    if loser_board is None:
        return None
    winner = any_side(rng)
    cube = rng.choice(JACOBY_CUBES if jacoby else CUBES_BY_LEVEL[level])
    owner = None if cube == 1 else rng.choice((WHITE, BLACK))
    sides = Sides([0] * 26, loser_board, winner)
    sides.mover[0] = CHECKERS_PER_SIDE
    position = sides.position(None, cube_value=cube, cube_owner=owner, jacoby=jacoby)
    result = score_game(position)
    if result.kind != kind or not position.is_valid:
        return None
    rule = "Se juega por dinero" + ("" if level == 1 else " con la regla Jacoby" if jacoby else " sin la regla Jacoby")
    question = (
        f"Juegas con las {side_name(winner)} y acabas de sacar tu última ficha. {_cube_text(position, winner)} "
        f"{rule}. ¿Cuántos puntos ganas?"
    )
    return DrillFields(position, DrillKind.NUMBER, question, answer=str(result.points),
                       facts=(result.kind, result.multiplier, cube, jacoby))


def _money_stakes(rng: random.Random, turn: int, refusal: str) -> Stakes:
    """A money game's cube, and whether the dice are already rolled, for an answer of kind ``refusal``:
    ``""`` (you may double), ``dice-rolled`` or ``not-cube-owner``."""
    owner = opponent(turn) if refusal == "not-cube-owner" else rng.choice((None, turn))
    value = 1 if owner is None else rng.choice((2, 2, 4, 8))
    dice: Dice | None = None
    if refusal == "dice-rolled":
        high, low = rng.randint(1, 6), rng.randint(1, 6)
        dice = (max(high, low), min(high, low))
    return {"cube_value": value, "cube_owner": owner, "dice": dice}


def _match_stakes(rng: random.Random, turn: int, refusal: str) -> Stakes:
    """A match score that a match can reach, for an answer of kind ``refusal``:
    ``""`` (you may double), ``crawford-game`` or ``not-cube-owner``.

    In the Crawford game one side is a point from winning and the cube
    stays in the middle.  After it, the side that was behind has won at
    least one game (the Crawford game itself), so it has a point or more.
    """
    length = rng.choice((3, 5, 7))
    leader = rng.choice((WHITE, BLACK))
    score = [0, 0]
    crawford = refusal == "crawford-game"
    if crawford:
        score[leader] = length - 1
        score[opponent(leader)] = rng.randrange(0, length - 1)
        return {"match_length": length, "score": (score[0], score[1]), "crawford": True, "cube_value": 1, "cube_owner": None}
    if rng.random() < 0.6:
        score[leader] = length - 1
        score[opponent(leader)] = rng.randint(1, length - 1)
    else:
        score[leader] = rng.randrange(0, length - 1)
        score[opponent(leader)] = rng.randrange(0, length - 1)
    owner = opponent(turn) if refusal == "not-cube-owner" else rng.choice((None, turn))
    return {"match_length": length, "score": (score[0], score[1]), "crawford": False, "cube_value": 1 if owner is None else 2, "cube_owner": owner}


REFUSALS_BY_LEVEL = {1: ("", "not-cube-owner"), 2: ("", "dice-rolled"), 3: ("", "crawford-game")}
"""Why the answer is «no» (``""``: it is «sí»), drawn evenly: half «sí», half the level's reason,
so that a learner who misses that reason answers half of the level wrong."""


def _stakes_text(position: Position) -> str:
    me = position.turn
    if position.cube_owner is None:
        cube = "El cubo está en el centro."
    else:
        cube = f"El cubo está en {position.cube_value} y es {'tuyo' if position.cube_owner == me else 'de tu rival'}."
    if position.match_length:
        mine, theirs = position.score[me], position.score[opponent(me)]
        if position.crawford:
            game_text = " Es la partida Crawford."
        elif position.match_length - 1 in position.score:
            game_text = " La partida Crawford ya se jugó."
        else:
            game_text = ""
        cube = f"Match a {position.match_length} puntos: tú tienes {mine} y tu rival {theirs}.{game_text} {cube}"
    if position.dice is not None:
        cube += f" Ya has tirado {roll_text(position.dice)}."
    return cube


@register(RuleCode.MAY_DOUBLE)
def may_double(rng: random.Random, level: int) -> DrillFields | None:
    """Whether the side on roll may double now: the cube's owner (level 1), the dice
    already rolled (level 2), the Crawford game of a match (level 3)."""
    return decided(rng, REFUSALS_BY_LEVEL[level], lambda refusal: _may_double(rng, level, refusal))


def _may_double(rng: random.Random, level: int, refusal: str) -> DrillFields | None:
    base = pick(rng, random_game(rng)[1:-1])
    if base is None or base.winner() is not None:
        return None
    stakes = _match_stakes(rng, base.turn, refusal) if level == 3 else _money_stakes(rng, base.turn, refusal)
    position = base.replace(**stakes)
    if not position.is_valid or not plausible(position):
        return None
    reasons = double_reasons(position)
    question = f"{you_play(position.with_dice(None))}. {_stakes_text(position)} ¿Puedes doblar ahora?"
    return DrillFields(position, DrillKind.YES_NO, question, answer="no" if reasons else "si", facts=reasons)
