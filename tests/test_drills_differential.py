"""Generated drills agree with GNU Backgammon's move generator.

For every play drill: the position reached by writing the tempting play
out naively (each step moved as written, blots hit) is not among the
positions gnubg's ``moves`` reaches, so the tempting play really is
illegal; the engine's legal plays are exactly gnubg's, so every answer the
site accepts is one gnubg accepts; and a drill whose only answer is a
single play (or passing) has exactly that one result in gnubg.  For «is it
legal?» drills, the stated answer is whether gnubg reaches the play's
result.

By default ``PER_LEVEL`` drills per rule and level are checked (about two
thousand); run more with, e.g., ``DRILLS_DIFF_PER_LEVEL=400``.
"""

from __future__ import annotations

import os

import pytest

from tests.engine_positions import engine_outcomes, gnubg_outcomes
from tests.missing import unavailable
from tutor.drills import LEVELS, RULES, DrillError, generate
from tutor.engine import BAR, CHECKERS_PER_SIDE, OFF, EngineError, parse_play

try:
    import gnubg_nn  # noqa: F401
except ImportError:
    unavailable("gnubg_nn is missing: `pip install -r requirements.txt` to compare the drills with GNU Backgammon", module_level=True)

# About two thousand drills compared with GNU Backgammon.
pytestmark = pytest.mark.slow

PER_LEVEL = int(os.environ.get("DRILLS_DIFF_PER_LEVEL", 45))


def naive_outcome(position, text: str):
    """The boards after moving each written step as written, ignoring every rule but hitting."""
    mover, other = list(position.mover), list(position.opponent_board)
    try:
        segments = parse_play(text)
    except EngineError:
        return None
    for segment in segments:
        if mover[segment.src] <= 0:
            return None
        mover[segment.src] -= 1
        mover[segment.dst] += 1
        if segment.dst != OFF and other[25 - segment.dst] == 1:
            other[25 - segment.dst] = 0
            other[BAR] += 1
    return tuple(mover[1:26]), tuple(other[1:26])


def _play_drills():
    """The drills with a play to judge, skipping (as ``drill_set`` does) the rare index where no position was found."""
    for rule in RULES:
        for level in LEVELS:
            for index in range(PER_LEVEL):
                try:
                    drill = generate(rule, level, 2024, index)
                except DrillError:
                    continue
                if drill.kind in ("jugada", "unica", "legalidad"):
                    yield drill


def test_drills_agree_with_gnubg_move_generator():
    checked = 0
    mismatches = []
    for drill in _play_drills():
        position = drill.position
        theirs = gnubg_outcomes(position, position.dice)
        ours = engine_outcomes(position, position.dice)
        checked += 1
        if set(ours) != theirs or len(ours) != len(theirs):
            mismatches.append(f"{drill.id}: legal plays differ")
        if drill.kind in ("jugada", "unica") and naive_outcome(position, drill.tempting) in theirs:
            mismatches.append(f"{drill.id}: tempting {drill.tempting} is legal for gnubg")
        if drill.kind == "unica":
            only = position.legal_plays()[0]
            expected = (only.result.checkers(position.turn)[1:26], only.result.checkers(1 - position.turn)[1:26])
            if theirs != {expected} or only.notation != drill.answer:
                mismatches.append(f"{drill.id}: gnubg does not have {drill.answer!r} as the only play")
        if drill.kind == "legalidad":
            reached = position.check(drill.play)
            result = reached.play.result if reached.play else None
            outcome = (result.checkers(position.turn)[1:26], result.checkers(1 - position.turn)[1:26]) if result else naive_outcome(position, drill.play)
            if (outcome in theirs) != (drill.answer == "si"):
                mismatches.append(f"{drill.id}: gnubg disagrees that {drill.play} is {'legal' if drill.answer == 'si' else 'illegal'}")
    assert checked >= PER_LEVEL * len(LEVELS) * 10
    assert not mismatches, mismatches[:20]


