"""How decisions are graded and how strongly the computer plays: the policy, in one place.

The traffic light compares the equity a decision gives away with the
thresholds in ``PRACTICE_TRAFFIC_LIGHT``: verde below «ambar», ámbar below
«rojo», rojo from «rojo» up.  Each level of the computer is a gnubg depth
and an amount of noise (``PRACTICE_LEVELS`` may override them).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings

GREEN, AMBER, RED = "verde", "ambar", "rojo"

CLOSE_CUBE = 0.25
"""When doubling is worse than not doubling by more than this at 0-ply, that
quick look grades the cube decision («no dobla: correcto») and no deeper one
is made (as gnubg's analysis does)."""


@dataclass(frozen=True)
class LevelSettings:
    """How the computer plays at a level: gnubg's depth and its noise."""

    plies: int
    noise: float


DEFAULT_LEVELS = {
    "principiante": LevelSettings(plies=0, noise=0.06),
    "intermedio": LevelSettings(plies=0, noise=0.02),
    "experto": LevelSettings(plies=2, noise=0.0),
}


def level_settings(level: str) -> LevelSettings:
    configured = getattr(settings, "PRACTICE_LEVELS", {}) or {}
    if level in configured:
        return LevelSettings(**configured[level])
    return DEFAULT_LEVELS[str(level)]


def colour_for(loss: float) -> str:
    """The traffic light for an equity loss, with the thresholds in settings.

    >>> colour_for(0.0), colour_for(0.05), colour_for(0.3)
    ('verde', 'ambar', 'rojo')
    """
    amber, red = thresholds()
    if loss < amber:
        return GREEN
    if loss < red:
        return AMBER
    return RED


def thresholds() -> tuple[float, float]:
    """Where the light turns ámbar and where it turns rojo (``PRACTICE_TRAFFIC_LIGHT``)."""
    limits = getattr(settings, "PRACTICE_TRAFFIC_LIGHT", {"ambar": 0.03, "rojo": 0.12})
    return float(limits["ambar"]), float(limits["rojo"])


def hint_limit() -> int:
    """How many hints a learner may ask for in each game."""
    return int(getattr(settings, "PRACTICE_HINTS_PER_GAME", 3))
