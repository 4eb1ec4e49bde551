"""Solved lesson puzzles: in the session when anonymous, in the account once
logged in, and merged into the account on login."""

from __future__ import annotations

import json

import pytest

from tests.classroom_factories import PASSWORD, lesson_puzzle, make_user
from tutor.lessons.models import SolvedPuzzle
from tutor.lessons.progress import SESSION_KEY

pytestmark = pytest.mark.django_db


def solve(client, puzzle) -> dict:
    play = puzzle.position.legal_plays()[0].notation
    response = client.post(f"/api/puzzles/{puzzle.slug}/check/", json.dumps({"play": play}), content_type="application/json")
    return response.json()


def test_an_anonymous_learner_keeps_solved_puzzles_in_the_session_only(client):
    puzzle = lesson_puzzle("jugada")
    assert solve(client, puzzle)["correct"]
    assert client.session[SESSION_KEY] == [puzzle.slug]
    assert not SolvedPuzzle.objects.exists()


def test_a_logged_in_learner_keeps_solved_puzzles_in_the_account(client):
    user = make_user("marta")
    client.force_login(user)
    puzzle = lesson_puzzle("jugada")
    solve(client, puzzle)
    solve(client, puzzle)
    assert list(SolvedPuzzle.objects.filter(user=user).values_list("slug", flat=True)) == [puzzle.slug]
    assert SESSION_KEY not in client.session


def test_the_session_list_is_merged_into_the_account_on_login(client):
    user = make_user("marta")
    before, after = list_play_puzzles()[:2]
    SolvedPuzzle.objects.create(user=user, slug=after.slug)
    solve(client, before)
    solve(client, after)
    client.post("/cuenta/entrar/", {"username": "marta", "password": PASSWORD})
    assert set(SolvedPuzzle.objects.filter(user=user).values_list("slug", flat=True)) == {before.slug, after.slug}
    assert SESSION_KEY not in client.session


def test_the_lesson_index_counts_the_account_progress_on_any_device(client):
    user = make_user("marta")
    puzzle = lesson_puzzle("jugada")
    SolvedPuzzle.objects.create(user=user, slug=puzzle.slug)
    client.force_login(user)
    html = client.get(f"/ejercicios/{puzzle.slug}/").content.decode()
    assert "Resuelto" in html


def test_a_tampered_session_list_is_ignored(client):
    session = client.session
    session[SESSION_KEY] = [{"no": "slug"}, "x" * 500, 7]
    session.save()
    user = make_user("marta")
    client.post("/cuenta/entrar/", {"username": "marta", "password": PASSWORD})
    assert not SolvedPuzzle.objects.filter(user=user).exists()


def list_play_puzzles():
    from tutor.lessons.library import get_library

    return [puzzle for puzzle in get_library().puzzles().values() if puzzle.kind == "jugada"]
