"""What the panel says about resigning: the offers a player may make, the pending question, leaving.

Kept apart from ``panels`` so the panel's drawing stays about the board
and the turn.  Every figure comes from the engine (``resignations``,
``resignation``, ``Match.after_game``) through ``service``: the page
shows the points a choice gives and whether it ends the match, and the
server decides again when the choice arrives.
"""

from __future__ import annotations

from tutor.accounts.models import display_name
from tutor.engine import GameResult, Match, opponent, resignation
from tutor.games.resign_choices import WITH, Choice, points
from tutor.games.resign_choices import choices as resign_choices
from tutor.practice.wording import RESULT_WORDS

from . import endings
from .models import LiveAction, LiveGame, ToldAction

Kind = LiveAction.Kind


def _ends_match(game: LiveGame, result: GameResult) -> bool:
    return bool(game.length) and Match.of(game.position).after_game(result).is_over


def choices(game: LiveGame, side: int | None) -> list[Choice]:
    """The resignations ``side`` may offer now: none while an offer waits for its answer, nor after one this turn."""
    if side is None or game.is_over or game.black_id is None or game.offer_pending:
        return []
    if endings.seems_offered_this_turn(game, side):
        return []
    return resign_choices(game.position, side)


def pending(game: LiveGame) -> dict | None:
    """The offer waiting for an answer: who offers, who answers, and what accepting gives."""
    if not game.offer_pending or game.offer_by is None:
        return None
    result = resignation(game.position, game.offer_by, game.offer)
    return {
        "by": display_name(game.player(game.offer_by)),
        "to": display_name(game.player(opponent(game.offer_by))),
        "words": RESULT_WORDS[game.offer],
        "points": points(result.points),
        "ends_match": _ends_match(game, result),
    }


def status(game: LiveGame, viewer_side: int | None) -> str:
    """The panel's status line while an offer waits (the question itself, for the one who answers)."""
    offer = pending(game)
    if offer is None:
        return ""
    what = f"{offer['words']}, {offer['points']}"
    if viewer_side is not None and viewer_side == game.offer_by:
        waiting = f"Te has ofrecido a rendirte ({what}): esperando a que {offer['to']} acepte o rechace."
        if endings.may_play_on(game, viewer_side):
            return f"{waiting} Tu reloj sigue corriendo; si sigues jugando, retiras la oferta."
        return waiting
    if viewer_side is not None:
        return f"{offer['by']} se ofrece a rendirse ({what}): ¿aceptas o rechazas?"
    return f"{offer['by']} se ofrece a rendirse ({what}): {offer['to']} decide si acepta."


def leaving(game: LiveGame, side: int | None) -> dict | None:
    """The button to leave for good, with the warning that goes with it."""
    if side is None or game.is_over or game.black_id is None:
        return None
    if not game.both_moved:
        what = "el match" if game.length else "la sesión"
        return {"label": f"Dejar {what}",
                "warning": f"Aún no habéis movido los dos: si dejas {what} ahora, se anula (nadie gana ni pierde)."}
    if game.length:
        return {"label": "Dejar el match",
                "warning": "Si dejas el match, tu rival lo gana, y no se puede deshacer."}
    result = endings.leaving_result(game, side)
    if result is None:
        loss = "La partida en curso aún no ha empezado: termina sin puntos."
    else:
        loss = f"Tu rival gana esta partida como {RESULT_WORDS[result.kind]}: {points(result.points)}."
    return {"label": "Dejar la sesión", "warning": f"Si dejas la sesión, termina para los dos. {loss}"}


def claiming(game: LiveGame, side: int | None) -> str:
    """What claiming the game would give ``side`` now: as if the absent rival had left."""
    if side is None or game.is_over or game.black_id is None:
        return ""
    if not game.both_moved:
        return "Si reclamas la partida, se anula: aún no habéis movido los dos, así que nadie gana ni pierde."
    if game.length:
        return "Si reclamas la partida, ganas el match, como si tu rival lo hubiera dejado."
    result = endings.leaving_result(game, opponent(side))
    if result is None:
        return "Si reclamas la partida, la sesión termina sin puntos: la partida en curso aún no ha empezado."
    return (f"Si reclamas la partida, ganas esta partida como {RESULT_WORDS[result.kind]} ({points(result.points)}), "
            "como si tu rival hubiera dejado la sesión, y la sesión termina.")


def sentence(game: LiveGame, action: LiveAction | ToldAction, mine: bool, actor: str) -> str:
    """An offer, its answer or leaving, as one event of the panel («Tú te ofreces a rendirte…»)."""
    what = f"{RESULT_WORDS.get(action.result_kind, 'partida')}, {points(action.points)}"
    if action.kind == Kind.OFFER:
        verb = "te ofreces a rendirte" if mine else "se ofrece a rendirse"
        return f"{actor} {verb} {WITH.get(action.result_kind, '')}: {points(action.points)}."
    if action.kind == Kind.ACCEPT:
        return f"{actor} {'aceptas' if mine else 'acepta'} la rendición ({what})."
    if action.kind == Kind.REJECT:
        return f"{actor} {'rechazas' if mine else 'rechaza'} la rendición ({what}): la partida sigue."
    if game.aborted:
        return f"{actor} {'dejas' if mine else 'deja'} {'el match' if game.length else 'la sesión'} antes de que movieran los dos: se anula."
    if game.length:
        return f"{actor} {'dejas' if mine else 'deja'} el match: {'tu' if mine else 'su'} rival lo gana."
    return f"{actor} {'dejas' if mine else 'deja'} la sesión."
