"""GNU Backgammon's Position ID and Match ID, read and written.

The Position ID is the 80-bit position key in 14 base64 characters: for
each side, points 1..24 and then the bar in that side's own numbering, a
``1`` per checker and a ``0`` after each point.  The manual's prose lists the
side on roll first, but gnubg itself writes the side *not* on roll first
(its ``board[0]``) and the side on roll second (``board[1]``); we follow the
program, because the IDs people paste come from it.

The Match ID is the match key in 12 base64 characters: cube, cube owner,
the side on roll, Crawford flag, game state, whose decision it is, pending
double and resignation, dice, match length and both scores (the 66 bits the
manual describes), then one bit recent gnubg versions add: set when the
Jacoby rule is *not* in force, so it is set in every match.  Keys are
little-endian: the first bit of the string is the lowest bit of the first
byte, and each field is stored lowest bit first.

Players are numbered as gnubg numbers them when it reads an XGID: White
(the bottom side) is player 1 and Black player 0.  Without a Match ID the
side on roll is taken to be White, with no dice, a centred cube and a money
game.  A pending double is read as the position just before it, with the
doubler on roll (the position ``cube.take`` and ``cube.drop`` expect); a
pending resignation is not kept.

>>> p = parse_gnubg_id("4HPwATDgc/ABMA:cAkAAAAAAAAE")
>>> p == Position.initial(), format_gnubg_id(p)
(True, '4HPwATDgc/ABMA:cAkAAAAAAAAE')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .constants import BAR, BLACK, CHECKERS_PER_SIDE, WHITE, is_die, opponent
from .errors import GnubgIdError, PositionError

if TYPE_CHECKING:
    from .position import Position, Stakes

POSITION_ID_LENGTH = 14
MATCH_ID_LENGTH = 12
MAX_GNUBG_ID_TEXT = 80

_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_DIGITS = {char: digit for digit, char in enumerate(_ALPHABET)}
_CHAR_BITS = 6
"""Each base64 character spells six bits."""
_POSITION_KEY_BITS = 80
_MATCH_KEY_BITS = 72

_CENTRED = 3
_PLAYING = 1
_LAST_GAME_STATE = 4

# Widths of the match key's fields, lowest bits first.
_MATCH_FIELDS = (
    ("cube_log", 4),
    ("cube_owner", 2),
    ("dice_owner", 1),
    ("crawford", 1),
    ("game_state", 3),
    ("turn", 1),
    ("double", 1),
    ("resign", 2),
    ("die1", 3),
    ("die2", 3),
    ("length", 15),
    ("score0", 15),
    ("score1", 15),
    ("no_jacoby", 1),
)


def _player(side: int) -> int:
    """gnubg's player number of ``side`` (and the side of a player number).

    White is gnubg's player 1; the mapping is a swap, so it is its own inverse.
    """
    return opponent(side)


# -- the public API ---------------------------------------------------------


def read_gnubg_id(position_id: str, match_id: str | None, position_type: type[Position]) -> Position:
    """Read a Position ID and, optionally, a Match ID, into a ``position_type`` (``parse_gnubg_id``).

    The class is handed in: ``position.py`` imports this module, never the reverse.

    The combined ``POSID:MATCHID`` form (optionally after ``GNUbgID``) is
    accepted as the first argument.

    >>> parse_gnubg_id("GNUbgID: 4HPwATDgc/ABMA:MAAAAAAAAAAA").turn == BLACK
    True
    """
    if not isinstance(position_id, str) or not isinstance(match_id, (str, type(None))):
        raise GnubgIdError("a GNU Backgammon ID must be text")
    if len(position_id) > MAX_GNUBG_ID_TEXT:
        raise GnubgIdError(f"a GNU Backgammon ID is at most {MAX_GNUBG_ID_TEXT} characters")
    text = position_id.strip()
    if text[:7].lower() == "gnubgid":
        text = text[7:].lstrip(" :=\t")
    if match_id is None and ":" in text:
        text, match_id = text.split(":", 1)
    off_roll, on_roll = _read_position_key(
        _decode(text.strip(), POSITION_ID_LENGTH, _POSITION_KEY_BITS, "Position ID")
    )
    fields: Stakes = {}
    if match_id is not None:
        fields = _read_match_key(_decode(match_id.strip(), MATCH_ID_LENGTH, _MATCH_KEY_BITS, "Match ID"))
    white, black = (on_roll, off_roll) if fields.get("turn", WHITE) == WHITE else (off_roll, on_roll)
    try:
        return position_type(white, black, **fields)
    except PositionError as error:  # the reader's errors are all GnubgIdError
        raise GnubgIdError(str(error)) from error


def position_id(position: Position) -> str:
    """The 14-character Position ID, as gnubg writes it for the side on roll.

    >>> position_id(Position.initial())
    '4HPwATDgc/ABMA'
    """
    key = 0
    bit = 0
    for side in (opponent(position.turn), position.turn):
        board = position.checkers(side)
        if min(board) < 0:
            raise PositionError(f"a side with more than {CHECKERS_PER_SIDE} checkers, or fewer than none, has no Position ID")
        for point in range(1, BAR + 1):
            key |= ((1 << board[point]) - 1) << bit
            bit += board[point] + 1
    return _encode(key, POSITION_ID_LENGTH, _POSITION_KEY_BITS)


def match_id(position: Position) -> str:
    """The 12-character Match ID: cube, side on roll, dice, length and score.

    >>> match_id(Position.initial(match_length=5, score=(2, 3)).with_dice("6-3"))
    'cAmvADAAEAAE'
    """
    dice = position.dice or (0, 0)
    values = {
        "cube_log": position.cube_value.bit_length() - 1,
        "cube_owner": _CENTRED if position.cube_owner is None else _player(position.cube_owner),
        "dice_owner": _player(position.turn),
        "crawford": int(position.crawford),
        "game_state": _PLAYING,  # as gnubg writes any position it is given
        "turn": _player(position.turn),
        "double": 0,
        "resign": 0,
        "die1": dice[0],
        "die2": dice[1],
        "length": position.match_length,
        "score0": position.score[BLACK],
        "score1": position.score[WHITE],
        "no_jacoby": int(not position.jacoby),
    }
    key = 0
    bit = 0
    for name, width in _MATCH_FIELDS:
        if not 0 <= values[name] < 1 << width:
            raise PositionError(f"the {name.replace('_', ' ')} {values[name]} does not fit in a Match ID")
        key |= values[name] << bit
        bit += width
    return _encode(key, MATCH_ID_LENGTH, _MATCH_KEY_BITS)


def format_gnubg_id(position: Position) -> str:
    """gnubg's combined ``POSID:MATCHID`` form.

    >>> format_gnubg_id(Position.initial(match_length=5).with_dice("3-1"))
    '4HPwATDgc/ABMA:cImlAAAAAAAE'
    """
    return f"{position_id(position)}:{match_id(position)}"


# -- keys -------------------------------------------------------------------


def _read_position_key(key: int) -> tuple[list[int], list[int]]:
    """The two 26-lists (side off roll, side on roll) a position key holds."""
    boards = ([0] * 26, [0] * 26)
    bit = 0
    for name, board in zip(("the side off roll", "the side on roll"), boards):
        for point in range(1, BAR + 1):
            while key >> bit & 1:
                board[point] += 1
                bit += 1
            bit += 1
        if sum(board) > CHECKERS_PER_SIDE:
            raise GnubgIdError(f"{name} has {sum(board)} checkers in the Position ID; at most {CHECKERS_PER_SIDE}")
    if key >> bit:
        raise GnubgIdError("the Position ID has bits set after the last point")
    off_roll, on_roll = boards
    if any(on_roll[point] and off_roll[25 - point] for point in range(1, 25)):
        raise GnubgIdError("the Position ID puts checkers of both sides on the same point")
    return off_roll, on_roll


def _read_match_key(key: int) -> Stakes:
    """``Position`` keyword arguments from a match key."""
    values: dict[str, int] = {}
    for name, width in _MATCH_FIELDS:
        values[name] = key & ((1 << width) - 1)
        key >>= width
    if key:
        raise GnubgIdError("the Match ID has bits set after the Jacoby flag")
    if values["cube_owner"] == 2:
        raise GnubgIdError("the cube owner in the Match ID must be 0, 1 or 3 (centred), not 2")
    if values["game_state"] > _LAST_GAME_STATE:
        raise GnubgIdError(f"the game state in the Match ID must be 0..4, not {values['game_state']}")
    dice = (values["die1"], values["die2"])
    if dice != (0, 0) and not all(is_die(die) for die in dice):
        raise GnubgIdError(f"the dice in the Match ID must be 1..6 or not rolled, not {dice}")
    owner = values["cube_owner"]
    return {
        "turn": _player(values["dice_owner"]),
        "dice": None if dice == (0, 0) else dice,
        "cube_value": 1 << values["cube_log"],
        "cube_owner": None if owner == _CENTRED else _player(owner),
        "match_length": values["length"],
        "score": (values["score1"], values["score0"]),
        "crawford": bool(values["crawford"]),
        "jacoby": values["length"] == 0 and not values["no_jacoby"],
    }


# -- gnubg's base64 ---------------------------------------------------------


def _decode(text: str, chars: int, bits: int, what: str) -> int:
    """The little-endian key a gnubg base64 ID spells.

    gnubg writes the key's bytes as plain base64 without ``=`` padding; the
    spare low bits of the last character must be zero.
    """
    if len(text) != chars:
        raise GnubgIdError(f"a {what} has {chars} characters, this one has {len(text)}")
    value = 0
    for index, char in enumerate(text):
        digit = _DIGITS.get(char)
        if digit is None:
            raise GnubgIdError(f"unexpected character {char!r} at {index} in the {what}")
        value = value << _CHAR_BITS | digit
    spare = chars * _CHAR_BITS - bits
    if value & ((1 << spare) - 1):
        raise GnubgIdError(f"the last character of the {what} has padding bits set")
    return int.from_bytes((value >> spare).to_bytes(bits // 8, "big"), "little")


def _encode(key: int, chars: int, bits: int) -> str:
    """The base64 text of a little-endian key; the inverse of ``_decode``."""
    spare = chars * _CHAR_BITS - bits
    value = int.from_bytes(key.to_bytes(bits // 8, "little"), "big") << spare
    return "".join(_ALPHABET[value >> _CHAR_BITS * (chars - 1 - index) & (len(_ALPHABET) - 1)] for index in range(chars))


__all__ = ["format_gnubg_id", "match_id", "position_id", "read_gnubg_id"]
