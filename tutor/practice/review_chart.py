"""The graph of a review: the advantage across the game as a line, drawn on the server as SVG.

What it plots.  gnubg grades each decision with cubeful equities (see
``decisions.grade_decision``: a play's and its rivals' equities, the cube's
three), not with winning chances: ``evaluate``'s probabilities are cubeless
and would cost one more question per decision, so they are not stored.  The
line is therefore the *equity* after each graded decision (``Step.advantage``:
what the choice made is worth, in cubes as the cube stood), turned to the
viewer's side, and the page calls it «ventaja», not «probabilidad de
ganar»: +1 is as good as a single game won, −1 as a single game lost, and
gammons take it further (cut at ``LIMIT``).  The same number exists for the
decisions graded before this graph, so old reviews draw it too.  Forced
plays and decisions not graded yet have no point; the line joins the
points of each game and starts again at the next.

Drawn with the site's chart shapes (``tutor.charts``), like «Mi progreso»'s
charts and the error graph it replaces: no chart library, no script needed to see it, a ``<title>`` and
a ``<desc>`` that say in words what it shows.  Each point is a link to its
step (``?paso=N``; the page's script swaps the stage in place), its colour
the traffic light's, the errors (ámbar, rojo) drawn larger with a dark edge;
a band marks the step on show; a roll of very good or very bad luck
(``luck.py``) is a short tick on the top edge of its column when it moved
the advantage up, on the bottom edge when down.  The graph stretches to the width it is given
(``preserveAspectRatio="none"``), so its lines keep their width
(``vector-effect``), its points are round caps of zero-length lines, and its
scale is written by the page beside it, not inside it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from tutor.charts import line, number, polygon, polyline, rect, svg
from tutor.engine import opponent

WIDTH = 720
HEIGHT = 160
MID = HEIGHT / 2
SIDE = 6
"""Room left and right of the first and last step, in user units."""
REACH = MID - 10
"""How far from the middle line the scale's ends are drawn."""
LIMIT = 3.0
"""Advantages beyond ±3 (a backgammon) are drawn at the edge."""
ERRORS = ("ambar", "rojo")


@dataclass(frozen=True)
class AdvantageChart:
    """The SVG and what the page writes around it: the scale and whose advantage is up."""

    svg: SafeString
    scale: float
    above: str
    """«tuya», «de Ana», «de blancas»: whose advantage rises above the middle line."""
    below: str
    points: int
    luck_marks: int = 0
    """How many rolls of very good or very bad luck are ticked on the edges."""

    @property
    def scale_text(self) -> str:
        """The scale's end as the page writes it: «1», «1,5»."""
        return f"{self.scale:g}".replace(".", ",")


def advantage_chart(steps: list, current: int, side: int, *, own: bool = True) -> AdvantageChart:
    """The line of ``steps`` (``stepper.Step``) seen from ``side``, with step ``current`` marked.

    ``own``: ``side`` is the viewer's (the words say «tuya»); a spectator's
    graph is seen from White's side and names it.
    """
    values = {step.number: _turned(step, side) for step in steps}
    scale = _scale([value for value in values.values() if value is not None])
    column = (WIDTH - 2 * SIDE) / max(1, len(steps))
    actors = {step.side: step.actor for step in steps}

    def x_of(number: int) -> float:
        return SIDE + (number - 0.5) * column

    def y_of(value: float) -> float:
        return MID - REACH * max(-scale, min(scale, value)) / scale

    parts: list[str] = [
        rect(
            SIDE + (current - 1) * column, 0, max(column, 2), HEIGHT, "review-chart__current",
            data_chart_current=True, data_left=SIDE, data_column=column,
        ),
        line(0, MID, WIDTH, MID, "review-chart__axis"),
    ]
    segments: list[list[tuple[float, float]]] = [[]]
    links: list[str] = []
    for step in steps:
        x = x_of(step.number)
        if step.ending:
            parts.append(line(x, 4, x, HEIGHT - 4, "review-chart__game"))
            segments.append([])
            continue
        value = values[step.number]
        hit = rect(x - column / 2, 0, max(column, 1), HEIGHT, "review-chart__hit")
        dot = ""
        if value is not None:
            y = y_of(value)
            segments[-1].append((x, y))
            tone = step.colour or "ninguno"
            edge = line(x, y, x, y, "review-chart__edge") if tone in ERRORS else ""
            ring = line(x, y, x, y, "review-chart__ring") if step.number == current else ""
            dot = ring + edge + line(x, y, x, y, f"review-chart__point review-chart__point--{tone}", data_point_step=step.number)
        dot += _luck_tick(step, side, x)
        links.append(format_html(
            '<a href="?paso={}" data-step="{}" tabindex="-1"><title>{}</title>{}{}</a>',
            step.number, step.number, _label(step, value), hit, mark_safe(dot),
        ))
    for points in segments:
        parts.extend(_area_and_line(points))
    parts.extend(links)
    counted = sum(1 for value in values.values() if value is not None)
    above, below = _whose(actors, side, own)
    description = _description(steps, actors, scale, counted, above, below, current)
    ticks = sum(1 for step in steps if step.luck_mark)
    return AdvantageChart(_svg(description, parts), scale, above, below, counted, ticks)


