"""Every ``.mat`` the site writes imports into GNU Backgammon whole: all games, winners and points.

Random matches and money sessions of every kind are driven through the site
(live games through the players' messages, practice matches through the
learner's forms), with drops by either player, resignations at any moment
(before the first move too), leaving, claims, Crawford and post-Crawford
games; each export is read back by gnubg in a subprocess and compared with
the results the site recorded.
"""

from __future__ import annotations

import random

import pytest
from django.core.cache import cache
from django.test import Client

from tests.classroom_factories import make_user
from tests.gnubg_import import imported
from tests.practice_flow import start
from tests.random_games import random_live_game, random_practice_match
from tutor.engine import WHITE
from tutor.games.mat import match_text, transcripts
from tutor.play import service
from tutor.play.review import export_text
from tutor.practice.models import PracticeMatch

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("quick_and_reproducible")]

LIVE = [
    # (length, seed, chances of each way to end a game)
    (0, 1, {"offer": 0.02, "accept": 0.8}),  # with the Jacoby rule
    (0, 2, {"leave": 0.003}),
    (0, 3, {"claim": 0.003, "double": 0.2}),
    (3, 4, {"offer": 0.05, "accept": 0.9}),
    (5, 5, {"drop": 0.9, "double": 0.3}),
    (5, 6, {"offer": 0.3, "accept": 0.5}),
    (7, 7, {"claim": 0.004}),
    (7, 8, {"leave": 0.002, "double": 0.15}),
    (3, 9, {"drop": 0.2, "double": 0.3}),
]
PRACTICE = [(3, 11), (5, 12), (0, 13)]


def expected(actions, game) -> list[list]:
    """What gnubg should read: for each game, its first score, its winner and points (None: no end)."""
    results = {a.game_number: a for a in actions if a.kind == "result"}
    found = []
    for transcript in transcripts(actions, length=game.length, last_game=game.game_number, over=game.is_over,
                                  first=game.position):
        result = results.get(transcript.number)
        winner = None if result is None else ("X" if result.side == WHITE else "O")
        found.append([*transcript.score, winner, result.points if result else 0])
    return found


def test_every_export_of_random_live_and_practice_games_imports_into_gnubg_whole(tmp_path):
    files, wanted = [], []
    for index, (length, seed, chances) in enumerate(LIVE):
        players = (make_user(f"blancas{index}"), make_user(f"negras{index}"))
        game = service.create_game(players[0], length=length, black=players[1], jacoby=seed == 1)
        game = random_live_game(game, players, random.Random(seed), games=4, ending_weights=chances)
        text = export_text(game)
        assert "and the match" not in text or length
        files.append((text, game.position.jacoby))
        wanted.append(expected(list(game.actions.all()), game))
    for length, seed in PRACTICE:
        cache.clear()  # a whole match is many requests: the practice rate limit is not what is tested
        client = Client()
        match = start(client, length=length)
        if not length:  # a money session with the Jacoby rule
            PracticeMatch.objects.filter(pk=match.pk).update(jacoby=True, xgid=match.position.replace(jacoby=True).to_xgid())
        match = random_practice_match(client, match, random.Random(seed), games=3, double=0.3,
                                      resign=0.04)
        text = client.get(f"/practica/{match.pk}/partida.mat").content.decode()
        files.append((text, match.position.jacoby))
        wanted.append(expected(list(match.actions.all()), match))
    read = imported(files, tmp_path)
    for text, got, want in zip((text for text, _ in files), read, wanted):
        # gnubg stops at a game without an end only when it is the last one.
        got = [[x, o, winner, points if winner else 0] for x, o, winner, points in got]
        assert got == want, text
    ends = {tuple(game[2] is None for game in file) for file in wanted}
    assert any(not any(flags) for flags in ends)


def test_a_money_session_never_says_and_the_match():
    text = match_text(0, ("ana", "bruno"), transcripts([], length=0, last_game=1, over=True, first=__import__("tutor.engine").engine.Position.initial()))
    assert "and the match" not in text
