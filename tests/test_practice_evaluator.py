"""The gnubg wrapper: grading on known positions, mapping gnubg's moves to ours, cube decisions, safety."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tests.engine_positions import random_game_positions as random_positions
from tutor.engine import BLACK, WHITE, Position
from tutor.practice import evaluator
from tutor.practice.evaluator import CubeAnalysis, EvaluatorUnavailable, analyse_cube, analyse_plays, rating
from tutor.practice.grading import colour_for

ROOT = Path(__file__).resolve().parent.parent
OPENING_31 = Position.initial().with_dice((3, 1))


def test_the_opening_3_1_making_the_5_point_is_verde():
    play = OPENING_31.check("8/5 6/5").play
    analysis = evaluator.grade_play(OPENING_31, play)
    assert colour_for(analysis.loss(play)) == "verde"
    assert analysis.best.play == play


def test_an_opening_3_1_played_13_9_loses_at_least_0_12_and_is_rojo():
    play = OPENING_31.check("13/9").play
    analysis = evaluator.grade_play(OPENING_31, play)
    assert analysis.loss(play) >= 0.12
    assert colour_for(analysis.loss(play)) == "rojo"


def test_the_analysis_ranks_every_legal_play_best_first():
    analysis = analyse_plays(OPENING_31, plies=0)
    equities = [entry.equity for entry in analysis.ranked]
    assert equities == sorted(equities, reverse=True)
    assert {entry.play.result for entry in analysis.ranked} == {play.result for play in OPENING_31.legal_plays()}
    assert analysis.loss(analysis.best.play) == 0


def test_every_legal_play_gets_a_score_in_whole_random_games_bear_offs_included():
    positions = random_positions(seed=11, count=160)
    assert any(position.mover[0] for position in positions), "the sample must reach the bear-off"
    for position in positions:
        analysis = analyse_plays(position, plies=0)
        assert len(analysis.ranked) == len(position.legal_plays()), position.to_xgid()


def test_plays_that_differ_only_after_a_checker_is_borne_off_get_their_own_scores():
    # 6-5 with checkers on the 6 and the 5: «6/off 5/off» and «6/1 6/off» both
    # start by bearing off from the 6, where gnubg's move tuples stop.
    position = Position.from_layout({6: 3, 5: 3, 4: 2, 2: 2}, {24: 3, 19: 4, 20: 3}, dice=(6, 5))
    analysis = analyse_plays(position, plies=0)
    scores = {entry.notation: entry.equity for entry in analysis.ranked}
    assert set(scores) == {"6/off 5/off", "6/1 6/off"}
    assert scores["6/off 5/off"] > scores["6/1 6/off"]


def test_a_single_legal_play_needs_no_evaluation(monkeypatch):
    monkeypatch.setattr(evaluator, "_run", lambda *args: pytest.fail("gnubg was asked"))
    closed_out = Position.from_layout({"bar": 1, 6: 4, 8: 4, 13: 6}, {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2, 12: 3})
    analysis = analyse_plays(closed_out.with_dice((6, 5)))
    assert analysis.forced and analysis.best.play.is_pass


def test_the_opening_position_is_no_double_and_a_take():
    cube = analyse_cube(Position.initial(), plies=0)
    assert not cube.should_double
    assert cube.should_take
    assert cube.double_loss(False) == 0 < cube.double_loss(True)


def test_a_race_far_ahead_is_a_double_and_a_pass():
    # White bears off four checkers in two rolls; Black needs nine checkers off.
    position = Position.from_layout({6: 2, 5: 2}, {24: 3, 22: 3, 20: 3}, turn=WHITE)
    cube = analyse_cube(position, plies=0)
    assert cube.should_double
    assert not cube.should_take
    assert cube.take_loss(True) > 0 == cube.take_loss(False)


def test_a_race_a_little_ahead_is_a_double_and_a_take():
    position = Position.from_layout({6: 3, 4: 2}, {24: 4, 22: 4}, turn=WHITE)
    cube = analyse_cube(position, plies=0)
    assert cube.should_double and cube.should_take


def test_cube_decisions_in_a_match_use_the_match_score():
    position = Position.initial(match_length=5, score=(3, 0))
    cube = analyse_cube(position, plies=0)
    assert cube.double_pass == 1.0
    assert cube.no_double != cube.double_take


def test_cube_losses_follow_the_equities():
    cube = CubeAnalysis(no_double=0.5, double_take=0.8, double_pass=1.0, plies=0)
    assert cube.should_double and cube.should_take
    assert cube.double_loss(False) == pytest.approx(0.3)
    assert cube.take_loss(False) == pytest.approx(0.2)
    too_good = CubeAnalysis(no_double=1.2, double_take=2.0, double_pass=1.0, plies=0)
    assert not too_good.should_double and too_good.double_loss(True) == pytest.approx(0.2)


def test_a_cube_question_needs_a_position_before_the_roll_and_a_play_question_needs_dice():
    with pytest.raises(ValueError):
        analyse_cube(OPENING_31)
    with pytest.raises(ValueError):
        analyse_plays(Position.initial())


def _at_once(calls: list[tuple]) -> list:
    """Run every ``evaluator._run(*call)`` in a thread of its own, all started together; their answers."""
    results: list = [None] * len(calls)
    threads = [
        threading.Thread(target=lambda n=n, call=call: results.__setitem__(n, evaluator._run(*call)))
        for n, call in enumerate(calls)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def test_with_one_evaluator_calls_from_several_threads_run_one_at_a_time_in_one_worker_process(settings):
    evaluator.supervisor.shutdown()
    settings.PRACTICE_EVALUATORS = 1
    evaluator._run("ping")
    results = _at_once([("tests.practice_tasks:overlaps", n) for n in range(6)])
    assert sorted(number for number, _, _ in results) == list(range(6))
    assert {pid for _, pid, _ in results} == {evaluator.worker_pid()} and os.getpid() not in {pid for _, pid, _ in results}
    assert all(not overlapped for _, _, overlapped in results)
    evaluator.supervisor.shutdown()


def test_two_calls_at_once_run_in_parallel_in_two_worker_processes(settings, tmp_path):
    """Each call waits at a gate until both have reached it: they can only pass it if they run together."""
    evaluator.supervisor.shutdown()
    settings.PRACTICE_EVALUATORS = 2
    results = _at_once([("tests.practice_tasks:meet", str(tmp_path), 2)] * 2)
    assert all(met for met, _ in results), "the second call waited for the first one to end"
    workers = {pid for _, pid in results}
    assert len(workers) == 2 and os.getpid() not in workers
    assert set(evaluator.supervisor.pids()) == workers


def test_each_worker_of_the_pool_answers_one_call_at_a_time(settings):
    settings.PRACTICE_EVALUATORS = 2
    results = _at_once([("tests.practice_tasks:overlaps", n) for n in range(8)])
    assert sorted(number for number, _, _ in results) == list(range(8))
    assert len({pid for _, pid, _ in results}) <= 2
    assert all(not overlapped for _, _, overlapped in results)


def test_calls_one_after_the_other_reuse_one_worker_so_one_copy_of_gnubg_is_enough(settings):
    evaluator.supervisor.shutdown()
    settings.PRACTICE_EVALUATORS = 3
    assert len({evaluator._run("ping") for _ in range(5)}) == 1
    assert len(evaluator.supervisor.pids()) == 1


@pytest.mark.slow  # starts a web process of its own
def test_a_pool_of_two_busy_workers_never_loads_gnubg_in_the_web_process(tmp_path):
    code = (
        "import sys, threading, django; django.setup();"
        "from tutor.practice import evaluator;"
        "answers = [];"
        f"calls = [threading.Thread(target=lambda: answers.append(evaluator._run('tests.practice_tasks:meet', {str(tmp_path)!r}, 2))) for _ in range(2)];"
        "[call.start() for call in calls]; [call.join() for call in calls];"
        "print(all(met for met, _ in answers), len(evaluator.supervisor.pids()), 'gnubg' in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "tutor.settings.test", "PRACTICE_EVALUATORS": "2"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "True 2 False"


def test_a_failure_of_gnubg_becomes_evaluator_unavailable_and_the_worker_survives():
    before = evaluator._run("ping")
    with pytest.raises(EvaluatorUnavailable):
        evaluator._run("tests.practice_tasks:broken")
    assert evaluator._run("ping") == before


def test_a_stuck_evaluator_is_abandoned_and_replaced_by_a_new_worker(settings):
    stuck = evaluator._run("ping")
    settings.PRACTICE_EVALUATOR_TIMEOUT = 1
    started = time.monotonic()
    with pytest.raises(EvaluatorUnavailable):
        evaluator._run("tests.practice_tasks:hang")
    assert time.monotonic() - started < 10
    settings.PRACTICE_EVALUATOR_TIMEOUT = 15
    fresh = evaluator._run("ping")
    assert fresh != stuck
    with pytest.raises(ProcessLookupError):
        os.kill(stuck, 0)  # the stuck worker was killed, not left running
    assert analyse_plays(OPENING_31, plies=0).best.notation == "8/5 6/5"


def test_a_missing_gnubg_module_is_unavailable(monkeypatch):
    evaluator.supervisor.shutdown()
    monkeypatch.setenv("PYTHONPATH", str(ROOT / "tests" / "no_gnubg"))
    try:
        with pytest.raises(EvaluatorUnavailable):
            analyse_plays(OPENING_31, plies=0)
    finally:
        evaluator.supervisor.shutdown()


@pytest.mark.slow  # starts a web process of its own
def test_gnubg_is_never_imported_by_the_web_process():
    code = (
        "import sys, django; django.setup();"
        "from django.urls import get_resolver; get_resolver().url_patterns;"
        "from tutor.engine import Position;"
        "from tutor.practice import evaluator;"
        "evaluator.analyse_plays(Position.initial().with_dice((3, 1)), plies=0);"
        "print('gnubg' in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={"DJANGO_SETTINGS_MODULE": "tutor.settings.test", "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "False"


def test_a_forked_child_starts_its_own_worker_and_leaves_its_parent_s_alone():
    parent_worker = evaluator._run("ping")
    child = os.fork()
    if child == 0:  # pragma: no cover - the child reports through its exit code
        try:
            own = evaluator._run("ping")
            code = 0 if own != parent_worker else 2
        except BaseException:
            code = 3
        finally:
            evaluator.supervisor.shutdown()
        os._exit(code)
    _, status = os.waitpid(child, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert evaluator._run("ping") == parent_worker


@pytest.mark.parametrize(
    ("error", "word"),
    [(0.001, "Extraterrestre"), (0.004, "Clase mundial"), (0.007, "Experto"), (0.01, "Avanzado"),
     (0.015, "Intermedio"), (0.02, "Aprendiz"), (0.03, "Principiante"), (0.05, "Desastroso")],
)
def test_the_rating_word_follows_gnubg_s_scale_of_average_error(error, word):
    assert rating(error) == word


def test_a_black_side_on_roll_is_analysed_from_its_own_view():
    black_opening = Position.initial().replace(turn=BLACK, dice=(3, 1))
    analysis = analyse_plays(black_opening, plies=0)
    white = analyse_plays(OPENING_31, plies=0)
    assert analysis.best.notation == white.best.notation == "8/5 6/5"
    assert analysis.best.equity == pytest.approx(white.best.equity)


@pytest.mark.slow  # starts a web process of its own and kills it
def test_a_worker_does_not_outlive_a_web_process_killed_outright():
    code = (
        "import os, sys, django; django.setup();"
        "from tutor.practice import evaluator;"
        "print(evaluator._run('ping'), flush=True);"
        "evaluator._run('tests.practice_tasks:hang')"
    )
    parent = subprocess.Popen(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "tutor.settings.test"},
        stdout=subprocess.PIPE,
        text=True,
    )
    worker = int(parent.stdout.readline())
    watch = os.pidfd_open(worker)  # readable once the worker has exited
    try:
        parent.kill()
        parent.wait(timeout=30)
        exited, _, _ = select.select([watch], [], [], 10)
    finally:
        os.close(watch)
    assert exited, "the stuck worker is still running"


def test_a_worker_started_from_a_short_lived_thread_outlives_that_thread():
    evaluator.supervisor.shutdown()
    started = []
    thread = threading.Thread(target=lambda: started.append(evaluator._run("ping")))
    thread.start()
    thread.join()
    assert evaluator._run("ping") == started[0]


def test_a_worker_that_died_while_idle_is_replaced_without_failing_the_call():
    first = evaluator._run("ping")
    os.kill(first, 9)
    os.waitpid(first, 0)
    assert evaluator._run("ping") != first
