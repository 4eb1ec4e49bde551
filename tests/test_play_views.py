"""The live games' pages: creating, joining, playing by forms without JavaScript, classes, review and export."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.classroom_factories import make_classroom, make_user, signed_in
from tutor.accounts.models import Profile
from tutor.engine import BLACK, WHITE, Position
from tutor.play import service
from tutor.play.models import LiveGame, Phase, RefusedPlay
from tutor.practice.background import drain

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("live_dice")]


def test_a_game_is_created_shared_by_code_and_joined(ana, bruno):
    response = signed_in(ana).post("/jugar/nueva/", {"length": "5", "claim_minutes": "10", "highlight": "on"})
    game = LiveGame.objects.get()
    assert response["Location"] == f"/jugar/{game.code}/"
    assert (game.length, game.claim_minutes, game.highlight, game.public) == (5, 10, True, False)
    page = signed_in(ana).get(game.get_absolute_url()).content.decode()
    assert game.code in page and "Invita a tu rival" in page
    guest = signed_in(bruno)
    found = guest.post("/jugar/codigo/", {"code": game.code.lower()})
    assert found["Location"] == game.get_absolute_url()
    assert "Unirme a la partida" in guest.get(game.get_absolute_url()).content.decode()
    assert guest.post(f"/jugar/{game.code}/unirse/").status_code == 302
    game.refresh_from_db()
    assert game.black == bruno and game.phase == Phase.MOVE


def test_bad_input_gets_a_spanish_message_and_a_4xx(ana):
    client = signed_in(ana)
    response = client.post("/jugar/nueva/", {"length": "9", "claim_minutes": "5"})
    assert response.status_code == 400
    assert "opción válida" in response.content.decode()
    assert client.post("/jugar/codigo/", {"code": "ZZZZZZ"}).status_code == 404
    assert client.get("/jugar/ZZZZZZ/").status_code == 404
    assert client.post("/jugar/ZZZZZZ/accion/", {"tipo": "roll"}).status_code == 404


def test_playing_without_javascript_by_forms_and_a_refused_play_explained(ana, bruno):
    game = service.create_game(ana, length=3, black=bruno)
    game.refresh_from_db()
    mover = signed_in([ana, bruno][game.side_to_act()])
    wrong = mover.post(f"/jugar/{game.code}/accion/?tipo=move&seq={game.seq}", {"play": "24/10"})
    assert wrong.status_code == 400
    html = wrong.content.decode()
    assert "Jugada ilegal" in html and "Repasa la regla" in html
    assert RefusedPlay.objects.count() == 1
    play = game.position.legal_plays()[0].notation
    done = mover.post(f"/jugar/{game.code}/accion/?tipo=move&seq={game.seq}", {"play": play})
    assert done.status_code == 302
    page = mover.get(game.get_absolute_url()).content.decode()
    assert f"juegas {play}" in page
    assert f'href="{game.get_absolute_url()}" data-play-reload' in page  # to see the rival's answer without JavaScript
    assert 'data-refused="' in page
    index = mover.get("/jugar/").content.decode()
    assert "Las reglas que más te cuesta cumplir" in index and "1 vez" in index
    rival = [ana, bruno][LiveGame.objects.get(pk=game.pk).side_to_act()]
    assert f"le toca a {rival.get_full_name()}" in index
    rivals_index = signed_in(rival).get("/jugar/").content.decode()
    assert '<strong class="tag tag--info">Te toca</strong>' in rivals_index
    assert rivals_index.index("Tus partidas") < rivals_index.index("Nueva partida con enlace")  # a game under way comes first
    stale = mover.post(f"/jugar/{game.code}/accion/", {"tipo": "resign", "seq": str(game.seq)})
    assert stale.status_code == 409 and "llega tarde" in stale.content.decode()


def test_the_list_of_a_players_games_puts_the_games_under_way_before_the_finished_ones(ana, bruno):
    under_way = service.create_game(ana, length=3, black=bruno)
    for _ in range(2):
        finished = service.create_game(ana, length=3, black=bruno)
        service.run(finished.pk, bruno, "resign", seq=finished.seq)
    index = signed_in(ana).get("/jugar/").content.decode()
    assert index.index(under_way.code) < index.index(finished.code)


def test_a_public_game_can_be_watched_by_anyone_a_private_one_only_by_its_players(ana, bruno):
    private = service.create_game(ana, black=bruno)
    public = service.create_game(ana, black=bruno, public=True)
    assert Client().get(private.get_absolute_url()).status_code == 404
    html = Client().get(public.get_absolute_url()).content.decode()
    assert "solo lectura" in html and "Rendirse" not in html


def test_students_challenge_classmates_and_the_teacher_pairs_the_class_and_watches(ana, bruno):
    teacher = make_user("profe", teacher=True)
    carla, dani = make_user("carla"), make_user("dani")
    classroom = make_classroom(teacher, students=[ana, bruno, carla, dani])
    outsider = make_user("eva")
    assert signed_in(ana).post("/jugar/retar/", {"grupo": classroom.pk, "rival": outsider.pk}).status_code == 400
    response = signed_in(ana).post("/jugar/retar/", {"grupo": classroom.pk, "rival": bruno.pk})
    challenge = LiveGame.objects.get()
    assert response["Location"] == challenge.get_absolute_url()
    assert (challenge.classroom, challenge.white, challenge.black) == (classroom, ana, bruno)
    signed_in(teacher).post(f"/jugar/clase/{classroom.pk}/emparejar/")
    paired = LiveGame.objects.exclude(pk=challenge.pk)
    assert paired.count() == 1  # ana and bruno are playing their challenge: one game at a time
    assert {user for game in paired for user in (game.white, game.black)} == {carla, dani}
    watch = signed_in(teacher).get(challenge.get_absolute_url()).content.decode()
    assert "docente del grupo" in watch and "Rendirse" not in watch
    other_teacher = make_user("otro", teacher=True)
    assert signed_in(other_teacher).get(challenge.get_absolute_url()).status_code == 404
    assert signed_in(other_teacher).post(f"/jugar/clase/{classroom.pk}/emparejar/").status_code == 404
    assert "Partidas de" in signed_in(teacher).get("/jugar/").content.decode()


def test_young_students_play_inside_their_class_unless_the_teacher_allows_links(ana):
    teacher = make_user("profe", teacher=True)
    young = make_user("nino")
    Profile.objects.filter(user=young).update(created_by=teacher)
    classroom = make_classroom(teacher, students=[young, ana])
    client = signed_in(young)
    assert client.post("/jugar/nueva/", {"length": "3", "claim_minutes": "5"}).status_code == 403
    link_game = service.create_game(ana, length=3)
    assert client.post(f"/jugar/{link_game.code}/unirse/").status_code == 403
    assert client.post("/jugar/retar/", {"grupo": classroom.pk, "rival": ana.pk}).status_code == 302
    signed_in(teacher).post(f"/jugar/clase/{classroom.pk}/enlaces/", {"permitir": "1"})
    assert client.post("/jugar/nueva/", {"length": "3", "claim_minutes": "5"}).status_code == 302


def test_only_the_teacher_who_created_an_account_may_allow_it_links(ana):
    """A child who joins another class by its code does not get links from whoever teaches that class."""
    creator, other_teacher = make_user("profe", teacher=True), make_user("otra", teacher=True)
    young = make_user("nino")
    Profile.objects.filter(user=young).update(created_by=creator)
    make_classroom(creator, students=[young])
    elsewhere = make_classroom(other_teacher, name="Otro grupo", students=[young])
    signed_in(other_teacher).post(f"/jugar/clase/{elsewhere.pk}/enlaces/", {"permitir": "1"})
    client = signed_in(young)
    assert client.post("/jugar/nueva/", {"length": "3", "claim_minutes": "5"}).status_code == 403
    assert client.post(f"/jugar/{service.create_game(ana, length=3).code}/unirse/").status_code == 403


def finished_game(ana, bruno) -> LiveGame:
    game = service.create_game(ana, length=1, black=bruno)
    for _ in range(600):
        game.refresh_from_db()
        if game.is_over:
            return game
        mover = [ana, bruno][game.side_to_act()]
        if game.phase == Phase.ROLL:
            service.run(game.pk, mover, "roll", seq=game.seq)
        else:
            service.run(game.pk, mover, "move", seq=game.seq, play=game.position.legal_plays()[-1].notation)
    raise AssertionError("the game never ended")


def test_a_game_left_by_the_player_on_roll_shows_a_finished_board_to_both_players_and_not_whose_turn_it_was(ana, bruno):
    game = service.create_game(ana, length=3, black=bruno)
    game.refresh_from_db()
    mover = [ana, bruno][game.side_to_act()]
    page = signed_in(mover).get(game.get_absolute_url()).content.decode()
    assert "Partida terminada</p>" not in page
    service.run(game.pk, mover, "resign", seq=game.seq)
    game.refresh_from_db()
    assert game.is_over and game.ended
    for player in (ana, bruno):
        page = signed_in(player).get(game.get_absolute_url()).content.decode()
        assert "Partida terminada</p>" in page and "Turno de las" not in page and "Juegan las" not in page


def test_after_the_game_a_worker_grades_both_players_and_the_mat_file_has_their_names(ana, bruno):
    game = finished_game(ana, bruno)
    client = signed_in(ana)
    review = client.get(f"/jugar/{game.code}/revision/")
    assert review.status_code == 200
    html = review.content.decode()
    assert "Ana (blancas)" in html and "Bruno (negras)" in html
    assert "GNU Backgammon está revisando la partida" in html and f'data-review-socket="/ws/jugar/{game.code}/revision/"' in html
    game.refresh_from_db()
    assert not game.graded
    assert drain() == 1
    game.refresh_from_db()
    assert game.graded
    assert "está revisando" not in client.get(f"/jugar/{game.code}/revision/").content.decode()
    graded = game.actions.filter(kind="move").exclude(colour="")
    assert graded.filter(side=WHITE).exists() and graded.filter(side=BLACK).exists()
    mat = client.get(f"/jugar/{game.code}/partida.mat").content.decode()
    assert mat.startswith(" 1 point match")
    assert " ana : 0" in mat and "bruno : 0" in mat
    assert "Wins 1 point and the match" in mat


def test_the_review_waits_for_the_end_of_the_game(ana, bruno):
    game = service.create_game(ana, black=bruno)
    assert signed_in(ana).get(f"/jugar/{game.code}/revision/").status_code == 409


def test_the_page_without_a_finished_game_offers_to_claim_when_the_rival_must_play(ana, bruno):
    game = service.create_game(ana, black=bruno)
    game.refresh_from_db()
    waiting = [ana, bruno][1 - game.side_to_act()]
    assert "Reclamar la partida" in signed_in(waiting).get(game.get_absolute_url()).content.decode()
    assert Position.from_xgid(game.xgid).dice is not None


def test_a_review_is_tried_again_while_gnubg_is_unavailable_and_the_page_says_so(ana, bruno, monkeypatch):
    from tutor.practice import evaluator, recovery

    game = finished_game(ana, bruno)

    def unavailable(*args, **kwargs):
        raise evaluator.EvaluatorUnavailable("down")

    monkeypatch.setattr(evaluator, "grade_play", unavailable)
    monkeypatch.setattr(recovery, "RETRY_SECONDS", {"reviews": 0})
    assert drain() == recovery.ATTEMPTS  # tried again after each failure, a few times
    response = signed_in(ana).get(f"/jugar/{game.code}/revision/")
    assert response.status_code == 200 and "no estaba disponible" in response.content.decode()
    game.refresh_from_db()
    assert not game.graded
    monkeypatch.undo()
    assert drain() == 1  # the visit queued the review again
    game.refresh_from_db()
    assert game.graded


def act_url(game) -> str:
    return f"/jugar/{game.code}/accion/"


def test_offering_rejecting_and_accepting_a_resignation_by_forms_without_javascript(ana, bruno):
    game = service.create_game(ana, length=5, black=bruno)
    game.xgid = Position.initial(match_length=5, cube_value=2, cube_owner=BLACK).replace(turn=WHITE).to_xgid()
    game.phase = Phase.ROLL
    game.save()
    white, black = signed_in(ana), signed_in(bruno)
    page = white.get(game.get_absolute_url()).content.decode()
    assert "Rendirte en esta partida" in page and "Dejar el match" in page
    for label in ("Partida simple: 2 puntos", "Gammon: 4 puntos", "Backgammon: 6 puntos (termina el match)"):
        assert label in page
    bad = white.post(act_url(game), {"tipo": "offer", "nivel": "todo", "seq": game.seq})
    assert bad.status_code == 400 and "partida simple, gammon o backgammon" in bad.content.decode()
    assert white.post(act_url(game), {"tipo": "offer", "nivel": "gammon", "seq": game.seq}).status_code == 302
    game.refresh_from_db()
    asked = black.get(game.get_absolute_url()).content.decode()
    assert "Ana se ofrece a rendirse" in asked and "ganas esta partida: gammon, 4 puntos." in asked
    assert 'value="accept"' in asked and 'value="reject"' in asked and 'value="roll"' not in asked
    assert "Ana (blancas) se ofrece a rendirse con un gammon: 4 puntos." in asked
    waiting = white.get(game.get_absolute_url()).content.decode()
    assert "Te has ofrecido a rendirte (gammon, 4 puntos)" in waiting and "Tú te ofreces a rendirte con un gammon" in waiting
    assert "Rendirte en esta partida" not in waiting
    # Her clock runs while Bruno answers: she may play on, which would take the offer back.
    assert 'value="roll"' in waiting and "si sigues jugando, retiras la oferta" in waiting
    assert black.post(act_url(game), {"tipo": "reject", "seq": game.seq - 1}).status_code == 409
    assert black.post(act_url(game), {"tipo": "reject", "seq": game.seq}).status_code == 302
    game.refresh_from_db()
    after = white.get(game.get_absolute_url()).content.decode()
    assert "Bruno (negras) rechaza la rendición (gammon, 4 puntos): la partida sigue." in after and 'value="roll"' in after
    assert "Rendirte en esta partida" not in after  # one offer per turn
    again = white.post(act_url(game), {"tipo": "offer", "nivel": "single", "seq": game.seq})
    assert again.status_code == 409 and "Ya te has ofrecido a rendirte en este turno" in again.content.decode()
    assert black.post(act_url(game), {"tipo": "offer", "nivel": "single", "seq": game.seq}).status_code == 302
    game.refresh_from_db()
    assert white.post(act_url(game), {"tipo": "accept", "seq": game.seq}).status_code == 302
    game.refresh_from_db()
    assert game.score == (2, 0) and game.game_number == 2
    assert "Tú aceptas la rendición (partida simple, 2 puntos)." in white.get(game.get_absolute_url()).content.decode()


def test_a_game_won_by_an_accepted_resignation_exports_a_mat_file_gnubg_imports_and_its_review_works(ana, bruno, tmp_path):
    import json
    import subprocess
    import sys

    from tests.test_practice_export import replay

    game = service.create_game(ana, length=3, black=bruno)
    for _ in range(4):
        game.refresh_from_db()
        mover = [ana, bruno][game.side_to_act()]
        kind = "roll" if game.phase == Phase.ROLL else "move"
        service.run(game.pk, mover, kind, seq=game.seq, play=game.position.legal_plays()[0].notation if kind == "move" else "")
    game.refresh_from_db()
    loser = game.side_to_act()
    service.run(game.pk, [ana, bruno][loser], "offer", seq=game.seq, level="gammon")
    game.refresh_from_db()
    service.run(game.pk, [ana, bruno][1 - loser], "accept", seq=game.seq)
    service.run(game.pk, ana, "resign", seq=LiveGame.objects.get(pk=game.pk).seq)
    client = signed_in(ana)
    mat = client.get(f"/jugar/{game.code}/partida.mat").content.decode()
    bruno_had = 2 if loser == WHITE else 0
    assert replay(mat) == [(1 - loser, 2), (BLACK, 3 - bruno_had)]  # Ana left the match: Bruno wins what he lacked
    path = tmp_path / "partida.mat"
    path.write_text(mat, encoding="utf-8")
    script = ("import json, sys, gnubg\ngnubg.command('import mat ' + sys.argv[1])\n"
              "print(json.dumps([g['info'] for g in gnubg.match(analysis=0, boards=0, statistics=0, verbose=0)['games']]))")
    imported = subprocess.run([sys.executable, "-c", script, str(path)], capture_output=True, text=True, timeout=120)
    assert imported.returncode == 0, imported.stderr
    first = json.loads(imported.stdout.strip().splitlines()[-1])[0]
    assert (first["winner"], first["points-won"], first["resigned"]) == ("XO"[1 - loser], 2, True)
    review = client.get(f"/jugar/{game.code}/revision/")
    assert review.status_code == 200 and "Ana (blancas)" in review.content.decode()


def test_money_play_offers_to_leave_the_session_and_a_spectator_reads_the_pending_offer(ana, bruno):
    game = service.create_game(ana, black=bruno, public=True)
    game.refresh_from_db()
    page = signed_in(ana).get(game.get_absolute_url()).content.decode()
    assert "Dejar la sesión" in page and "Aún no habéis movido los dos: si dejas la sesión ahora, se anula" in page
    assert "Dejar el match" not in page
    service.run(game.pk, ana, "offer", seq=game.seq, level="backgammon")
    watching = Client().get(game.get_absolute_url()).content.decode()
    assert "Ana se ofrece a rendirse (backgammon, 3 puntos): Bruno decide si acepta." in watching
    assert 'value="accept"' not in watching


def test_a_game_created_by_link_with_clock_is_timed_from_the_join_and_its_page_shows_both_clocks(ana, bruno):
    signed_in(ana).post("/jugar/nueva/", {"length": "5", "claim_minutes": "5", "clock": "normal"})
    game = LiveGame.objects.get()
    assert game.timed and game.clock_side is None  # nobody's time runs before the rival joins
    guest = signed_in(bruno)
    guest.post(f"/jugar/{game.code}/unirse/")
    game.refresh_from_db()
    assert game.clock_side == game.side_to_act() and game.black_reserve == 360
    page = guest.get(game.get_absolute_url()).content.decode()
    assert page.count('role="timer"') == 2 and "Reserva: 6:00" in page and "Retardo: 12 s" in page
    form = signed_in(ana).get("/jugar/").content.decode()
    assert "Normal: 12 s por decisión; 1 min por punto del match y 1 min más (2 min por partida si es por dinero)" in form
    assert "pierdes por tiempo" in form
