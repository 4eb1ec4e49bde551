"""Template tags of the studies' readers: where a reader stopped, the studies of an assignment or shared with a student, times in words."""

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


@register.simple_tag
def studies_to_read(user):
    """The studies shared with ``user`` (not their own), each with the questions they got right and how many it asks."""
    from tutor.studies.access import readable
    from tutor.studies.models import ChapterAnswer, QuestionKind

    studies = list(readable(user).exclude(author_id=user.pk).select_related("author").order_by("-updated_at", "pk")[:50])
    right = set(ChapterAnswer.objects.filter(reader=user, correct=True, study__in=studies).values_list("chapter_id", flat=True))
    rows = []
    for study in studies:
        questions = [pk for pk, kind in study.chapters.values_list("pk", "question_kind") if kind != QuestionKind.NONE]
        rows.append((study, sum(1 for pk in questions if pk in right), len(questions)))
    return rows
