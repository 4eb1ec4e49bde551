"""Server-drawn SVG charts for «Mi progreso»: no chart library, no script.

Each chart is a small ``<svg role="img">`` with a ``<title>`` and a
``<desc>`` that says in words what the bars show, so a screen reader gets
the same information; the page also lists the figures as a table.
"""

from __future__ import annotations

import datetime as dt

from tutor.charts import line, rect, svg, text

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
        parts += [
            text(LABEL_WIDTH - 8, y + BAR_HEIGHT - 5, title, "chart__label", text_anchor="end"),
            rect(LABEL_WIDTH, y, span, BAR_HEIGHT, "chart__track"),
            rect(LABEL_WIDTH, y, width, BAR_HEIGHT, f"chart__bar chart__bar--{LEVEL_TONES[level]}"),
            text(LABEL_WIDTH + span + 6, y + BAR_HEIGHT - 5, word, "chart__value"),
        ]
    summary = "; ".join(f"{title}: {word}" for title, _, word in rows)
    return svg("Nivel de dominio de cada regla", f"Lo que has demostrado en cada regla. {summary}.", CHART_WIDTH, height, parts)


def history_chart(days: list[tuple[dt.date, int, int]]) -> str:
    """Stacked columns, one per day: right answers below, wrong ones on top."""
    height = 160
    base = height - 24
    column = (CHART_WIDTH - 40) / max(1, len(days))
    top = max([right + wrong for _, right, wrong in days] + [1])
    scale = (base - 10) / top
    parts = [line(30, base, CHART_WIDTH - 5, base, "chart__axis")]
    for index, (day, right, wrong) in enumerate(days):
        x = 32 + index * column
        right_h, wrong_h = right * scale, wrong * scale
        width = column * 0.7
        parts.append(rect(x, base - right_h, width, right_h, "chart__bar chart__bar--high"))
        parts.append(rect(x, base - right_h - wrong_h, width, wrong_h, "chart__bar chart__bar--low"))
        if index % 7 == 0 or index == len(days) - 1:
            parts.append(text(x, height - 6, f"{day.day}/{day.month}", "chart__tick"))
    total_right = sum(right for _, right, _ in days)
    total_wrong = sum(wrong for _, _, wrong in days)
    description = f"Respuestas de los últimos {len(days)} días: {total_right} bien y {total_wrong} mal."
    return svg("Historial de respuestas", description, CHART_WIDTH, height, parts)
