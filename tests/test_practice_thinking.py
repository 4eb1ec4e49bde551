"""A practice decision answers at once; its light and the program's turn come after it, without a lock held.

The tests that watch the thread of the web process (``thinking``) run
with real commits (``transaction=True``): the thread has a connection of
its own and sees only what was committed.  GNU Backgammon is held back
by a gnubg_gate where a test must see the game before gnubg has answered.
"""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.db.models import F
from django.utils import timezone

from tests.practice_flow import a_legal_play, start
from tutor.engine import Position
from tutor.practice import game, program
from tutor.practice.models import COMPUTER, LEARNER, Action, Phase, PracticeMatch

pytestmark = pytest.mark.usefixtures("quick_and_reproducible", "fresh_rate_limits")


def settled(client, match: PracticeMatch, timeout: float = 30) -> PracticeMatch:
    """Ask the game's state, as the page's script does, until it waits for nothing."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        answer = client.get(f"/practica/{match.pk}/estado/").json()
        if not answer["pending"]:
            match.refresh_from_db()
            return match
        time.sleep(0.05)
    raise AssertionError("the light or the program's turn never arrived")


def placed(client, position: Position, phase: str) -> PracticeMatch:
    """A money game, once the program's opening turn is over, put at ``position`` in ``phase``."""
    match = settled(client, start(client, length=0))
    PracticeMatch.objects.filter(pk=match.pk).update(xgid=position.to_xgid(), phase=phase)
    match.refresh_from_db()
    return match


def to_my_move(client, match: PracticeMatch) -> PracticeMatch:
    """Roll without doubling until the learner has a play to make."""
    for _ in range(20):
        match = settled(client, match)
        if match.phase == Phase.MOVE:
            return match
        assert match.phase == Phase.ROLL, match.phase
        assert client.post(f"/practica/{match.pk}/tirar/", {"seq": match.seq}).status_code == 302
    raise AssertionError("the learner never got a play to make")


@pytest.mark.django_db(transaction=True)
def test_a_play_is_answered_before_its_light_exists_and_the_light_and_the_program_s_reply_follow(client, gnubg_gate):
    match = to_my_move(client, start(client, length=0))
    gnubg_gate.clear()  # gnubg cannot answer until the test says so
    response = client.post(f"/practica/{match.pk}/jugar/?seq={match.seq}", {"play": a_legal_play(match.position)})
    assert response.status_code == 302
    played = match.actions.get(side=LEARNER, kind=Action.Kind.MOVE, xgid=match.xgid)
    assert played.colour == "" and played.loss is None  # answered before the grade exists
    page = client.get(response["Location"]).content.decode()
    assert "GNU Backgammon está valorando tu decisión" in page and "El programa está pensando su jugada" in page
    assert "data-waiting" in page and '<meta http-equiv="refresh"' in page  # the script polls; without it, the page reloads
    assert client.get(f"/practica/{match.pk}/estado/").json()["pending"] is True

    gnubg_gate.set()
    match = settled(client, match)
    played.refresh_from_db()
    assert played.colour in ("verde", "ambar", "rojo")
    assert match.actions.filter(side=COMPUTER, number__gt=played.number).exists()
    assert match.phase != Phase.THINKING
    page = client.get(f"/practica/{match.pk}/").content.decode()
    assert f'data-light="{played.colour}"' in page and "data-waiting" not in page


@pytest.mark.django_db(transaction=True)
def test_a_double_is_answered_at_once_and_the_program_takes_or_passes_after_it(client, gnubg_gate):
    match = placed(client, Position.from_layout({6: 3, 5: 3, 4: 3}, {19: 2, 24: 1}, turn=LEARNER), Phase.ROLL)
    gnubg_gate.clear()
    assert client.post(f"/practica/{match.pk}/doblar/", {"seq": match.seq}).status_code == 302
    doubled = match.actions.get(side=LEARNER, kind=Action.Kind.DOUBLE)
    assert doubled.colour == "" and PracticeMatch.objects.get(pk=match.pk).phase == Phase.ANSWERING
    assert "El programa está pensando si acepta tu doble" in client.get(f"/practica/{match.pk}/").content.decode()
    gnubg_gate.set()
    settled(client, match)
    doubled.refresh_from_db()
    assert doubled.colour in ("verde", "ambar", "rojo")
    assert match.actions.filter(side=COMPUTER, kind__in=(Action.Kind.TAKE, Action.Kind.DROP)).count() == 1


