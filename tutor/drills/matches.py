"""Drills about the match and the cube's limits, answered with a yes/no or a number:
whether this is the Crawford game, read from the games played so far; what a
take makes the cube, the site's highest cube and the dead cube; what a dropped
double gives.

Every answer is the engine's: the games are replayed with ``Match.after_game``,
the cube turned with ``take``, a drop scored with ``drop``, a double refused
by ``double_reasons`` or ``cube_is_dead``.  The board is a moment of a
play-out, so that the positions do not repeat; the cube and the score on it
are the drill's.  The words of each question are the same within a level:
what decides the answer is on the board or in the games listed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tutor.engine import (
    BLACK,
    MULTIPLIERS,
    WHITE,
    GameResult,
    Match,
    Position,
    Stakes,
    cube_is_dead,
    double_reasons,
    drop,
    opponent,
    take,
)
from tutor.rules import KIND_WORDS, RuleCode

from .build import plausible
from .core import DrillFields, DrillKind, decided, register
from .playouts import pick, random_game
from .wording import count_words, you_play

Game = tuple[int, str, int]
"""One game of a match: its winner (a colour), the kind of win and the cube it ended with."""

LENGTHS = {1: (3, 5, 5, 7), 2: (5, 7, 9), 3: (5, 7, 9, 11)}
GAMES_BEFORE = {1: (0, 2), 2: (1, 4), 3: (1, 4)}
"""How many games are played before anyone comes within a point of the match, by level."""
PLAIN_GAMES: tuple[tuple[str, int], ...] = (("single", 1),) * 3 + (("gammon", 1), ("single", 2), ("single", 2))
"""Levels 1 and 2: mostly single games; the question says only the points each game gave."""
VALUED_GAMES: tuple[tuple[str, int], ...] = (
    ("single", 1), ("single", 2), ("single", 2), ("single", 4), ("gammon", 1), ("gammon", 2), ("backgammon", 1),
)
"""Level 3: the question gives each game's kind and cube, and the learner works out its points."""


def _points(game: Game) -> int:
    return MULTIPLIERS[game[1]] * game[2]


@dataclass(frozen=True, slots=True)
class History:
    """The games of a match so far, in order, and the match the engine makes of them."""

    length: int
    games: tuple[Game, ...]

    def matches(self) -> list[Match]:
        """The match before the first game and after each game (``Match.after_game``)."""
        found = [Match.new(self.length)]
        for winner, kind, cube in self.games:
            found.append(found[-1].after_game(GameResult(winner, kind, MULTIPLIERS[kind], cube)))
        return found

    def reached(self) -> tuple[int | None, int]:
        """Who first came within a point of winning, and with which game (from 1); ``(None, 0)`` if nobody."""
        matches = self.matches()
        for number, (before, after) in enumerate(zip(matches, matches[1:]), start=1):
            if after.crawford:
                return self.games[number - 1][0], number
        return None, 0


def _next_game(rng: random.Random, level: int, winner: int, crawford: bool) -> Game:
    kind, cube = rng.choice(VALUED_GAMES if level == 3 else PLAIN_GAMES)
    return winner, kind, 1 if crawford else cube


