"""Pages of the live games: start, join, play (also without JavaScript), watch, review.

Views stay thin: ``service`` runs the game, ``access`` decides who sees
what, ``panels`` draws the panel.  Without JavaScript every decision is a
form posted to ``act``, which answers with the game page (a redirect, or
the page with the refused play explained); with JavaScript the same panel
arrives over the WebSocket (``consumers``) and the forms are sent there.
"""

from __future__ import annotations


from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from tutor.accounts.models import display_name
from tutor.engine import opponent
from tutor.games.errors import GameError, IllegalPlay
from tutor.games.illegal_plays import illegal_verdict
from tutor.games.sequence import sent_seq
from tutor.numbers import parse_int
from tutor.practice.background import has_failed
from tutor.practice.stepper import respond
from tutor.ratelimit import client_identity, ratelimit, too_many_requests
from tutor.rules import rule_for_code

from . import access, extensions, game_limits, service
from .broadcast import announce, challenged_text, paired_text, tell_started_for
from .panels import list_status, panel_context
from .forms import JoinForm, NewGameForm
from .models import ClassPlaySettings, LiveGame, Phase, RefusedPlay, normalise_code
from .live_review import create_exercises, export_text, review_context
from .tasks import progress, requeue_review, review_live_game

UNAVAILABLE = "GNU Backgammon no estaba disponible para revisar la partida; lo ya revisado se guarda y la revisión sigue en cuanto vuelva."
YOUNG = "Tu cuenta es de las que crea un docente: juegas con tu grupo (reta a un compañero o compañera). Tu docente puede permitir las partidas con enlace."


def index(request: HttpRequest, form: NewGameForm | None = None, join_form: JoinForm | None = None, status: int = 200) -> HttpResponse:
    user = request.user
    # The games under way first, the newest first within each group: the next move is never below finished matches.
    games = sorted((_listed(game, user) for game in access.my_games(user)[:30]), key=lambda row: row[0].is_over)
    context = {
        "sections": extensions.index_sections(request),
        "refused": refused_by_rule(user),
        "form": form or NewGameForm(),
        "join_form": join_form or JoinForm(),
        "games": games,
        "under_way": any(not game.is_over for game, _, _ in games),  # then the list comes first: the next move is one click away
        "links_allowed": user.is_authenticated and access.may_use_links(user),
        "classmates": access.classmates(user) if user.is_authenticated else [],
        "taught": [
            (classroom, classroom.live_games.select_related("white", "black")[:40],
             ClassPlaySettings.objects.filter(classroom=classroom, allow_links=True).exists())
            for classroom in access.taught_classes(user)
        ] if user.is_authenticated else [],
    }
    return render(request, "play/index.html", context, status=status)


def _listed(game: LiveGame, user) -> tuple[LiveGame, str, bool]:
    """One of the player's games for «Tus partidas»: the game, where it stands, and whether it waits for them."""
    side = game.side_of(user)
    return game, list_status(game, side), game.side_to_act() == side


def refused_by_rule(user, game: LiveGame | None = None) -> list[tuple[str, object, int]]:
    """The player's refused plays counted per rule, most frequent first, with the lesson that teaches it."""
    if not user.is_authenticated:
        return []
    found = RefusedPlay.objects.filter(user=user)
    if game is not None:
        found = found.filter(game=game)
    counts = found.values("code").annotate(count=Count("pk")).order_by("-count", "code")
    return [(row["code"], rule_for_code(row["code"]), row["count"]) for row in counts]


@login_required
@require_POST
def create(request: HttpRequest) -> HttpResponse:
    if not access.may_use_links(request.user):
        messages.error(request, YOUNG)
        return index(request, status=403)
    form = NewGameForm(request.POST)
    if not form.is_valid():
        return index(request, form=form, status=400)
    game = service.create_game(request.user, **form.cleaned_data)
    return redirect(game)


@login_required
@require_POST
def join_by_code(request: HttpRequest) -> HttpResponse:
    form = JoinForm(request.POST)
    if not form.is_valid():
        return index(request, join_form=form, status=400)
    identity = client_identity(request)
    try:
        game_limits.check_code(request.user, identity, form.cleaned_data["code"])
    except game_limits.CodeGuessing:
        return too_many_requests(request, game_limits.CODE_SCOPE)
    game = LiveGame.objects.filter(code=normalise_code(form.cleaned_data["code"])).first()
    if game is None or not access.can_watch(request.user, game):
        game_limits.count_miss(identity)
        form.add_error("code", "No hay ninguna partida con ese código que puedas ver.")
        return index(request, join_form=form, status=404)
    return redirect(game)


@game_limits.guards_codes
def game_page(request: HttpRequest, code: str, *, status: int = 200, **panel) -> HttpResponse:
    game = access.get_game(request.user, code)
    user = request.user
    side = game.side_of(user)
    may_join = (
        game.phase == Phase.WAITING and game.black_id is None and user.is_authenticated
        and side is None and access.may_use_links(user)
    )
    refused = refused_by_rule(user, game) if side is not None else []
    context = {
        **panel_context(game, user, **panel),
        "may_join": may_join,
        # Said before the click (a refused click says it in the panel's error instead).
        "join_refusal": service.join_refusal(game, user) if may_join and not panel.get("error") else "",
        "share_url": request.build_absolute_uri(game.get_absolute_url()),
        "refused": refused,
        "more_links": extensions.game_links(game, user),
    }
    return render(request, "play/game.html", context, status=status)


@login_required
@require_POST
@game_limits.guards_codes
def join(request: HttpRequest, code: str) -> HttpResponse:
    game = access.get_game(request.user, code)
    if not access.may_use_links(request.user) and game.classroom_id is None:
        return game_page(request, code, error=YOUNG, status=403)
    try:
        game = service.join_by_link(game.pk, request.user)
    except GameError as problem:
        return game_page(request, code, error=problem.message, status=problem.status)
    announce(game)
    return redirect(game)


