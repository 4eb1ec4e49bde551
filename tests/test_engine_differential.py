"""The engine's legal plays agree with GNU Backgammon's move generator.

For every (position, roll) of a seeded set the set of positions reached by
``Position.legal_plays`` must equal the set reached by ``gnubg_nn.moves``
(which returns nothing when no move exists: then the only play is the pass).
Half of the comparisons come from GNU Backgammon self-play games, half from
synthetic edge cases tried with all 21 rolls (see ``tests/engine_positions``).

The default set has ``DEFAULT_COMPARISONS`` comparisons; run a larger one
with, for example::

    ENGINE_DIFF_POSITIONS=200000 ENGINE_DIFF_SEED=7 python -m pytest tests/test_engine_differential.py

Every mismatch is reported with the position's XGID and the dice.
"""

from __future__ import annotations

import os
from collections import Counter

import pytest

from tests.engine_positions import (
    ALL_ROLLS,
    SYNTHETIC_KINDS,
    Case,
    differential_cases,
    engine_outcomes,
    gnubg_outcomes,
    synthetic_positions,
    worst_case_position,
)
from tests.missing import unavailable

try:
    import gnubg_nn  # noqa: F401
except ImportError:
    unavailable("gnubg_nn is missing: `pip install -r requirements.txt` to compare with GNU Backgammon", module_level=True)

DEFAULT_COMPARISONS = 40_000
MIN_COMPARISONS = 20_000
SHOWN_MISMATCHES = 20
COVERAGE_SAMPLE = 210


def _comparisons() -> int:
    return int(os.environ.get("ENGINE_DIFF_POSITIONS", DEFAULT_COMPARISONS))


def _seed() -> int:
    return int(os.environ.get("ENGINE_DIFF_SEED", 2024))


@pytest.fixture(scope="module")
def cases() -> list[Case]:
    return list(differential_cases(_comparisons(), _seed()))


def _describe(case: Case, dice: tuple[int, int], ours: list, theirs: set) -> str:
    ours_set = set(ours)
    duplicates = len(ours) - len(ours_set)
    return (
        f"{case.position.replace(dice=dice).to_xgid()} dice {dice[0]}-{dice[1]} ({case.kind}): "
        f"engine {len(ours_set)} plays, gnubg {len(theirs)}; "
        f"missing {len(theirs - ours_set)}, extra {len(ours_set - theirs)}, duplicated {duplicates}"
    )


def _compare(cases: list[Case]) -> tuple[int, list[str]]:
    done = 0
    mismatches = []
    for case in cases:
        for dice in case.rolls:
            ours = engine_outcomes(case.position, dice)
            theirs = gnubg_outcomes(case.position, dice)
            done += 1
            if len(ours) != len(theirs) or set(ours) != theirs:
                mismatches.append(_describe(case, dice, ours, theirs))
    for line in mismatches[:SHOWN_MISMATCHES]:
        print("MISMATCH", line)
    return done, mismatches


@pytest.mark.slow
def test_every_position_reached_by_legal_plays_is_the_set_gnubg_reaches(cases):
    done, mismatches = _compare(cases)
    assert done >= min(_comparisons(), MIN_COMPARISONS)
    assert not mismatches, f"{len(mismatches)} mismatches, first: " + "\n".join(mismatches[:SHOWN_MISMATCHES])


def test_the_worst_case_gives_the_same_2226_positions_as_gnubg():
    position = worst_case_position()
    ours = engine_outcomes(position, (1, 1))
    theirs = gnubg_outcomes(position, (1, 1))
    assert len(ours) == len(set(ours)) == len(theirs)
    assert set(ours) == theirs


def test_the_synthetic_cases_exercise_every_rule_of_the_full_turn():
    """The edge-case families really reach the situations they are meant for."""
    seen: Counter[str] = Counter()
    for kind, position in synthetic_positions(COVERAGE_SAMPLE, _seed() + 1):
        seen[kind] += 1
        for dice in ALL_ROLLS:
            plays = position.legal_plays(dice)
            first = plays[0]
            if first.is_pass:
                seen["pass"] += 1
            elif first.dice_used == 1 and dice[0] != dice[1]:
                seen["one die"] += 1
                if first.moves[0].die == min(dice) and all(p.moves[0].die == min(dice) for p in plays):
                    seen["only the smaller die"] += 1
            if any(p.bears_off and p.hits for p in plays):
                seen["hit while bearing off"] += 1
            if any(p.enters for p in plays) and len(plays) > 1:
                seen["entering"] += 1
            if dice[0] == dice[1] and len(plays) >= 500:
                seen["doubles with 500+ plays"] += 1
    for situation in ("pass", "one die", "only the smaller die", "hit while bearing off", "entering", "doubles with 500+ plays"):
        assert seen[situation] >= 5, f"too few cases of {situation!r}: {dict(seen)}"
    assert set(SYNTHETIC_KINDS) <= set(seen)


def test_the_self_play_half_covers_both_colours_and_all_rolls(cases):
    played = [case for case in cases if case.kind == "self-play"]
    assert {case.position.turn for case in played} == {0, 1}
    rolls = {tuple(sorted(case.rolls[0], reverse=True)) for case in played}
    assert rolls == set(ALL_ROLLS)
