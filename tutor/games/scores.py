"""The stakes of a stored game, derived again from the results it recorded.

The results (who won each game, how many points) are the record a game
can always be rebuilt from; the position's score and Crawford flag are
derived from them.  The data migrations of practice and play use this to
repair games stored while a money score above 99 could not be read back.
"""

from __future__ import annotations

from collections.abc import Iterable

from tutor.engine import GameResult, Match, Position


def stakes_before(length: int, results: Iterable[tuple[int, int, int]], game_number: int) -> Match:
    """The match as it stood when game ``game_number`` began.

    ``results`` are ``(game_number, winner, points)`` in the order played;
    those of that game and later ones do not count.

    >>> stakes_before(5, [(1, 0, 2), (2, 1, 2), (3, 0, 2)], 3).score
    (2, 2)
    >>> stakes_before(0, [(1, 1, 128)], 2).score
    (0, 128)
    """
    stakes = Match.new(length)
    for number, winner, points in results:
        if number < game_number and not stakes.is_over:
            stakes = stakes.after_game(GameResult(winner, cube_value=points))
    return stakes


def rescored(xgid: str, stakes: Match) -> str | None:
    """The XGID with the score and Crawford flag of ``stakes``, or None when it already has them."""
    position = Position.from_xgid(xgid)
    if stakes.is_over or (position.score, position.crawford) == (stakes.score, stakes.crawford):
        return None
    return position.replace(score=stakes.score, crawford=stakes.crawford).to_xgid()
