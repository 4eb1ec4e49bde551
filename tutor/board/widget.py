"""What the board widget reads from the server, in the shape static/js/board expects.

Kept out of the template tags so that other apps (practice games send the
destinations of each partial play) can build the same data without
importing a template library.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from tutor.engine import Dice, expand_dice


def dice_faces(dice: Dice | None) -> list[int]:
    """The dice to draw and to play, larger first: two, or four for doubles (each die is one move).

    The browser receives them already expanded: it knows no rule, not even
    that a double is played four times.

    >>> dice_faces((4, 4)), dice_faces((3, 6)), dice_faces(None)
    ([4, 4, 4, 4], [6, 3], [])
    """
    return list(expand_dice(dice)) if dice else []


def destinations_json(destinations: Mapping[Any, Iterable[Any]]) -> dict[str, list[int | str]]:
    """Sources and destinations as the browser reads them: numbers, ``"bar"`` and ``"off"``.

    >>> destinations_json({25: [22, 20], "6": [0]})
    {'bar': [22, 20], '6': ['off']}
    """
    return {str(place_name(source)): [place_name(d) for d in targets] for source, targets in destinations.items()}


def place_name(point: Any) -> Any:
    """A point as the browser names it: ``"bar"``, ``"off"`` or a number.

    >>> place_name(25), place_name("fuera"), place_name("13")
    ('bar', 'off', 13)
    """
    text = str(point).strip().lower()
    if text in ("25", "bar", "barra"):
        return "bar"
    if text in ("0", "off", "fuera"):
        return "off"
    return int(text) if text.isdigit() else text
