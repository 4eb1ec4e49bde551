"""What the learner's play analysis and the computer's plays keep for showing later."""

from __future__ import annotations

from tutor.engine import Play, Position
from tutor.engine.movegen import apply_move
from tutor.engine.position import after_play

from .evaluator import PlayAnalysis

TOP_PLAYS = 5
"""How many of gnubg's best plays are kept with each of the learner's plays."""


def top_plays(analysis: PlayAnalysis, chosen: Play) -> list[dict]:
    """gnubg's best plays and the learner's, all evaluated at the grading depth."""
    best = analysis.best.equity
    shown = list(analysis.full_depth[:TOP_PLAYS])
    mine = analysis.find(chosen)
    if mine not in shown:
        shown.append(mine)
    return [
        {"play": entry.notation, "equity": round(entry.equity, 4), "loss": round(best - entry.equity, 4), "chosen": entry is mine}
        for entry in shown
    ]


def steps(play: Play) -> list[Position]:
    """The position after each single move of a play, for showing it move by move."""
    position = play.position
    mover, other = position.mover, position.opponent_board
    steps = []
    for move in play.moves:
        mover, other = apply_move(mover, other, move)
        steps.append(after_play(position, mover, other).replace(turn=position.turn, dice=position.dice))
    return steps
