"""The rules that decided a step of an uploaded match's review, named from the catalogue with their lessons."""

from __future__ import annotations

from types import SimpleNamespace

from tutor.engine import BLACK, WHITE, Position
from tutor.rules import CRAWFORD_NOTICE, NO_CRAWFORD_NOTICE, RULES, RuleCode
from tutor.uploads.notes import step_notes


def step(position: Position, kind: str = "move", side: int = WHITE):
    return SimpleNamespace(ending=False, kind=kind, position=position, side=side)


def titles(found) -> list[str]:
    return [note.title for note in found]


def test_an_ordinary_play_names_no_rule():
    assert step_notes(step(Position.initial().with_dice((3, 1)))) == []


def test_a_checker_on_the_bar_against_a_closed_board_names_the_closed_out_rule_and_its_lesson():
    closed = Position.from_layout({"bar": 1, 13: 14}, {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2, 1: 3}).with_dice((3, 1))
    [note] = step_notes(step(closed))
    assert note.title == RULES[RuleCode.CLOSED_OUT].title and note.url == RULES[RuleCode.CLOSED_OUT].url


def test_bearing_off_from_below_the_die_names_the_higher_die_rule():
    home = Position.from_layout({4: 5, 3: 5, 2: 5}, {24: 15}).with_dice((6, 5))
    assert RULES[RuleCode.BEAR_OFF_HIGHER].title in titles(step_notes(step(home)))


def test_the_crawford_game_is_told_on_each_step_with_the_cube_s_lesson():
    crawford = Position.initial(match_length=3, score=(2, 0), crawford=True).with_dice((4, 2))
    notes = step_notes(step(crawford))
    assert [(note.title, note.text) for note in notes] == [(RULES[RuleCode.MAY_DOUBLE].title, str(CRAWFORD_NOTICE))]


def test_a_dead_cube_is_told_to_the_leader_who_cannot_use_it():
    after_crawford = Position.initial(match_length=3, score=(2, 0)).with_dice((4, 2))
    assert titles(step_notes(step(after_crawford, side=WHITE))) == [RULES[RuleCode.MAY_DOUBLE].title]
    assert step_notes(step(after_crawford.replace(turn=BLACK), side=BLACK)) == []


def test_the_end_of_a_game_has_no_notes():
    assert step_notes(SimpleNamespace(ending=True)) == []


def test_without_the_crawford_rule_a_game_one_side_a_point_away_says_the_cube_is_still_in_play():
    away = Position.initial(match_length=5, score=(4, 0)).with_dice((4, 2))
    notes = step_notes(step(away.replace(turn=BLACK), side=BLACK), crawford_rule=False)
    assert [(note.title, note.text) for note in notes] == [(RULES[RuleCode.MAY_DOUBLE].title, str(NO_CRAWFORD_NOTICE))]
    leader = step_notes(step(away), crawford_rule=False)
    assert leader[0].text == str(NO_CRAWFORD_NOTICE) and len(leader) == 2, "and the leader's cube is dead"
    assert step_notes(step(Position.initial(match_length=5, score=(2, 0)).with_dice((4, 2))), crawford_rule=False) == []
