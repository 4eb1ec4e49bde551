"""What a money game says about the Jacoby rule: whether it applies, chosen when the game is created.

Under the Jacoby rule (money play only) a gammon or a backgammon counts
as a single game while nobody has doubled; the engine scores it
(``score_game``, ``resignation``), the pages say where it stands.
"""

from __future__ import annotations

from tutor.engine import Position

JACOBY_LABEL = "Con la regla Jacoby (solo por dinero): mientras nadie doble, un gammon o un backgammon cuentan como partida simple"


def jacoby_text(position: Position) -> str:
    """Whether the Jacoby rule applies in this money game now, in a sentence; empty in a match.

    >>> jacoby_text(Position.initial(jacoby=True))
    'Se aplica: mientras nadie doble, un gammon o un backgammon cuentan como partida simple.'
    >>> jacoby_text(Position.initial(match_length=5))
    ''
    """
    if position.match_length:
        return ""
    if not position.jacoby:
        return "No se aplica: un gammon vale el doble y un backgammon el triple aunque nadie haya doblado."
    if position.cube_value == 1:
        return "Se aplica: mientras nadie doble, un gammon o un backgammon cuentan como partida simple."
    return "Se aplica, pero ya se ha doblado: ahora un gammon vale el doble y un backgammon el triple."
