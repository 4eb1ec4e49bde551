"""Who gives a practice decision its light and lets the program answer, and when.

The learner's decision is answered at once (``game``); what follows needs
GNU Backgammon (``program.run``) and runs in a thread of the web process
that took the decision, started when the decision's transaction commits
(``hand_over``).  Why a thread there and not a task of the database
queue (``background``):

* the evaluator's door (``evaluator``) is already open in every web
  process, with its pool of gnubg workers (``worker``), each answering one
  call at a time: the threads add no process and no copy of gnubg;
* the light must be on screen within a second or two: a worker of the
  queue polls for tasks and shares its queue with the reviews of whole
  games, which may wait minutes behind each other;
* nothing is lost when the process dies: the match's row says that it
  waits for the program (its phase) or for a light (an action without a
  colour), so whoever reads the match next finishes the work (``settle``,
  called by the game page and by the poll of its script).

As many threads per process as it has gnubg workers
(``PRACTICE_EVALUATORS``), each on one match at a time, and the lights
come first: a light is worth more to a learner than the program's turn,
which the page then replays slowly anyway, so every light waiting in the
process is given before any program's turn is thought.  While a match
is handed to them, the row's ``thinking_until`` (a lease of
``PRACTICE_THINKING_LEASE`` seconds) tells every process that someone
is on it; when the lease runs out (the
process died, or is very late) the next reader takes the work over.  Two
that do the same work cannot both write it (``program``).
"""

from __future__ import annotations

import logging
import itertools
import os
import queue
import threading
from datetime import timedelta

from django.conf import settings
from django.db import close_old_connections, connection, transaction
from django.db.models import Q
from django.utils import timezone

from . import program
from .evaluator import EvaluatorUnavailable
from .models import PracticeMatch
from .worker import pool_size

logger = logging.getLogger(__name__)


ROUNDS = 3
"""How many times the thread looks again at a match it was handed: the learner may decide again
(a roll after a graded no-double) while it works; what is left after that waits for the next reader."""


LIGHTS, TURN = 0, 1
"""The two kinds of work on a match, in the order the threads take them up."""


class Runner:
    """This process's thinking threads and the matches handed to them.

    A match handed over is queued for its lights; once they are given it is
    queued again for the program's turn, behind every light waiting then.
    """

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.mine: set[int] = set()
        self.jobs: queue.PriorityQueue[tuple[int, int, int, int]] = queue.PriorityQueue()
        self.order = itertools.count()
        self.threads: tuple[int, int] | None = None
        """The process id the threads were started in, and how many."""

    def submit(self, pk: int) -> None:
        with self.lock:
            if pk in self.mine:
                return
            self.mine.add(pk)
            self._start_threads()
        self._queue(LIGHTS, pk, 0)

    def holds(self, pk: int) -> bool:
        with self.lock:
            return pk in self.mine

    def _start_threads(self) -> None:
        if self.threads is not None and self.threads[0] == os.getpid():
            return
        # A forked process has none of its parent's threads, nor its queue.
        self.jobs = queue.PriorityQueue()
        count = pool_size()
        for number in range(count):
            threading.Thread(target=self._serve, name=f"practice-thinking-{number}", daemon=True).start()
        self.threads = (os.getpid(), count)

    def _queue(self, kind: int, pk: int, round_: int) -> None:
        self.jobs.put((kind, next(self.order), pk, round_))

    def _serve(self) -> None:
        jobs = self.jobs
        while True:
            kind, _, pk, round_ = jobs.get()
            follow = None
            try:
                close_old_connections()
                follow = self._work(kind, pk, round_)
            except EvaluatorUnavailable as error:
                logger.warning("practice match %s waits for gnubg: %s", pk, error)
            except Exception:  # a thread has nobody to answer: log it, the next reader tries again
                logger.exception("practice match %s: the program's thinking failed", pk)
            try:
                if follow is None:
                    self._finish(pk)
                else:
                    self._queue(*follow)
            except Exception:  # the lease runs out by itself: the next reader takes over
                logger.exception("practice match %s could not be released", pk)
                with self.lock:
                    self.mine.discard(pk)
            finally:
                connection.close()

    def _work(self, kind: int, pk: int, round_: int) -> tuple[int, int, int] | None:
        """Do one kind of work on match ``pk``; what comes next for it, if anything."""
        match = PracticeMatch.objects.filter(pk=pk).first()
        if match is None or not program.pending(match):
            return None
        if kind == LIGHTS:
            program.grade_pending(match)
            return (TURN, pk, round_)
        program.play(pk)
        still = PracticeMatch.objects.filter(pk=pk).first()
        if still is not None and program.pending(still) and round_ + 1 < ROUNDS:
            return (LIGHTS, pk, round_ + 1)
        return None

    def _finish(self, pk: int) -> None:
        release(pk)
        with self.lock:
            self.mine.discard(pk)


runner = Runner()


def lease() -> timedelta:
    return timedelta(seconds=float(getattr(settings, "PRACTICE_THINKING_LEASE", 20)))


def hand_over(pk: int) -> None:
    """After the current transaction commits, let this process's thread do what match ``pk`` waits for.

    The lease is taken before the request answers, so the page it redirects
    to shows «pensando…» instead of doing the work itself.  Should that
    fail, the decision stands all the same (``robust``): the next reader
    does the work.
    """
    transaction.on_commit(lambda: _start(pk), robust=True)


def _start(pk: int) -> None:
    match = PracticeMatch.objects.filter(pk=pk).first()
    if match is None or not program.pending(match):
        return
    PracticeMatch.objects.filter(pk=pk).update(thinking_until=timezone.now() + lease())
    runner.submit(pk)


def busy(match: PracticeMatch) -> bool:
    """Someone is doing what ``match`` waits for: this process's thread, or another process within its lease."""
    return runner.holds(match.pk) or (match.thinking_until is not None and match.thinking_until > timezone.now())


def settle(match: PracticeMatch) -> PracticeMatch:
    """``match`` as it should be read: the work it waits for done here if nobody is doing it.

    Called by every reader of a game (its page, its poll).  Raises
    ``EvaluatorUnavailable`` when gnubg cannot answer; the match waits,
    unchanged, for the next reader.
    """
    if busy(match) or not program.pending(match):
        return match
    now = timezone.now()
    taken = PracticeMatch.objects.filter(pk=match.pk).filter(
        Q(thinking_until__isnull=True) | Q(thinking_until__lte=now)
    ).update(thinking_until=now + lease())
    if not taken:
        return match
    try:
        program.run(match)
    except EvaluatorUnavailable:
        raise
    except Exception:  # the reader still gets the game as it stands; the next one tries again
        logger.exception("practice match %s: the work it waits for failed", match.pk)
    finally:
        release(match.pk)
    return PracticeMatch.objects.get(pk=match.pk)


def release(pk: int) -> None:
    PracticeMatch.objects.filter(pk=pk).update(thinking_until=None)
