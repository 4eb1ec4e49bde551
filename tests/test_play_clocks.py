"""The clock of timed live games: delay before reserve, reserves kept across turns, flags, aborts; time injected, never slept."""

from __future__ import annotations

from datetime import datetime, timedelta
from datetime import timezone as tz

import pytest

from tests.classroom_factories import make_user, signed_in
from tests.live_games import both_play
from tests.lobby_factories import MATCH_TO_3
from tutor.engine import BLACK, WHITE, opponent
from tutor.games.errors import GameError
from tutor.lobby import service as lobby
from tutor.play import clocks, service, time_controls
from tutor.play.models import LiveAction, LiveGame, Phase
from tutor.ratings.models import RatingChange
from tutor.ratings.service import mark_rated

pytestmark = pytest.mark.django_db

START = datetime(2025, 3, 1, 18, 0, tzinfo=tz.utc)


class Clock:
    """The live games' time, moved by hand."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now

    def wait(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock(monkeypatch, settings):
    settings.PRACTICE_DICE_SEED = 7
    moved = Clock()
    monkeypatch.setattr(clocks, "clock", moved)
    return moved


@pytest.fixture
def players():
    return make_user("ana"), make_user("bruno")


def started(players, length: int = 3, timed: bool = True) -> LiveGame:
    white, black = players
    game = service.create_game(white, black=black, length=length, timed=timed)
    game.refresh_from_db()
    return game


def act(game, players, kind: str, side: int | None = None, **data) -> LiveGame:
    side = game.side_to_act() if side is None else side
    return service.run(game.pk, players[side], kind, seq=game.seq, **data)


def first_play(game) -> str:
    return game.position.legal_plays()[0].notation


def move(game, players) -> LiveGame:
    return act(game, players, "move", play=first_play(game))


def reserve(game, side: int) -> float:
    return clocks.reserve_of(game, side)


def test_a_timed_match_gives_each_side_the_delay_and_a_minute_per_point_and_one_more(clock, players):
    game = started(players, length=5)
    assert (game.clock_delay, game.white_reserve, game.black_reserve) == (12, 360, 360)
    assert game.clock_side == game.side_to_act()
    assert game.clock_deadline == START + timedelta(seconds=12 + 360)
    untimed = started(players, timed=False)
    assert not untimed.timed and untimed.clock_deadline is None and clocks.figures(untimed) is None


def test_the_delay_is_spent_before_the_reserve(clock, players):
    game = started(players)
    mover = game.side_to_act()
    clock.wait(10)
    game = move(game, players)
    assert reserve(game, mover) == 240  # ten seconds, all within the delay
    rival = opponent(mover)
    clock.wait(20)
    game = act(game, players, "roll") if game.phase == Phase.ROLL else game
    game = move(game, players)
    assert reserve(game, rival) == 232  # twenty seconds: twelve free, eight off the reserve
    assert game.clock_side == mover and game.clock_started == clock.now


def test_the_reserve_is_carried_across_turns_and_rolling_is_part_of_the_turn(clock, players):
    game = started(players)
    first = game.side_to_act()
    clock.wait(30)  # 18 s off the first player's reserve
    game = move(game, players)
    for _ in range(2):  # each side plays a turn of 15 s, split between deciding to roll and moving
        side = game.side_to_act()
        clock.wait(7)
        if game.phase == Phase.ROLL:
            game = act(game, players, "roll")
            assert game.clock_side == side  # the roll does not restart the delay
        clock.wait(8)
        game = move(game, players)
    assert reserve(game, first) == 240 - 18 - 3
    assert reserve(game, opponent(first)) == 240 - 3


def test_answering_a_double_runs_the_answerers_clock(clock, players):
    game = started(players, length=5)
    game = move(game, players)
    doubler = game.side_to_act()
    assert game.phase == Phase.ROLL
    clock.wait(5)
    game = act(game, players, "double")
    assert game.clock_side == opponent(doubler)
    clock.wait(40)
    game = act(game, players, "take")
    assert reserve(game, opponent(doubler)) == 360 - 28
    assert reserve(game, doubler) == 360
    assert game.clock_side == doubler and game.phase == Phase.MOVE


def test_a_claim_of_flag_is_refused_before_time_and_changes_nothing(clock, players):
    game = started(players)
    waiting = opponent(game.side_to_act())
    clock.wait(12 + 239)
    with pytest.raises(GameError) as refused:
        act(game, players, "flag", side=waiting)
    assert "Aún no" in refused.value.message and "0:01" in refused.value.message
    game.refresh_from_db()
    assert game.phase == Phase.MOVE and not game.actions.filter(kind=LiveAction.Kind.FLAG).exists()


def test_running_out_of_time_loses_a_rated_match_and_both_ratings_change(clock, players):
    game = started(players)
    mark_rated(game)
    game = both_play(game)  # before both players have moved, running out of time aborts the match
    late = game.side_to_act()
    clock.wait(12 + 240)
    game = act(game, players, "flag", side=opponent(late))
    assert game.phase == Phase.OVER and game.winner == opponent(late)
    assert game.score[opponent(late)] == 3 and game.score[late] == 0
    assert game.actions.get(kind=LiveAction.Kind.FLAG).side == late
    assert reserve(game, late) == 0 and game.clock_side is None and game.clock_deadline is None
    changes = {change.user_id: change.won for change in RatingChange.objects.filter(game=game)}
    assert changes == {players[opponent(late)].pk: True, players[late].pk: False}


def test_a_move_sent_after_the_time_ran_out_ends_the_game_on_time_instead(clock, players):
    game = both_play(started(players))
    if game.phase == Phase.ROLL:
        game = act(game, players, "roll")
    late = game.side_to_act()
    text = first_play(game)
    moves = game.actions.filter(kind=LiveAction.Kind.MOVE).count()
    clock.wait(300)
    game = act(game, players, "move", play=text)
    assert game.phase == Phase.OVER and game.winner == opponent(late)
    assert game.actions.filter(kind=LiveAction.Kind.MOVE).count() == moves


def test_in_a_money_session_the_flag_gives_the_game_under_way_and_each_game_refills_the_reserves(clock, players):
    game = started(players, length=0)
    assert reserve(game, WHITE) == reserve(game, BLACK) == 120
    game = both_play(game)
    clock.wait(50)  # 38 s off
    slow = game.side_to_act()
    game = act(game, players, "drop" if game.phase == Phase.ANSWER else "double")
    clock.wait(3)
    game = act(game, players, "drop")  # the game ends; the next one starts with full reserves
    assert game.game_number == 2 and reserve(game, slow) == reserve(game, opponent(slow)) == 120
    game = move(game, players)
    late = game.side_to_act()
    clock.wait(200)
    game = act(game, players, "flag", side=opponent(late))
    assert game.phase == Phase.OVER and game.winner == opponent(late)
    result = game.actions.filter(kind=LiveAction.Kind.RESULT).last()
    assert result.side == opponent(late) and result.points >= 1  # as if the late player had left the session


def test_the_figures_are_read_back_from_the_database_after_a_restart(clock, players):
    game = started(players)
    mover = game.side_to_act()
    clock.wait(30)
    game = move(game, players)
    clock.wait(20)
    before = clocks.figures(game)
    again = LiveGame.objects.get(pk=game.pk)  # a new process reads only the row
    assert clocks.figures(again) == before
    running = opponent(mover)
    assert before["running"] == running
    assert before["reserve_left"][running] == 232 and before["delay_left"][running] == 0
    assert before["reserve_left"][mover] == 222 and before["delay_left"][mover] == 12


def test_untimed_games_keep_the_claim_after_a_wait_and_timed_ones_use_the_clock(clock, players):
    untimed = both_play(started(players, timed=False))
    absent = untimed.side_to_act()
    with pytest.raises(GameError):
        act(untimed, players, "flag", side=opponent(absent))
    clock.wait(5 * 60 + 1)
    untimed = act(untimed, players, "claim", side=opponent(absent))
    assert untimed.winner == opponent(absent)
    timed = started(players)
    clock.wait(100)
    with pytest.raises(GameError) as refused:
        service.run(timed.pk, players[opponent(timed.side_to_act())], "claim", seq=timed.seq)
    assert "reloj" in refused.value.message


def test_the_opening_may_be_aborted_without_a_result_once_the_first_player_waited_too_long(clock, players):
    white, black = players
    lobby.play_now(white, MATCH_TO_3, now=START)
    game = lobby.play_now(black, MATCH_TO_3, now=START).game
    game.refresh_from_db()
    opener = game.side_to_act()
    clock.wait(59)
    with pytest.raises(GameError):
        act(game, players, "abort", side=opponent(opener))
    with pytest.raises(GameError):
        act(game, players, "abort", side=opener)  # the one who must move cannot
    clock.wait(1)
    game = act(game, players, "abort", side=opponent(opener))
    assert game.phase == Phase.OVER and game.aborted and game.winner is None
    assert game.score == (0, 0)
    assert not RatingChange.objects.exists()
    assert game.actions.filter(kind=LiveAction.Kind.ABORT).get().side == opponent(opener)
    profile = signed_in(white).get(f"/jugar/jugador/{white.username}/").content.decode()
    assert "anulada · no puntúa" in profile and "revisión" not in profile.split("anulada")[1][:200]


def test_untimed_games_may_abort_their_opening_too_but_nobody_may_once_the_first_move_is_made(clock, players):
    game = started(players, timed=False)
    clock.wait(60)
    assert act(game, players, "abort", side=opponent(game.side_to_act())).aborted
    game = started(players, timed=False)
    game = move(game, players)
    clock.wait(600)
    with pytest.raises(GameError):
        act(game, players, "abort", side=opponent(game.side_to_act()))


def test_a_seek_with_clock_starts_a_timed_game_and_a_seek_without_an_untimed_one(clock, players):
    white, black = players
    timed = MATCH_TO_3.__class__(length=5, clock=True, rated=True)
    lobby.play_now(white, timed, now=START)
    game = lobby.play_now(black, timed, now=START).game
    assert game.timed and game.clock_reserve == 360
    service.run(game.pk, white, "resign", seq=game.seq)  # one game at a time: this one ends (aborted) first
    lobby.play_now(white, MATCH_TO_3, now=START)
    assert not lobby.play_now(black, MATCH_TO_3, now=START).game.timed


def test_the_panel_shows_both_clocks_and_offers_the_flag_claim_when_the_servers_figures_say_so(clock, players):
    from tutor.play.panels import render_panel

    game = started(players)
    late = game.side_to_act()
    waiting = players[opponent(late)]
    clock.wait(30)
    panel = render_panel(game, waiting)
    assert panel.count('role="timer"') == 2 and "Reserva: 3:42" in panel and "Reserva: 4:00" in panel
    assert 'value="flag"' in panel and 'data-reveal-in="222.0" hidden' in panel
    assert 'value="claim"' not in panel  # a timed game has the clock instead of the claim after a wait
    assert 'value="abort"' in panel and 'data-reveal-in="30.0" hidden' in panel
    assert 'value="flag"' not in render_panel(game, players[late])
    clock.wait(222)
    panel = render_panel(game, waiting)
    assert 'data-reveal-in="0.0">Reclamar por tiempo' in panel and "Reserva: 0:00" in panel
    spectator = render_panel(game, make_user("carla"))
    assert spectator.count('role="timer"') == 2 and 'value="flag"' not in spectator


def test_an_aborted_game_says_nobody_won_and_sends_its_players_back_to_the_lobby(clock, players):
    from tutor.play.panels import render_panel

    game = started(players)
    clock.wait(61)
    game = act(game, players, "abort", side=opponent(game.side_to_act()))
    panel = render_panel(game, players[WHITE])
    assert "Partida anulada" in panel and "Nadie gana ni pierde puntos" in panel and "Volver a la sala" in panel
    assert "Revisión de la partida" not in panel


def test_a_running_reserve_under_the_threshold_is_drawn_urgent_for_all_and_the_warning_goes_to_its_player_alone(clock, players):
    from tutor.play.panels import render_panel

    game = started(players)
    late = game.side_to_act()
    clock.wait(time_controls.DELAY + reserve(game, late) - clocks.LOW_RESERVE + 1)
    panels = {"late": render_panel(game, players[late]), "rival": render_panel(game, players[opponent(late)]),
              "spectator": render_panel(game, make_user("carla"))}
    for panel in panels.values():
        assert panel.count("play-clock--low") == 1 and f'data-low-below="{clocks.LOW_RESERVE}"' in panel
        assert f'data-running data-turn="{game.clock_started.isoformat()}"' in panel
    assert clocks.LOW_WARNING == "Te quedan menos de veinte segundos de reserva."
    assert [name for name, panel in panels.items() if clocks.LOW_WARNING in panel] == ["late"]
    clock.wait(-2)  # a second above the threshold: nothing urgent yet
    assert "play-clock--low" not in render_panel(game, players[opponent(late)])


# -- offers to resign move no clock ----------------------------------------------------------------


def test_offering_to_resign_again_and_again_stalls_no_clock_and_ends_in_a_flag_on_time(clock, players):
    game = started(players)
    staller, rival = game.side_to_act(), opponent(game.side_to_act())
    assert game.clock_deadline == START + timedelta(seconds=12 + 240)
    clock.wait(3)
    game = act(game, players, "offer", level="single")
    assert game.clock_side == staller and game.clock_started == START  # the offerer's clock keeps running
    clock.wait(5)
    game = act(game, players, "reject")
    assert game.clock_side == staller and game.clock_started == START  # no fresh delay after the rejection
    assert game.clock_deadline == START + timedelta(seconds=12 + 240)
    for _ in range(20):  # the loop that used to stall: every further offer this turn is refused
        clock.wait(5)
        with pytest.raises(GameError, match="en este turno") as refused:
            act(game, players, "offer", side=staller, level="single")
        assert refused.value.status == 409
    game.refresh_from_db()
    assert game.actions.filter(kind=LiveAction.Kind.OFFER).count() == 1
    assert clocks.left(game, staller, clock.now) == (0, 240 - (108 - 12))
    # The next turn allows one offer again; the rival does not answer it, and the offerer's time runs out.
    game = move(game, players)
    game = act(game, players, "roll") if game.phase == Phase.ROLL else game
    game = move(game, players)
    turn = clock.now
    assert game.side_on_turn() == staller and reserve(game, staller) == 144
    game = act(game, players, "offer", side=staller, level="single")
    assert game.side_to_act() == rival and game.clock_side == staller
    clock.wait(12 + 144 - 0.1)
    with pytest.raises(GameError, match="Aún no"):
        act(game, players, "flag", side=rival)
    clock.wait(0.1)
    game = act(game, players, "flag", side=rival)
    assert game.phase == Phase.OVER and game.winner == rival and clock.now == turn + timedelta(seconds=156)
    assert game.actions.get(kind=LiveAction.Kind.FLAG).side == staller and (game.offer, game.offer_by) == ("", None)


def test_an_offer_on_the_rivals_turn_keeps_the_rivals_clock_running_while_they_answer(clock, players):
    game = started(players)
    mover = game.side_to_act()
    clock.wait(4)
    game = act(game, players, "offer", side=opponent(mover), level="single")
    assert game.side_to_act() == mover and game.clock_side == mover and game.clock_started == START
    clock.wait(20)
    game = act(game, players, "reject")
    assert clocks.left(game, mover, clock.now) == (0, 240 - 12)
    with pytest.raises(GameError, match="en este turno"):
        act(game, players, "offer", side=opponent(mover), level="single")
    game = move(game, players)
    assert reserve(game, mover) == 240 - 12
