"""Why a play written for the arrows on the board is right or wrong, in Spanish.

The notation drills (``notation``) draw a play with arrows and ask the
learner to write it.  What is written is judged by the position it
reaches, so any notation of the same play is right; these sentences say
what was written and how the drawn play is written, and name the mistake
of a learner playing Black who counts the points from White's side, as
lesson 2 warns.

>>> notation_right("13/7/4", "13/4")
'«13/7/4» es la jugada de las flechas: cada movimiento, origen/destino, con los números de tu lado (también se escribe «13/4»).'
>>> notation_right("24/18 13/10", "24/18 13/10")
'«24/18 13/10» es la jugada de las flechas: cada movimiento, origen/destino, con los números de tu lado.'
"""

from __future__ import annotations

HOW = "cada movimiento, origen/destino, con los números de tu lado"


def notation_right(written: str, shown: str) -> str:
    """Why the written play is the one drawn; the engine's way of writing it, when it differs."""
    also = f" (también se escribe «{shown}»)" if written.split() != shown.split() else ""
    return f"«{written}» es la jugada de las flechas: {HOW}{also}."


def notation_other_play(shown: str) -> str:
    """A legal play, but not the one drawn.

    >>> notation_other_play("13/7 8/5")
    'Es una jugada legal, pero no la de las flechas, que se escribe «13/7 8/5»: cada movimiento, origen/destino, con los números de tu lado.'
    """
    return f"Es una jugada legal, pero no la de las flechas, que se escribe «{shown}»: {HOW}."


def notation_illegal(why: str, shown: str) -> str:
    """A written play the engine refuses (``why``, the reason's sentence), and how the drawn one is written.

    >>> notation_illegal("No puedes ir del 6 al 8: las fichas solo avanzan hacia casa.", "8/2")
    'No puedes ir del 6 al 8: las fichas solo avanzan hacia casa. La jugada de las flechas se escribe «8/2».'
    """
    return f"{why} La jugada de las flechas se escribe «{shown}»."


def notation_white_numbers(shown: str) -> str:
    """Black's play written with White's point numbers.

    >>> notation_white_numbers("13/7 8/5")
    'Has contado los puntos desde el lado de las blancas, pero juegas con las negras: cuenta desde tu lado, tu punto 1 es el último de tu casa. La jugada de las flechas se escribe «13/7 8/5».'
    """
    return ("Has contado los puntos desde el lado de las blancas, pero juegas con las negras: cuenta desde tu lado, "
            f"tu punto 1 es el último de tu casa. La jugada de las flechas se escribe «{shown}».")
