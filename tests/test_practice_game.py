"""A practice match played through the HTTP interface, and each decision's rules."""

from __future__ import annotations

import re

import pytest

from tests.practice_flow import a_legal_play, decide, settle, start
from tutor.engine import Position
from tutor.practice import evaluator
from tutor.practice.grading import DEFAULT_LEVELS
from tutor.practice.models import COMPUTER, LEARNER, Action, Level, Phase, PracticeMatch

pytestmark = pytest.mark.usefixtures("quick_and_reproducible")


def to_my_move(client, match: PracticeMatch) -> None:
    """Roll (without doubling) until the learner has a play to make."""
    while match.phase != Phase.MOVE:
        assert decide(client, match, double_once={match.game_number}).status_code == 302
        match.refresh_from_db()


def steer_into_a_race_the_computer_cashes(match: PracticeMatch) -> None:
    """Put the game, cube at 2 owned by the computer, into a bear-off race the computer should cash.

    The learner, to play 2-1, bears off two of its last three checkers and
    must wait a turn for the third.  The computer then bears off both of its
    last two unless it rolls 2-1, 3-1, 3-2 or 1-1 (29 rolls in 36): at 0-0
    to 3, redoubling to 4 is right and the learner should pass.  The scenario
    drives the redouble and the pass this way instead of waiting for the
    dice of one seed to produce them.
    """
    position = match.position
    race = Position.from_layout(
        {1: 3},
        {21: 1, 24: 1},
        turn=LEARNER,
        dice=(2, 1),
        cube_value=2,
        cube_owner=COMPUTER,
        match_length=position.match_length,
        score=position.score,
    )
    PracticeMatch.objects.filter(pk=match.pk).update(xgid=race.to_xgid(), phase=Phase.MOVE)
    match.refresh_from_db()


@pytest.mark.django_db
def test_a_whole_match_to_3_points_is_played_to_the_end_through_http_with_a_cube_action_and_a_crawford_game(client):
    match = start(client)
    doubled: set[int] = set()
    crawford_pages = []
    steered = False
    for _ in range(300):
        match.refresh_from_db()
        if match.phase == Phase.MATCH_OVER:
            break
        page = client.get(f"/practica/{match.pk}/")
        assert page.status_code == 200
        if match.position.crawford:
            crawford_pages.append(page.content.decode())
        if not steered and match.phase == Phase.MOVE and match.position.cube_owner == COMPUTER:
            # The learner doubled at its first roll and the computer took: now the redouble.
            steer_into_a_race_the_computer_cashes(match)
            steered = True
        response = decide(client, match, double_once=doubled)
        assert response.status_code == 302, response.content.decode()[:2000]
    assert steered, "the computer never took the learner's opening double"
    assert match.phase == Phase.MATCH_OVER

    actions = list(match.actions.all())
    kinds = [(action.side, action.kind) for action in actions]
    assert (LEARNER, Action.Kind.DOUBLE) in kinds and (COMPUTER, Action.Kind.TAKE) in kinds
    assert (COMPUTER, Action.Kind.DOUBLE) in kinds and (LEARNER, Action.Kind.DROP) in kinds

    # The Crawford game was announced, offered no double and was played at a centred cube.
    assert crawford_pages and all("Partida Crawford" in page for page in crawford_pages)
    assert not any("data-action-double" in page for page in crawford_pages)
    crawford_games = {action.game_number for action in actions if action.position.crawford}
    assert crawford_games and not any(
        action.kind == Action.Kind.DOUBLE for action in actions if action.game_number in crawford_games
    )

    # Every game ended with a result worth the cube times single, gammon or backgammon; the score adds up.
    results = [action for action in actions if action.kind == Action.Kind.RESULT]
    assert len(results) == match.game_number
    for result in results:
        multiplier = {"single": 1, "gammon": 2, "backgammon": 3}[result.result_kind]
        assert result.points % multiplier == 0
    learner, computer = match.score
    assert max(learner, computer) >= 3 and (learner, computer) == (
        sum(r.points for r in results if r.side == LEARNER),
        sum(r.points for r in results if r.side == COMPUTER),
    )

    # Every play of the learner that was a real choice got a light; cube decisions too.
    plays = [a for a in actions if a.side == LEARNER and a.kind == Action.Kind.MOVE and a.play]
    assert plays and all(action.colour in ("verde", "ambar", "rojo") for action in plays)
    assert all(a.colour for a in actions if a.side == LEARNER and a.kind in (Action.Kind.DOUBLE, Action.Kind.DROP))

    final = client.get(f"/practica/{match.pk}/")
    assert "El match ha terminado" in final.content.decode()
    review = client.get(f"/practica/{match.pk}/revision/")
    assert review.status_code == 200
    exported = client.get(f"/practica/{match.pk}/partida.mat").content.decode()
    assert exported.startswith(" 3 point match")
    assert exported.count(" Game ") == match.game_number
    assert "Doubles => 2" in exported and "Drops" in exported and "and the match" in exported


@pytest.mark.django_db
def test_the_learner_s_legal_play_gets_a_light_and_the_computer_answers(client):
    match = start(client, length=0)
    to_my_move(client, match)
    before = match.actions.count()
    response = client.post(f"/practica/{match.pk}/jugar/?seq={match.seq}", {"play": a_legal_play(match.position)})
    assert response.status_code == 302
    page = client.get(f"/practica/{match.pk}/").content.decode()
    assert re.search(r'data-light="(verde|ambar|rojo)"', page)
    assert "Lo mejor según gnubg" in page
    match.refresh_from_db()
    assert match.actions.filter(side=COMPUTER, number__gt=before).exists() or match.phase == Phase.GAME_OVER


