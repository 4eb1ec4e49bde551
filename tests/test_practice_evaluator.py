"""The gnubg wrapper: grading on known positions, mapping gnubg's moves to ours, cube decisions, safety."""

from __future__ import annotations

import os
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
    analysis = analyse_plays(OPENING_31)
    play = OPENING_31.check("8/5 6/5").play
    assert colour_for(analysis.loss(play)) == "verde"
    assert analysis.best.play == play


def test_an_opening_3_1_played_13_9_loses_at_least_0_12_and_is_rojo():
    analysis = analyse_plays(OPENING_31)
    play = OPENING_31.check("13/9").play
    assert analysis.loss(play) >= 0.12
    assert colour_for(analysis.loss(play)) == "rojo"


def test_the_analysis_ranks_every_legal_play_best_first():
    analysis = analyse_plays(OPENING_31, plies=1)
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


def test_calls_from_several_threads_run_one_at_a_time_on_one_worker_thread(monkeypatch):
    seen_threads = set()
    running = []
    overlaps = []

    def task(g, number):
        running.append(number)
        if len(running) > 1:
            overlaps.append(tuple(running))
        seen_threads.add(threading.get_ident())
        time.sleep(0.01)
        running.remove(number)
        return number

    results = []
    threads = [threading.Thread(target=lambda n=n: results.append(evaluator._run(task, n))) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == list(range(8))
    assert len(seen_threads) == 1 and threading.get_ident() not in seen_threads
    assert overlaps == []


def test_a_failure_of_gnubg_becomes_evaluator_unavailable(monkeypatch):
    def broken(g, *args):
        raise RuntimeError("FindnSaveBestMoves failed")

    with pytest.raises(EvaluatorUnavailable):
        evaluator._run(broken)


def test_a_gnubg_that_does_not_answer_in_time_is_unavailable(settings):
    release = threading.Event()
    settings.PRACTICE_EVALUATOR_TIMEOUT = 0.05
    with pytest.raises(EvaluatorUnavailable):
        evaluator._run(lambda g: release.wait(10))
    release.set()
    settings.PRACTICE_EVALUATOR_TIMEOUT = 10
    # The next call queues behind the slow one: once it answers, the worker is free for the next test.
    assert evaluator._run(lambda g: "free") == "free"


def test_a_missing_gnubg_module_is_unavailable(monkeypatch):
    def missing():
        raise ImportError("No module named 'gnubg'")

    monkeypatch.setattr(evaluator, "_gnubg", missing)
    with pytest.raises(EvaluatorUnavailable):
        analyse_plays(OPENING_31, plies=0)


def test_gnubg_is_not_imported_when_django_starts_and_loads_the_practice_app():
    code = (
        "import sys, django; django.setup();"
        "from django.urls import get_resolver; get_resolver().url_patterns;"
        "import tutor.practice.evaluator;"
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


def test_a_forked_child_starts_its_own_worker_and_never_uses_a_gnubg_loaded_before_the_fork():
    evaluator._run(lambda g: None)
    parent_executor = evaluator._state["executor"]
    child = os.fork()
    if child == 0:  # pragma: no cover - the child reports through its exit code
        try:
            fresh = evaluator._executor() is not parent_executor
            evaluator._run(lambda g: None)
        except EvaluatorUnavailable:
            os._exit(0 if fresh else 2)
        except BaseException:
            os._exit(3)
        os._exit(1)
    _, status = os.waitpid(child, 0)
    assert os.waitstatus_to_exitcode(status) == 0


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
