"""An illegal play in a puzzle with a goal is answered with a legal play that meets the goal.

«Una jugada legal aquí es …» is read as a way to answer: in «Capturar en el
6» it must not name a legal play that captures nothing, which the puzzle
then judges wrong.  The same holds for drills with a goal and for the plays
a teacher's study chapter accepts (they are judged by the lessons' judge).
"""

from __future__ import annotations

import pytest

from tutor.engine import Position
from tutor.lessons.answers import judge_play
from tutor.lessons.library import get_library

WITH_GOAL = [puzzle for puzzle in get_library().puzzles().values() if puzzle.goal is not None and puzzle.is_play]


def test_some_puzzles_have_a_goal_and_several_legal_plays():
    assert sum(len(puzzle.position.legal_plays()) > 1 for puzzle in WITH_GOAL) >= 3


@pytest.mark.parametrize("puzzle", WITH_GOAL, ids=[puzzle.slug for puzzle in WITH_GOAL])
def test_the_alternative_to_an_illegal_play_meets_the_puzzles_goal(puzzle):
    meeting = {play.notation for play in puzzle.position.legal_plays() if puzzle.goal.met_by(play, puzzle.position)}
    for text in ("24/1", "13/1 13/2", "bar/1", "6/off 5/off 4/off"):
        judgement = judge_play(puzzle, text)
        if judgement.verdict is None or judgement.verdict.legal:
            continue
        alternatives = {reason.alternative for reason in judgement.verdict.reasons if reason.alternative}
        assert alternatives <= meeting, (puzzle.slug, text, alternatives)


def test_without_a_goal_the_nearest_legal_play_is_offered_as_before():
    verdict = Position.initial().check("24/18", dice=(3, 1))
    assert verdict.reasons[0].alternative == "24/23 24/21"
