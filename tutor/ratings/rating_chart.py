"""The rating's history as a server-drawn SVG line, like the charts of «Mi progreso».

One point per rated match (the rating after it), starting from the rating
before the first; the ``<desc>`` says in words where it started, where it
is and how high and low it went, and the page lists every match as well.
"""

from __future__ import annotations

from django.utils.formats import number_format

from tutor.charts import circle, line, polyline, svg, text

CHART_WIDTH = 720
"""As wide as «Mi progreso»'s charts."""
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
        return LEFT + width * index / (len(values) - 1)

    def y(value: float) -> float:
        return base - (base - TOP) * (value - low) / (high - low)

    parts = [line(LEFT, base, CHART_WIDTH - RIGHT, base, "chart__axis")]
    for step in range(TICKS + 1):
        value = low + (high - low) * step / TICKS
        parts.append(line(LEFT, y(value), CHART_WIDTH - RIGHT, y(value), "chart__grid"))
        parts.append(text(LEFT - 8, y(value), number_format(value, 0), "chart__tick", text_anchor="end", dominant_baseline="central"))
    parts.append(polyline([(x(index), y(value)) for index, value in enumerate(values)], "chart__line"))
    parts += [circle(x(index), y(value), 3, "chart__point") for index, value in enumerate(values[1:], start=1)]
    for index in sorted({1, len(values) - 1, (len(values) - 1) // 2} - {0}):
        parts.append(text(x(index), HEIGHT - 6, index, "chart__tick", text_anchor="middle"))
    count = len(ratings)
    description = (
        f"Puntuación tras cada uno de {count} {'match puntuable' if count == 1 else 'matches puntuables'}: "
        f"empezó en {number_format(start, 1)} y ahora es {number_format(ratings[-1], 1)}; "
        f"la más alta, {number_format(max(values), 1)}, y la más baja, {number_format(min(values), 1)}."
    )
    return svg("Historia de la puntuación", description, CHART_WIDTH, HEIGHT, parts)
