"""Live play's rough edges: what a spectator reads and where they go after a rematch, leaving asked first,
the end banner that says how the match ended, and an unrated money game from the lobby without an error."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from django.utils import timezone

from tests.classroom_factories import make_user, signed_in
from tests.live_games import both_play
from tests.lobby_factories import MATCH_TO_3
from tutor.engine import opponent
from tutor.lobby import rematch, service
from tutor.lobby.models import Seek
from tutor.play import clocks, time_controls
from tutor.play import service as games
from tutor.play.panels import render_panel, status_text
from tutor.play.models import LiveGame, Phase

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_rate_limits")]

LOBBY_FORM = {"length": "3", "clock": "no", "rated": "on", "spread": "", "room": "public"}


def paired(white, black, wish=MATCH_TO_3) -> LiveGame:
    now = timezone.now()
    service.play_now(white, wish, now=now)
    return service.play_now(black, wish, now=now).game


def both_move(game: LiveGame) -> LiveGame:
    """Each player makes a play, so the match is under way for both."""
    for _ in range(2):
        game.refresh_from_db()
        player = game.player(game.side_to_act())
        if game.phase == Phase.ROLL:
            games.run(game.pk, player, "roll", seq=game.seq)
            game.refresh_from_db()
        games.run(game.pk, player, "move", seq=game.seq, play=game.position.legal_plays()[0].notation)
    game.refresh_from_db()
    return game


def left_by(game: LiveGame, leaver) -> LiveGame:
    games.run(game.pk, leaver, "resign", seq=game.seq)
    game.refresh_from_db()
    return game


# -- spectators --------------------------------------------------------------------------------------


def test_a_spectator_is_told_they_will_see_every_move_and_a_player_their_rivals(ana, bruno):
    game = paired(ana, bruno)
    watched = Client().get(game.get_absolute_url()).content.decode()
    assert "verás cada jugada de la partida al instante" in watched and "tu rival al instante" not in watched
    played = signed_in(ana).get(game.get_absolute_url()).content.decode()
    assert "verás las jugadas de tu rival al instante" in played


def test_spectators_of_a_finished_match_are_offered_to_follow_its_players_to_the_rematch(ana, bruno):
    game = left_by(both_move(paired(ana, bruno)), ana)
    assert "Seguir a la revancha" not in render_panel(game, AnonymousUser())
    rematch.offer(game, bruno, now=timezone.now())
    before = LiveGame.objects.get(pk=game.pk).seq
    new = signed_in(ana).post(f"/jugar/{game.code}/revancha/respuesta/", {"respuesta": "si"})
    started = LiveGame.objects.exclude(pk=game.pk).get()
    assert new["Location"] == started.get_absolute_url()
    game.refresh_from_db()
    assert game.seq == before + 1  # the spectators' shared panel is drawn again
    panel = render_panel(game, AnonymousUser())
    assert "Seguir a la revancha" in panel and f'href="{started.get_absolute_url()}"' in panel
    assert "Ana y Bruno juegan la revancha" in panel or "Bruno y Ana juegan la revancha" in panel
    assert "Seguir a la revancha" in Client().get(game.get_absolute_url()).content.decode()


# -- leaving asks first ------------------------------------------------------------------------------


def test_leaving_is_asked_on_the_page_first_and_only_the_confirming_button_leaves(ana, bruno):
    game = paired(ana, bruno)
    page = signed_in(ana).get(game.get_absolute_url()).content.decode()
    assert "data-play-leave" in page and "<summary>Dejar el match</summary>" in page
    assert "¿Seguro?" in page and "Tu reloj sigue corriendo mientras lo piensas." in page
    assert 'value="resign"' in page and "Sí, dejar el match" in page and "No, seguir jugando" in page
    assert "data-confirm=" not in page.split("data-play-leave")[1]  # no browser dialog, which would stop the clocks


def test_an_offer_to_resign_is_chosen_first_and_sent_only_by_its_own_button(ana, bruno):
    game = paired(ana, bruno)
    page = signed_in(ana).get(game.get_absolute_url()).content.decode()
    resign = page.split("Rendirte en esta partida")[1].split("</details>")[0]
    assert resign.count('type="radio" name="nivel"') == 3 and 'type="submit" name="nivel"' not in resign
    assert "Ofrecer la rendición" in resign and "Solo puedes ofrecerlo una vez por turno." in resign


# -- the end banner ----------------------------------------------------------------------------------


def test_after_a_flag_the_banner_says_the_match_was_lost_on_time_and_the_final_score(ana, bruno, monkeypatch):
    game = both_play(games.create_game(ana, black=bruno, length=3, timed=True))
    late = game.side_to_act()
    later = game.clock_deadline
    monkeypatch.setattr(clocks, "clock", lambda: later)
    games.run(game.pk, game.player(opponent(late)), "flag")
    game.refresh_from_db()
    loser, winner = game.player(late), game.player(opponent(late))
    score = f"Ana {game.score[0]} – Bruno {game.score[1]} (match a 3)"
    assert status_text(game, late) == (
        f"Ha terminado: has perdido el match. Perdiste por tiempo: se te acabó la reserva. Resultado final: {score}."
    )
    assert status_text(game, opponent(late)) == (
        f"Ha terminado: ¡has ganado el match! {loser.username.title()} perdió por tiempo: se le acabó la reserva. "
        f"Resultado final: {score}."
    )
    assert status_text(game, None).startswith(f"Ha terminado: gana {winner.username.title()}. ")
    assert "Perdiste por tiempo" in signed_in(loser).get(game.get_absolute_url()).content.decode()


def test_the_banner_says_who_left_and_a_rival_who_played_on(ana, bruno):
    game = left_by(both_move(paired(ana, bruno)), ana)
    side = game.side_of(ana)
    assert "has perdido el match. Dejaste el match. Resultado final: " in status_text(game, side)
    assert "¡has ganado el match! Ana dejó el match. Resultado final: " in status_text(game, opponent(side))
    session = left_by(both_play(games.create_game(ana, black=bruno, length=0)), bruno)
    assert "Bruno dejó la sesión." in status_text(session, session.side_of(ana))


def test_the_banner_of_a_match_ended_by_an_accepted_resignation_says_who_resigned(ana, bruno):
    game = both_play(games.create_game(ana, black=bruno, length=1))
    games.run(game.pk, ana, "offer", seq=game.seq, level="single")
    game.refresh_from_db()
    games.run(game.pk, bruno, "accept", seq=game.seq)
    game.refresh_from_db()
    assert game.is_over and game.winner == game.side_of(bruno)
    assert status_text(game, game.side_of(ana)) == (
        "Ha terminado: has perdido el match. Te rendiste y Bruno aceptó. Resultado final: Ana 0 – Bruno 1 (match a 1)."
    )
    assert "¡has ganado el match! Aceptaste la rendición de Ana." in status_text(game, game.side_of(bruno))
    assert "Ana se rindió y Bruno aceptó." in status_text(game, None)


# -- an unrated money game from the lobby ------------------------------------------------------------


def test_a_money_game_from_the_lobby_with_puntua_ticked_is_played_unrated_without_an_error(ana, bruno):
    first = signed_in(ana)
    answer = first.post("/jugar/sala/ya/", {**LOBBY_FORM, "length": "0"})
    assert answer.status_code == 302 and answer["Location"] == "/jugar/"
    seek = Seek.objects.get()
    assert (seek.length, seek.rated) == (0, False)
    taken = signed_in(bruno).post("/jugar/sala/ya/", {**LOBBY_FORM, "length": "0"})
    game = LiveGame.objects.get()
    assert taken["Location"] == game.get_absolute_url() and game.length == 0
    page = first.get("/jugar/").content.decode()
    assert 'data-rated-lengths="1 3 5 7"' in page and 'data-rated-rooms="public"' in page
    assert "Esta partida no puntúa" in page


def test_a_rated_match_from_the_lobby_stays_rated(ana):
    signed_in(ana).post("/jugar/sala/ya/", LOBBY_FORM)
    assert Seek.objects.get().rated


# -- a choice of time controls -----------------------------------------------------------------------


def test_there_are_at_least_three_time_controls_each_with_a_delay_and_its_figures_in_words():
    assert len(time_controls.CONTROLS) >= 3 and all(control.delay > 0 for control in time_controls.CONTROLS)
    quick = time_controls.BY_KEY["rapido"]
    assert (quick.reserve_for(3), quick.reserve_for(0)) == (120, 60)
    assert quick.label == "Rápido: 8 s por decisión; 30 s por punto del match y 30 s más (1 min por partida si es por dinero)"
    assert time_controls.DEFAULT.key == "normal" and (time_controls.DELAY, time_controls.DEFAULT.reserve_for(5)) == (12, 360)


@pytest.mark.parametrize("key, delay, reserve", [("rapido", 8, 180), ("normal", 12, 360), ("lento", 15, 720)])
def test_an_invitation_starts_with_the_time_control_its_creator_chose(ana, bruno, key, delay, reserve):
    signed_in(ana).post("/jugar/nueva/", {"length": "5", "claim_minutes": "5", "clock": key})
    game = LiveGame.objects.get()
    signed_in(bruno).post(f"/jugar/{game.code}/unirse/")
    game.refresh_from_db()
    assert (game.clock_delay, game.white_reserve, game.black_reserve) == (delay, reserve, reserve)
    assert game.time_control.key == key
    page = signed_in(bruno).get(game.get_absolute_url()).content.decode()
    assert f"Retardo: {delay} s" in page


def test_an_unknown_time_control_is_refused_in_spanish(ana):
    answer = signed_in(ana).post("/jugar/nueva/", {"length": "5", "claim_minutes": "5", "clock": "eterno"})
    assert answer.status_code == 400 and "Elige un reloj de la lista, o sin reloj." in answer.content.decode()
    lobby = signed_in(ana).post("/jugar/sala/ya/", {**LOBBY_FORM, "clock": "eterno"})
    assert lobby.status_code == 400 and "Elige un reloj de la lista, o sin reloj." in lobby.content.decode()
    assert not LiveGame.objects.exists() and not Seek.objects.exists()


def test_the_lobby_pairs_only_the_same_time_control_and_the_rematch_keeps_it(ana, bruno):
    signed_in(ana).post("/jugar/sala/ya/", {**LOBBY_FORM, "clock": "lento"})
    assert Seek.objects.get().clock == "lento"
    carla = make_user("carla")
    signed_in(carla).post("/jugar/sala/ya/", {**LOBBY_FORM, "clock": "rapido"})
    assert not LiveGame.objects.exists()  # a quick clock does not take a slow one
    listed = signed_in(bruno).get("/jugar/").content.decode()
    assert "Match a 3 puntos · con reloj lento · puntúa" in listed and "con reloj rápido" in listed
    signed_in(bruno).post("/jugar/sala/ya/", {**LOBBY_FORM, "clock": "lento"})
    game = LiveGame.objects.get()
    assert {game.white, game.black} == {ana, bruno} and game.time_control.key == "lento"
    assert rematch.wish_after(game).clock == "lento"


def test_a_name_that_ends_with_a_full_stop_does_not_get_a_second_one_in_the_banner(ana, bruno):
    ana.first_name = "Ana G."
    ana.save()
    game = left_by(both_move(paired(ana, bruno)), ana)
    for side in (game.side_of(bruno), None):
        text = status_text(game, side)
        assert "Ana G. dejó el match." in text and ".." not in text
    bruno.first_name = "Bruno R."
    bruno.save()
    game.refresh_from_db()
    assert "Ha terminado: gana Bruno R. Ana G. dejó el match." in status_text(game, None)


@pytest.mark.parametrize("length, said", [(3, " y el match sigue, salvo que con ellos lo gane;"), (1, ", y con ellos el match;")])
def test_the_resign_panel_says_whether_the_match_goes_on_as_its_choices_do(ana, bruno, length, said):
    game = games.create_game(ana, black=bruno, length=length)
    game.refresh_from_db()
    pages = [signed_in(player).get(game.get_absolute_url()).content.decode() for player in (ana, bruno)]
    resign = next(page for page in pages if "Rendirte en esta partida" in page).split("Rendirte en esta partida")[1].split("</details>")[0]
    assert said in resign
    assert ("Partida simple: 1 punto (termina el match)" in resign) is (length == 1)


def test_while_a_double_waits_for_its_answer_the_cube_box_says_so_on_every_page(ana, bruno):
    import re

    game = both_move(games.create_game(ana, black=bruno, length=0, public=True))
    game.refresh_from_db()
    if game.phase != Phase.ROLL:
        pytest.skip("the side on roll may not double here")
    doubler = game.player(game.side_to_act())
    taker = bruno if doubler == ana else ana
    games.run(game.pk, doubler, "double", seq=game.seq)
    game.refresh_from_db()
    cube = {}
    for who, client in (("doubler", signed_in(doubler)), ("taker", signed_in(taker)), ("watcher", Client())):
        page = client.get(game.get_absolute_url()).content.decode()
        cube[who] = re.sub(r"\s+", " ", re.search(r"data-cube[^>]*>(.*?)<", page, re.S).group(1)).strip()
    assert cube["doubler"] == "en el centro; doblas a 2, falta la respuesta"
    assert cube["taker"] == f"en el centro; {doubler.first_name} te dobla a 2"
    assert cube["watcher"] == f"en el centro; {doubler.first_name} dobla a 2, falta la respuesta"
