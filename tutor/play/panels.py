"""What a live game's page says, for one viewer: status, recent events, the panel to act in.

The same panel (``templates/play/_panel.html``) is drawn for the first page
load, for the form fallback without JavaScript and for each WebSocket
update, so the three always agree.  It is drawn per viewer: the player on
roll gets the interactive board (with the legal destinations if the game
was created with them), the other player and spectators a diagram, each
from their own side of the table.
"""

from __future__ import annotations

import json
import math
from types import SimpleNamespace

from django.template.loader import render_to_string
from django.urls import reverse

from tutor.accounts.models import display_name
from tutor.board.templatetags.board_tags import ASSETS_FLAG
from tutor.board.destinations import destination_map
from tutor.engine import BLACK, WHITE, format_dice, opponent
from tutor.games.cube_policy import dead_cube_note, may_double
from tutor.games.beavers import BEAVER_RULE, beaver_status, may_beaver
from tutor.games.jacoby import JACOBY_RULE, jacoby_status
from tutor.games.resign_choices import points
from tutor.practice.wording import RESULT_WORDS
from tutor.rules import CRAWFORD_NOTICE, cube_state

from . import clocks, endings, extensions, outcome, resign_panel
from .access import teaches
from .models import SIDE_WORDS, LiveAction, LiveGame, Phase, ToldAction
from .motion import rival_move
from .service import PHRASES

Kind = LiveAction.Kind


def name(game: LiveGame, side: int | None) -> str:
    player = game.player(side) if side is not None else None
    return display_name(player) if player is not None else "(falta rival)"


def sentence(game: LiveGame, action: LiveAction | ToldAction, viewer_side: int | None) -> str:
    """One stored action as a Spanish sentence, in the second person for the viewer's own actions."""
    mine = action.side == viewer_side
    actor = "Tú" if mine else f"{name(game, action.side)} ({SIDE_WORDS[action.side]})"

    def does(you: str, they: str) -> str:
        return f"{actor} {you if mine else they}"

    kind = action.kind
    if kind == Kind.OPENING:
        white, black = action.dice[-1]
        ties = len(action.dice) - 1
        again = f" (tras {ties} empate{'s' if ties > 1 else ''})" if ties else ""
        return (f"Partida {action.game_number}. Tirada inicial{again}: blancas {white}, negras {black}. "
                f"{does('empiezas', 'empieza')} con {format_dice((white, black))}.")
    if kind == Kind.MOVE:
        roll = format_dice(tuple(action.dice)) if action.dice else ""
        if not action.play:
            return f"{does('tiras', 'tira')} {roll} y no {'puedes' if mine else 'puede'} mover: {'pasas' if mine else 'pasa'}."
        return f"{does('tiras', 'tira')} {roll} y {'juegas' if mine else 'juega'} {action.play}."
    if kind == Kind.DOUBLE:
        return f"{does('doblas', 'dobla')} a {action.points}."
    if kind == Kind.BEAVER:
        return f"{does('haces', 'hace')} beaver: el cubo pasa a {action.points} y sigue siendo {'tuyo' if mine else 'suyo'}."
    if kind == Kind.TAKE:
        return f"{does('aceptas', 'acepta')} el doble: el cubo está a {action.points}."
    if kind == Kind.DROP:
        return f"{does('abandonas', 'abandona')} ante el doble."
    if kind == Kind.RESULT:
        return f"{does('ganas', 'gana')} la partida ({RESULT_WORDS.get(action.result_kind, 'partida')}): {points(action.points)}."
    if kind in (Kind.OFFER, Kind.ACCEPT, Kind.REJECT, Kind.RESIGN):
        return resign_panel.sentence(game, action, mine, actor)
    if kind == Kind.CLAIM:
        absent = "tu rival llevaba" if mine else "llevabas" if viewer_side is not None else "su rival llevaba"
        return f"{does('reclamas', 'reclama')} la partida: {absent} demasiado tiempo sin jugar."
    if kind == Kind.FLAG:
        if game.aborted:
            lost, loses = "la partida se anula", "la partida se anula"
        else:
            lost, loses = "pierdes por tiempo", "pierde por tiempo"
        return f"Se te ha acabado el tiempo: {lost}." if mine else f"A {name(game, action.side)} ({SIDE_WORDS[action.side]}) se le ha acabado el tiempo: {loses}."
    if kind == Kind.ABORT:
        return f"{does('anulas', 'anula')} la partida: nadie hizo la primera jugada a tiempo. Nadie gana ni pierde puntos."
    if kind == Kind.PHRASE:
        return f"{does('dices', 'dice')}: «{PHRASES.get(action.phrase, '')}»"
    return ""


