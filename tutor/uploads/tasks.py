"""Grading an uploaded match in the background, on the reviews' queue that practice and live games use.

``store.store_match`` queues ``grade_uploaded_match`` in the transaction
that saves the match; ``manage.py db_worker`` runs it in the queue's fair
order (the review is its uploader's), with the same lease, retries and
patience as the other reviews (``tutor.practice.background``).  As it
grades, the worker tells the match's open review pages over the channel
layer (``news``, ``review_socket``); a page reads the progress here
(``progress``) when it opens, and fills in when the review is ready.
"""

from __future__ import annotations

from django_tasks import task

from tutor.practice.background import QUEUE, Progress, ensure_queued, patiently, queue
from tutor.practice.fair_queue import position

from .models import UploadedMatch
from .news import ProgressNews
from .review import DECISIONS, grade_match, to_grade


@task(queue_name=QUEUE)
def grade_uploaded_match(match_id: int, people: list[str] | None = None) -> int:
    """Grade the decisions of uploaded match ``match_id``; how many were graded (0: it no longer exists)."""
    match = UploadedMatch.objects.filter(pk=match_id).first()
    if match is None:
        return 0
    news = ProgressNews(match.pk, progress(match), final=lambda: _progress_of(match_id))
    try:
        return patiently(lambda: grade_match(match, after_each=news.graded_one))
    finally:
        news.finish()


def _progress_of(match_id: int) -> Progress | None:
    match = UploadedMatch.objects.filter(pk=match_id).first()
    return progress(match) if match is not None else None


def people_of(match: UploadedMatch) -> list[str]:
    return [f"u{match.owner_id}"]


def queue_grading(match: UploadedMatch) -> None:
    """The match has just been saved: its grading waits for a worker."""
    queue(grade_uploaded_match, match.pk, people=people_of(match))


def requeue_grading(match: UploadedMatch) -> bool:
    """A review page found the match not fully graded: queue it again unless a run is already waiting."""
    return ensure_queued(grade_uploaded_match, match.pk, people=people_of(match))


def queue_position(match: UploadedMatch) -> int | None:
    return position(grade_uploaded_match, match.pk)


def progress(match: UploadedMatch) -> Progress:
    """How many decisions gnubg has graded, of all it will grade, and the review's place in the queue."""
    if match.graded:
        return Progress(1, 1)
    graded = match.actions.filter(kind__in=DECISIONS, forced=False).exclude(colour="").count()
    return Progress(graded, graded + len(to_grade(match)), position=queue_position(match))