def _match_history(rng: random.Random, level: int, state: str) -> History | None:
    """Games whose next game is the Crawford game (``crawford``), comes after it (``post``) or
    has nobody a point from winning (``none``); None when the draw did not fit.

    The game that brings a side within a point ends the list (Crawford) or is
    followed by games the other side wins (post-Crawford, sometimes up to a point
    from winning too); nobody doubles in the Crawford game itself.
    """
    length = rng.choice(LENGTHS[level])
    games: list[Game] = []
    match = Match.new(length)
    low, high = GAMES_BEFORE[level]
    for _ in range(rng.randint(low + (state == "none"), high)):
        game = _next_game(rng, level, rng.choice((WHITE, BLACK)), False)
        match = match.after_game(GameResult(game[0], game[1], MULTIPLIERS[game[1]], game[2]))
        if length - 1 <= max(match.score):
            return None
        games.append(game)
    if state != "none":
        leader = rng.choice((WHITE, BLACK))
        fitting = [game for game in (_next_game(rng, level, leader, False) for _ in range(8))
                   if match.score[leader] + _points(game) == length - 1]
        if not fitting:
            return None
        games.append(fitting[0])
        match = match.after_game(GameResult(leader, fitting[0][1], MULTIPLIERS[fitting[0][1]], fitting[0][2]))
        if match.score[opponent(leader)] == 0 and rng.random() < 0.7:
            return None
    if state == "post":
        trailer = opponent(leader)
        both = rng.random() < BOTH_A_POINT_AWAY
        for number in range(rng.randint(1, 3 if level > 1 else 2)):
            game = _next_game(rng, level, trailer, crawford=number == 0)
            if match.score[trailer] + _points(game) >= (length if both else length - 1):
                break
            games.append(game)
            match = match.after_game(GameResult(trailer, game[1], MULTIPLIERS[game[1]], game[2]))
        if not match.post_crawford or (match.score[trailer] == length - 1) != both:
            return None
    return History(length, tuple(games))


def _game_text(game: Game, me: int, level: int) -> str:
    """«ganaste dos puntos» (levels 1 and 2) or «tu rival ganó un gammon con el cubo en 2» (level 3)."""
    who = "ganaste" if game[0] == me else "tu rival ganó"
    if level < 3:
        return f"{who} {count_words(_points(game), 'punto', 'puntos')}"
    cube = "" if game[2] == 1 else f" con el cubo en {game[2]}"
    return f"{who} {KIND_WORDS[game[1]]}{cube}"


def history_text(history: History, me: int, level: int) -> str:
    """«Match a 5 puntos. Partidas jugadas, en orden: ganaste un punto, tu rival ganó dos puntos.»"""
    if not history.games:
        return f"Match a {history.length} puntos. Es la primera partida."
    played = ", ".join(_game_text(game, me, level) for game in history.games)
    return f"Match a {history.length} puntos. Partidas jugadas, en orden: {played}."


def _backdrop(rng: random.Random) -> Position | None:
    """A moment of a play-out, before the end: the board of the game being played."""
    position = pick(rng, random_game(rng)[1:-1])
    return None if position is None or position.winner() is not None else position


CRAWFORD_STATES = ("crawford",) * 9 + ("post",) * 10 + ("none",)
"""About half Crawford games; nearly all the others come after it, where someone is a point from
winning too, so that the score alone does not tell."""
BOTH_A_POINT_AWAY = 0.15
"""After the Crawford game, how often the trailer has come within a point too: mostly not, so that
«exactly one side a point away» does not read as «Crawford game»."""

HISTORY_ATTEMPTS = 200
"""A history that brings a side exactly a point from winning takes a few draws (more at level 3)."""
CRAWFORD_QUESTION = "Se juega la partida siguiente. ¿Es esta la partida Crawford?"


@register(RuleCode.CRAWFORD)
def crawford(rng: random.Random, level: int) -> DrillFields | None:
    """Is the game being played the Crawford game?  From the games of the match so far, in order:
    short matches and few games (level 1), longer ones with more games after the Crawford game
    and both sides a point from winning (level 2), each game's kind and cube to add up (level 3)."""
    return decided(rng, CRAWFORD_STATES, lambda state: _crawford(rng, level, state), attempts=HISTORY_ATTEMPTS)


def _crawford(rng: random.Random, level: int, state: str) -> DrillFields | None:
    base = _backdrop(rng)
    history = _match_history(rng, level, state)
    if base is None or history is None:
        return None
    match = history.matches()[-1]
    me = base.turn
    stakes: Stakes = {**match.position_fields(), "cube_value": 1, "cube_owner": None, "dice": None}
    position = base.replace(**stakes)
    if not position.is_valid or not plausible(position):
        return None
    reacher, number = history.reached()
    yours, theirs = match.score[me], match.score[opponent(me)]
    facts = (history.length, None if reacher is None else reacher == me, number, match.crawford, yours, theirs)
    question = f"{you_play(position)}. {history_text(history, me, level)} {CRAWFORD_QUESTION}"
    return DrillFields(position, DrillKind.YES_NO, question, answer="si" if match.crawford else "no", facts=facts)


