"""After a live game: no-doubles graded from the rolls the players chose, and each player's mistakes as exercises.

gnubg grades for real, at 0 plies (fast), when the test runs the queue of
reviews (``drain``, as a worker process would); the positions are set on the
game row and every decision goes through the service, as a player's would.
"""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps as django_apps
from django.test import Client

from tests.classroom_factories import make_classroom, make_user, signed_in
from tests.live_review import OPENING, act, played, set_state
from tests.practice_flow import add_mistake
from tutor.engine import BLACK, WHITE
from tutor.play import service
from tutor.play.models import LiveAction, LiveGame, Phase
from tutor.play.live_review import create_exercises, export_text, grade_game
from tutor.games.cube_policy import cube_alive
from tutor.practice.background import drain
from tutor.practice.models import Exercise, PracticeMatch

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("live_dice")]
Kind = LiveAction.Kind


def rolls(game: LiveGame) -> list[LiveAction]:
    return list(game.actions.filter(kind=Kind.ROLL, side=WHITE))


def test_a_roll_the_player_chose_is_graded_as_a_no_double_and_the_server_s_rolls_are_not(ana, bruno):
    game = played(ana, bruno)
    clear, missed, after_take = rolls(game)
    grade_game(game)
    for action in (clear, missed, after_take):
        action.refresh_from_db()
    assert (clear.colour, clear.best, clear.loss) == ("verde", "No doblar", 0.0)
    assert missed.colour == "rojo" and missed.best == "Doblar" and missed.loss >= 0.12
    assert set(missed.analysis) == {"no_double", "double_take", "double_pass", "plies"}
    assert after_take.colour == "" and after_take.position.cube_owner == BLACK
    assert game.actions.get(kind=Kind.DOUBLE).colour == "rojo"
    assert game.actions.get(kind=Kind.TAKE).colour == "verde"


def test_the_review_shows_both_players_no_doubles_counted_in_the_totals(ana, bruno):
    game = played(ana, bruno)
    drain()
    html = signed_in(bruno).get(game.get_review_url() + "?paso=1").content.decode()
    assert "no dobla: correcto" in html
    graded = game.actions.exclude(colour="").filter(side=WHITE, forced=False)
    assert graded.filter(kind=Kind.ROLL).count() == 2
    assert f"<dt>Decisiones</dt><dd>{graded.count()}</dd>" in html
    assert 'lamp--verde" aria-hidden="true"></span> <span>Ana: no dobla<' in html
    assert 'lamp--rojo" aria-hidden="true"></span> <span>Ana: no dobla<' in html


def test_the_mat_file_does_not_change_when_the_no_doubles_are_graded(ana, bruno):
    game = played(ana, bruno)
    before = export_text(game)
    grade_game(game)
    assert export_text(game) == before
    assert "Doubles => 2" in before and "Takes" in before


def test_every_roll_the_player_chose_is_graded_and_no_roll_of_the_server(ana, bruno):
    """A match to 3 played to the end: openings, doubles taken and passed, forced passes, the Crawford game."""
    game = service.create_game(ana, length=3, black=bruno)
    chosen: set[int] = set()
    turns: dict[tuple[int, int], int] = {}
    for _ in range(2000):
        game.refresh_from_db()
        if game.is_over:
            break
        side = game.side_to_act()
        player = [ana, bruno][side]
        if game.phase == Phase.ROLL:
            turns[game.game_number, side] = turns.get((game.game_number, side), 0) + 1
        if game.phase == Phase.ROLL and turns[game.game_number, side] == 4:
            act(game, player, "double")
        elif game.phase == Phase.ROLL:
            last = game.actions.order_by("-number").values_list("number", flat=True).first()
            act(game, player, "roll")
            chosen.add(game.actions.filter(number__gt=last, kind=Kind.ROLL).order_by("number").first().number)
        elif game.phase == Phase.ANSWER:
            act(game, player, "take" if game.position.cube_value < 2 else "drop")
        else:
            act(game, player, "move", play=game.position.legal_plays()[-1].notation)
    assert game.is_over and chosen
    grade_game(game)
    all_rolls = game.actions.filter(kind=Kind.ROLL)
    graded = {action.number for action in all_rolls if action.colour}
    alive = {action.number for action in all_rolls if action.number in chosen and cube_alive(action.decision_position)}
    assert graded == alive
    assert all_rolls.count() > len(chosen) and len(graded) > 3
    assert game.actions.filter(kind=Kind.TAKE).exists() and game.actions.filter(kind=Kind.MOVE, forced=True).exists()


def test_games_graded_before_no_doubles_are_graded_again(ana, bruno):
    game = played(ana, bruno)
    LiveGame.objects.filter(pk=game.pk).update(graded=True)
    migration = importlib.import_module("tutor.play.migrations.0003_grade_no_doubles_of_finished_games")
    migration.regrade(django_apps, None)
    game.refresh_from_db()
    assert not game.graded
    signed_in(ana).get(game.get_review_url())
    drain()
    assert game.actions.filter(kind=Kind.ROLL).exclude(colour="").count() == 2


# -- exercises -------------------------------------------------------------------------


