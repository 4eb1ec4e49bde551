"""Whether a solution may be shown now, decided by the apps that register a gate.

The lessons show every puzzle's solution and the explorer every legal play
of any position.  An app that needs some of them withheld for a while (the
classroom, while a student has not answered an assignment) registers a
``SolutionGate`` in its ``AppConfig.ready``, and hears on ``solution_shown``
whenever a signed-in user is given one.  The lessons ask here and never
import the app that decides.

Gates compare questions, not the text that spells them: ``question_key`` is
the one place that says when two questions have the same answer, and every
door (a puzzle's check and solution, the explorer, GNU Backgammon's grade,
the board's refusals, the drills, the teachers' board editor) asks by it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from tutor.engine import EngineError, Position, position_id
from tutor.rules import Channel

from .calculations import reads_dice

if TYPE_CHECKING:
    from .puzzles import Puzzle


def question_key(position: Position, calculation: str = "") -> str:
    """What decides the answer of a question about ``position``: the only thing gates compare.

    The checkers seen from the side on roll, as GNU Backgammon's Position ID
    writes them (so colours, and the way the position was written, do not
    count), and the dice as an unordered pair, larger first, when the answer
    depends on them (``calculation``: see ``calculations.reads_dice``; a play
    always does).  The cube, the score, the match length and the rule flags
    are left out on purpose: what the doors show about plays (every legal
    play, why one is illegal, GNU Backgammon's best play) is the same
    question whatever they are, so a key without them withholds more, never
    less.  ``""`` for a position no exercise can have (more checkers than a
    side owns).

    >>> opening = Position.from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10")
    >>> question_key(opening)
    '4HPwATDgc/ABMA:52'
    >>> question_key(opening.replace(dice=(2, 5), cube_value=4, match_length=7)) == question_key(opening)
    True
    >>> question_key(opening, "pips blancas")
    '4HPwATDgc/ABMA'
    """
    try:
        checkers = position_id(position)
    except EngineError:
        return ""
    if position.dice is None or not reads_dice(calculation):
        return checkers
    high, low = sorted(position.dice, reverse=True)
    return f"{checkers}:{high}{low}"


def puzzle_key(puzzle: Puzzle) -> str:
    """The ``question_key`` of a puzzle's question (a lesson's or a teacher's)."""
    return question_key(puzzle.position, puzzle.calculation)


class SolutionGate(Protocol):
    """Says why a solution must wait (a Spanish sentence), or None when it may be shown."""

    def puzzle_refusal(self, user, slug: str) -> str | None: ...

    def question_refusal(self, user, key: str) -> str | None: ...


@dataclass(frozen=True, slots=True)
class SolutionShown:
    """``user`` was given the solution of lesson puzzle ``puzzle`` and of the question ``key``
    (a ``question_key``: every legal play of a position, or a puzzle's answer)."""

    user: object
    puzzle: str = ""
    key: str = ""


_gates: dict[str, SolutionGate] = {}

solution_shown: Channel[SolutionShown] = Channel("solution shown")
"""Every solution given to a user; the classroom listens, to tell teachers which answers came after it."""


def register_gate(gate: SolutionGate, uid: str) -> None:
    """Ask ``gate`` before showing any solution (once per ``uid``)."""
    _gates[uid] = gate


def unregister_gate(uid: str) -> None:
    _gates.pop(uid, None)


def _refusal(user, *, slug: str = "", keys: tuple[str, ...] = ()) -> str | None:
    for gate in list(_gates.values()):
        refusal = gate.puzzle_refusal(user, slug) if slug else None
        refusal = refusal or next((found for key in keys if key and (found := gate.question_refusal(user, key))), None)
        if refusal:
            return refusal
    return None


def puzzle_refusal(user, puzzle: Puzzle) -> str | None:
    """Why ``user`` may not see the solution of ``puzzle`` now (the puzzle itself, or the same
    question in an exercise of theirs), or None."""
    return _refusal(user, slug=puzzle.slug, keys=(puzzle_key(puzzle),))


def position_refusal(user, position: Position) -> str | None:
    """Why ``user`` may not see the plays of ``position`` with its dice now, or None."""
    return _refusal(user, keys=(question_key(position),))


def puzzle_shown(user, puzzle: Puzzle) -> None:
    solution_shown.send(SolutionShown(user, puzzle=puzzle.slug, key=puzzle_key(puzzle)))


def position_shown(user, position: Position) -> None:
    solution_shown.send(SolutionShown(user, key=question_key(position)))
