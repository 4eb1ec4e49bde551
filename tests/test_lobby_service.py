"""Seeks and pairing in the lobby, with the clock injected: nothing here sleeps."""

from __future__ import annotations

import pytest

from tests.classroom_factories import make_classroom, make_user
from tests.lobby_factories import MATCH_TO_3, NOW, later, make_young, rate
from tutor.lobby import service
from tutor.lobby.models import Block, Seek, room_key
from tutor.lobby.rooms import MINE, TAKE, VIEW, Card, Viewer, blocks_between, playing_in
from tutor.lobby.service import LobbyError, Wish
from tutor.play.models import Phase
from tutor.ratings.models import RatedMatch

pytestmark = pytest.mark.django_db
Status = Seek.Status


@pytest.fixture
def carla():
    return make_user("carla")


def test_jugar_ya_publishes_a_seek_when_nobody_waits_and_the_next_player_asking_the_same_takes_it(ana, bruno):
    first = service.play_now(ana, MATCH_TO_3, now=NOW)
    assert first.game is None and first.published.status == Status.OPEN
    assert first.published.expires_at > NOW and first.published.creator_rating == 1500

    second = service.play_now(bruno, MATCH_TO_3, now=later(5))
    game = second.game
    assert (game.white, game.black, game.length, game.public, game.phase) == (ana, bruno, 3, True, Phase.MOVE)
    seek = Seek.objects.get(pk=first.published.pk)
    assert (seek.status, seek.taker, seek.game) == (Status.TAKEN, bruno, game)
    assert second.taken == seek and [card.id for card in second.closed] == [seek.pk]
    assert RatedMatch.objects.filter(game=game).exists()


def test_only_a_seek_with_exactly_the_same_settings_is_taken_and_the_oldest_first(ana, bruno, carla):
    money = service.play_now(ana, Wish(length=0, rated=False), now=NOW).published
    clocked = service.play_now(bruno, Wish(length=3, clock=True), now=later(1)).published
    dave = make_user("dave")
    older = service.play_now(carla, MATCH_TO_3, now=later(2)).published
    service.play_now(dave, MATCH_TO_3, now=later(3))  # takes Carla's: not the money game, not the clocked match
    assert Seek.objects.get(pk=older.pk).status == Status.TAKEN
    assert Seek.objects.get(pk=money.pk).status == Seek.objects.get(pk=clocked.pk).status == Status.OPEN
    assert Seek.objects.get(pk=older.pk).game.black == dave


def test_a_rating_range_keeps_players_outside_it_from_seeing_or_taking_the_seek(ana, bruno, carla):
    rate(ana, 1500)
    rate(bruno, 1720)
    rate(carla, 1560)
    seek = service.play_now(ana, Wish(length=5, spread=100), now=NOW).published
    assert (seek.min_rating, seek.max_rating) == (1400, 1600)
    assert Viewer.of(bruno).shows(Card.of(seek)) is None
    with pytest.raises(LobbyError) as refused:
        service.take(seek.pk, bruno, now=later(1))
    assert refused.value.status == 409 and "puntuación" in refused.value.message
    assert service.play_now(bruno, Wish(length=5), now=later(2)).game is None  # «Jugar ya» passes it over
    assert Viewer.of(carla).shows(Card.of(seek)) == TAKE
    assert service.take(seek.pk, carla, now=later(3)).game.black == carla


def test_jugar_ya_with_a_range_takes_only_seeks_of_players_inside_it(ana, bruno):
    rate(ana, 1900)
    rate(bruno, 1500)
    service.play_now(ana, Wish(length=7), now=NOW)
    assert service.play_now(bruno, Wish(length=7, spread=200), now=later(1)).game is None
    assert service.play_now(make_user("carla"), Wish(length=7), now=later(2)).game is not None


def test_blocked_players_never_meet_and_do_not_see_each_other_s_seeks(ana, bruno):
    seek = service.play_now(ana, MATCH_TO_3, now=NOW).published
    Block.objects.create(blocker=bruno, blocked=ana)
    assert Viewer.of(ana).shows(Card.of(seek)) == MINE
    assert Viewer.of(bruno).shows(Card.of(seek)) is None
    assert service.play_now(bruno, MATCH_TO_3, now=later(1)).game is None
    with pytest.raises(LobbyError):
        service.take(seek.pk, bruno, now=later(2))
    assert Seek.objects.filter(status=Status.OPEN).count() == 2  # both wait, never together


