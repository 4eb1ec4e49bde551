"""Learners who write the play the arrows draw with a wrong idea of notation, and learners who
name the rule an illegal play drawn on the board breaks from a rule of thumb.

Each reads the arrows (``Drill.shown_moves``: where each checker starts and
lands, and the die) and writes them as their belief says, one step per
arrow; ``judged`` then says what the site would make of it: the drill's
answer when the site accepts it (any notation of the play drawn), the text
itself otherwise.  ``tests/drill_misconceptions.py`` holds them to at most
60 % per level, like the other rules' wrong beliefs.
"""

from __future__ import annotations

from tutor.drills import Drill, writes_the_play_shown
from tutor.engine import BAR, BLACK, OFF


def _place(point: int) -> str:
    return "bar" if point == BAR else "off" if point == OFF else str(point)


def judged(drill: Drill, text: str) -> str:
    """The drill's answer when the site accepts ``text`` for the play drawn, else ``text``."""
    return drill.answer if writes_the_play_shown(drill, text) else text


def by_whites_numbers(drill: Drill) -> str:
    """«The numbers are White's»: every point counted from White's side, whoever plays."""
    def number(point: int) -> int:
        return BAR - point if drill.position.turn == BLACK and 1 <= point <= 24 else point

    return judged(drill, " ".join(f"{_place(number(move.src))}/{_place(number(move.dst))}" for move in drill.shown_moves))


def destination_first(drill: Drill) -> str:
    """«Where it lands, then where it started»."""
    return judged(drill, " ".join(f"{_place(move.dst)}/{_place(move.src)}" for move in drill.shown_moves))


def die_after_the_slash(drill: Drill) -> str:
    """«The number after the slash is the die»: ``13/6`` for a six played from the 13."""
    return judged(drill, " ".join(f"{_place(move.src)}/{move.die}" for move in drill.shown_moves))


def every_die_from_the_start(drill: Drill) -> str:
    """«A checker that plays both dice is written with each die from where it started»: ``13/7 13/10``
    for 13/7/4, as if two checkers moved."""
    steps, started = [], {}
    for move in drill.shown_moves:
        start = started.pop(move.src, move.src)
        steps.append(f"{_place(start)}/{_place(start - move.die) if start != BAR else _place(BAR - move.die)}")
        started[move.dst] = start
    return judged(drill, " ".join(steps))


def _offered(drill: Drill, code: str) -> str:
    """``code`` when the drill offers it, else the first choice."""
    values = [value for value, _ in drill.choices]
    return code if code in values else values[0]


def always_a_blocked_point(drill: Drill) -> str:
    """«A refused play always lands on a blocked point»."""
    return _offered(drill, "blocked")


def the_bar_whenever_a_checker_waits(drill: Drill) -> str:
    """«With a checker on the bar, the mistake is not entering first»; otherwise a blocked point."""
    return _offered(drill, "bar-first" if drill.position.mover[BAR] else "blocked")


def always_a_die_left(drill: Drill) -> str:
    """«A refused play always leaves a die unplayed»."""
    return _offered(drill, "more-dice")
