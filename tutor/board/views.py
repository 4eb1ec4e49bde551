"""The one page of the board: turning the boards of a page to the other side.

A form, so that it works without JavaScript and from the keyboard: the
board's «Girar el tablero» posts the page's address here, the session
remembers it (``orientation.turn_page``) and the visitor goes back to the
same board, now drawn from the other side.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, HttpResponseRedirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from .orientation import turn_page

BAD_PAGE = "No sabemos a qué página volver: abre de nuevo el tablero y pulsa «Girar el tablero»."


@require_POST
def turn_board(request: HttpRequest) -> HttpResponse:
    """Turn the boards of the page named in ``volver`` and go back to it, at the board (``tablero``)."""
    back = request.POST.get("volver", "")
    if not back.startswith("/") or not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
        return HttpResponseBadRequest(BAD_PAGE, content_type="text/plain; charset=utf-8")
    turn_page(request, urlsplit(back).path)
    anchor = request.POST.get("tablero", "")
    return HttpResponseRedirect(back + (f"#{anchor}" if anchor.replace("-", "").isalnum() else ""))
