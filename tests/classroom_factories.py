"""Builders for the accounts and classroom tests: users, groups, assignments, exercises."""

from __future__ import annotations

import json
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from tutor.accounts.models import Profile
from tutor.classroom.exercises import draft_exercise
from tutor.classroom.models import Assignment, Classroom, Exercise, Membership
from tutor.lessons.library import get_library

PASSWORD = "tablero-verde-2024"
OPENING_XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"


def make_user(username: str, *, teacher: bool = False, name: str = "") -> object:
    user = get_user_model().objects.create_user(username, password=PASSWORD, first_name=name or username.title())
    Profile.objects.create(user=user, is_teacher=teacher)
    return user


def signed_in(user) -> Client:
    """A test client with ``user`` signed in."""
    client = Client()
    client.force_login(user)
    return client


def make_classroom(teacher, name: str = "2.º B", students=()) -> Classroom:
    classroom = Classroom.objects.create(teacher=teacher, name=name)
    for student in students:
        Membership.objects.create(classroom=classroom, student=student)
    return classroom


def make_assignment(classroom, *, title: str = "Primeros pasos", published: bool = True, due_in: timedelta = timedelta(days=7)) -> Assignment:
    return Assignment.objects.create(
        classroom=classroom,
        title=title,
        instructions="Resolved todos.",
        due_at=timezone.now() + due_in,
        published_at=timezone.now() if published else None,
    )


def lesson_puzzle(kind: str = "jugada", *, with_tempting: bool = False):
    return next(
        puzzle
        for puzzle in get_library().puzzles().values()
        if puzzle.kind == kind and (puzzle.tempting or not with_tempting)
    )


def add_lesson_exercise(assignment, puzzle) -> Exercise:
    return Exercise.objects.create(
        assignment=assignment,
        order=assignment.exercises.count(),
        puzzle_slug=puzzle.slug,
        title=puzzle.title,
        kind=puzzle.kind,
        question=puzzle.question,
    )


def add_custom_exercise(assignment, *, question_key: str = "jugada", dice: str = "6-3", xgid: str = OPENING_XGID, play: str = "") -> Exercise:
    draft = draft_exercise(question_key=question_key, title="", prompt="", play=play, xgid=xgid, dice=dice)
    return Exercise.objects.create(assignment=assignment, order=assignment.exercises.count(), **draft.fields)


def post_json(client, url: str, data, **extra):
    body = data if isinstance(data, (str, bytes)) else json.dumps(data)
    return client.post(url, body, content_type="application/json", **extra)


def an_illegal_play(position) -> tuple[str, str]:
    """A play the engine rejects in ``position``, with its first reason code."""
    for text in ("24/18 24/21", "13/7 13/10", "6/off 5/off", "8/2 6/3", "24/14", "13/3"):
        verdict = position.check(text)
        if not verdict.legal and "syntax" not in verdict.codes:
            return text, verdict.codes[0]
    raise AssertionError("no illegal play found for the position")
