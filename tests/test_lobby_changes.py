"""A lobby page gets the changes to its list of seeks together, and never a seek already gone (``lobby.changes``)."""

from __future__ import annotations

import pytest

from tests.test_lobby_consumer import MATCH_TO_3, enter, leave, lobby, receive, send
from tests.test_play_consumer import run_async
from tutor.lobby.changes import SeekChanges
from tutor.lobby.models import Seek

# -- what one page is sent ------------------------------------------------------------------------


def test_changes_of_a_moment_go_in_one_message_and_the_page_then_shows_them():
    shown = {1}
    changes = SeekChanges(shown)
    changes.add(2, "<li>2</li>")
    changes.remove(1)
    changes.add(3, "<li>3</li>")
    assert changes.message() == {"type": "seeks", "removed": [1],
                                 "added": [{"id": 2, "html": "<li>2</li>"}, {"id": 3, "html": "<li>3</li>"}]}
    assert shown == {2, 3}
    assert not changes and changes.message() is None


def test_a_seek_published_and_closed_in_the_same_moment_is_never_sent():
    changes = SeekChanges(set())
    changes.add(7, "<li>7</li>")
    changes.remove(7)
    assert changes.message() is None


def test_a_seek_the_page_never_showed_is_not_removed_from_it():
    changes = SeekChanges({1})
    changes.remove(9)  # published in a room this page does not see, or for players of another rating
    assert changes.message() is None


# -- over the socket ----------------------------------------------------------------------------


@pytest.fixture
def gathering(settings):
    """A window wide enough for a busy machine, and no list of games to watch meanwhile."""
    settings.LOBBY_BATCH_SECONDS = 3
    settings.LOBBY_TICK_SECONDS = 60


async def two_presses(people, second_wish: dict, watch):
    """Ana presses «Jugar ya» for a match to 3, then Bruno with ``second_wish``, while Carla's page
    is open: Bruno's answer, and what ``watch`` saw on Carla's page."""
    ana, bruno, carla = people
    first, second, watcher = lobby(ana), lobby(bruno), lobby(carla)
    await enter(first, second, watcher)
    await send(first, MATCH_TO_3)
    answer = await send(second, second_wish)
    seen = await watch(watcher)
    await leave(first, second, watcher)
    return answer, seen


@pytest.mark.django_db(transaction=True)
def test_a_watcher_is_sent_two_new_seeks_in_one_message(gathering, people):
    _, seen = run_async(two_presses)(people, {**MATCH_TO_3, "length": "5"}, receive)
    ids = [seek.pk for seek in Seek.objects.order_by("pk")]
    assert seen["type"] == "seeks" and seen["removed"] == [] and [row["id"] for row in seen["added"]] == ids


@pytest.mark.django_db(transaction=True)
def test_a_seek_taken_within_the_moment_never_reaches_the_other_pages(gathering, people):
    # «Jugar ya» with the same settings takes Ana's seek
    paired, quiet = run_async(two_presses)(people, MATCH_TO_3, lambda watcher: watcher.receive_nothing(timeout=5))
    assert paired["type"] == "paired" and Seek.objects.get().status == Seek.Status.TAKEN
    assert quiet
