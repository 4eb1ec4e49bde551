"""An empty answer to a lesson's puzzle is not an answer: nothing is judged, counted or marked
solved, and the learner reads what is missing.  A pass is sent on purpose with «Paso», offered
under every play puzzle alike; a play stopped halfway is judged, and so is «Paso» where a play
exists: both are wrong, with the engine's reason."""

from __future__ import annotations

import json

import pytest

from tests.classroom_factories import lesson_puzzle
from tutor.engine import format_moves
from tutor.lessons.answers import NO_CHOICE, NO_MOVE, NO_NUMBER, NO_OPTION
from tutor.rules import AnswerJudged, answer_judged

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_rate_limits")]


@pytest.fixture
def heard():
    events: list[AnswerJudged] = []
    answer_judged.connect(events.append, uid="test-empty-heard")
    yield events
    answer_judged.disconnect("test-empty-heard")


def check(client, puzzle, body: dict):
    return client.post(f"/api/puzzles/{puzzle.slug}/check/", json.dumps(body), content_type="application/json")


def a_partial_play(puzzle) -> str:
    """The first checker move of a legal play of two moves or more: a turn the board can still carry on."""
    play = next(play for play in puzzle.position.legal_plays() if len(play.moves) > 1)
    return format_moves(play.moves[:1])


def test_an_untouched_board_is_refused_with_a_spanish_message_and_nothing_is_counted(client, heard):
    puzzle = lesson_puzzle("jugada")
    response = check(client, puzzle, {"play": "  "})
    assert response.status_code == 400 and response.json() == {"error": NO_MOVE}
    assert heard == [] and not client.session.get("solved_puzzles")


def test_paso_where_a_play_exists_is_judged_wrong_with_the_engine_s_reason(client, heard):
    puzzle = lesson_puzzle("jugada")
    data = check(client, puzzle, {"play": "", "pass": True}).json()
    assert data["correct"] is False and data["legal"] is False
    assert data["reasons"][0]["code"] == "must-use-more-dice" and data["legal_plays"] is None
    assert len(heard) == 1 and heard[0].correct is False


def test_a_play_stopped_halfway_is_judged_wrong_with_the_engine_s_reason(client, heard):
    puzzle = lesson_puzzle("jugada")
    data = check(client, puzzle, {"play": a_partial_play(puzzle)}).json()
    assert data["correct"] is False and data["reasons"][0]["code"] == "must-use-more-dice"
    assert len(heard) == 1


@pytest.mark.parametrize(("kind", "message"), [("legalidad", NO_CHOICE), ("numero", NO_NUMBER), ("opcion", NO_OPTION)])
def test_an_empty_yes_no_number_or_choice_is_refused(client, heard, kind, message):
    response = check(client, lesson_puzzle(kind), {"answer": ""})
    assert response.status_code == 400 and response.json() == {"error": message}
    assert heard == []


def test_the_puzzle_page_without_javascript_refuses_an_untouched_board_and_judges_paso(client, heard):
    puzzle = lesson_puzzle("jugada")
    page = client.get(f"/ejercicios/{puzzle.slug}/").content.decode()
    assert 'name="pasar" value="1"' in page and "pulsa «Paso»" in page
    refused = client.post(f"/ejercicios/{puzzle.slug}/", {"play": ""})
    assert refused.status_code == 400 and NO_MOVE in refused.content.decode()
    assert heard == []
    passed = client.post(f"/ejercicios/{puzzle.slug}/", {"play": "", "pasar": "1"})
    html = passed.content.decode()
    assert passed.status_code == 200 and 'data-verdict="illegal"' in html and 'data-code="must-use-more-dice"' in html
    assert len(heard) == 1 and heard[0].correct is False


def test_the_puzzle_page_without_javascript_refuses_an_empty_number(client, heard):
    puzzle = lesson_puzzle("numero")
    refused = client.post(f"/ejercicios/{puzzle.slug}/", {"answer": " "})
    assert refused.status_code == 400 and NO_NUMBER in refused.content.decode() and heard == []
