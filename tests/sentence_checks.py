"""How a sentence the site says is written: counts in words, one colon to a sentence.

Shared by the tests of the rule catalogue's sentences.
"""

from __future__ import annotations

import re

POINTS_DICE_AND_NOTATION = re.compile(r"\S*\d/\S*|\S*/\d\S*|\b(?:el|al|del|un|de) \d+|25 − dado")
"""Where a sentence writes digits: points and dice (``el 6``, ``un 4``) and notation (``13/7``, ``6/off(2)``)."""


def small_numbers_in_digits(text: str) -> list[str]:
    """Numbers of thirty or less written in digits outside points, dice and notation («2 fichas»).

    >>> small_numbers_in_digits("Tienes 2 fichas en el 6: 13/7 8/5*, bar/22 y 6/off(2); un 4; 25 − dado; son 33 pips.")
    ['2']
    """
    rest = POINTS_DICE_AND_NOTATION.sub(" ", text)
    return [number for number in re.findall(r"\d+", rest) if int(number) <= 30]


def with_two_colons(text: str) -> list[str]:
    """The sentences of ``text`` that have more than one colon.

    >>> with_two_colons("No: uno. Dos: tres: cuatro.")
    ['Dos: tres: cuatro.']
    """
    return [part for part in re.split(r"(?<=[.?!])\s+", text) if part.count(":") > 1]
