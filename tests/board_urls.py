"""Test-only pages for the board: a puzzle page and JSON endpoints with the verdict shape.

Used with ``@pytest.mark.urls("tests.board_urls")``.  The verdicts come
from the engine; their Spanish wording here is a stand-in for the lessons
app's.  The site's own routes stay available after these.
"""

import json
from urllib.parse import urlencode

from django.http import HttpResponse, JsonResponse
from django.template import engines
from django.urls import path, reverse

from tutor.engine import Position
from tutor.urls import urlpatterns as site_urlpatterns

DEFAULT_XGID = Position.initial().with_dice((3, 1)).to_xgid()

BOARD_PAGE = """{% extends "base.html" %}{% load board_tags %}
{% block title %}Tablero de prueba{% endblock %}
{% block content %}
<h1>Tablero de prueba</h1>
{% board position interactive=True check_url=check_url form_action=form_action play=play verdict=verdict solution_url=solution_url destinations=destinations %}
{% endblock %}"""

ANSWER_PAGE = """{% extends "base.html" %}{% load static %}
{% block title %}Pregunta de prueba{% endblock %}
{% block extra_head %}<link rel="stylesheet" href="{% static 'css/board.css' %}">{% endblock %}
{% block content %}
<h1>Pregunta de prueba</h1>
<form method="post" data-check-url="{{ check_url }}">
  {% csrf_token %}
  <label for="respuesta">¿Cuántas jugadas legales hay con 3-1 en la posición inicial?</label>
  <input id="respuesta" name="answer" type="number" inputmode="numeric" required>
  <p><button type="submit" class="button button--primary">Comprobar</button></p>
  <div role="status" aria-live="polite"></div>
</form>
<p><a href="{{ request.path }}?solucion=1" data-solution-url="{{ solution_url }}">Ver solución</a></p>
<script type="module" src="{% static 'js/check.js' %}"></script>
{% endblock %}"""


def page_position(request) -> Position:
    return Position.from_xgid(request.GET.get("xgid") or DEFAULT_XGID)


def judge(position: Position, play: str) -> dict:
    """The JSON verdict for a play: correct when legal (these puzzles ask for any legal play)."""
    verdict = position.check(play)
    if verdict.legal:
        return {
            "correct": True,
            "legal": True,
            "message": "Es una jugada legal.",
            "reasons": [],
            "feedback": None,
            "rule_url": None,
            "rule_title": None,
            "legal_plays": None,
            "play": verdict.play.notation,
        }
    return {
        "correct": False,
        "legal": False,
        "message": "Esta jugada no se puede hacer con estos dados.",
        "reasons": [{"code": reason.code, "message": f"Motivo: {reason.code}"} for reason in verdict.reasons],
        "feedback": "Cuenta los puntos desde el origen.",
        "rule_url": "/lecciones/mover/#dados",
        "rule_title": "Mover con los dados",
        "legal_plays": [legal.notation for legal in position.legal_plays()],
        "play": None,
    }


def board_page(request):
    position = page_position(request)
    query = "?" + urlencode({"xgid": position.to_xgid()})
    play, verdict = "", None
    if request.method == "POST":
        play = request.POST.get("play", "")
        verdict = judge(position, play)
    destinations = json.loads(request.GET["dest"]) if "dest" in request.GET else None
    context = {
        "position": position,
        "check_url": reverse("board-test-check") + query,
        "solution_url": reverse("board-test-solution") + query,
        "form_action": request.get_full_path(),
        "play": play,
        "verdict": verdict,
        "destinations": destinations,
    }
    return _render(BOARD_PAGE, context, request)


def check_play(request):
    try:
        play = json.loads(request.body)["play"]
    except (ValueError, KeyError, TypeError):
        return JsonResponse({"error": "Envía tu jugada en el campo «play»."}, status=400)
    if not isinstance(play, str) or not play.strip():
        return JsonResponse({"error": "Escribe una jugada antes de comprobarla."}, status=400)
    return JsonResponse(judge(page_position(request), play))


def solution(request):
    plays = [legal.notation for legal in page_position(request).legal_plays()]
    return JsonResponse({"answer": plays[0], "legal_plays": plays})


def answer_page(request):
    urls = {"check_url": reverse("board-test-answer"), "solution_url": reverse("board-test-answer-solution")}
    return _render(ANSWER_PAGE, urls, request)


def answer_solution(request):
    return JsonResponse({"answer": str(len(Position.initial().legal_plays((3, 1)))), "legal_plays": None})


def check_answer(request):
    answer = str(json.loads(request.body).get("answer", "")).strip()
    expected = len(Position.initial().legal_plays((3, 1)))
    if not answer.isdigit():
        return JsonResponse({"error": "Escribe un número."}, status=400)
    correct = int(answer) == expected
    return JsonResponse({"correct": correct, "legal": None, "message": f"Has respondido {answer}."})


def _render(source: str, context: dict, request):
    return HttpResponse(engines["django"].from_string(source).render(context, request))


urlpatterns = [
    path("prueba/tablero/", board_page, name="board-test-page"),
    path("prueba/tablero/comprobar/", check_play, name="board-test-check"),
    path("prueba/tablero/solucion/", solution, name="board-test-solution"),
    path("prueba/pregunta/", answer_page, name="board-test-question"),
    path("prueba/pregunta/comprobar/", check_answer, name="board-test-answer"),
    path("prueba/pregunta/solucion/", answer_solution, name="board-test-answer-solution"),
    *site_urlpatterns,
]
