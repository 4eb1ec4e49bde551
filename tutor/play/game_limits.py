"""How much each person may do around a live game: phrases, and guessing game codes.

- **Phrases**: a player says at most one between two things happening in
  the game (a turn, a double, an answer…), and nothing once it is over.
  The rule reads the game's row (``LiveGame.recent``), so it holds across
  every tab and every process.
- **Game codes**: a code that leads nowhere is a guess; after
  ``RATELIMITS["game-code"]`` of them, a person (or, signed out, an
  address) is answered 429 for any code but those of their own games, over
  HTTP and WebSockets alike.  Counted in the shared cache (``tutor.ratelimit``).

Connections and messages of every socket are counted in ``tutor.live.limits``.
"""

from __future__ import annotations

import functools

from django.http import Http404

from tutor import ratelimit

from . import access
from .models import LiveAction, LiveGame, Phase

# -- phrases ------------------------------------------------------------------------------

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


# -- guessing game codes ----------------------------------------------------------------------

CODE_SCOPE = "game-code"
"""Codes that led nowhere, per person or address: ``settings.RATELIMITS["game-code"]``."""


class CodeGuessing(Exception):
    """Too many codes that led nowhere: answered 429 (HTTP) or by closing the socket."""


def check_code(user, identity: str, code: str) -> None:
    """Raise ``CodeGuessing`` when ``identity`` has used up its misses, unless ``code`` is one of ``user``'s games."""
    if ratelimit.is_limited(CODE_SCOPE, identity) and not access.takes_part(user, code):
        raise CodeGuessing


def count_miss(identity: str) -> None:
    ratelimit.hit(CODE_SCOPE, identity)


def find_game(user, identity: str, code: str) -> LiveGame:
    """``access.get_game`` for a socket: ``CodeGuessing`` past the misses allowed, and a miss counted."""
    check_code(user, identity, code)
    try:
        return access.get_game(user, code)
    except Http404:
        count_miss(identity)
        raise


def guards_codes(view):
    """A view of ``/jugar/<code>/…``: its 404s count as guesses, and too many of them answer 429."""

    @functools.wraps(view)
    def guarded(request, code: str, *args, **kwargs):
        if getattr(request, "game_code_checked", False):  # a guarded view drawing another's page
            return view(request, code, *args, **kwargs)
        request.game_code_checked = True
        identity = ratelimit.client_identity(request)
        try:
            check_code(request.user, identity, code)
            return view(request, code, *args, **kwargs)
        except CodeGuessing:
            return ratelimit.too_many_requests(request, CODE_SCOPE)
        except Http404:
            count_miss(identity)
            raise

    return guarded
