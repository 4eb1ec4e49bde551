"""Pages of the practice mode: start, play, review, export, personal exercises.

Views stay thin: ``game`` runs the game, ``evaluator`` asks gnubg,
``wording`` words what happened.  Every page works without JavaScript: the
forms post here and come back to the game page, which shows the traffic
light of the last decision and what the computer did (the script only
animates the computer's moves and highlights the legal destinations the
server sends).  Each decision runs in one short transaction, so a refused
decision changes nothing; it answers at once, and its light and the
program's turn follow (``thinking``): the page says «pensando…» until
they arrive, reloads itself without JavaScript, and its script asks
``estado/`` meanwhile.
"""

from __future__ import annotations

from functools import partial
from typing import Callable

from django.db import transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from tutor.engine import BLACK
from tutor.games.cube_policy import dead_cube_note, may_double
from tutor.games.beavers import BEAVER_RULE, beaver_status, may_beaver
from tutor.games.jacoby import JACOBY_RULE, jacoby_status
from tutor.games.resign_choices import choices as resign_choices
from tutor.games.illegal_plays import illegal_verdict
from tutor.lessons import gates
from tutor.ratelimit import ratelimit
from tutor.games.sequence import sent_seq
from tutor.rules import STALE, AnswerJudged, Source, answer_judged

from . import exercises, game, program, thinking, wording
from .access import account, get_match, owned_matches, remember
from tutor.board.destinations import destination_map
from .evaluator import EvaluatorUnavailable
from .export import match_text
from .forms import StartForm
from .grading import hint_limit
from .models import LEARNER, Action, Exercise, Phase, PracticeMatch
from .match_review import review_context
from .stepper import respond
from .tasks import progress, requeue_reviews

Decision = Callable[[PracticeMatch], "PracticeMatch | None"]
Asking = Callable[[PracticeMatch], Decision]

UNAVAILABLE = "El evaluador no está disponible ahora mismo; tu partida está guardada."


def index(request: HttpRequest, form: StartForm | None = None, error: str = "", status: int = 200) -> HttpResponse:
    matches = owned_matches(request)[:50]
    return render(
        request,
        "practice/index.html",
        {"form": form or StartForm(), "matches": matches, "error": error},
        status=status,
    )


@require_POST
@ratelimit("practice-start")
def start(request: HttpRequest) -> HttpResponse:
    form = StartForm(request.POST)
    if not form.is_valid():
        return index(request, form, status=400)
    with transaction.atomic():
        match = game.start_match(
            length=form.cleaned_data["length"], level=form.cleaned_data["level"], user=account(request),
            jacoby=form.cleaned_data["jacoby"], beavers=form.cleaned_data["beavers"],
        )
        thinking.hand_over(match.pk)
    remember(request, match)
    return redirect(match)


