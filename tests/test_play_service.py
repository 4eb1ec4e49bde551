"""The live game service: every decision refereed by the engine and stored, state rebuilt from the database."""

from __future__ import annotations

import importlib
from datetime import timedelta

import pytest
from django.apps import apps as django_apps
from django.utils import timezone

from tests.classroom_factories import make_user
from tests.live_games import both_play
from tutor.engine import BLACK, WHITE, Position
from tutor.play import service, turns
from tutor.play.panels import render_player_panels
from tutor.play.models import RECENT_TOLD, TOLD_FIELDS, LiveAction, LiveGame, Phase, RefusedPlay
from tutor.games.errors import GameError, IllegalPlay

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def seeded_dice(settings):
    settings.PRACTICE_DICE_SEED = 7


@pytest.fixture
def players():
    return make_user("ana"), make_user("bruno")


def started(players, **options) -> LiveGame:
    white, black = players
    game = service.create_game(white, **options)
    service.join(game, black)
    return game


def mover_of(game, players):
    return players[game.side_to_act()]


def first_legal(game) -> str:
    return game.position.legal_plays()[0].notation


def test_joining_starts_the_first_game_with_the_opening_roll_by_the_rules(players):
    game = started(players, length=5)
    opening = game.actions.get(kind=LiveAction.Kind.OPENING)
    white_die, black_die = opening.dice[-1]
    assert white_die != black_die
    assert all(w == b for w, b in opening.dice[:-1])
    assert game.phase == Phase.MOVE
    assert game.position.turn == (WHITE if white_die > black_die else BLACK)
    assert sorted(game.position.dice) == sorted((white_die, black_die))
    assert game.position.match_length == 5


def test_a_legal_play_is_stored_and_the_turn_passes_to_the_rival(players):
    game = started(players)
    mover = mover_of(game, players)
    text = first_legal(game)
    service.run(game.pk, mover, "move", seq=game.seq, play=text)
    game.refresh_from_db()
    assert game.actions.filter(kind="move", play=text).exists()
    assert mover_of(game, players) != mover
    assert game.phase in (Phase.ROLL, Phase.MOVE)


def test_an_illegal_play_changes_nothing_and_is_counted_under_its_rule(players):
    game = started(players)
    mover = mover_of(game, players)
    before = (game.xgid, game.seq)
    with pytest.raises(IllegalPlay) as refused:
        service.run(game.pk, mover, "move", seq=game.seq, play="24/10")
    game.refresh_from_db()
    assert (game.xgid, game.seq) == before
    code = refused.value.verdict.reasons[0].code
    assert RefusedPlay.objects.get(game=game, user=mover).code == code


def test_a_refused_play_is_a_wrong_answer_in_the_players_memory_of_the_rule_it_breaks(players):
    """As an illegal play in practice, it tells «Mi progreso» which rule to review."""
    from tutor.training.memory import memories_of
    from tutor.training.models import RuleAnswer

    game = started(players)
    white = players[WHITE]
    on_bar = Position.from_layout({"bar": 1, 13: 14}, {6: 2, 1: 13}, dice=(6, 3))
    LiveGame.objects.filter(pk=game.pk).update(xgid=on_bar.to_xgid(), phase=Phase.MOVE)
    with pytest.raises(IllegalPlay):
        service.run(game.pk, white, "move", seq=game.seq, play="13/7")
    remembered = memories_of(white)["bar-first"]
    assert (remembered.total, remembered.correct) == (1, 0)
    answer = RuleAnswer.objects.get(user=white)
    assert (answer.rule, answer.correct, answer.get_source_display()) == ("bar-first", False, "Partida en directo")
    assert not RuleAnswer.objects.filter(user=players[BLACK]).exists()


