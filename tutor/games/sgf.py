"""Reading GNU Backgammon's ``.sgf`` (``save match``) into cells, without recursion.

An ``.sgf`` is one game tree per game, ``(;root;node;node…)``: the root's
``MI`` holds the match's length, the game's number from 0 and the score
before it (``[length:5][game:2][ws:3][bs:1]``), ``PW`` and ``PB`` the
players (``W`` is gnubg's player 0, the first player, the engine's
``WHITE``), ``RU`` the rules (``Crawford``, ``Jacoby``: a match without ``Crawford`` was played without the rule, as gnubg reads it), ``RE`` the result
(``W+2``, ``B+4R`` when resigned).  Each later node has a ``W`` or ``B``
action: ``double``, ``take``, ``drop``, ``beaver``, or a roll and its moves,
the dice as digits and each move as two letters: ``a``…``x`` the points
(White's 1…24 from its own side, Black's 24…1), ``y`` the bar, ``z`` off
(``52mhxv``: 13/8 24/22).  Everything else (gnubg's analysis, comments) is
skipped.  The tokens are read in one pass with a counter of parentheses: a
variation inside a game is refused, not followed, so nesting cannot blow
the stack.
"""

from __future__ import annotations

import re

from tutor.engine import BAR, BLACK, OFF, WHITE

from .imported import MatchFileError, ReadMatch
from .replay import Cell, MatchReplay

_TOKEN = re.compile(r"\s*+(?:(\()|(\))|(;)|([A-Za-z]{1,16}+)((?:\s*+\[[^\]\\]*+(?:\\.[^\]\\]*+)*+\])++))", re.DOTALL)
"""One token; every repetition possessive, so that a value left open fails at once, without backtracking."""
_VALUE = re.compile(r"\[([^\]\\]*+(?:\\.[^\]\\]*+)*+)\]", re.DOTALL)
_RESULT = re.compile(r"^([WB])\+(\d{1,6})(R?)$")
_ROLL = re.compile(r"^([1-6])([1-6])((?:[a-z][a-z]){0,4})$")
_SIDES = {"W": WHITE, "B": BLACK}
_RULE_WORDS = re.compile(r"[a-z]+")
"""The words of ``RU``: gnubg writes ``Crawford`` (``Crawford:CrawfordGame`` in that game) when the match has the
rule, and no ``Crawford`` when it was played without it."""
_ACTIONS = {"double": "double", "take": "take", "drop": "drop", "beaver": "beaver"}

Node = dict[str, list[str]]

MAX_TOKENS = 20_000
"""The most parentheses, nodes and properties read: gnubg writes four or five per decision, with its analysis;
more is refused before it costs memory or time."""


def read_sgf(text: str) -> ReadMatch:
    """The match in an ``.sgf``'s ``text``, replayed; raises ``MatchFileError``."""
    games = _game_trees(text)
    if not games:
        raise MatchFileError("empty", "No hay ninguna partida en el archivo.")
    first_root = games[0][0][1]
    length = _info(first_root, "length", games[0][0][0]) or 0
    rules = set(_RULE_WORDS.findall(" ".join(first_root.get("RU", [])).lower()))
    replay = MatchReplay(length=length, jacoby="jacoby" in rules, beavers=True, source="sgf", crawford="crawford" in rules)
    for nodes in games:
        root_line, root = nodes[0]
        number = (_info(root, "game", root_line) or 0) + 1
        if _info(root, "length", root_line) != length:
            raise MatchFileError("syntax", "La longitud del match cambia de una partida a otra.", line=root_line, game=number)
        score = (_info(root, "ws", root_line) or 0, _info(root, "bs", root_line) or 0)
        names = (_one(root, "PW"), _one(root, "PB"))
        replay.start_game(number, score, line=root_line, names=names)
        for index, (line, node) in enumerate(nodes[1:], start=1):
            cell = _cell(node, line, index, number)
            if cell is not None:
                replay.act(cell)
        result = _RESULT.match(_one(root, "RE"))
        if result:
            replay.act(Cell(_SIDES[result.group(1)], "wins", root_line, None, value=int(result.group(2))))
        replay.end_game()
    return replay.finish()


