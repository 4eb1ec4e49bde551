"""What a money game says about the Jacoby rule: whether it applies, chosen when the game is created.

Under the Jacoby rule (money play only) a gammon or a backgammon counts
as a single game while nobody has doubled; the engine scores it
(``score_game``, ``resignation``), the pages say where it stands.
"""

from __future__ import annotations

from tutor.engine import Position

JACOBY_RULE = "mientras nadie doble, un gammon o un backgammon cuentan como partida simple"
JACOBY_LABEL = "Con la regla Jacoby (solo en partidas por dinero)"
JACOBY_HELP = f"{JACOBY_RULE[0].upper()}{JACOBY_RULE[1:]}. En un match no se aplica."


def jacoby_status(position: Position) -> str:
    """Whether the Jacoby rule applies in this money game now, in a few words; empty in a match.

    >>> jacoby_status(Position.initial(jacoby=True)), jacoby_status(Position.initial(jacoby=True, cube_value=2, cube_owner=0))
    ('se aplica', 'ya no: se ha doblado')
    >>> jacoby_status(Position.initial()), jacoby_status(Position.initial(match_length=5))
    ('no se aplica', '')
    """
    if position.match_length:
        return ""
    if not position.jacoby:
        return "no se aplica"
    return "se aplica" if position.cube_value == 1 else "ya no: se ha doblado"
