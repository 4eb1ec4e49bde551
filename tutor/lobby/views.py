"""The lobby's page and its forms, for pages without JavaScript (with it, «Jugar ya», «Aceptar» and «Retirar» go over the socket).

Views stay thin: ``service`` pairs, ``rematch`` handles what follows a
match, ``safety`` blocks and reports, ``broadcast`` tells the open pages
once a change has committed.  A refused seek shows the lobby's own page
(``/jugar/sala/``) with the reason in Spanish and a 4xx status; a refusal
about a finished match shows the game's page.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_POST

from tutor.accounts.models import display_name
from tutor.converters import parse_id
from tutor.engine import opponent
from tutor.play import access, game_limits
from tutor.play import views as play_views
from tutor.play.broadcast import announce
from tutor.ratelimit import ratelimit

from . import broadcast, listing, rematch, safety, service
from .forms import ReportForm, SeekForm
from .rooms import Viewer


def room(request: HttpRequest, status: int = 200) -> HttpResponse:
    """«La sala»: the lobby's block on a page of its own, where a refused seek is answered."""
    return render(request, "lobby/room.html", {"section": mark_safe(listing.section(request))}, status=status)


def _lobby(request: HttpRequest, problem: service.LobbyError) -> HttpResponse:
    messages.error(request, problem.message)
    return room(request, status=problem.status)


@login_required
@require_POST
@ratelimit("lobby")
def play_now(request: HttpRequest) -> HttpResponse:
    viewer = Viewer.of(request.user)
    form = SeekForm(viewer, request.POST)
    if not form.is_valid():
        request.lobby_form = form  # type: ignore[attr-defined]  # the lobby's block shows it with its errors
        return room(request, status=400)
    try:
        outcome = service.play_now(request.user, form.cleaned_data["wish"], now=timezone.now(), viewer=viewer)
    except service.LobbyError as problem:
        return _lobby(request, problem)
    broadcast.tell(outcome)
    return redirect(outcome.game) if outcome.game else redirect("play:index")


@login_required
@require_POST
@ratelimit("lobby")
def take(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        outcome = service.take(pk, request.user, now=timezone.now())
    except service.LobbyError as problem:
        return _lobby(request, problem)
    broadcast.tell(outcome)
    return redirect(outcome.game) if outcome.game else redirect("play:index")


@login_required
@require_POST
def withdraw(request: HttpRequest) -> HttpResponse:
    broadcast.tell(service.withdraw(request.user, now=timezone.now()))
    return redirect("play:index")


def _after(request: HttpRequest, code: str, change) -> HttpResponse:
    """Run a step after a match on ``code``, then redraw its panels: the rival sees the offer or the new game."""
    game = access.get_game(request.user, code)
    try:
        outcome = change(game, request.user, now=timezone.now())
    except service.LobbyError as problem:
        return play_views.game_page(request, code, error=problem.message, status=problem.status)
    broadcast.tell(outcome)
    game.refresh_from_db()  # a rematch that starts moves the finished game's ``seq`` (``rematch._start``)
    announce(game)
    return redirect(outcome.game or game)


@login_required
@require_POST
@ratelimit("lobby")
@game_limits.guards_codes
def again(request: HttpRequest, code: str) -> HttpResponse:
    game = access.get_game(request.user, code)
    try:
        outcome = rematch.again(game, request.user, now=timezone.now())
    except service.LobbyError as problem:
        return play_views.game_page(request, code, error=problem.message, status=problem.status)
    broadcast.tell(outcome)
    return redirect(outcome.game) if outcome.game else redirect("play:index")


@login_required
@require_POST
@ratelimit("lobby")
@game_limits.guards_codes
def offer_rematch(request: HttpRequest, code: str) -> HttpResponse:
    return _after(request, code, rematch.offer)


@login_required
@require_POST
@game_limits.guards_codes
def answer_rematch(request: HttpRequest, code: str) -> HttpResponse:
    accept = request.POST.get("respuesta") == "si"
    return _after(request, code, lambda game, user, now: rematch.answer(game, user, accept=accept, now=now))


@login_required
@require_POST
@game_limits.guards_codes
def cancel_rematch(request: HttpRequest, code: str) -> HttpResponse:
    return _after(request, code, rematch.cancel)


@login_required
@require_POST
def block(request: HttpRequest) -> HttpResponse:
    try:
        other = safety.block(request.user, parse_id(request.POST.get("usuario")), now=timezone.now())
    except service.LobbyError as problem:
        return _lobby(request, problem)
    messages.success(request, f"Has bloqueado a {display_name(other)}: no volverás a coincidir con esta persona en la sala.")
    back = str(request.POST.get("volver", ""))
    if url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        return redirect(back)
    return redirect("play:index")


@login_required
@require_POST
def unblock(request: HttpRequest) -> HttpResponse:
    safety.unblock(request.user, parse_id(request.POST.get("usuario")))
    return redirect("play:index")


@login_required
@ratelimit("report")
@game_limits.guards_codes
def report(request: HttpRequest, code: str) -> HttpResponse:
    game = access.get_game(request.user, code)
    side = game.side_of(request.user)
    if side is None or game.black_id is None:
        return play_views.game_page(request, code, error="Solo los jugadores de una partida pueden avisar sobre ella.", status=403)
    form = ReportForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        safety.report(game, request.user, form.cleaned_data["reason"], form.cleaned_data["comment"], now=timezone.now())
        messages.success(request, "Gracias: el equipo del sitio revisará la partida.")
        return redirect(game)
    status = 400 if request.method == "POST" else 200
    return render(request, "lobby/report.html", {"form": form, "game": game, "rival": game.player(opponent(side))}, status=status)
