"""The review's advantage line: a point per graded decision, the errors marked, links to the steps, words for it.

The steps are built the way the review builds them (``stepper.build_steps``)
from unsaved actions carrying gnubg's stored ``analysis``: the chart reads
nothing else, so no database and no gnubg are needed.
"""

from __future__ import annotations

import re

from tutor.engine import BLACK, WHITE
from tutor.practice.models import Action
from tutor.practice.review_chart import HEIGHT, LIMIT, MID
from tutor.practice.stepper import Actor, build_steps, stepper

Kind = Action.Kind
OPENING_31 = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10"
BEFORE_ROLL = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"
ACTORS = {WHITE: Actor("Tú", own=True), BLACK: Actor("El programa", of_whom="del programa")}


def move(side, equity, colour, loss, *, play="13/9", best="8/5 6/5", forced=False, game=1):
    analysis = {"plies": 0, "plays": [{"play": best, "equity": equity + loss, "loss": 0.0, "chosen": False},
                                      {"play": play, "equity": equity, "loss": loss, "chosen": True}]} if colour else None
    return Action(side=side, kind=Kind.MOVE, game_number=game, xgid=OPENING_31, play=play, best=best,
                  colour=colour, loss=loss, forced=forced, analysis=analysis)


def cube(side, kind, colour, loss, **equities):
    return Action(side=side, kind=kind, game_number=1, xgid=BEFORE_ROLL, best="Doblar", colour=colour, loss=loss,
                  analysis={"plies": 0, "no_double": 0.4, "double_take": 0.6, "double_pass": 1.0, **equities})


def game_of(actions, viewer=WHITE, current="1", actors=ACTORS):
    steps = build_steps(actions, actor=actors.__getitem__, pending=lambda action: True)
    return stepper(steps, current, viewer=viewer)


def points(svg: str) -> dict[int, tuple[float, str]]:
    """Each point's step, height and colour, as drawn."""
    found = re.findall(r'y1="([\d.]+)" x2="[\d.]+" y2="[\d.]+" class="review-chart__point review-chart__point--(\w+)" data-point-step="(\d+)"', svg)
    return {int(step): (float(y), colour) for y, colour, step in found}


def test_every_graded_decision_is_a_point_at_its_equity_seen_from_the_viewer_s_side():
    s = game_of([
        move(WHITE, 0.20, "verde", 0.0),
        move(BLACK, 0.10, "verde", 0.01),
        cube(WHITE, Kind.NO_DOUBLE, "rojo", 0.2),
        cube(BLACK, Kind.TAKE, "verde", 0.0),
    ])
    chart = s.chart
    drawn = points(chart.svg)
    assert sorted(drawn) == [1, 2, 3, 4] and chart.points == 4
    height = drawn[1][0]
    assert height < MID  # the viewer's +0.2: above the middle line
    assert drawn[2][0] > MID  # the program's +0.1 is the viewer's −0.1: below it
    assert drawn[3][0] < drawn[1][0]  # not doubling keeps +0.4
    assert drawn[4][0] < MID  # the program took at −0.6 for it: +0.6 for the viewer
    assert abs((MID - drawn[4][0]) / (MID - drawn[3][0]) - 1.5) < 0.01


def test_errors_are_drawn_in_their_light_s_colour_with_an_edge_and_the_others_without():
    chart = game_of([move(WHITE, 0.1, "verde", 0.0), move(BLACK, -0.2, "ambar", 0.05), move(WHITE, 0.0, "rojo", 0.2)]).chart
    drawn = points(chart.svg)
    assert [drawn[step][1] for step in (1, 2, 3)] == ["verde", "ambar", "rojo"]
    assert chart.svg.count('class="review-chart__edge"') == 2


def test_forced_plays_ungraded_decisions_and_game_ends_have_no_point_and_a_new_game_starts_a_new_line():
    ending = Action(side=WHITE, kind=Kind.RESULT, game_number=1, xgid=BEFORE_ROLL, result_kind="single", points=1)
    s = game_of([
        move(WHITE, 0.3, "verde", 0.0),
        move(BLACK, 0.0, "verde", 0.0, forced=True),
        move(WHITE, 0.2, "", None),
        move(BLACK, 0.1, "verde", 0.0),
        ending,
        move(WHITE, 0.1, "verde", 0.0, game=2),
        move(BLACK, 0.1, "verde", 0.0, game=2),
    ])
    chart = s.chart
    assert sorted(points(chart.svg)) == [1, 4, 6, 7]
    assert chart.svg.count("<polyline") == 2
    assert chart.svg.count('class="review-chart__game"') == 1


def test_each_decision_links_to_its_step_and_the_one_on_show_is_marked():
    s = game_of([move(WHITE, 0.1, "verde", 0.0), move(BLACK, 0.1, "rojo", 0.3), move(WHITE, 0.2, "verde", 0.0)], current="2")
    svg = s.chart.svg
    assert re.findall(r'<a href="\?paso=(\d+)" data-step="\1"', svg) == ["1", "2", "3"]
    ring = re.search(r'class="review-chart__ring"', svg)
    assert ring and svg.count("review-chart__ring") == 1
    ring_x = re.search(r'<line x1="([\d.]+)" y1="[\d.]+" x2="[\d.]+" y2="[\d.]+" class="review-chart__ring"', svg)[1]
    point_x = re.search(r'<line x1="([\d.]+)"[^>]*data-point-step="2"', svg)[1]
    assert ring_x == point_x
    band = re.search(r'<rect x="([\d.]+)" y="0" width="([\d.]+)" height="%d" class="review-chart__current"' % HEIGHT, svg)
    assert float(band[1]) < float(point_x) < float(band[1]) + float(band[2])
    assert "Decisión 2: El programa, con 3-1: 13/9, rojo (pérdida 0,300); ventaja después: −0,100" in svg


