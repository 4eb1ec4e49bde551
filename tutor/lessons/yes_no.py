"""The one reading of a yes/no answer, by puzzle authors and learners alike.

>>> normalise_yes_no(" Sí "), normalise_yes_no("no"), normalise_yes_no("quizá")
(True, False, None)
"""

from __future__ import annotations


def normalise_yes_no(text: str) -> bool | None:
    """``True`` for sí/si/yes, ``False`` for no, ``None`` otherwise."""
    value = str(text).strip().lower()
    if value in ("si", "sí", "s", "yes", "true", "1"):
        return True
    if value in ("no", "n", "false", "0"):
        return False
    return None