def test_only_the_player_on_roll_may_move_and_a_stranger_may_do_nothing(players):
    game = started(players)
    waiting = [p for p in players if p != mover_of(game, players)][0]
    with pytest.raises(GameError, match="No es tu turno"):
        service.run(game.pk, waiting, "move", seq=game.seq, play=first_legal(game))
    with pytest.raises(GameError, match="Solo los dos jugadores") as stranger:
        service.run(game.pk, make_user("carla"), "move", seq=game.seq, play=first_legal(game))
    assert stranger.value.status == 403


def test_a_replayed_message_with_an_old_seq_is_refused(players):
    game = started(players)
    mover = mover_of(game, players)
    old = game.seq
    service.run(game.pk, mover, "move", seq=old, play=first_legal(game))
    game.refresh_from_db()
    with pytest.raises(GameError, match="llega tarde"):
        service.run(game.pk, mover_of(game, players), "roll", seq=old)


def play_until(game, players, phase, limit=400):
    """Play first legal plays (rolling instead of doubling) until ``phase``."""
    for _ in range(limit):
        game.refresh_from_db()
        if game.phase == phase:
            return game
        mover = mover_of(game, players)
        if game.phase == Phase.ROLL:
            service.run(game.pk, mover, "roll", seq=game.seq)
        else:
            service.run(game.pk, mover, "move", seq=game.seq, play=first_legal(game))
    raise AssertionError(f"never reached {phase}")


def test_double_take_gives_the_cube_to_the_taker_and_the_doubler_rolls(players):
    game = play_until(started(players), players, Phase.ROLL)
    doubler = mover_of(game, players)
    service.run(game.pk, doubler, "double", seq=game.seq)
    game.refresh_from_db()
    assert game.phase == Phase.ANSWER
    taker = mover_of(game, players)
    assert taker != doubler
    service.run(game.pk, taker, "take", seq=game.seq)
    game.refresh_from_db()
    position = game.position
    assert (position.cube_value, position.cube_owner) == (2, game.side_of(taker))
    assert game.phase == Phase.MOVE and players[position.turn] == doubler
    # Once the doubler has played, the cube is the taker's: the doubler may not double again.
    game.xgid = position.replace(dice=None).to_xgid()
    game.phase = Phase.ROLL
    with pytest.raises(GameError, match="El cubo es de tu rival"):
        turns.double(game, game.side_of(doubler))


def test_a_drop_ends_the_game_and_the_next_one_starts_with_a_new_opening_roll(players):
    game = play_until(started(players, length=5), players, Phase.ROLL)
    doubler = mover_of(game, players)
    service.run(game.pk, doubler, "double", seq=game.seq)
    game.refresh_from_db()
    service.run(game.pk, mover_of(game, players), "drop", seq=game.seq)
    game.refresh_from_db()
    assert game.game_number == 2
    assert game.position.score[game.side_of(doubler)] == 1
    assert game.actions.filter(kind="opening").count() == 2
    assert game.actions.get(kind="result").points == 1


def test_the_crawford_game_forbids_doubling_and_the_match_ends_at_its_length(players):
    game = started(players, length=3)
    # One point from the target: the game that follows is the Crawford game.
    game.xgid = Position.initial(match_length=3, score=(2, 0), crawford=True).to_xgid()
    game.phase = Phase.ROLL
    game.save()
    with pytest.raises(GameError, match="Crawford"):
        service.run(game.pk, players[WHITE], "double", seq=game.seq)
    # White bears off the last checker: the match is over.
    game.xgid = Position.from_layout(white={1: 1}, black={24: 15}).replace(
        match_length=3, score=(2, 0), crawford=True, turn=WHITE, dice=(6, 5)).to_xgid()
    game.phase = Phase.MOVE
    game.save()
    service.run(game.pk, players[WHITE], "move", seq=game.seq, play="1/off")
    game.refresh_from_db()
    assert game.phase == Phase.OVER and game.winner == WHITE
    assert game.score == (3, 0)


