"""Teachers' own exercises: a position, dice and a question the engine answers.

The teacher gives the position as an XGID, a GNU Backgammon ID or the
checkers point by point (``6:5 8:3``, as lessons do), chooses the dice and
one of ``QUESTIONS``.  The engine computes the answer; the exercise is then
written in the same ``clave: valor`` format as lesson puzzles and read back
with ``parse_puzzle``, so it is validated and judged exactly like them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tutor.engine import BLACK, WHITE, EngineError, Position
from tutor.lessons.calculations import CalculationError, calculate
from tutor.lessons.puzzles import Puzzle, PuzzleError, normalise_yes_no, parse_puzzle
from tutor.lessons.puzzles import parse_layout  # the lessons' reader of «6:2 8:3» lists
from tutor.rules import describe_defects, explain_verdict


@dataclass(frozen=True)
class Question:
    """A kind of question a teacher may ask about a position."""

    key: str
    label: str
    kind: str
    calculation: str = ""
    prompt: str = ""


QUESTIONS = {
    question.key: question
    for question in (
        Question("jugada", "Jugar un turno completo legal", "jugada", prompt="Juega un turno completo legal."),
        Question("unica", "Encontrar la única jugada legal", "unica", prompt="Solo hay una jugada legal: encuéntrala."),
        Question("legalidad", "¿Es legal esta jugada? (escribe la jugada)", "legalidad", prompt="¿Es legal esta jugada?"),
        Question("jugadas", "¿Cuántas jugadas legales distintas hay?", "numero", "jugadas", "¿Cuántas jugadas legales distintas hay?"),
        Question("pips", "¿Cuál es el recuento de pips del jugador en turno?", "numero", "pips", "¿Cuál es el recuento de pips del jugador en turno?"),
    )
}

def _side(position: Position) -> str:
    return "blancas" if position.turn == WHITE else "negras"


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def _body(**values: str) -> str:
    """A puzzle body in the teachers' ``clave: valor`` format."""
    return "\n".join(f"{key}: {_one_line(value)}" for key, value in values.items() if value)


def read_gnubg_id(text: str) -> Position:
    """A position from a GNU Backgammon ID: ``Position ID`` and optional ``Match ID``,
    as GNU Backgammon shows them (``4HPwATDgc/ABMA:cAkPAAAAAAAE`` or with labels)."""
    cleaned = re.sub(r"(?i)(position|match)\s*id\s*:?|id\s+de\s+(posici[oó]n|partida)\s*:?", " ", text)
    tokens = [token for token in re.split(r"[\s:]+", cleaned) if token]
    if not 1 <= len(tokens) <= 2:
        raise EngineError("expected a Position ID and an optional Match ID")
    return Position.from_gnubg_id(tokens[0], tokens[1] if len(tokens) == 2 else None)



TURNS = {"blancas": WHITE, "negras": BLACK}


