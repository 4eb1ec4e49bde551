"""How a game refuses a decision: a Spanish message with its HTTP status, or an illegal play's verdict.

Practice and live games raise these from their drivers; the pages and the
live games' socket answer them alike (``verdicts.illegal_verdict`` draws the
verdict of an illegal play).
"""

from __future__ import annotations

from tutor.engine import Verdict


class GameError(Exception):
    """A decision the game does not allow now: a Spanish message and an HTTP status."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


class IllegalPlay(Exception):
    """The player wrote a play the rules forbid; the verdict says why."""

    def __init__(self, verdict: Verdict) -> None:
        super().__init__(verdict.text)
        self.verdict = verdict
