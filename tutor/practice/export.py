"""A practice match as a ``.mat`` file (``tutor.games.mat`` writes it): the learner is the first player.

The learner is named by their account's name; a visitor without an account
is «Alumno».
"""

from __future__ import annotations

from tutor.accounts.models import display_name
from tutor.games.mat import match_text as mat_text
from tutor.games.mat import player_name, transcripts

from .models import COMPUTER, LEARNER, PracticeMatch

NAMES = {LEARNER: "Alumno", COMPUTER: "gnubg"}


def learner_name(match: PracticeMatch) -> str:
    """The account's name in one word, or «Alumno» for a visitor's match."""
    if match.user is None:
        return NAMES[LEARNER]
    return player_name(display_name(match.user), NAMES[LEARNER])


def match_text(match: PracticeMatch) -> str:
    """The whole match in ``.mat`` format."""
    games = transcripts(
        match.actions.all(), length=match.length, last_game=match.game_number, over=match.is_over, first=match.position
    )
    return mat_text(match.length, (learner_name(match), NAMES[COMPUTER]), games, jacoby=match.position.jacoby)