class DraftError(PuzzleError):
    """A custom exercise that cannot be used; ``field`` names the form field to blame."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


def position_from_fields(*, xgid: str = "", gnubg_id: str = "", white: str = "", black: str = "", turn: str = "blancas", dice: str = "") -> Position:
    """The position the teacher described, with the chosen dice.

    Raises ``PuzzleError`` with a Spanish message when it cannot be read or
    could not occur in a game.
    """

    source = "gnubg_id" if gnubg_id else "xgid" if xgid else "white"

    def layout(text: str, key: str) -> dict:
        try:
            return parse_layout(text)
        except ValueError as error:
            raise DraftError(f"en «{key}» {error}", "black" if key == "negras" else "white") from None

    try:
        if gnubg_id:
            position = read_gnubg_id(gnubg_id)
        elif xgid:
            position = Position.from_xgid(xgid)
        else:
            position = Position.from_layout(layout(white, "blancas"), layout(black, "negras"), turn=TURNS.get(turn, WHITE))
    except EngineError:
        if gnubg_id:
            raise DraftError("no se puede leer ese ID de GNU Backgammon: copia el «Position ID» (14 caracteres) y, si quieres, el «Match ID» (12)", source) from None
        if xgid:
            raise DraftError("no se puede leer ese XGID: cópialo entero, desde «XGID=» hasta el último número", source) from None
        raise DraftError("en «blancas» y «negras» los puntos van del 1 al 24 (o «bar» para la barra)", source) from None
    if dice:
        try:
            position = position.with_dice(dice)
        except EngineError:
            raise DraftError("los dados se escriben como 6-3, cada uno del 1 al 6", "dice") from None
    problems = describe_defects(position.defects)
    if problems:
        raise DraftError("esa posición es imposible: " + "; ".join(problems), source)
    if position.winner() is not None:
        raise DraftError("en esa posición la partida ya ha terminado: elige una en la que quede algo por jugar", source)
    if position.dice is None:
        raise DraftError("elige los dados", "dice")
    return position


def computed_answer(position: Position, question: Question, play: str = "") -> tuple[str, str]:
    """The engine's answer (and the ``calculo`` to check it) for ``question``."""
    if question.kind == "unica":
        plays = position.legal_plays()
        if len(plays) != 1:
            raise DraftError(
                f"con estos dados hay {len(plays)} jugadas legales, no una sola: elige otra pregunta u otros dados",
                "question_key",
            )
        if not plays[0].notation:
            raise DraftError("con estos dados no se puede mover: elige otra pregunta u otros dados", "question_key")
        return plays[0].notation, ""
    if question.kind == "legalidad":
        if not play.strip():
            raise DraftError("escribe la jugada sobre la que preguntas, p. ej. 13/7 8/5", "play")
        verdict = position.check(play)
        if "syntax" in verdict.codes:
            raise DraftError(f"no se puede leer la jugada «{play}»: escribe origen/destino, p. ej. 13/7 8/5", "play")
        return ("si" if verdict.legal else "no"), ""
    if question.kind == "numero":
        calculation = question.calculation if question.calculation != "pips" else f"pips {_side(position)}"
        try:
            return calculate(position, calculation), calculation
        except CalculationError as error:
            raise DraftError(str(error), "question_key") from None
    return "", ""


def custom_puzzle(*, slug: str, title: str, question: str, kind: str, xgid: str, play: str = "", calculation: str = "", answer: str = "") -> Puzzle:
    """The teacher's exercise as a validated ``Puzzle`` (``PuzzleError`` if not valid)."""
    return parse_puzzle(
        _body(
            id=slug,
            titulo=title,
            pregunta=question,
            tipo=kind,
            xgid=xgid,
            jugada=play if kind == "legalidad" else "",
            calculo=calculation,
            respuesta=answer,
        )
    )


def answer_text(kind: str, answer: str) -> str:
    """The expected answer in words, as the teacher reads it."""
    if kind == "legalidad":
        return "Sí, es legal." if normalise_yes_no(answer) else "No, es ilegal."
    if kind == "jugada":
        return "Cualquiera de las jugadas legales."
    return answer


@dataclass(frozen=True)
class Draft:
    """A checked custom exercise, ready to preview and to save."""

    puzzle: Puzzle
    question: Question
    fields: dict[str, str]

    @property
    def legal_plays(self) -> list[str]:
        return [play.notation or "pasar" for play in self.puzzle.position.legal_plays()]

    @property
    def play_reasons(self) -> list[dict[str, str]]:
        """Why the play of a «¿Es legal?» question is illegal (empty when legal)."""
        if self.puzzle.kind != "legalidad":
            return []
        return explain_verdict(self.puzzle.position.check(self.puzzle.play))

    @property
    def answer_text(self) -> str:
        return answer_text(self.puzzle.kind, self.fields["answer"])


def draft_exercise(*, question_key: str, title: str, prompt: str, play: str, **position_fields: str) -> Draft:
    """Check everything the teacher entered; ``PuzzleError`` says what is wrong."""
    question = QUESTIONS.get(question_key)
    if question is None:
        raise DraftError("elige qué quieres preguntar", "question_key")
    position = position_from_fields(**position_fields)
    answer, calculation = computed_answer(position, question, play)
    fields = {
        "title": _one_line(title) or question.label.split("(")[0].strip(),
        "question": _one_line(prompt) or question.prompt,
        "kind": question.kind,
        "xgid": position.to_xgid(),
        "play": _one_line(play) if question.kind == "legalidad" else "",
        "calculation": calculation,
        "answer": answer,
    }
    return Draft(custom_puzzle(slug="propio", **fields), question, fields)