@pytest.mark.django_db(transaction=True)
def test_an_answer_to_the_program_s_double_is_taken_at_once_and_graded_after_it(client, gnubg_gate):
    match = placed(client, Position.from_layout({19: 3, 20: 3, 21: 3}, {6: 2, 1: 1}, turn=COMPUTER), Phase.ANSWER)
    gnubg_gate.clear()
    assert client.post(f"/practica/{match.pk}/responder/", {"seq": match.seq, "respuesta": "aceptar"}).status_code == 302
    took = match.actions.get(side=LEARNER, kind=Action.Kind.TAKE)
    assert took.colour == ""
    gnubg_gate.set()
    settled(client, match)
    took.refresh_from_db()
    assert took.colour in ("verde", "ambar", "rojo") and took.best in ("Aceptar", "Abandonar")


@pytest.mark.django_db(transaction=True)
def test_no_transaction_is_open_while_gnubg_thinks(client, gnubg_gate):
    match = to_my_move(client, start(client, length=0))
    assert client.post(f"/practica/{match.pk}/pista/", {"seq": match.seq}).status_code == 302
    match.refresh_from_db()
    for _ in range(4):
        match = to_my_move(client, match)
        assert client.post(f"/practica/{match.pk}/jugar/?seq={match.seq}", {"play": a_legal_play(match.position)}).status_code == 302
        match = settled(client, match)
        if match.phase == Phase.GAME_OVER:
            break
    assert len(gnubg_gate.calls) >= 5  # the hint, the lights and the program's turns all asked gnubg
    assert not any(gnubg_gate.calls), "gnubg was asked inside a transaction"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("path", "phase", "data"),
    [("jugar", Phase.MOVE, {}), ("doblar", Phase.ROLL, {}), ("responder", Phase.ANSWER, {"respuesta": "aceptar"})],
)
def test_a_decision_from_a_stale_page_is_refused_with_409_in_spanish_and_changes_nothing(client, path, phase, data):
    match = start(client, length=0)
    position = Position.initial().replace(turn=LEARNER if phase != Phase.ANSWER else COMPUTER)
    if phase == Phase.MOVE:
        position = position.with_dice((3, 1))
    PracticeMatch.objects.filter(pk=match.pk).update(xgid=position.to_xgid(), phase=phase)
    match.refresh_from_db()
    before = (match.xgid, match.phase, match.seq, match.dice_thrown, match.actions.count())
    sent = {"play": a_legal_play(match.position) if phase == Phase.MOVE else "", **data}
    response = client.post(f"/practica/{match.pk}/{path}/?seq={match.seq - 1}", sent)
    assert response.status_code == 409
    assert "Esta acción llega tarde: la partida ha cambiado desde que cargaste la página" in response.content.decode()
    match.refresh_from_db()
    assert (match.xgid, match.phase, match.seq, match.dice_thrown, match.actions.count()) == before


@pytest.mark.django_db
def test_the_program_s_turn_thought_from_a_seq_that_changed_is_dropped(client, monkeypatch):
    match = start(client, length=0)
    thinks = Position.initial().replace(turn=COMPUTER)
    PracticeMatch.objects.filter(pk=match.pk).update(xgid=thinks.to_xgid(), phase=Phase.THINKING)
    before = match.actions.count()
    real = game.program_decides

    def decides_while_another_writes(current, turn):
        real(current, turn)
        PracticeMatch.objects.filter(pk=current.pk).update(seq=F("seq") + 1)

    monkeypatch.setattr(game, "program_decides", decides_while_another_writes)
    assert program.play(match.pk) is False
    assert match.actions.count() == before
    assert PracticeMatch.objects.get(pk=match.pk).phase == Phase.THINKING


