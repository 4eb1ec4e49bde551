"""Pairing at the same moment: each seek starts exactly one game, and nobody plays two at once by accident.

Real threads, each with its own database connection, released together,
against PostgreSQL's row locks: under ``scripts/with-postgres`` (``make
test-postgres``, which ``.ci/run`` runs).  The suite's SQLite database lives
in memory, where threads lock whole tables and fail instead of waiting, so
there these tests are skipped and say so.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from tests.classroom_factories import make_user
from tests.lobby_factories import MATCH_TO_3, NOW, later
from tutor.lobby import service
from tutor.lobby.models import Seek
from tutor.play.models import LiveGame

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="pairing at once is tested on PostgreSQL: scripts/with-postgres"),
]


def at_once(calls) -> list:
    """Run every call in its own thread (and database connection), released together; results or exceptions.

    Each thread opens its connection before the others are released: the
    calls then meet inside the database, as requests reaching two processes do.
    """
    results = [None] * len(calls)
    start = threading.Barrier(len(calls))

    def run(index, call):
        try:
            connection.ensure_connection()
            start.wait()
            results[index] = call()
        except Exception as problem:  # noqa: BLE001 - the test reads it
            results[index] = problem
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(index, call)) for index, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


def test_two_players_accepting_the_same_seek_at_once_get_exactly_one_game():
    for round_number in range(4):
        creator, first, second = (make_user(f"{name}{round_number}") for name in ("ana", "bruno", "carla"))
        seek = service.play_now(creator, MATCH_TO_3, now=NOW).published
        results = at_once([lambda user=user, seek_pk=seek.pk: service.take(seek_pk, user, now=later(1)) for user in (first, second)])
        games = [result.game for result in results if isinstance(result, service.Outcome)]
        refused = [result for result in results if isinstance(result, service.LobbyError)]
        assert len(games) == 1 and len(refused) == 1, results
        assert refused[0].status == 409
        seek.refresh_from_db()
        assert seek.status == Seek.Status.TAKEN and seek.game == games[0] and seek.taker == games[0].black
    assert LiveGame.objects.count() == 4


def test_players_pressing_jugar_ya_at_once_meet_each_other_instead_of_all_waiting():
    players = [make_user(f"jugador{number}") for number in range(6)]
    results = at_once([lambda user=user: service.play_now(user, MATCH_TO_3, now=NOW) for user in players])
    assert not [result for result in results if isinstance(result, Exception)], results
    games = LiveGame.objects.all()
    assert games.count() == 3 and Seek.objects.filter(status=Seek.Status.OPEN).count() == 0
    seated = [pk for game in games for pk in (game.white_id, game.black_id)]
    assert sorted(seated) == sorted(player.pk for player in players)  # each player in exactly one game


def test_a_press_for_another_kind_of_game_never_waits_for_a_pairing_under_way(monkeypatch):
    """While one «Jugar ya» for a match to 3 is under way, a press for a match to 5 in the same room answers."""
    first, second = make_user("ana"), make_user("bruno")
    held, release = threading.Event(), threading.Event()
    publish = service._publish

    def publish_slowly(user, *args, **kwargs):
        if user == first:  # the match to 3 stops inside its transaction, its lock held
            held.set()
            release.wait(timeout=30)
        return publish(user, *args, **kwargs)

    monkeypatch.setattr(service, "_publish", publish_slowly)

    def press_for_a_match_to_5():
        held.wait(timeout=30)
        with connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = '2s'")  # waiting for the other press's lock would fail, not hang
        try:
            return service.play_now(second, service.Wish(length=5), now=NOW)
        finally:
            release.set()

    slow, pressed = at_once([lambda: service.play_now(first, MATCH_TO_3, now=NOW), press_for_a_match_to_5])
    assert isinstance(pressed, service.Outcome) and pressed.published is not None, pressed
    assert isinstance(slow, service.Outcome) and slow.published is not None, slow
