"""The 1-ply shortcut of grading: taken only when the shallow loss is far from both thresholds of the light.

A play ranked low at 1-ply used to be graded at 1-ply against the 1-ply
best.  These plays all rank fifth or lower at 1-ply with a 1-ply loss near a
threshold, and their colour at 1-ply is not their colour at the production
depth (2-ply, a full-width evaluation of every play gave the expected loss):
each must be graded at 2-ply and get the 2-ply colour.
"""

from __future__ import annotations

import pytest

from tutor.engine import Position
from tutor.practice import evaluator
from tutor.practice.gnubg_tasks import _far
from tutor.practice.grading import colour_for

# (XGID, play, rank at 1-ply, loss at 1-ply, loss of a full-width 2-ply evaluation)
SHALLOW_COLOUR_IS_WRONG = [
    ("XGID=-BB-CbEA----------a--Bbgc-:1:-1:1:15:0:0:0:0:10", "21/20 7/2", 5, 0.095, 0.142),
    ("XGID=-BC-A-aA-A-A--b-b-bABABdd-:1:1:-1:35:0:0:0:0:10", "9/6* 9/4*", 5, 0.0926, 0.1507),
    ("XGID=-bAAB-C-A---cE---bbda--aB-:0:0:1:21:2:5:0:7:10", "24/23* 24/22", 5, 0.158, 0.0827),
    ("XGID=bAC--aDa-B-aba-Bab-AaB--c-:1:1:-1:33:0:0:0:0:10", "bar/22(2) 12/9 8/5", 5, 0.0807, 0.0032),
]


@pytest.mark.parametrize(("xgid", "notation", "rank", "shallow", "deep"), SHALLOW_COLOUR_IS_WRONG)
def test_a_play_ranked_low_at_1_ply_near_a_threshold_is_graded_at_2_ply(xgid, notation, rank, shallow, deep):
    position = Position.from_xgid(xgid)
    play = position.check(notation).play
    assert colour_for(shallow) != colour_for(deep)
    graded = evaluator.grade_play(position, play, plies=2)
    assert graded.plies == 2
    assert graded.loss(play) == pytest.approx(deep, abs=0.005)
    assert colour_for(graded.loss(play)) == colour_for(deep)


def test_the_issue_s_play_is_rojo_at_the_production_depth(settings):
    settings.PRACTICE_GRADING_PLIES = 2
    position = Position.from_xgid(SHALLOW_COLOUR_IS_WRONG[0][0])
    play = position.check("21/20 7/2").play
    assert colour_for(evaluator.grade_play(position, play).loss(play)) == "rojo"


@pytest.mark.parametrize(
    ("loss", "margin", "far"),
    [(0.095, 0.10, False), (0.0, 0.10, False), (0.22, 0.10, False), (0.23, 0.10, True), (0.36, 0.25, False), (0.38, 0.25, True)],
)
def test_a_shallow_loss_is_far_only_when_every_threshold_is_beyond_the_margin(loss, margin, far):
    assert _far(loss, (0.03, 0.12), margin) is far
