"""A timed game ends on time at its deadline with nobody there: one task per game in the clocks queue.

The live games' clock is moved by hand and the clocks queue is run at that
moment (``drain(queue=…, now=…)`` takes the tasks a worker would take
then), never slept.  On PostgreSQL too (``make test-postgres``).
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from tests.classroom_factories import make_user, signed_in
from tests.live_games import both_play
from tests.test_play_clocks import START, Clock, started
from tutor.engine import opponent
from tutor.lobby import listing
from tutor.lobby import service as lobby
from tutor.lobby.service import Wish
from tutor.play import clocks, flags, service
from tutor.play.models import LiveAction, LiveGame, Phase
from tutor.practice.background import drain
from tutor.ratings.models import Rating, RatingChange

pytestmark = pytest.mark.django_db

FULL = 12 + 240
"""A match to three: the delay and the whole reserve, in seconds."""


@pytest.fixture
def clock(monkeypatch, settings) -> Clock:
    settings.PRACTICE_DICE_SEED = 7
    monkeypatch.setattr(clocks, "clock", Clock())
    return clocks.clock


@pytest.fixture
def players():
    return make_user("ana"), make_user("bruno")


def decide(game: LiveGame, players) -> LiveGame:
    """The player the game waits for makes the next decision: roll, or the first legal play."""
    side = game.side_to_act()
    if game.phase == Phase.ROLL:
        return service.run(game.pk, players[side], "roll", seq=game.seq)
    return service.run(game.pk, players[side], "move", seq=game.seq, play=game.position.legal_plays()[0].notation)


def run_clocks(clock: Clock) -> int:
    """A clocks worker's run at the live games' present moment: how many tasks ran."""
    return drain(queue=flags.QUEUE, now=clock.now)


def waiting(game: LiveGame) -> list:
    """When the game's clock tasks that wait for a worker are due."""
    rows = DBTaskResult.objects.filter(queue_name=flags.QUEUE, status=TaskResultStatus.READY, args_kwargs__args=[game.pk])
    return list(rows.values_list("run_after", flat=True))


def test_a_rated_timed_match_whose_player_to_move_closed_everything_is_lost_on_time_by_the_clocks_queue(clock, players):
    ana, bruno = players
    wish = Wish(length=3, clock=True, rated=True)
    lobby.play_now(ana, wish, now=START)
    game = both_play(lobby.play_now(bruno, wish, now=START).game)  # the match is under way: out of time, it is lost
    late = game.side_to_act()
    assert game in listing.watchable_games()
    clock.wait(FULL - 1)
    assert run_clocks(clock) == 0
    clock.wait(1)
    assert run_clocks(clock) == 1
    game.refresh_from_db()
    assert game.phase == Phase.OVER and game.winner == opponent(late)
    assert game.score[opponent(late)] == 3 and game.score[late] == 0  # whoever runs out of time loses the match
    assert game.actions.get(kind=LiveAction.Kind.FLAG).side == late
    assert game not in listing.watchable_games() and waiting(game) == []
    changes = {change.user_id: change.won for change in RatingChange.objects.filter(game=game)}
    assert changes == {players[opponent(late)].pk: True, players[late].pk: False}
    winner, loser = players[opponent(late)], players[late]
    assert Rating.objects.get(user=winner).rating > 1500 > Rating.objects.get(user=loser).rating
    for player, rating in ((winner, "1517,32"), (loser, "1482,68")):
        profile = signed_in(player).get(f"/jugar/jugador/{player.username}/").content.decode()
        assert rating in profile and f"/jugar/{game.code}/revision/" in profile
    clock.wait(3600)
    assert run_clocks(clock) == 0


def test_a_decision_moves_the_one_waiting_task_to_the_new_deadline_so_the_old_one_flags_nothing(clock, players):
    game = started(players)
    assert waiting(game) == [START + timedelta(seconds=FULL)] == [game.clock_deadline]
    for _ in range(4):  # each decision a few seconds apart: the deadline moves later each time
        clock.wait(20)
        game = decide(game, players)
        assert waiting(game) == [game.clock_deadline]
    clock.now = START + timedelta(seconds=FULL + 1)  # the first deadline has passed
    assert run_clocks(clock) == 0
    game.refresh_from_db()
    assert game.phase != Phase.OVER and waiting(game) == [game.clock_deadline]


