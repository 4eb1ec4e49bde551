"""A timed game ends on time at its deadline, even when nobody has it open: one waiting task per game.

A player's page that counts down to zero, or any action arriving late,
ends the game on time (``service.act``), but only while somebody is
there.  So every timed game under way has one task, ``flag_on_time``,
waiting in the ``clocks`` queue with ``run_after`` at the game's
``clock_deadline``, run by a worker of its own (``manage.py db_worker
--queue-name clocks``): a flag must not wait behind a review, which takes
gnubg minutes.

Why the waiting task is moved rather than queued anew: the deadline moves
with every decision, later as often as earlier (the clock passes to a
rival with less reserve left), so a task per decision would leave a row
per decision to wake up for nothing, and a task that only queued itself
again when it woke too early would still flag late after a deadline
moved earlier.  Moving is one ``UPDATE`` of one row.  ``follow_deadline``
does it on every save of a timed game (``post_save``: whatever saves the
game, in the transaction that sets the deadline, so a deadline never
exists without its task), and removes the task once the clock stops (the
game is over).  Games whose deadline was set before there were such
tasks get theirs after the next ``migrate`` (``queue_missing``), which
every deployment runs.

When the task runs it locks the game's row, as every decision does, and
asks the clock again.  Out of time: the game ends on time, scored as
``endings.flag`` says, and its open pages are told.  Over already:
nothing.  Not yet out of time: a decision moved the deadline while a
worker was claiming this run, so that decision found no waiting task to
move and queued another, which ``follow_deadline`` keeps (it moves that
one, never adds a second).
"""

from __future__ import annotations

from django.db import transaction
from django_tasks import task

from tutor.practice.background import stop_waiting, wait_until

from . import broadcast, clocks, endings, service
from .models import LiveGame, Phase

QUEUE = "clocks"


@task(queue_name=QUEUE)
def flag_on_time(game_id: int) -> bool:
    """End the game ``game_id`` on time if its running clock ran out; whether it did."""
    with transaction.atomic():
        try:
            game = service.locked(game_id)
        except LiveGame.DoesNotExist:
            return False
        if game.is_over:
            return False
        if not clocks.ran_out(game):
            follow_deadline(LiveGame, game)
            return False
        endings.flag(game)
    broadcast.announce(game)
    return True


def follow_deadline(sender, instance: LiveGame, created: bool = False, update_fields=None, raw: bool = False,
                    **kwargs) -> None:
    """``post_save`` receiver: a timed game's task waits for its deadline; without a deadline, no task waits."""
    if raw or not instance.clock_delay or update_fields is not None and "clock_deadline" not in update_fields:
        return
    if instance.clock_deadline is not None and not instance.is_over:
        wait_until(flag_on_time, (instance.pk,), instance.clock_deadline)
    elif not created:
        stop_waiting(flag_on_time, instance.pk)


def queue_missing(sender, **kwargs) -> None:
    """``post_migrate`` receiver: every timed game under way has its task, even one whose deadline predates them.

    Each game is locked as a decision would lock it, so a decision made
    meanwhile never has its deadline moved back to a stale one.
    """
    for pk in LiveGame.objects.filter(clock_deadline__isnull=False).exclude(phase=Phase.OVER).values_list("pk", flat=True):
        with transaction.atomic():
            follow_deadline(LiveGame, service.locked(pk))
