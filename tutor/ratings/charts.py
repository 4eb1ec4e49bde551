"""The rating's history as a server-drawn SVG line, like the charts of «Mi progreso».

One point per rated match (the rating after it), starting from the rating
before the first; the ``<desc>`` says in words where it started, where it
is and how high and low it went, and the page lists every match as well.
"""

from __future__ import annotations

from django.utils.formats import number_format
from django.utils.html import format_html

from tutor.training.charts import CHART_WIDTH, svg_chart

HEIGHT = 240
LEFT = 84
TOP = 16
BOTTOM = 44
RIGHT = 16
TICKS = 4
"""Room around the plot for labels that phones draw about two and a half times larger (``lobby.css``)."""


def rating_chart(start: float, ratings: list[float]) -> str:
    """``start`` and the rating after each match, oldest first; an empty string without matches."""
    if not ratings:
        return ""
    values = [start, *ratings]
    low, high = min(values), max(values)
    margin = max(5.0, (high - low) * 0.1)
    low, high = low - margin, high + margin
    width = CHART_WIDTH - LEFT - RIGHT
    base = HEIGHT - BOTTOM

    def x(index: int) -> float:
        return round(LEFT + width * index / (len(values) - 1), 1)

    def y(value: float) -> float:
        return round(base - (base - TOP) * (value - low) / (high - low), 1)

    parts = [format_html('<line x1="{}" y1="{}" x2="{}" y2="{}" class="chart__axis"/>', LEFT, base, CHART_WIDTH - RIGHT, base)]
    for step in range(TICKS + 1):
        value = low + (high - low) * step / TICKS
        parts.append(format_html(
            '<line x1="{}" y1="{}" x2="{}" y2="{}" class="chart__grid"/>'
            '<text x="{}" y="{}" class="chart__tick" text-anchor="end" dominant-baseline="central">{}</text>',
            LEFT, y(value), CHART_WIDTH - RIGHT, y(value), LEFT - 8, y(value), number_format(value, 0),
        ))
    points = " ".join(f"{x(index)},{y(value)}" for index, value in enumerate(values))
    parts.append(format_html('<polyline points="{}" class="chart__line"/>', points))
    for index, value in enumerate(values[1:], start=1):
        parts.append(format_html('<circle cx="{}" cy="{}" r="3" class="chart__point"/>', x(index), y(value)))
    for index in sorted({1, len(values) - 1, (len(values) - 1) // 2} - {0}):
        parts.append(format_html('<text x="{}" y="{}" class="chart__tick" text-anchor="middle">{}</text>', x(index), HEIGHT - 6, index))
    count = len(ratings)
    description = (
        f"Puntuación tras cada uno de {count} {'match puntuable' if count == 1 else 'matches puntuables'}: "
        f"empezó en {number_format(start, 1)} y ahora es {number_format(ratings[-1], 1)}; "
        f"la más alta, {number_format(max(values), 1)}, y la más baja, {number_format(min(values), 1)}."
    )
    return svg_chart("Historia de la puntuación", description, CHART_WIDTH, HEIGHT, parts)
