"""Random games driven through the site, for the property tests of scores and exports.

A live game is driven through ``service.run`` as the two players' messages
(the same door the sockets and forms use); a practice match through the
practice pages' forms, as a learner.  Each decision is chosen at random
among those the page offers, including doubles, drops, offers to resign and
their answers, leaving and claiming: every way a game can end.
"""

from __future__ import annotations

import random
import re
from datetime import timedelta

from django.utils import timezone

from tutor.engine import can_double, resignations
from tutor.play import service
from tutor.play.models import LiveGame, Phase
from tutor.practice.models import Phase as PracticePhase
from tutor.practice.models import PracticeMatch

ENDINGS = ("play", "drop", "offer", "leave", "claim")


def random_live_game(game: LiveGame, players, rng: random.Random, *, games: int = 3, limit: int = 3000,
                     ending_weights: dict | None = None) -> LiveGame:
    """Play ``game`` at random until it is over or ``games`` games were finished."""
    weights = {"double": 0.08, "drop": 0.4, "offer": 0.004, "accept": 0.6, "leave": 0.0005, "claim": 0.0005}
    weights.update(ending_weights or {})
    for _ in range(limit):
        game.refresh_from_db()
        if game.is_over or game.game_number > games:
            return game
        actor = game.side_to_act()
        user = players[actor]
        position = game.position
        kind, data = "move", {}
        if game.offer_pending:
            kind = "accept" if rng.random() < weights["accept"] else "reject"
        elif rng.random() < weights["leave"]:
            kind = "resign"
        elif rng.random() < weights["claim"]:
            LiveGame.objects.filter(pk=game.pk).update(last_action_at=timezone.now() - timedelta(minutes=game.claim_minutes + 1))
            kind, user = "claim", players[1 - actor]
        elif rng.random() < weights["offer"]:
            side = rng.choice((0, 1))
            kind, user = "offer", players[side]
            data["level"] = rng.choice(resignations(position, side))
        elif game.phase == Phase.ROLL:
            kind = "double" if can_double(position) and rng.random() < weights["double"] else "roll"
        elif game.phase == Phase.ANSWER:
            kind = "drop" if rng.random() < weights["drop"] else "take"
        else:
            data["play"] = rng.choice(position.legal_plays()).notation
        try:
            service.run(game.pk, user, kind, seq=game.seq, **data)
        except service.GameError:
            continue  # a refused decision (say, a double the policy forbids) changes nothing
    raise AssertionError("the game did not end")


def practice_decision(client, match: PracticeMatch, rng: random.Random, *, double: float = 0.2, drop: float = 0.4,
                      resign: float = 0.0):
    """One random decision of the learner, posted as the page's form would be."""
    base = f"/practica/{match.pk}"
    if match.phase in (PracticePhase.ROLL, PracticePhase.MOVE) and rng.random() < resign:
        page = client.get(f"{base}/").content.decode()
        levels = re.findall(r'name="nivel" value="(\w+)"', page)
        if levels:
            return client.post(f"{base}/rendirse/", {"seq": match.seq, "nivel": rng.choice(levels)})
    if match.phase == PracticePhase.MOVE:
        play = rng.choice(match.position.legal_plays())
        return client.post(f"{base}/jugar/?seq={match.seq}", {"play": play.notation})
    if match.phase == PracticePhase.ROLL:
        if rng.random() < double and "data-action-double" in client.get(f"{base}/").content.decode():
            return client.post(f"{base}/doblar/", {"seq": match.seq})
        return client.post(f"{base}/tirar/", {"seq": match.seq})
    if match.phase == PracticePhase.ANSWER:
        return client.post(f"{base}/responder/", {"seq": match.seq, "respuesta": "abandonar" if rng.random() < drop else "aceptar"})
    return client.post(f"{base}/siguiente/", {"seq": match.seq})


def random_practice_match(client, match: PracticeMatch, rng: random.Random, *, games: int = 2, limit: int = 2000,
                          **chances) -> PracticeMatch:
    """Play ``match`` at random until it is over or ``games`` games were finished."""
    for _ in range(limit):
        match.refresh_from_db()
        if match.phase == PracticePhase.MATCH_OVER or match.game_number > games or (
            match.game_number == games and match.phase == PracticePhase.GAME_OVER
        ):
            return match
        response = practice_decision(client, match, rng, **chances)
        assert response.status_code in (302, 409), (response.status_code, response.content.decode()[:500])
        if response.status_code == 302:  # as a browser does: the page brings the light and the program's turn
            assert client.get(response["Location"]).status_code == 200
    raise AssertionError("the match did not end")
