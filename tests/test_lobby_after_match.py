"""What follows a match: the rematch, «Jugar otra vez», blocking the rival and telling the staff."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.classroom_factories import make_user
from tests.live_games import both_play
from tests.lobby_factories import MATCH_TO_3, NOW, later
from tutor.lobby import rematch, safety, service
from tutor.lobby.models import Block, Report, Seek
from tutor.lobby.rooms import Viewer
from tutor.lobby.service import LobbyError, Wish
from tutor.engine import BLACK, WHITE
from tutor.play import service as games
from tutor.play.panels import render_panel, render_player_panels
from tutor.play.models import LiveGame
from tutor.ratings.models import RatedMatch

pytestmark = pytest.mark.django_db
Status = Seek.Status


def finished(white, black, wish: Wish = MATCH_TO_3):
    """A match the lobby paired, which White left after both players had moved: over, won by Black."""
    service.play_now(white, wish, now=NOW)
    game = both_play(service.play_now(black, wish, now=later(1)).game)
    games.run(game.pk, white, "resign", seq=game.seq)
    game.refresh_from_db()
    assert game.is_over
    return game


def test_a_rematch_offered_and_accepted_starts_the_same_kind_of_match_between_the_two(ana, bruno):
    game = finished(ana, bruno)
    offered = rematch.offer(game, ana, now=later(10)).published
    assert (offered.rival, offered.rematch_of, offered.length, offered.rated) == (bruno, game, 3, True)
    assert rematch.state(game, bruno, now=later(11))["theirs"] == offered
    assert rematch.state(game, ana, now=later(11))["mine"] == offered
    assert offered.pk not in [seek.pk for seek in service.listed(Viewer.of(bruno), now=later(11))]  # never listed

    new = rematch.answer(game, bruno, accept=True, now=later(12)).game
    assert {new.white, new.black} == {ana, bruno} and new.length == 3 and new.public
    assert RatedMatch.objects.filter(game=new).exists()
    assert rematch.state(game, ana, now=later(13))["started"] == new


def test_two_players_offering_the_rematch_at_once_start_it_and_an_offer_can_be_declined_or_taken_back(ana, bruno):
    game = finished(ana, bruno)
    rematch.offer(game, bruno, now=later(10))
    started = rematch.offer(game, ana, now=later(11)).game
    assert started is not None
    games.run(started.pk, ana, "resign", seq=started.seq)  # aborted: nobody had moved

    other = finished(ana, bruno)
    rematch.offer(other, ana, now=later(20))
    rematch.answer(other, bruno, accept=False, now=later(21))
    assert Seek.objects.get(rematch_of=other).status == Status.DECLINED
    with pytest.raises(LobbyError):
        rematch.answer(other, bruno, accept=True, now=later(22))
    rematch.offer(other, ana, now=later(23))
    rematch.cancel(other, ana, now=later(24))
    assert rematch.state(other, bruno, now=later(25))["theirs"] is None


def test_a_rematch_offer_lasts_two_minutes(ana, bruno):
    game = finished(ana, bruno)
    rematch.offer(game, ana, now=later(10))
    assert rematch.state(game, bruno, now=later(129))["theirs"] is not None
    assert rematch.state(game, bruno, now=later(131))["theirs"] is None
    with pytest.raises(LobbyError):
        rematch.answer(game, bruno, accept=True, now=later(131))


def test_only_the_players_of_a_finished_match_may_ask_for_a_rematch(ana, bruno):
    game = finished(ana, bruno)
    with pytest.raises(LobbyError) as refused:
        rematch.offer(game, make_user("carla"), now=later(10))
    assert refused.value.status == 403
    under_way = service.play_now(make_user("dave"), MATCH_TO_3, now=later(20))
    running = service.play_now(make_user("eva"), MATCH_TO_3, now=later(21)).game
    assert under_way.game is None
    with pytest.raises(LobbyError) as refused:
        rematch.offer(running, running.white, now=later(22))
    assert refused.value.status == 409


def test_jugar_otra_vez_looks_for_a_new_rival_with_the_finished_match_s_settings(ana, bruno):
    game = finished(ana, bruno, Wish(length=5, clock=True))
    waiting = rematch.again(game, bruno, now=later(10)).published
    assert (waiting.length, waiting.clock, waiting.rated, waiting.rival) == (5, "normal", True, None)
    assert service.play_now(make_user("carla"), Wish(length=5, clock=True), now=later(11)).game.white == bruno


def test_blocking_the_rival_ends_the_rematch_offers_and_they_never_meet_again(ana, bruno):
    game = finished(ana, bruno)
    rematch.offer(game, bruno, now=later(10))
    safety.block(ana, bruno.pk, now=later(11))
    assert Block.objects.filter(blocker=ana, blocked=bruno).exists()
    assert rematch.state(game, ana, now=later(12))["theirs"] is None
    with pytest.raises(LobbyError):
        rematch.offer(game, bruno, now=later(13))
    service.play_now(ana, MATCH_TO_3, now=later(14))
    assert service.play_now(bruno, MATCH_TO_3, now=later(15)).game is None
    safety.unblock(ana, bruno.pk)
    assert service.play_now(make_user("carla"), MATCH_TO_3, now=later(16)).game is not None
    with pytest.raises(LobbyError):
        safety.block(ana, ana.pk, now=later(17))
    with pytest.raises(LobbyError):
        safety.block(ana, 999999, now=later(17))


def test_a_player_tells_the_staff_about_the_rival_and_nobody_else_can(ana, bruno):
    game = finished(ana, bruno)
    report = safety.report(game, bruno, Report.Reason.STALLING, "Se fue sin decir nada.", now=later(10))
    assert (report.reported, report.reporter, report.handled) == (ana, bruno, False)
    with pytest.raises(LobbyError) as refused:
        safety.report(game, make_user("carla"), Report.Reason.OTHER, "", now=later(11))
    assert refused.value.status == 403


def test_both_players_end_of_match_boxes_are_drawn_from_one_reading(ana, bruno):
    """Both panels are drawn together after every change: the second player's box reads nothing more."""
    finished_pk = finished(ana, bruno).pk

    def fresh():
        return LiveGame.objects.select_related("white", "black", "classroom").get(pk=finished_pk)

    one_game, both_games = fresh(), fresh()
    with CaptureQueriesContext(connection) as one:
        render_panel(one_game, ana)
    with CaptureQueriesContext(connection) as both:
        panels = render_player_panels(both_games)
    assert len(both) == len(one)
    assert "Ofrecer la revancha a Bruno" in panels[WHITE] and "Ofrecer la revancha a Ana" in panels[BLACK]
    for side in (WHITE, BLACK):
        assert "Tu puntuación" in panels[side] and "Jugar otra vez" in panels[side]
