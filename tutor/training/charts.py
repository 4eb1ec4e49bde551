"""Server-drawn SVG charts for «Mi progreso»: no chart library, no script.

Each chart is a small ``<svg role="img">`` with a ``<title>`` and a
``<desc>`` that says in words what the bars show, so a screen reader gets
the same information; the page also lists the figures as a table.
"""

from __future__ import annotations

import datetime as dt

from collections.abc import Sequence

from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe

BAR_HEIGHT = 18
GAP = 6
LABEL_WIDTH = 330
CHART_WIDTH = 720


LEVEL_TONES = {0: "none", 1: "mid", 2: "good", 3: "high"}
"""Bar colours by level: practicada, segura and dominada go from warm to green."""


def level_chart(rows: list[tuple[str, int, str]]) -> str:
    """Horizontal bars: one per rule, a third of the track for each level shown, with its word."""
    height = len(rows) * (BAR_HEIGHT + GAP) + GAP
    span = CHART_WIDTH - LABEL_WIDTH - 100
    parts = []
    for index, (title, level, word) in enumerate(rows):
        y = GAP + index * (BAR_HEIGHT + GAP)
        width = max(1, round(span * level / 3))
        parts.append(
            format_html(
                '<text x="{}" y="{}" class="chart__label" text-anchor="end">{}</text>'
                '<rect x="{}" y="{}" width="{}" height="{}" class="chart__track"/>'
                '<rect x="{}" y="{}" width="{}" height="{}" class="chart__bar chart__bar--{}"/>'
                '<text x="{}" y="{}" class="chart__value">{}</text>',
                LABEL_WIDTH - 8, y + BAR_HEIGHT - 5, title,
                LABEL_WIDTH, y, span, BAR_HEIGHT,
                LABEL_WIDTH, y, width, BAR_HEIGHT, LEVEL_TONES[level],
                LABEL_WIDTH + span + 6, y + BAR_HEIGHT - 5, word,
            )
        )
    summary = "; ".join(f"{title}: {word}" for title, _, word in rows)
    return svg_chart("Nivel de dominio de cada regla", f"Lo que has demostrado en cada regla. {summary}.", CHART_WIDTH, height, parts)


def history_chart(days: list[tuple[dt.date, int, int]]) -> str:
    """Stacked columns, one per day: right answers below, wrong ones on top."""
    height = 160
    base = height - 24
    column = (CHART_WIDTH - 40) / max(1, len(days))
    top = max([right + wrong for _, right, wrong in days] + [1])
    scale = (base - 10) / top
    parts = [format_html('<line x1="30" y1="{}" x2="{}" y2="{}" class="chart__axis"/>', base, CHART_WIDTH - 5, base)]
    for index, (day, right, wrong) in enumerate(days):
        x = 32 + index * column
        right_h, wrong_h = right * scale, wrong * scale
        width = round(column * 0.7, 1)
        parts.append(format_html('<rect x="{}" y="{}" width="{}" height="{}" class="chart__bar chart__bar--high"/>', round(x, 1), round(base - right_h, 1), width, round(right_h, 1)))
        parts.append(format_html('<rect x="{}" y="{}" width="{}" height="{}" class="chart__bar chart__bar--low"/>', round(x, 1), round(base - right_h - wrong_h, 1), width, round(wrong_h, 1)))
        if index % 7 == 0 or index == len(days) - 1:
            parts.append(format_html('<text x="{}" y="{}" class="chart__tick">{}/{}</text>', round(x, 1), height - 6, day.day, day.month))
    total_right = sum(right for _, right, _ in days)
    total_wrong = sum(wrong for _, _, wrong in days)
    description = f"Respuestas de los últimos {len(days)} días: {total_right} bien y {total_wrong} mal."
    return svg_chart("Historial de respuestas", description, CHART_WIDTH, height, parts)


def svg_chart(title: str, description: str, width: int, height: int, parts: Sequence[str]) -> str:
    """The ``<svg>`` around a chart's drawn ``parts``, named by its title and described in words (also for other apps' charts)."""
    return mark_safe(
        f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" aria-labelledby="{_id(title)}-t {_id(title)}-d" '
        f'preserveAspectRatio="xMinYMin meet"><title id="{_id(title)}-t">{escape(title)}</title>'
        f'<desc id="{_id(title)}-d">{escape(description)}</desc>{"".join(parts)}</svg>'
    )


def _id(title: str) -> str:
    return "chart-" + "".join(ch for ch in title.lower() if ch.isalnum())[:20]
