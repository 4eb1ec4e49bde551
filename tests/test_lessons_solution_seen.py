"""A lesson puzzle answered after «Ver solución» the same day is shown right but solves nothing.

Otherwise a learner reaches «Resuelto», the lesson's counter and a rule's
mastery by copying: ask for the solution, play it, press «Comprobar».  The
next day the answer counts again (remembering it then is what the rule's
memory is about).
"""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.utils import timezone

from tests.classroom_factories import make_user, signed_in
from tutor.lessons.library import get_library
from tutor.lessons.progress import SEEN_KEY, SEEN_TODAY, solved_puzzles
from tutor.lessons.models import SolvedPuzzle
from tutor.training.models import RuleAnswer

pytestmark = pytest.mark.django_db

SLUG = "dobles-son-cuatro"


def check(client, data: dict) -> dict:
    response = client.post(f"/api/puzzles/{SLUG}/check/", json.dumps(data), content_type="application/json")
    assert response.status_code == 200
    return response.json()


def right_play() -> str:
    puzzle = get_library().puzzles()[SLUG]
    return next(play.notation for play in puzzle.position.legal_plays() if puzzle.goal is None or puzzle.goal.met_by(play, puzzle.position))


def test_a_right_answer_after_asking_for_the_solution_is_shown_right_and_counts_for_nothing_until_tomorrow():
    user = make_user("nora")
    client = signed_in(user)
    assert check(client, {"play": "24/20"})["correct"] is False
    wrong_answers = RuleAnswer.objects.filter(user=user).count()
    assert client.get(f"/api/puzzles/{SLUG}/solution/").status_code == 200

    copied = check(client, {"play": right_play()})
    assert copied["correct"] is True and copied["message"].endswith(SEEN_TODAY)
    assert copied["progress"]["puzzle_solved"] is False
    assert not SolvedPuzzle.objects.filter(user=user, slug=SLUG).exists()
    assert RuleAnswer.objects.filter(user=user).count() == wrong_answers, "a copied answer is no review of the rule"
    page = client.get(f"/ejercicios/{SLUG}/").content.decode()
    assert "Resuelto" not in page[: page.index("</h1>")]

    session = client.session  # the next day
    session[SEEN_KEY] = {SLUG: (timezone.localdate() - dt.timedelta(days=1)).isoformat()}
    session.save()
    remembered = check(client, {"play": right_play()})
    assert remembered["correct"] is True and SEEN_TODAY not in remembered["message"]
    assert remembered["progress"]["puzzle_solved"] is True
    assert SolvedPuzzle.objects.filter(user=user, slug=SLUG).exists()
    assert RuleAnswer.objects.filter(user=user, correct=True, item=SLUG).exists()


def test_without_javascript_the_solution_page_then_a_right_answer_says_why_it_is_not_solved(client):
    assert client.get(f"/ejercicios/{SLUG}/?solucion=1").status_code == 200
    response = client.post(f"/ejercicios/{SLUG}/", {"play": right_play()})
    page = response.content.decode()
    assert response.status_code == 200 and SEEN_TODAY in page
    assert SLUG not in solved_puzzles(response.wsgi_request)


def test_a_right_answer_without_asking_for_the_solution_solves_the_puzzle_as_before(client):
    data = check(client, {"play": right_play()})
    assert data["correct"] is True and SEEN_TODAY not in data["message"] and data["progress"]["puzzle_solved"] is True
