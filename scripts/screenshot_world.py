"""The games ``scripts/screenshots.py`` shows: a live game under way, its finished review and a practice review.

Run in its own process against the screenshots' throwaway database (the
same ``DATABASE_URL``), it creates two accounts, plays through the site's
own services and forms, runs the queue of reviews as a worker would
(``drain``) and prints, as JSON, the accounts' password and the pages to
photograph.  gnubg grades at 0 plies here, to be quick.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutor.settings.dev")
os.environ["PRACTICE_GRADING_PLIES"] = "0"

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.test import Client  # noqa: E402

from tests.live_review import played  # noqa: E402
from tests.practice_flow import decide, start  # noqa: E402
from tutor.play import service  # noqa: E402
from tutor.play.models import Phase  # noqa: E402
from tutor.practice.background import drain  # noqa: E402
from tutor.practice.models import COMPUTER  # noqa: E402
from tutor.practice.models import Phase as PracticePhase  # noqa: E402

PASSWORD = "una-clave-de-fotos-2024"


def account(name: str):
    user = get_user_model().objects.create_user(name, password=PASSWORD, first_name=name.capitalize())
    return user


def live_game_under_way(white, black):
    """A money game a few turns in, White to move."""
    game = service.create_game(white, black=black)
    for _ in range(40):
        game.refresh_from_db()
        side = game.side_to_act()
        if game.phase == Phase.MOVE and side == 0 and game.actions.filter(kind="move").count() >= 6:
            return game
        player = [white, black][side]
        if game.phase == Phase.ROLL:
            service.run(game.pk, player, "roll", seq=game.seq)
        else:
            service.run(game.pk, player, "move", seq=game.seq, play=game.position.legal_plays()[0].notation)
    return game


def practice_game_over(user):
    """A money game against the program at its weakest level, played to its end through the forms."""
    client = Client(HTTP_HOST="127.0.0.1")  # the development settings' hosts
    client.force_login(user)
    match = start(client, length=0, level="principiante")
    for _ in range(400):
        match.refresh_from_db()
        if match.phase != PracticePhase.MOVE and match.phase != PracticePhase.ROLL and match.phase != PracticePhase.ANSWER:
            break
        decide(client, match, double_once={match.game_number}, answer="aceptar")  # never doubles, takes: a whole game
    return match


def main() -> None:
    ana, bruno = account("ana"), account("bruno")
    finished = played(ana, bruno)
    under_way = live_game_under_way(ana, bruno)
    match = practice_game_over(ana)
    drain()
    steps = list(match.actions.values_list("pk", "side", "kind", "colour"))
    errors = [n for n, (_, side, kind, colour) in enumerate(steps, 1) if side == COMPUTER and kind == "move" and colour in ("ambar", "rojo")]
    mine = [n for n, (_, side, kind, colour) in enumerate(steps, 1) if side != COMPUTER and kind == "move" and colour in ("ambar", "rojo")]
    step = (errors or mine or [1])[0]
    print(json.dumps({
        "password": PASSWORD,
        "pages": [
            ["partida-directo", "ana", under_way.get_absolute_url()],
            ["revision-directo", "bruno", finished.get_review_url() + "?paso=3"],
            ["revision-practica", "ana", f"{match.get_review_url()}?paso={step}"],
        ],
    }))


if __name__ == "__main__":
    main()
