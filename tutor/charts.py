"""What every chart the server draws is made of: an ``<svg>`` named in words, and its shapes.

The site draws its charts on the server, with no chart library and no
script needed to see them: «Mi progreso»'s (``training.progress_charts``), a
player's rating (``ratings.rating_chart``) and a review's advantage line
(``practice.review_chart``).  Each of those says what its chart means; this
module only draws.  Every chart is an ``<svg>`` with a ``<title>`` and a
``<desc>`` that say in words what it shows, so a screen reader gets the same
information; shapes are written with their geometry first, then their class,
then their data attributes, their numbers with at most one decimal.

>>> print(line(0, 80.0, 720, 80, "chart__axis"))
<line x1="0" y1="80" x2="720" y2="80" class="chart__axis"/>
>>> print(rect(6, 0, 22.5, 160, "current", data_chart_current=True, data_left=6))
<rect x="6" y="0" width="22.5" height="160" class="current" data-chart-current data-left="6"/>
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from django.utils.html import escape, format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

Point = tuple[float, float]


def number(value: float) -> str:
    """A coordinate as SVG writes it here: «12.5», «12» (one decimal at most, no trailing zero)."""
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _attributes(attributes: dict[str, object]) -> SafeString:
    """``data_left=6`` as ` data-left="6"`, ``True`` as a bare attribute; numbers written by ``number``."""
    def written(value: object) -> object:
        return number(value) if isinstance(value, float) else value

    bare = format_html_join("", " {}", ((name.replace("_", "-"),) for name, value in attributes.items() if value is True))
    valued = format_html_join(
        "", ' {}="{}"', ((name.replace("_", "-"), written(value)) for name, value in attributes.items() if value is not True)
    )
    return format_html("{}{}", bare, valued)


def _shape(tag: str, geometry: Sequence[tuple[str, float]], css_class: str, attributes: dict[str, object]) -> SafeString:
    coordinates = format_html_join(" ", '{}="{}"', ((name, number(value)) for name, value in geometry))
    return format_html('<{} {} class="{}"{}/>', mark_safe(tag), coordinates, css_class, _attributes(attributes))


def line(x1: float, y1: float, x2: float, y2: float, css_class: str, **attributes: object) -> SafeString:
    """A straight line (an axis, a grid line; a round dot when both ends are one point and its cap is round)."""
    return _shape("line", (("x1", x1), ("y1", y1), ("x2", x2), ("y2", y2)), css_class, attributes)


def rect(x: float, y: float, width: float, height: float, css_class: str, **attributes: object) -> SafeString:
    """A rectangle: a bar, a track, a band."""
    return _shape("rect", (("x", x), ("y", y), ("width", width), ("height", height)), css_class, attributes)


def circle(cx: float, cy: float, r: float, css_class: str, **attributes: object) -> SafeString:
    """A point of a line chart."""
    return _shape("circle", (("cx", cx), ("cy", cy), ("r", r)), css_class, attributes)


def text(x: float, y: float, words: object, css_class: str, **attributes: object) -> SafeString:
    """A label at ``(x, y)``, escaped."""
    return format_html('<text x="{}" y="{}" class="{}"{}>{}</text>', number(x), number(y), css_class, _attributes(attributes), words)


def points(path: Iterable[Point]) -> str:
    """``[(1, 2.5), (3, 4)]`` as ``1,2.5 3,4``."""
    return " ".join(f"{number(x)},{number(y)}" for x, y in path)


def polyline(path: Iterable[Point], css_class: str, **attributes: object) -> SafeString:
    """A line through ``path``'s points, in order."""
    return format_html('<polyline points="{}" class="{}"{}/>', points(path), css_class, _attributes(attributes))


def polygon(path: Iterable[Point], css_class: str, **attributes: object) -> SafeString:
    """A closed area through ``path``'s points (``clip_path="url(#id)"`` to cut it)."""
    return format_html('<polygon points="{}" class="{}"{}/>', points(path), css_class, _attributes(attributes))


def svg(
    title: str,
    description: str,
    width: int,
    height: int,
    parts: Iterable[str],
    *,
    name: str | None = None,
    css_class: str = "chart",
    role: str = "img",
    stretch: bool = False,
    defs: str = "",
) -> SafeString:
    """The ``<svg>`` around a chart's drawn ``parts``, named by ``title`` and described in words.

    ``name`` makes the ids of its title and description (one per page:
    derived from the title when not given); ``stretch`` lets it take the
    width it is given instead of keeping its proportions; ``defs`` are drawn
    before the parts (clip paths), trusted as they are.
    """
    ident = name or "chart-" + "".join(ch for ch in title.lower() if ch.isalnum())[:20]
    aspect = "none" if stretch else "xMinYMin meet"
    return mark_safe(
        f'<svg class="{escape(css_class)}" viewBox="0 0 {width} {height}" role="{escape(role)}" '
        f'aria-labelledby="{ident}-t {ident}-d" preserveAspectRatio="{aspect}">'
        f'<title id="{ident}-t">{escape(title)}</title><desc id="{ident}-d">{escape(description)}</desc>{defs}{"".join(parts)}</svg>'
    )
