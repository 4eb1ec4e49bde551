"""The level a learner has shown on a rule: thresholds, the one law that moves it, and today's review counting down."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.training import memory
from tutor.training.mastery import THRESHOLDS, Answer, Level, difficulty, label, next_level, replay, shown, suggested_drill_level

R1, R2, R3 = Answer(True, 1), Answer(True, 2), Answer(True, 3)
W1, W3 = Answer(False, 1), Answer(False, 3)
R3_LATER = Answer(True, 3, day=1)
"""A right answer at difficulty 3 on another day than the others (which are all on day 0)."""


@pytest.mark.parametrize(
    ("answers", "level"),
    [
        ([], Level.NOT_STARTED),
        ([R1], Level.NOT_STARTED),
        ([R1, R1], Level.PRACTISED),
        ([W1, R1, W1, R1], Level.PRACTISED),
        ([R1] * 5, Level.PRACTISED),
        ([R1, R1, R2, R2, R2], Level.CONFIDENT),
        ([R3] * 5, Level.CONFIDENT),
        ([R1] * 5 + [R3] * 3, Level.CONFIDENT),
        ([R1] * 5 + [R3] * 2 + [R3_LATER], Level.MASTERED),
        ([R3] * 10, Level.CONFIDENT),
        ([W3, W3] + [R1] * 5 + [R3, R3_LATER, R3], Level.MASTERED),
        ([W3] * 3 + [R1] * 4 + [R3, R3, R3_LATER], Level.CONFIDENT),
        ([R3] * 3 + [R1] * 7 + [R1] * 3, Level.PRACTISED),
    ],
)
def test_the_last_ten_answers_show_a_level_by_the_stated_thresholds(answers, level):
    assert shown(answers) == level


def test_eight_right_of_ten_never_reads_as_a_beginner():
    eight_of_ten = [R1, W1, R1, R1, W1, R1, R1, R1, R1, R1]
    assert replay(eight_of_ten) == Level.PRACTISED and label(replay(eight_of_ten), 10) == "practicada"


MASTERED_OVER_TWO_DAYS = [R3] * 4 + [R3_LATER] * 4


def test_a_right_answer_keeps_a_level_the_window_no_longer_shows():
    mastered = replay(MASTERED_OVER_TWO_DAYS)
    assert mastered == Level.MASTERED
    assert replay(MASTERED_OVER_TWO_DAYS + [R1] * 10) == Level.MASTERED


def test_wrong_answers_lower_the_level_only_to_what_the_recent_answers_show():
    assert replay(MASTERED_OVER_TWO_DAYS + [W1]) == Level.MASTERED
    assert replay(MASTERED_OVER_TWO_DAYS + [W1] * 3) == Level.CONFIDENT
    assert replay(MASTERED_OVER_TWO_DAYS + [W1] * 10) == Level.NOT_STARTED


def test_a_right_answer_raises_the_level_one_step_at_most():
    assert shown(MASTERED_OVER_TWO_DAYS) == Level.MASTERED
    assert [next_level(level, MASTERED_OVER_TWO_DAYS) for level in Level] == [
        Level.PRACTISED, Level.CONFIDENT, Level.MASTERED, Level.MASTERED,
    ]


answers = st.lists(st.builds(Answer, st.booleans(), st.integers(1, 3), st.integers(0, 3)), max_size=40)


@settings(deadline=None, max_examples=200)
@given(answers, answers)
def test_a_right_answer_never_lowers_the_level_and_a_wrong_one_never_raises_it(history, more):
    level = replay(history)
    seen = list(history)
    for answer in more:
        seen.append(answer)
        after = next_level(level, seen[-10:])
        assert after >= level if answer.correct else after <= level
        assert after <= level + 1
        level = after


def test_a_drills_id_carries_its_level_and_everything_else_counts_as_level_one():
    assert difficulty("bear-off-higher.3.88.12") == 3 and difficulty("hit.2.0.0") == 2
    assert difficulty("seis-tres-dado-superior") == 1 and difficulty("") == 1 and difficulty("hit.9.0.0") == 1


def test_the_thresholds_are_stated_in_plain_spanish_from_the_highest():
    assert [threshold.text for threshold in THRESHOLDS] == [
        "«Dominada»: ocho respuestas bien entre las diez últimas, tres de ellas con dificultad 3, en dos días distintos como mínimo (un repaso otro día).",
        "«Segura»: cinco respuestas bien entre las diez últimas, tres de ellas con dificultad 2 o más.",
        "«Practicada»: dos respuestas bien entre las diez últimas.",
    ]


def test_drills_start_easy_and_follow_the_level_shown():
    assert [suggested_drill_level(level) for level in Level] == [1, 2, 3, 3]


# -- in the site ----------------------------------------------------------------------


@pytest.mark.django_db
def test_an_account_keeps_its_level_and_a_migration_computes_it_from_stored_answers(ana, monkeypatch):
    start = dt.datetime(2030, 3, 1, 10, tzinfo=dt.timezone.utc)
    for index in range(8):
        monkeypatch.setattr(memory, "now", lambda index=index: start + dt.timedelta(days=index // 4 * 3, minutes=index))
        memory.record_answer(ana, ["hit"], True, "drill", f"hit.3.0.{index}")
    assert memory.memories_of(ana)["hit"].level == Level.MASTERED
    from tutor.training.models import RuleMemory

    RuleMemory.objects.filter(user=ana).update(level=0)
    from importlib import import_module

    from django.apps import apps

    import_module("tutor.training.migrations.0006_mastered_needs_two_days").compute_levels(apps, None)
    assert memory.memories_of(ana)["hit"].level == Level.MASTERED


@pytest.mark.django_db
def test_signing_in_keeps_the_level_a_visitor_showed(client, django_user_model):
    for _ in range(2):
        page = client.get("/entrenar/pip-count/?nivel=1")
        client.post(page.context["here"], {"answer": page.context["drill"].answer})
    user = django_user_model.objects.create_user("ana", password="una clave larga 123")
    client.post("/cuenta/entrar/", {"username": "ana", "password": "una clave larga 123"})
    assert memory.memories_of(user)["pip-count"].level_word == "practicada"


@pytest.mark.django_db
def test_todays_review_counts_down_as_rules_are_answered_right(client, monkeypatch):
    start = dt.datetime(2030, 3, 1, 10, tzinfo=dt.timezone.utc)
    monkeypatch.setattr(memory, "now", lambda: start)
    for rule in ("hit", "blocked", "bar-first"):
        drill = client.get(f"/entrenar/{rule}/?nivel=1").context["drill"]
        wrong = {"play": drill.tempting} if drill.is_play else {"answer": "no" if drill.answer == "si" else "si"}
        client.post(f"/entrenar/{rule}/?nivel=1&n={drill.index}", wrong)
    monkeypatch.setattr(memory, "now", lambda: start + dt.timedelta(hours=1))
    left = []
    for _ in range(3):
        page = client.get("/entrenar/repaso/")
        drill = page.context["drill"]
        answer = {"play": drill.accepted_plays()[0].notation} if drill.is_play else {"answer": drill.answer}
        left.append(client.post(f"/entrenar/repaso/?regla={drill.rule}", answer).context["due_text"])
    assert left == ["quedan dos reglas por repasar", "queda una regla por repasar", "no queda ninguna regla por repasar"]
    assert "No te queda nada por repasar hoy." in client.get("/entrenar/repaso/").content.decode()
