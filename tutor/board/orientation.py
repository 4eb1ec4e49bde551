"""Which side a board is seen from: one rule for every board of the site.

A board is drawn from its viewer's side: the player's in a game (the caller
says which), otherwise the side on roll, whose numbering the question and
the notation use.  A visitor may turn the boards of a page to see them from
the other side («Girar el tablero»); the page's address is remembered in
the session, so the boards stay turned while they come back to it.  The
browser only draws what it is given: this module decides.
"""

from __future__ import annotations

from django.http import HttpRequest

from tutor.engine import Position, opponent

TURNED_PAGES = "board_turned_pages"
"""The session's key: the paths of the pages whose boards the visitor turned, newest last."""

REMEMBERED_PAGES = 50
"""How many turned pages a session remembers; the oldest is forgotten first."""


def bottom_side(position: Position, *, viewer: int | None = None, turned: bool = False) -> int:
    """The side drawn at the bottom, with its home at the bottom right and its numbers large.

    >>> from tutor.engine import BLACK, WHITE
    >>> bottom_side(Position.initial(turn=BLACK)) == BLACK
    True
    >>> bottom_side(Position.initial(turn=BLACK), viewer=WHITE) == WHITE
    True
    >>> bottom_side(Position.initial(), turned=True) == BLACK
    True
    """
    side = position.turn if viewer is None else viewer
    return opponent(side) if turned else side


def is_turned(request: HttpRequest | None) -> bool:
    """Whether the visitor turned the boards of the page ``request`` asks for."""
    session = getattr(request, "session", None)
    if request is None or session is None:
        return False
    return request.path in session.get(TURNED_PAGES, [])


def turn_page(request: HttpRequest, path: str) -> bool:
    """Turn the boards of ``path`` (or turn them back); whether they are turned now."""
    pages = [page for page in request.session.get(TURNED_PAGES, []) if page != path]
    turned = len(pages) == len(request.session.get(TURNED_PAGES, []))
    if turned:
        pages = (pages + [path])[-REMEMBERED_PAGES:]
    request.session[TURNED_PAGES] = pages
    return turned


__all__ = ["REMEMBERED_PAGES", "TURNED_PAGES", "bottom_side", "is_turned", "turn_page"]
