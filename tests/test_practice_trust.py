"""Grades a player can trust and a cube that behaves: same-depth grading, dead cubes,
double submissions, a new match after the last game, and every no-double graded."""

from __future__ import annotations

import threading

import pytest
from django.core.cache import cache
from django.db import connection

from tutor.engine import BLACK, WHITE, Position
from tutor.games.cube_policy import cube_alive, may_double
from tutor.rules import CUBE_REFUSALS
from tutor.practice import evaluator, game
from tutor.practice.events import Recorder
from tutor.practice.grading import colour_for
from tutor.practice.models import COMPUTER, LEARNER, Action, Phase, PracticeMatch

from .practice_flow import settle
from .test_practice_game import a_legal_play, start, to_my_move

ISSUE_XGID = "XGID=-BCABbE-----------a--Bbgc-:0:0:-1:44:0:0:0:0:10"
"""Four legal plays; a move filter used to leave «20/12(2)» with a shallower score."""


@pytest.fixture(autouse=True)
def fresh_rate_limits():
    cache.clear()  # requests of earlier tests count against the same limits


@pytest.fixture
def quick(settings):
    settings.PRACTICE_GRADING_PLIES = 0
    settings.PRACTICE_DICE_SEED = 1


# -- 1. same depth -----------------------------------------------------------------


def test_a_play_the_move_filter_drops_is_graded_at_the_depth_of_the_best():
    position = Position.from_xgid(ISSUE_XGID)
    play = position.check("20/12(2)").play
    graded = evaluator.grade_play(position, play, plies=2)
    reference = evaluator.full_width_plays(position, 2)
    assert graded.find(play).plies == graded.best.plies == graded.plies == 2
    assert graded.loss(play) == pytest.approx(reference.loss(play), abs=1e-6)
    assert graded.loss(play) < 0.03 and colour_for(graded.loss(play)) == "verde"
    assert graded.best.play.result == reference.best.play.result


def test_every_play_of_the_issue_s_position_gets_the_reference_colour_at_one_depth():
    position = Position.from_xgid(ISSUE_XGID)
    reference = evaluator.full_width_plays(position, 2)
    for play in position.legal_plays():
        graded = evaluator.grade_play(position, play, plies=2)
        assert graded.find(play).plies == graded.best.plies == graded.plies
        assert colour_for(graded.loss(play)) == colour_for(reference.loss(play)), play.notation
        if graded.plies == 2:
            assert graded.loss(play) == pytest.approx(reference.loss(play), abs=1e-6), play.notation
        else:  # so far behind that a shallower look is enough
            assert graded.loss(play) > 0.12 + 0.1


def test_a_loss_between_two_depths_is_refused_rather_than_computed():
    position = Position.from_xgid(ISSUE_XGID)
    analysis = evaluator.analyse_plays(position, plies=2)
    shallow = [entry for entry in analysis.ranked if entry.plies is None]
    assert shallow, "gnubg's filter drops some plays of this position"
    with pytest.raises(ValueError):
        analysis.loss(shallow[0].play)


# -- 2. dead cube --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("length", "score", "cube", "alive"),
    [
        (3, (0, 0), 1, True),
        (3, (0, 0), 2, True),
        (3, (0, 0), 4, False),
        (5, (3, 0), 2, False),  # the leader needs 2: a cube of 2 already wins the match
        (5, (0, 3), 2, True),  # the trailer still gains from doubling
        (7, (4, 4), 2, True),
        (7, (5, 2), 1, True),
        (7, (5, 2), 2, False),
        (0, (0, 0), 16, True),  # money: never dead
    ],
)
def test_the_cube_is_dead_once_it_covers_what_the_side_on_roll_needs(length, score, cube, alive):
    position = Position.initial(match_length=length, score=score, cube_value=cube, cube_owner=None if cube == 1 else WHITE)
    assert cube_alive(position) is alive
    if cube > 1:
        assert may_double(position) is alive


