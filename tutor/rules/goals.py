"""What a play puzzle or drill asks for beyond a legal play: its goal.

A puzzle titled «Capturar en el 6» must not be solved by a legal play that
captures nothing.  The author states the goal (``objetivo: captura``,
``objetivo: sacar 2``, ``objetivo: punto 5``, or the accepted plays with ``acepta:``); the engine's
``Play`` says whether a legal play meets it.  A legal play that misses the
goal gets its own message and does not count as solved, and a goal that no
legal play meets fails ``manage.py check``.  Drills ask for goals only the
rule allows (capture, where the way there crosses held points), and judge
them with the same ``Goal``: it lives here so that lessons and drills share it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tutor.engine import Play, Position, is_blocked

GOAL_KINDS = ("captura", "sacar", "punto")


class GoalError(ValueError):
    """A goal that cannot be read; the message is Spanish."""


@dataclass(frozen=True)
class Goal:
    """A condition a legal play must meet: a capture, N checkers off, a point made, or one of some plays.

    For ``punto`` the ``count`` is the point to make, in the mover's own
    numbering (their 5-point is 5): held with two checkers or more after the
    play, and not before it.

    >>> goal = parse_goal("sacar 2")
    >>> goal.kind, goal.count
    ('sacar', 2)
    """

    kind: str
    count: int = 1
    plays: tuple[str, ...] = ()

    def met_by(self, play: Play, position: Position | None = None) -> bool:
        """True when the legal ``play`` does what the puzzle asks."""
        if self.kind == "captura":
            return play.hits >= self.count
        if self.kind == "sacar":
            return play.bears_off >= self.count
        if self.kind == "punto":
            side = play.position.turn
            return not is_blocked(play.position.checkers(side), self.count) and is_blocked(play.result.checkers(side), self.count)
        position = position or play.position
        return any(_same_play(position, text, play) for text in self.plays)

    def missed(self, play: Play) -> str:
        """The Spanish for a legal play that misses the goal."""
        if self.kind == "captura":
            return "Es legal, pero no capturas ninguna ficha." if self.count == 1 else (
                f"Es legal, pero capturas {play.hits}: se pueden capturar {self.count}."
            )
        if self.kind == "sacar":
            if play.bears_off == 0:
                return "Es legal, pero no sacas ninguna ficha."
            return f"Es legal, pero solo sacas {play.bears_off}: se pueden sacar {self.count}."
        if self.kind == "punto":
            return f"Es legal, pero no haces tu punto {self.count}."
        return "Es legal, pero no es la jugada que pide el ejercicio."

    def missed_then(self, play: Play, meeting: str) -> str:
        """The Spanish for a legal play that misses the goal, with a play that meets it.

        >>> Goal("captura").missed_then(Position.initial().check("13/7 13/10", dice=(6, 3)).play, "24/15*")
        'Es legal, pero no capturas ninguna ficha. Para capturar, juega «24/15*».'
        """
        return f"{self.missed(play)} Para {self.describe()}, juega «{meeting}»."

    def met(self) -> str:
        """The Spanish for a play that meets the goal.

        >>> Goal("captura").met(), Goal("sacar", 2).met()
        ('Cumple el objetivo: capturar.', 'Cumple el objetivo: sacar 2 fichas.')
        """
        return f"Cumple el objetivo: {self.describe()}."

    def describe(self) -> str:
        """The goal as the authoring guide and error messages name it."""
        if self.kind == "captura":
            return "capturar" if self.count == 1 else f"capturar {self.count} fichas"
        if self.kind == "sacar":
            return "sacar una ficha" if self.count == 1 else f"sacar {self.count} fichas"
        if self.kind == "punto":
            return f"hacer el punto {self.count}"
        return "jugar " + " o ".join(self.plays)


def parse_goal(text: str) -> Goal:
    """Read ``captura``, ``captura 2``, ``sacar``, ``sacar 2`` or ``punto 5``."""
    point = re.fullmatch(r"punto\s+(\d{1,2})", text.strip().lower())
    if point:
        if not 1 <= int(point[1]) <= 24:
            raise GoalError("el punto de «objetivo» va del 1 al 24, contado desde quien juega")
        return Goal("punto", int(point[1]))
    match = re.fullmatch(r"(captura|sacar)(?:\s+(\d))?", text.strip().lower())
    if not match:
        raise GoalError("«objetivo» se escribe «captura», «sacar N» (p. ej. «sacar 2»), «punto N» (p. ej. «punto 5»), o usa líneas «acepta: jugada»")
    count = int(match[2] or 1)
    if not 1 <= count <= 4:
        raise GoalError("el número de «objetivo» va de 1 a 4")
    return Goal(match[1], count)


def accepted_plays(texts: tuple[str, ...]) -> Goal:
    """The goal of a puzzle that accepts only the plays listed with ``acepta:``."""
    return Goal("jugadas", plays=texts)


def _same_play(position: Position, text: str, play: Play) -> bool:
    verdict = position.check(text, dice=play.dice)
    return verdict.legal and verdict.play is not None and verdict.play.result == play.result
