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
    """Run every call in its own thread (and database connection), released together; results or exceptions."""
    results = [None] * len(calls)
    start = threading.Barrier(len(calls))

    def run(index, call):
        try:
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
