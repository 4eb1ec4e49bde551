"""XGID, eXtreme Gammon's one-line position format, read and written.

``XGID=P:CV:CP:T:D:S1:S2:CJ:ML:MC``.  ``P`` has 26 characters: ``-`` for
empty, ``A``..``O`` White's checkers (the bottom player), ``a``..``o``
Black's; character 0 is Black's bar, 1..24 are points 1..24 in White's
numbering, 25 is White's bar.  ``CV`` is log2 of the cube, ``CP`` its owner
(1 White, -1 Black, 0 centred), ``T`` the side on roll (1 White, -1 Black),
``D`` the dice (``00`` to roll), ``S1``/``S2`` White's and Black's scores,
``CJ`` the Crawford flag in a match or the Jacoby flag in a money game,
``ML`` the match length (0 for money) and ``MC`` log2 of the maximum cube.
The string keeps White at the bottom whoever is on roll.

A score is any number of points a side can reach: a money session piles
them up without end (one gammon with the cube at 64 is 128), so the scores
are written and read in plain decimal, as gnubg writes them, up to
``MAX_SCORE``: far beyond any session (a game is worth 192 points at most),
and short enough for the XGID to fit its 80-character columns.  A match is
at most 99 points long.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .constants import BAR, BLACK, CHECKERS_PER_SIDE, WHITE
from .errors import PositionError, XgidError

if TYPE_CHECKING:
    from .position import Position

MAX_XGID_TEXT = 120
MAX_SCORE = 999_999_999

_OWNER_CODES = {1: WHITE, -1: BLACK, 0: None}
_TURN_CODES = {1: WHITE, -1: BLACK}


def parse_xgid(text: str, position_type: type[Position]) -> Position:
    """Read an XGID into a ``position_type`` (``Position.from_xgid``); the ``XGID=`` prefix is optional.

    The class is handed in: ``position.py`` imports this module, never the reverse.

    >>> parse_xgid("-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", Position) == Position.initial()
    True
    """
    if not isinstance(text, str):
        raise XgidError("an XGID must be text")
    if len(text) > MAX_XGID_TEXT:
        raise XgidError(f"an XGID is at most {MAX_XGID_TEXT} characters")
    body = text.strip()
    if body[:5].upper() == "XGID=":
        body = body[5:]
    fields = body.split(":")
    if len(fields) != 10:
        raise XgidError(f"an XGID has 10 fields separated by ':', this one has {len(fields)}")
    points, cube_log, owner, turn, dice, score1, score2, cj, length, max_cube = fields
    white, black = _read_points(points)
    cube_log_value = _int(cube_log, "cube value", 0, 12)
    turn_side = _TURN_CODES.get(_int(turn, "side on roll", -1, 1))
    if turn_side is None:
        raise XgidError("the side on roll must be 1 (White) or -1 (Black)")
    match_length = _int(length, "match length", 0, 99)
    flag = _int(cj, "Crawford/Jacoby flag", 0, 1) == 1
    try:
        return position_type(
            white,
            black,
            turn=turn_side,
            dice=_read_dice(dice),
            cube_value=1 << cube_log_value,
            cube_owner=_OWNER_CODES[_int(owner, "cube owner", -1, 1)],
            match_length=match_length,
            score=(_int(score1, "White's score", 0, MAX_SCORE), _int(score2, "Black's score", 0, MAX_SCORE)),
            crawford=flag and match_length > 0,
            jacoby=flag and match_length == 0,
            max_cube_log=_int(max_cube, "maximum cube", 0, 12),
        )
    except PositionError as error:
        raise XgidError(str(error)) from error


def format_xgid(position: Position) -> str:
    """Write ``position`` as an XGID, White at the bottom.

    >>> format_xgid(Position.initial().with_dice((6, 3)))
    'XGID=-b----E-C---eE---c-e----B-:0:0:1:63:0:0:0:0:10'
    """
    white = position.checkers(WHITE)
    black = position.checkers(BLACK)
    chars = [_char(black[BAR], lower=True)]
    for point in range(1, 25):
        if white[point]:
            chars.append(_char(white[point], lower=False))
        else:
            chars.append(_char(black[25 - point], lower=True))
    chars.append(_char(white[BAR], lower=False))
    owner = {None: 0, WHITE: 1, BLACK: -1}[position.cube_owner]
    turn = 1 if position.turn == WHITE else -1
    dice = "00" if position.dice is None else f"{position.dice[0]}{position.dice[1]}"
    flag = position.crawford if position.match_length else position.jacoby
    if not all(0 <= score <= MAX_SCORE for score in position.score):
        raise PositionError(f"an XGID holds scores from 0 to {MAX_SCORE}, not {position.score}")
    return "XGID=" + ":".join(
        str(value)
        for value in (
            "".join(chars),
            position.cube_value.bit_length() - 1,
            owner,
            turn,
            dice,
            position.score[0],
            position.score[1],
            int(flag),
            position.match_length,
            position.max_cube_log,
        )
    )


def _char(count: int, lower: bool) -> str:
    if count <= 0:
        return "-"
    if count > CHECKERS_PER_SIDE:
        raise PositionError(f"a point cannot hold more than {CHECKERS_PER_SIDE} checkers")
    letter = chr(ord("A") + count - 1)
    return letter.lower() if lower else letter


def _read_points(points: str) -> tuple[list[int], list[int]]:
    if len(points) != 26:
        raise XgidError(f"the position field has 26 characters, this one has {len(points)}")
    white = [0] * 26
    black = [0] * 26
    for index, char in enumerate(points):
        if char == "-":
            continue
        if "A" <= char <= "O":
            if index == 0:
                raise XgidError("character 0 is Black's bar: White's checkers cannot be there")
            white[index] = ord(char) - ord("A") + 1
        elif "a" <= char <= "o":
            if index == 25:
                raise XgidError("character 25 is White's bar: Black's checkers cannot be there")
            black[25 - index] = ord(char) - ord("a") + 1
        else:
            raise XgidError(f"unexpected character {char!r} at {index} in the position field")
    for name, board in (("White", white), ("Black", black)):
        if sum(board) > CHECKERS_PER_SIDE:
            raise XgidError(f"{name} has {sum(board)} checkers; at most {CHECKERS_PER_SIDE}")
    return white, black


def _read_dice(text: str) -> tuple[int, int] | None:
    if text == "00":
        return None
    if len(text) != 2 or not all(c in "123456" for c in text):
        raise XgidError(f"dice must be '00' or two digits 1..6, not {text[:10]!r}")
    return int(text[0]), int(text[1])


def _int(text: str, name: str, low: int, high: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise XgidError(f"the {name} must be a number, not {text[:10]!r}") from None
    if not low <= value <= high:
        raise XgidError(f"the {name} must be between {low} and {high}, not {value}")
    return value
