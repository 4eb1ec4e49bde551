"""The drill value type, the rule catalogue and the deterministic generator.

A drill is one exercise where a rule decides the turn: a natural-looking
play is illegal for exactly that reason (the *tempting* play), the rule
leaves a single legal play, or a number or a yes/no follows from it.

Drills are deterministic: ``generate(rule, level, seed, index)`` always
returns the same drill, because everything random comes from one
``random.Random`` seeded with those four values.  A set of drills for a
class is ``drill_set(rule, level, seed, n)``; each student gets another seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable

from tutor.engine import BLACK, Position
from tutor.rules import RULES as CATALOGUE
from tutor.rules import Rule, RuleCode

LEVELS = (1, 2, 3)
KINDS = ("jugada", "unica", "legalidad", "numero", "sino")
"""Play any legal turn; find the only legal play (possibly passing); is this play legal?;
a number; yes or no.  The same kinds as the lesson puzzles, plus «sino»."""
PLAY_KINDS = ("jugada", "unica")
MAX_ATTEMPTS = 400


class DrillError(ValueError):
    """An unknown rule or level, or a rule that found no position (never expected)."""


@dataclass(frozen=True)
class Drill:
    """One generated exercise.

    ``tempting`` is the illegal-looking play of play drills, in the mover's
    notation, and ``codes`` the engine's reason codes it must produce (first
    reason).  ``answer`` is what a non-play drill expects (a number, ``si``
    or ``no``) or, for ``unica``, the only legal play (``""`` to pass).
    ``facts`` carries what an explanation needs (the pips per point, the
    kind of win, why doubling is not allowed …).
    """

    rule: str
    level: int
    seed: int
    index: int
    position: Position
    kind: str
    question: str
    tempting: str = ""
    codes: tuple[str, ...] = ()
    play: str = ""
    answer: str = ""
    facts: tuple = field(default=(), compare=False)

    @property
    def id(self) -> str:
        return f"{self.rule}.{self.level}.{self.seed}.{self.index}"

    @property
    def is_play(self) -> bool:
        return self.kind in PLAY_KINDS

    @property
    def dice(self) -> tuple[int, int] | None:
        return self.position.dice


Maker = Callable[[random.Random, int], dict | None]
"""Builds the fields of one drill of a rule at a level, or None to try again."""


@dataclass(frozen=True)
class DrillRule:
    """A rule of the catalogue (``tutor.rules``) and how to make drills of it.

    The code, title and lesson section are the catalogue's: this only adds the maker.
    """

    rule: Rule
    make: Maker = field(repr=False, compare=False)

    @property
    def code(self) -> RuleCode:
        return self.rule.code

    @property
    def title(self) -> str:
        return self.rule.title

    @property
    def lesson(self) -> str:
        return self.rule.lesson

    @property
    def anchor(self) -> str:
        return self.rule.anchor

    @property
    def url(self) -> str:
        return self.rule.url


RULES: dict[str, DrillRule] = {}
"""The rules that have drills, by code, in the catalogue's (course) order once ``in_course_order`` ran."""


def register(code: RuleCode) -> Callable[[Maker], Maker]:
    """Add a maker to the drills of the catalogue's rule ``code``."""

    def decorator(make: Maker) -> Maker:
        RULES[code] = DrillRule(CATALOGUE[code], make)
        return make

    return decorator


def in_course_order() -> None:
    """Reorder ``RULES`` as the catalogue lists the rules (course order)."""
    ordered = sorted(RULES.values(), key=lambda drill_rule: list(CATALOGUE).index(drill_rule.code))
    RULES.clear()
    RULES.update((drill_rule.code, drill_rule) for drill_rule in ordered)


def side_name(side: int) -> str:
    return "negras" if side == BLACK else "blancas"


def generate(rule: str, level: int, seed: int, index: int = 0) -> Drill:
    """The drill number ``index`` of ``(rule, level, seed)``, always the same.

    >>> a = generate("bar-first", 2, 7, 3)
    >>> a == generate("bar-first", 2, 7, 3), a.position.bar(a.position.turn) > 0
    (True, True)
    """
    entry = RULES.get(rule)
    if entry is None:
        raise DrillError(f"unknown rule {rule!r}")
    if level not in LEVELS:
        raise DrillError(f"level must be one of {LEVELS}, not {level!r}")
    rng = random.Random(f"{rule}:{level}:{seed}:{index}")
    for _ in range(MAX_ATTEMPTS):
        fields = entry.make(rng, level)
        if fields is not None:
            return Drill(rule=rule, level=level, seed=seed, index=index, **fields)
    raise DrillError(f"no drill found for {rule} level {level} seed {seed} index {index}")


def drill_set(rule: str, level: int, seed: int, count: int, start: int = 0) -> list[Drill]:
    """``count`` drills with distinct positions, from index ``start`` on.

    A repeated position (or, very rarely, an index where no position was
    found) is skipped, so indexes may have gaps; each drill keeps its own
    index, which regenerates it exactly.
    """
    found: list[Drill] = []
    seen: set[Position] = set()
    index = start
    while len(found) < count:
        if index - start > 3 * count + 10:
            raise DrillError(f"not enough distinct drills for {rule} level {level} seed {seed}")
        try:
            drill = generate(rule, level, seed, index)
        except DrillError:
            if rule not in RULES or level not in LEVELS:
                raise
            index += 1
            continue
        index += 1
        if drill.position in seen:
            continue
        seen.add(drill.position)
        found.append(drill)
    return found


def parse_id(text: str) -> tuple[str, int, int, int]:
    """``rule.level.seed.index`` back into its parts; ``DrillError`` if malformed."""
    parts = str(text).split(".")
    if len(parts) != 4 or parts[0] not in RULES:
        raise DrillError(f"bad drill id {text!r}")
    try:
        level, seed, index = (int(part) for part in parts[1:])
    except ValueError:
        raise DrillError(f"bad drill id {text!r}") from None
    if level not in LEVELS or not 0 <= seed < 2**31 or not 0 <= index < 10**6:
        raise DrillError(f"bad drill id {text!r}")
    return parts[0], level, seed, index
