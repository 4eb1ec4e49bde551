"""Practice's work done in the background: the program's decisions of a finished game, graded.

``queue_finished_game`` hears the game driver's ``game_finished`` and queues
the game's review once its decision is saved; ``manage.py db_worker`` runs
``review_practice_game``, in the queue's fair order (``fair_queue``: the
match's person is its learner, or the match itself for a visitor).
"""

from __future__ import annotations

from django_tasks import task

from .background import QUEUE, Progress, ensure_queued, patiently, queue
from .fair_queue import position
from .models import PracticeMatch
from .match_review import finished_games, grade_program, program_decisions, ungraded_games


@task(queue_name=QUEUE)
def review_practice_game(match_id: int, game_number: int, attempt: int = 1, people: list[str] | None = None) -> int:
    """Grade the program's decisions of game ``game_number``; how many were graded.

    ``people`` is read by the queue's order, not here; ``attempt`` is only
    accepted for runs queued before failed runs were retried in place.
    """
    match = PracticeMatch.objects.filter(pk=match_id).first()
    if match is None:
        return 0
    return patiently(lambda: grade_program(match, game_number))


def people_of(match: PracticeMatch) -> list[str]:
    """Whose review a match's is: its learner, or the match itself for a visitor without an account."""
    return [f"u{match.user_id}"] if match.user_id else [f"m{match.pk}"]


def queue_review(match: PracticeMatch) -> None:
    """The match's current game has just ended: its review waits for a worker."""
    queue(review_practice_game, match.pk, match.game_number, people=people_of(match))


def queue_finished_game(sender, game: PracticeMatch, **kwargs) -> None:
    """``game_finished`` receiver: every finished practice game is reviewed."""
    queue_review(game)


def requeue_reviews(match: PracticeMatch) -> None:
    """A review page found games not fully graded: queue each one unless a task is already waiting."""
    for game_number in ungraded_games(match):
        ensure_queued(review_practice_game, match.pk, game_number, people=people_of(match))


def queue_position(match: PracticeMatch) -> int | None:
    """The place in the queue of the match's first game still waiting for its review (None: none waits)."""
    places = [place for number in ungraded_games(match) if (place := position(review_practice_game, match.pk, number))]
    return min(places, default=None)


def progress(match: PracticeMatch) -> Progress:
    """The program's decisions of finished games graded so far, of all of them, and the reviews' place in the queue."""
    colours = list(program_decisions(match, finished_games(match)).values_list("colour", flat=True))
    done = sum(1 for colour in colours if colour)
    if done == len(colours):
        return Progress(done, len(colours))
    return Progress(done, len(colours), position=queue_position(match))