def test_resigning_gives_the_rival_the_match(players):
    game = both_play(started(players, length=7))
    service.run(game.pk, players[BLACK], "resign", seq=game.seq)
    game.refresh_from_db()
    assert game.phase == Phase.OVER and game.winner == WHITE and game.score == (7, 0)
    with pytest.raises(GameError, match="terminado"):
        service.run(game.pk, players[WHITE], "roll", seq=game.seq)


def test_leaving_claiming_or_conceding_a_match_before_both_players_have_moved_aborts_it(players):
    """Nobody wins or loses a match nobody played: leaving at the opening roll is no way to trade wins."""
    left = started(players, length=3)
    service.run(left.pk, players[BLACK], "resign", seq=left.seq)
    left.refresh_from_db()
    assert left.aborted and left.score == (0, 0) and not left.actions.filter(kind="result").exists()
    assert "se anula" in render_player_panels(left)[WHITE] and "Partida anulada" in render_player_panels(left)[BLACK]

    claimed = started(players, length=5, claim_minutes=1)
    service.run(claimed.pk, mover_of(claimed, players), "move", seq=claimed.seq, play=first_legal(claimed))
    claimed.refresh_from_db()
    absent = claimed.side_to_act()  # the rival never made a play of their own
    LiveGame.objects.filter(pk=claimed.pk).update(last_action_at=timezone.now() - timedelta(minutes=2))
    service.run(claimed.pk, players[1 - absent], "claim", seq=claimed.seq)
    claimed.refresh_from_db()
    assert claimed.aborted and claimed.score == (0, 0)

    conceded = started(players, length=3)
    set_position(conceded, Position.initial(match_length=3).replace(turn=BLACK, dice=(6, 1)), Phase.MOVE)
    conceded = offer(conceded, players[WHITE], "backgammon")  # three points: the whole match
    service.run(conceded.pk, players[BLACK], "accept", seq=conceded.seq)
    conceded.refresh_from_db()
    assert conceded.aborted and conceded.score == (0, 0)


def test_a_game_can_be_claimed_only_after_the_waiting_time(players):
    game = both_play(started(players, claim_minutes=2))
    absent = mover_of(game, players)
    waiting = [p for p in players if p != absent][0]
    with pytest.raises(GameError, match="Aún no"):
        service.run(game.pk, waiting, "claim", seq=game.seq)
    with pytest.raises(GameError, match="cuando tu rival tiene que jugar"):
        service.run(game.pk, absent, "claim", seq=game.seq)
    LiveGame.objects.filter(pk=game.pk).update(last_action_at=timezone.now() - timedelta(minutes=3))
    service.run(game.pk, waiting, "claim", seq=game.seq)
    game.refresh_from_db()
    assert game.phase == Phase.OVER and game.winner == game.side_of(waiting)


def test_only_preset_phrases_may_be_said(players):
    game = started(players)
    service.run(game.pk, players[WHITE], "phrase", phrase="buena")
    with pytest.raises(GameError, match="frases de la lista"):
        service.run(game.pk, players[BLACK], "phrase", phrase="<b>hola</b>")
    assert list(game.actions.filter(kind="phrase").values_list("phrase", flat=True)) == ["buena"]


def test_each_player_says_one_phrase_until_the_game_moves_on(players):
    game = started(players)
    mover, waiting = mover_of(game, players), players[1 - game.side_to_act()]
    service.run(game.pk, mover, "phrase", phrase="suerte")
    service.run(game.pk, waiting, "phrase", phrase="suerte")
    for player in (mover, waiting):
        with pytest.raises(GameError, match="podrás decir otra cuando la partida avance") as refused:
            service.run(game.pk, player, "phrase", phrase="uy")
        assert refused.value.status == 409
    game.refresh_from_db()
    service.run(game.pk, mover, "move", seq=game.seq, play=first_legal(game))
    service.run(game.pk, mover, "phrase", phrase="bien")
    assert list(game.actions.filter(kind="phrase").values_list("phrase", flat=True)) == ["suerte", "suerte", "bien"]


