"""Whole numbers sent by people and programs, read in one place.

Python's ``int`` reads more than a form should accept, and fails where a
quick test says it will not: ``"²".isdigit()`` and ``"①".isdigit()`` are
true but ``int("²")`` raises ``ValueError``; ``int("１２")``, ``int("١٢")``
and ``int("1_2")`` are 12; a text of 5,000 digits raises ``ValueError`` once
converted.  Every number that arrives in a form, a query string or a JSON
body (a sequence number, a match length, a level, a pip count given as an
answer…) goes through ``parse_int``: ASCII digits with an optional sign, no
more than ``MAX_DIGITS`` of them, inside the bounds the caller names.
Anything else is ``None``, which the caller turns into a Spanish message
and a 4xx, never a 500.
"""

from __future__ import annotations

import re

MAX_DIGITS = 19
"""Enough for any id (the largest 64-bit key has 19 digits) and any count."""

_WHOLE = re.compile(rf"[+-]?[0-9]{{1,{MAX_DIGITS}}}")


def parse_int(value: object, *, low: int | None = None, high: int | None = None) -> int | None:
    """``value`` as a whole number between ``low`` and ``high`` (both included), or ``None``.

    Reads a JSON integer as it is and text written with ASCII digits; a
    boolean, a float or any other digit is not a whole number here.

    >>> parse_int(" 12 "), parse_int("-3"), parse_int(7, high=6), parse_int("²"), parse_int("１２")
    (12, -3, None, None, None)
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        number = value
    elif isinstance(value, str) and _WHOLE.fullmatch(value.strip()):
        number = int(value.strip())
    else:
        return None
    if low is not None and number < low or high is not None and number > high:
        return None
    return number


def to_int(value: object) -> int:
    """``parse_int`` for Django's ``TypedChoiceField(coerce=…)``: ``ValueError`` instead of ``None``."""
    number = parse_int(value)
    if number is None:
        raise ValueError(f"{str(value)[:20]!r} is not a whole number")
    return number
