"""The verdict lessons, assignments, drills, practice, live games and the explorer send: one JSON shape, built here.

It lives with the catalogue, not in an app, so the shared game core and
the content apps build it alike; the Spanish of every reason and the rule it
breaks come from the catalogue, and this module only puts them together.
Pages add their own keys to it (``marks``, ``written``, ``progress``…).
"""

from __future__ import annotations

from typing import Any

from tutor.engine import Verdict

from .catalogue import rule_for
from .reasons import explain_verdict

VerdictJSON = dict[str, Any]
"""A verdict as JSON: the keys below, and whatever the page that sends it adds."""


def verdict_payload(
    *,
    correct: bool,
    legal: bool | None,
    message: str = "",
    verdict: Verdict | None = None,
    play: str | None = None,
    feedback: str | None = None,
    legal_plays: list[str] | None = None,
) -> VerdictJSON:
    """The verdict lessons, assignments and the explorer send: one shape, built here.

    One headline (drawn from ``correct``/``legal`` by the page), an optional
    ``message`` that adds to it, one explanation per distinct reason, the
    rule to review and, only for questions about a play, the legal plays.
    """
    rule = rule_for(verdict) if verdict is not None and not verdict.legal else None
    return {
        "alternative": alternative(verdict),
        "correct": correct,
        "legal": legal,
        "message": message,
        "reasons": explain_verdict(verdict) if verdict is not None else [],
        "play": play,
        "feedback": feedback,
        "rule_url": rule.url if rule else None,
        "rule_title": rule.title if rule else None,
        "legal_plays": legal_plays,
    }


def alternative(verdict: Verdict | None) -> str | None:
    """What to play instead of an illegal play: the play its explanation ends with, for a page that shows it apart.

    The rival's numbers counted from the learner's side come first; ``""``
    means passing; None for a legal play or a verdict without reasons.
    """
    if verdict is None or verdict.legal or not verdict.reasons:
        return None
    last = verdict.reasons[-1]
    for named in (last.mirrored, last.example):
        if named is not None:
            return named
    return last.alternative