def test_nothing_can_be_said_once_the_game_is_over(players):
    game = started(players, length=3)
    game.refresh_from_db()
    service.run(game.pk, mover_of(game, players), "resign", seq=game.seq)
    for player in players:
        with pytest.raises(GameError, match="La partida ha terminado"):
            service.run(game.pk, player, "phrase", phrase="buena")
    assert not game.actions.filter(kind="phrase").exists()


def test_a_whole_money_game_played_to_the_end_is_rebuilt_from_the_database(players):
    game = started(players)
    for _ in range(600):
        game.refresh_from_db()
        if game.game_number > 1:
            break
        mover = mover_of(game, players)
        if game.phase == Phase.ROLL:
            service.run(game.pk, mover, "roll", seq=game.seq)
        else:
            service.run(game.pk, mover, "move", seq=game.seq, play=first_legal(game))
    result = game.actions.get(kind="result", game_number=1)
    final = result.position
    assert final.winner() == result.side
    # Every play, replayed from its stored position, gives the next stored position.
    moves = list(game.actions.filter(kind="move", game_number=1))
    for before, after in zip(moves, moves[1:]):
        verdict = before.position.check(before.play)
        assert verdict.legal
        assert verdict.play.result.replace(dice=None).to_xgid().split(":")[0] == after.position.to_xgid().split(":")[0]
    assert [a.number for a in game.actions.all()] == list(range(1, game.actions.count() + 1))


def told_by_query(game) -> list[dict]:
    """What «Lo último» told when it was read from the actions' table."""
    told = game.actions.exclude(kind__in=["roll", "join"]).order_by("-number").values(*TOLD_FIELDS)[:RECENT_TOLD]
    return list(told)[::-1]


def test_the_panel_tells_the_last_actions_from_the_games_row_without_a_query(players, django_assert_num_queries):
    game = started(players)
    for turn in range(12):
        game.refresh_from_db()
        mover = mover_of(game, players)
        if game.phase == Phase.ROLL:
            service.run(game.pk, mover, "roll", seq=game.seq)
        else:
            service.run(game.pk, mover, "move", seq=game.seq, play=first_legal(game))
        if turn == 5:
            service.run(game.pk, players[0], "phrase", phrase="suerte")
    game = service.locked(game.pk)
    assert len(game.recent) == RECENT_TOLD
    assert game.recent == told_by_query(game)
    assert {"phrase", "move"} <= {told["kind"] for told in game.recent}
    with django_assert_num_queries(0):
        panels = render_player_panels(game)
    last = game.actions.filter(kind="move").exclude(play="").last()
    assert all(f"juega {last.play}." in panel or f"juegas {last.play}." in panel for panel in panels.values())


def test_games_stored_before_get_their_last_actions_from_the_table(players):
    game = started(players)
    service.run(game.pk, mover_of(game, players), "move", seq=game.seq, play=first_legal(game))
    service.run(game.pk, players[1], "phrase", phrase="gracias")
    LiveGame.objects.filter(pk=game.pk).update(recent=[])
    importlib.import_module("tutor.play.migrations.0005_tell_recent_actions_from_the_game").remember(django_apps, None)
    game.refresh_from_db()
    assert game.recent == told_by_query(game) and [told["kind"] for told in game.recent] == ["opening", "move", "phrase"]


# -- offering to resign the game -------------------------------------------------------


def set_position(game, position, phase=Phase.ROLL) -> LiveGame:
    game.xgid = position.to_xgid()
    game.phase = phase
    game.save()
    return game


def offer(game, user, level):
    game.refresh_from_db()
    service.run(game.pk, user, "offer", seq=game.seq, level=level)
    game.refresh_from_db()
    return game


