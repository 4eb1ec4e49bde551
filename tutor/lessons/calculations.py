"""What a puzzle's ``calculo`` asks the engine, so that stated answers are checked.

Each calculation reads the puzzle's position and returns the answer as text,
the same form a learner's answer is compared in.  A puzzle whose
``respuesta`` differs from the engine's fails ``manage.py check``.
"""

from __future__ import annotations

from typing import Callable

from tutor.engine import BAR, BLACK, WHITE, Position

_SIDE_WORDS = {"blancas": WHITE, "negras": BLACK}
_SIDE_KEYS = {WHITE: "blancas", BLACK: "negras"}
_RESULT_KEYS = {"single": "simple", "gammon": "gammon", "backgammon": "backgammon"}


DICE_CALCULATIONS = frozenset({"jugadas", "motivo", "dado-jugado", "puede-mover", "puede-doblar-ya", "cubo-tras-aceptar"})
"""The calculations whose answer depends on the position's dice; every other one reads only
the checkers and the stakes, whatever the dice (the gates compare questions by it)."""


def reads_dice(calculation: str) -> bool:
    """Whether the answer of a question with ``calculation`` may change with the dice.

    A question without a calculation (a play, a legality, a choice) is taken to depend on them.

    >>> reads_dice(""), reads_dice("jugadas"), reads_dice("pips blancas")
    (True, True, False)
    """
    name = calculation.split()[0] if calculation.split() else ""
    return not name or name in DICE_CALCULATIONS


class CalculationError(ValueError):
    """The calculation is unknown or does not apply to the position."""


def calculate(position: Position, calculation: str) -> str:
    """The engine's answer to ``calculation`` for ``position``, as text.

    >>> calculate(Position.initial(), "entrada 3")
    '22'
    >>> calculate(Position.initial(), "pips negras")
    '167'
    """
    name, *arguments = calculation.split()
    handler = _CALCULATIONS.get(name)
    if handler is None:
        raise CalculationError(f"cálculo «{name}» desconocido: usa uno de {', '.join(sorted(_CALCULATIONS))}")
    return handler(position, arguments)


def _entry(position: Position, arguments: list[str]) -> str:
    die = _one_int(arguments, "entrada <dado>")
    if not 1 <= die <= 6:
        raise CalculationError("el dado de «entrada» va de 1 a 6")
    return str(BAR - die)


def _points(position: Position, arguments: list[str]) -> str:
    return str(_game_result(position).points)


def _result(position: Position, arguments: list[str]) -> str:
    return _RESULT_KEYS[_game_result(position).kind]


def _winner(position: Position, arguments: list[str]) -> str:
    return _SIDE_KEYS[_game_result(position).winner]


def _game_result(position: Position):
    from tutor.engine import RuleError, score_game

    try:
        return score_game(position)
    except RuleError as error:
        raise CalculationError(f"la partida no ha terminado: {error}") from None


def _resigned(position: Position, arguments: list[str]) -> str:
    """The points the rival wins when the side on roll resigns as a single game, a gammon or a backgammon."""
    from tutor.engine import RuleError, resignation

    kinds = {word: kind for kind, word in _RESULT_KEYS.items()}
    if len(arguments) != 1 or arguments[0] not in kinds:
        raise CalculationError("se escribe «rendicion simple», «rendicion gammon» o «rendicion backgammon»")
    try:
        return str(resignation(position, position.turn, kinds[arguments[0]]).points)
    except RuleError:
        raise CalculationError(
            f"quien tiene el turno no puede rendirse con un {arguments[0]}: ya ha sacado alguna ficha"
        ) from None


def _plays(position: Position, arguments: list[str]) -> str:
    if position.dice is None:
        raise CalculationError("«jugadas» necesita dados")
    return str(len(position.legal_plays()))


def _pips(position: Position, arguments: list[str]) -> str:
    return str(position.pip_count(_side(arguments, "pips")))


def _borne_off(position: Position, arguments: list[str]) -> str:
    return str(position.borne_off(_side(arguments, "retiradas")))


def _cube_after_take(position: Position, arguments: list[str]) -> str:
    from tutor.engine import can_double

    if not can_double(position):
        raise CalculationError("el jugador en turno no puede doblar en esta posición")
    return str(position.cube_value * 2)


def _who_may_double(position: Position, arguments: list[str]) -> str:
    from tutor.engine import can_double

    allowed = [side for side in (WHITE, BLACK) if can_double(position.replace(turn=side, dice=None), side)]
    if len(allowed) == 2:
        return "ambos"
    return _SIDE_KEYS[allowed[0]] if allowed else "nadie"


def _who_starts(position: Position, arguments: list[str]) -> str:
    if len(arguments) != 2 or not all(a.isdigit() and 1 <= int(a) <= 6 for a in arguments):
        raise CalculationError("«quien-empieza» necesita dos dados: blancas y negras")
    from tutor.engine import opening_roll

    throws = iter(int(a) for a in arguments)
    white, black = int(arguments[0]), int(arguments[1])
    if white == black:
        return "repetir"
    return _SIDE_KEYS[opening_roll(lambda: next(throws)).starter]


def _reason(position: Position, arguments: list[str]) -> str:
    """The engine's first reason code against a play: «¿por qué no es legal?» questions."""
    if position.dice is None:
        raise CalculationError("«motivo» necesita dados")
    verdict = position.check(" ".join(arguments))
    if verdict.legal or "syntax" in verdict.codes:
        raise CalculationError(f"«motivo» necesita una jugada ilegal y bien escrita, no «{' '.join(arguments)}»")
    return verdict.codes[0]


def _die_played(position: Position, arguments: list[str]) -> str:
    """The die the only legal play uses, when the rules let just one be played."""
    plays = position.legal_plays() if position.dice is not None else []
    if len(plays) != 1 or len(plays[0].moves) != 1:
        raise CalculationError("«dado-jugado» necesita dados con una sola jugada legal de un solo dado")
    return str(plays[0].moves[0].die)


def _may_move(position: Position, arguments: list[str]) -> str:
    """``pasar`` when no die can be played, else ``mover``."""
    if position.dice is None:
        raise CalculationError("«puede-mover» necesita dados")
    return "pasar" if position.legal_plays()[0].is_pass else "mover"


def _may_double_now(position: Position, arguments: list[str]) -> str:
    """Whether the side on roll may double in this very position, dice included."""
    from tutor.engine import can_double

    return "si" if can_double(position) else "no"


def _one_int(arguments: list[str], usage: str) -> int:
    if len(arguments) != 1 or not arguments[0].isdigit():
        raise CalculationError(f"se escribe «{usage}»")
    return int(arguments[0])


def _side(arguments: list[str], name: str) -> int:
    if len(arguments) != 1 or arguments[0] not in _SIDE_WORDS:
        raise CalculationError(f"se escribe «{name} blancas» o «{name} negras»")
    return _SIDE_WORDS[arguments[0]]


_CALCULATIONS: dict[str, Callable[[Position, list[str]], str]] = {
    "entrada": _entry,
    "puntos": _points,
    "resultado": _result,
    "ganador": _winner,
    "rendicion": _resigned,
    "jugadas": _plays,
    "pips": _pips,
    "retiradas": _borne_off,
    "cubo-tras-aceptar": _cube_after_take,
    "puede-doblar": _who_may_double,
    "quien-empieza": _who_starts,
    "motivo": _reason,
    "dado-jugado": _die_played,
    "puede-mover": _may_move,
    "puede-doblar-ya": _may_double_now,
}