def _game_trees(text: str) -> list[list[tuple[int, Node]]]:
    """Each game's nodes, with the line each one starts on."""
    games: list[list[tuple[int, Node]]] = []
    depth, position, line, counted, tokens = 0, 0, 1, 0, 0
    node: Node | None = None
    end = len(text)
    while True:
        found = _TOKEN.match(text, position)
        if found is None:
            rest = len(text) - len(text[position:].lstrip())
            if rest < end:
                raise MatchFileError("syntax", "Esto no es un archivo «.sgf» que se pueda leer: se esperaba «(», «;», «)» "
                                     "o una propiedad como «B[52mhxv]».", line=1 + text.count("\n", 0, rest))
            break
        line += text.count("\n", counted, found.start(found.lastindex or 0))
        counted = found.start(found.lastindex or 0)
        position = found.end()
        tokens += 1
        if tokens > MAX_TOKENS:
            raise MatchFileError("too-large", f"El archivo tiene más de {MAX_TOKENS} nodos y propiedades: no es un match "
                                 "que se pueda leer.", line=line)
        opened, closed, semicolon, ident, values = found.groups()
        if opened:
            depth += 1
            if depth > 1:
                raise MatchFileError("unsupported", "El archivo tiene variantes dentro de una partida: solo se importan "
                                     "partidas sin variantes, como las guarda GNU Backgammon.", line=line)
            games.append([])
            node = None
        elif closed:
            if depth == 0:
                raise MatchFileError("syntax", "Sobra un «)».", line=line)
            depth -= 1
            node = None
        elif semicolon:
            if depth == 0:
                raise MatchFileError("syntax", "Hay un nodo «;» fuera de una partida «(…)».", line=line)
            node = {}
            games[-1].append((line, node))
        else:
            if node is None:
                raise MatchFileError("syntax", f"La propiedad «{ident}» no está dentro de un nodo «;».", line=line)
            node[ident.upper()] = _VALUE.findall(values)
        if position >= end:
            break
    if depth:
        raise MatchFileError("syntax", "El archivo se corta a mitad de una partida: falta «)».", line=line)
    for nodes in games:
        if not nodes:
            raise MatchFileError("syntax", "Hay una partida «()» sin nodos.", line=line)
    return games


def _info(root: Node, key: str, line: int) -> int | None:
    for value in root.get("MI", []):
        name, _, number = value.partition(":")
        if name.strip() == key:
            if not number.strip().isdigit() or len(number.strip()) > 6:
                raise MatchFileError("syntax", f"«MI[{value}]» no es un número.", line=line)
            return int(number)
    return None


def _one(node: Node, key: str) -> str:
    values = node.get(key, [])
    return values[0].replace("\\]", "]").replace("\\\\", "\\").strip() if values else ""


def _cell(node: Node, line: int, index: int, game: int) -> Cell | None:
    sides = [side for side in _SIDES if side in node]
    if not sides:
        return None  # a node with only comments, analysis or settings
    if len(sides) > 1:
        raise MatchFileError("syntax", "Un nodo con acciones de los dos jugadores.", line=line, game=game, move=index)
    side = _SIDES[sides[0]]
    value = _one(node, sides[0])
    if value.lower() in _ACTIONS:
        return Cell(side, _ACTIONS[value.lower()], line, index)
    roll = _ROLL.match(value)
    if roll is None:
        raise MatchFileError("syntax", f"No se entiende la acción «{value[:40]}».", line=line, game=game, move=index)
    letters = roll.group(3)
    moves = " ".join(f"{_point(letters[at], side)}/{_point(letters[at + 1], side)}" for at in range(0, len(letters), 2))
    return Cell(side, "play", line, index, dice=(int(roll.group(1)), int(roll.group(2))), moves=moves)


def _point(letter: str, side: int) -> int:
    """A point of gnubg's ``.sgf`` in the mover's own numbering: ``y`` the bar, ``z`` off."""
    if letter == "y":
        return BAR
    if letter == "z":
        return OFF
    index = ord(letter) - ord("a")
    return index + 1 if side == WHITE else 24 - index


__all__ = ["MAX_TOKENS", "read_sgf"]
