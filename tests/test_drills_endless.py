"""Drills never run out: any rule, level and seed gives as many distinct drills as asked, up to fifty.

The API is asked for fifty drills at each level of each rule for a hundred
random seeds (drawn once, so every run asks the same): every answer is a
200 with fifty different positions.  A class of any size, and a teacher's
thirty drills for each student, therefore always exist.
"""

from __future__ import annotations

import random

import pytest

from tutor.drills import LEVELS, RULES

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

SEEDS = random.Random("drills-api").sample(range(2**31 - 1), 100)
COUNT = 50


@pytest.mark.parametrize("rule", list(RULES))
def test_fifty_distinct_drills_come_at_every_level_for_a_hundred_random_seeds(client, rule):
    for level in LEVELS:
        for seed in SEEDS:
            response = client.get(f"/api/drills/{rule}/?level={level}&seed={seed}&n={COUNT}")
            assert response.status_code == 200, (level, seed)
            positions = {drill["xgid"] for drill in response.json()["drills"]}
            assert len(positions) == COUNT, (level, seed)
