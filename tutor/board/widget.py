"""What the board widget reads from the server, in the shape static/js/board expects.

Kept out of the template tags so that other apps (practice games send the
destinations of each partial play) can build the same data without
importing a template library.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from tutor.engine import BAR, BLACK, OFF, WHITE, Dice, Play, Position, expand_dice


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


def position_json(position: Position) -> dict[str, Any]:
    """The checkers as the board's script holds them: decoded here, never in the browser.

    ``points`` has 25 items (index 0 unused), each ``{"white", "black"}`` on
    that point of White's numbering; ``bar`` and ``off`` hold one count per
    side (checkers not on the board are borne off, never fewer than none).

    >>> data = position_json(Position.initial())
    >>> data["points"][24], data["points"][1], data["off"]
    ({'white': 2, 'black': 0}, {'white': 0, 'black': 2}, {'white': 0, 'black': 0})
    """
    white, black = position.checkers(WHITE), position.checkers(BLACK)
    return {
        "points": [{"white": 0, "black": 0}] + [{"white": white[point], "black": black[25 - point]} for point in range(1, 25)],
        "bar": {"white": white[BAR], "black": black[BAR]},
        "off": {"white": max(0, white[OFF]), "black": max(0, black[OFF])},
    }


def play_steps(play: Play | None) -> list[dict[str, Any]]:
    """A play as the board plays it out or draws it: one ``{"from", "to", "hit"}`` per die, mover's numbering.

    >>> play_steps(Position.initial().check("24/18 13/8", (6, 5)).play)
    [{'from': 24, 'to': 18, 'hit': False}, {'from': 13, 'to': 8, 'hit': False}]
    """
    return [{"from": move.src, "to": move.dst, "hit": move.hit} for move in play.moves] if play is not None else []
