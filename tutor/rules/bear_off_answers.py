"""Why the play that bears off the most checkers is the one it is, move by move, in Spanish.

The drills of «saca todas las fichas que puedas» (``bear-off-higher-die``)
are play drills with a goal: the verdict says whether the play is legal
and meets it, and this says how the rule gets there: the higher die bears
off the highest checker, and the lower die bears off with its exact point,
as a higher die once the highest point has changed, or not at all, played
inside.  Each sentence takes the plain facts a drill keeps, one
``(die, src, dst, highest point before the move)`` per move in the order
played, so that the drill code writes no sentence.

>>> higher_die_steps(((6, 4, 0, 4), (2, 3, 1, 3)))
'El 6 es un dado superior: tu punto ocupado más alto es el 4, y saca de ahí una ficha (4/off). El 2 no saca ninguna ficha: no tienes ninguna en el 2 y tu punto ocupado más alto, el 3, está por encima, así que se juega dentro de casa (3/1). En total sacas una ficha.'
"""

from __future__ import annotations

from typing import Callable

from tutor.engine import OFF

from .catalogue import RuleCode
from .words import counted

Step = tuple[int, int, int, int]
"""One move: the die, where the checker starts and ends (0 borne off), the highest occupied point before it."""


def _step(die: int, src: int, dst: int, highest: int, changed: bool, again: bool) -> str:
    """One move's sentence; ``changed`` when the highest point is lower than at the start of the
    turn, ``again`` when an earlier move of the turn was a higher die too."""
    if dst != OFF:
        return (f"El {die} no saca ninguna ficha: no tienes ninguna en el {die} y tu punto ocupado más alto, "
                f"el {highest}, está por encima, así que se juega dentro de casa ({src}/{dst}).")
    if die == src:
        return f"El {die} saca con dado exacto una ficha del {src} ({src}/off)."
    if changed:
        return (f"Ahora tu punto ocupado más alto es el {src}, y el {die} {'también ' if again else ''}es un dado superior: "
                f"saca de ahí una ficha ({src}/off).")
    return f"El {die} es un dado superior: tu punto ocupado más alto es el {src}, y saca de ahí una ficha ({src}/off)."


def higher_die_steps(steps: tuple[Step, ...]) -> str:
    """How a play bears off what it does, one sentence per move in the order played.

    >>> higher_die_steps(((5, 4, 0, 4), (4, 3, 0, 3)))
    'El 5 es un dado superior: tu punto ocupado más alto es el 4, y saca de ahí una ficha (4/off). Ahora tu punto ocupado más alto es el 3, y el 4 también es un dado superior: saca de ahí una ficha (3/off). En total sacas dos fichas.'
    >>> higher_die_steps(((6, 3, 0, 3), (2, 2, 0, 2))).endswith("El 2 saca con dado exacto una ficha del 2 (2/off). En total sacas dos fichas.")
    True
    >>> higher_die_steps(((3, 5, 2, 5), (6, 4, 0, 4))).endswith("y el 6 es un dado superior: saca de ahí una ficha (4/off). En total sacas una ficha.")
    True
    """
    first_highest = steps[0][3] if steps else 0
    said, higher = [], False
    for die, src, dst, highest in steps:
        said.append(_step(die, src, dst, highest, highest < first_highest, higher))
        higher = higher or (dst == OFF and die > src)
    off = sum(dst == OFF for _, _, dst, _ in steps)
    return " ".join([*said, f"En total sacas {counted(off, 'ficha', 'fichas', feminine=True)}."])


_BY_RULE: dict[RuleCode, Callable[..., str]] = {
    RuleCode.BEAR_OFF_HIGHER_DIE: higher_die_steps,
}


def play_answer(rule: str, facts: tuple[object, ...]) -> str | None:
    """How the play a play drill asks for follows from its rule, from the drill's facts; None for
    rules whose verdict says it all.

    >>> play_answer("blocked", ()) is None
    True
    """
    explain = _BY_RULE.get(RuleCode(rule)) if rule in set(RuleCode) else None
    return None if explain is None or not facts else explain(facts)
