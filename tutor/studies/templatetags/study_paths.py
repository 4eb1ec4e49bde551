"""Filters of the study paths' pages."""

from django import template

from tutor.studies.paths import minutes as minutes_words

register = template.Library()


@register.filter
def minutes(seconds) -> str:
    """A time spent in seconds as «3 min 20 s»."""
    return minutes_words(int(seconds or 0))


@register.simple_tag
def reading_place(study, user):
    """The chapter where ``user`` stopped in ``study`` (None before they open one)."""
    from tutor.studies.reading import place

    return place(study, user)


@register.simple_tag
def assigned_studies(assignment, student=None):
    """The assignment's studies, each with the questions ``student`` got right and how many it asks."""
    from tutor.studies.assigned import studies_of

    return studies_of(assignment, student)


@register.simple_tag
def own_studies(user):
    """The studies ``user`` wrote, to put one in an assignment."""
    from tutor.studies.models import Study

    return list(Study.objects.filter(author=user).order_by("title", "pk"))
