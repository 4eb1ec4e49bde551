"""A game as a ``.mat`` file: the Jellyfish text format that gnubg and XG import.

The layout is the one gnubg writes (``export match mat``): a header with
the match length, then for each game the score line and numbered lines
with the first player's action in a 28-character column (a wider cell is
always followed by a space) and the second player's after it.  A play is
its dice then each single move in the mover's own numbering, the bar as 25
and off as 0 (``64: 24/18 13/9``; ``43: 25/22* 6/2``); a roll that was not
played is its dice alone (``31:``); cube actions are `` Doubles => 2``,
`` Beavers => 4`` (a taken beaver has no `` Takes``, as gnubg writes it), `` Takes`` and `` Drops``; the winner's column ends the game with
`` Wins 2 points`` (`` and the match`` when the match ends with it).

gnubg's importer reads the «Wins» cell as a resignation unless the game
already ended on the board or with a drop, so every ending is written
where it reads it right: a drop by the first player with the «Wins» of the
second on the same line, as gnubg writes it; a resignation after the dice
the resigning side had rolled (before the first move too: the opening
roll), because a «Wins» before any roll is ignored.  Its points are the
cube times one, two or three, which is how gnubg reads them back.

Whoever leaves a match (``resign``), is claimed against or runs out of
time loses the match, not only the game: the server gives the winner the
match's length.  The «Wins» of that game says the points the winner
lacked, with «and the match», written after the roll on the board when the
game had no step yet (left before the first move: the opening roll), so
that gnubg reads the match won by the same player.  gnubg reads a «Wins»
as a resignation: the points rounded up to the cube times one, two or
three, at most three times the cube (``import.c``, ``ParseMatMove``), and
it has no way to say a match was given up.  A winner who lacked more than
that (a 5- or 7-point match left early with the cube at 1) would be read
short of the match, so the game then ends with the one line gnubg's
importer reads to set a position and its cube, XG's
``; Set Pos=<board>/<cube>`` (``ImportGame``): the board as it was when the
match was left and the cube at the first value that covers what the winner
lacked (``forfeit_cube``), before the «Wins»; gnubg reads the resignation
of a single game at that cube, and the match won.  The reader
(``mat_reader.py``) reads that line only there, as the match left.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from tutor.engine import BLACK, WHITE, Position

COLUMN = 28
"""The width of the first player's column."""
FIRST_CELL = 5
"""``"  1) "``: where the first player's column begins."""


@dataclass(frozen=True)
class Step:
    """One cell of the transcript: a side's play, roll, cube action or win."""

    side: int
    text: str


@dataclass
class GameTranscript:
    """One game: its number, the score it began with, its steps and how it ended."""

    number: int
    score: tuple[int, int]
    steps: list[Step] = field(default_factory=list)
    winner: int | None = None
    points: int = 0
    ends_match: bool = False
    set_position: str | None = None
    """The ``; Set Pos=`` line of a match left with more points lacking than a resignation gives."""


def player_name(name: str, fallback: str) -> str:
    """A player's name as the format wants it: one word of plain letters (``José Gil`` is ``Jose_Gil``).

    gnubg reads a name up to the next space, so the words are joined by ``_``
    and accents dropped; ``fallback`` when nothing readable is left.
    """
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    word = re.sub(r"[^A-Za-z0-9_-]", "", re.sub(r"\s+", "_", plain.strip()))
    return word[:MAX_NAME] or fallback


MAX_NAME = 24
"""Longer names would push the first column's score past its 31 characters."""


def play_cell(dice: Sequence[int], moves: Iterable[Sequence[int]]) -> str:
    """A roll and the single moves it was played with (none: a dance or a roll not played).

    >>> play_cell((1, 3), [(8, 5, 0), (6, 5, 0)])
    '31: 8/5 6/5'
    >>> play_cell((6, 6), [])
    '66:'
    """
    high, low = sorted(dice, reverse=True)
    written = " ".join(f"{src}/{dst}{'*' if hit else ''}" for src, dst, hit in moves)
    return f"{high}{low}: {written}".rstrip()


