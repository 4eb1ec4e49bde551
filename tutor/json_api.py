"""What every JSON endpoint of the site shares: reading a request's JSON body and answering an error.

Errors are JSON ``{"error": "<Spanish message>"}`` with a 4xx status; a
view raises ``BadRequest`` and answers it with ``error``.
"""

from __future__ import annotations

import json

from django.http import HttpRequest, JsonResponse

from tutor.numbers import parse_int

MAX_BODY_BYTES = 4096


class BadRequest(Exception):
    """A request the API answers with a Spanish 4xx message."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


def error(message: str, status: int = 400) -> JsonResponse:
    return JsonResponse({"error": message}, status=status, json_dumps_params={"ensure_ascii": False})


def read_json(request: HttpRequest) -> dict:
    """The JSON object of the body, or ``BadRequest`` with a Spanish message."""
    length = parse_int(request.META.get("CONTENT_LENGTH"), low=0) or 0
    if length > MAX_BODY_BYTES:
        raise BadRequest("La petición es demasiado grande.", 413)
    try:
        data = json.loads(request.body or b"{}")
    except (ValueError, UnicodeDecodeError, RecursionError):  # RecursionError: "[[[[…" nested too deep
        raise BadRequest("El cuerpo de la petición no es JSON válido.") from None
    if not isinstance(data, dict):
        raise BadRequest("Envía un objeto JSON, por ejemplo {\"play\": \"13/7 8/5\"}.")
    return data


def text_field(data: dict, name: str) -> str | None:
    value = data.get(name)
    if value is None:
        return None
    if not isinstance(value, (str, int)) or isinstance(value, bool):
        raise BadRequest(f"«{name}» debe ser un texto.")
    value = str(value)
    if len(value) > 200:
        raise BadRequest(f"«{name}» es demasiado largo.")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate such as "\ud800"
        raise BadRequest(f"«{name}» no es un texto válido.") from None
    return value
