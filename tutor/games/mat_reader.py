"""Reading a ``.mat`` file (the Jellyfish text that gnubg, eXtreme Gammon and the servers export) into cells.

The layout is the one ``mat.py`` writes and describes: comments (``;`` or
``#``) and ``; [Jacoby "On"]``-style tags (``[Crawford "Off"]``, as eXtreme Gammon
and the servers write it, for a match played without the Crawford rule: gnubg's
``.mat`` never says, and is read with it), `` 5 point match`` (0: money),
then each game's `` Game 3``, the score line (``Ana : 2   Beto : 0``) and
numbered lines, the first player's action on the left, the second's on the
right; the «Wins» lines are not numbered.  A line with two cells gives the
left one to the first player; a line with one cell gives it to the side
whose column it starts in (left of ``SECOND_COLUMN``: the first player's),
since a cell may be wider than its column and the columns are not always
aligned.  What gnubg's importer also accepts is read too: ``Accepts`` and
``Rejects``, a roll followed by ``???`` or ``Cannot Move``.
"""

from __future__ import annotations

import re
from dataclasses import replace

from tutor.engine import BLACK, WHITE

from .imported import MatchFileError, ReadMatch
from .replay import Cell, MatchReplay

SECOND_COLUMN = 20
"""A lone cell starting at this column or further right is the second player's (gnubg's starts at 33)."""

MAX_LINE = 1000
"""The longest line read (gnubg reads 1,024 characters at a time; the widest line of a match is under 100):
longer ones are refused before any pattern tries them."""

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_LENGTH = re.compile(r"^\s*(\d{1,6})\s+point\s+match\s*$", re.IGNORECASE)
_GAME = re.compile(r"^\s*Game\s+(\d{1,6})\s*$", re.IGNORECASE)
_SCORE = re.compile(r"^\s*(?P<first>\S.*?)\s*:\s*(?P<a>\d{1,6})\s+(?P<second>\S.*?)\s*:\s*(?P<b>\d{1,6})\s*$")
_ROW = re.compile(r"^\s*(\d{1,6})\)")
_TAG = re.compile(r"^[;#]\s*\[(\w+)\s+\"([^\"]*)\"\]\s*$")
_CELL = re.compile(r"(?<!\S)(?:[1-6][1-6]:|(?:Doubles|Beavers|Raccoons|Takes|Drops|Accepts|Rejects|Wins)\b)", re.IGNORECASE)
_PLAY = re.compile(r"^([1-6])([1-6]):(.*)$", re.DOTALL)
_CUBE = re.compile(r"^(Doubles|Beavers)\s*(?:=>\s*(\d{1,6}))?$", re.IGNORECASE)
_WINS = re.compile(r"^Wins\s+(\d{1,6})\s+points?(\s+and\s+the\s+match)?$", re.IGNORECASE)
_SET_POSITION = re.compile(r"^; Set Pos=([-A-Pa-p]{26})/-?\d$")
_NOT_PLAYED = re.compile(r"\?{3,4}|cannot\s+move", re.IGNORECASE)
_ON = ("on", "yes", "true", "1")

EXPECTED_LENGTH = "Se esperaba la longitud del match, como «5 point match» (0 para una sesión por dinero)"


