"""Match statistics: errors by kind, the decisions that count, the performance rating per player, game and match."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from tests.live_review import played
from tests.practice_flow import add_mistake, start
from tests.test_practice_views import play_a_few_decisions
from tutor.engine import BLACK, WHITE
from tutor.practice.background import drain
from tutor.practice.models import LEARNER
from tutor.practice.statistics import CLOSE, counts, match_statistics, statistics


def decision(kind="move", *, side=WHITE, game=1, loss=0.0, colour="verde", forced=False, graded=True, analysis=None):
    return SimpleNamespace(side=side, game_number=game, decision_kind=kind, loss=loss, colour=colour, forced=forced,
                           graded=graded, analysis=analysis or {})


def no_double(no_double: float, doubled: float, *, loss=0.0, colour="verde"):
    return decision("no-double", loss=loss, colour=colour,
                    analysis={"no_double": no_double, "double_take": doubled, "double_pass": 1.0})


@pytest.mark.parametrize(("action", "counted"), [
    (decision("move"), True),
    (decision("move", forced=True), False),
    (decision("move", graded=False, colour=""), False),
    (decision("double"), True),
    (decision("take"), True),
    (decision("drop"), True),
    (decision("beaver"), True),
    (no_double(0.30, 0.30 + CLOSE - 0.01), True),  # doubling within the limit: a close decision
    (no_double(0.10, 0.10 + CLOSE + 0.01), False),  # nowhere near a double: obvious
    (no_double(0.10, 0.60, loss=0.0), False),
    (no_double(0.50, 0.90, loss=0.4, colour="rojo"), True),  # a missed double is never obvious
    (decision("no-double"), False),  # no analysis: nothing says it was close
    (decision("result"), False),
])
def test_which_decisions_count_for_the_performance_rating(action, counted):
    assert counts(action) is counted


def test_the_pr_is_the_equity_lost_per_decision_that_counts_times_500_with_errors_by_kind():
    actions = [
        decision("move", loss=0.08, colour="rojo"),
        decision("move", loss=0.0),
        decision("move", loss=0.5, forced=True),  # forced: left out, whatever it says
        decision("double", loss=0.03, colour="ambar"),
        no_double(0.20, 0.15),
        decision("take", loss=0.01, colour="verde"),
        decision("move", side=BLACK, loss=0.2, colour="rojo"),
    ]
    found = statistics(actions, WHITE)
    assert found.unforced == 5 and found.errors == 2
    assert found.pr == pytest.approx((0.08 + 0.03 + 0.01) / 5 * 500)
    assert [(words, group.decisions, group.errors) for words, group in found.rows] == [
        ("Jugadas de fichas", 2, 1), ("Doblar o no doblar", 2, 1), ("Aceptar o abandonar", 1, 0)]
    assert found.band == "Avanzado"
    assert statistics(actions, BLACK).pr == pytest.approx(100.0) and statistics(actions, BLACK).band == "Distraído"


def test_each_game_has_its_own_pr_and_a_player_without_decisions_has_none():
    actions = [decision(game=1, loss=0.01, colour="verde"), decision(game=2, loss=0.03, colour="ambar"),
               decision(game=3, forced=True)]
    found = match_statistics(actions, {WHITE: "Ana", BLACK: "Beto"})
    assert [(number, [stats.pr for stats in row]) for number, row in found.game_rows] == [
        (1, [pytest.approx(5.0), None]), (2, [pytest.approx(15.0), None])]
    assert found.match[WHITE].pr == pytest.approx(10.0) and found.match[BLACK].pr is None
    assert found.players[0][0] == "Ana" and found.has_decisions
    assert not match_statistics([], {WHITE: "Ana"}).has_decisions


# -- on the review pages -------------------------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.usefixtures("quick_and_reproducible")
def test_the_practice_review_shows_each_side_s_pr_and_errors_by_kind_and_the_pr_game_by_game(client):
    match = play_a_few_decisions(client, start(client, length=0), 6)
    add_mistake(match)
    page = client.get(f"/practica/{match.pk}/revision/").content.decode()
    mine = statistics(list(match.actions.all()), LEARNER)
    assert mine.unforced and mine.errors >= 1
    table = page[page.index(f'data-statistics="{LEARNER}"'):]
    assert f"data-pr>{mine.pr:.1f}".replace(".", ",") in table or f"data-pr>{mine.pr:.1f}" in table
    assert f"data-unforced>{mine.unforced}<" in table and f"data-errors>{mine.errors}<" in table
    assert "Jugadas de fichas" in table and "Aceptar o abandonar" in table
    assert 'id="pr-por-partida"' in page and 'data-game="1"' in page
    assert re.search(r"PR <strong data-pr>\d+[.,]\d</strong> · [A-ZÁÉÍÓÚa-záéíóú ]+</caption>", page)


@pytest.mark.django_db
@pytest.mark.usefixtures("live_dice")
def test_the_live_review_shows_both_players_pr_once_graded(ana, bruno):
    from tests.classroom_factories import signed_in

    game = played(ana, bruno)
    drain()
    html = signed_in(bruno).get(game.get_review_url()).content.decode()
    actions = list(game.actions.all())
    for side in (WHITE, BLACK):
        found = statistics(actions, side)
        if found.unforced:
            assert f'data-statistics="{side}"' in html
            assert f"data-unforced>{found.unforced}<" in html[html.index(f'data-statistics="{side}"'):]
    assert 'id="pr-por-partida"' in html and "<th scope=\"col\">Tú</th>" in html and "Ana" in html


# -- luck ----------------------------------------------------------------------------------------------------------

def rolled(luck, *, side=WHITE, game=1):
    return SimpleNamespace(**vars(decision(side=side, game=game, graded=False, colour="")), luck=luck)


def test_luck_adds_up_each_player_s_rolls_per_game_and_counts_the_very_lucky_and_very_unlucky_ones():
    actions = [rolled(0.65), rolled(-0.2), rolled(-0.61, game=2), rolled(0.3, side=BLACK), rolled(None)]
    found = match_statistics(actions, {WHITE: "Ana", BLACK: "Beto"})
    white = found.match[WHITE]
    assert (white.rolls, white.lucky, white.unlucky) == (3, 1, 1)
    assert white.luck == pytest.approx(0.65 - 0.2 - 0.61) and white.luck_text == "−0,160"
    assert found.match[BLACK].luck_text == "+0,300"
    assert [(number, [stats.luck_text for stats in row]) for number, row in found.luck_rows] == [
        (1, ["+0,450", "+0,300"]), (2, ["−0,610", "—"])]
    assert white.unforced == 0 and found.has_luck and not found.has_decisions


def test_the_luck_of_every_possible_roll_averages_to_nothing():
    """Luck is a roll's equity against the average roll: weighted over the 36 rolls (a double once), it sums to 0."""
    from tutor.engine import Position
    from tutor.practice import evaluator
    from tutor.practice.gnubg_tasks import ROLLS

    before = Position.from_xgid("-BB-CbEA----------a--Bbgc-:1:-1:1:15:0:0:0:0:10").replace(dice=None)
    lucks = {roll: evaluator.roll_luck(before.with_dice(roll)) for roll in ROLLS}
    assert sum(luck * (1 if high == low else 2) for (high, low), luck in lucks.items()) == pytest.approx(0.0, abs=1e-6)
    assert len(set(round(luck, 6) for luck in lucks.values())) > 1


def test_the_opening_roll_s_luck_counts_who_plays_first_and_its_30_outcomes_average_to_nothing():
    """The opening roll (GNU Backgammon's «LuckFirst»): each of its 30 outcomes is one of 15 rolls played by White
    or by Black; from White's side, Black's roll is worth minus Black's luck.  At an uneven match score the two
    sides' chances differ, and still the 30 outcomes average to 0."""
    from tutor.engine import Position
    from tutor.practice import evaluator
    from tutor.practice.gnubg_tasks import ROLLS

    start = Position.initial().replace(match_length=7, score=(1, 5))
    white = start.replace(turn=WHITE)
    black = start.replace(turn=BLACK)
    rolls = [roll for roll in ROLLS if roll[0] != roll[1]]
    whites = [evaluator.roll_luck(white.with_dice(roll), opening=True) for roll in rolls]
    blacks = [evaluator.roll_luck(black.with_dice(roll), opening=True) for roll in rolls]
    assert sum(whites) - sum(blacks) == pytest.approx(0.0, abs=1e-5)
    assert sum(whites) != pytest.approx(0.0, abs=1e-3), "White's own 15 rolls alone are not the average"