ABORTED = "Partida anulada: terminó antes de que los dos jugadores movieran. Nadie gana ni pierde puntos."


def status_text(game: LiveGame, viewer_side: int | None) -> str:
    """Who must do what now, from the viewer's point of view."""
    if game.phase == Phase.WAITING:
        return "Esperando a tu rival: comparte el enlace o el código." if viewer_side == WHITE else "Falta un jugador."
    if game.aborted:
        return ABORTED
    if game.phase == Phase.OVER:
        return outcome.banner(game, viewer_side, score_text(game))
    if game.offer_pending:
        return resign_panel.status(game, viewer_side)
    acting = game.side_to_act()
    if acting is not None and acting != viewer_side:
        waiting: dict[str, str] = {Phase.ROLL: "decide si dobla o tira", Phase.MOVE: "mueve", Phase.ANSWER: "decide si acepta el doble",
                                   Phase.BEAVER: "decide si acepta el beaver"}
        return f"Turno de {name(game, acting)} ({SIDE_WORDS[acting]}): {waiting[game.phase]}."
    if game.phase == Phase.ROLL:
        return "Tu turno: ¿doblas o tiras?"
    if game.phase == Phase.ANSWER:
        return "Tu rival te dobla: ¿aceptas o abandonas?"
    if game.phase == Phase.BEAVER:
        return "Tu rival ha hecho beaver: ¿aceptas o abandonas?"
    return "Tu turno: mueve tus fichas."


def list_status(game: LiveGame, viewer_side: int | None) -> str:
    """Where one of the viewer's games stands, in a few words for the list of «Tus partidas»."""
    if game.phase == Phase.WAITING:
        return "esperando a tu rival" if viewer_side == WHITE else "falta un jugador"
    if game.aborted:
        return "anulada"
    if game.phase == Phase.OVER:
        return "terminada: has ganado" if game.winner == viewer_side else "terminada: has perdido"
    acting = game.side_to_act()
    if acting == viewer_side:
        return "te toca responder a su oferta de rendición" if game.offer_pending else "te toca"
    return f"le toca a {name(game, acting)}"


def cube_text(game: LiveGame, viewer_side: int | None) -> str:
    """Where the cube stands for ``viewer_side``, and the double that waits for its answer, if one does."""
    position = game.position
    offer = ""
    answering = game.side_to_act()
    if game.phase == Phase.ANSWER and answering is not None:
        doubler = opponent(answering)
        to = position.cube_value * 2
        if doubler == viewer_side:
            offer = f"doblas a {to}, falta la respuesta"
        elif viewer_side is None:
            offer = f"{name(game, doubler)} dobla a {to}, falta la respuesta"
        else:
            offer = f"{name(game, doubler)} te dobla a {to}"
    if position.cube_owner is None:
        return cube_state(position.cube_value, None, offer)
    owner = "tuyo" if position.cube_owner == viewer_side else f"de {name(game, position.cube_owner)}"
    return cube_state(position.cube_value, owner, offer)


def players_text(game: LiveGame) -> str:
    """«Ana (blancas) contra Bruno (negras)», or «contra …» while the seat is free."""
    rival = f"{name(game, BLACK)} (negras)" if game.black_id else "…"
    return f"{name(game, WHITE)} (blancas) contra {rival}"


def score_text(game: LiveGame) -> str:
    white, black = game.score
    target = f" (match a {game.length})" if game.length else ""
    return f"{name(game, WHITE)} {white} – {name(game, BLACK)} {black}{target}"


def clock_faces(game: LiveGame, viewer_side: int | None, now) -> list[dict]:
    """Each side's clock as the page shows it (the rival's first, then the viewer's), from the server's figures.

    The page counts the running clock down and turns it urgent below
    ``low_below`` seconds of reserve; ``warning`` goes only to the player
    whose clock runs, to be said once per ``turn`` (when the clock started
    running for them), so a panel drawn again in the same turn says nothing.
    """
    figures = clocks.figures(game, now)
    if figures is None:
        return []
    order = (WHITE, BLACK) if viewer_side is None else (1 - viewer_side, viewer_side)
    return [{
        "side": side,
        "who": "Tú" if side == viewer_side else name(game, side),
        "colour": SIDE_WORDS[side],
        "running": figures["running"] == side,
        "delay_left": figures["delay_left"][side],
        "reserve_left": figures["reserve_left"][side],
        "reserve_text": clocks.minutes_and_seconds(figures["reserve_left"][side]),
        "delay_text": f"{math.ceil(figures['delay_left'][side])} s",
        "low": clocks.running_low(figures, side),
        "low_below": clocks.LOW_RESERVE,
        "warning": clocks.LOW_WARNING if side == viewer_side and figures["running"] == side else "",
        "turn": game.clock_started.isoformat() if figures["running"] == side and game.clock_started else "",
    } for side in order]


