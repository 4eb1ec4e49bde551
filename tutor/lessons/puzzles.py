"""Puzzle blocks: reading the ``clave: valor`` body of a lesson's puzzle.

A puzzle is validated data: each key has a small reader, and a body that is
malformed, describes an impossible position or states an answer the engine
disagrees with raises ``PuzzleError`` with the lesson file and line.  There
is never a silent fallback: a broken puzzle fails ``manage.py check``.

The keys are Spanish because teachers write them; the format is documented
for them in the lesson ``lessons/autoria.md``.
"""

from __future__ import annotations

import re
from functools import partial
from typing import Callable

from tutor.engine import BLACK, WHITE, EngineError, Position, Stakes, parse_dice, parse_play

from tutor.rules import Goal, GoalError, accepted_plays, parse_goal

from .puzzle_types import KINDS, PLAY_KINDS, Choice, Puzzle, PuzzleError, TemptingPlay
from .validation import validate_puzzle
from .yes_no import normalise_yes_no

__all__ = [
    "KINDS", "PLAY_KINDS", "Choice", "Puzzle", "PuzzleError", "TemptingPlay",
    "normalise_yes_no", "parse_layout", "parse_puzzle",
]
"""The puzzle's types and yes/no reading live in their own modules (the
validation imports them too); callers keep importing them from here."""

_SINGLE_KEYS = {
    "id", "titulo", "pregunta", "xgid", "blancas", "negras", "turno", "dados", "tipo",
    "respuesta", "jugada", "codigo", "calculo", "explicacion", "regla", "cubo", "match",
    "marcador", "crawford", "jacoby", "objetivo",
}
_REPEATED_KEYS = {"legal", "ilegal", "pista", "opcion", "acepta"}
_SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_SIDES = {"blancas": WHITE, "negras": BLACK}


def parse_puzzle(body: str, source: str = "", line: int = 1, lesson: str = "") -> Puzzle:
    """Read and validate one puzzle body; ``line`` is the body's first line.

    >>> p = parse_puzzle('''id: ejemplo
    ... titulo: Ejemplo
    ... pregunta: Juega.
    ... blancas: 6:2
    ... negras:
    ... dados: 6-4
    ... tipo: jugada''')
    >>> p.slug, p.position.borne_off(0), p.dice
    ('ejemplo', 13, (6, 4))
    """
    values, repeated, lines = _read_pairs(body, source, line)

    def fail(message: str, key: str | None = None) -> PuzzleError:
        return PuzzleError(message, source, lines.get(key, line) if key else line)

    for key in ("id", "titulo", "pregunta", "tipo"):
        if not values.get(key):
            raise fail(f"falta la clave obligatoria «{key}»")
    slug = values["id"]
    if not _SLUG.match(slug):
        raise fail(f"el id «{slug}» debe ir en minúsculas, con guiones (p. ej. seis-cuatro)", "id")
    kind = values["tipo"]
    if kind not in KINDS:
        raise fail(f"tipo «{kind}» desconocido: usa uno de {', '.join(KINDS)}", "tipo")
    position = _read_position(values, fail)
    goal = _read_goal(values, repeated, kind, fail)
    puzzle = Puzzle(
        slug=slug,
        title=values["titulo"],
        question=values["pregunta"],
        kind=kind,
        position=position,
        source=source,
        line=line,
        lesson=lesson,
        answer=values.get("respuesta", ""),
        play=values.get("jugada", ""),
        expected_code=values.get("codigo", ""),
        calculation=values.get("calculo", ""),
        explanation=values.get("explicacion", ""),
        rule=values.get("regla", ""),
        legal_examples=tuple(text for text, _ in repeated["legal"]),
        tempting=tuple(_read_tempting(text, partial(PuzzleError, source=source, line=at)) for text, at in repeated["ilegal"]),
        hints=tuple(text for text, _ in repeated["pista"]),
        choices=tuple(_read_choice(text, partial(PuzzleError, source=source, line=at)) for text, at in repeated["opcion"]),
        goal=goal,
    )
    validate_puzzle(puzzle, lines)
    return puzzle


def _read_pairs(body: str, source: str, first_line: int) -> tuple[dict[str, str], dict[str, list[tuple[str, int]]], dict[str, int]]:
    values: dict[str, str] = {}
    repeated: dict[str, list[tuple[str, int]]] = {key: [] for key in _REPEATED_KEYS}
    lines: dict[str, int] = {}
    for offset, raw in enumerate(body.splitlines()):
        number = first_line + offset
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        key, separator, value = text.partition(":")
        key = key.strip().lower()
        if not separator:
            raise PuzzleError(f"cada línea debe ser «clave: valor», no «{text[:40]}»", source, number)
        value = value.strip()
        if key in _REPEATED_KEYS:
            repeated[key].append((value, number))
        elif key in _SINGLE_KEYS:
            if key in values:
                raise PuzzleError(f"la clave «{key}» aparece dos veces", source, number)
            values[key] = value
        else:
            raise PuzzleError(f"clave «{key}» desconocida", source, number)
        lines.setdefault(key, number)
    return values, repeated, lines


