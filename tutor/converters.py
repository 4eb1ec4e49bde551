"""The ``<id:…>`` path converter: a database id, or no match at all.

Django's ``<int:…>`` accepts any number of digits, and a 20-digit id
overflows SQLite's 64-bit integers deep inside a query (``OverflowError``,
a 500).  An id that no row can have is simply a URL that does not exist:
this converter refuses it while matching, so the answer is a 404.
Importing this module registers the converter (``urls.py`` modules do).
"""

from __future__ import annotations

from django.urls import register_converter

from tutor.numbers import parse_int

MAX_ID = 2**63 - 1
"""The largest value of a 64-bit signed primary key (BigAutoField)."""


class IdConverter:
    regex = "[0-9]{1,19}"

    def to_python(self, value: str) -> int:
        number = int(value)
        if not 0 < number <= MAX_ID:
            raise ValueError(f"{value} is not a valid id")
        return number

    def to_url(self, value) -> str:
        return str(int(value))


def parse_id(value) -> int | None:
    """An id posted in a form, or ``None`` when it cannot name a row."""
    return parse_int(value, low=1, high=MAX_ID)


register_converter(IdConverter, "id")
