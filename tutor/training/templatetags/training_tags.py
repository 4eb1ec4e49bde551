"""``{% lesson_review_url slug as url %}``: the lesson's mixed review, if it has drillable rules."""

from __future__ import annotations

from django import template
from django.urls import reverse

from ..lesson_review import rules_of

register = template.Library()


@register.simple_tag
def lesson_review_url(slug: str) -> str:
    return reverse("training:lesson-review", args=[slug]) if rules_of(slug) else ""