TAKEN_CUBES = (1, 1, 2, 4, 8, 16, 32, 32)
"""What the cube shows before a take: centred a quarter of the time, up to 32 (a take makes it 64)."""
TAKE_QUESTION = "Doblas antes de tirar y tu rival acepta. ¿Qué valor muestra ahora el cubo?"

SITE_CUBES = ("centre",) * 4 + ("below",) + ("top",) * 5
"""Level 2: a cube at 64 (no) half of the time; centred, where the cube shows 64 but nobody has doubled,
or below 64 (yes) the other half."""
SITE_QUESTION = "Es tu turno y aún no has tirado. En este sitio, ¿puedes doblar ahora?"

DEAD_STATES = ("dead", "alive")
DEAD_CUBE_VALUES = (1, 2, 4, 8)
NEEDED = (1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8)
"""Level 3: what you still need is drawn alike for a dead cube and a live one (a point is dead
whatever the cube), and the cube on the board decides, so that the score alone does not tell.
The cube stays below the match length, and covers what the rival needs half of the time."""


@register(RuleCode.CUBE_LIMITS)
def cube_limits(rng: random.Random, level: int) -> DrillFields | None:
    """How far the cube goes: what a take makes it (level 1), whether a cube at 64 may be doubled on
    this site (level 2), whether a double in a match is refused because the cube is dead (level 3)."""
    if level == 1:
        return _taken(rng)
    if level == 2:
        return decided(rng, SITE_CUBES, lambda where: _site_limit(rng, where))
    return decided(rng, DEAD_STATES, lambda state: _dead_cube(rng, state))


def _yours(base: Position, value: int, length: int = 0, score: tuple[int, int] = (0, 0)) -> Position | None:
    """``base`` with the learner to double: no dice, the cube centred (``value`` 1) or theirs;
    a money game, or a match to ``length`` at ``score`` that is not the Crawford game."""
    stakes: Stakes = {"cube_value": value, "cube_owner": None if value == 1 else base.turn, "dice": None,
                      "match_length": length, "score": score, "crawford": False}
    position = base.replace(**stakes)
    return position if position.is_valid and plausible(position) else None


def _taken(rng: random.Random) -> DrillFields | None:
    base = _backdrop(rng)
    position = None if base is None else _yours(base, rng.choice(TAKEN_CUBES))
    if position is None or double_reasons(position):
        return None
    after = take(position).cube_value
    question = f"{you_play(position)}. {TAKE_QUESTION}"
    return DrillFields(position, DrillKind.NUMBER, question, answer=str(after), facts=("take", position.cube_value, after))


def _site_limit(rng: random.Random, where: str) -> DrillFields | None:
    value = {"centre": 1, "top": 64}.get(where) or rng.choice((2, 4, 8, 16, 32))
    base = _backdrop(rng)
    position = None if base is None else _yours(base, value)
    if position is None:
        return None
    codes = tuple(str(code) for code in double_reasons(position))
    question = f"{you_play(position)}. {SITE_QUESTION}"
    return DrillFields(position, DrillKind.YES_NO, question, answer="no" if codes else "si", facts=("double", codes, value, 0))


