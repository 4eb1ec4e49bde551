"""An illegal play as the board shows it, on the practice page, the live game's page and its socket alike."""

from __future__ import annotations

from tutor.engine import Verdict
from tutor.rules import VerdictJSON, verdict_marks, verdict_payload


def illegal_verdict(verdict: Verdict) -> VerdictJSON:
    """An illegal play as the board's verdict: the rule's Spanish explanation, no colour."""
    payload = verdict_payload(correct=False, legal=False, message="", verdict=verdict)
    payload["marks"] = verdict_marks(verdict)
    return payload
