"""The classroom's rules live on its models: publishing, deleting, renewing passwords, building exercises.

Each refusal is a ``ValidationError`` with a Spanish message and a stable
code; the views only show it.  The students' pages read their progress with
a fixed number of queries, however many assignments there are.
"""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.classroom_factories import OPENING_XGID, add_custom_exercise, lesson_puzzle, make_assignment, make_classroom, make_user
from tutor.accounts.onetime import create_account
from tutor.classroom import results
from tutor.classroom.attempts import submit
from tutor.classroom.exercises import draft_exercise
from tutor.classroom.models import Assignment, Exercise, Membership

pytestmark = pytest.mark.django_db

RIGHT = "24/18 13/10"


@pytest.fixture
def teacher():
    return make_user("profe", teacher=True)


def test_an_assignment_without_exercises_cannot_be_published(teacher):
    draft = make_assignment(make_classroom(teacher), published=False)
    with pytest.raises(ValidationError) as refusal:
        draft.publish()
    assert refusal.value.code == "no-exercises" and "al menos un ejercicio" in refusal.value.message
    assert not Assignment.objects.get(pk=draft.pk).is_published


def test_publishing_twice_publishes_once(teacher):
    draft = make_assignment(make_classroom(teacher), published=False)
    add_custom_exercise(draft)
    assert draft.publish() is True
    first = Assignment.objects.get(pk=draft.pk).published_at
    assert draft.publish() is False and Assignment.objects.get(pk=draft.pk).published_at == first


def test_what_students_answered_cannot_be_deleted(teacher):
    student = make_user("alumna")
    assignment = make_assignment(make_classroom(teacher, students=[student]))
    answered, untouched = add_custom_exercise(assignment), add_custom_exercise(assignment)
    submit(answered, answered.puzzle(), student, RIGHT)
    for record in (answered, assignment):
        with pytest.raises(ValidationError) as refusal:
            record.delete()
        assert refusal.value.code == "answered"
    untouched.delete()
    assert list(assignment.exercises.all()) == [answered]
    assert Exercise.objects.filter(pk=answered.pk).exists() and Assignment.objects.filter(pk=assignment.pk).exists()


def test_an_unanswered_assignment_is_deleted_with_its_exercises(teacher):
    assignment = make_assignment(make_classroom(teacher))
    add_custom_exercise(assignment)
    assignment.delete()
    assert not Exercise.objects.exists()


def test_a_teacher_renews_only_the_passwords_of_accounts_they_created(teacher):
    other_teacher = make_user("otra", teacher=True)
    created, _ = create_account("Lucía", teacher)
    own_signup = make_user("pablo")
    classroom = make_classroom(teacher, students=[created, own_signup])
    membership = Membership.objects.get(classroom=classroom, student=created)
    before = created.password
    password = membership.renew_password(teacher)
    created.refresh_from_db()
    assert password and created.password != before and created.check_password(password)
    for who, student in ((teacher, own_signup), (other_teacher, created)):
        with pytest.raises(ValidationError) as refusal:
            Membership.objects.get(classroom=classroom, student=student).renew_password(who)
        assert refusal.value.code == "not-created-by-teacher"
    created.refresh_from_db()
    assert created.check_password(password)


def test_exercises_are_appended_in_order_from_lessons_and_from_the_teacher(teacher):
    assignment = make_assignment(make_classroom(teacher))
    puzzle = lesson_puzzle()
    first, = assignment.add_puzzles([puzzle])
    draft = draft_exercise(question_key="jugada", title="", prompt="", play="", xgid=OPENING_XGID, dice="6-3")
    own = assignment.add_custom(**draft.fields)
    assert [(e.order, e.puzzle_slug) for e in assignment.exercises.all()] == [(0, puzzle.slug), (1, "")]
    assert (first.title, own.is_custom) == (puzzle.title, True)


def test_one_results_cell_is_the_cell_of_the_whole_grid(teacher):
    student = make_user("alumna")
    assignment = make_assignment(make_classroom(teacher, students=[student]))
    exercise = add_custom_exercise(assignment)
    submit(exercise, exercise.puzzle(), student, "6/off")
    submit(exercise, exercise.puzzle(), student, RIGHT)
    one = results.cell(assignment, student, exercise)
    whole = results.build_grid(assignment).cell(student.pk, exercise.pk)
    assert [a.pk for a in one.attempts] == [a.pk for a in whole.attempts] and one.label == whole.label == "Resuelto en el intento 2"


def _queries_for_the_assignment_list(student) -> int:
    client = Client()
    client.force_login(student)
    with CaptureQueriesContext(connection) as queries:
        assert client.get("/tareas/").status_code == 200
    return len(queries)


def test_the_students_assignment_list_costs_the_same_queries_for_two_or_six_assignments(teacher):
    student = make_user("alumna")
    classroom = make_classroom(teacher, students=[student])

    def add_assignments(count):
        for number in range(count):
            exercise = add_custom_exercise(make_assignment(classroom, title=f"Tarea {number}"))
            submit(exercise, exercise.puzzle(), student, RIGHT)

    add_assignments(2)
    with_two = _queries_for_the_assignment_list(student)
    add_assignments(4)
    assert _queries_for_the_assignment_list(student) == with_two
