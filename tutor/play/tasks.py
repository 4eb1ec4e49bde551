"""The live games' work done in the background: a finished game's review, graded by a worker process.

``queue_finished_match`` hears the game driver's ``game_finished`` and queues
the review once the match (or money session) is over; ``manage.py db_worker``
runs ``review_live_game`` (in the queue's fair order: a review is both
players'), which grades every decision through practice's evaluator and
tells the game's open review pages (``review_news``) as it goes; a review
page reads its ``progress`` here, with its place in the queue.
"""

from __future__ import annotations

from django_tasks import task

from tutor.practice.background import QUEUE, Progress, ensure_queued, patiently, queue
from tutor.practice.fair_queue import position

from .models import LiveGame
from .live_review import DECISIONS, grade_game, to_grade
from .review_news import tell_review


@task(queue_name=QUEUE)
def review_live_game(game_id: int, attempt: int = 1, people: list[str] | None = None) -> bool:
    """Grade the finished game ``game_id``; False when it no longer exists.

    ``people`` is read by the queue's order, not here; ``attempt`` is only
    accepted for runs queued before failed runs were retried in place.
    """
    game = LiveGame.objects.filter(pk=game_id).first()
    if game is None:
        return False
    try:
        patiently(lambda: grade_game(game, after_each=lambda: tell_review(game_id)))
    finally:
        tell_review(game_id)
    return True


def people_of(game: LiveGame) -> list[str]:
    """Whose review a live game's is: both players'."""
    return [f"u{pk}" for pk in (game.white_id, game.black_id) if pk]


def queue_review(game: LiveGame) -> None:
    """The game has just ended: its review waits for a worker."""
    queue(review_live_game, game.pk, people=people_of(game))


def queue_finished_match(sender, game: LiveGame, match_over: bool, **kwargs) -> None:
    """``game_finished`` receiver: a live match (or money session) that is over is reviewed."""
    if match_over:
        queue_review(game)


def requeue_review(game: LiveGame) -> bool:
    """A review page found the game not fully graded: queue it again unless a task is already waiting."""
    return ensure_queued(review_live_game, game.pk, people=people_of(game))


def queue_position(game: LiveGame) -> int | None:
    """The game's review's place in the queue (None: it is not waiting)."""
    return position(review_live_game, game.pk)


def progress(game: LiveGame) -> Progress:
    """How many of the game's decisions gnubg has graded, of all it will grade, and its review's place in the queue."""
    if game.graded:
        return Progress(1, 1)
    graded = game.actions.filter(kind__in=DECISIONS, forced=False).exclude(colour="").count()
    return Progress(graded, graded + len(to_grade(game)), position=queue_position(game))
