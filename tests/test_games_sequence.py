"""One staleness token for every game: practice matches and live games both keep ``seq``, claim it the
same way and refuse a late action with the same sentence."""

from __future__ import annotations

import pytest

from tests.classroom_factories import make_user
from tutor.games.errors import GameError
from tutor.games.sequence import Sequenced, claim, moved_on, sent_seq
from tutor.play import service
from tutor.play.models import LiveGame
from tutor.practice import views as practice_views
from tutor.practice.game import StaleMatch, decide, start_match
from tutor.practice.models import PracticeMatch
from tutor.rules import STALE


def test_both_kinds_of_game_keep_the_one_token_and_no_other():
    for model in (PracticeMatch, LiveGame):
        assert issubclass(model, Sequenced)
        names = {field.name for field in model._meta.get_fields()}
        assert "seq" in names and "version" not in names


@pytest.mark.parametrize("sent, read", [("0", 0), ("17", 17), (5, 5), ("", None), (None, None), ("-1", None),
                                        ("1e3", None), ("٣", None), (True, None), (-2, None), ("9" * 11, None)])
def test_the_token_a_request_names_is_a_plain_non_negative_number(sent, read):
    assert sent_seq(sent) == read


@pytest.mark.django_db
def test_of_two_requests_naming_the_same_seq_only_the_first_goes_on():
    match = start_match(length=3, level="experto")
    first = match.seq
    assert claim(PracticeMatch, match.pk, first)
    assert not claim(PracticeMatch, match.pk, first)
    assert not claim(PracticeMatch, match.pk, None)
    assert PracticeMatch.objects.get(pk=match.pk).seq == first + 1
    moved_on(match)
    assert match.seq == first + 1


@pytest.mark.django_db
def test_a_late_action_is_refused_with_one_sentence_in_practice_and_live_games():
    match = start_match(length=3, level="experto")
    with pytest.raises(StaleMatch):
        decide(match.pk, match.seq + 1, lambda current: None)
    assert practice_views.STALE is STALE  # what the practice page says when ``StaleMatch`` is raised
    players = make_user("ana"), make_user("bruno")
    game = service.create_game(players[0])
    service.join(game, players[1])
    with pytest.raises(GameError) as refused:
        service.run(game.pk, players[game.side_to_act()], "roll", seq=game.seq + 1)
    assert refused.value.message == STALE and refused.value.status == 409