@pytest.mark.django_db
def test_an_illegal_typed_play_is_explained_in_spanish_without_a_colour_and_changes_nothing(client):
    match = start(client, length=0)
    to_my_move(client, match)
    state = (match.xgid, match.seq, match.actions.count())
    response = client.post(f"/practica/{match.pk}/jugar/?seq={match.seq}", {"play": "24/12 6/off"})
    assert response.status_code == 400
    page = response.content.decode()
    assert "Jugada ilegal" in page and 'data-code="' in page
    assert "data-light=" not in page.split('id="tablero"')[1]
    match.refresh_from_db()
    assert (match.xgid, match.seq, match.actions.count()) == state


@pytest.mark.django_db
def test_an_unreadable_play_is_explained_too(client):
    match = start(client, length=0)
    to_my_move(client, match)
    response = client.post(f"/practica/{match.pk}/jugar/?seq={match.seq}", {"play": "hola"})
    assert response.status_code == 400
    assert "No entiendo" in response.content.decode()


@pytest.mark.django_db
def test_an_unavailable_evaluator_keeps_the_learner_s_play_and_the_page_says_so_until_gnubg_answers(client, monkeypatch):
    match = start(client, length=0)
    to_my_move(client, match)
    played = a_legal_play(match.position)

    def unavailable(*args, **kwargs):
        raise evaluator.EvaluatorUnavailable("down")

    monkeypatch.setattr(evaluator, "_run", unavailable)
    response = client.post(f"/practica/{match.pk}/jugar/?seq={match.seq}", {"play": played})
    assert response.status_code == 302  # the play needs no gnubg to be taken
    page = client.get(f"/practica/{match.pk}/")
    assert page.status_code == 503
    assert "El evaluador no está disponible ahora mismo; tu partida está guardada." in page.content.decode()
    assert "GNU Backgammon está valorando tu decisión" in page.content.decode()
    kept = match.actions.get(side=LEARNER, kind=Action.Kind.MOVE, xgid=match.xgid)
    assert kept.colour == "" and PracticeMatch.objects.get(pk=match.pk).phase == Phase.THINKING

    monkeypatch.undo()
    assert client.get(f"/practica/{match.pk}/").status_code == 200
    kept.refresh_from_db()
    assert kept.colour in ("verde", "ambar", "rojo")
    assert match.actions.filter(side=COMPUTER, number__gt=kept.number).exists()


@pytest.mark.django_db
def test_a_decision_sent_from_an_old_page_is_refused_with_409(client):
    match = start(client, length=0)
    response = client.post(f"/practica/{match.pk}/tirar/", {"seq": match.seq - 1})
    assert response.status_code == 409
    assert "ha cambiado" in response.content.decode()


@pytest.mark.django_db
def test_a_decision_out_of_turn_is_refused_with_409_and_a_reason(client):
    match = start(client, length=0)
    wrong = "/responder/" if match.phase != Phase.ANSWER else "/tirar/"
    response = client.post(f"/practica/{match.pk}{wrong}", {"seq": match.seq, "respuesta": "aceptar"})
    assert response.status_code == 409
    assert 'role="alert"' in response.content.decode()


@pytest.mark.django_db
def test_nobody_may_double_in_the_crawford_game(client):
    match = start(client, length=3)
    crawford = Position.initial(match_length=3, score=(0, 2), crawford=True)
    match.xgid = crawford.to_xgid()
    match.phase = Phase.ROLL
    match.save()
    page = client.get(f"/practica/{match.pk}/").content.decode()
    assert "Partida Crawford" in page and "data-action-double" not in page
    response = client.post(f"/practica/{match.pk}/doblar/", {"seq": match.seq})
    assert response.status_code == 409
    assert "nadie puede doblar" in response.content.decode()


@pytest.mark.django_db
def test_the_hint_shows_gnubg_s_best_play_and_the_play_made_with_it_is_marked(client):
    match = start(client, length=0)
    to_my_move(client, match)
    assert client.post(f"/practica/{match.pk}/pista/", {"seq": match.seq}).status_code == 302
    match.refresh_from_db()
    best = evaluator.analyse_plays(match.position).best.notation
    page = client.get(f"/practica/{match.pk}/").content.decode()
    assert f"gnubg jugaría <code>{best}</code>" in page
    client.post(f"/practica/{match.pk}/jugar/?seq={match.seq}", {"play": best})
    settle(client, match)  # the light comes after the play
    played = match.actions.filter(side=LEARNER, kind=Action.Kind.MOVE).last()
    assert played.hinted and played.colour == "verde"


@pytest.mark.django_db
def test_hints_run_out_after_the_limit_of_the_game(client, settings):
    settings.PRACTICE_HINTS_PER_GAME = 2
    match = start(client, length=0)
    to_my_move(client, match)
    match.hints_used = 2
    match.save()
    response = client.post(f"/practica/{match.pk}/pista/", {"seq": match.seq})
    assert response.status_code == 409
    assert "Ya has usado las 2 pistas de esta partida." in response.content.decode()
    match.refresh_from_db()
    assert match.hint is None


@pytest.mark.django_db
def test_an_answer_other_than_take_or_pass_is_refused(client):
    match = start(client, length=0)
    response = client.post(f"/practica/{match.pk}/responder/", {"seq": match.seq, "respuesta": "quizá"})
    assert response.status_code == 400
    assert "aceptar" in response.content.decode()


def test_every_level_offered_has_a_depth_and_a_noise_for_the_computer():
    assert set(DEFAULT_LEVELS) == set(Level.values)


@pytest.mark.django_db
def test_the_dice_seed_makes_a_match_replay_identically(client):
    first = start(client, length=0)
    second = start(client, length=0)
    assert (first.xgid, first.phase, first.last_turn) == (second.xgid, second.phase, second.last_turn)
