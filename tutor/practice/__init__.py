"""Games against GNU Backgammon with a traffic light, reviews graded in the background, personal exercises.

Games and matches against GNU Backgammon with a traffic light. ``evaluator.py`` is the web side's
only door to GNU Backgammon, which is loaded only in watched worker processes of its own, a small
pool per web process (``worker.py``, ``PRACTICE_EVALUATORS``, tasks in ``gnubg_tasks.py``). A
learner's decision is taken at once in a short transaction, without asking gnubg (``game.py``: one
step of the games' turn machine, what it says happened recorded as actions and told on the page; the
program's turns are handed over, kept in the match's phase, and ``program_decides`` drives the same
machine with gnubg's choices), and worded for the page (``wording.py``); its light (``judge.py``,
from the recorded action; the cube's from gnubg's cube analysis, ``gnubg_cube.py``) and the
program's turn (``program.py``: thought outside any transaction, written in a short one that checks
the match's version) follow in threads of the web process, every light before any program's turn
(``thinking.py``), or are finished by whoever reads the game next (its page, its poll ``estado/``)
when nobody is on them. Personal exercises (``exercises.py``, ``Exercise``) repeat a mistake of a
practice match or of a live game: both kinds of action give ``decision_kind``, ``decision_position``
and gnubg's ``analysis``, so one grading and one list («Tus ejercicios») serve both.
``Exercise.live_action`` names ``play.LiveAction`` as a model, not by import: the one reference from
practice to play, which the single game driver is to fold in. ``Exercise.uploaded_action`` names
``uploads.UploadedAction`` the same way (an uploaded match's mistakes). Reviews graded in the
background (``background.py``: Django's Tasks API, the ``django-tasks`` backport, on its database
queue, run by ``manage.py db_worker``, practice's own command, which replaces the package's with
``task_worker.py``: the same worker, which a database error pauses and never ends, with a lease on
the task it runs, the tasks of dead workers and the failed ones queued again a bounded number of
times, later each time (``recovery.py``), and the reviews taken in a fair order, people in turns,
which is also where a review page reads its place in the queue (``fair_queue.py``); its helpers keep
one waiting run of a task and run any queue at a known moment for tests; ``decisions.py`` grades any
recorded decision after the game; ``match_review.py`` grades the program's decisions of a finished
game, ``tasks.py`` runs it in the background and tells a review page its progress), and the review
stepped through decision by decision for practice and live games alike (``stepper.py``, its board
drawn with ``{% board %}``, the advantage line over the game in ``review_chart.py``, drawn with
``tutor/charts.py``, ``templates/review/``, ``static/js/review.js``). Each player's errors by kind
and performance rating (PR), per game and for the match, on both reviews (``statistics.py``: pure
functions over graded decisions, which uploaded matches can use too).

Luck on every review (practice, live and uploaded): the luck of each roll (GNU Backgammon's, at
0-ply) is measured by the review worker after the grades and stored on the play (``luck.py``,
``GameAction.luck``), summed per player, game and match by ``statistics.py``; the very lucky and
very unlucky rolls are marked on their step and on the advantage line.
"""
