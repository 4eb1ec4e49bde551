"""The error graph of a review: every decision of the game as a bar, drawn on the server as SVG.

Like «Mi progreso»'s charts (``tutor.training.charts``): no chart library,
no script, a ``<title>`` and a ``<desc>`` that say in words what the bars
show.  White's decisions rise above the line and Black's hang below it, as
in gnubg's and Galaxy's graphs; a bar's height is the equity the decision
gave away (cut at ``CAP``), its colour the traffic light's.  Each bar links
to its step, and a band marks the step on show (the page's script moves it).
The graph stretches to the width it is given (``preserveAspectRatio="none"``),
so it holds no text: the page says above it whose bars go up and down.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

from tutor.engine import WHITE

WIDTH = 720
HEIGHT = 150
MID = HEIGHT // 2
LEFT = 4
RIGHT = 8
REACH = MID - 10
"""The tallest bar, in user units."""
CAP = 0.3
"""Losses above this are drawn as tall as this one."""
MIN_BAR = 3


def error_chart(steps: list, current: int) -> SafeString:
    """The graph of ``steps`` (``stepper.Step``) with step ``current`` marked."""
    column = (WIDTH - LEFT - RIGHT) / max(1, len(steps))
    actors: dict[str, Any] = {}
    parts = [
        format_html('<line x1="{}" y1="{}" x2="{}" y2="{}" class="review-chart__axis"/>', LEFT, MID, WIDTH - RIGHT, MID),
    ]
    for step in steps:
        x = LEFT + (step.number - 1) * column
        actors.setdefault(step.side, step.actor)
        if step.ending:
            parts.append(format_html(
                '<line x1="{}" y1="6" x2="{}" y2="{}" class="review-chart__game"/>', _n(x + column / 2), _n(x + column / 2), HEIGHT - 6,
            ))
            continue
        height = max(MIN_BAR, REACH * min(step.loss, CAP) / CAP) if step.light else MIN_BAR
        top = MID - height if step.side == WHITE else MID
        tone = step.colour or ("pendiente" if step.pending else "ninguno")
        label = f"Decisión {step.number}: {step.summary}" + (f", {step.state}" if step.state else "")
        if step.light and not step.light.forced:
            label += f" (pérdida {step.loss:.3f})"
        parts.append(format_html(
            '<a href="?paso={}" data-step="{}" tabindex="-1"><title>{}</title>'
            '<rect x="{}" y="6" width="{}" height="{}" class="review-chart__hit"/>'
            '<rect x="{}" y="{}" width="{}" height="{}" class="review-chart__bar review-chart__bar--{}"/></a>',
            step.number, step.number, label,
            _n(x), _n(max(column, 1)), HEIGHT - 12,
            _n(x + column * 0.15), _n(top), _n(max(column * 0.7, 1)), _n(height), tone,
        ))
    marker = LEFT + (current - 1) * column
    parts.insert(0, format_html(
        '<rect x="{}" y="2" width="{}" height="{}" class="review-chart__current" data-chart-current data-left="{}" data-column="{}"/>',
        _n(marker), _n(max(column, 2)), HEIGHT - 4, LEFT, _n(column),
    ))
    return _svg(_description(steps, actors), parts)


def whose(actor, fallback: str) -> str:
    """«las tuyas», «las de Ana», «las del programa»: whose decisions a part of the graph shows."""
    if actor is None:
        return fallback
    return "las tuyas" if actor.own else f"las {actor.of_whom}"


def _description(steps: list, actors: dict) -> str:
    counts = []
    for side, actor in actors.items():
        mine = [step for step in steps if step.side == side and step.light]
        amber = sum(1 for step in mine if step.colour == "ambar")
        red = sum(1 for step in mine if step.colour == "rojo")
        counts.append(f"{actor.name}: {amber} en ámbar y {red} en rojo")
    above = whose(actors.get(WHITE), "las de blancas")
    below = whose(actors.get(1 - WHITE), "las de negras")
    return (
        f"La equity que perdió cada decisión, en orden: arriba {above}, abajo {below}; "
        f"cuanto más larga la barra, mayor el error. {'; '.join(counts)}."
    )


def _svg(description: str, parts: Sequence[str]) -> SafeString:
    return mark_safe(
        f'<svg class="review-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="group" aria-labelledby="grafico-errores-t grafico-errores-d" '
        f'preserveAspectRatio="none"><title id="grafico-errores-t">Gráfico de errores de la partida</title>'
        f'<desc id="grafico-errores-d">{escape(description)}</desc>{"".join(parts)}</svg>'
    )


def _n(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")
