"""Where other apps add to the live games' pages without ``play`` importing them.

The lobby and the ratings are built on the live games, so they depend on
``play`` and never the other way round.  What they show on play's pages
they register here when Django starts (their ``AppConfig.ready``):

- ``index_sections``: blocks of the «Jugar» page (``/jugar/``), drawn for
  each request, under the player's games under way;
- ``game_links``: lines of the «Más» list of a game's page;
- ``after_match``: what a finished match's panel offers next (a rematch, a
  new rival), drawn for its viewers together and only once the match is
  over, so a move of a game under way never pays for it.

Each function returns HTML (already escaped by its template) or ``""``.
"""

from __future__ import annotations

from typing import Callable

from django.utils.safestring import SafeString, mark_safe

_index_sections: list[Callable] = []
_game_links: list[Callable] = []
_after_match: list[Callable] = []


def add_index_section(draw: Callable) -> None:
    """``draw(request) -> str``: a block of the «Jugar» page."""
    _register(_index_sections, draw)


def add_game_link(draw: Callable) -> None:
    """``draw(game, viewer) -> str``: an item of a game page's «Más» list (without its ``<li>``)."""
    _register(_game_links, draw)


def add_after_match(draw: Callable) -> None:
    """``draw(game, viewers) -> list[str]``: what a finished match's panel offers each of ``viewers``.

    Drawn for several viewers at once: both players' panels are drawn together
    after every change, and what they share is then read once.
    """
    _register(_after_match, draw)


def _register(registry: list[Callable], draw: Callable) -> None:
    if draw not in registry:  # ``ready`` may run twice in tests
        registry.append(draw)


def index_sections(request) -> list[SafeString]:
    return [mark_safe(html) for html in (draw(request) for draw in _index_sections) if html]


def game_links(game, viewer) -> list[SafeString]:
    return [mark_safe(html) for html in (draw(game, viewer) for draw in _game_links) if html]


def after_match(game, viewer) -> SafeString:
    return after_match_for(game, [viewer])[0]


def after_match_for(game, viewers: list) -> list[SafeString]:
    """``after_match`` for each of ``viewers``, every extension asked once for all of them."""
    if not game.is_over:
        return [mark_safe("")] * len(viewers)
    drawn = [draw(game, viewers) for draw in _after_match]
    return [mark_safe("".join(parts)) for parts in zip(*drawn)] if drawn else [mark_safe("")] * len(viewers)