def double_cell(cube_before: int) -> str:
    return f" Doubles => {cube_before * 2}"


def beaver_cell(cube_before: int) -> str:
    """A beaver as GNU Backgammon writes it: the double's value doubled again, in the beaver's column."""
    return f" Beavers => {cube_before * 4}"


TAKE = " Takes"
DROP = " Drops"


def wins_cell(points: int, ends_match: bool) -> str:
    plural = "s" if points != 1 else ""
    return f" Wins {points} point{plural}{' and the match' if ends_match else ''}"


def match_text(length: int, names: tuple[str, str], games: Sequence[GameTranscript], *, jacoby: bool = False,
               crawford: bool = True) -> str:
    """The whole match (``length`` 0: a money session) in ``.mat`` format.

    ``names`` are the first (White) and second (Black) player's, one word each.
    A match played without the Crawford rule says so as eXtreme Gammon writes
    it, ``; [Crawford "Off"]`` (gnubg reads every ``.mat`` with the rule).
    """
    lines = []
    if not length:
        lines.append(f'; [Jacoby "{"On" if jacoby else "Off"}"]')
    elif not crawford:
        lines.append('; [Crawford "Off"]')
    lines += [f" {length} point match", ""]
    for game in games:
        lines.extend(_game_lines(game, names))
    return "\n".join(lines) + "\n"


def _game_lines(game: GameTranscript, names: tuple[str, str]) -> list[str]:
    first = f"{names[WHITE]} : {game.score[WHITE]}"
    lines = [f" Game {game.number}", f" {first:<31}{names[BLACK]} : {game.score[BLACK]}"]
    rows: list[list[str | None]] = []
    for step in game.steps:
        _place(rows, step.side, step.text)
    ending: list[str] = [] if game.set_position is None else [game.set_position]
    if game.winner is not None:
        cell = wins_cell(game.points, game.ends_match)
        if game.winner == BLACK and rows and rows[-1][1] is None and game.set_position is None:
            rows[-1][1] = cell  # as gnubg writes a drop by the first player: one line
        elif game.winner == BLACK:
            ending.append(" " * (FIRST_CELL + COLUMN) + cell)
        else:
            ending.append(" " * FIRST_CELL + cell)
    for index, (left, right) in enumerate(rows, start=1):
        # A cell may be wider than its column (four moves with hits): a
        # space always separates the two cells, as in gnubg's files.
        lines.append(f"{index:3d}) {left or '':<{COLUMN - 1}} {right or ''}".rstrip())
    lines.extend(ending)
    lines.append("")
    return lines


def _place(rows: list[list[str | None]], side: int, text: str) -> None:
    if side == WHITE:
        rows.append([text, None])
    elif rows and rows[-1][1] is None:
        rows[-1][1] = text
    else:
        rows.append(["", text])


# -- from a game's recorded actions ----------------------------------------------------------


class RecordedAction(Protocol):
    """An action as both apps record it (``GameAction``), as far as a transcript reads it."""

    @property
    def kind(self) -> str: ...

    @property
    def game_number(self) -> int: ...

    @property
    def side(self) -> int: ...

    @property
    def position(self) -> Position: ...

    @property
    def moves(self) -> Sequence[Sequence[int]]: ...

    @property
    def points(self) -> int: ...


LEAVING = ("resign", "claim", "flag")
"""The actions that end a match whatever its score: the game's roll, if it had none, is read from them."""


def transcripts(actions: Iterable[RecordedAction], *, length: int, last_game: int, over: bool, first: Position,
                winner: int | None = None, final_score: Sequence[int] | None = None) -> list[GameTranscript]:
    """Every game's transcript from the actions both apps record.

    An action answers ``kind`` (``move``, ``double``, ``take``, ``drop`` and
    ``result`` are written; the ones that leave a match give the roll of a
    game left before its first move; anything else is not), ``game_number``,
    ``side``, ``position`` (before it), ``moves`` and ``points``.  A game
    without a ``result`` is under way (or was left before anybody moved):
    it has no «Wins», unless it ended a match whose ``winner`` and
    ``final_score`` say more than its own result (the match was left).
    ``first`` is where a game with no action yet stands.
    """
    by_game: dict[int, list[RecordedAction]] = {}
    for action in actions:
        by_game.setdefault(action.game_number, []).append(action)
    found = []
    for number in range(1, last_game + 1):
        played = by_game.get(number, [])
        start = played[0].position if played else first
        ends_match = bool(length) and over and number == last_game
        game = _transcript(number, start.score, played, ends_match=ends_match)
        if ends_match and winner is not None and final_score is not None:
            _match_left(game, played, winner, final_score[winner] - game.score[winner])
        found.append(game)
    return found


