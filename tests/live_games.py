"""Live games past their opening: each player makes a first play, as people would, so that giving the
match up has a winner (before both players have moved, a match given up is aborted)."""

from __future__ import annotations

from tutor.play import service
from tutor.play.models import LiveGame, Phase


def both_play(game: LiveGame, *, limit: int = 12) -> LiveGame:
    """Roll and make the first legal play for whoever the game waits for, until both players have moved."""
    for _ in range(limit):
        game.refresh_from_db()
        if game.both_moved:
            return game
        user = game.player(game.side_to_act())
        if game.phase == Phase.ROLL:
            service.run(game.pk, user, "roll", seq=game.seq)
        else:
            service.run(game.pk, user, "move", seq=game.seq, play=game.position.legal_plays()[0].notation)
    raise AssertionError(f"both players have not moved after {limit} decisions")