def match_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The game as it stands; what it waits for is done first if nobody is doing it (``thinking.settle``)."""
    match = get_match(request, pk)
    try:
        match = thinking.settle(match)
    except EvaluatorUnavailable:
        return render_match(request, match, error=UNAVAILABLE, status=503)
    return render_match(request, match)


def match_state(request: HttpRequest, pk: int) -> JsonResponse:
    """Where the game stands, for the page's script while a light or the program's turn is on its way.

    ``state`` changes whenever the page would: the script then loads the
    game again.  Like the page, it finishes the work nobody is doing.
    """
    match = get_match(request, pk)
    try:
        match = thinking.settle(match)
    except EvaluatorUnavailable:
        return JsonResponse({"state": state_of(match)[0], "pending": True, "error": UNAVAILABLE}, status=503)
    state, waiting = state_of(match)
    return JsonResponse({"state": state, "pending": waiting})


def state_of(match: PracticeMatch) -> tuple[str, bool]:
    """What the game page shows, in one token (the match's version and how many lights it still waits for), and whether it waits.

    Both come from one count of the lights, so that a light given by
    another thread between two queries cannot make a page that waits with
    the token of a page that does not: its script would never see a change.
    """
    lights = program.pending_lights(match).count()
    return f"{match.seq}-{lights}", match.program_thinks or lights > 0


def render_match(
    request: HttpRequest,
    match: PracticeMatch,
    *,
    status: int = 200,
    error: str = "",
    verdict: dict | None = None,
    play: str = "",
) -> HttpResponse:
    position = match.position
    found = wording.events(match)
    hints_left = max(0, hint_limit() - match.hints_used)
    moving = match.phase == Phase.MOVE
    destinations = destination_map(position) if moving else None
    hint = match.hint if match.hint and match.hint.get("xgid") == match.xgid else None
    if hint is not None:  # drawn on the board as arrows, as the review draws the best play
        best = position.check(hint["best"]) if hint.get("best") else None
        hint = {**hint, "moves": best.play.moves if best is not None and best.legal and best.play else ()}
    state, waiting = state_of(match)
    context = {
        "match": match,
        "position": position,
        "waiting": waiting,
        # Without JavaScript the page reloads itself while it waits, unless the learner may be typing a play.
        "reload": waiting and match.phase != Phase.MOVE,
        "state": state,
        "state_url": reverse("practice:state", args=[match.pk]),
        "status": wording.status(match, hints_left),
        "events": found,
        "lights": wording.lights(match, found),
        "Phase": Phase,
        "can_double": match.phase == Phase.ROLL and may_double(position),
        "cube_note": "" if match.is_over else dead_cube_note(position, LEARNER),
        "jacoby": jacoby_status(position),
        "jacoby_rule": JACOBY_RULE,
        "beavers": beaver_status(position, match.beavers),
        "beaver_rule": BEAVER_RULE,
        "may_beaver": match.phase == Phase.ANSWER and may_beaver(position, match.beavers),
        "beaver_to": position.cube_value * 4,
        "resign_choices": resign_choices(position, LEARNER) if match.phase in (Phase.ROLL, Phase.MOVE) else [],
        "double_to": position.cube_value * 2,
        "destinations": destinations,
        "first_destinations": destinations["moves"].get("", {}) if destinations else None,
        "hint": hint,
        "hints_left": hints_left,
        "error": error,
        "verdict": verdict,
        "play": play,
        "play_url": f"{reverse('practice:play', args=[match.pk])}?seq={match.seq}",
    }
    return render(request, "practice/match.html", context, status=status)


@ratelimit("practice")
def _decide(request: HttpRequest, pk: int, decision: Decision | None = None, *, ask_first: Asking | None = None) -> HttpResponse:
    """Run one decision of the learner on the current state of the match, then hand the rest to ``thinking``.

    The decision itself never waits for GNU Backgammon; what follows it
    (its light, the program's turn) may ask it, so each decision counts
    against the ``practice`` rate limit.  ``ask_first`` asks gnubg what
    the decision needs (a hint) before the decision's transaction begins;
    and returns the decision to run.
    """
    match = get_match(request, pk)
    sent = sent_seq(request.POST.get("seq", request.GET.get("seq", "")))
    try:
        if ask_first is not None:
            decision = ask_first(match)
        assert decision is not None
        created = game.decide(match.pk, sent, decision)
    except game.StaleMatch:
        return render_match(request, get_match(request, pk), error=STALE, status=409)
    except game.GameError as problem:
        return render_match(request, get_match(request, pk), error=problem.message, status=problem.status)
    except game.IllegalPlay as illegal:
        answer_judged.send(AnswerJudged.illegal_play(request, illegal.verdict, Source.PRACTICE))
        return render_match(
            request, get_match(request, pk), verdict=illegal_verdict(illegal.verdict), play=illegal.verdict.text, status=400
        )
    except EvaluatorUnavailable:
        return render_match(request, get_match(request, pk), error=UNAVAILABLE, status=503)
    if isinstance(created, PracticeMatch):
        remember(request, created)
        thinking.hand_over(created.pk)
        return redirect(created)
    thinking.hand_over(match.pk)
    return redirect(match)


@require_POST
def roll(request: HttpRequest, pk: int) -> HttpResponse:
    return _decide(request, pk, game.learner_roll)


@require_POST
def double(request: HttpRequest, pk: int) -> HttpResponse:
    return _decide(request, pk, game.learner_double)


@require_POST
def play(request: HttpRequest, pk: int) -> HttpResponse:
    text = str(request.POST.get("play", ""))[:200]
    return _decide(request, pk, lambda match: game.learner_play(match, text))


@require_POST
def answer(request: HttpRequest, pk: int) -> HttpResponse:
    reply = request.POST.get("respuesta", "")
    if reply == "beaver":
        return _decide(request, pk, game.learner_beaver)
    if reply not in ("aceptar", "abandonar"):
        return render_match(request, get_match(request, pk), error="Responde «aceptar» o «abandonar».", status=400)
    return _decide(request, pk, lambda match: game.learner_answer(match, takes=reply == "aceptar"))


@require_POST
def resign(request: HttpRequest, pk: int) -> HttpResponse:
    level = str(request.POST.get("nivel", ""))[:20]
    return _decide(request, pk, lambda match: game.learner_resign(match, level))


@require_POST
def hint(request: HttpRequest, pk: int) -> HttpResponse:
    """gnubg's best play for the learner's dice, unless that is the answer of an exercise they
    have not answered yet (the lessons' ``gates``: the opening rolls come up in every game)."""
    match = get_match(request, pk)
    refusal = gates.position_refusal(request.user, match.position)
    if refusal:
        return render_match(request, match, error=refusal, status=403)
    return _decide(request, pk, ask_first=lambda match: partial(game.use_hint, best=game.hint_for(match)))


@require_POST
def next_game(request: HttpRequest, pk: int) -> HttpResponse:
    return _decide(request, pk, game.next_game)


def review(request: HttpRequest, pk: int) -> HttpResponse:
    """The review, at once: the learner's lights, and the program's as a worker grades them (``tasks``)."""
    match = get_match(request, pk)
    context = review_context(match, request.GET.get("paso"))
    context["progress"] = progress(match)
    if not context["progress"].ready:
        requeue_reviews(match)
    return respond(request, "practice/review.html", context)


def review_progress(request: HttpRequest, pk: int) -> JsonResponse:
    """How far the program's decisions are graded, for the review page's script."""
    return JsonResponse(progress(get_match(request, pk)).as_json())


def export_mat(request: HttpRequest, pk: int) -> HttpResponse:
    match = get_match(request, pk)
    response = HttpResponse(match_text(match), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="practica-{match.pk}.mat"'
    return response


@require_http_methods(["GET", "POST"])
def match_exercises(request: HttpRequest, pk: int) -> HttpResponse:
    match = get_match(request, pk)
    if request.method == "POST":
        exercises.create_exercises(match)
        return redirect("practice:exercises", pk=match.pk)
    kept = Exercise.objects.filter(action__match=match).select_related("action")
    return render(
        request,
        "practice/exercises.html",
        {"match": match, "groups": exercises.groups(kept), "mistakes": exercises.mistakes(match).count()},
    )


def exercise_index(request: HttpRequest) -> HttpResponse:
    """All the visitor's exercises, from practice matches and from live games, grouped by game."""
    kept = Exercise.objects.owned(owned_matches(request), account(request)).select_related(
        "action__match", "live_action__game__white", "live_action__game__black", "uploaded_action__match"
    )
    return render(request, "practice/exercises.html", {"match": None, "groups": exercises.groups(kept)})


@require_http_methods(["GET", "POST"])
@ratelimit("practice")
def exercise(request: HttpRequest, pk: int) -> HttpResponse:
    item = get_object_or_404(
        Exercise.objects.owned(owned_matches(request), account(request)).select_related(
            "action__match", "live_action__game__white", "live_action__game__black", "uploaded_action__match"
        ),
        pk=pk,
    )
    action = item.decision
    is_play = action.decision_kind == Action.Kind.MOVE
    context = {"exercise": item, "action": action, "choices": exercises.choices(item), "light": None, "error": ""}
    status = 200
    if request.method == "POST":
        try:
            if is_play:
                context["play"] = str(request.POST.get("play", ""))[:200]
                context["light"] = exercises.try_play(item, context["play"])
            else:
                context["light"] = exercises.try_cube(item, request.POST.get("respuesta", ""))
        except game.IllegalPlay as illegal:
            answer_judged.send(AnswerJudged.illegal_play(request, illegal.verdict, Source.PRACTICE))
            context["verdict"] = illegal_verdict(illegal.verdict)
            status = 400
        except ValueError:
            context["error"] = "Elige una de las dos respuestas."
            status = 400
        except EvaluatorUnavailable:
            context["error"] = "El evaluador no está disponible ahora mismo; inténtalo de nuevo dentro de un momento."
            status = 503
    position = action.decision_position
    if is_play:
        context["destinations"] = destination_map(position)
        context["first_destinations"] = context["destinations"]["moves"].get("", {})
    context["position"] = position
    context["flipped"] = action.side == BLACK
    return render(request, "practice/exercise.html", context, status=status)
