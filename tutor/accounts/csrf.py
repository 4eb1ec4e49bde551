"""The answer to a request that failed Django's CSRF check.

Browsers posting a form get the Spanish page ``403_csrf.html``; scripts and
API clients (a JSON body, a JSON ``Accept`` header or an ``/api/`` path)
get the same ``{"error": "…"}`` shape as every other API error, so that a
client never has to parse an HTML page to learn what went wrong.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseForbidden, JsonResponse
from django.template.loader import render_to_string

MESSAGE = (
    "Falta la comprobación de seguridad (CSRF) o ha caducado: carga de nuevo una página del sitio "
    "y envía la cookie csrftoken y su valor en la cabecera X-CSRFToken."
)


def wants_json(request: HttpRequest) -> bool:
    """Whether the client speaks JSON rather than HTML."""
    return (
        request.content_type == "application/json"
        or "application/json" in request.headers.get("Accept", "")
        or request.path.startswith("/api/")
    )


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """``settings.CSRF_FAILURE_VIEW``: JSON for JSON clients, the Spanish page otherwise."""
    if wants_json(request):
        return JsonResponse({"error": MESSAGE}, status=403, json_dumps_params={"ensure_ascii": False})
    return HttpResponseForbidden(render_to_string("403_csrf.html", request=request))
