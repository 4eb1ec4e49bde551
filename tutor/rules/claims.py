"""What a sentence about an illegal play states, as facts the engine can check.

Each sentence builder of ``reasons`` returns a ``Sentence``: the Spanish a
learner reads and the claims it makes, one for every point, die and count
it names.  A property test generates thousands of illegal plays and checks
every claim against the engine, so a sentence cannot state a rule wrongly
(«haría falta un 6» when a 6 would not do it, «¿Lo has escrito al revés?»
when the other way round is illegal too) without a test failing, and
nobody has to parse the Spanish back.

Claims are about the mover, in the mover's numbering.  Most are true of
the board where the single move that failed starts (the position after the
reason's ``before`` moves, with the checker of the step on ``at``); those
marked *step* are true of the board where the written step starts.
"""

from __future__ import annotations

from dataclasses import dataclass


class Claim:
    """One fact a sentence states."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Sentence:
    """A sentence and the claims it makes (``str()`` is the text)."""

    text: str
    claims: tuple[Claim, ...] = ()

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Checker(Claim):
    """*Step*: the mover has a checker on ``point`` («la ficha del 13»)."""

    point: int


@dataclass(frozen=True, slots=True)
class NoChecker(Claim):
    """*Step*: the mover has no checker on ``point``."""

    point: int


@dataclass(frozen=True, slots=True)
class MovedEarlier(Claim):
    """Earlier steps of the play moved ``count`` checkers away from ``point``."""

    point: int
    count: int


@dataclass(frozen=True, slots=True)
class OnBar(Claim):
    """The mover has exactly ``count`` checkers on the bar."""

    count: int


@dataclass(frozen=True, slots=True)
class Blocked(Claim):
    """The opponent holds ``point``: with exactly ``count`` checkers, or two or more when ``count`` is None."""

    point: int
    count: int | None = None


@dataclass(frozen=True, slots=True)
class Open(Claim):
    """The opponent does not hold ``point``: a checker may land or enter there."""

    point: int


@dataclass(frozen=True, slots=True)
class InRoll(Claim):
    """Every die in ``dice`` is one of the roll's."""

    dice: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DiceLeft(Claim):
    """``dice`` are dice of the roll not used by earlier steps (as many of each as named)."""

    dice: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CannotReach(Claim):
    """No die of ``dice``, nor a sum of them, carries a checker from ``src`` to ``dst``."""

    src: int
    dst: int
    dice: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class NeedsDie(Claim):
    """With a ``die``, moving a checker from ``src`` to ``dst`` is one legal move («haría falta un 5»)."""

    src: int
    dst: int
    die: int


@dataclass(frozen=True, slots=True)
class Pips(Claim):
    """From ``src`` to ``dst`` (or off) there are ``count`` pips."""

    src: int
    dst: int
    count: int


@dataclass(frozen=True, slots=True)
class EntryPoint(Claim):
    """A checker on the bar enters with ``die`` on ``point``: 25 − die."""

    die: int
    point: int


@dataclass(frozen=True, slots=True)
class Reaches(Claim):
    """*Step*: the checker on ``src`` can get to ``point`` with the dice left."""

    src: int
    point: int


@dataclass(frozen=True, slots=True)
class Farthest(Claim):
    """The mover's checker farthest from home is on ``point``."""

    point: int


@dataclass(frozen=True, slots=True)
class Farther(Claim):
    """The mover has exactly ``count`` checkers on points higher than ``than`` (the bar included)."""

    count: int
    than: int


@dataclass(frozen=True, slots=True)
class Away(Claim):
    """*Step*: ``dst`` is a point no nearer the mover's home than ``src``: no move goes there."""

    src: int
    dst: int


@dataclass(frozen=True, slots=True)
class Side(Claim):
    """The side on roll is ``side`` (the engine's ``WHITE`` or ``BLACK``)."""

    side: int


@dataclass(frozen=True, slots=True)
class AllDiceUsed(Claim):
    """Earlier moves of the turn have used every die of the roll."""


@dataclass(frozen=True, slots=True)
class LegalPlay(Claim):
    """``play`` is a legal play of the position with its roll."""

    play: str


@dataclass(frozen=True, slots=True)
class NextMove(Claim):
    """Mid-turn, the single move ``move`` (``13/10``) keeps the turn completable: some legal play follows it."""

    move: str


@dataclass(frozen=True, slots=True)
class MirroredMove(Claim):
    """Mid-turn, the move from ``src`` to ``dst`` counted from the other side (25 − point: ``12/18`` →
    ``13/7``) is a single move the turn can go on with: the rival's numbers used by mistake."""

    src: int
    dst: int


@dataclass(frozen=True, slots=True)
class OwnNumbering(Claim):
    """The text, every point counted from the other side (25 − point), is the legal play ``play``."""

    play: str


@dataclass(frozen=True, slots=True)
class WrittenSteps(Claim):
    """The text writes ``count`` steps."""

    count: int


@dataclass(frozen=True, slots=True)
class WrittenMoves(Claim):
    """Carried out as written, the text makes ``count`` single moves (the fewest it can)."""

    count: int


@dataclass(frozen=True, slots=True)
class RollMoves(Claim):
    """The roll gives ``count`` single moves: two, or four with doubles."""

    count: int


@dataclass(frozen=True, slots=True)
class NeedsMoreMoves(Claim):
    """The steps written, all together, need more than ``count`` single moves: they cannot all be carried out."""

    count: int


@dataclass(frozen=True, slots=True)
class PlayMoves(Claim):
    """Every legal play makes ``count`` single moves."""

    count: int


@dataclass(frozen=True, slots=True)
class LargerDie(Claim):
    """``die`` is the larger die of a roll that is not a double."""

    die: int