def test_the_description_says_what_the_line_is_whose_advantage_is_up_and_counts_the_errors():
    chart = game_of([move(WHITE, 0.1, "ambar", 0.05), move(BLACK, 0.1, "rojo", 0.3), move(WHITE, 0.2, "rojo", 0.2)]).chart
    description = re.search(r"<desc[^>]*>(.*)</desc>", chart.svg)[1]
    assert "La ventaja a lo largo de la partida según GNU Backgammon" in description
    assert "3 decisiones revisadas" in description and "de −1 a +1" in description
    assert "arriba, ventaja tuya; abajo, del programa" in description
    assert "Tú: 1 en ámbar y 1 en rojo" in description and "El programa: 0 en ámbar y 1 en rojo" in description
    assert "Marcada, la decisión 1" in description
    assert '<title id="grafico-ventaja-t">Ventaja a lo largo de la partida</title>' in chart.svg
    assert (chart.above, chart.below) == ("tuya", "del programa")


def test_the_scale_grows_by_halves_with_gammons_and_stops_at_a_backgammon():
    assert game_of([move(WHITE, 0.4, "verde", 0.0)]).chart.scale == 1.0
    grown = game_of([move(WHITE, 1.2, "verde", 0.0)]).chart
    assert grown.scale == 1.5 and grown.scale_text == "1,5"
    capped = game_of([move(WHITE, 7.0, "verde", 0.0)]).chart
    assert capped.scale == LIMIT
    assert points(capped.svg)[1][0] >= 0


def test_a_spectator_sees_white_s_advantage_named():
    names = {WHITE: Actor("Ana", of_whom="de Ana"), BLACK: Actor("Bruno", of_whom="de Bruno")}
    s = game_of([move(WHITE, 0.1, "verde", 0.0), move(BLACK, 0.1, "verde", 0.0)], viewer=None, actors=names)
    assert s.seen_from == WHITE and s.worst == []
    assert (s.chart.above, s.chart.below) == ("de Ana", "de Bruno")


def test_cube_decisions_are_worth_what_was_chosen():
    steps = game_of([
        cube(WHITE, Kind.DOUBLE, "verde", 0.0, double_take=1.4),
        cube(BLACK, Kind.DROP, "rojo", 0.4),
        cube(WHITE, Kind.NO_DOUBLE, "verde", 0.0),
    ]).steps
    assert [step.advantage for step in steps] == [1.0, -1.0, 0.4]


def test_the_viewer_s_three_costliest_decisions_come_first_and_nobody_else_s():
    s = game_of([
        move(WHITE, 0.1, "ambar", 0.05),
        move(BLACK, 0.1, "rojo", 0.9),
        move(WHITE, 0.1, "rojo", 0.3),
        move(WHITE, 0.1, "verde", 0.0),
        move(WHITE, 0.1, "ambar", 0.05),
        move(WHITE, 0.1, "rojo", 0.2),
        move(WHITE, 0.1, "verde", 0.0, forced=True),
    ])
    assert [step.number for step in s.worst] == [3, 6, 1]
    assert s.worst[0].what == "13/9" and s.worst[0].best == "8/5 6/5"


def test_a_very_lucky_or_very_unlucky_roll_is_ticked_on_the_edge_the_advantage_moved_towards():
    mine_lucky, theirs_lucky, mine_unlucky, plain = (
        move(WHITE, 0.2, "verde", 0.0), move(BLACK, 0.1, "verde", 0.0), move(WHITE, 0.0, "verde", 0.0),
        move(BLACK, 0.1, "verde", 0.0))
    mine_lucky.luck, theirs_lucky.luck, mine_unlucky.luck, plain.luck = 0.7, 0.65, -0.62, 0.59
    chart = game_of([mine_lucky, theirs_lucky, mine_unlucky, plain]).chart
    ticks = {int(step): (float(top), way) for top, way, step in re.findall(
        r'y1="([\d.]+)" x2="[\d.]+" y2="[\d.]+" class="review-chart__luck review-chart__luck--(\w+)" data-luck-step="(\d+)"',
        chart.svg)}
    assert {step: way for step, (_, way) in ticks.items()} == {1: "up", 2: "down", 3: "down"}
    assert ticks[1][0] < MID < ticks[2][0] and chart.luck_marks == 3
    assert "<title>Decisión 1: Tú, con 3-1: 13/9, verde, muy buena suerte (pérdida" in chart.svg
    seen_by_black = game_of([mine_lucky, theirs_lucky, mine_unlucky, plain], viewer=BLACK).chart
    assert 'review-chart__luck--up" data-luck-step="2"' in seen_by_black.svg