def panel_context(game: LiveGame, viewer, *, verdict: dict | None = None, play: str = "", error: str = "",
                  after_match: str | None = None) -> dict:
    """What the panel shows ``viewer``; ``after_match``, when the caller drew it for several viewers at once."""
    side = game.side_of(viewer)
    position = game.position
    acting = game.side_to_act()
    my_turn = side is not None and acting == side
    # An offer to resign stops the game until answered, except for the offerer on their own turn:
    # their clock runs meanwhile, and playing on takes the offer back (``endings.may_play_on``).
    turn_actions = (my_turn and not game.offer_pending) or (side is not None and endings.may_play_on(game, side))
    moving = turn_actions and game.phase == Phase.MOVE
    destinations = destination_map(position) if moving and game.highlight else None
    act_url = reverse("play:act", args=[game.code])
    can_claim = side is not None and not game.is_over and acting is not None and acting != side and not game.timed
    now = clocks.clock()
    return {
        "game": game,
        "position": position,
        "side": side,
        "spectator": side is None,
        "teacher": side is None and teaches(viewer, game),
        "my_turn": my_turn,
        "turn_actions": turn_actions,
        "offer": resign_panel.pending(game),
        "answering_offer": my_turn and game.offer_pending,
        "resign_choices": resign_panel.choices(game, side),
        "leaving": resign_panel.leaving(game, side),
        "moving": moving,
        "flipped": side == BLACK,
        "Phase": Phase,
        "status": status_text(game, side),
        "score": score_text(game),
        "players": players_text(game),
        "cube": cube_text(game, side),
        "jacoby": jacoby_status(position) if game.phase != Phase.WAITING else "",
        "jacoby_rule": JACOBY_RULE,
        "beavers": beaver_status(position, game.beavers) if game.phase != Phase.WAITING else "",
        "beaver_rule": BEAVER_RULE,
        "may_beaver": game.phase == Phase.ANSWER and may_beaver(position, game.beavers),
        "beaver_to": position.cube_value * 4,
        "crawford": CRAWFORD_NOTICE if position.crawford and game.length and not game.is_over else None,
        "can_double": turn_actions and game.phase == Phase.ROLL and may_double(position),
        "cube_note": "" if game.is_over or game.phase == Phase.WAITING else dead_cube_note(position, side),
        "double_to": position.cube_value * 2,
        "destinations": destinations,
        "first_destinations": destinations["moves"].get("", {}) if destinations else None,
        "events": [text for text in (sentence(game, action, side) for action in game.recent_actions()) if text],
        "rival_move": json.dumps(rival_move(game, side) or ""),
        "phrases": PHRASES.items(),
        "can_claim": can_claim,
        "clocks": clock_faces(game, side, now),
        "flag_in": None if game.is_over else clocks.flag_in(game, side, now),
        "abort_in": clocks.abort_in(game, side, now),
        "abort_seconds": clocks.ABORT_SECONDS,
        "claim_value": resign_panel.claiming(game, side) if can_claim else "",
        "act_url": act_url,
        "move_url": f"{act_url}?tipo=move&seq={game.seq}",
        "verdict": verdict,
        "play": play,
        "error": error,
        "after_match": extensions.after_match(game, viewer) if after_match is None else after_match,
    }


def render_panel(game: LiveGame, viewer, **options) -> str:
    """The panel as HTML, outside a request (WebSocket updates).

    The board's stylesheet and scripts are already on the page; the
    stand-in request says so, and the forms get their CSRF token from the
    page's script.
    """
    context = panel_context(game, viewer, **options)
    context["request"] = SimpleNamespace(**{ASSETS_FLAG: True})
    return render_to_string("play/_panel.html", context)


def render_player_panels(game: LiveGame) -> dict[int, str]:
    """Both players' panels after a change, drawn once by the process that made it.

    Every connection of a player then shows its side's panel as it comes,
    without reading the game again: one drawing per player and change, not
    one per open page.  Spectators draw their own (``render_panel``).
    """
    players = {side: game.player(side) for side in (WHITE, BLACK) if game.player(side) is not None}
    offers = extensions.after_match_for(game, list(players.values()))
    return {side: render_panel(game, player, after_match=offer) for (side, player), offer in zip(players.items(), offers)}