def _dead_cube(rng: random.Random, state: str) -> DrillFields | None:
    """A match where the learner may double by the rules; the cube is dead (the site refuses) or not."""
    length = rng.choice((5, 7, 9, 11))
    needed = rng.choice(NEEDED)
    values = [value for value in DEAD_CUBE_VALUES if (value >= needed) == (state == "dead") and value < length]
    if needed > length or not values:
        return None
    value = rng.choice(values)
    mine = length - needed
    theirs = rng.randrange(length - value, length) if rng.random() < 0.5 else rng.randrange(length - value)
    if length - 1 in (mine, theirs) and min(mine, theirs) == 0:
        return None
    base = _backdrop(rng)
    position = None if base is None else _yours(base, value, length, _score(base.turn, mine, theirs))
    if position is None or double_reasons(position):
        return None
    codes = ("dead-cube",) if cube_is_dead(position) else ()
    question = f"{you_play(position)}. {_score_text(length, mine, theirs)} {SITE_QUESTION}"
    return DrillFields(position, DrillKind.YES_NO, question, answer="no" if codes else "si", facts=("double", codes, value, needed))


def _score(me: int, mine: int, theirs: int) -> tuple[int, int]:
    return (mine, theirs) if me == WHITE else (theirs, mine)


def _score_text(length: int, mine: int, theirs: int) -> str:
    """The score, and whether the Crawford game has been played when someone is a point from winning
    (it has: nobody doubles in it, and these drills ask about a double)."""
    after = " La partida Crawford ya se jugó." if length - 1 in (mine, theirs) else ""
    return f"Match a {length} puntos: vas {mine}–{theirs}.{after}"


DROP_CUBES = {1: (1, 2, 2, 4, 4), 2: (1, 2, 4, 8, 16, 32)}
DROP_QUESTION = "Doblas antes de tirar y tu rival abandona. ¿Cuántos puntos ganas?"
MATCH_DROP_QUESTION = "Doblas antes de tirar y tu rival abandona. ¿Cuántos puntos tienes ahora en el match?"


@register(RuleCode.DROP_POINTS)
def drop_points(rng: random.Random, level: int) -> DrillFields | None:
    """What a dropped double gives: the cube's value before the double, as a single game.  In money
    games with the cube centred or yours (level 1, up to 4; level 2, up to 32, late in the game,
    half of them with the rival still to bear off a checker, a gammon on the board); in a match,
    the score it leaves (level 3)."""
    if level == 3:
        return _match_drop(rng)
    if level == 1:
        return _money_drop(rng, level, None)
    return decided(rng, (True, False), lambda gammon: _money_drop(rng, level, gammon))


def _late(rng: random.Random, gammon: bool) -> Position | None:
    """A moment where the learner has borne off and the rival has (``gammon`` False) or has not."""
    moments = [position for position in random_game(rng)[1:-1]
               if position.borne_off(position.turn) and (position.borne_off(opponent(position.turn)) == 0) == gammon]
    return pick(rng, moments)


def _money_drop(rng: random.Random, level: int, gammon: bool | None) -> DrillFields | None:
    base = _backdrop(rng) if gammon is None else _late(rng, gammon)
    position = None if base is None else _yours(base, rng.choice(DROP_CUBES[level]))
    if position is None or double_reasons(position):
        return None
    points = drop(position).points
    question = f"{you_play(position)}. {DROP_QUESTION}"
    return DrillFields(position, DrillKind.NUMBER, question, answer=str(points), facts=(position.cube_value,))


def _match_drop(rng: random.Random) -> DrillFields | None:
    length = rng.choice((5, 7, 9, 11))
    value = rng.choice((1, 1, 2, 2, 4))
    mine, theirs = rng.randrange(length - value), rng.randrange(length)
    if length - 1 in (mine, theirs) and min(mine, theirs) == 0:
        return None
    base = _backdrop(rng)
    position = None if base is None else _yours(base, value, length, _score(base.turn, mine, theirs))
    if position is None or double_reasons(position):
        return None
    after = Match.of(position).after_game(drop(position)).score[position.turn]
    question = f"{you_play(position)}. {_score_text(length, mine, theirs)} {MATCH_DROP_QUESTION}"
    return DrillFields(position, DrillKind.NUMBER, question, answer=str(after), facts=(position.cube_value, mine))
