"""Who gives a practice decision its light and lets the program answer, and when.

The learner's decision is answered at once (``game``); what follows needs
GNU Backgammon (``program.run``) and runs in a thread of the web process
that took the decision, started when the decision's transaction commits
(``hand_over``).  Why a thread there and not a task of the database
queue (``background``):

* the evaluator's door (``evaluator``) is already open in every web
  process: its gnubg worker is loaded, and the calls of all the process's
  threads are serialised by its lock, so one more thread adds no process
  and no copy of gnubg;
* the light must be on screen within a second or two: a worker of the
  queue polls for tasks and shares its queue with the reviews of whole
  games, which may wait minutes behind each other;
* nothing is lost when the process dies: the match's row says that it
  waits for the program (its phase) or for a light (an action without a
  colour), so whoever reads the match next finishes the work (``settle``,
  called by the game page and by the poll of its script).

One thread per process, one match at a time: gnubg answers one question
at a time anyway.  While a match is handed to it, the row's
``thinking_until`` (a lease of ``PRACTICE_THINKING_LEASE`` seconds) tells
every process that someone is on it; when the lease runs out (the
process died, or is very late) the next reader takes the work over.  Two
that do the same work cannot both write it (``program``).
"""

from __future__ import annotations

import logging
import os
import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

from django.conf import settings
from django.db import close_old_connections, connection, transaction
from django.db.models import Q
from django.utils import timezone

from . import program
from .evaluator import EvaluatorUnavailable
from .models import PracticeMatch

logger = logging.getLogger(__name__)


ROUNDS = 3
"""How many times the thread looks again at a match it was handed: the learner may decide again
(a roll after a graded no-double) while it works; what is left after that waits for the next reader."""


class Runner:
    """This process's thinking thread and the matches handed to it."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.mine: set[int] = set()
        self.executor: tuple[int, ThreadPoolExecutor] | None = None

    def submit(self, pk: int) -> None:
        with self.lock:
            if pk in self.mine:
                return
            self.mine.add(pk)
            if self.executor is None or self.executor[0] != os.getpid():  # a forked process has no thread yet
                self.executor = (os.getpid(), ThreadPoolExecutor(max_workers=1, thread_name_prefix="practice-thinking"))
            executor = self.executor[1]
        executor.submit(self._work, pk)

    def holds(self, pk: int) -> bool:
        with self.lock:
            return pk in self.mine

    def _work(self, pk: int) -> None:
        close_old_connections()
        try:
            for _ in range(ROUNDS):
                match = PracticeMatch.objects.filter(pk=pk).first()
                if match is None or not program.pending(match):
                    break
                program.run(match)
        except EvaluatorUnavailable as error:
            logger.warning("practice match %s waits for gnubg: %s", pk, error)
        except Exception:  # a thread has nobody to answer: log it, the next reader tries again
            logger.exception("practice match %s: the program's thinking failed", pk)
        finally:
            release(pk)
            with self.lock:
                self.mine.discard(pk)
            connection.close()


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
