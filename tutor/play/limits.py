"""How much each person may say in a live game.

Phrases are the only words players send each other, and each one is
stored and drawn on both panels: a player says at most one between two
things happening in the game (a turn, a double, an answer…), and nothing
once the game is over.  The rule reads the game's row only
(``LiveGame.recent``), so it holds across every tab and every process.
"""

from __future__ import annotations

from .models import LiveAction, LiveGame, Phase

PHRASE_OVER = "La partida ha terminado: ya no se pueden enviar frases."
PHRASE_AGAIN = "Ya has dicho una frase: podrás decir otra cuando la partida avance."


def phrase_refusal(game: LiveGame, side: int) -> str | None:
    """Why ``side`` may not say a phrase now, or ``None`` when it may."""
    if game.phase == Phase.OVER:
        return PHRASE_OVER
    for told in reversed(game.recent):
        if told["kind"] != LiveAction.Kind.PHRASE:
            return None
        if told["side"] == side:
            return PHRASE_AGAIN
    return None
