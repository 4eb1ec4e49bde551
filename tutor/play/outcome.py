"""How a finished match ended, in the words of the banner at the top of its panel.

The banner is the first thing a player reads when the game stops: «has
perdido la sesión» alone left them looking further down for the reason.
It says who won, how the match ended (on the board, on time, by leaving,
by a claim, by a resignation or a drop) and the final score.  The cause is
read from the row's last told actions (``LiveGame.recent``), so drawing it
costs no query.
"""

from __future__ import annotations

from tutor.accounts.models import display_name
from tutor.engine import opponent

from .models import LiveAction, LiveGame, ToldAction

Kind = LiveAction.Kind

CAUSES = (Kind.FLAG, Kind.RESIGN, Kind.CLAIM, Kind.ACCEPT, Kind.DROP, Kind.MOVE)
"""The actions that can end the last game of a match, latest first wins (a result and phrases come after them)."""


def _name(game: LiveGame, side: int) -> str:
    player = game.player(side)
    return display_name(player) if player is not None else "tu rival"


def cause(game: LiveGame) -> ToldAction | None:
    """The action that ended the match, among the last ones the row keeps."""
    return next((told for told in reversed(game.recent_actions()) if told.kind in CAUSES), None)


def cause_text(game: LiveGame, viewer_side: int | None) -> str:
    """How the match ended, for ``viewer_side`` («Se te acabó el tiempo», «Bruno dejó el match»…)."""
    told = cause(game)
    if told is None:
        return ""
    mine = told.side == viewer_side
    who = _name(game, told.side)
    target = "el match" if game.length else "la sesión"
    if told.kind == Kind.FLAG:
        return "Perdiste por tiempo: se te acabó la reserva" if mine else f"{who} perdió por tiempo: se le acabó la reserva"
    if told.kind == Kind.RESIGN:
        return f"Dejaste {target}" if mine else f"{who} dejó {target}"
    if told.kind == Kind.CLAIM:
        absent = "tu rival llevaba" if mine else ("llevabas" if viewer_side is not None else "su rival llevaba")
        return f"{'Reclamaste' if mine else f'{who} reclamó'} la partida: {absent} demasiado tiempo sin jugar"
    if told.kind == Kind.ACCEPT:
        resigner = opponent(told.side)
        if mine:
            return f"Aceptaste la rendición de {_name(game, resigner)}"
        if resigner == viewer_side:
            return f"Te rendiste y {who} aceptó"
        return f"{_name(game, resigner)} se rindió y {who} aceptó"
    if told.kind == Kind.DROP:
        return f"{'Abandonaste' if mine else f'{who} abandonó'} ante un doble"
    return "La última partida terminó en el tablero"


def _sentence(text: str) -> str:
    """``text`` ended with a full stop, unless it ends with one already (a name like «Ana G.»)."""
    return text if text.endswith(".") else f"{text}."


def banner(game: LiveGame, viewer_side: int | None, score: str) -> str:
    """The status line of a finished match: who won, how it ended and the final score.

    >>> _sentence("Aceptaste la rendición de Ana G."), _sentence("Bruno dejó el match")
    ('Aceptaste la rendición de Ana G.', 'Bruno dejó el match.')
    """
    target = "el match" if game.length else "la sesión"
    if viewer_side is None:
        verdict = _sentence(f"Ha terminado: gana {_name(game, game.winner)}") if game.winner is not None else "Ha terminado."
    elif game.winner == viewer_side:
        verdict = f"Ha terminado: ¡has ganado {target}!"
    else:
        verdict = f"Ha terminado: has perdido {target}."
    how = cause_text(game, viewer_side)
    return " ".join(part for part in (verdict, _sentence(how) if how else "", f"Resultado final: {score}.") if part)
