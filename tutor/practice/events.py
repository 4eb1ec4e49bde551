"""What happened in a practice game since the learner's last decision, as typed events.

``game`` records them with a ``Recorder`` while it runs a decision;
``PracticeMatch.last_turn`` keeps them as JSON (``as_json``, the same
dictionaries as ever: ``{"kind": "move", "side": 1, ...}``); ``wording``
reads them back with ``decode`` and words them in Spanish.  Unknown kinds
(from a newer or older version) decode to None and are skipped.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import ClassVar


@dataclass(frozen=True)
class Opening:
    """The opening roll: each throw (White's die, Black's die) until they differ, and who starts."""

    kind: ClassVar[str] = "opening"
    throws: list[list[int]]
    starter: int


@dataclass(frozen=True)
class Crawford:
    """This game is the Crawford game: nobody may double."""

    kind: ClassVar[str] = "crawford"


@dataclass(frozen=True)
class Moved:
    """A side played its dice; ``frames`` are the positions after each single move."""

    kind: ClassVar[str] = "move"
    side: int
    dice: list[int]
    play: str
    frames: list[dict] = field(default_factory=list)


@dataclass(frozen=True)
class Passed:
    """A side rolled and could not move."""

    kind: ClassVar[str] = "pass"
    side: int
    dice: list[int]


@dataclass(frozen=True)
class Doubled:
    kind: ClassVar[str] = "double"
    side: int
    cube: int


@dataclass(frozen=True)
class Took:
    kind: ClassVar[str] = "take"
    side: int
    cube: int


@dataclass(frozen=True)
class Dropped:
    kind: ClassVar[str] = "drop"
    side: int


@dataclass(frozen=True)
class BeaverAnswered:
    """The learner beavered the program's double; the program took (the cube now at ``cube``, still the learner's) or dropped."""

    kind: ClassVar[str] = "beaver"
    took: bool
    cube: int


@dataclass(frozen=True)
class Beavered:
    """The program beavered the learner's double: the cube would go to ``cube``, still the program's."""

    kind: ClassVar[str] = "beavered"
    cube: int


@dataclass(frozen=True)
class Resigned:
    """The learner resigned the game as ``result`` (single, gammon, backgammon); the program accepted."""

    kind: ClassVar[str] = "resign"
    side: int
    result: str


@dataclass(frozen=True)
class Finished:
    """A game ended: its winner, the points, single/gammon/backgammon, and whether the match did.

    ``needed``: the points the winner lacked, when the game gave more and ended the match
    (the score stops at the match's length); 0 otherwise, and in events stored before.
    """

    kind: ClassVar[str] = "result"
    side: int
    points: int
    result: str
    match_over: bool
    needed: int = 0


@dataclass(frozen=True)
class Graded:
    """The learner's decision recorded as ``action`` got its traffic light."""

    kind: ClassVar[str] = "light"
    action: int


Event = Opening | Crawford | Moved | Passed | Doubled | Took | Dropped | BeaverAnswered | Beavered | Resigned | Finished | Graded
KINDS: dict[str, type] = {
    cls.kind: cls for cls in (Opening, Crawford, Moved, Passed, Doubled, Took, Dropped, BeaverAnswered, Beavered, Resigned, Finished, Graded)
}


def as_json(event: Event) -> dict:
    """The stored form of an event.

    >>> as_json(Took(side=1, cube=2))
    {'kind': 'take', 'side': 1, 'cube': 2}
    """
    return {"kind": event.kind, **asdict(event)}


def decode(data: object) -> Event | None:
    """An event from its stored form, or None for anything else.

    >>> decode({"kind": "drop", "side": 1}), decode({"kind": "drop"}), decode("drop")
    (Dropped(side=1), None, None)
    """
    if not isinstance(data, dict) or data.get("kind") not in KINDS:
        return None
    fields = {key: value for key, value in data.items() if key != "kind"}
    try:
        return KINDS[data["kind"]](**fields)
    except TypeError:
        return None


class Recorder:
    """The events of one decision, in order, as the game runs it."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    def add(self, event: Event) -> None:
        self.events.append(event)

    def as_json(self) -> list[dict]:
        return [as_json(event) for event in self.events]