@pytest.mark.django_db
def test_the_learner_is_not_offered_a_dead_cube_and_a_forced_request_is_refused(client, quick):
    match = start(client, length=3)
    dead = Position.initial(match_length=3, cube_value=4, cube_owner=LEARNER).replace(turn=LEARNER)
    PracticeMatch.objects.filter(pk=match.pk).update(xgid=dead.to_xgid(), phase=Phase.ROLL)
    page = client.get(f"/practica/{match.pk}/").content.decode()
    assert "data-action-double" not in page and "el cubo pasa a 8" not in page
    match.refresh_from_db()
    response = client.post(f"/practica/{match.pk}/doblar/", {"seq": match.seq})
    assert response.status_code == 409
    assert CUBE_REFUSALS["dead-cube"] in response.content.decode()
    assert "data-cube-note" in page
    assert not match.actions.filter(kind=Action.Kind.DOUBLE, side=LEARNER).exists()


@pytest.mark.django_db
def test_the_computer_never_redoubles_a_dead_cube_even_when_far_ahead(client, quick):
    match = start(client, length=3)
    # The computer owns a cube of 4 at 0-0 to 3 and is about to bear off its last checkers.
    winning = Position.from_layout({13: 15}, {24: 1, 23: 1}, turn=BLACK, match_length=3, cube_value=4, cube_owner=BLACK)
    match.xgid, match.phase = winning.to_xgid(), Phase.THINKING
    game.program_decides(match, game.Turn())
    assert not match.actions.filter(kind=Action.Kind.DOUBLE).exists()
    assert match.actions.filter(kind=Action.Kind.MOVE, side=COMPUTER).exists()


def test_rounding_noise_is_no_reason_to_double_or_to_pass():
    noise = evaluator.CubeAnalysis(no_double=0.5, double_take=0.5000001, double_pass=1.0, plies=2)
    assert not noise.should_double
    tie = evaluator.CubeAnalysis(no_double=0.5, double_take=1.0000001, double_pass=1.0, plies=2)
    assert tie.should_take


@pytest.mark.django_db
def test_the_score_never_reads_above_the_match_length(client, quick):
    match = start(client, length=3)
    Action.objects.create(
        match=match, number=999, game_number=1, side=COMPUTER, kind=Action.Kind.RESULT, xgid=match.xgid, points=128
    )
    PracticeMatch.objects.filter(pk=match.pk).update(phase=Phase.MATCH_OVER)
    assert match.score == (0, 3)
    page = client.get(f"/practica/{match.pk}/").content.decode()
    assert "Programa 3 (match a 3)" in page and "128" not in page


