"""«Continuar donde lo dejaste» on the home page and the next step after a correct answer."""

from __future__ import annotations

import json

import pytest

from tutor.lessons.library import get_library

pytestmark = pytest.mark.django_db


def solve(client, slug):
    puzzle = get_library().puzzles()[slug]
    if puzzle.is_play:
        body = {"play": puzzle.position.legal_plays()[0].notation}
    else:
        body = {"answer": puzzle.answer}
    data = client.post(f"/api/puzzles/{slug}/check/", json.dumps(body), content_type="application/json").json()
    assert data["correct"] is True
    return data


def test_a_new_learner_is_offered_to_start(client):
    html = client.get("/").content.decode()
    assert "Empezar las lecciones" in html
    assert "Continuar donde lo dejaste" not in html


def test_a_returning_learner_continues_in_the_lesson_they_worked_on_last(client):
    lesson = get_library().lesson("barra")
    solve(client, lesson.puzzles[0].slug)
    html = client.get("/").content.decode()
    assert "Continuar donde lo dejaste" in html
    assert lesson.title in html
    assert f'href="/ejercicios/{lesson.puzzles[1].slug}/">Continuar</a>' in html


def test_the_next_step_skips_solved_puzzles_and_leads_to_the_next_lesson_at_the_end(client):
    lesson = get_library().lesson("tablero")
    slugs = [puzzle.slug for puzzle in lesson.puzzles]
    solve(client, slugs[1])
    first = solve(client, slugs[0])
    assert first["progress"]["next_url"] == f"/ejercicios/{slugs[2]}/"
    for slug in slugs[2:-1]:
        solve(client, slug)
    last = solve(client, slugs[-1])
    assert last["progress"]["solved"] == last["progress"]["total"] == len(slugs)
    course = get_library().course()
    following = course[[item.slug for item in course].index("tablero") + 1]
    assert last["progress"]["next_url"] == following.url
    assert last["progress"]["next_label"] == "Siguiente lección"


def test_the_lesson_page_shows_lesson_and_course_progress(client):
    lesson = get_library().lesson("barra")
    solve(client, lesson.puzzles[0].slug)
    html = client.get(lesson.url).content.decode()
    course_total = sum(len(item.puzzles) for item in get_library().course())
    assert f"1 de {len(lesson.puzzles)} ejercicios resueltos" in html
    assert f"En todo el curso: <span data-progress-text>1 de {course_total} ejercicios resueltos</span>" in html