def test_an_offer_stops_the_game_until_the_rival_answers_and_a_rejection_returns_to_the_same_state(players):
    game = started(players)
    mover = mover_of(game, players)
    rival = [p for p in players if p != mover][0]
    before = (game.xgid, game.phase)
    game = offer(game, mover, "gammon")
    assert (game.xgid, game.phase) == before and (game.offer, game.offer_by) == ("gammon", game.side_of(mover))
    assert game.side_to_act() == game.side_of(rival)
    recorded = game.actions.get(kind="offer")
    assert (recorded.side, recorded.result_kind, recorded.points) == (game.side_of(mover), "gammon", 2)
    # The rival answers before anything else; phrases still work.
    with pytest.raises(GameError, match="primero acepta o rechaza"):
        service.run(game.pk, rival, "roll", seq=game.seq)
    with pytest.raises(GameError, match="Ya te has ofrecido"):
        service.run(game.pk, mover, "offer", seq=game.seq, level="backgammon")
    with pytest.raises(GameError, match="Es tu rival quien decide"):
        service.run(game.pk, mover, "accept", seq=game.seq)
    service.run(game.pk, rival, "phrase", phrase="gracias")
    service.run(game.pk, rival, "reject", seq=game.seq)
    game.refresh_from_db()
    assert (game.xgid, game.phase, game.offer, game.offer_by) == (*before, "", None)
    assert game.actions.filter(kind="reject", side=game.side_of(rival), result_kind="gammon").exists()
    # The game goes on exactly where it was: the mover plays the same dice.
    service.run(game.pk, mover, "move", seq=game.seq, play=first_legal(game))
    assert game.actions.filter(kind="move").count() == 1


def test_the_offerer_on_their_own_turn_takes_the_offer_back_by_playing_on(players):
    game = started(players)
    mover = mover_of(game, players)
    rival = [p for p in players if p != mover][0]
    game = offer(game, mover, "single")
    service.run(game.pk, mover, "move", seq=game.seq, play=first_legal(game))
    game.refresh_from_db()
    assert (game.offer, game.offer_by) == ("", None) and game.actions.filter(kind="move").count() == 1
    with pytest.raises(GameError, match="Nadie se ha ofrecido"):
        service.run(game.pk, rival, "accept", seq=game.seq)
    # Offered on the rival's turn, it waits for the answer: the offerer has nothing to play on.
    game = offer(game, mover, "single")
    with pytest.raises(GameError, match="oferta de rendición sin responder"):
        service.run(game.pk, mover, "roll", seq=game.seq)


def test_offers_and_answers_need_the_current_seq_and_a_player(players):
    game = started(players)
    white, black = players
    old = game.seq
    game = offer(game, white, "single")
    with pytest.raises(GameError, match="llega tarde"):
        service.run(game.pk, black, "accept", seq=old)
    with pytest.raises(GameError, match="Solo los dos jugadores"):
        service.run(game.pk, make_user("carla"), "accept", seq=game.seq)
    service.run(game.pk, black, "reject", seq=game.seq)
    with pytest.raises(GameError, match="llega tarde"):
        service.run(game.pk, white, "offer", seq=game.seq, level="single")
    game.refresh_from_db()
    with pytest.raises(GameError, match="Nadie se ha ofrecido"):
        service.run(game.pk, black, "accept", seq=game.seq)
    with pytest.raises(GameError, match="partida simple, gammon o backgammon") as bad:
        service.run(game.pk, white, "offer", seq=game.seq, level="todo")
    assert bad.value.status == 400
    assert game.actions.filter(kind="offer").count() == 1


def test_a_side_with_a_checker_off_can_offer_only_a_single_game(players):
    game = set_position(started(players), Position.from_layout(white={1: 14}, black={24: 15}).replace(turn=BLACK))
    with pytest.raises(GameError, match="solo rendirte con una partida simple"):
        service.run(game.pk, players[WHITE], "offer", seq=game.seq, level="gammon")
    assert offer(game, players[WHITE], "single").offer == "single"


