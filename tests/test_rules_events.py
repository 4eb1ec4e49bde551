"""Answers as events: every app that judges an answer sends one ``AnswerJudged``; training and
the classroom listen, and the lessons ask the gates that the classroom registers."""

from __future__ import annotations

import pytest

from tests.classroom_factories import (
    add_lesson_exercise,
    lesson_puzzle,
    make_assignment,
    make_classroom,
    make_user,
)
from tests.practice_flow import add_mistake, start
from tutor.classroom import attempts
from tutor.classroom.solutions import AssignmentGate
from tutor.drills import generate
from tutor.engine import Position
from tutor.lessons import gates
from tutor.play import service
from tutor.practice.game import IllegalPlay
from tutor.practice.models import Exercise
from tutor.rules import AnswerJudged, Channel, RuleCode, Source, answer_judged
from tutor.training import memory

ON_THE_BAR = Position.from_layout({"bar": 1, 13: 14}, {6: 2, 1: 13}, dice=(6, 3))


@pytest.fixture
def heard():
    events: list[AnswerJudged] = []
    answer_judged.connect(events.append, uid="test-heard")
    yield events
    answer_judged.disconnect("test-heard")


def test_a_channel_calls_each_receiver_once_in_order_and_lets_errors_reach_the_sender():
    channel: Channel[int] = Channel("numbers")
    calls = []
    channel.connect(lambda n: calls.append(("a", n)), uid="a")
    channel.connect(lambda n: calls.append(("b", n)), uid="b")
    channel.connect(lambda n: calls.append(("a again", n)), uid="a")  # replaces, keeps its place
    channel.send(1)
    assert calls == [("a again", 1), ("b", 1)]
    channel.disconnect("a")
    channel.connect(lambda n: 1 / n, uid="divide")
    with pytest.raises(ZeroDivisionError):
        channel.send(0)


def test_an_illegal_play_is_a_wrong_answer_on_every_rule_its_reasons_break():
    event = AnswerJudged.illegal_play("who", ON_THE_BAR.check("bar/3"), Source.LIVE)
    assert event == AnswerJudged("who", (RuleCode.ENTER_POINT,), False, Source.LIVE, "bar/3")


@pytest.mark.django_db
def test_a_lesson_puzzle_answered_is_sent_with_its_rules_and_its_slug(client, heard):
    puzzle = lesson_puzzle("numero")
    client.post(f"/api/puzzles/{puzzle.slug}/check/", {"answer": puzzle.answer}, content_type="application/json")
    assert [(event.source, event.item, event.correct) for event in heard] == [(Source.PUZZLE, puzzle.slug, True)]


@pytest.mark.django_db
def test_a_drill_answered_is_sent_and_remembered_by_training(client, heard):
    drill = generate("bar-first", 1, 0)
    client.post(f"/api/drills/check/{drill.id}/", {"play": drill.tempting}, content_type="application/json")
    assert [(event.source, event.rules, event.correct) for event in heard] == [(Source.DRILL, (RuleCode.BAR_FIRST,), False)]
    request = heard[0].who
    assert memory.memories(request)["bar-first"].total == 1


@pytest.mark.django_db
def test_an_assignment_exercise_answered_is_sent_with_the_student(heard):
    student = make_user("ana")
    assignment = make_assignment(make_classroom(make_user("profe", teacher=True), students=[student]))
    puzzle = lesson_puzzle("numero")
    exercise = add_lesson_exercise(assignment, puzzle)
    attempts.submit(exercise, puzzle, student, "0")
    assert [(event.who, event.source, event.item) for event in heard] == [(student, Source.ASSIGNMENT, puzzle.slug)]


@pytest.mark.django_db
def test_an_illegal_play_in_a_live_game_is_sent_as_a_wrong_answer(settings, heard):
    settings.PRACTICE_DICE_SEED = 7
    white, black = make_user("ana"), make_user("bruno")
    game = service.create_game(white, black=black)
    mover = (white, black)[game.side_to_act()]
    with pytest.raises(IllegalPlay):
        service.run(game.pk, mover, "move", seq=game.seq, play="24/10")
    assert [(event.who, event.source, event.correct) for event in heard] == [(mover, Source.LIVE, False)]


@pytest.mark.django_db
def test_an_illegal_play_in_a_practice_exercise_is_sent_as_a_wrong_answer(client, heard):
    match = start(client, length=0)
    mistake = add_mistake(match)
    client.post(f"/practica/{match.pk}/ejercicios/")
    exercise = Exercise.objects.get(action=mistake)
    heard.clear()
    client.post(exercise.get_absolute_url(), {"play": "24/18"})
    assert [(event.source, event.correct, event.item) for event in heard] == [(Source.PRACTICE, False, "24/18")]


class Closed:
    def puzzle_refusal(self, user, slug):
        return f"Aún no: {slug}."

    def question_refusal(self, user, key):
        return "Aún no."


@pytest.mark.django_db
def test_the_lessons_ask_every_registered_gate_before_giving_a_solution(client):
    puzzle = lesson_puzzle("numero")
    gates.register_gate(Closed(), uid="test-closed")
    try:
        refused = client.get(f"/api/puzzles/{puzzle.slug}/solution/")
        assert refused.status_code == 403 and refused.json()["error"] == f"Aún no: {puzzle.slug}."
    finally:
        gates.unregister_gate("test-closed")
    assert client.get(f"/api/puzzles/{puzzle.slug}/solution/").status_code == 200


def test_the_classroom_registers_its_gate_and_hears_the_solutions_shown():
    assert any(isinstance(gate, AssignmentGate) for gate in gates._gates.values())
    assert "classroom-solution-views" in gates.solution_shown._receivers
