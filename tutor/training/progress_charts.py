"""Server-drawn charts for «Mi progreso»: no chart library, no script.

The levels are a list of bars in HTML (``level_chart``); the history is a
small ``<svg role="img">`` with a ``<title>`` and a ``<desc>`` that says in
words what the columns show, so a screen reader gets the same information.
The page also lists the figures as a table.
"""

from __future__ import annotations

import datetime as dt

from django.utils.html import format_html, format_html_join

from tutor.charts import line, rect, svg, text

CHART_WIDTH = 720


def level_chart(rows: list[tuple[str, int, str]]) -> str:
    """One row per rule: its title, a bar a third longer for each level shown, and the level's word.

    HTML, not SVG: a rule's title is long («Sacar todas las que puedas: el
    punto más alto cambia a mitad de turno»), and a drawing scaled to a phone
    either cut it or shrank it past reading.  As a list, a title wraps and
    keeps the page's type size, and a screen reader reads each row.
    """
    items = format_html_join(
        "",
        '<li class="level-bars__row"><span class="level-bars__label">{}</span>'
        '<span class="level-bars__track" aria-hidden="true"><span class="level-bars__bar level-bars__bar--{}"></span></span>'
        '<span class="level-bars__value">{}</span></li>',
        ((title, level, word) for title, level, word in rows),
    )
    return format_html('<ul class="level-bars" aria-label="Nivel de dominio de cada regla">{}</ul>', items)


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
