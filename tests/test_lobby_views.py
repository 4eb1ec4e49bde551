"""The lobby without JavaScript: the «Jugar» page's forms, what follows a match, blocks and reports to the staff."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from tests.classroom_factories import make_classroom, make_user, signed_in
from tests.live_games import both_play
from tests.lobby_factories import MATCH_TO_3, NOW, later, make_young
from tutor.lobby import service
from tutor.lobby.models import Block, Report, Seek
from tutor.play import service as games
from tutor.play.models import LiveGame

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_rate_limits")]

FORM = {"length": "3", "clock": "no", "rated": "on", "spread": "", "room": "public"}


def test_two_players_meet_with_jugar_ya_and_the_seek_is_listed_meanwhile(ana, bruno):
    first = signed_in(ana)
    assert first.post("/jugar/sala/ya/", FORM)["Location"] == "/jugar/"
    mine = first.get("/jugar/").content.decode()
    assert "Buscando rival:" in mine and "Tu búsqueda" in mine
    theirs = signed_in(bruno)
    listed = theirs.get("/jugar/").content.decode()
    seek = Seek.objects.get()
    assert f"/jugar/sala/{seek.pk}/aceptar/" in listed and "ana" in listed
    answer = theirs.post("/jugar/sala/ya/", FORM)
    game = LiveGame.objects.get()
    assert answer["Location"] == game.get_absolute_url() and (game.white, game.black) == (ana, bruno)
    watching = Client().get("/jugar/").content.decode()
    assert game.get_absolute_url() in watching and "Partidas en juego" in watching and "Aceptar" not in watching


def test_the_games_to_watch_say_whether_they_are_played_with_a_clock(ana, bruno):
    carla, dario = make_user("carla"), make_user("dario")
    for white, black, clock in ((ana, bruno, True), (carla, dario, False)):
        wish = service.Wish(length=5, clock=clock, rated=True)
        service.play_now(white, wish, now=timezone.now())
        service.play_now(black, wish, now=timezone.now())
    listed = Client().get("/jugar/").content.decode()
    assert "Match a 5 puntos · con reloj normal · puntúa" in listed and "Match a 5 puntos · puntúa" in listed


def test_a_seek_taken_by_its_button_starts_the_game_and_a_second_taker_is_told_why_not(ana, bruno):
    seek = service.play_now(ana, MATCH_TO_3, now=timezone.now()).published  # the views read the real clock
    answer = signed_in(bruno).post(f"/jugar/sala/{seek.pk}/aceptar/")
    assert answer.status_code == 302 and answer["Location"] == LiveGame.objects.get().get_absolute_url()
    late = signed_in(make_user("carla")).post(f"/jugar/sala/{seek.pk}/aceptar/")
    assert late.status_code == 409 and "ya no está abierta" in late.content.decode()


def test_a_player_withdraws_their_seek(ana):
    client = signed_in(ana)
    client.post("/jugar/sala/ya/", FORM)
    assert client.post("/jugar/sala/retirar/")["Location"] == "/jugar/"
    assert Seek.objects.get().status == Seek.Status.WITHDRAWN
    assert "Buscando rival:" not in client.get("/jugar/").content.decode()


@pytest.mark.parametrize("data, message", [
    ({**FORM, "length": "9"}, "Elige una partida por dinero o un match a 1, 3, 5 o 7 puntos."),
    ({**FORM, "clock": "quizas"}, "Elige un reloj de la lista, o sin reloj."),
    ({**FORM, "spread": "50"}, "Elige la diferencia de puntuación entre las de la lista."),
    ({**FORM, "room": "class-999"}, "Elige una de las salas en las que juegas."),
])
def test_an_impossible_wish_gets_a_spanish_message_and_a_400(ana, data, message):
    answer = signed_in(ana).post("/jugar/sala/ya/", data)
    assert answer.status_code == 400 and message in answer.content.decode()
    assert not Seek.objects.exists()


def test_a_refused_seek_is_answered_on_the_lobbys_own_page_with_the_form_as_sent(ana):
    answer = signed_in(ana).post("/jugar/sala/ya/", {**FORM, "length": "9"})
    assert answer.status_code == 400 and "lobby/room.html" in [template.name for template in answer.templates]
    assert "play/index.html" not in [template.name for template in answer.templates]
    page = answer.content.decode()
    assert "<h1>La sala</h1>" in page and 'href="/jugar/"' in page and "Jugar ya" in page
    assert re.search(r'name="clock" value="no"[^>]*checked', page)  # the clock chosen is kept
    late = signed_in(ana).post("/jugar/sala/999/aceptar/")
    assert late.status_code in (404, 409) and "<h1>La sala</h1>" in late.content.decode()


def test_the_lobbys_page_lists_the_seeks_for_anyone_who_may_see_them(ana):
    service.play_now(ana, MATCH_TO_3, now=timezone.now())
    page = signed_in(make_user("carla")).get("/jugar/sala/").content.decode()
    assert "<h1>La sala</h1>" in page and "/aceptar/" in page and "ana" in page


def test_visitors_are_sent_to_sign_in_and_a_young_student_plays_only_in_the_class_room():
    assert Client().post("/jugar/sala/ya/", FORM)["Location"].startswith("/cuenta/entrar/")
    teacher = make_user("profe", teacher=True)
    lucia = make_young("lucia", teacher)
    classroom = make_classroom(teacher, students=[lucia])
    page = signed_in(lucia).get("/jugar/").content.decode()
    assert f'value="class-{classroom.pk}"' in page and 'value="public"' not in page and "Partidas en juego" not in page
    refused = signed_in(lucia).post("/jugar/sala/ya/", FORM)
    assert refused.status_code == 400 and "Elige una de las salas en las que juegas." in refused.content.decode()
    published = signed_in(lucia).post("/jugar/sala/ya/", {**FORM, "rated": "", "room": f"class-{classroom.pk}"})
    assert published.status_code == 302 and Seek.objects.get().classroom == classroom
    assert "lucia" not in Client().get("/jugar/").content.decode()
    assert "Lucia" in signed_in(teacher).get("/jugar/").content.decode()


def finished_by_forms(white, black) -> LiveGame:
    service.play_now(white, MATCH_TO_3, now=NOW)
    game = both_play(service.play_now(black, MATCH_TO_3, now=later(1)).game)
    signed_in(white).post(f"/jugar/{game.code}/accion/", {"tipo": "resign", "seq": game.seq})
    game.refresh_from_db()
    assert game.is_over
    return game


def test_after_a_match_both_players_are_offered_a_rematch_and_it_starts_when_the_rival_accepts(ana, bruno):
    game = finished_by_forms(ana, bruno)
    winner = signed_in(bruno)
    page = winner.get(game.get_absolute_url()).content.decode()
    assert "¿Y ahora?" in page and "Ofrecer la revancha a Ana" in page and "Jugar otra vez" in page and "Bloquear a Ana" in page
    assert "Tu puntuación: 1500,00 → <strong>1517,32</strong>" in page
    assert winner.post(f"/jugar/{game.code}/revancha/")["Location"] == game.get_absolute_url()
    offered = signed_in(ana).get(game.get_absolute_url()).content.decode()
    assert "Bruno te ofrece la revancha:" in offered
    answer = signed_in(ana).post(f"/jugar/{game.code}/revancha/respuesta/", {"respuesta": "si"})
    new = LiveGame.objects.exclude(pk=game.pk).get()
    assert answer["Location"] == new.get_absolute_url()
    assert "Ir a la revancha" in winner.get(game.get_absolute_url()).content.decode()


def test_jugar_otra_vez_publishes_a_seek_with_the_same_settings(ana, bruno):
    game = finished_by_forms(ana, bruno)
    assert signed_in(ana).post(f"/jugar/{game.code}/otra/")["Location"] == "/jugar/"
    seek = Seek.objects.get(status=Seek.Status.OPEN)
    assert (seek.creator, seek.length, seek.rated, seek.clock) == (ana, 3, True, "")


def test_only_the_players_may_ask_for_a_rematch_and_only_once_the_match_is_over(ana, bruno):
    service.play_now(ana, MATCH_TO_3, now=NOW)
    game = service.play_now(bruno, MATCH_TO_3, now=later(1)).game
    early = signed_in(ana).post(f"/jugar/{game.code}/revancha/")
    assert early.status_code == 409 and "cuando termina el match" in early.content.decode()
    games.run(game.pk, ana, "resign", seq=game.seq)
    stranger = signed_in(make_user("carla")).post(f"/jugar/{game.code}/revancha/")
    assert stranger.status_code == 403


def test_a_player_blocks_the_rival_from_the_finished_game_and_unblocks_them_from_the_lobby(ana, bruno):
    game = finished_by_forms(ana, bruno)
    client = signed_in(bruno)
    answer = client.post("/jugar/sala/bloquear/", {"usuario": ana.pk, "volver": game.get_absolute_url()})
    assert answer["Location"] == game.get_absolute_url() and Block.objects.filter(blocker=bruno, blocked=ana).exists()
    assert "No volverás a jugar con esta persona" in client.get(game.get_absolute_url()).content.decode()
    lobby = client.get("/jugar/").content.decode()
    assert "Personas que has bloqueado (1)" in lobby
    assert client.post("/jugar/sala/desbloquear/", {"usuario": ana.pk})["Location"] == "/jugar/"
    assert not Block.objects.exists()
    outside = client.post("/jugar/sala/bloquear/", {"usuario": ana.pk, "volver": "https://ejemplo.com/"})
    assert outside["Location"] == "/jugar/"
    assert client.post("/jugar/sala/bloquear/", {"usuario": "nadie"}).status_code == 404
    assert client.post("/jugar/sala/bloquear/", {"usuario": bruno.pk}).status_code == 400


def test_a_player_tells_the_staff_about_a_game_and_the_staff_reads_it_in_the_admin(ana, bruno):
    game = finished_by_forms(ana, bruno)
    client = signed_in(bruno)
    assert f"/jugar/{game.code}/avisar/" in client.get(game.get_absolute_url()).content.decode()
    form = client.get(f"/jugar/{game.code}/avisar/")
    assert form.status_code == 200 and "tu rival no sabe que lo has enviado" in form.content.decode()
    missing = client.post(f"/jugar/{game.code}/avisar/", {"comment": "x"})
    assert missing.status_code == 400 and "Elige qué ha pasado." in missing.content.decode()
    sent = client.post(f"/jugar/{game.code}/avisar/", {"reason": "stalling", "comment": "Se fue."})
    assert sent["Location"] == game.get_absolute_url()
    report = Report.objects.get()
    assert (report.reporter, report.reported, report.reason) == (bruno, ana, "stalling")
    staff = get_user_model().objects.create_superuser("equipo", "equipo@example.org", "clave-larga-segura")
    listing = signed_in(staff).get("/admin/lobby/report/").content.decode()
    assert "Deja pasar el tiempo o abandona sin terminar" in listing and game.code in listing
    stranger = signed_in(make_user("carla"))
    assert stranger.get(f"/jugar/{game.code}/avisar/").status_code == 403
    assert f"/jugar/{game.code}/avisar/" not in stranger.get(game.get_absolute_url()).content.decode()