@pytest.mark.django_db
def test_a_program_s_turn_left_by_a_process_that_died_is_finished_by_the_next_page_load(client):
    match = start(client, length=0)
    thinks = Position.initial().replace(turn=COMPUTER)
    dead_lease = timezone.now() - timedelta(seconds=1)
    PracticeMatch.objects.filter(pk=match.pk).update(xgid=thinks.to_xgid(), phase=Phase.THINKING, thinking_until=dead_lease)
    assert client.get(f"/practica/{match.pk}/").status_code == 200
    match.refresh_from_db()
    assert match.phase in (Phase.ROLL, Phase.MOVE) and match.thinking_until is None
    assert match.actions.filter(side=COMPUTER, kind=Action.Kind.MOVE).exists()


@pytest.mark.django_db
def test_a_program_s_turn_another_process_is_thinking_is_left_to_it(client):
    match = start(client, length=0)
    thinks = Position.initial().replace(turn=COMPUTER)
    lease = timezone.now() + timedelta(seconds=20)
    PracticeMatch.objects.filter(pk=match.pk).update(xgid=thinks.to_xgid(), phase=Phase.THINKING, thinking_until=lease)
    before = match.actions.count()
    page = client.get(f"/practica/{match.pk}/").content.decode()
    assert "El programa está pensando su jugada" in page
    assert client.get(f"/practica/{match.pk}/estado/").json()["pending"] is True
    assert match.actions.count() == before


@pytest.mark.django_db(transaction=True)
def test_a_learner_with_a_play_to_type_is_not_reloaded_while_the_no_double_s_light_is_on_its_way(client, gnubg_gate):
    match = placed(client, Position.initial().replace(turn=LEARNER), Phase.ROLL)
    gnubg_gate.clear()
    assert client.post(f"/practica/{match.pk}/tirar/", {"seq": match.seq}).status_code == 302
    page = client.get(f"/practica/{match.pk}/").content.decode()
    assert PracticeMatch.objects.get(pk=match.pk).phase == Phase.MOVE
    assert "data-light-pending" in page and "data-waiting" in page  # the script still brings the light
    assert 'http-equiv="refresh"' not in page  # a page without it does not empty the play's text box
    gnubg_gate.set()
    settled(client, match)
    assert match.actions.get(kind=Action.Kind.NO_DOUBLE).colour == "verde"


@pytest.mark.django_db(transaction=True)
def test_a_light_handed_over_later_is_given_before_the_program_s_turns_that_wait(monkeypatch, settings):
    """One thread.  A's turn and B's are queued while the thread grades B's light; C comes in then: C's light goes first."""
    import threading

    from tutor.practice import thinking

    settings.PRACTICE_EVALUATORS = 1
    a, b, c = (PracticeMatch.objects.create(xgid=Position.initial().to_xgid(), phase=Phase.ROLL).pk for _ in range(3))
    done: list[tuple[str, int]] = []
    played: set[int] = set()
    grading = {pk: threading.Event() for pk in (a, b)}
    let_go = {pk: threading.Event() for pk in (a, b)}

    def grade_pending(match):
        if match.pk in let_go:
            grading[match.pk].set()
            assert let_go[match.pk].wait(30), "the test never let the light go"
        done.append(("light", match.pk))
        return 1

    def play(pk):
        done.append(("turn", pk))
        played.add(pk)
        return True

    monkeypatch.setattr(program, "pending", lambda match: match.pk not in played)
    monkeypatch.setattr(program, "grade_pending", grade_pending)
    monkeypatch.setattr(program, "play", play)
    runner = thinking.Runner()
    runner.submit(a)
    runner.submit(b)
    assert grading[a].wait(30)
    let_go[a].set()  # A's turn is queued now, behind B's light
    assert grading[b].wait(30)
    runner.submit(c)  # C's light comes after A's turn in time, but goes before it
    let_go[b].set()
    deadline = time.monotonic() + 30
    while runner.mine and time.monotonic() < deadline:
        time.sleep(0.01)
    assert done == [("light", a), ("light", b), ("light", c), ("turn", a), ("turn", b), ("turn", c)]
    assert not runner.mine
