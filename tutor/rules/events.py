"""Answers as events: an app that judges an answer says so, and whoever cares listens.

A lesson puzzle, an assignment exercise, a drill and an illegal play in
practice or in a live game are all answers about rules.  The app that
judges one sends an ``AnswerJudged`` on ``answer_judged``; training's
memory of the rules subscribes in its ``AppConfig.ready``.  The judging
app imports no listener, so apps depend one way.

``Channel`` is a small synchronous dispatcher with a typed payload (a
frozen dataclass): receivers run in the order they connected, in the
sender's thread and transaction, and an exception in one reaches the
sender, as a direct call would.

>>> heard = []
>>> channel: Channel[str] = Channel("example")
>>> channel.connect(heard.append, uid="example")
>>> channel.connect(heard.append, uid="example")  # once per uid, however often ``ready`` runs
>>> channel.send("hello")
>>> heard
['hello']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Generic, TypeVar

from tutor.engine import Verdict

from .catalogue import RuleCode, rules_for_verdict

Event = TypeVar("Event")


class Channel(Generic[Event]):
    """Receivers of one kind of event, each connected once under its ``uid``."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._receivers: dict[str, Callable[[Event], object]] = {}

    def __repr__(self) -> str:
        return f"Channel({self.name!r})"

    def connect(self, receiver: Callable[[Event], object], uid: str) -> None:
        self._receivers[uid] = receiver

    def disconnect(self, uid: str) -> None:
        self._receivers.pop(uid, None)

    def send(self, event: Event) -> None:
        for receiver in list(self._receivers.values()):
            receiver(event)


class Source(StrEnum):
    """Where an answer was given."""

    DRILL = "drill"
    PUZZLE = "puzzle"
    ASSIGNMENT = "assignment"
    PRACTICE = "practice"
    LIVE = "live"
    STUDY = "study"


@dataclass(frozen=True, slots=True)
class AnswerJudged:
    """One answer, judged: who gave it, the rules it involves, whether it was right, where, and what.

    ``who`` is the request (a visitor's answers live in the session) or the
    user; ``item`` names what was answered (a puzzle's slug, a drill's id,
    the play as written); ``answer`` is what the learner said, in the words
    they saw (a play as written, a number, «sí» or «no»), where the sender
    keeps no record of its own.
    """

    who: object
    rules: tuple[RuleCode, ...]
    correct: bool
    source: Source
    item: str = ""
    answer: str = ""

    @classmethod
    def illegal_play(cls, who: object, verdict: Verdict, source: Source) -> AnswerJudged:
        """A play refused in a game: a wrong answer on every rule its reasons break."""
        return cls(who, rules_for_verdict(verdict), False, source, verdict.text[:80])


answer_judged: Channel[AnswerJudged] = Channel("answer judged")
"""Every judged answer, from every app; training's memory listens."""