def test_an_accepted_resignation_in_a_match_scores_it_and_the_next_game_is_the_crawford_game(players):
    game = started(players, length=5)
    set_position(game, Position.initial(match_length=5, cube_value=2, cube_owner=BLACK).replace(turn=WHITE))
    game = offer(game, players[WHITE], "gammon")
    service.run(game.pk, players[BLACK], "accept", seq=game.seq)
    game.refresh_from_db()
    assert game.score == (0, 4) and game.game_number == 2 and game.phase == Phase.MOVE
    assert game.position.crawford and (game.offer, game.offer_by) == ("", None)
    result = game.actions.get(kind="result")
    assert (result.side, result.result_kind, result.points) == (BLACK, "gammon", 4)
    assert game.actions.filter(kind="accept", side=BLACK, points=4).exists()
    assert game.actions.filter(kind="opening", game_number=2).exists()


def test_an_accepted_resignation_can_end_the_match(players):
    game = both_play(started(players, length=3))
    set_position(game, Position.initial(match_length=3, score=(1, 2)).replace(turn=BLACK, dice=(6, 1)), Phase.MOVE)
    game = offer(game, players[WHITE], "single")
    service.run(game.pk, players[BLACK], "accept", seq=game.seq)
    game.refresh_from_db()
    assert game.phase == Phase.OVER and game.winner == BLACK and game.score == (1, 3)


def test_in_money_play_an_accepted_backgammon_scores_three_times_the_cube_and_the_session_goes_on(players):
    game = started(players)
    set_position(game, Position.initial(score=(2, 0), cube_value=2, cube_owner=WHITE).replace(turn=WHITE))
    # The side not on roll may offer too.
    game = offer(game, players[BLACK], "backgammon")
    service.run(game.pk, players[WHITE], "accept", seq=game.seq)
    game.refresh_from_db()
    assert game.score == (8, 0) and game.game_number == 2 and not game.is_over
    assert game.position.cube_value == 1


def test_the_offerer_may_claim_the_game_when_the_rival_never_answers(players):
    game = offer(both_play(started(players, claim_minutes=1)), players[WHITE], "single")
    LiveGame.objects.filter(pk=game.pk).update(last_action_at=timezone.now() - timedelta(minutes=2))
    with pytest.raises(GameError, match="cuando tu rival tiene que jugar"):
        service.run(game.pk, players[BLACK], "claim", seq=game.seq)
    service.run(game.pk, players[WHITE], "claim", seq=game.seq)
    game.refresh_from_db()
    assert game.is_over and game.winner == WHITE and game.offer == ""


def test_leaving_a_money_session_gives_the_rival_the_most_the_game_could_still_give(players):
    fresh = both_play(started(players))
    finish_first_game = Position.from_layout(white={1: 1}, black={24: 15}).replace(turn=WHITE, dice=(6, 5))
    set_position(fresh, finish_first_game, Phase.MOVE)
    service.run(fresh.pk, players[WHITE], "move", seq=fresh.seq, play="1/off")
    fresh.refresh_from_db()
    assert fresh.game_number == 2 and not fresh.moved_in_game
    service.run(fresh.pk, players[WHITE], "resign", seq=fresh.seq)
    fresh.refresh_from_db()
    assert fresh.is_over and fresh.winner == BLACK and fresh.score[BLACK] == 0  # nobody had moved in the game under way
    game = both_play(started(players))
    set_position(game, game.position.replace(cube_value=2, cube_owner=BLACK), game.phase)
    service.run(game.pk, players[BLACK], "resign", seq=game.seq)
    game.refresh_from_db()
    assert game.is_over and game.winner == WHITE and game.score == (6, 0)
    assert game.actions.get(kind="result").result_kind == "backgammon"


def test_nobody_may_double_while_an_offer_waits(players):
    game = set_position(started(players), Position.initial().replace(turn=WHITE))
    game = offer(game, players[BLACK], "single")
    with pytest.raises(GameError, match="primero acepta o rechaza"):
        service.run(game.pk, players[WHITE], "double", seq=game.seq)
    with pytest.raises(GameError, match="oferta de rendición sin responder"):
        service.run(game.pk, players[BLACK], "double", seq=game.seq)
    assert game.phase == Phase.ROLL and not game.actions.filter(kind="double").exists()


