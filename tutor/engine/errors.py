"""The engine's error family: everything it raises is a ``ValueError``.

Callers can catch ``EngineError`` (or plain ``ValueError``) around any parse
of user input; the message says what was wrong, in English, for developers.
What a learner reads is written by the Django layer from stable codes.
"""

from __future__ import annotations


class EngineError(ValueError):
    """Base class of every error the engine raises on bad input."""


class NotationError(EngineError):
    """A play or a roll could not be read."""


class XgidError(EngineError):
    """An XGID string could not be read."""


class GnubgIdError(EngineError):
    """A GNU Backgammon Position ID or Match ID could not be read."""


class PositionError(EngineError):
    """A position was built from data that cannot describe a board."""


class ScoreError(EngineError):
    """A match score or a game result was built from data that cannot describe one."""


class IllegalPlayError(EngineError):
    """A play was asked for that the rules do not allow.

    ``verdict`` holds the machine-readable reasons.
    """

    def __init__(self, message: str, verdict: object = None) -> None:
        super().__init__(message)
        self.verdict = verdict


class RuleError(EngineError):
    """A cube, match or game action that the rules forbid right now."""