# -- 3. a play submitted twice -------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_two_concurrent_submissions_of_the_same_play_apply_it_once(client, quick, monkeypatch):
    match = start(client, length=0)
    to_my_move(client, match)
    match.refresh_from_db()
    play = a_legal_play(match.position)
    url = f"/practica/{match.pk}/jugar/?seq={match.seq}"
    cookies = client.cookies
    both_read = threading.Barrier(2, timeout=30)
    one_at_a_time = threading.Lock()  # what the database's write lock does on every backend
    real_decide = game.decide

    def decide_after_both_read(*args):
        both_read.wait()  # both requests passed the seq check made before the lock
        with one_at_a_time:
            return real_decide(*args)

    monkeypatch.setattr(game, "decide", decide_after_both_read)
    statuses, refusals = [], []

    def submit():
        from django.test import Client

        other = Client()
        other.cookies = cookies
        try:
            response = other.post(url, {"play": play})
            statuses.append(response.status_code)
            if response.status_code == 409:
                refusals.append(response.content.decode())
        finally:
            connection.close()

    threads = [threading.Thread(target=submit) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [302, 409]
    assert "ha cambiado desde que cargaste la página" in refusals[0]  # refused for its seq, not its phase
    assert match.actions.filter(side=LEARNER, kind=Action.Kind.MOVE, xgid=match.xgid).count() == 1


@pytest.mark.django_db
def test_a_stale_seq_changes_nothing(client, quick):
    match = start(client, length=0)
    to_my_move(client, match)
    match.refresh_from_db()
    before = match.actions.count()
    response = client.post(f"/practica/{match.pk}/jugar/?seq={match.seq - 1}", {"play": a_legal_play(match.position)})
    assert response.status_code == 409
    assert match.actions.count() == before
    assert PracticeMatch.objects.get(pk=match.pk).seq == match.seq


# -- 6. after the match ------------------------------------------------------------------


@pytest.mark.django_db
def test_after_the_last_game_another_match_starts_with_the_same_settings(client, quick):
    match = start(client, length=3, level="experto")
    PracticeMatch.objects.filter(pk=match.pk).update(phase=Phase.MATCH_OVER)
    match.refresh_from_db()
    page = client.get(f"/practica/{match.pk}/").content.decode()
    assert "Jugar otro match" in page and "aún no ha terminado" not in page
    response = client.post(f"/practica/{match.pk}/siguiente/", {"seq": match.seq})
    assert response.status_code == 302
    fresh = PracticeMatch.objects.exclude(pk=match.pk).get()
    assert response["Location"] == f"/practica/{fresh.pk}/"
    assert (fresh.length, fresh.level, fresh.game_number) == (3, "experto", 1)
    assert client.get(response["Location"]).status_code == 200
    assert PracticeMatch.objects.get(pk=match.pk).phase == Phase.MATCH_OVER


# -- 7. every no-double graded ------------------------------------------------------------


@pytest.mark.django_db
def test_rolling_in_a_clearly_non_doubling_position_is_graded_no_double_correct(client, quick):
    match = start(client, length=0)
    opening = Position.initial().replace(turn=LEARNER)
    PracticeMatch.objects.filter(pk=match.pk).update(xgid=opening.to_xgid(), phase=Phase.ROLL)
    match.refresh_from_db()
    assert client.post(f"/practica/{match.pk}/tirar/", {"seq": match.seq}).status_code == 302
    settle(client, match)  # the no-double's light comes after the roll
    graded = match.actions.get(kind=Action.Kind.NO_DOUBLE)
    assert (graded.colour, graded.loss, graded.best) == ("verde", 0.0, "No doblar")
    page = client.get(f"/practica/{match.pk}/").content.decode()
    assert "no dobla: correcto" in page


@pytest.mark.django_db
def test_a_missed_cash_in_a_race_is_graded_like_any_cube_error(client, settings):
    settings.PRACTICE_GRADING_PLIES = 2
    settings.PRACTICE_DICE_SEED = 1
    match = start(client, length=0)
    # White bears off both checkers unless it rolls 2-1, 3-1, 3-2 or 1-1 (29 rolls in 36 win);
    # Black is off next roll.  Not doubling keeps 2 * 29/36 - 1; doubling cashes 1.
    cash = Position.from_layout({4: 1, 1: 1}, {24: 1}, turn=LEARNER)
    PracticeMatch.objects.filter(pk=match.pk).update(xgid=cash.to_xgid(), phase=Phase.ROLL)
    match.refresh_from_db()
    assert client.post(f"/practica/{match.pk}/tirar/", {"seq": match.seq}).status_code == 302
    settle(client, match)  # the no-double's light comes after the roll
    graded = match.actions.get(kind=Action.Kind.NO_DOUBLE)
    assert graded.best == "Doblar"
    assert graded.loss == pytest.approx(1 - (2 * 29 / 36 - 1), abs=0.01)
    assert graded.colour == "rojo"


# -- typed events -----------------------------------------------------------------------


def test_events_keep_their_stored_form_and_read_back_as_the_same_events():
    from tutor.practice import events

    recorder = Recorder()
    recorder.add(events.Opening(throws=[[3, 3], [5, 2]], starter=LEARNER))
    recorder.add(events.Moved(side=COMPUTER, dice=[6, 4], play="24/18 13/9", frames=[{"xgid": "X", "move": "24/18"}]))
    recorder.add(events.Finished(side=LEARNER, points=2, result="gammon", match_over=False))
    stored = recorder.as_json()
    assert stored[1] == {"kind": "move", "side": COMPUTER, "dice": [6, 4], "play": "24/18 13/9", "frames": [{"xgid": "X", "move": "24/18"}]}
    assert [events.decode(item) for item in stored] == recorder.events
    assert events.decode({"kind": "unknown"}) is None and events.decode({"kind": "move", "side": 1}) is None