def test_a_player_has_one_open_seek_cannot_take_it_and_can_withdraw_it(ana):
    first = service.play_now(ana, MATCH_TO_3, now=NOW).published
    second = service.play_now(ana, Wish(length=5), now=later(1))
    assert [card.id for card in second.closed] == [first.pk]
    assert Seek.objects.get(pk=first.pk).status == Status.WITHDRAWN
    with pytest.raises(LobbyError) as refused:
        service.take(second.published.pk, ana, now=later(2))
    assert refused.value.message == service.OWN
    withdrawn = service.withdraw(ana, now=later(3))
    assert [card.id for card in withdrawn.closed] == [second.published.pk]
    assert not Seek.objects.filter(status=Status.OPEN).exists()


def test_taking_a_seek_withdraws_the_taker_s_own_seek(ana, bruno):
    theirs = service.play_now(ana, Wish(length=0, rated=False), now=NOW).published
    mine = service.play_now(bruno, MATCH_TO_3, now=later(1)).published
    outcome = service.take(theirs.pk, bruno, now=later(2))
    assert outcome.game.length == 0 and not RatedMatch.objects.filter(game=outcome.game).exists()
    assert {card.id for card in outcome.closed} == {theirs.pk, mine.pk}
    assert Seek.objects.get(pk=mine.pk).status == Status.WITHDRAWN


def test_a_taken_seek_refuses_a_second_taker(ana, bruno, carla):
    seek = service.play_now(ana, MATCH_TO_3, now=NOW).published
    service.take(seek.pk, bruno, now=later(1))
    with pytest.raises(LobbyError) as refused:
        service.take(seek.pk, carla, now=later(2))
    assert refused.value.status == 409 and refused.value.message == service.GONE


def test_a_seek_lives_while_its_creator_is_in_the_lobby_and_goes_after_the_grace_for_a_reload(ana, bruno, settings):
    settings.LOBBY_LEASE_SECONDS = 12
    seek = service.play_now(ana, MATCH_TO_3, now=NOW).published
    assert service.keep([ana.pk], now=later(10)) == []  # her page is open: renewed until 22 s
    assert service.keep([], now=later(20)) == []  # she left at 10 s: the grace runs until 22 s
    service.renew(ana, now=later(21))  # a reload within the grace keeps it
    assert service.keep([], now=later(30)) == []
    gone = service.keep([], now=later(34))
    assert [card.id for card in gone] == [seek.pk]
    assert Seek.objects.get(pk=seek.pk).status == Status.GONE
    assert service.keep([], now=later(40)) == []  # closed once
    with pytest.raises(LobbyError):
        service.take(seek.pk, bruno, now=later(35))


def test_an_expired_seek_is_not_taken_even_before_a_process_closes_it(ana, bruno):
    seek = service.play_now(ana, MATCH_TO_3, now=NOW).published
    assert service.play_now(bruno, MATCH_TO_3, now=later(60)).game is None
    assert Seek.objects.get(pk=seek.pk).status == Status.OPEN  # the keeper closes it on its next round
    assert [card.id for card in service.keep([], now=later(61))] == [seek.pk]


def test_a_seek_taken_just_before_its_lease_ran_out_stays_taken(ana, bruno):
    seek = service.play_now(ana, MATCH_TO_3, now=NOW).published
    service.take(seek.pk, bruno, now=later(11))
    assert service.keep([], now=later(60)) == []
    assert Seek.objects.get(pk=seek.pk).status == Status.TAKEN