def _luck_tick(step, side: int, x: float) -> str:
    """A very lucky or very unlucky roll's tick: on the top edge when it moved the advantage up (``side``'s way)."""
    if not step.luck_mark:
        return ""
    up = (step.luck_mark == "lucky") == (step.side == side)
    top, bottom = (2, 14) if up else (HEIGHT - 14, HEIGHT - 2)
    return line(x, top, x, bottom, f"review-chart__luck review-chart__luck--{'up' if up else 'down'}", data_luck_step=step.number)


def _turned(step, side: int) -> float | None:
    value = step.advantage
    if value is None:
        return None
    return value if step.side == side else -value


def _scale(values: list[float]) -> float:
    """The scale's end: 1 (a single game), or the largest advantage shown rounded up to a half, up to ``LIMIT``."""
    largest = max((abs(value) for value in values), default=0.0)
    return min(LIMIT, max(1.0, math.ceil(largest * 2 - 1e-9) / 2))


def _area_and_line(points: list[tuple[float, float]]) -> list[str]:
    """A game's line, over the area between it and the middle (shaded one way above it, another below)."""
    if not points:
        return []
    area = [(points[0][0], MID), *points, (points[-1][0], MID)]
    return [
        polygon(area, "review-chart__area review-chart__area--up", clip_path="url(#ventaja-arriba)"),
        polygon(area, "review-chart__area review-chart__area--down", clip_path="url(#ventaja-abajo)"),
        polyline(points, "review-chart__line"),
    ]


def _whose(actors: dict, side: int, own: bool) -> tuple[str, str]:
    mine, theirs = actors.get(side), actors.get(opponent(side))
    above = "tuya" if own else (f"de {mine.name}" if mine else "de blancas")
    below = theirs.of_whom if theirs and theirs.of_whom else ("de tu rival" if own else "de negras")
    return above, below


def _label(step, value: float | None) -> str:
    label = f"Decisión {step.number}: {step.summary}" + (f", {step.state.lower()}" if step.state else "")
    if step.luck_words:
        label += f", {step.luck_words.lower()}"
    if step.light and not step.light.forced:
        label += f" (pérdida {_decimal(step.loss)})"
    if value is not None:
        label += f"; ventaja después: {_signed(value)}"
    return label


def _description(steps: list, actors: dict, scale: float, counted: int, above: str, below: str, current: int) -> str:
    counts = []
    for side, actor in actors.items():
        mine = [step for step in steps if step.side == side and step.light]
        amber = sum(1 for step in mine if step.colour == "ambar")
        red = sum(1 for step in mine if step.colour == "rojo")
        counts.append(f"{actor.name}: {amber} en ámbar y {red} en rojo")
    shown = next((step for step in steps if step.number == current), None)
    now = f" Marcada, la decisión {current}: {shown.summary}." if shown else ""
    if not counted:
        return f"Aún no hay decisiones revisadas con su equity: la línea aparecerá cuando GNU Backgammon las revise.{now}"
    scale_text = f"{scale:g}".replace(".", ",")
    return (
        f"La ventaja a lo largo de la partida según GNU Backgammon: la equity tras cada una de {counted} decisiones revisadas, "
        f"de −{scale_text} a +{scale_text}; arriba, ventaja {above}; abajo, {below}. "
        f"Los puntos ámbar y rojo son errores ({'; '.join(counts)}).{now}"
    )


def _decimal(value: float) -> str:
    """«0,246»: three decimals with a comma, as the page writes equities."""
    return f"{value:.3f}".replace(".", ",")


def _signed(value: float) -> str:
    """«+0,246», «−0,100»."""
    return f"{value:+.3f}".replace(".", ",").replace("-", "−")


def _svg(description: str, parts: list[str]) -> SafeString:
    clips = (
        f'<defs><clipPath id="ventaja-arriba"><rect x="0" y="0" width="{WIDTH}" height="{number(MID)}"/></clipPath>'
        f'<clipPath id="ventaja-abajo"><rect x="0" y="{number(MID)}" width="{WIDTH}" height="{number(MID)}"/></clipPath></defs>'
    )
    return svg(
        "Ventaja a lo largo de la partida", description, WIDTH, HEIGHT, parts,
        name="grafico-ventaja", css_class="review-chart", role="group", stretch=True, defs=clips,
    )
