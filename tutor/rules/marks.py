"""Points to mark on the board for a verdict: the engine's reasons made visible.

The board in the browser knows no rule, so the server names the points that
decide a verdict and the board only draws them.  Each mark is
``{"point": n, "kind": k}`` in the mover's numbering (``25`` the bar, ``0``
off).  Kinds:

``from``     where the checker that could not move (or moved wrongly) stands
``to``       where it tried to go
``blocked``  a point held by two or more opposing checkers
``bar``      the mover's checker on the bar that must enter first
``highest``  the higher point whose checker forbids bearing off with a larger die
``outside``  a checker still outside home, so nothing may be borne off
``hit``      a point where the play captures a blot
``example``  a point a fuller legal play moves from or to

>>> from tutor.engine import Position
>>> from tutor.rules import verdict_marks
>>> position = Position.from_xgid("XGID=-b--AA-------------cccbb--:0:0:1:53:0:0:0:0:10")
>>> verdict_marks(position.check("5/off 4/1"))
[{'point': 4, 'kind': 'from'}, {'point': 1, 'kind': 'to'}, {'point': 1, 'kind': 'blocked'}]
"""

from __future__ import annotations

from typing import TypedDict

from tutor.engine import BAR, EngineError, Reason, Verdict, parse_play


class Mark(TypedDict):
    """One point to mark: where (the mover's numbering) and why (one of the kinds above)."""

    point: int
    kind: str


def _mark(point: int | None, kind: str) -> list[Mark]:
    return [] if point is None else [{"point": point, "kind": kind}]


def _example_marks(example: str | None) -> list[Mark]:
    """The sources and destinations of a fuller legal play the engine proposes."""
    if not example:
        return []
    try:
        segments = parse_play(example)
    except EngineError:
        return []
    marks: list[Mark] = []
    for segment in segments:
        marks += _mark(segment.src, "example") + _mark(segment.dst, "example")
    return marks


def reason_marks(reason: Reason) -> list[Mark]:
    """The marks of one reason, by its stable code."""
    code = reason.code
    moved = _mark(reason.src, "from") + _mark(reason.dst, "to")
    if code in ("no-checker", "backwards", "wrong-die"):
        return moved
    if code == "bar-first":
        return _mark(reason.src, "from") + _mark(BAR, "bar")
    if code == "blocked":
        return moved + [mark for point in reason.blocked_points for mark in _mark(point, "blocked")]
    if code == "bear-off-not-all-home":
        return moved + _mark(reason.farthest, "outside")
    if code == "higher-die-not-highest":
        return moved + _mark(reason.farthest, "highest")
    if code in ("must-use-more-dice", "must-use-larger-die"):
        return _example_marks(reason.example)
    return []  # syntax, too-many-moves: no point decides them


def verdict_marks(verdict: Verdict) -> list[Mark]:
    """Every distinct mark of a verdict: the reasons' points, or the captures of a legal play."""
    if verdict.legal:
        play = verdict.play
        found: list[Mark] = [{"point": move.dst, "kind": "hit"} for move in (play.moves if play else ()) if move.hit]
    else:
        found = [mark for reason in verdict.reasons for mark in reason_marks(reason)]
    unique: list[Mark] = []
    for mark in found:
        if mark not in unique:
            unique.append(mark)
    return unique