def test_each_player_turns_only_their_own_mistakes_into_exercises(ana, bruno):
    game = played(ana, bruno)
    drain()
    client = signed_in(ana)
    review = client.get(game.get_review_url()).content.decode()
    assert "Convertir mis errores en ejercicios" in review
    response = client.post(f"/jugar/{game.code}/ejercicios/")
    assert response.status_code == 302 and response["Location"] == f"/practica/ejercicios/#partida-{game.code}"
    mine = Exercise.objects.filter(live_action__game=game)
    assert {exercise.live_action.side for exercise in mine} == {WHITE}
    assert {exercise.live_action.kind for exercise in mine} == {Kind.ROLL, Kind.DOUBLE}
    listing = client.get("/practica/ejercicios/").content.decode()
    assert f'id="partida-{game.code}"' in listing and "con Bruno" in listing
    assert all(exercise.get_absolute_url() in listing for exercise in mine)
    again = client.get(game.get_review_url()).content.decode()
    assert "ya son ejercicios" in again
    assert client.post(f"/jugar/{game.code}/ejercicios/").status_code == 302
    assert mine.count() == 2
    assert create_exercises(game, BLACK) == 1


def test_a_no_double_exercise_is_answered_with_the_cube_buttons(ana, bruno):
    game = played(ana, bruno)
    drain()
    client = signed_in(ana)
    client.post(f"/jugar/{game.code}/ejercicios/")
    exercise = Exercise.objects.get(live_action__kind=Kind.ROLL)
    page = client.get(exercise.get_absolute_url()).content.decode()
    assert "Ejercicio: no dobla" in page and "con Bruno" in page
    assert 'value="doblar"' in page and 'value="no-doblar"' in page
    assert 'data-light="rojo"' in client.post(exercise.get_absolute_url(), {"respuesta": "no-doblar"}).content.decode()
    bad = client.post(exercise.get_absolute_url(), {"respuesta": "aceptar"})
    assert bad.status_code == 400 and "Elige una de las dos respuestas" in bad.content.decode()
    assert 'data-light="verde"' in client.post(exercise.get_absolute_url(), {"respuesta": "doblar"}).content.decode()
    exercise.refresh_from_db()
    assert exercise.solved and exercise.attempts == 2


def test_black_tries_a_play_again_on_a_board_seen_from_their_side(ana, bruno):
    game = played(ana, bruno)
    drain()
    client = signed_in(bruno)
    assert client.post(f"/jugar/{game.code}/ejercicios/").status_code == 302
    exercise = Exercise.objects.get(live_action__game=game)
    assert exercise.live_action.side == BLACK and exercise.live_action.kind == Kind.MOVE
    page = client.get(exercise.get_absolute_url()).content.decode()
    assert 'id="practice-destinations"' in page and 'data-numbering="black"' in page
    illegal = client.post(exercise.get_absolute_url(), {"play": "24/18"})
    assert illegal.status_code == 400 and "Jugada ilegal" in illegal.content.decode()
    assert 'data-light="verde"' in client.post(exercise.get_absolute_url(), {"play": "8/5 6/5"}).content.decode()
    exercise.refresh_from_db()
    assert exercise.solved and exercise.attempts == 1


def test_nobody_else_reaches_a_player_s_exercises(ana, bruno):
    teacher = make_user("profe", teacher=True)
    make_classroom(teacher, students=[ana, bruno])
    game = played(ana, bruno)
    drain()
    create_exercises(game, WHITE)
    exercise = Exercise.objects.filter(live_action__game=game).first()
    for other in (signed_in(bruno), signed_in(teacher), Client()):
        assert other.get(exercise.get_absolute_url()).status_code == 404
        assert other.post(exercise.get_absolute_url(), {"respuesta": "doblar"}).status_code == 404
        assert exercise.get_absolute_url() not in other.get("/practica/ejercicios/").content.decode()
    watcher = make_user("carla")
    LiveGame.objects.filter(pk=game.pk).update(public=True)
    refused = signed_in(watcher).post(f"/jugar/{game.code}/ejercicios/")
    assert refused.status_code == 403 and "sus propios errores" in refused.content.decode()
    assert "Convertir mis errores" not in signed_in(watcher).get(game.get_review_url()).content.decode()
    assert signed_in(watcher).get(f"/jugar/{game.code}/ejercicios/").status_code == 405


def test_exercises_wait_for_the_review(ana, bruno):
    game = service.create_game(ana, black=bruno)
    response = signed_in(ana).post(f"/jugar/{game.code}/ejercicios/")
    assert response.status_code == 409 and "revisión" in response.content.decode()


def test_a_play_outside_gnubg_s_first_choices_is_graded_at_the_grading_depth(ana, bruno, settings):
    """gnubg's move filter leaves weak plays out of the deep look: they are graded as practice grades them."""
    settings.PRACTICE_GRADING_PLIES = 1
    game = service.create_game(ana, black=bruno)
    set_state(game, OPENING.replace(turn=WHITE, dice=(6, 5)), Phase.MOVE)
    act(game, ana, "move", play="8/3 8/2")
    act(game, ana, "resign")
    grade_game(LiveGame.objects.get(pk=game.pk))
    graded = game.actions.get(kind=Kind.MOVE)
    assert graded.colour == "rojo" and graded.best == "24/13"
    assert [entry["play"] for entry in graded.analysis["plays"] if entry["chosen"]] == ["8/3 8/2"]


def test_one_list_holds_the_exercises_of_practice_and_of_live_games(ana, bruno):
    match = PracticeMatch.objects.create(user=ana, xgid=OPENING.to_xgid(), phase="move")
    practice = Exercise.objects.create(action=add_mistake(match))
    game = played(ana, bruno)
    grade_game(game)
    create_exercises(game, WHITE)
    listing = signed_in(ana).get("/practica/ejercicios/").content.decode()
    assert practice.get_absolute_url() in listing
    assert listing.index(f'id="match-{match.pk}"') < listing.index(f'id="partida-{game.code}"')
    for exercise in Exercise.objects.filter(live_action__game=game):
        assert exercise.get_absolute_url() in listing
    assert signed_in(ana).get(practice.get_absolute_url()).status_code == 200
