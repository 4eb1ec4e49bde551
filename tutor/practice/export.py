"""A practice match as a ``.mat`` file (``tutor.games.mat`` writes it): the learner is the first player."""

from __future__ import annotations

from tutor.games.mat import match_text as mat_text
from tutor.games.mat import transcripts

from .models import COMPUTER, LEARNER, PracticeMatch

NAMES = {LEARNER: "Alumno", COMPUTER: "gnubg"}


def match_text(match: PracticeMatch) -> str:
    """The whole match in ``.mat`` format."""
    games = transcripts(
        match.actions.all(), length=match.length, last_game=match.game_number, over=match.is_over, first=match.position
    )
    return mat_text(match.length, (NAMES[LEARNER], NAMES[COMPUTER]), games, jacoby=match.position.jacoby)