def test_a_claim_in_a_money_session_scores_what_the_absent_rival_would_lose_by_leaving_and_shows_it_first(players):
    from tutor.play.panels import panel_context

    game = both_play(started(players, claim_minutes=1))
    game = set_position(game, game.position.replace(cube_value=2, cube_owner=game.position.turn), game.phase)
    absent = game.side_to_act()
    claimant = players[1 - absent]
    shown = panel_context(game, claimant)["claim_value"]
    assert "backgammon (6 puntos)" in shown and "la sesión termina" in shown
    LiveGame.objects.filter(pk=game.pk).update(last_action_at=timezone.now() - timedelta(minutes=2))
    service.run(game.pk, claimant, "claim", seq=game.seq)
    game.refresh_from_db()
    result = game.actions.get(kind="result")
    assert (result.side, result.points, result.result_kind) == (1 - absent, 6, "backgammon")
    assert game.is_over and game.winner == 1 - absent and game.score[1 - absent] == 6


def test_a_claim_in_a_match_wins_the_match_and_writes_the_game_s_result(players):
    from tutor.play.panels import panel_context

    game = both_play(started(players, length=5, claim_minutes=1))
    absent = game.side_to_act()
    assert "ganas el match" in panel_context(game, players[1 - absent])["claim_value"]
    LiveGame.objects.filter(pk=game.pk).update(last_action_at=timezone.now() - timedelta(minutes=2))
    service.run(game.pk, players[1 - absent], "claim", seq=game.seq)
    game.refresh_from_db()
    assert game.winner == 1 - absent and game.score[1 - absent] == 5
    assert game.actions.get(kind="result").points == 3


def test_live_games_refuse_a_dead_cube_double_with_the_reason_and_the_panel_says_why(players):
    from tutor.rules import CUBE_REFUSALS
    from tutor.play.panels import panel_context

    game = started(players, length=5)
    dead = Position.initial(match_length=5, score=(3, 0), cube_value=2, cube_owner=WHITE).replace(turn=WHITE)
    game = set_position(game, dead)
    with pytest.raises(GameError, match="doblar no te daría nada"):
        service.run(game.pk, players[WHITE], "double", seq=game.seq)
    context = panel_context(game, players[WHITE])
    assert not context["can_double"] and CUBE_REFUSALS["dead-cube"] in context["cube_note"]
    assert panel_context(game, players[BLACK])["cube_note"] == ""


def test_the_server_rolls_for_a_side_whose_only_double_would_be_dead(players):
    game = started(players, length=5)
    game = set_position(game, Position.initial(match_length=5, score=(3, 0), cube_value=2, cube_owner=WHITE).replace(turn=BLACK), Phase.MOVE)
    game = set_position(game, game.position.with_dice((3, 1)), Phase.MOVE)
    service.run(game.pk, players[BLACK], "move", seq=game.seq, play="8/5 6/5")
    game.refresh_from_db()
    assert game.phase == Phase.MOVE and game.position.turn == WHITE and game.position.dice is not None


def test_a_double_after_the_server_rolled_for_a_dead_cube_is_refused_for_the_dead_cube(players):
    from tutor.rules import CUBE_REFUSALS

    game = started(players, length=5)
    game = set_position(game, Position.initial(match_length=5, score=(3, 0), cube_value=2, cube_owner=WHITE).replace(turn=BLACK), Phase.MOVE)
    game = set_position(game, game.position.with_dice((3, 1)), Phase.MOVE)
    service.run(game.pk, players[BLACK], "move", seq=game.seq, play="8/5 6/5")
    game.refresh_from_db()
    with pytest.raises(GameError) as refused:
        service.run(game.pk, players[WHITE], "double", seq=game.seq)
    assert str(refused.value.args[0]) == CUBE_REFUSALS["dead-cube"]