def _match_left(game: GameTranscript, actions: list[RecordedAction], winner: int, lacked: int) -> None:
    """The last game of a match that ``winner`` won with ``lacked`` points more than it began with."""
    if lacked <= 0 or game.winner == winner and game.points >= lacked:
        return
    left = [action.position for action in actions if action.kind in LEAVING]
    rolled = left[-1].dice if left else None
    if not game.steps and rolled is not None:  # left before anybody moved: the roll on the board
        game.steps.append(Step(left[-1].turn, play_cell(rolled, [])))
    game.winner, game.points, game.ends_match = winner, lacked, True
    if left and lacked > 3 * left[-1].cube_value:
        game.set_position = set_position_line(left[-1], forfeit_cube(lacked), winner)


def forfeit_cube(lacked: int) -> int:
    """The cube at which gnubg reads a single game resigned as worth ``lacked`` points or more.

    >>> forfeit_cube(5), forfeit_cube(7), forfeit_cube(8)
    (8, 8, 8)
    """
    return 1 << max(lacked - 1, 0).bit_length()


def set_position_line(position: Position, cube: int, owner: int) -> str:
    """XG's ``; Set Pos=`` line as gnubg's importer reads it: the board, then the cube's value and owner.

    The board is the 26 characters of the position's XGID (gnubg's
    ``PositionFromXG``: the first player's checkers in capitals); the cube
    is the power of two its value is, with ``-`` before it when the first
    player owns it.

    >>> set_position_line(Position.initial(), 8, BLACK)
    '; Set Pos=-b----E-C---eE---c-e----B-/3'
    >>> set_position_line(Position.initial(), 16, WHITE)
    '; Set Pos=-b----E-C---eE---c-e----B-/-4'
    """
    board = position.to_xgid().removeprefix("XGID=")[:26]
    power = str(cube.bit_length() - 1)
    return f"; Set Pos={board}/{'-' + power if owner == WHITE else power}"


def _rolled(position: Position) -> tuple[int, int]:
    """The roll a move was played with: every move is recorded where its dice are on the board."""
    if position.dice is None:
        raise ValueError(f"a move recorded without its roll: {position.to_xgid()}")
    return position.dice


def _transcript(number: int, score: tuple[int, int], actions: list[RecordedAction], *, ends_match: bool) -> GameTranscript:
    game = GameTranscript(number, score)
    previous = None
    for action in actions:
        kind = action.kind
        if kind == "move":
            game.steps.append(Step(action.side, play_cell(_rolled(action.position), action.moves)))
        elif kind == "double":
            game.steps.append(Step(action.side, double_cell(action.position.cube_value)))
        elif kind == "beaver":
            game.steps.append(Step(action.side, beaver_cell(action.position.cube_value)))
        elif kind == "take" and previous == "beaver":
            continue  # gnubg writes no «Takes» after a beaver: the doubler's next roll says it
        elif kind == "take":
            game.steps.append(Step(action.side, TAKE))
        elif kind == "drop":
            game.steps.append(Step(action.side, DROP))
        elif kind == "result":
            final = action.position
            resigned = previous != "drop" and final.winner() is None
            if resigned and final.dice is not None:
                # The dice the side on roll threw and did not play: gnubg
                # reads a «Wins» only once the game has a roll.
                game.steps.append(Step(final.turn, play_cell(final.dice, [])))
            game.winner, game.points, game.ends_match = action.side, action.points, ends_match
        else:
            continue
        previous = kind
    return game
