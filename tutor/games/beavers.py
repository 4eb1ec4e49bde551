"""Beavers, an option of money games chosen when the game is created, like the Jacoby rule.

After a double, the side doubled may «hacer beaver»: take and redouble at
once, keeping the cube.  Then the first doubler, as in the clubs where it
may refuse, takes (the game goes on at twice the doubled value, the cube
still the beaver's) or drops (and loses the doubled value).  A match never
allows them, and the cube's limit stands: no beaver past 64.
"""

from __future__ import annotations

from tutor.engine import CUBE_VALUES, GameResult, Position, opponent, take

BEAVER_RULE = "si te doblan, puedes aceptar y volver a doblar en el acto quedándote con el cubo"
BEAVER_LABEL = "Con beavers (solo en partidas por dinero)"
BEAVER_HELP = (
    f"{BEAVER_RULE[0].upper()}{BEAVER_RULE[1:]}. Quien dobló decide entonces si acepta, con la partida al doble, "
    "o abandona y pierde lo que valía el doble. En un match no se aplica."
)


def may_beaver(position: Position, beavers: bool) -> bool:
    """Whether the side doubled in ``position`` (the doubler on roll, the double offered) may beaver.

    >>> may_beaver(Position.initial(), True), may_beaver(Position.initial(), False)
    (True, False)
    >>> may_beaver(Position.initial(match_length=5), True), may_beaver(Position.initial(cube_value=32, cube_owner=0), True)
    (False, False)
    """
    return beavers and not position.match_length and position.cube_value * 4 <= CUBE_VALUES[-1]


def beavered(position: Position) -> Position:
    """The position once a beaver is taken: the cube at twice the doubled value, still the beaver's; the doubler to roll.

    >>> beavered(Position.initial()).cube_value, beavered(Position.initial()).cube_owner
    (4, 1)
    """
    taken = take(position)
    return taken.replace(cube_value=taken.cube_value * 2)


def beaver_dropped(position: Position) -> GameResult:
    """The result when the doubler drops the beaver: the beaver's side wins the doubled value.

    >>> beaver_dropped(Position.initial()).points, beaver_dropped(Position.initial()).winner
    (2, 1)
    """
    return GameResult(opponent(position.turn), "single", multiplier=1, cube_value=position.cube_value * 2)


def beaver_status(position: Position, beavers: bool) -> str:
    """Whether beavers are allowed in this game, in a few words; empty in a match."""
    if position.match_length:
        return ""
    return "se permiten" if beavers else "no se permiten"
