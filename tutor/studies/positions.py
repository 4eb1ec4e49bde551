"""A chapter's position from what the author gave: the board editor, an XGID or a GNU Backgammon ID.

The board editor writes White's and Black's checkers as ``punto:cantidad``
lists (White's numbering), read with the lessons' reader; an XGID or a GNU
Backgammon ID is read by the engine.  The dice, or none for a cube
decision, come from the form.  What the engine cannot read is a
``ChapterError`` naming the field.
"""

from __future__ import annotations

import re

from tutor.classroom.exercises import read_gnubg_id
from tutor.engine import BLACK, WHITE, Defect, EngineError, Position
from tutor.lessons.puzzles import parse_layout
from tutor.rules import describe_defects

from .models import Moment
from .validation import ChapterError

TURNS = {"blancas": WHITE, "negras": BLACK}


def layout_text(position: Position, side: int) -> str:
    """The checkers of ``side`` as the board editor writes them, in White's numbering (``24:2 13:5 bar:1``)."""
    board = position.checkers(side)
    items = [f"{point if side == WHITE else 25 - point}:{board[point]}" for point in range(24, 0, -1) if board[point]]
    if side == BLACK:
        items.reverse()
    if position.bar(side):
        items.append(f"bar:{position.bar(side)}")
    return " ".join(items)


def read_position(
    *, xgid: str = "", gnubg_id: str = "", white: str = "", black: str = "", turn: str = "blancas", dice: str = "", moment: str = Moment.DICE, keep: Position | None = None
) -> Position:
    """The position the author described, with the dice chosen (none for a cube decision).

    Checkers given point by point keep the cube and the match of ``keep``
    (the chapter's position before this edit), which the editor does not show.
    """
    ways = [name for name, value in (("xgid", xgid), ("gnubg_id", gnubg_id), ("white", white or black)) if value.strip()]
    if not ways:
        raise ChapterError("Coloca las fichas en el tablero o pega un XGID o un ID de GNU Backgammon.", "white")
    if len(ways) > 1:
        raise ChapterError("Describe la posición de una sola forma: las fichas, un XGID o un ID de GNU Backgammon.", ways[-1])
    try:
        if gnubg_id.strip():
            position = read_gnubg_id(gnubg_id.strip())
        elif xgid.strip():
            position = Position.from_xgid(xgid.strip())
        else:
            position = Position.from_layout(_layout(white, "white"), _layout(black, "black"), turn=TURNS.get(turn, WHITE))
            if keep is not None:
                position = position.replace(
                    cube_value=keep.cube_value, cube_owner=keep.cube_owner, match_length=keep.match_length,
                    score=keep.score, crawford=keep.crawford, jacoby=keep.jacoby,
                )
    except EngineError:
        if gnubg_id.strip():
            raise ChapterError("No se puede leer ese ID de GNU Backgammon: copia el «Position ID» (14 caracteres) y, si quieres, el «Match ID» (12).", "gnubg_id") from None
        if xgid.strip():
            too_many = _xgid_too_many(xgid)
            if too_many:
                raise ChapterError(f"Esa posición es imposible: {'; '.join(too_many)}.", "xgid") from None
            raise ChapterError("No se puede leer ese XGID: cópialo entero, desde «XGID=» hasta el último número.", "xgid") from None
        raise ChapterError("Las fichas van en los puntos del 1 al 24 (o «bar» para la barra).", "white") from None
    # An impossible position is refused here, before it is written as an XGID, which has room for one
    # colour a point and would drop the other's checkers without a word.
    problems = describe_defects(position.defects)
    if problems:
        raise ChapterError(f"Esa posición es imposible: {'; '.join(problems)}.", ways[0])
    if moment != Moment.DICE:
        return position.with_dice(None)
    if dice:
        try:
            return position.with_dice(dice)
        except EngineError:
            raise ChapterError("Los dados se escriben como 6-3, cada uno del 1 al 6.", "dice") from None
    return position


def _xgid_too_many(text: str) -> list[str]:
    """What is wrong with a complete XGID the engine refuses for its number of checkers, in Spanish (none: it is not that).

    >>> _xgid_too_many("XGID=-b----E-C---eE---c-e---BB-:0:0:1:43:0:0:0:0:10")
    ['las blancas tienen más de quince fichas']
    >>> _xgid_too_many("XGID=roto")
    []
    """
    found = re.match(r"\s*XGID=([-a-oA-O]{26}):", text)
    if found is None:
        return []
    board = found.group(1)
    white = sum(ord(char) - ord("A") + 1 for char in board if char.isupper())
    black = sum(ord(char) - ord("a") + 1 for char in board if char.islower())
    flags = (Defect.WHITE_TOO_MANY if white > 15 else Defect(0)) | (Defect.BLACK_TOO_MANY if black > 15 else Defect(0))
    return describe_defects(flags)


def _layout(text: str, field: str) -> dict:
    try:
        return parse_layout(text)
    except ValueError as error:
        side = "blancas" if field == "white" else "negras"
        raise ChapterError(f"En las {side}, {error}.", field) from None
