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
characters: a binary file, or UTF-16), and the readers go line by line or
token by token, with no recursion and nothing quadratic.
"""

from __future__ import annotations

import re

from .imported import ACTION_KINDS, MatchFileError, ReadAction, ReadGame, ReadMatch
from .mat_reader import read_mat
from .sgf import read_sgf

MAX_BYTES = 2 * 1024 * 1024
"""The largest file read, 2 MB: a long match is a few tens of kilobytes in ``.mat``; gnubg's ``.sgf``
keeps its analysis of every decision in the file, about 50 kB a game."""

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
    if text.lstrip().startswith("("):
        return read_sgf(text)
    return read_mat(text)


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


__all__ = ["ACTION_KINDS", "MAX_BYTES", "MatchFileError", "ReadAction", "ReadGame", "ReadMatch", "decode", "read_match"]