def test_accounts_a_teacher_created_play_only_in_their_class_s_room_where_nothing_is_rated():
    teacher = make_user("profe", teacher=True)
    lucia, mateo = make_young("lucia", teacher), make_young("mateo", teacher)
    classroom = make_classroom(teacher, students=[lucia, mateo])
    room = f"class-{classroom.pk}"
    assert [(r.key, r.plays) for r in Viewer.of(lucia).rooms] == [(room, True)]
    with pytest.raises(LobbyError) as refused:
        service.play_now(lucia, MATCH_TO_3, now=NOW)
    assert refused.value.status == 403
    with pytest.raises(LobbyError):
        Wish(length=3, rated=True, classroom_id=classroom.pk)
    seek = service.play_now(lucia, Wish(length=3, rated=False, classroom_id=classroom.pk), now=NOW).published
    assert Viewer.of(teacher).shows(Card.of(seek)) == VIEW
    assert Viewer.of(make_user("extrana")).shows(Card.of(seek)) is None
    game = service.play_now(mateo, Wish(length=3, rated=False, classroom_id=classroom.pk), now=later(1)).game
    assert game.classroom == classroom and not game.public and not RatedMatch.objects.filter(game=game).exists()


def test_the_one_query_answers_about_rooms_and_blocks_agree_with_the_viewer(ana, bruno):
    """``playing_in`` and ``blocks_between`` (the end of a match asks them) say what ``Viewer.of`` says."""
    from django.contrib.auth.models import AnonymousUser

    teacher = make_user("profe", teacher=True)
    lucia = make_young("lucia", teacher)
    classroom = make_classroom(teacher, students=[lucia, bruno])
    other = make_classroom(make_user("otra", teacher=True), name="3.º A")
    Block.objects.create(blocker=bruno, blocked=ana)
    everyone = [ana, bruno, lucia, teacher]
    for classroom_id in (None, classroom.pk, other.pk):
        assert playing_in([user.pk for user in everyone], classroom_id) == {
            user.pk for user in everyone if room_key(classroom_id) in Viewer.of(user).playing_keys}, classroom_id
        assert playing_in([None], classroom_id) == set()  # someone signed out plays nowhere
    for user in (*everyone, AnonymousUser()):
        viewer = Viewer.of(user)
        for rival in (ana, bruno, lucia):
            assert blocks_between(user, rival.pk) == (rival.pk in viewer.blocked), (user, rival)


def test_a_lobby_socket_s_viewer_reads_the_rating_and_blocks_again_before_each_decision(ana, bruno, carla):
    bruno_sees = Viewer.of(bruno)  # his lobby socket opened before anyone blocked anyone
    assert not bruno_sees.entered
    rate(bruno, 1700)
    waiting = service.play_now(ana, MATCH_TO_3, now=NOW).published
    Block.objects.create(blocker=ana, blocked=bruno)  # from another tab, while his socket stays open
    after = bruno_sees.refreshed(bruno)
    assert (after.rating, after.entered, after.blocked, after.rooms) == (1700, True, {ana.pk}, bruno_sees.rooms)
    outcome = service.play_now(bruno, MATCH_TO_3, now=later(1), viewer=after)
    assert outcome.game is None and outcome.published is not None  # he waits: he never gets her seek
    assert Seek.objects.get(pk=waiting.pk).status == Seek.Status.OPEN
    assert service.play_now(carla, MATCH_TO_3, now=later(2)).taken == waiting  # anyone else still may


def test_money_games_are_never_rated_and_a_visitor_only_watches_the_public_room(ana):
    with pytest.raises(LobbyError):
        Wish(length=0, rated=True)
    from django.contrib.auth.models import AnonymousUser

    seek = service.play_now(ana, MATCH_TO_3, now=NOW).published
    visitor = Viewer.of(AnonymousUser())
    assert not visitor.plays and visitor.shows(Card.of(seek)) == VIEW
    with pytest.raises(LobbyError) as refused:
        service.play_now(AnonymousUser(), MATCH_TO_3, now=NOW)
    assert refused.value.status == 403


def test_the_list_shows_each_viewer_the_seeks_they_may_take_and_their_own(ana, bruno, carla):
    rate(carla, 1900)
    mine = service.play_now(ana, Wish(length=3, spread=100), now=NOW).published
    other = service.play_now(bruno, Wish(length=5), now=later(1)).published
    assert [seek.pk for seek in service.listed(Viewer.of(ana), now=later(2))] == [mine.pk, other.pk]
    assert [seek.pk for seek in service.listed(Viewer.of(carla), now=later(2))] == [other.pk]
    assert service.listed(Viewer.of(carla), now=later(60)) == []
    assert service.waiting(ana, now=later(2)) == mine
