"""What the lobby shows: its block of the «Jugar» page, each seek and game to watch, and the box after a match.

A seek's row is drawn from one template in three variants (``rooms``:
the creator's own, with «Retirar»; a possible rival's, with «Aceptar»; a
watcher's, read-only).  The page draws the rows its viewer is shown; a
published seek is drawn once in every variant by the process that
published it (``broadcast``), and each lobby socket forwards the variant
its viewer is shown.  Rows drawn outside a request have no CSRF token:
the page's script gives their forms its own, as a game's page does.
"""

from __future__ import annotations

from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html

from tutor.accounts.models import display_name
from tutor.engine import opponent
from tutor.play import access
from tutor.play.models import LiveGame, Phase
from tutor.ratings import service as rating_service
from tutor.ratings.models import RatedMatch, RatingChange

from . import rematch, safety, service
from .forms import SeekForm
from .models import PUBLIC_ROOM, Seek
from .rooms import MINE, TAKE, VIEW, Card, Viewer, blocks_between, playing_in

WATCHABLE = 30
"""How many public games under way the lobby lists."""


def seek_row(seek: Seek, variant: str, request=None) -> str:
    return render_to_string("lobby/_seek.html", {"seek": seek, "variant": variant}, request=request)


def seek_variants(seek: Seek) -> dict[str, str]:
    """The row of a newly published seek in every variant, for the lobby's sockets to choose from."""
    return {variant: seek_row(seek, variant) for variant in (MINE, TAKE, VIEW)}


def seek_rows(viewer: Viewer, request=None, seeks: list[Seek] | None = None) -> str:
    """The rows of the open seeks ``viewer`` is shown (``seeks``, or read now), drawn in one pass."""
    if seeks is None:
        seeks = service.listed(viewer, now=timezone.now())
    rows = [(seek, viewer.shows(Card.of(seek))) for seek in seeks]
    return render_to_string("lobby/_seek_rows.html", {"rows": rows}, request=request).strip()


def watchable(viewer: Viewer) -> list[LiveGame]:
    """Public games under way, the newest first, for anyone who sees the public room."""
    return watchable_games() if PUBLIC_ROOM in viewer.keys else []


def watchable_games() -> list[LiveGame]:
    return list(LiveGame.objects.filter(public=True, classroom__isnull=True, black__isnull=False)
                .exclude(phase__in=[Phase.WAITING, Phase.OVER]).select_related("white", "black").order_by("-created")[:WATCHABLE])


def game_rows(games: list[LiveGame]) -> str:
    """The rows of games to watch, with both players' ratings, drawn in one pass."""
    if not games:
        return ""
    standing = rating_service.ratings_of({pk for game in games for pk in (game.white_id, game.black_id)})
    rated = set(RatedMatch.objects.filter(game__in=games).values_list("game_id", flat=True))
    rows = [{"game": game, "rated": game.pk in rated, "white_rating": standing.get(game.white_id) if game.white_id else None,
             "black_rating": standing.get(game.black_id) if game.black_id else None} for game in games]
    return render_to_string("lobby/_game_rows.html", {"rows": rows}).strip()


def waiting_box(seek: Seek | None, request=None) -> str:
    return render_to_string("lobby/_waiting.html", {"seek": seek}, request=request) if seek is not None else ""


def section(request) -> str:
    """The lobby's block of the «Jugar» page (``/jugar/``), for the viewer of ``request``."""
    user = request.user
    viewer = Viewer.of(user)
    if not viewer.rooms:
        return ""
    if user.is_authenticated:
        service.renew(user, now=timezone.now())
    return render_to_string("lobby/_section.html", {
        "viewer": viewer,
        "page_opened": int(timezone.now().timestamp() * 1000),  # its socket, reconnecting, hears of a pairing made meanwhile
        "form": (getattr(request, "lobby_form", None) or SeekForm(viewer)) if viewer.plays else None,
        "waiting": waiting_box(service.waiting(user, now=timezone.now()), request),
        "seeks": seek_rows(viewer, request),
        "games": game_rows(watchable(viewer)),
        "blocked": safety.blocked_by(user) if user.is_authenticated else [],
        "profile_url": reverse("ratings:profile", args=[user.username]) if viewer.plays and "public" in viewer.playing_keys else "",
    }, request=request)


def after_match(game: LiveGame, viewers: list) -> list[str]:
    """What a finished match's panel offers each of ``viewers`` (its players; nothing for anyone else):
    the rating change, a rematch, another rival, a block.

    Both players' panels are drawn together after every change: what they
    share (the rating changes, the rematch offers, a block between them, who
    plays in the game's room) is read once for both.
    """
    if game.black_id is None:
        return [""] * len(viewers)
    if all(game.side_of(viewer) is None for viewer in viewers):
        return [rematch_to_follow(game, viewer) for viewer in viewers]
    changes = {change.user_id: change for change in RatingChange.objects.filter(game=game)}
    try:
        wish = rematch.wish_after(game, rated=True if changes else None)
    except service.LobbyError:  # settings the lobby does not offer (a match to one point): nothing to repeat
        wish = None
    offers = rematch.offers(game) if wish else None
    blocked = blocks_between(game.white, game.black_id)
    again = playing_in([game.white_id, game.black_id], wish.classroom_id) if wish else set()
    now = timezone.now()
    boxes = []
    for viewer in viewers:
        side = game.side_of(viewer)
        if side is None:
            boxes.append("")
            continue
        rival = game.player(opponent(side))
        boxes.append(render_to_string("lobby/_after_match.html", {
            "game": game,
            "rival": rival,
            "rival_name": display_name(rival),  # as the game's page names the players
            "viewer": viewer,
            "change": changes.get(viewer.pk),
            "rematch": rematch.state(game, viewer, now=now, standing=offers) if offers is not None else None,
            "blocked": blocked,
            "again": viewer.pk in again,
        }))
    return boxes


def rematch_to_follow(game: LiveGame, viewer) -> str:
    """A spectator of a finished match whose players started a rematch is offered to follow them there."""
    started = rematch.state(game, viewer, now=timezone.now())["started"]
    if started is None or not access.can_watch(viewer, started):
        return ""
    names = {"white_name": display_name(started.white), "black_name": display_name(started.black)}
    return render_to_string("lobby/_rematch_to_follow.html", {"game": game, "rematch": started, **names})


def game_links(game: LiveGame, viewer) -> str:
    """The «Más» list of a game's page: telling the staff about it, for its players.

    Before the rival joins there is nobody to tell about: the link is drawn
    hidden (``data-after-join``), and the page shows it when the game's state
    says the rival is there, as it names them in its heading.
    """
    if game.side_of(viewer) is None:
        return ""
    url = reverse("lobby:report", args=[game.code])
    if game.black_id is None:
        return format_html('<a href="{}" data-after-join hidden>Avisar al equipo del sitio sobre esta partida</a>', url)
    return format_html('<a href="{}">Avisar al equipo del sitio sobre esta partida</a>', url)
