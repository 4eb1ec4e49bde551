"""Mastery a learner can believe, simulated with a moving clock: what a minute of answers can
earn, what missed reviews take away, and when a rule answered wrong comes back."""

from __future__ import annotations

import datetime as dt
import random

import pytest

from tutor.training import memory
from tutor.training.mastery import Level

pytestmark = pytest.mark.django_db

START = dt.datetime(2030, 3, 4, 9, tzinfo=dt.timezone.utc)


class Clock:
    """The time ``memory.now`` answers, moved by the test."""

    def __init__(self, monkeypatch, at: dt.datetime = START) -> None:
        self.at = at
        monkeypatch.setattr(memory, "now", lambda: self.at)

    def wait(self, **delta) -> None:
        self.at += dt.timedelta(**delta)


def right_answer(drill) -> dict:
    return {"play": drill.accepted_plays()[0].notation} if drill.is_play else {"answer": drill.answer}


def wrong_answer(drill) -> dict:
    return {"play": drill.tempting} if drill.is_play else {"answer": "no" if drill.answer == "si" else "si"}


@pytest.mark.parametrize("query", ["", "?dificultad=3&"])
def test_ten_right_answers_in_a_minute_reach_at_most_the_middle_level(client, monkeypatch, query):
    clock = Clock(monkeypatch)
    words = []
    for _ in range(10):
        page = client.get(f"/entrenar/hit/{query.rstrip('&')}")
        words.append(client.post(page.context["here"], right_answer(page.context["drill"])).context["memory"].level_word)
        clock.wait(seconds=6)
    assert words[-1] == "segura" and "dominada" not in words


def test_the_top_level_comes_with_hard_right_answers_on_a_second_day(ana, monkeypatch):
    clock = Clock(monkeypatch)
    for index in range(10):
        memory.record_answer(ana, ["hit"], True, "drill", f"hit.3.0.{index}")
        clock.wait(seconds=5)
    assert memory.memories_of(ana)["hit"].level == Level.CONFIDENT
    clock.at = memory.memories_of(ana)["hit"].due  # the review FSRS asks for, on a later day
    assert clock.at.date() > START.date()
    memory.record_answer(ana, ["hit"], True, "drill", "hit.3.0.10")
    assert memory.memories_of(ana)["hit"].level_word == "dominada"


def test_levels_fall_back_when_reviews_are_missed_and_a_review_brings_one_back(ana, monkeypatch):
    clock = Clock(monkeypatch)
    for day in range(2):
        for index in range(5):
            memory.record_answer(ana, ["hit"], True, "drill", f"hit.3.{day}.{index}")
            clock.wait(seconds=5)
        clock.at = memory.memories_of(ana)["hit"].due
    known = memory.memories_of(ana)["hit"]
    assert known.level == Level.MASTERED
    card = known.card
    interval = card.due - card.last_review
    words = [memory.memories_of(ana, card.due + interval * missed + dt.timedelta(hours=1))["hit"].level_word for missed in range(4)]
    assert words == ["dominada", "segura", "practicada", "practicada"]
    clock.at = card.due + interval + dt.timedelta(hours=1)
    memory.record_answer(ana, ["hit"], True, "drill", "hit.3.9.0")
    assert memory.memories_of(ana)["hit"].level_word == "dominada"  # the window shows it; the lost level comes back
    clock.at += dt.timedelta(days=365)
    memory.record_answer(ana, ["hit"], True, "drill", "hit.3.9.1")
    assert memory.memories_of(ana)["hit"].level_word == "segura"  # one right answer raises a fallen level by one


def test_a_wrong_answer_after_a_right_one_the_same_day_leaves_the_rule_due_today(ana, monkeypatch):
    clock = Clock(monkeypatch)
    memory.record_answer(ana, ["hit"], True, "drill", "hit.1.0.0")
    assert not memory.memories_of(ana)["hit"].is_due
    clock.wait(minutes=5)
    memory.record_answer(ana, ["hit"], False, "drill", "hit.1.0.1")
    known = memory.memories_of(ana)["hit"]
    assert known.is_due and known.review_when == "hoy"
    clock.wait(minutes=1)
    assert memory.due_rules(_request_of(ana)) == ["hit"]


def test_a_visitors_wrong_answer_after_a_right_one_leaves_the_rule_due_today(client, monkeypatch):
    clock = Clock(monkeypatch)
    drill = client.get("/entrenar/blocked/?nivel=1&n=0").context["drill"]
    client.post("/entrenar/blocked/?nivel=1&n=0", right_answer(drill))
    clock.wait(minutes=5)
    drill = client.get("/entrenar/blocked/?nivel=1&n=1").context["drill"]
    after = client.post("/entrenar/blocked/?nivel=1&n=1", wrong_answer(drill)).context["memory"]
    assert after.is_due and after.review_when == "hoy"
    assert client.get("/entrenar/repaso/").context["drill"].rule == "blocked"


def test_repasar_manana_never_becomes_later_across_a_wrong_answer(ana, monkeypatch):
    clock = Clock(monkeypatch)
    chance = random.Random(36)
    for step in range(120):
        before = memory.memories_of(ana)["hit"]
        correct = chance.random() < 0.7
        memory.record_answer(ana, ["hit"], correct, "drill", f"hit.{chance.randint(1, 3)}.0.{step}")
        after = memory.memories_of(ana)["hit"]
        if not correct:
            assert after.review_when == "hoy" and after.is_due
            if before.due is not None:
                assert after.due <= before.due
        clock.wait(hours=chance.choice([0, 0, 1, 9, 20, 30, 70]), minutes=chance.randint(1, 50))


def _request_of(user):
    from django.test import RequestFactory

    request = RequestFactory().get("/")
    request.user = user
    return request
