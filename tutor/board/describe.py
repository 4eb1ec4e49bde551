"""Spanish descriptions of a position, for screen readers and captions.

Points are named in the numbering a caller asks for: the board passes the
numbering it writes large, that of the side seen at the bottom
(``orientation.py``), so that a board seen from Black is described in
Black's numbers, as its question and notation are.  Each side's checkers are listed in its own
direction of travel (White from 24 down to 1, Black from 1 up to 24, in
White's numbering), then the bar, then the checkers borne off.
"""

from __future__ import annotations

from tutor.engine import BLACK, WHITE, Position

SIDE_WORDS = {WHITE: "blancas", BLACK: "negras"}
"""The Spanish name of each side, as used after an article: «las blancas»."""


def describe_position(position: Position, numbering: int = WHITE, *, crawford: bool = True, over: bool = False) -> str:
    """Who is on roll, the dice, every checker, and the cube and score when they matter.

    Points are numbered from ``numbering``'s home board, and the description
    says so when that is Black's.  ``crawford=False`` leaves out whether this
    is the Crawford game, where that is the question (a drill that asks it).
    ``over`` says the game has ended instead of whose turn it is (the side
    on roll when a game is resigned or lost on time stays in its position).

    >>> describe_position(Position.from_layout({6: 2}, {19: 1}, dice=(6, 3)))
    'Juegan las blancas con 6 y 3. Blancas: 2 fichas en el 6; 13 fichas retiradas. Negras: 1 ficha en el 19; 14 fichas retiradas.'
    >>> describe_position(Position.from_layout({6: 2}, {19: 1}, turn=BLACK, dice=(6, 3)), numbering=BLACK)
    'Juegan las negras con 6 y 3. Los puntos se cuentan desde la casa de las negras. Blancas: 2 fichas en el 19; 13 fichas retiradas. Negras: 1 ficha en el 6; 14 fichas retiradas.'
    """
    sentences = [
        GAME_ENDED if over else describe_turn(position),
        "Los puntos se cuentan desde la casa de las negras." if numbering == BLACK else "",
        describe_side(position, WHITE, numbering),
        describe_side(position, BLACK, numbering),
        describe_cube(position),
        describe_match(position, crawford=crawford),
    ]
    return " ".join(sentence for sentence in sentences if sentence)


GAME_ENDED = "La partida ha terminado."
"""What a board of a finished game says instead of whose turn it is."""


def board_title(position: Position, *, over: bool = False) -> str:
    """A short title for the board: «Tablero de backgammon: juegan las blancas con 6 y 3».

    >>> board_title(Position.initial())
    'Tablero de backgammon: turno de las blancas, sin dados'
    >>> board_title(Position.initial(), over=True)
    'Tablero de backgammon: partida terminada'
    """
    if over:
        return "Tablero de backgammon: partida terminada"
    side = SIDE_WORDS[position.turn]
    if position.dice is None:
        return f"Tablero de backgammon: turno de las {side}, sin dados"
    return f"Tablero de backgammon: juegan las {side} con {describe_dice(position.dice)}"


def describe_turn(position: Position) -> str:
    """«Juegan las negras con dobles de 4.» or «Turno de las blancas; aún no han tirado los dados.»"""
    side = SIDE_WORDS[position.turn]
    if position.dice is None:
        return f"Turno de las {side}; aún no han tirado los dados."
    return f"Juegan las {side} con {describe_dice(position.dice)}."


def describe_dice(dice: tuple[int, int]) -> str:
    """«6 y 3» (larger first) or «dobles de 4».

    >>> describe_dice((3, 6)), describe_dice((4, 4))
    ('6 y 3', 'dobles de 4')
    """
    high, low = max(dice), min(dice)
    if high == low:
        return f"dobles de {high}"
    return f"{high} y {low}"


def describe_side(position: Position, side: int, numbering: int = WHITE) -> str:
    """«Blancas: 2 fichas en el 6, 1 en el 4 y 1 en la barra; 9 fichas retiradas.»"""
    places = [(count, f"el {point if numbering == WHITE else 25 - point}") for point, count in side_points(position, side)]
    if position.bar(side):
        places.append((position.bar(side), "la barra"))
    parts = []
    if places:
        parts.append(_list_places(places))
    off = position.borne_off(side)
    if off:
        parts.append(f"{off} {_checkers(off)} {'retirada' if off == 1 else 'retiradas'}")
    if not parts:
        parts.append("ninguna ficha")
    return f"{SIDE_WORDS[side].capitalize()}: {'; '.join(parts)}."


def side_points(position: Position, side: int) -> list[tuple[int, int]]:
    """``(point, count)`` in White's numbering, in ``side``'s direction of travel.

    >>> side_points(Position.initial(), BLACK)
    [(1, 2), (12, 5), (17, 3), (19, 5)]
    """
    own = position.checkers(side)
    found = []
    for own_point in range(24, 0, -1):
        if own[own_point]:
            white_point = own_point if side == WHITE else 25 - own_point
            found.append((white_point, own[own_point]))
    return found


def describe_cube(position: Position) -> str:
    """The cube, only once it has been turned or is owned: «El cubo doblador está en 2 y lo tienen las negras.»"""
    if position.cube_owner is not None:
        return f"El cubo doblador está en {position.cube_value} y lo tienen las {SIDE_WORDS[position.cube_owner]}."
    if position.cube_value > 1:
        return f"El cubo doblador está en {position.cube_value}, en el centro."
    return ""


def describe_match(position: Position, *, crawford: bool = True) -> str:
    """The score of a match, and (unless ``crawford`` is False) the Crawford game; nothing for a money game."""
    if not position.match_length:
        return ""
    white, black = position.score
    sentence = f"Match a {position.match_length} {'punto' if position.match_length == 1 else 'puntos'}: blancas {white}, negras {black}."
    if crawford and position.crawford:
        sentence += " Partida Crawford: no se puede doblar."
    return sentence


def _list_places(places: list[tuple[int, str]]) -> str:
    """«2 fichas en el 6, 1 en el 4 y 1 en la barra»: the noun only after the first count."""
    first_count, first_place = places[0]
    items = [f"{first_count} {_checkers(first_count)} en {first_place}"]
    items += [f"{count} en {place}" for count, place in places[1:]]
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " y " + items[-1]


def _checkers(count: int) -> str:
    return "ficha" if count == 1 else "fichas"


__all__ = [
    "GAME_ENDED",
    "SIDE_WORDS",
    "board_title",
    "describe_cube",
    "describe_dice",
    "describe_match",
    "describe_position",
    "describe_side",
    "describe_turn",
    "side_points",
]