def _read_goal(values: dict[str, str], repeated: dict[str, list[tuple[str, int]]], kind: str, fail: Callable[..., PuzzleError]) -> Goal | None:
    accepted = tuple(text for text, _ in repeated["acepta"])
    if "objetivo" not in values and not accepted:
        return None
    key = "objetivo" if "objetivo" in values else "acepta"
    if kind != "jugada":
        raise fail("«objetivo» y «acepta» solo sirven en ejercicios de tipo jugada", key)
    if "objetivo" in values and accepted:
        raise fail("usa «objetivo» o «acepta», no ambos", "acepta")
    if accepted:
        return accepted_plays(accepted)
    try:
        return parse_goal(values["objetivo"])
    except GoalError as error:
        raise fail(str(error), "objetivo") from None


def _read_position(values: dict[str, str], fail: Callable[..., PuzzleError]) -> Position:
    fields: Stakes = {}
    if "turno" in values:
        if values["turno"] not in _SIDES:
            raise fail("turno debe ser «blancas» o «negras»", "turno")
        fields["turn"] = _SIDES[values["turno"]]
    if "cubo" in values:
        fields.update(_read_cube(values["cubo"], fail))
    if "match" in values:
        fields["match_length"] = _read_int(values["match"], "match", fail)
    if "marcador" in values:
        score = re.fullmatch(r"(\d+)\s*-\s*(\d+)", values["marcador"])
        if not score:
            raise fail("marcador se escribe «blancas-negras», p. ej. 3-4", "marcador")
        fields["score"] = (int(score[1]), int(score[2]))
    if "crawford" in values:
        fields["crawford"] = _read_yes_no(values["crawford"], "crawford", fail)
    if "jacoby" in values:
        fields["jacoby"] = _read_yes_no(values["jacoby"], "jacoby", fail)
        if fields["jacoby"] and fields.get("match_length"):
            raise fail("la regla Jacoby solo se aplica a partidas sueltas, no a un match", "jacoby")
    try:
        if "dados" in values:
            fields["dice"] = parse_dice(values["dados"])
        if "xgid" in values:
            if "blancas" in values or "negras" in values:
                raise fail("usa «xgid» o «blancas»/«negras», no ambos", "xgid")
            position = Position.from_xgid(values["xgid"])
            return position.replace(**fields) if fields else position
        if "blancas" not in values or "negras" not in values:
            raise fail("falta la posición: «xgid», o «blancas» y «negras»")
        white = _read_layout(values["blancas"], "blancas", fail)
        black = _read_layout(values["negras"], "negras", fail)
        return Position.from_layout(white, black, **fields)
    except EngineError as error:
        raise fail(f"posición o dados imposibles: {error}") from None


def parse_layout(text: str) -> dict[int | str, int]:
    """Read ``6:2 5:1 bar:1`` (points in White's numbering) into a layout map.

    Raises ``ValueError`` with a Spanish message; shared by puzzles, the
    explorer and teachers' exercises.

    >>> parse_layout("6:2, bar:1")
    {6: 2, 'bar': 1}
    """
    layout: dict[int | str, int] = {}
    for item in text.replace(",", " ").split():
        match = re.fullmatch(r"(bar|barra|[0-9]{1,2}):([0-9]{1,2})", item.lower())
        if not match:
            raise ValueError(f"escribe punto:cantidad (p. ej. 6:2 o bar:1), no «{item[:20]}»")
        place: int | str = "bar" if match[1] in ("bar", "barra") else int(match[1])
        if place in layout:
            raise ValueError(f"el punto {place} aparece dos veces")
        layout[place] = int(match[2])
    return layout


def _read_layout(text: str, key: str, fail: Callable[..., PuzzleError]) -> dict[int | str, int]:
    try:
        return parse_layout(text)
    except ValueError as error:
        raise fail(f"en «{key}» {error}", key) from None


def _read_cube(text: str, fail: Callable[..., PuzzleError]) -> Stakes:
    match = re.fullmatch(r"(\d+)(?:\s+(blancas|negras|centro))?", text)
    if not match:
        raise fail("cubo se escribe «valor dueño», p. ej. «2 blancas» o «1 centro»", "cubo")
    owner = None if match[2] in (None, "centro") else _SIDES[match[2]]
    return {"cube_value": int(match[1]), "cube_owner": owner}


def _read_int(text: str, key: str, fail: Callable[..., PuzzleError]) -> int:
    if not re.fullmatch(r"-?\d{1,4}", text):
        raise fail(f"«{key}» debe ser un número entero, no «{text}»", key)
    return int(text)


def _read_yes_no(text: str, key: str, fail: Callable[..., PuzzleError]) -> bool:
    answer = normalise_yes_no(text)
    if answer is None:
        raise fail(f"«{key}» debe ser «si» o «no»", key)
    return answer


def _read_tempting(text: str, fail: Callable[[str], PuzzleError]) -> TemptingPlay:
    play, arrow, rest = text.partition("=>")
    if not arrow:
        raise fail("«ilegal» se escribe «jugada => código | mensaje opcional»")
    code, _, feedback = rest.partition("|")
    try:
        parse_play(play)
    except EngineError as error:
        raise fail(f"no se puede leer la jugada «{play.strip()}»: {error}") from None
    return TemptingPlay(play.strip(), code.strip(), feedback.strip())


def _read_choice(text: str, fail: Callable[[str], PuzzleError]) -> Choice:
    key, bar, label = text.partition("|")
    if not bar or not key.strip() or not label.strip():
        raise fail("«opcion» se escribe «clave | texto»")
    return Choice(key.strip().lower(), label.strip())
