"""Every route of the site, read from the URL resolver, and checks on rendered HTML.

Tests that must cover *every* URL (CSRF, fuzzing, permissions) walk
``site_routes()`` so that a route added later cannot be forgotten: a test
that does not know how to fill in a new route's parameters fails loudly.
"""

from __future__ import annotations

from dataclasses import dataclass
from html.parser import HTMLParser

from django.urls import URLPattern, URLResolver, get_resolver, reverse


@dataclass(frozen=True)
class Route:
    """One URL pattern: its qualified name, its route text and its parameters."""

    name: str
    route: str
    params: tuple[str, ...]
    view: object

    def url(self, **values) -> str:
        return reverse(self.name, kwargs={param: values[param] for param in self.params})

    @property
    def module(self) -> str:
        view = getattr(self.view, "view_class", None) or self.view
        return getattr(view, "__module__", "")


def _params(pattern) -> tuple[str, ...]:
    converters = getattr(pattern, "converters", None)
    if converters:
        return tuple(converters)
    return tuple(pattern.regex.groupindex)


def _walk(patterns, prefix: str, namespace: str):
    for entry in patterns:
        if isinstance(entry, URLResolver):
            inner = f"{namespace}:{entry.namespace}" if namespace and entry.namespace else entry.namespace or namespace
            yield from _walk(entry.url_patterns, prefix + str(entry.pattern), inner or "")
        elif isinstance(entry, URLPattern) and entry.name:
            name = f"{namespace}:{entry.name}" if namespace else entry.name
            yield Route(name, prefix + str(entry.pattern), _params(entry.pattern), entry.callback)


def site_routes(*, include_admin: bool = True) -> list[Route]:
    """Every named route of the site, in URL-configuration order."""
    routes = list(_walk(get_resolver().url_patterns, "", ""))
    if not include_admin:
        routes = [route for route in routes if not route.name.startswith("admin:")]
    return routes


class _InlineCode(HTMLParser):
    """Collects what a strict Content-Security-Policy would block in a page."""

    DATA_TYPES = {"application/json", "application/ld+json"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        if tag == "script" and not values.get("src") and (values.get("type") or "").lower() not in self.DATA_TYPES:
            self.problems.append("<script> without src")
        if tag == "style":
            self.problems.append("<style> element")
        for name, value in attrs:
            if name.startswith("on"):
                self.problems.append(f"<{tag} {name}=…> event handler")
            if name == "style":
                self.problems.append(f"<{tag} style=…> attribute")
            if name in {"href", "src", "action", "formaction"} and (value or "").strip().lower().startswith("javascript:"):
                self.problems.append(f"<{tag} {name}=javascript:…>")


def inline_code(html: str) -> list[str]:
    """Inline scripts, inline styles, event-handler attributes and ``javascript:`` URLs in ``html``."""
    parser = _InlineCode()
    parser.feed(html)
    parser.close()
    return parser.problems
