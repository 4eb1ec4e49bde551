"""The live games' work done in the background: a finished game's review, graded by a worker process.

``queue_finished_match`` hears the game driver's ``game_finished`` and queues
the review once the match (or money session) is over; ``manage.py db_worker``
runs ``review_live_game``, which grades
every decision through practice's evaluator and tells the game's open
review pages (``review_socket``) as it goes.
"""

from __future__ import annotations

from django_tasks import task

from tutor.practice.background import QUEUE, ensure_queued, grade_or_retry, queue

from .models import LiveGame
from .review import grade_game
from .review_socket import tell_review


@task(queue_name=QUEUE)
def review_live_game(game_id: int, attempt: int = 1) -> bool:
    """Grade the finished game ``game_id``; False when it no longer exists."""
    game = LiveGame.objects.filter(pk=game_id).first()
    if game is None:
        return False
    try:
        grade_or_retry(review_live_game, (game_id,), attempt, lambda: grade_game(game, after_each=lambda: tell_review(game_id)))
    finally:
        tell_review(game_id)
    return True


def queue_review(game: LiveGame) -> None:
    """The game has just ended: its review waits for a worker."""
    queue(review_live_game, game.pk)


def queue_finished_match(sender, game: LiveGame, match_over: bool, **kwargs) -> None:
    """``game_finished`` receiver: a live match (or money session) that is over is reviewed."""
    if match_over:
        queue_review(game)


def requeue_review(game: LiveGame) -> bool:
    """A review page found the game not fully graded: queue it again unless a task is already waiting."""
    return ensure_queued(review_live_game, game.pk)
