"""Practice's work done in the background: the program's decisions of a finished game, graded.

``queue_finished_game`` hears the game driver's ``game_finished`` and queues
the game's review once its decision is saved; ``manage.py db_worker`` runs
``review_practice_game``.
"""

from __future__ import annotations

from django_tasks import task

from .background import QUEUE, ensure_queued, grade_or_retry, queue
from .models import PracticeMatch
from .review import grade_program, ungraded_games


@task(queue_name=QUEUE)
def review_practice_game(match_id: int, game_number: int, attempt: int = 1) -> int:
    """Grade the program's decisions of game ``game_number``; how many were graded."""
    match = PracticeMatch.objects.filter(pk=match_id).first()
    if match is None:
        return 0
    return grade_or_retry(review_practice_game, (match_id, game_number), attempt, lambda: grade_program(match, game_number))


def queue_review(match: PracticeMatch) -> None:
    """The match's current game has just ended: its review waits for a worker."""
    queue(review_practice_game, match.pk, match.game_number)


def queue_finished_game(sender, game: PracticeMatch, **kwargs) -> None:
    """``game_finished`` receiver: every finished practice game is reviewed."""
    queue_review(game)


def requeue_reviews(match: PracticeMatch) -> None:
    """A review page found games not fully graded: queue each one unless a task is already waiting."""
    for game_number in ungraded_games(match):
        ensure_queued(review_practice_game, match.pk, game_number)
