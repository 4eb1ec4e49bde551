"""A finished live game with known mistakes of both players, shared by the review's page and browser tests.

The positions are set on the game row and every decision goes through the
service, as a player's would; gnubg grades it when the review is opened.
"""

from __future__ import annotations

from django.db.models import F

from tutor.engine import BLACK, WHITE, Position
from tutor.play import service
from tutor.play.models import SIDE_BIT, LiveGame, Phase

OPENING = Position.initial()
DOUBLE_TAKE_RACE = "XGID=--CCCCC-----------bcccbb--:0:0:1:00:0:0:0:0:10"
"""White 60 pips against 69, on roll: a clear double (and a take); rolling gives away about 0.12 (rojo)."""


def set_state(game: LiveGame, position: Position, phase: str) -> None:
    game.refresh_from_db()
    game.xgid, game.phase = position.to_xgid(), phase
    game.save()


def act(game: LiveGame, user, kind: str, **data) -> None:
    game.refresh_from_db()
    service.run(game.pk, user, kind, seq=game.seq, **data)


def played(white, black, *, resign: bool = True) -> LiveGame:
    """A money game: White rolls twice (a clear no-double, then a missed double), Black plays 24/20 with
    the opening 3-1 (a mistake), White doubles at the start (a mistake) and Black takes, then resigns
    (unless ``resign`` is false: the caller ends the game)."""
    game = service.create_game(white, black=black)
    set_state(game, OPENING.replace(turn=WHITE), Phase.ROLL)
    act(game, white, "roll")
    set_state(game, Position.from_xgid(DOUBLE_TAKE_RACE), Phase.ROLL)
    act(game, white, "roll")
    set_state(game, OPENING.replace(turn=BLACK, dice=(3, 1)), Phase.MOVE)
    act(game, black, "move", play="24/20")
    game.refresh_from_db()
    assert game.phase == Phase.ROLL and game.position.turn == WHITE
    act(game, white, "double")
    act(game, black, "take")
    # The race White doubles in was set up, not played: say White has moved in this session, so that
    # Black's leaving gives White the game instead of aborting a session nobody played.
    LiveGame.objects.filter(pk=game.pk).update(sides_moved=F("sides_moved").bitor(SIDE_BIT[WHITE]))
    if resign:
        act(game, black, "resign")
    game.refresh_from_db()
    assert game.is_over == resign
    return game
