"""Whether a solution may be shown now, decided by the apps that register a gate.

The lessons show every puzzle's solution and the explorer every legal play
of any position.  An app that needs some of them withheld for a while (the
classroom, while a student has not answered an assignment) registers a
``SolutionGate`` in its ``AppConfig.ready``, and hears on ``solution_shown``
whenever a signed-in user is given one.  The lessons ask here and never
import the app that decides.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from tutor.engine import Position
from tutor.rules import Channel


class SolutionGate(Protocol):
    """Says why a solution must wait (a Spanish sentence), or None when it may be shown."""

    def puzzle_refusal(self, user, slug: str) -> str | None: ...

    def position_refusal(self, user, position: Position) -> str | None: ...


@dataclass(frozen=True, slots=True)
class SolutionShown:
    """``user`` was given the solution of lesson puzzle ``puzzle``, or every legal play of ``position``."""

    user: object
    puzzle: str = ""
    position: Position | None = None


_gates: dict[str, SolutionGate] = {}

solution_shown: Channel[SolutionShown] = Channel("solution shown")
"""Every solution given to a user; the classroom listens, to tell teachers which answers came after it."""


def register_gate(gate: SolutionGate, uid: str) -> None:
    """Ask ``gate`` before showing any solution (once per ``uid``)."""
    _gates[uid] = gate


def unregister_gate(uid: str) -> None:
    _gates.pop(uid, None)


def puzzle_refusal(user, slug: str) -> str | None:
    """Why ``user`` may not see the solution of puzzle ``slug`` now, or None."""
    return next((refusal for gate in list(_gates.values()) if (refusal := gate.puzzle_refusal(user, slug))), None)


def position_refusal(user, position: Position) -> str | None:
    """Why ``user`` may not see every legal play of ``position`` (with its dice) now, or None."""
    return next((refusal for gate in list(_gates.values()) if (refusal := gate.position_refusal(user, position))), None)


def puzzle_shown(user, slug: str) -> None:
    solution_shown.send(SolutionShown(user, puzzle=slug))


def position_shown(user, position: Position) -> None:
    solution_shown.send(SolutionShown(user, position=position))
