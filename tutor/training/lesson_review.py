"""The mixed review at the end of a lesson: five drills of its rules (one of each, when it has
more), and whether it is passed.

Passed reads «Repaso superado», never «dominada»: a level of mastery asks
for time (``mastery``), five answers in a row do not show it.

A review drill has an index from ``BASE`` on (``BASE + step``), so its id
says which step it was; a lesson's review is passed once each of the five steps
has been answered right.  Nothing new is stored: the answers already kept
for the memory of the rules say it.
"""

from __future__ import annotations

from django.http import HttpRequest

from tutor.drills import LEVELS, RULES, Drill, DrillError, DrillRule, generate, parse_id

from .memory import answered_items

BASE = 10**5
SIZE = 5


def rules_of(slug: str) -> list[DrillRule]:
    return [rule for rule in RULES.values() if rule.lesson == slug]


def size(slug: str) -> int:
    """How many steps the lesson's review has: ``SIZE``, or one per rule when the lesson drills more,
    so that every rule it teaches, the newest too, comes up in every review."""
    return max(SIZE, len(rules_of(slug)))


def review_drill(slug: str, seed: int, step: int) -> Drill:
    """Step ``step`` (from 0) of the lesson's review: its rules in turn, levels rising."""
    rules = rules_of(slug)
    rule = rules[(seed + step) % len(rules)]
    return generate(rule.code, 1 + step * len(LEVELS) // size(slug), seed, BASE + step)


def steps_done(request: HttpRequest, slug: str) -> set[int]:
    done = set()
    for item, correct in answered_items(request):
        try:
            rule, _, _, index = parse_id(item)
        except DrillError:
            continue
        if correct and RULES[rule].lesson == slug and BASE <= index < BASE + size(slug):
            done.add(index - BASE)
    return done


def is_passed(request: HttpRequest, slug: str) -> bool:
    return len(steps_done(request, slug)) == size(slug)
