"""The practice light against an independent reference: every play at 2-ply, none dropped.

For generated positions (self-play, money and 7-point matches, cube centred
and owned by either side) a play is graded by the project (``grade_play``:
the play and the best candidates at one depth) and by a full-width 2-ply
evaluation of every legal play.  Wherever the reference loss is more than
``MARGIN`` from a threshold of the light, both colours must agree.

Positions with at most ``MAX_PLAYS`` legal plays keep the reference (the
expensive part) within a couple of minutes; ``PRACTICE_REFERENCE_POSITIONS``
runs more (``PRACTICE_REFERENCE_MAX_PLAYS`` widens them).
"""

from __future__ import annotations

import os
import random

import pytest

from tests.engine_positions import selfplay_positions
from tutor.engine import BLACK, WHITE, Position
from tutor.practice import evaluator
from tutor.practice.grading import colour_for

pytestmark = pytest.mark.slow

COUNT = int(os.environ.get("PRACTICE_REFERENCE_POSITIONS", "100"))
MAX_PLAYS = int(os.environ.get("PRACTICE_REFERENCE_MAX_PLAYS", "8"))
MARGIN = 0.005
THRESHOLDS = (0.03, 0.12)
STAKES = [
    {},
    {"cube_value": 2, "cube_owner": WHITE},
    {"cube_value": 2, "cube_owner": BLACK},
    {"match_length": 7, "score": (0, 0)},
    {"match_length": 7, "score": (4, 2), "cube_value": 2, "cube_owner": WHITE},
    {"match_length": 7, "score": (2, 5), "cube_value": 2, "cube_owner": BLACK},
    {"match_length": 7, "score": (5, 5)},
]


def generated(count: int) -> list[tuple[Position, str]]:
    """``count`` positions with a few legal plays each, under every kind of stakes in turn."""
    found = []
    for position in selfplay_positions(count * 6, seed=14):
        if position.winner() is None and 2 <= len(position.legal_plays()) <= MAX_PLAYS:
            stakes = STAKES[len(found) % len(STAKES)]
            found.append(position.replace(**stakes))
            if len(found) == count:
                return [(position, str(stakes)) for position in found]
    raise AssertionError("not enough positions")


def test_the_light_agrees_with_a_full_width_2_ply_evaluation():
    rng = random.Random(14)
    compared, disagreements, near = 0, [], 0
    colours: dict[str, int] = {}
    for position, stakes in generated(COUNT):
        reference = evaluator.full_width_plays(position, 2)
        # Half the plays among the best few (verde and ámbar), half at random.
        pool = reference.ranked[:4] if rng.random() < 0.5 else reference.ranked
        play = rng.choice(pool).play
        expected = reference.loss(play)
        graded = evaluator.grade_play(position, play, plies=2)
        mine = graded.loss(play)
        compared += 1
        colours[colour_for(expected)] = colours.get(colour_for(expected), 0) + 1
        if min(abs(expected - limit) for limit in THRESHOLDS) <= MARGIN:
            near += 1
            continue
        if colour_for(mine) != colour_for(expected):
            disagreements.append((position.to_xgid(), stakes, play.notation, round(mine, 4), round(expected, 4)))
    assert compared >= 100 or compared == COUNT
    assert near < compared / 4
    assert set(colours) == {"verde", "ambar", "rojo"}, colours  # every colour is put to the test
    assert disagreements == []