def test_match_cube_and_opening_drills_agree_with_an_independent_solver():
    """The drills answered with a yes/no or a number about a match, the cube or the opening roll,
    solved again from the question and the cube on the board (``tests.drill_match_solvers``)."""
    from tests.drill_match_solvers import MATCH_RULES, resolve

    drills = [generate(rule, level, 2024, index) for rule in sorted(MATCH_RULES) for level in LEVELS for index in range(PER_LEVEL)]
    assert [drill.id for drill in drills if resolve(drill) != drill.answer] == []


def test_bearing_off_all_you_can_has_one_answer_in_gnubgs_move_generator():
    """«Saca todas las fichas que puedas»: among gnubg's results, those that bear off the most
    checkers are exactly one, it bears off as many as the drill's goal, and it is the play the drill accepts."""
    disagreements = []
    for level in LEVELS:
        for index in range(PER_LEVEL):
            drill = generate("bear-off-higher-die", level, 2024, index)
            position = drill.position
            theirs = gnubg_outcomes(position, position.dice)
            off = {outcome: CHECKERS_PER_SIDE - sum(outcome[0]) - position.mover[OFF] for outcome in theirs}
            most = max(off.values())
            best = {outcome for outcome, count in off.items() if count == most}
            accepted = {(play.result.checkers(position.turn)[1:26], play.result.checkers(1 - position.turn)[1:26])
                        for play in drill.accepted_plays()}
            if most != drill.goal.count or best != accepted:
                disagreements.append(f"{drill.id}: gnubg bears off {most} in {len(best)} ways")
    assert not disagreements, disagreements[:20]


def test_the_play_a_notation_drill_draws_is_legal_for_gnubg_and_written_as_its_answer():
    """«Write the play shown»: the arrows, read one by one as ``from/to`` and moved as written
    (``naive_outcome``), reach a result of gnubg's move generator, the one the drill's answer reaches."""
    disagreements = []
    for level in LEVELS:
        for index in range(PER_LEVEL):
            drill = generate("notation", level, 2024, index)
            position = drill.position
            arrows = " ".join(f"{'bar' if move.src == BAR else move.src}/{'off' if move.dst == OFF else move.dst}" for move in drill.shown_moves)
            read = naive_outcome(position, arrows)
            answer = position.check(drill.answer).play
            reached = (answer.result.checkers(position.turn)[1:26], answer.result.checkers(1 - position.turn)[1:26]) if answer else None
            if read not in gnubg_outcomes(position, position.dice) or read != reached:
                disagreements.append(f"{drill.id}: the arrows {arrows} and the answer {drill.answer} differ for gnubg")
    assert not disagreements, disagreements[:20]


def test_the_play_a_find_the_mistake_drill_draws_is_illegal_for_gnubg():
    """«Encuentra el error»: the play drawn, its arrows moved as written, reaches no result of gnubg's."""
    legal_for_gnubg = []
    for level in LEVELS:
        for index in range(PER_LEVEL):
            drill = generate("find-the-mistake", level, 2024, index)
            arrows = " ".join(f"{'bar' if move.src == BAR else move.src}/{'off' if move.dst == OFF else move.dst}" for move in drill.shown_moves)
            if naive_outcome(drill.position, arrows) in gnubg_outcomes(drill.position, drill.position.dice):
                legal_for_gnubg.append(f"{drill.id}: {drill.drawn}")
    assert not legal_for_gnubg, legal_for_gnubg[:20]


def test_the_play_a_larger_die_drill_asks_for_is_gnubgs_only_play_and_no_other_choice_is_legal():
    """«¿Qué juegas?» with one die playable: gnubg reaches one result, the answer's play written out
    reaches it, and neither the other die's play nor both dice together reach any result of gnubg's."""
    disagreements = []
    for level in LEVELS:
        for index in range(PER_LEVEL):
            drill = generate("larger-die", level, 2024, index)
            position = drill.position
            theirs = gnubg_outcomes(position, position.dice)
            plays = dict(drill.facts)
            if len(theirs) != 1 or naive_outcome(position, plays[drill.answer]) not in theirs:
                disagreements.append(f"{drill.id}: gnubg plays otherwise than {plays[drill.answer]}")
            for key, play in plays.items():
                if key != drill.answer and naive_outcome(position, str(play)) in theirs:
                    disagreements.append(f"{drill.id}: {play} is legal for gnubg")
    assert not disagreements, disagreements[:20]
