"""Matches as the match file reader gives them back (``tutor.games.matfile.ReadMatch``), replayed with the engine.

The uploads app stores what the reader returns; these build the same
values from games the engine plays here (seeded, so every run plays the
same plays), for the tests of storing, grading and reviewing an upload
that need a known match without going through a file.
"""

from __future__ import annotations

import random

from tutor.engine import BLACK, WHITE, Position, score_game, take
from tutor.games.matfile import ReadAction, ReadGame, ReadMatch

NAMES = ("Ana_Gil", "Bruno")


def _roll(rng: random.Random) -> tuple[int, int]:
    return rng.randint(1, 6), rng.randint(1, 6)


def played_game(number: int, start: Position, rng: random.Random, *, double_at: int | None = None,
                drop: bool = False) -> ReadGame:
    """A game played out with seeded dice and plays (hitting as little as it can: a short game); the side on
    roll at move ``double_at`` doubles first."""
    actions: list[ReadAction] = []
    position = start
    line = 1
    move = 0
    while True:
        if double_at is not None and move == double_at:
            doubler = position.turn
            actions.append(ReadAction(doubler, "double", position, None, None, line))
            line += 1
            if drop:
                actions.append(ReadAction(1 - doubler, "drop", position, None, None, line))
                return ReadGame(number, start.score, start.crawford, tuple(actions), doubler, position.cube_value)
            actions.append(ReadAction(1 - doubler, "take", position, None, None, line))
            position = take(position)
            line += 1
        dice = _roll(rng)
        rolled = position.with_dice(dice)
        plays = rolled.legal_plays()
        fewest = min((candidate.hits for candidate in plays), default=0)
        play = rng.choice([candidate for candidate in plays if candidate.hits == fewest]) if plays else None
        actions.append(ReadAction(rolled.turn, "play", rolled, dice, play.notation if play else "", line))
        line += 1
        move += 1
        position = play.result if play else rolled.replace(dice=None, turn=1 - rolled.turn)
        if position.winner() is not None:
            result = score_game(position)
            return ReadGame(number, start.score, start.crawford, tuple(actions), result.winner, result.points)


def three_point_match(seed: int = 4) -> ReadMatch:
    """Two games of a match to 3: the first with a double taken at the fourth move, played out; the second
    doubled at once and dropped.  The second player takes the first double."""
    rng = random.Random(seed)
    first = played_game(1, Position.initial(match_length=3), rng, double_at=3)
    score = [0, 0]
    score[first.winner] += first.points
    games = [first]
    if max(score) < 3:
        second_start = Position.initial(match_length=3, score=tuple(score), crawford=max(score) == 2)
        double_at = None if second_start.crawford else 0
        games.append(played_game(2, second_start, rng, double_at=double_at, drop=True))
    return ReadMatch(3, NAMES, False, tuple(games), "mat")


def money_game(seed: int = 7) -> ReadMatch:
    """One money game, no cube, played out."""
    rng = random.Random(seed)
    return ReadMatch(0, NAMES, False, (played_game(1, Position.initial(), rng),), "mat")


__all__ = ["BLACK", "NAMES", "WHITE", "money_game", "three_point_match"]
