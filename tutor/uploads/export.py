"""The checked match back out as ``.mat``, by the shared writer (``tutor.games.mat``) GNU Backgammon imports whole."""

from __future__ import annotations

from tutor.engine import Match
from tutor.games.mat import match_text, player_name, transcripts
from tutor.games.models import ActionKind

from .models import UploadedMatch

Kind = ActionKind
EXPORTED = (Kind.MOVE, Kind.DOUBLE, Kind.BEAVER, Kind.TAKE, Kind.DROP, Kind.RESULT)


def export_text(match: UploadedMatch) -> str:
    """The match in ``.mat`` format, each name as one plain word."""
    over = match.winner is not None
    first = match.first_position(Match.new(match.length))
    games = transcripts(
        match.actions.filter(kind__in=EXPORTED), length=match.length, last_game=match.games, over=over, first=first,
        winner=match.winner, final_score=match.final_score if over else None,
    )
    names = (player_name(match.first_name, "Primero"), player_name(match.second_name, "Segundo"))
    return match_text(match.length, names, games, jacoby=match.jacoby, crawford=match.crawford)


def filename(match: UploadedMatch) -> str:
    return f"revisada-{match.pk}.mat"
