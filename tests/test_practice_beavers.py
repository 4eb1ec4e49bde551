"""Beavers against the program: chosen like the Jacoby rule, answered by gnubg's evaluation, exported as gnubg writes them."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from tests.gnubg_import import imported
from tests.practice_flow import decide, settle, wait_for_the_program
from tutor.engine import Position
from tutor.games.driver import record
from tutor.practice.background import drain
from tutor.practice.models import COMPUTER, LEARNER, Action, Phase, PracticeMatch

pytestmark = [pytest.mark.usefixtures("quick_and_reproducible"), pytest.mark.django_db]


@pytest.fixture(autouse=True)
def rate_limits_left_as_found():
    """A game played through is many requests: the tests after these start from zero, as these do."""
    cache.clear()
    yield
    cache.clear()


def start_with_beavers(client, beavers: bool = True) -> PracticeMatch:
    data = {"length": 0, "level": "intermedio", **({"beavers": "on"} if beavers else {})}
    response = client.post("/practica/nueva/", data)
    assert response.status_code == 302
    return PracticeMatch.objects.latest("pk")


def doubled_by_the_program(match: PracticeMatch, position: Position) -> PracticeMatch:
    """The program on roll has just doubled in ``position`` (recorded as a game would), the learner to answer."""
    record(match, COMPUTER, Action.Kind.DOUBLE, position)
    match.xgid, match.phase = position.to_xgid(), Phase.ANSWER
    match.save()
    match.refresh_from_db()
    return match


def beaver(client, match: PracticeMatch):
    return client.post(f"/practica/{match.pk}/responder/", {"seq": match.seq, "respuesta": "beaver"})


def test_the_start_page_offers_beavers_and_a_match_never_keeps_them(client):
    assert "Con beavers (solo en partidas por dinero)" in client.get("/practica/").content.decode()
    client.post("/practica/nueva/", {"length": 3, "level": "intermedio", "beavers": "on"})
    assert PracticeMatch.objects.latest("pk").beavers is False


def test_without_the_option_a_beaver_is_refused_and_the_button_is_not_shown(client):
    match = doubled_by_the_program(start_with_beavers(client, beavers=False), Position.initial(turn=COMPUTER))
    assert "data-action-beaver" not in client.get(f"/practica/{match.pk}/").content.decode()
    assert beaver(client, match).status_code == 409
    match.refresh_from_db()
    assert match.phase == Phase.ANSWER


def test_a_beaver_of_an_early_double_is_taken_by_the_program_played_out_and_imported_by_gnubg_at_four(client, tmp_path):
    match = doubled_by_the_program(start_with_beavers(client), Position.initial(turn=COMPUTER))
    page = client.get(f"/practica/{match.pk}/").content.decode()
    assert "data-action-beaver" in page and "data-beavers" in page
    assert beaver(client, match).status_code == 302
    match.refresh_from_db()
    assert match.actions.get(kind=Action.Kind.BEAVER).side == LEARNER
    wait_for_the_program(client, match)
    graded = match.actions.get(kind=Action.Kind.BEAVER)
    assert graded.colour == "verde" and graded.best == "Beaver"
    taken = match.actions.filter(side=COMPUTER, kind=Action.Kind.TAKE).get()
    assert taken.points == 4
    assert "Haces beaver y el programa acepta: el cubo está en 4" in client.get(f"/practica/{match.pk}/").content.decode()
    assert match.position.cube_value == 4 and match.position.cube_owner == LEARNER
    for _ in range(300):
        match.refresh_from_db()
        if match.phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
            break
        assert decide(client, match, double_once={match.game_number}).status_code == 302
    result = match.actions.get(kind=Action.Kind.RESULT)
    assert result.points % 4 == 0
    exported = client.get(f"/practica/{match.pk}/partida.mat").content.decode()
    assert "Beavers => 4" in exported and "Takes" not in exported
    ((x, o, winner, points),) = imported([(exported, False)], tmp_path)[0][:1]
    assert (x, o, points) == (0, 0, result.points)
    assert winner == ("X" if result.side == 0 else "O")


def test_the_program_drops_a_beaver_of_a_hopeless_double_and_the_learner_wins_the_doubled_value(client, tmp_path):
    hopeless = Position.from_layout({24: 15}, {1: 1}, turn=COMPUTER) if COMPUTER == 0 else Position.from_layout(
        {1: 1}, {24: 15}, turn=COMPUTER)
    match = doubled_by_the_program(start_with_beavers(client), hopeless)
    assert beaver(client, match).status_code == 302
    match.refresh_from_db()
    assert match.phase == Phase.BEAVERED and not match.actions.filter(side=COMPUTER, kind=Action.Kind.DROP).exists()
    wait_for_the_program(client, match)
    assert match.phase == Phase.GAME_OVER
    result = match.actions.get(kind=Action.Kind.RESULT)
    assert (result.side, result.points) == (LEARNER, 2)
    exported = client.get(f"/practica/{match.pk}/partida.mat").content.decode()
    assert "Beavers => 4" in exported and "Drops" in exported
    ((x, o, winner, points),) = imported([(exported, False)], tmp_path)[0][:1]
    assert (x, o, points) == (0, 0, 2) and winner == ("X" if LEARNER == 0 else "O")
    drain()
    assert client.get(f"/practica/{match.pk}/revision/").status_code == 200
    assert not match.actions.get(side=COMPUTER, kind=Action.Kind.DROP).colour


def learner_to_double(match: PracticeMatch, position: Position) -> PracticeMatch:
    PracticeMatch.objects.filter(pk=match.pk).update(xgid=position.to_xgid(), phase=Phase.ROLL)
    match.refresh_from_db()
    return match


HOPELESS_FOR_THE_LEARNER = Position.from_layout({24: 15}, {20: 2}, turn=LEARNER)
"""The learner, on roll, far behind in the race: a double the program beavers, since taking leaves it well ahead."""


@pytest.mark.parametrize("answer", ["abandonar", "aceptar"])
def test_the_program_beavers_a_hopeless_double_in_its_turn_and_the_learner_answers_it(client, tmp_path, answer):
    match = learner_to_double(start_with_beavers(client), HOPELESS_FOR_THE_LEARNER)
    assert client.post(f"/practica/{match.pk}/doblar/", {"seq": match.seq}).status_code == 302
    match.refresh_from_db()
    assert match.phase == Phase.ANSWERING and not match.actions.filter(kind=Action.Kind.BEAVER).exists()
    wait_for_the_program(client, match)
    assert match.phase == Phase.BEAVER
    assert match.actions.get(kind=Action.Kind.BEAVER).side == COMPUTER
    page = client.get(f"/practica/{match.pk}/").content.decode()
    assert "El programa hace beaver: si aceptas, el cubo pasa a 4 y sigue siendo suyo." in page and "data-answer-beaver" in page
    assert client.post(f"/practica/{match.pk}/responder/", {"seq": match.seq, "respuesta": answer}).status_code == 302
    match.refresh_from_db()
    wait_for_the_program(client, match)
    settle(client, match)  # the light of the answer, after the request
    answered = match.actions.get(side=LEARNER, kind=Action.Kind.DROP if answer == "abandonar" else Action.Kind.TAKE)
    assert answered.colour == ("verde" if answer == "abandonar" else "rojo")
    if answer == "aceptar":
        assert match.phase == Phase.MOVE and (match.position.cube_value, match.position.cube_owner) == (4, COMPUTER)
        return
    result = match.actions.get(kind=Action.Kind.RESULT)
    assert (result.side, result.points) == (COMPUTER, 2)
    exported = client.get(f"/practica/{match.pk}/partida.mat").content.decode()
    assert "Doubles => 2" in exported and "Beavers => 4" in exported and "Drops" in exported
    ((x, o, winner, points),) = imported([(exported, False)], tmp_path)[0][:1]
    assert (x, o, winner, points) == (0, 0, "O", 2)


def test_a_take_where_the_beaver_was_right_is_measured_against_the_beaver(client):
    match = doubled_by_the_program(start_with_beavers(client), Position.initial(turn=COMPUTER))
    assert client.post(f"/practica/{match.pk}/responder/", {"seq": match.seq, "respuesta": "aceptar"}).status_code == 302
    match.refresh_from_db()
    wait_for_the_program(client, match)
    settle(client, match)
    taken = match.actions.get(side=LEARNER, kind=Action.Kind.TAKE)
    assert taken.best == "Beaver" and taken.loss > 0
