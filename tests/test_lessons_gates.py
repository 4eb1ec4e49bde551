"""``question_key``: the one place that says when two questions about positions have the same answer."""

from __future__ import annotations

import pytest

from tutor.engine import BLACK, WHITE, Position
from tutor.lessons.calculations import CalculationError, calculate, reads_dice
from tutor.lessons.gates import question_key
from tutor.lessons.library import get_library

OPENING_52 = Position.from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10")
RACE = Position.from_layout({6: 5, 5: 5, 4: 5}, {6: 5, 5: 5, 3: 5}, dice=(6, 1))


@pytest.mark.parametrize(
    ("first", "second", "same"),
    [
        (OPENING_52, OPENING_52.replace(dice=(2, 5)), True),
        (OPENING_52, OPENING_52.replace(cube_value=8, cube_owner=BLACK), True),
        (OPENING_52, OPENING_52.replace(match_length=9, score=(8, 3), crawford=True), True),
        (OPENING_52, OPENING_52.replace(jacoby=True), True),
        (OPENING_52, Position.from_gnubg_id(*OPENING_52.to_gnubg_id().split(":")), True),
        (RACE, Position(RACE.checkers(BLACK), RACE.checkers(WHITE), turn=BLACK, dice=(1, 6)), True),
        (OPENING_52, OPENING_52.replace(dice=(5, 3)), False),
        (OPENING_52, OPENING_52.replace(dice=None), False),
        (RACE, RACE.replace(turn=BLACK), False),
    ],
    ids=["dice order", "cube", "match and Crawford", "Jacoby", "GNU ID", "colours swapped", "other dice", "no dice", "other side on roll"],
)
def test_two_spellings_are_one_question_only_when_checkers_side_and_dice_agree(first, second, same):
    assert (question_key(first) == question_key(second)) is same


def test_a_question_that_reads_no_dice_is_the_same_with_any_dice():
    assert question_key(OPENING_52, "pips blancas") == question_key(OPENING_52.replace(dice=(6, 6)), "pips blancas")
    assert question_key(OPENING_52, "jugadas") != question_key(OPENING_52.replace(dice=(6, 6)), "jugadas")


def test_a_position_with_more_checkers_than_a_side_owns_has_no_key():
    assert question_key(Position.from_layout({6: 16}, {6: 15}, dice=(3, 1))) == ""


def _answer(position: Position, calculation: str) -> str:
    try:
        return calculate(position, calculation)
    except CalculationError as error:
        return f"error: {error}"


def test_every_calculation_said_to_ignore_the_dice_answers_the_same_with_any_of_them():
    """``reads_dice`` decides which questions the gates compare without dice: each lesson's
    calculation it calls dice-free gives the same answer with no dice and with every roll."""
    checked = 0
    for puzzle in get_library().puzzles().values():
        if not puzzle.calculation or reads_dice(puzzle.calculation):
            continue
        answers = {_answer(puzzle.position.with_dice(dice), puzzle.calculation) for dice in (None, (1, 1), (2, 1), (6, 5), (6, 6))}
        assert len(answers) == 1, (puzzle.slug, puzzle.calculation, answers)
        checked += 1
    assert checked >= 20


def test_the_examples_of_the_moves_the_board_refuses_at_once_hold():
    import doctest

    from tutor.board import refusals

    result = doctest.testmod(refusals)
    assert result.attempted > 0 and result.failed == 0