def test_a_deadline_moved_earlier_flags_at_the_earlier_one(clock, players):
    game = started(players)
    slow = game.side_to_act()
    clock.wait(12 + 200)  # two hundred seconds off the reserve: forty left
    game = decide(game, players)
    while game.side_to_act() != slow:  # the rival answers at once
        game = decide(game, players)
    assert game.clock_deadline == clock.now + timedelta(seconds=12 + 40)
    assert waiting(game) == [game.clock_deadline]
    clock.wait(12 + 40)
    assert run_clocks(clock) == 1
    game.refresh_from_db()
    assert game.phase == Phase.OVER and game.winner == opponent(slow)


def test_a_run_that_finds_the_time_not_yet_out_keeps_one_task_waiting_at_the_deadline(clock, players):
    game = started(players)
    claimed = DBTaskResult.objects.filter(queue_name=flags.QUEUE, status=TaskResultStatus.READY)
    assert claimed.update(status=TaskResultStatus.RUNNING) == 1  # a worker has just claimed the waiting run
    clock.wait(5)
    game = decide(game, players)  # the deadline moves meanwhile: nothing waits to move, so a run is queued
    assert waiting(game) == [game.clock_deadline]
    assert flags.flag_on_time.call(game.pk) is False  # the claimed run finds time left
    game.refresh_from_db()
    assert game.phase != Phase.OVER and waiting(game) == [game.clock_deadline]


def test_a_game_that_ends_otherwise_leaves_no_clock_task_waiting_and_an_untimed_game_never_has_one(clock, players):
    resigned, aborted, untimed = started(players), started(players), started(players, timed=False)
    assert waiting(resigned) and waiting(aborted) and waiting(untimed) == []
    service.run(resigned.pk, players[0], "resign", seq=resigned.seq)
    clock.wait(61)
    service.run(aborted.pk, players[opponent(aborted.side_to_act())], "abort", seq=aborted.seq)
    assert waiting(resigned) == waiting(aborted) == []
    assert not DBTaskResult.objects.filter(queue_name=flags.QUEUE).exists()
    clock.wait(3600)
    assert run_clocks(clock) == 0
    untimed.refresh_from_db()
    assert untimed.phase == Phase.MOVE


def test_each_timed_game_has_one_task_waiting_whatever_saves_it(clock, players):
    games = [started(players) for _ in range(3)]
    for game in games:
        game.save()  # a save that moves nothing
        service.run(game.pk, players[game.side_to_act()], "phrase", phrase="suerte")
        assert len(waiting(game)) == 1
    assert DBTaskResult.objects.filter(queue_name=flags.QUEUE, status=TaskResultStatus.READY).count() == 3
    clock.wait(FULL)
    assert run_clocks(clock) == 3
    assert all(game.phase == Phase.OVER for game in LiveGame.objects.all())


def test_after_a_migration_a_timed_game_whose_deadline_predates_the_clock_tasks_has_one(clock, players):
    game, over = started(players), started(players)
    service.run(over.pk, players[0], "resign", seq=over.seq)
    DBTaskResult.objects.filter(queue_name=flags.QUEUE).delete()  # as before the clocks queue existed
    flags.queue_missing(sender=None)
    assert waiting(game) == [game.clock_deadline] and waiting(over) == []
    flags.queue_missing(sender=None)
    assert len(waiting(game)) == 1


@pytest.mark.django_db(transaction=True)
def test_the_clock_task_tells_the_open_pages_of_the_game_it_ends(clock, players):
    from channels.db import database_sync_to_async

    from tests.test_play_consumer import receive, run_async, socket

    game = both_play(started(players))
    late = game.side_to_act()

    async def scenario():
        page = socket(game, players[opponent(late)])
        assert (await page.connect(timeout=20))[0]
        await receive(page)
        clock.wait(FULL)
        assert await database_sync_to_async(run_clocks)(clock) == 1
        told = await receive(page)
        await page.disconnect(timeout=20)
        return told

    told = run_async(scenario)()
    assert told["phase"] == Phase.OVER and "pierde por tiempo" in told["html"]
