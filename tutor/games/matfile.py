"""Reading a match played anywhere: a ``.mat`` or GNU Backgammon ``.sgf`` file, replayed by the engine.

``read_match`` takes the file's bytes (or the text pasted) and returns the
whole match, every game replayed from the start with the engine
(``replay.py``): each play checked against the dice, each cube action
against the cube's owner, the Crawford game and the cube's value, each
game's points against the cube and how the game ended, and the score of
each game's header against the one the games before it add up to.
Nothing is trusted and nothing is partial: the match comes back whole or
``MatchFileError`` says, in Spanish, the line, the game and the move where
it stopped.

Hostile files are refused early and cheaply: more than ``MAX_BYTES``
before anything is decoded, text that is not text (NUL bytes, control
characters: a binary file, or UTF-16), more than ``MAX_ROLLS`` rolls before
any is replayed; the readers go line by line or token by token, with no
recursion and nothing quadratic, and stop at the first error.
"""

from __future__ import annotations

import re

from tutor.engine import opponent

from .imported import ACTION_KINDS, MatchFileError, ReadAction, ReadGame, ReadMatch
from .mat import (
    DROP,
    TAKE,
    GameTranscript,
    Step,
    beaver_cell,
    double_cell,
    forfeit_cube,
    match_text,
    play_cell,
    player_name,
    set_position_line,
)
from .mat_reader import read_mat
from .sgf import read_sgf

MAX_BYTES = 3 * 1024 * 1024
"""The largest file read, 3 MB: a long match is a few tens of kilobytes in ``.mat``; gnubg's ``.sgf``
keeps its analysis of every decision in the file, about 1.4 kB a roll: 2.8 MB for ``MAX_ROLLS``."""

MAX_ROLLS = 2000
"""The most rolls a file may have: a 7-point match has about 200, an 11-point match 300 to 500, a
25-point match 500 to 1,000 with the cube and 1,500 to 2,000 without it (gnubg playing itself a 25-point
match without the cube: 31 games and 1,567 rolls; with another seed, 36 games and 2,005 rolls, just over).  Replaying a roll takes about a quarter of a
millisecond of processor time, storing it as much (``docs/uploads.md``), so a whole upload of the
longest file read stays near half a second on an idle core, and a file that breaks a rule at its last
roll is refused sooner."""
_MAT_ROLL = re.compile(r"[1-6][1-6]:")
_SGF_ROLL = re.compile(r"[BW]\[[1-6][1-6]")
"""A roll, as a ``.mat`` writes it (``52:``) or an ``.sgf`` (``W[52``): counted before anything is replayed."""

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f]")
"""Characters no match file has: a binary file, or text in an encoding read wrong."""


def read_match(data: bytes | str) -> ReadMatch:
    """The match in ``data`` (a ``.mat`` or an ``.sgf``, as bytes or text pasted), replayed; raises ``MatchFileError``."""
    size = len(data) if isinstance(data, bytes) else len(data.encode("utf-8", "surrogatepass"))
    if size > MAX_BYTES:
        raise MatchFileError("too-large", f"El archivo ocupa demasiado: como mucho {MAX_BYTES // (1024 * 1024)} MB.")
    text = decode(data) if isinstance(data, bytes) else data.lstrip("\ufeff")
    if not text.strip():
        raise MatchFileError("empty", "El archivo está vacío.")
    control = _CONTROL.search(text)
    if control:
        line = text.count("\n", 0, control.start()) + 1
        raise MatchFileError("encoding", "Esto no es un archivo de texto: tiene caracteres de control. Exporta el match "
                             "como «.mat» o guárdalo como «.sgf».", line=line)
    sgf = text.lstrip().startswith("(")
    rolls = _rolls(text, sgf)
    if rolls > MAX_ROLLS:
        raise MatchFileError("too-large", f"El archivo tiene {rolls} tiradas: como mucho se leen {MAX_ROLLS}, las de un "
                             "match a 25 puntos muy largo.")
    return read_sgf(text) if sgf else read_mat(text)


def _rolls(text: str, sgf: bool) -> int:
    """How many rolls ``text`` has, or fewer than ``MAX_ROLLS`` when it cannot have more.

    Every roll has a colon (``.mat``) or a bracket (``.sgf``): counting those
    first, in C, spares the pattern on most files.
    """
    bound = text.count("[" if sgf else ":")
    if bound <= MAX_ROLLS:
        return bound
    return sum(1 for _ in (_SGF_ROLL if sgf else _MAT_ROLL).finditer(text))


def decode(data: bytes) -> str:
    """The text of a file: UTF-8 (with or without its mark), else Latin-1, as older programs write names.

    UTF-16, which has NUL bytes in plain text, is left to the control
    characters' check to refuse.

    >>> decode("José".encode("utf-8")), decode("José".encode("latin-1")), decode(b"\\xef\\xbb\\xbfAna")
    ('José', 'José', 'Ana')
    """
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def match_file(match: ReadMatch) -> str:
    """The ``.mat`` of a match read and checked, as the site writes its own: GNU Backgammon imports it whole.

    Each player's name becomes one word of plain letters, as the format
    wants it; a resignation or a match left keeps the roll on the board.
    """
    names = (player_name(match.names[0], "Jugador1"), player_name(match.names[1], "Jugador2"))
    games = [_transcript(match, game) for game in match.games]
    return match_text(match.length, names, games, jacoby=match.jacoby, crawford=match.crawford)


def _transcript(match: ReadMatch, game: ReadGame) -> GameTranscript:
    written = GameTranscript(game.number, game.score)
    for action in game.actions:
        before = action.before
        if action.kind == "play":
            verdict = before.check(action.play or "")
            assert verdict.play is not None, "a read play is legal"
            moves = [(move.src, move.dst, move.hit) for move in verdict.play.moves]
            written.steps.append(Step(action.side, play_cell(before.dice or (0, 0), moves)))
        elif action.kind == "double":
            written.steps.append(Step(action.side, double_cell(before.cube_value)))
        elif action.kind == "beaver":
            written.steps.append(Step(action.side, beaver_cell(before.cube_value)))
        elif action.kind == "take":
            written.steps.append(Step(action.side, TAKE))
        elif action.kind == "drop":
            written.steps.append(Step(action.side, DROP))
        elif action.dice is not None:  # a resignation or a match left: the roll on the board first
            written.steps.append(Step(before.turn, play_cell(action.dice, [])))
        if action.kind == "leave" and game.winner is not None and game.points > 3 * before.cube_value:
            written.set_position = set_position_line(before, forfeit_cube(game.points), opponent(action.side))
    if game.winner is not None:
        after = game.score[game.winner] + game.points
        written.winner, written.points = game.winner, game.points
        written.ends_match = bool(match.length) and after >= match.length
    return written


__all__ = ["ACTION_KINDS", "MAX_BYTES", "MAX_ROLLS", "MatchFileError", "ReadAction", "ReadGame", "ReadMatch", "decode",
           "match_file", "read_match"]
