"""What reading a match file gives back (``matfile.read_match``), and why it refuses one.

The file's first player (the left column of a ``.mat``, the ``W`` of gnubg's
``.sgf``, its player 0) is the engine's ``WHITE``, the second ``BLACK``; each
side's points are numbered from its own side, as both formats write them.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine import Play, Position

class MatchFileError(ValueError):
    """Why a file cannot be imported, in Spanish, with where.

    ``code`` is stable, for programs: ``too-large``, ``encoding``, ``empty``,
    ``syntax``, ``illegal-play``, ``illegal-cube``, ``wrong-turn``,
    ``wrong-score``, ``wrong-points``, ``unfinished``, ``unsupported``.
    ``reason`` is what went wrong; ``message`` (also ``str(error)``) is the
    complete sentence for the user, with where it happened first:
    «Línea 42 (partida 3, jugada 17): …».  ``move`` is the number a ``.mat``
    gives the line (``17)``), or the place of the action in an ``.sgf``'s game.
    """

    def __init__(self, code: str, reason: str, *, line: int | None = None, game: int | None = None,
                 move: int | None = None) -> None:
        self.code = code
        self.reason = reason
        self.line = line
        self.game = game
        self.move = move
        self.message = f"{_where(line, game, move)}{reason}"
        super().__init__(self.message)


def _where(line: int | None, game: int | None, move: int | None) -> str:
    """«Línea 42 (partida 3, jugada 17): », as much of it as is known.

    >>> _where(42, 3, 17), _where(None, 2, None), _where(None, None, None)
    ('Línea 42 (partida 3, jugada 17): ', 'Partida 2: ', '')
    """
    inside = ", ".join(part for part in (game and f"partida {game}", move and f"jugada {move}") if part)
    if line is not None:
        return f"Línea {line}{f' ({inside})' if inside else ''}: "
    return f"{inside[0].upper()}{inside[1:]}: " if inside else ""


ACTION_KINDS = ("play", "double", "beaver", "take", "drop", "resign", "leave")
"""What a ``ReadAction`` can be.

``play``: a roll and the play made with it (``play`` is ``""`` when no
checker could move); ``double``: the side on roll turns the cube;
``beaver``: the side doubled redoubles at once, keeping the cube (money
play); ``take`` and ``drop``: the answer to a double (a beaver's take is
read from the doubler's next roll, as gnubg writes it); ``resign``: the
side gives the game up, ``points`` of ``ReadGame`` saying what it gave;
``leave``: the side gives the match up (left, claimed against or lost on
time on the site that wrote the file), the game's ``points`` being what
the winner lacked to win the match.
"""


@dataclass(frozen=True)
class ReadAction:
    """One decision of the file, with the position the engine had before it.

    ``before`` has the cube, the score, the side on roll and, for a
    ``play``, its dice.  ``play`` is in the engine's canonical notation,
    in the mover's own numbering (``13/7 8/5*``).
    """

    side: int
    kind: str
    before: Position
    dice: tuple[int, int] | None
    play: str | None
    line: int
    played: Play | None = None
    """A ``play``'s play as the engine checked it (None: not kept, read ``play`` again)."""
    choices: int = 0
    """How many distinct legal plays the dice allowed (with ``played``): 1 or none is a forced play."""


@dataclass(frozen=True)
class ReadGame:
    """One game: the score before it (first player, second player), its actions and how it ended."""

    number: int
    score: tuple[int, int]
    crawford: bool
    actions: tuple[ReadAction, ...]
    winner: int | None
    points: int


@dataclass(frozen=True)
class ReadMatch:
    """The whole match as the engine replayed it (``length`` 0: money play)."""

    length: int
    names: tuple[str, str]
    jacoby: bool
    games: tuple[ReadGame, ...]
    source: str
    crawford: bool = True
    """Whether the match was played with the Crawford rule (a money session: True, it has no Crawford game)."""

