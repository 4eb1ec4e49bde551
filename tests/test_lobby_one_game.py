"""One live game at a time: the lobby, rematches and class challenges start no game for a player with one under way.

Practice games against the program are not live games and never count; a
game created by link that nobody has joined yet does not either.
"""

from __future__ import annotations

import pytest

from tests.classroom_factories import make_classroom, make_user, signed_in
from tests.lobby_factories import MATCH_TO_3, NOW, later
from tests.test_lobby_consumer import enter, leave, lobby, send
from tests.test_lobby_consumer import MATCH_TO_3 as PLAY_NOW_MESSAGE
from tests.test_play_consumer import run_async
from tutor.lobby import rematch, service
from tutor.lobby.service import LobbyError
from tutor.play import access
from tutor.play import service as games
from tutor.play.models import LiveGame
from tutor.practice.game import start_match
from tutor import ratelimit

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_rate_limits")]

FORM = {"length": "3", "clock": "no", "rated": "on", "spread": "", "room": "public"}


@pytest.fixture
def carla():
    return make_user("carla")


def test_a_player_with_a_live_game_under_way_is_refused_a_second_one_with_the_reason(ana, bruno, carla):
    under_way = games.create_game(ana, length=3, black=bruno)
    with pytest.raises(LobbyError) as refused:
        service.play_now(ana, MATCH_TO_3, now=NOW)
    assert refused.value.status == 409 and refused.value.message == access.UNFINISHED
    page = signed_in(ana).post("/jugar/sala/ya/", FORM)
    assert page.status_code == 409 and "Tienes una partida sin terminar" in page.content.decode()
    waiting = service.play_now(carla, MATCH_TO_3, now=NOW).published
    with pytest.raises(LobbyError) as refused:
        service.take(waiting.pk, bruno, now=later(1))
    assert refused.value.status == 409 and refused.value.message == access.UNFINISHED

    games.run(under_way.pk, ana, "resign", seq=under_way.seq)  # over (aborted): both may play again
    assert service.play_now(ana, MATCH_TO_3, now=later(2)).taken == waiting


@pytest.mark.django_db(transaction=True)
def test_the_lobby_s_socket_refuses_jugar_ya_with_the_reason_and_stays_open(ana, bruno):
    games.create_game(ana, length=3, black=bruno)

    async def scenario():
        page = lobby(ana)
        await enter(page)
        answer = await send(page, PLAY_NOW_MESSAGE)
        again = await send(page, {"type": "withdraw"})  # the socket still answers
        await leave(page)
        return answer, again

    answer, again = run_async(scenario)()
    assert answer == {"type": "error", "message": access.UNFINISHED, "status": 409}
    assert again["type"] == "waiting"


def test_practice_games_and_a_link_game_nobody_joined_do_not_count(ana, bruno):
    start_match(length=3, level="principiante", user=ana)
    games.create_game(ana, length=5)  # her link waits for a rival
    service.play_now(ana, MATCH_TO_3, now=NOW)
    assert service.play_now(bruno, MATCH_TO_3, now=later(1)).game.white == ana


def test_jugar_ya_passes_over_the_seek_of_a_player_who_started_a_game_elsewhere_and_aceptar_says_why(ana, bruno, carla):
    seek = service.play_now(ana, MATCH_TO_3, now=NOW).published
    games.create_game(ana, length=3, black=make_user("dario"))  # a game started by link while her seek stood
    outcome = service.play_now(bruno, MATCH_TO_3, now=later(1))
    assert outcome.game is None and outcome.published is not None
    with pytest.raises(LobbyError) as refused:
        service.take(seek.pk, carla, now=later(2))
    assert refused.value.status == 409 and refused.value.message == access.RIVAL_UNFINISHED
    assert service.play_now(carla, MATCH_TO_3, now=later(3)).taken == outcome.published


def test_a_rematch_waits_until_both_players_are_free(ana, bruno, carla):
    service.play_now(ana, MATCH_TO_3, now=NOW)
    game = service.play_now(bruno, MATCH_TO_3, now=later(1)).game
    games.run(game.pk, ana, "resign", seq=game.seq)
    game.refresh_from_db()
    rematch.offer(game, ana, now=later(2))
    other = games.create_game(bruno, length=3, black=carla)  # Bruno starts another game before answering
    with pytest.raises(LobbyError) as refused:
        rematch.answer(game, bruno, accept=True, now=later(3))
    assert refused.value.message == access.UNFINISHED
    rematch.cancel(game, ana, now=later(4))
    with pytest.raises(LobbyError) as refused:
        rematch.offer(game, ana, now=later(4))
    assert refused.value.message == access.RIVAL_UNFINISHED
    games.run(other.pk, carla, "resign", seq=other.seq)
    assert rematch.offer(game, ana, now=later(5)).published is not None
    assert rematch.answer(game, bruno, accept=True, now=later(6)).game is not None


def test_a_student_challenges_one_classmate_at_a_time_and_at_most_ten_times_a_minute(ana, bruno, carla, monkeypatch):
    monkeypatch.setattr(ratelimit, "clock", lambda: 1_000_000.0)  # one window of the limit, whenever the test runs
    teacher = make_user("profe", teacher=True)
    classroom = make_classroom(teacher, students=[ana, bruno, carla])
    page = signed_in(ana)

    def challenge(rival):
        return page.post("/jugar/retar/", {"rival": str(rival.pk), "grupo": str(classroom.pk), "length": "3"})

    first = challenge(bruno)
    game = LiveGame.objects.get()
    assert first["Location"] == game.get_absolute_url()
    again = challenge(bruno)
    assert again.status_code == 409 and "Tienes una partida sin terminar" in again.content.decode()
    games.run(game.pk, ana, "resign", seq=game.seq)
    busy = signed_in(carla).post("/jugar/retar/", {"rival": str(ana.pk), "grupo": str(classroom.pk), "length": "3"})
    assert busy.status_code == 302  # Ana is free again
    refused = challenge(bruno)
    assert refused.status_code == 409 and "Tienes una partida sin terminar" in refused.content.decode()
    for _ in range(7):
        challenge(bruno)
    limited = challenge(bruno)  # the eleventh within the minute
    assert limited.status_code == 429 and "Retry-After" in limited
    assert LiveGame.objects.count() == 2
