"""The reviews' queue is fair: people take turns, oldest first, and a review page says where its game waits.

Tasks are queued the way the site queues them (``people`` named), and the
queue is read and run at known moments (``waiting_in_order``, ``drain``):
the order workers take, the cap of one running review per person while
others wait, and the sentence on the review page and its socket as the
game moves up.  A practice review of a match that no longer exists grades
nothing, which makes it a cheap task for someone else's place in the queue.
"""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async

from tests.classroom_factories import make_user, signed_in
from tests.live_review import played
from tests.test_play_review_socket import in_a_thread, news, review_socket
from tutor.play.tasks import progress
from tutor.practice.background import QUEUE, drain
from tutor.practice.fair_queue import claim_next, waiting_in_order
from tutor.practice.recovery import lease_end
from tutor.practice.tasks import review_practice_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("live_dice")]

NOBODY_S_MATCH = 10_000


def finished_practice_game(person: str, number: int) -> None:
    """A practice game of ``person`` ended: its review waits (for a match that is gone: it grades nothing)."""
    review_practice_game.enqueue(NOBODY_S_MATCH, number, people=[person])


def whose(rows) -> list[str]:
    return [f"{row.args_kwargs['kwargs']['people'][0]}{row.args_kwargs['args'][1]}" for row in rows]


def test_one_person_s_many_games_wait_behind_everyone_else_s_first_oldest_first():
    for number in (1, 2, 3):
        finished_practice_game("ana", number)
    finished_practice_game("bruno", 1)
    finished_practice_game("carla", 1)
    finished_practice_game("bruno", 2)
    assert whose(waiting_in_order([QUEUE])) == ["ana1", "bruno1", "carla1", "ana2", "bruno2", "ana3"]


def test_a_person_with_a_review_running_waits_for_everyone_else_s_first():
    finished_practice_game("ana", 1)
    finished_practice_game("ana", 2)
    finished_practice_game("bruno", 1)
    first = claim_next([QUEUE], "trabajador", lease_until=lease_end())
    assert whose([first]) == ["ana1"]
    assert whose(waiting_in_order([QUEUE])) == ["bruno1", "ana2"]  # ana holds a worker: bruno goes first
    assert whose([claim_next([QUEUE], "otro", lease_until=lease_end())]) == ["bruno1"]
    assert whose([claim_next([QUEUE], "otro", lease_until=lease_end())]) == ["ana2"]  # nobody else waits: ana again


def test_a_person_just_served_goes_behind_everyone_who_waited_since_however_early_their_next_game_was_queued():
    for number in (1, 2, 3):
        finished_practice_game("ana", number)
    finished_practice_game("bruno", 1)
    finished_practice_game("carla", 1)
    assert drain(limit=1) == 1  # ana's first
    assert whose(waiting_in_order([QUEUE])) == ["bruno1", "carla1", "ana2", "ana3"]
    assert drain(limit=2) == 2
    assert whose(waiting_in_order([QUEUE])) == ["ana2", "ana3"]


def test_a_live_game_s_review_takes_the_turn_of_the_player_who_waited_least():
    for number in (1, 2):
        finished_practice_game("u0", number)
    game = played(make_user("ana"), make_user("bruno"))  # both players' first review
    finished_practice_game("carla", 1)
    assert progress(game).position == 2  # after u0's first, before u0's second
    assert [row.args_kwargs["args"][0] for row in waiting_in_order([QUEUE])][:3] == [NOBODY_S_MATCH, game.pk, NOBODY_S_MATCH]


def test_the_review_page_says_where_the_game_waits_and_nothing_once_it_runs():
    for number in (1, 2, 3):
        finished_practice_game("carla", number)
    finished_practice_game("david", 1)
    game = played(make_user("ana"), make_user("bruno"))
    page = signed_in(game.white).get(game.get_review_url()).content.decode()
    assert "Tu revisión es la 3.ª en la cola." in page  # after carla's first and david's
    assert drain(limit=2) == 2
    page = signed_in(game.black).get(game.get_review_url()).content.decode()
    assert "Tu revisión es la siguiente en la cola." in page
    assert drain(limit=1) == 1
    page = signed_in(game.black).get(game.get_review_url()).content.decode()
    assert "en la cola" not in page and "está revisando" not in page


@pytest.mark.django_db(transaction=True)
def test_the_review_socket_tells_the_game_s_new_place_as_the_queue_moves(settings):
    settings.REVIEW_POLL_SECONDS = 0.2
    finished_practice_game("carla", 1)
    ana, bruno = make_user("ana"), make_user("bruno")
    game = played(ana, bruno)

    async def scenario():
        communicator = review_socket(game, bruno)
        connected, _ = await communicator.connect()
        assert connected
        first = await news(communicator)
        assert first["position"] == 2 and first["queue"] == "Tu revisión es la 2.ª en la cola."
        await sync_to_async(drain)(1)  # carla's review: the game moves up, and the page hears it
        moved = await news(communicator)
        assert moved["position"] == 1 and moved["queue"] == "Tu revisión es la siguiente en la cola."
        await communicator.disconnect()

    in_a_thread(scenario)
