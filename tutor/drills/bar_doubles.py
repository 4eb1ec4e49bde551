"""Drills on doubles with checkers on the bar, beyond 3–3: how many enter, and what is left to play.

Each checker that enters spends one of the four moves of the double; once
none is left on the bar, the moves left are played as usual, by any checker;
with the double's entry point closed nothing enters and nothing moves.  The
answer is counted on the engine's legal plays (every one of them enters the
same checkers and plays the same number of moves).  The entry point is
closed two times in five at level 1, a third of the time at level 2 and less
often at level 3, where the lone rival checker on it is the point; how many
checkers wait on the bar is seen on the board, not said.
"""

from __future__ import annotations

import random

from tutor.engine import BAR, Position
from tutor.rules import RuleCode

from .build import plausible, set_opponent
from .core import DrillFields, DrillKind, decided, register
from .entering import bar_moment, close_points, open_point, send_to_bar
from .wording import side_name

DICE = (4, 5, 6)
"""Doubles beyond 3–3: their entry points, 21 to 19, are the rival's home points it makes most."""
ON_BAR = {1: (2, 3, 3, 4, 4, 5), 2: (1, 1, 2, 2, 3), 3: (1, 2, 3, 4, 5, 6)}
"""Checkers on the bar, counted on the board (the question does not say how many): more than four at
times, since a double enters four at most."""
ENTRY = {1: ("closed",) * 2 + ("open",) * 3, 2: ("closed", "open", "open"), 3: ("closed",) * 6 + ("blot",) * 9 + ("open",) * 5}
"""The double's entry point: made by the rival, empty, or (level 3) with one rival checker, hit on entering."""
QUESTIONS = {
    1: "¿Cuántas fichas entran desde la barra?",
    2: "Después de entrar, ¿cuántos movimientos del doble te quedan por jugar?",
    3: "¿Cuántas fichas entran desde la barra?",
}
ATTEMPTS = 200
"""An open entry point with the rival's checkers kept plausible takes more draws than a closed one:
the drawn answer is kept that long, so that closed and open stay in their proportions."""


def counts(position: Position) -> tuple[int, int]:
    """The checkers the engine's legal plays enter from the bar, and the moves they play in all."""
    play = position.legal_plays()[0]
    return sum(move.src == BAR for move in play.moves), len(play.moves)


@register(RuleCode.BAR_DOUBLES)
def bar_doubles(rng: random.Random, level: int) -> DrillFields | None:
    """With checkers on the bar and 4–4, 5–5 or 6–6: how many enter (level 1), how many moves are
    left once they have (level 2), how many enter when the entry point may hold a lone rival
    checker, hit on entering (level 3)."""
    return decided(rng, ENTRY[level], lambda entry: _bar_doubles(rng, level, entry), attempts=ATTEMPTS)


def _bar_doubles(rng: random.Random, level: int, entry: str) -> DrillFields | None:
    sides = bar_moment(rng)
    if sides is None:
        return None
    wanted = rng.choice(ON_BAR[level])
    if sides.mover[BAR] > wanted or not send_to_bar(rng, sides.mover, wanted - sides.mover[BAR]):
        return None
    die = rng.choice(DICE)
    point = die  # the rival's own point where a die of ``die`` enters (the mover's 25 − die)
    if not (close_points(sides, [point]) if entry == "closed" else open_point(sides, point)):
        return None
    if entry != "closed" and not set_opponent(rng, sides, BAR - point, 1 if entry == "blot" else 0):
        return None
    position = sides.position((die, die))
    if not position.is_valid or not plausible(position) or position.bar(position.turn) != wanted:
        return None
    entered, played = counts(position)
    answer = played - entered if level == 2 else entered
    question = f"Juegas con las {side_name(position.turn)}, tienes fichas en la barra y tiras {die}–{die}. {QUESTIONS[level]}"
    return DrillFields(position, DrillKind.NUMBER, question, answer=str(answer), facts=(wanted, die, entered, played))