@require_POST
@ratelimit("play")
@game_limits.guards_codes
def act(request: HttpRequest, code: str) -> HttpResponse:
    """One decision sent by a form (the page without JavaScript)."""
    game = access.get_game(request.user, code)
    kind = str(request.POST.get("tipo") or request.GET.get("tipo") or "")
    seq = sent_seq(request.POST.get("seq") or request.GET.get("seq"))
    play = str(request.POST.get("play", ""))[:200]
    try:
        game = service.run(game.pk, request.user, kind, seq=seq, play=play, phrase=str(request.POST.get("frase", ""))[:20],
                           level=str(request.POST.get("nivel", ""))[:20])
    except IllegalPlay as illegal:
        return game_page(request, code, verdict=illegal_verdict(illegal.verdict), play=illegal.verdict.text, status=400)
    except GameError as problem:
        return game_page(request, code, error=problem.message, status=problem.status)
    announce(game)
    return redirect(game)


@login_required
@require_POST
@ratelimit("challenge")
def challenge(request: HttpRequest) -> HttpResponse:
    """A student challenges a classmate: a class game, both seats taken, started at once (one game at a time each)."""
    rival_id = request.POST.get("rival", "")
    for classroom, others in access.classmates(request.user):
        for other in others:
            if str(other.pk) == rival_id and str(classroom.pk) == request.POST.get("grupo", ""):
                try:
                    game = service.challenge(request.user, other, classroom, length=int_or(request.POST.get("length"), 3))
                except GameError as problem:
                    messages.error(request, problem.message)
                    return index(request, status=problem.status)
                announce(game)
                tell_started_for(game, other, challenged_text(game, request.user))
                return redirect(game)
    messages.error(request, "Solo puedes retar a alguien de tu grupo.")
    return index(request, status=400)


@login_required
@require_POST
def pair_class(request: HttpRequest, pk: int) -> HttpResponse:
    """The teacher pairs the whole class at random, in one click: one match to 3 per pair;
    whoever is already playing is left out, and named."""
    classroom = get_object_or_404(access.taught_classes(request.user), pk=pk)
    students = [membership.student for membership in classroom.memberships.select_related("student")]
    pairing = service.pair_class(classroom, students)
    for game in pairing.games:
        for player in (game.white, game.black):
            tell_started_for(game, player, paired_text(game, player))
    count = len(pairing.games)
    said = [f"No se ha creado ninguna partida en {classroom.name}." if not count
            else f"1 partida creada en {classroom.name}." if count == 1 else f"{count} partidas creadas en {classroom.name}."]
    if pairing.playing:
        said.append(f"No se empareja a quien ya está jugando una partida: {names(pairing.playing)}.")
    if pairing.unpaired is not None:
        said.append(f"{display_name(pairing.unpaired)} se queda sin pareja (el número es impar).")
    (messages.success if pairing.games else messages.warning)(request, " ".join(said))
    return redirect("play:index")


def names(users) -> str:
    """The users' names as a Spanish list: «Ana», «Ana y Bruno», «Ana, Bruno y Carla»."""
    shown = [display_name(user) for user in users]
    return " y ".join([", ".join(shown[:-1]), shown[-1]]) if len(shown) > 1 else "".join(shown)


@login_required
@require_POST
def class_links(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = get_object_or_404(access.taught_classes(request.user), pk=pk)
    allow = request.POST.get("permitir") == "1"
    ClassPlaySettings.objects.update_or_create(classroom=classroom, defaults={"allow_links": allow})
    messages.success(request, "Tus alumnos pueden jugar con enlaces." if allow else "Tus alumnos juegan solo dentro del grupo.")
    return redirect("play:index")


@game_limits.guards_codes
def review(request: HttpRequest, code: str) -> HttpResponse:
    """The review, at once: what gnubg has graded so far; a worker grades the rest (``tasks``)."""
    game = access.get_game(request.user, code)
    if not game.is_over:
        return game_page(request, code, error="La revisión se hace cuando la partida termina.", status=409)
    context = review_context(game, request.user, request.GET.get("paso"))
    context["progress"] = progress(game)
    if not context["progress"].ready:
        context["unavailable"] = UNAVAILABLE if has_failed(review_live_game, game.pk) else ""
        requeue_review(game)
    return respond(request, "play/review.html", context)


@login_required
@require_POST
@game_limits.guards_codes
def make_exercises(request: HttpRequest, code: str) -> HttpResponse:
    """The player's own ámbar and rojo decisions become exercises, listed with all their others."""
    game = access.get_game(request.user, code)
    side = game.side_of(request.user)
    if side is None:
        return game_page(request, code, error="Solo cada jugador puede convertir sus propios errores en ejercicios.", status=403)
    if not game.graded:
        return game_page(request, code, error="Los ejercicios salen de la revisión: ábrela cuando termine la partida.", status=409)
    created = create_exercises(game, side)
    if created:
        plural = "s" if created != 1 else ""
        rival = display_name(game.player(opponent(side)))
        messages.success(request, f"{created} ejercicio{plural} nuevo{plural} de tu partida con {rival}.")
    return redirect(reverse("practice:exercise-index") + f"#partida-{game.code}")


@game_limits.guards_codes
def export_mat(request: HttpRequest, code: str) -> HttpResponse:
    game = access.get_game(request.user, code)
    response = HttpResponse(export_text(game), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="partida-{game.code}.mat"'
    return response


def int_or(value, default: int) -> int:
    number = parse_int(value)
    return number if number in (0, 1, 3, 5, 7) else default
