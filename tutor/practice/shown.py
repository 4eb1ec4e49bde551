"""What the learner's play analysis and the computer's plays keep for showing later."""

from __future__ import annotations

from tutor.engine import Play

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

