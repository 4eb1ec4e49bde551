"""Groups, exercises and attempts: join codes, puzzles rebuilt for judging,
and one numbered attempt row for every submission."""

from __future__ import annotations

from datetime import timedelta
from unittest import mock

import pytest
from django.db import IntegrityError

from tests.classroom_factories import (
    add_custom_exercise,
    add_lesson_exercise,
    lesson_puzzle,
    make_assignment,
    make_classroom,
    make_user,
)
from tutor.classroom import attempts
from tutor.classroom.models import CODE_ALPHABET, CODE_LENGTH, Attempt, normalise_code

pytestmark = pytest.mark.django_db


@pytest.fixture
def setup():
    teacher = make_user("profe", teacher=True)
    student = make_user("lucia")
    classroom = make_classroom(teacher, students=[student])
    assignment = make_assignment(classroom)
    return teacher, student, classroom, assignment


def test_each_group_gets_its_own_readable_join_code():
    teacher = make_user("profe", teacher=True)
    codes = {make_classroom(teacher, f"G{n}").join_code for n in range(20)}
    assert len(codes) == 20
    assert all(len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET) for code in codes)
    assert not set("IO01") & set(CODE_ALPHABET)


def test_a_typed_code_is_read_without_dashes_spaces_or_case():
    assert normalise_code(" k7qm-2xrt ") == "K7QM2XRT"


def test_a_lesson_exercise_judges_with_the_lesson_puzzle(setup):
    _, _, _, assignment = setup
    puzzle = lesson_puzzle("jugada")
    exercise = add_lesson_exercise(assignment, puzzle)
    assert exercise.puzzle() == puzzle and not exercise.is_custom


def test_a_custom_exercise_is_rebuilt_as_a_validated_puzzle(setup):
    _, _, _, assignment = setup
    exercise = add_custom_exercise(assignment, question_key="legalidad", play="24/18 13/10")
    puzzle = exercise.puzzle()
    assert exercise.is_custom
    assert puzzle.kind == "legalidad" and puzzle.play == "24/18 13/10" and puzzle.answer == "si"
    assert puzzle.position.to_xgid() == exercise.xgid


def test_a_lesson_puzzle_that_disappeared_gives_no_puzzle_instead_of_an_error(setup):
    _, _, _, assignment = setup
    exercise = add_lesson_exercise(assignment, lesson_puzzle("jugada"))
    exercise.puzzle_slug = "ya-no-existe"
    exercise.save()
    exercise.refresh_from_db()
    assert exercise.puzzle() is None


def test_every_submission_is_one_numbered_attempt_with_its_verdict(setup):
    _, student, _, assignment = setup
    exercise = add_custom_exercise(assignment)
    puzzle = exercise.puzzle()
    first, wrong = attempts.submit(exercise, puzzle, student, "24/18 13/9")
    second, right = attempts.submit(exercise, puzzle, student, "24/18 13/10")
    third, _ = attempts.submit(exercise, puzzle, student, "24/18 13/10")
    assert [first.number, second.number, third.number] == [1, 2, 3]
    assert not wrong.correct and right.correct
    assert first.codes == " ".join(wrong.codes) and first.legal is False
    assert first.verdict["message"] == wrong.message
    assert first.reasons[0]["code"] == wrong.codes[0]
    assert Attempt.objects.filter(student=student).count() == 3


def test_a_numbering_collision_is_retried_so_no_submission_is_lost(setup):
    _, student, _, assignment = setup
    exercise = add_custom_exercise(assignment)
    puzzle = exercise.puzzle()
    attempts.submit(exercise, puzzle, student, "24/18 13/10")
    real_create = Attempt.objects.create
    calls = []

    def collide_once(**fields):
        calls.append(fields["number"])
        if len(calls) == 1:
            raise IntegrityError("UNIQUE constraint failed: attempt_number_once")
        return real_create(**fields)

    with mock.patch.object(Attempt.objects, "create", side_effect=collide_once):
        attempt, _ = attempts.submit(exercise, puzzle, student, "24/18 13/9")
    assert calls == [2, 2] and attempt.number == 2
    assert Attempt.objects.filter(student=student, exercise=exercise).count() == 2


def test_a_very_long_answer_is_cut_and_its_codes_are_listed_once(setup):
    _, student, _, assignment = setup
    exercise = add_custom_exercise(assignment)
    attempt, judgement = attempts.submit(exercise, exercise.puzzle(), student, "13/7 " * 100)
    attempt.refresh_from_db()
    assert len(attempt.text) == attempts.MAX_TEXT
    assert len(judgement.codes) > len(attempt.code_list) == len(set(attempt.code_list))


def test_attempts_after_the_due_date_are_late(setup):
    _, student, classroom, _ = setup
    overdue = make_assignment(classroom, due_in=-timedelta(hours=1))
    exercise = add_custom_exercise(overdue)
    attempt, _ = attempts.submit(exercise, exercise.puzzle(), student, "24/18 13/10")
    assert attempt.is_late and overdue.is_past_due
