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
from dataclasses import dataclass
from functools import lru_cache

from tutor.engine import BAR, BLACK, CHECKERS_PER_SIDE, WHITE, Dice, Position, Stakes, double_reasons, opponent, score_game

from .build import Sides, any_side, plausible, spread
from tutor.rules import RuleCode

from .core import DrillFields, DrillKind, decided, register
from .playouts import GAMES, game, pick, random_game
from .wording import count_words, side_name, you_play

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


GAME_POINTS = (1, 1, 1, 2, 2, 4)
"""What one game of a match gives its winner, as matches go: mostly single games, some gammons or doubled cubes."""


@dataclass(frozen=True, slots=True)
class History:
    """The games of a match so far, in order: who won each (a colour) and how many points."""

    length: int
    games: tuple[tuple[int, int], ...]

    def score(self) -> tuple[int, int]:
        score = [0, 0]
        for winner, points in self.games:
            score[winner] += points
        return score[0], score[1]

    @property
    def crawford(self) -> bool:
        """True when the last game took someone, for the first time, to a point from winning."""
        before = History(self.length, self.games[:-1]).score()
        return bool(self.games) and self.length - 1 in self.score() and self.length - 1 not in before


def _games_below(rng: random.Random, length: int, score: list[int], count: int) -> list[tuple[int, int]] | None:
    """``count`` games that leave both sides two points or more from winning."""
    games = []
    for _ in range(count):
        winner = rng.choice((WHITE, BLACK))
        points = rng.choice(GAME_POINTS)
        if score[winner] + points >= length - 1:
            return None
        score[winner] += points
        games.append((winner, points))
    return games


def _history(rng: random.Random, refusal: str) -> History | None:
    """A match history whose next game is the Crawford game (``crawford-game``), a game after
    it (``post-crawford``) or one where nobody is a point from winning (``""``).

    The Crawford game and the games after it are won by the side behind,
    with no cube turned in the Crawford game: a win by the leader would end the match.
    The side behind has no point yet in few Crawford games: a score of
    nothing would otherwise say «Crawford» by itself.
    """
    length = rng.choice((5, 7, 9))
    score = [0, 0]
    games = _games_below(rng, length, score, rng.randint(0 if refusal else 1, 4))
    if games is None:
        return None
    if refusal:
        leader = rng.choice((WHITE, BLACK))
        points = length - 1 - score[leader]
        if points not in GAME_POINTS or (score[opponent(leader)] == 0 and rng.random() < 0.8):
            return None
        score[leader] += points
        games.append((leader, points))
    if refusal == "post-crawford":
        trailer = opponent(leader)
        for points in (rng.choice((1, 1, 1, 2)), *(rng.choice(GAME_POINTS) for _ in range(rng.randint(0, 1)))):
            if score[trailer] + points >= length:
                break
            score[trailer] += points
            games.append((trailer, points))
        if score[trailer] == 0:
            return None
    return History(length, tuple(games))


def _history_text(history: History, me: int) -> str:
    """«Match a 5 puntos. Partidas jugadas, en orden: ganaste un punto, tu rival ganó dos puntos. Vas 1–2.»"""
    played = ", ".join(
        f"{'ganaste' if winner == me else 'tu rival ganó'} {count_words(points, 'punto', 'puntos')}"
        for winner, points in history.games
    )
    score = history.score()
    games = f"Partidas jugadas, en orden: {played}." if played else "Es la primera partida."
    return f"Match a {history.length} puntos. {games} Vas {score[me]}–{score[opponent(me)]}."


REFUSALS_BY_LEVEL = {
    1: ("", "not-cube-owner"),
    2: ("", "dice-rolled"),
    3: ("crawford-game",) * 5 + ("post-crawford",) * 4 + ("",),
}
"""Why the answer is «no» (``""``, ``post-crawford``: it is «sí»): half «sí», half the level's
reason, so that a learner who misses that reason answers half of the level wrong.  At level 3
most «sí» items come after the Crawford game, so that a learner who takes every game with
someone a point from winning for the Crawford game also answers about half of them wrong."""

DOUBLE_QUESTION = "Es tu turno. ¿Puedes doblar ahora?"
"""The same words for every item: the cube's place and the dice rolled are on the board, and
whether this is the Crawford game follows from the games played, as in the lesson's puzzles."""


@register(RuleCode.MAY_DOUBLE)
def may_double(rng: random.Random, level: int) -> DrillFields | None:
    """Whether the side on roll may double now: the cube's owner (level 1), the dice
    already rolled (level 2), the Crawford game of a match (level 3)."""
    return decided(rng, REFUSALS_BY_LEVEL[level], lambda refusal: _may_double(rng, level, refusal))


def _may_double(rng: random.Random, level: int, refusal: str) -> DrillFields | None:
    base = pick(rng, random_game(rng)[1:-1])
    if base is None or base.winner() is not None:
        return None
    told = ""
    if level == 3:
        history = _history(rng, refusal)
        if history is None:
            return None
        stakes: Stakes = {"match_length": history.length, "score": history.score(), "crawford": history.crawford,
                          "cube_value": 1, "cube_owner": None, "dice": None}
        told = f"{_history_text(history, base.turn)} "
    else:
        stakes = _money_stakes(rng, base.turn, refusal)
    position = base.replace(**stakes)
    if not position.is_valid or not plausible(position):
        return None
    reasons = double_reasons(position)
    question = f"{you_play(position.with_dice(None))}. {told}{DOUBLE_QUESTION}"
    return DrillFields(position, DrillKind.YES_NO, question, answer="no" if reasons else "si", facts=reasons)
