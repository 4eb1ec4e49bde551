"""The drill value type, the rule catalogue and the deterministic generator.

A drill is one exercise whose answer a rule decides: a natural-looking
play is illegal for exactly that reason (the *tempting* play), the rule
leaves few legal plays or a single one, or a yes/no or a number follows
from it.

Drills are deterministic: ``generate(rule, level, seed, index)`` always
returns the same drill, because everything random comes from one
``random.Random`` seeded with those four values.  A set of drills for a
class is ``drill_set(rule, level, seed, n)``; each student gets another seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Callable, Sequence, TypeVar

from tutor.engine import Move, Play, Position, parse_play
from tutor.rules import RULES as CATALOGUE
from tutor.rules import Goal, Rule, RuleCode

from .wording import PASS_HINT

LEVELS = (1, 2, 3)
MAX_ATTEMPTS = 400


class DrillKind(StrEnum):
    """What a drill asks for: the kinds of the lesson puzzles, plus «sino».

    The values are the words the API and stored attempts use.
    """

    PLAY = "jugada"
    """Play a full legal turn; passing (the empty play) when nothing can move."""
    ONLY = "unica"
    """Find the only legal play."""
    LEGALITY = "legalidad"
    """Is this play legal? «sí» or «no»."""
    NUMBER = "numero"
    """A whole number: a pip count, the points a game is worth."""
    YES_NO = "sino"
    """«sí» or «no» about the position (may you double?)."""
    NOTATION = "notacion"
    """Write the play the board shows with arrows; any notation of the same play is right."""
    CHOICE = "opcion"
    """Choose one of ``choices``: the rule the illegal play drawn on the board breaks (``drawn``),
    or, with nothing drawn, what to play (the larger die's play, among others)."""

    @property
    def is_play(self) -> bool:
        """True when the answer is a play written or made on the board."""
        return self in PLAY_KINDS


KINDS = tuple(DrillKind)
PLAY_KINDS = frozenset({DrillKind.PLAY, DrillKind.ONLY})


class DrillError(ValueError):
    """An unknown rule or level, or a rule that found no position (never expected)."""


Facts = tuple[object, ...]
"""What an explanation needs, by rule: the pip count's ``(point, count)`` pairs,
a won game's ``(kind, multiplier, cube, jacoby)``, the codes of why doubling is refused."""


@dataclass(frozen=True, slots=True)
class DrillFields:
    """What a rule's maker decides about one drill; ``Drill`` adds who asked for it.

    ``tempting`` is the natural illegal play of play drills, in the mover's
    notation, and ``codes`` the engine's reason codes it must produce (first
    reason).  ``play`` is the play asked about in a legality drill.
    ``answer`` is what a non-play drill expects (a number, ``si`` or ``no``,
    for ``NOTATION`` the play drawn, in the engine's notation) or, for
    ``ONLY``, the only legal play (``""`` to pass).  ``goal`` is what
    a play drill asks beyond a legal play (a capture the rule allows only one
    way): a legal play that misses it is wrong.
    """

    position: Position
    kind: DrillKind
    question: str
    tempting: str = ""
    codes: tuple[str, ...] = ()
    play: str = ""
    answer: str = ""
    facts: Facts = field(default=(), compare=False)
    goal: Goal | None = None
    choices: tuple[tuple[str, str], ...] = ()
    drawn: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Drill(DrillFields):
    """One generated exercise: its rule, level, seed and index, and what it asks."""

    rule: RuleCode
    level: int
    seed: int
    index: int

    @classmethod
    def made(cls, rule: RuleCode, level: int, seed: int, index: int, what: DrillFields) -> Drill:
        values = {name.name: getattr(what, name.name) for name in fields(DrillFields)}
        return cls(rule=rule, level=level, seed=seed, index=index, **values)

    @property
    def id(self) -> str:
        return f"{self.rule}.{self.level}.{self.seed}.{self.index}"

    @property
    def is_play(self) -> bool:
        return self.kind.is_play

    @property
    def pass_hint(self) -> str:
        """How to pass, said under the board of every play drill alike (so it tells nothing)."""
        return PASS_HINT if self.is_play else ""

    def accepted_plays(self) -> list[Play]:
        """The legal plays that answer a play drill: all of them, or those that meet its goal."""
        plays = self.position.legal_plays()
        return plays if self.goal is None else [play for play in plays if self.goal.met_by(play, self.position)]

    @property
    def asks_number(self) -> bool:
        return self.kind is DrillKind.NUMBER

    @property
    def asks_legality(self) -> bool:
        return self.kind is DrillKind.LEGALITY

    @property
    def asks_notation(self) -> bool:
        return self.kind is DrillKind.NOTATION

    @property
    def shown_play(self) -> Play | None:
        """The play a notation drill draws on the board (its answer), None for other drills."""
        return self.position.check(self.answer).play if self.asks_notation else None

    @property
    def asks_choice(self) -> bool:
        return self.kind is DrillKind.CHOICE

    @property
    def asks_rule(self) -> bool:
        """A choice among rules: the one the play drawn on the board breaks."""
        return self.asks_choice and bool(self.drawn)

    @property
    def shown_moves(self) -> tuple[Move, ...]:
        """The moves drawn as arrows over the board: those of ``shown_play``, or of the illegal
        play ``drawn`` (each written step an arrow), none for other drills."""
        play = self.shown_play
        if play is not None:
            return tuple(play.moves)
        if self.drawn:
            return tuple(Move(step.src, step.dst, abs(step.src - step.dst), step.hit_marked) for step in parse_play(self.drawn))
        return ()

    @property
    def asks_pip_count(self) -> bool:
        """True when the answer is a pip count: its board must not show the counts."""
        return self.rule is RuleCode.PIP_COUNT

    @property
    def asks_crawford(self) -> bool:
        """True when the answer turns on whether this is the Crawford game: its board must not say so."""
        return self.rule in (RuleCode.CRAWFORD, RuleCode.MAY_DOUBLE)

    @property
    def dice(self) -> tuple[int, int] | None:
        return self.position.dice


Maker = Callable[[random.Random, int], DrillFields | None]
"""Builds the fields of one drill of a rule at a level, or None to try again."""

T = TypeVar("T")
DECIDED_ATTEMPTS = 40


def decided(rng: random.Random, answers: Sequence[T], build: Callable[[T], DrillFields | None],
            attempts: int = DECIDED_ATTEMPTS) -> DrillFields | None:
    """Draw the answer first, then build a drill with that answer, trying again as needed.

    Drawing the answer again after a failed build would favour the answers
    that are easier to build; keeping it keeps «sí» and «no» (or any mix) in
    the proportions of ``answers``; a rare answer may need more ``attempts``.
    """
    answer = rng.choice(answers)
    for _ in range(attempts):
        fields = build(answer)
        if fields is not None:
            return fields
    return None


@dataclass(frozen=True, slots=True)
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


def _rule(code: str) -> DrillRule:
    try:
        return RULES[RuleCode(code)]
    except (ValueError, KeyError):
        raise DrillError(f"unknown rule {code!r}") from None


def generate(rule: str, level: int, seed: int, index: int = 0) -> Drill:
    """The drill number ``index`` of ``(rule, level, seed)``, always the same.

    >>> a = generate("bar-first", 2, 7, 3)
    >>> a == generate("bar-first", 2, 7, 3), a.position.bar(a.position.turn) > 0
    (True, True)
    """
    entry = _rule(rule)
    if level not in LEVELS:
        raise DrillError(f"level must be one of {LEVELS}, not {level!r}")
    rng = random.Random(f"{entry.code}:{level}:{seed}:{index}")
    for _ in range(MAX_ATTEMPTS):
        fields = entry.make(rng, level)
        if fields is not None:
            return Drill.made(entry.code, level, seed, index, fields)
    raise DrillError(f"no drill found for {rule} level {level} seed {seed} index {index}")


def drill_set(rule: str, level: int, seed: int, count: int, start: int = 0) -> list[Drill]:
    """``count`` drills with distinct positions, from index ``start`` on.

    A repeated position (or, very rarely, an index where no position was
    found) is skipped, so indexes may have gaps; each drill keeps its own
    index, which regenerates it exactly.
    """
    entry = _rule(rule)
    found: list[Drill] = []
    seen: set[Position] = set()
    index = start
    while len(found) < count:
        if index - start > 3 * count + 10:
            raise DrillError(f"not enough distinct drills for {rule} level {level} seed {seed}")
        try:
            drill = generate(entry.code, level, seed, index)
        except DrillError:
            if level not in LEVELS:
                raise
            index += 1
            continue
        index += 1
        if drill.position in seen:
            continue
        seen.add(drill.position)
        found.append(drill)
    return found


def parse_id(text: str) -> tuple[RuleCode, int, int, int]:
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
    return RuleCode(parts[0]), level, seed, index
