"""A lesson answer counts for the rule its feedback names, in «Mi progreso».

A correct answer says «Lo decide la regla …»; the learner's memory of that
rule must hear the answer, or «Mi progreso» contradicts the lesson (a pip
count named «La colocación inicial» and counted as «El recuento de pips»,
the opening roll named and counted nowhere).  And no answer is named after
a rule that does not decide it.
"""

from __future__ import annotations

import json

import pytest

from tests.classroom_factories import make_user, signed_in
from tutor.drills import RULES as DRILLED
from tutor.lessons.answers import named_rule, rules_exercised
from tutor.lessons.library import get_library
from tutor.training.models import RuleAnswer

COURSE = [puzzle for lesson in get_library().course() for puzzle in lesson.puzzles]


def right_answer(puzzle) -> dict:
    """What a learner who knows the rule sends: a play that meets the goal, or the expected answer."""
    if not puzzle.is_play:
        return {"answer": puzzle.answer}
    plays = [play for play in puzzle.position.legal_plays() if puzzle.goal is None or puzzle.goal.met_by(play, puzzle.position)]
    return {"play": plays[0].notation} if plays[0].notation else {"play": "", "pass": True}


def check(client, puzzle, data: dict) -> dict:
    response = client.post(f"/api/puzzles/{puzzle.slug}/check/", json.dumps(data), content_type="application/json")
    assert response.status_code == 200, (puzzle.slug, response.content)
    return response.json()


@pytest.mark.parametrize("puzzle", COURSE, ids=[puzzle.slug for puzzle in COURSE])
def test_the_rule_a_correct_answer_names_comes_first_among_the_rules_it_counts_for(puzzle):
    named = named_rule(puzzle)
    if named is not None:
        assert rules_exercised(puzzle)[0] == named.code


@pytest.mark.django_db
def test_every_correct_lesson_answer_that_names_a_drilled_rule_is_counted_for_that_rule():
    client = signed_in(make_user("lucia"))
    named_some = 0
    for puzzle in COURSE:
        data = check(client, puzzle, right_answer(puzzle))
        assert data["correct"] is True, puzzle.slug
        named = named_rule(puzzle)
        if named is None:
            assert "Lo decide la regla" not in data["message"], puzzle.slug
            continue
        assert data["message"].endswith(f"Lo decide la regla «{named.title}».") and data["rule_url"] == named.url
        if named.code in DRILLED:
            named_some += 1
            answer = RuleAnswer.objects.filter(rule=named.code, item=puzzle.slug).last()
            assert answer is not None and answer.correct, f"{puzzle.slug}: named «{named.title}» but not counted"
    assert named_some >= 40


@pytest.mark.django_db
def test_the_first_lesson_names_and_counts_each_answer_under_the_rule_that_decides_it():
    client = signed_in(make_user("mateo"))
    puzzles = get_library().puzzles()
    pips = check(client, puzzles["pips-colocacion-inicial"], {"answer": "167"})
    assert pips["message"].endswith("Lo decide la regla «La colocación inicial».")
    opening = check(client, puzzles["quien-empieza-cinco-tres"], {"answer": "blancas"})
    assert opening["message"].endswith("Lo decide la regla «Quién empieza, y con qué tirada».")
    # Who has won is the goal of the game, which no drilled rule is: no rule is named, least of all the pip count.
    winner = check(client, puzzles["quien-ha-ganado"], {"answer": "negras"})
    assert winner["correct"] and "Lo decide la regla" not in winner["message"] and not winner.get("rule_url")
    counted = {(answer.item, answer.rule) for answer in RuleAnswer.objects.filter(correct=True)}
    assert ("pips-colocacion-inicial", "starting-position") in counted and ("pips-colocacion-inicial", "pip-count") in counted
    assert ("quien-empieza-cinco-tres", "opening-roll") in counted
    assert not any(item == "quien-ha-ganado" for item, _ in counted)
