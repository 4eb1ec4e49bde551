"""Reviews are graded by worker processes, never by a web request.

Thirty live games end at once through the site's forms: no ending request
and no review page asks GNU Backgammon anything (every call to gnubg goes
through ``evaluator._run``, which the test counts; a timing would measure the
machine, not the code), the reviews wait in the queue, and after a worker's
run of the queue (``drain``, in this process, at a known moment) every review
is ready.  A practice game's end queues the program's decisions the same way.
gnubg grades at 0 plies here (fast); on PostgreSQL too (``make
test-postgres``).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.classroom_factories import make_user, signed_in
from tests.live_review import played
from tests.practice_flow import decide, start
from tutor.play.models import LiveGame
from tutor.play.tasks import review_live_game
from tutor.practice import evaluator
from tutor.practice.background import drain, is_waiting
from tutor.practice.models import COMPUTER, Phase
from tutor.practice.match_review import program_decisions
from tutor.practice.tasks import review_practice_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("live_dice")]

ROOT = Path(__file__).resolve().parent.parent
GAMES = 30


@pytest.fixture
def gnubg_calls(monkeypatch):
    """The tasks sent to the gnubg worker from now on, in order: one home for every call to gnubg."""
    calls: list[str] = []
    send = evaluator._run

    def counted(task, *args):
        calls.append(task)
        return send(task, *args)

    monkeypatch.setattr(evaluator, "_run", counted)
    return calls


def test_thirty_games_end_at_once_and_every_review_is_ready_after_the_worker_drains_the_queue(gnubg_calls):
    players = [(make_user(f"blanca{n}"), make_user(f"negra{n}")) for n in range(GAMES)]
    games = [(played(white, black, resign=False), signed_in(black)) for white, black in players]
    for game, client in games:
        game.refresh_from_db()
        response = client.post(f"/jugar/{game.code}/accion/", {"tipo": "resign", "seq": game.seq})
        assert response.status_code == 302
    for game, client in games:
        response = client.get(game.get_review_url())
        assert response.status_code == 200 and "GNU Backgammon está revisando la partida" in response.content.decode()
        assert is_waiting(review_live_game, game.pk)
    ended = LiveGame.objects.filter(pk__in=[game.pk for game, _ in games])
    assert not ended.filter(graded=True).exists()
    assert gnubg_calls == [], "a request asked gnubg"

    assert drain() == GAMES

    assert ended.filter(graded=True).count() == GAMES and gnubg_calls
    asked_by_worker = len(gnubg_calls)
    for game, client in games:
        page = client.get(game.get_review_url() + "?paso=3").content.decode()
        assert "está revisando" not in page and 'data-light="rojo"' in page and "Tu jugada" in page
    assert len(gnubg_calls) == asked_by_worker, "a graded review page asked gnubg"


def test_a_review_page_of_a_graded_game_queues_nothing():
    game = played(make_user("ana"), make_user("bruno"))
    drain()
    signed_in(game.white).get(game.get_review_url())
    assert not is_waiting(review_live_game, game.pk) and drain() == 0


@pytest.mark.usefixtures("quick_and_reproducible")
def test_a_finished_practice_game_queues_the_program_s_decisions_for_the_worker(client):
    match = start(client, length=0, level="principiante")
    for _ in range(400):
        match.refresh_from_db()
        if match.phase == Phase.GAME_OVER:
            break
        assert decide(client, match, double_once=set()).status_code in (302, 200)
    assert match.phase == Phase.GAME_OVER
    assert is_waiting(review_practice_game, match.pk, 1)
    program = program_decisions(match, [1])
    assert program.exists() and not program.exclude(colour="").exists()
    waiting = client.get(match.get_review_url()).content.decode()
    assert "GNU Backgammon está revisando la partida" in waiting
    assert client.get(f"/practica/{match.pk}/revision/progreso/").json() == {
        "done": 0, "total": program.count(), "ready": False, "failed": False,
        "position": 1, "queue": "Tu revisión es la siguiente en la cola.",
    }
    assert drain() == 1
    assert not program.filter(colour="").exists()
    assert client.get(f"/practica/{match.pk}/revision/progreso/").json()["ready"] is True
    first = program.filter(side=COMPUTER, kind="move").first()
    number = list(match.actions.values_list("pk", flat=True)).index(first.pk) + 1
    page = client.get(f"{match.get_review_url()}?paso={number}").content.decode()
    assert "Jugada del programa" in page and "está revisando" not in page


def test_a_task_worker_reaches_gnubg_through_the_evaluator_and_never_loads_it_itself():
    """What a ``db_worker`` process imports to run the review tasks, and a grading through them."""
    script = (
        "import django, sys; django.setup()\n"
        "import django_tasks_db.management.commands.db_worker, tutor.play.tasks, tutor.practice.tasks\n"
        "from tutor.engine import Position\n"
        "from tutor.practice import evaluator\n"
        "position = Position.initial().with_dice((3, 1))\n"
        "graded = evaluator.grade_play(position, position.check('8/5 6/5').play, plies=0)\n"
        "assert graded.best.notation == '8/5 6/5', graded.best.notation\n"
        "assert 'gnubg' not in sys.modules and evaluator.worker_pid() is not None\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
