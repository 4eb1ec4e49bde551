"""A player's page: the rating, its history drawn on the server, and the recent matches with their reviews.

Who sees it: the player, always; anyone else once the player has entered
the public lobby (where their name and rating are shown to strangers
anyway).  Accounts a teacher created never play there, so their pages stay
private.  Others see only the games they could watch (public ones, or
those they played in).
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from tutor.engine import opponent
from tutor.play.access import is_young, my_games
from tutor.play.models import Phase

from . import fibs
from .rating_chart import rating_chart
from .models import Rating, RatingChange
from .service import PAIR_LIMIT

RECENT_GAMES = 20
NOT_FOUND = "No hay ningún jugador con ese nombre cuya página puedas ver."


def profile(request: HttpRequest, username: str) -> HttpResponse:
    player = get_user_model().objects.filter(username=username[:150]).first()
    viewer = request.user
    own = player is not None and viewer.is_authenticated and viewer.pk == player.pk
    row = Rating.objects.filter(user=player).first() if player is not None else None
    if player is None or not own and (row is None or is_young(player)):
        raise Http404(NOT_FOUND)
    changes = list(RatingChange.objects.filter(user=player).select_related("rival"))
    by_game = {change.game_id: change for change in changes}
    games = my_games(player).filter(phase=Phase.OVER).order_by("-last_action_at")
    if not own:
        mine = Q(white_id=viewer.pk) | Q(black_id=viewer.pk) if viewer.is_authenticated else Q(pk__in=[])
        games = games.filter(Q(public=True, classroom__isnull=True) | mine)
    standing = row.standing if row is not None else fibs.Standing()
    start = changes[0].rating_before if changes else standing.rating
    context = {
        "player": player,
        "name": player.username,  # the public handle: the full name is for the player's teachers
        "own": own,
        "standing": standing,
        "factor": fibs.experience_factor(standing.experience),
        "pair_limit": PAIR_LIMIT,
        "chart": rating_chart(start, [change.rating_after for change in changes]),
        "changes": list(reversed(changes)),
        "games": [_row(game, player, by_game.get(game.pk)) for game in games.select_related("white", "black")[:RECENT_GAMES]],
    }
    return render(request, "ratings/profile.html", context)


def _row(game, player, change: RatingChange | None) -> dict:
    side = game.side_of(player)
    return {"game": game, "change": change, "won": game.winner == side, "rival": game.player(opponent(side))}