def read_mat(text: str) -> ReadMatch:
    """The match in ``text``, replayed; raises ``MatchFileError`` at the first line that breaks the format or a rule."""
    lines = _LINE_BREAK.split(text)
    tags: dict[str, str] = {}
    replay: MatchReplay | None = None
    expecting_score: tuple[int, int] | None = None  # (game number, line of its header)
    row: int | None = None
    board: tuple[str, int] | None = None
    for number, line in enumerate(lines, start=1):
        if len(line) > MAX_LINE:
            raise MatchFileError("syntax", f"La línea tiene {len(line)} caracteres: una línea de un match tiene menos "
                                 f"de {MAX_LINE}.", line=number)
        stripped = line.strip()
        if not stripped:
            continue
        if stripped[0] in ";#":
            set_position = _SET_POSITION.match(stripped)
            if set_position and replay is not None and replay.game is not None and replay.game.started:
                board = (set_position.group(1), number)  # the match left: the «Wins» that follows says it
                continue
            if stripped.lower().startswith("; set pos"):
                raise MatchFileError("unsupported", "Una partida que empieza en una posición preparada («Set Pos») no se "
                                     "puede importar: solo partidas desde la posición inicial.", line=number)
            tag = _TAG.match(stripped)
            if tag and replay is None:
                tags[tag.group(1).lower()] = tag.group(2).strip().lower()
            continue
        if replay is None:
            found = _LENGTH.match(line)
            if found is None:
                raise MatchFileError("syntax", f"{EXPECTED_LENGTH}.", line=number)
            length = int(found.group(1))
            replay = MatchReplay(length=length, jacoby=tags["jacoby"] in _ON if "jacoby" in tags else None,
                                 beavers=tags.get("beaver", tags.get("beavers", "on")) in _ON, source="mat",
                                 crawford=tags["crawford"] in _ON if "crawford" in tags else None)
            continue
        game = _GAME.match(line)
        if game:
            if expecting_score is not None:
                raise MatchFileError("syntax", _expected_score(), line=number, game=expecting_score[0])
            expecting_score = (int(game.group(1)), number)
            row = None
            continue
        if expecting_score is not None:
            score = _SCORE.match(line)
            if score is None:
                raise MatchFileError("syntax", _expected_score(), line=number, game=expecting_score[0])
            names = (score.group("first"), score.group("second"))
            replay.start_game(expecting_score[0], (int(score.group("a")), int(score.group("b"))), line=number, names=names)
            expecting_score = None
            continue
        if replay.game is None:
            raise MatchFileError("syntax", "Se esperaba el comienzo de una partida, como «Game 1».", line=number)
        numbered = _ROW.match(line)
        start = 0
        if numbered:
            row = int(numbered.group(1))
            start = numbered.end()
        cells = _cells(line, start, number, row, replay.game.number)
        if board is not None:
            if [cell.kind for cell in cells] != ["wins"]:
                raise MatchFileError("unsupported", "Tras «Set Pos» se esperaba el final del match, como «Wins 5 points "
                                     "and the match».", line=board[1], game=replay.game.number)
            cells, board = [replace(cells[0], board=board[0])], None
        for cell in cells:
            replay.act(cell)
    if replay is None:
        raise MatchFileError("empty" if not text.strip() else "syntax", f"{EXPECTED_LENGTH}, y no aparece en el archivo.")
    if expecting_score is not None:
        raise MatchFileError("syntax", _expected_score(), line=expecting_score[1], game=expecting_score[0])
    return replay.finish()


def _expected_score() -> str:
    return "Tras «Game N» se esperaba el marcador, como «Ana : 0    Beto : 0»."


def _cells(line: str, start: int, number: int, row: int | None, game: int) -> list[Cell]:
    """The one or two cells of a line, each given to its side."""
    starts = [found.start() for found in _CELL.finditer(line, start)]
    where = {"line": number, "game": game, "move": row}
    if not starts:
        if line[start:].strip():
            raise MatchFileError("syntax", f"No se entiende «{_short(line[start:])}»: se esperaba una tirada y su "
                                 "jugada («52: 13/8 13/11»), un doble, «Takes», «Drops» o «Wins».", **where)
        return []
    if line[start:starts[0]].strip():
        raise MatchFileError("syntax", f"No se entiende «{_short(line[start:starts[0]])}».", **where)
    if len(starts) > 2:
        raise MatchFileError("syntax", "Hay más de dos acciones en la línea: una por jugador como mucho.", **where)
    if len(starts) == 2:
        if starts[0] >= SECOND_COLUMN:
            raise MatchFileError("syntax", "La columna del primer jugador está vacía y aun así hay dos acciones.", **where)
        sides: tuple[int, ...] = (WHITE, BLACK)
    else:
        sides = (WHITE if starts[0] < SECOND_COLUMN else BLACK,)
    ends = [*starts[1:], len(line)]
    return [_cell(line[begin:end].strip(), side, number, row, game) for begin, end, side in zip(starts, ends, sides)]


def _cell(text: str, side: int, number: int, row: int | None, game: int) -> Cell:
    where = {"line": number, "game": game, "move": row}
    play = _PLAY.match(text)
    if play:
        moves = play.group(3).strip()
        if moves.lower().startswith("illegal play"):
            raise MatchFileError("unsupported", "El archivo marca esta jugada como ilegal («Illegal play»): no se puede "
                                 "importar.", **where)
        moves = _NOT_PLAYED.sub("", moves).strip()
        return Cell(side, "play", number, row, dice=(int(play.group(1)), int(play.group(2))), moves=moves)
    word = text.split()[0].lower()
    if word in ("takes", "accepts") and len(text.split()) == 1:
        return Cell(side, "take", number, row)
    if word in ("drops", "rejects") and len(text.split()) == 1:
        return Cell(side, "drop", number, row)
    if word == "raccoons":
        raise MatchFileError("unsupported", "Los «raccoons» (volver a doblar tras un beaver) no se pueden importar.", **where)
    cube = _CUBE.match(text)
    if cube:
        value = int(cube.group(2)) if cube.group(2) else None
        return Cell(side, "double" if cube.group(1).lower() == "doubles" else "beaver", number, row, value=value)
    wins = _WINS.match(text)
    if wins:
        return Cell(side, "wins", number, row, value=int(wins.group(1)), ends_match=bool(wins.group(2)))
    raise MatchFileError("syntax", f"No se entiende «{_short(text)}».", **where)


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= 40 else f"{text[:40]}…"


__all__ = ["MAX_LINE", "SECOND_COLUMN", "read_mat"]
