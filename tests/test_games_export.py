"""Every ``.mat`` the site writes imports into GNU Backgammon whole: all games, winners and points.

Random matches and money sessions of every kind are driven through the site
(live games through the players' messages, practice matches through the
learner's forms), with drops by either player, resignations at any moment
(before the first move too), leaving, claims, Crawford and post-Crawford
games; each export is read back by gnubg in a subprocess and compared with
the results the site recorded.  Then every way a match or session ends,
one by one (lost on time, left, claimed, resigned or aborted; before the
first move, mid-game, after a double), is imported and gnubg's score
compared with the server's.
"""

from __future__ import annotations

import random
import re
import shutil
import subprocess

import pytest
from django.core.cache import cache
from django.test import Client

from tests.classroom_factories import make_user
from tests.gnubg_import import imported
from tests.practice_flow import settle, start
from tests.random_games import random_live_game, random_practice_match
from tutor.engine import WHITE
from tutor.games.mat import match_text, transcripts
from tutor.games.matfile import MatchFileError, match_file, read_match
from tutor.play import service
from tutor.play.live_review import export_text
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
    for text, want in zip((text for text, _ in files), wanted):
        # The site's reader reads every export back with the same games, winners and points.
        back = read_match(text)
        assert [[*game.score, _letter(game.winner), game.points] for game in back.games] == want, text
    for text, got, want in zip((text for text, _ in files), read, wanted):
        # gnubg stops at a game without an end only when it is the last one.
        got = [[x, o, winner, points if winner else 0] for x, o, winner, points in got]
        assert got == want, text
    ends = {tuple(game[2] is None for game in file) for file in wanted}
    assert any(not any(flags) for flags in ends)


def _letter(side: int | None) -> str | None:
    return None if side is None else ("X" if side == WHITE else "O")


def test_a_money_session_never_says_and_the_match():
    text = match_text(0, ("ana", "bruno"), transcripts([], length=0, last_game=1, over=True, first=__import__("tutor.engine").engine.Position.initial()))
    assert "and the match" not in text


# -- every way a match or session ends, at any moment --------------------------------------------------------------


def server_score(game) -> list[int]:
    """The score the site gives at the end of the export: the final one once the match or session is over."""
    return list(game.final_score) if game.is_over else list(game.position.score)


def gnubg_score(games: list[list], length: int) -> list[int]:
    """The score gnubg reaches after the games it imported (a match's capped at its length, as the site's)."""
    x, o, winner, points = games[-1]
    score = [x, o]
    if winner is not None:
        score[0 if winner == "X" else 1] += points
    return [min(points, length) for points in score] if length else score


def moves(game, players, count: int):
    """``count`` decisions of the side to act: roll, or the first legal play."""
    from tutor.play.models import Phase

    for _ in range(count):
        game.refresh_from_db()
        side = game.side_to_act()
        kind = "roll" if game.phase == Phase.ROLL else "move"
        data = {"play": game.position.legal_plays()[0].notation} if kind == "move" else {}
        game = service.run(game.pk, players[side], kind, seq=game.seq, **data)
    game.refresh_from_db()
    return game


def doubled(game, players):
    """The side on roll doubles and the other takes (rolling first until the cube may be turned)."""
    from tutor.engine import can_double
    from tutor.play.models import Phase

    for _ in range(40):
        game.refresh_from_db()
        if game.phase == Phase.ROLL and can_double(game.position):
            break
        game = moves(game, players, 1)
    side = game.side_to_act()
    service.run(game.pk, players[side], "double", seq=game.seq)
    game.refresh_from_db()
    service.run(game.pk, players[1 - side], "take", seq=game.seq)
    game.refresh_from_db()
    assert game.position.cube_value == 2
    return game


def left(game, players, *, by_turn: bool = True):
    """The side the game waits for leaves the match (or session)."""
    game.refresh_from_db()
    return service.run(game.pk, players[game.side_to_act() if by_turn else 1 - game.side_to_act()], "resign", seq=game.seq)


def claimed(game, players):
    from datetime import timedelta

    from tutor.play import clocks
    from tutor.play.models import LiveGame

    game.refresh_from_db()
    LiveGame.objects.filter(pk=game.pk).update(last_action_at=clocks.clock() - timedelta(minutes=game.claim_minutes + 1))
    game.refresh_from_db()
    return service.run(game.pk, players[1 - game.side_to_act()], "claim", seq=game.seq)


def flagged(game, players, clock):
    """The side the game waits for runs out of time."""
    from tutor.play import clocks

    game.refresh_from_db()
    clock.wait(clocks.left(game, game.clock_side, clock.now)[1] + game.clock_delay + 1)
    return service.run(game.pk, players[1 - game.side_to_act()], "flag", seq=game.seq)


def aborted(game, players, clock):
    """The rival never made the first move of a timed game: the other player aborts the match."""
    from tutor.play import clocks

    game.refresh_from_db()
    clock.wait(clocks.ABORT_SECONDS + 1)
    return service.run(game.pk, players[1 - game.side_to_act()], "abort", seq=game.seq)


def resigned(game, players, level: str = "single"):
    """The side to act offers to resign the game as ``level`` and the other accepts."""
    game.refresh_from_db()
    side = game.side_to_act()
    service.run(game.pk, players[side], "offer", seq=game.seq, level=level)
    game.refresh_from_db()
    return service.run(game.pk, players[1 - side], "accept", seq=game.seq)


ENDINGS = {
    # name: (length, timed, how the match or session goes)
    "lost on time before the first move": (3, True, lambda g, p, c: flagged(g, p, c)),
    "lost on time after a double": (5, True, lambda g, p, c: flagged(doubled(moves(g, p, 4), p), p, c)),
    "lost on time before the first move of the second game": (3, True, lambda g, p, c: flagged(resigned(g, p), p, c)),
    "left before the first move": (3, False, lambda g, p, c: left(g, p)),
    "left by the side not on roll before the first move": (3, False, lambda g, p, c: left(g, p, by_turn=False)),
    "left mid-game": (3, False, lambda g, p, c: left(moves(g, p, 6), p)),
    "left after a double": (5, False, lambda g, p, c: left(doubled(moves(g, p, 3), p), p)),
    "a 5-point match left before the first move, the cube at 1": (5, False, lambda g, p, c: left(g, p)),
    "a 7-point match left mid-game, the cube at 1": (7, False, lambda g, p, c: left(moves(g, p, 6), p)),
    "a 7-point match left by the side not on roll, after a game": (
        7, False, lambda g, p, c: left(moves(resigned(g, p), p, 3), p, by_turn=False)),
    "a 7-point match claimed after a double": (7, False, lambda g, p, c: claimed(doubled(moves(g, p, 5), p), p)),
    "claimed before the first move": (3, False, lambda g, p, c: claimed(g, p)),
    "claimed after a double": (5, False, lambda g, p, c: claimed(doubled(moves(g, p, 5), p), p)),
    "resigned before the first move, then left": (3, False, lambda g, p, c: left(resigned(g, p, "gammon"), p)),
    "resigned after a double, then the match won the same way": (
        3, False, lambda g, p, c: resigned(resigned(doubled(moves(g, p, 2), p), p, "single"), p, "backgammon")),
    "a session resigned, then left before the first move": (0, False, lambda g, p, c: left(resigned(g, p, "gammon"), p)),
    "a session left mid-game": (0, False, lambda g, p, c: left(moves(g, p, 7), p)),
    "a session lost on time after a double": (0, True, lambda g, p, c: flagged(doubled(moves(g, p, 2), p), p, c)),
    "a session lost on time before the first move": (0, True, lambda g, p, c: flagged(g, p, c)),
    "aborted at the opening": (3, True, lambda g, p, c: aborted(g, p, c)),
}


def test_a_match_or_session_ended_any_way_at_any_moment_imports_into_gnubg_with_the_server_s_score(tmp_path, monkeypatch):
    from tests.test_play_clocks import Clock
    from tutor.play import clocks

    clock = Clock()
    monkeypatch.setattr(clocks, "clock", clock)
    files, wanted = [], []
    for index, (name, (length, timed, end)) in enumerate(ENDINGS.items()):
        players = (make_user(f"blancas{index}"), make_user(f"negras{index}"))
        game = service.create_game(players[0], length=length, black=players[1], timed=timed)
        game.refresh_from_db()
        end(game, players, clock)
        game.refresh_from_db()
        assert game.is_over or not length, name
        files.append((export_text(game), False))
        wanted.append((name, length, server_score(game)))
    for (text, _), (name, length, score), games in zip(files, wanted, imported(files, tmp_path)):
        assert games and gnubg_score(games, length) == score, f"{name}: gnubg reads {games}\n{text}"
        if not re.search(r"^ *1\)", text, re.MULTILINE):  # aborted: not a roll in the file, nothing to read
            with pytest.raises(MatchFileError, match="No hay ninguna jugada"):
                read_match(text)
            continue
        back = read_match(text)
        again = read_match(match_file(back))  # what an uploaded match exports: the same games, «Set Pos» included
        assert [(g.score, g.winner, g.points, [a.kind for a in g.actions]) for g in again.games] == [
            (g.score, g.winner, g.points, [a.kind for a in g.actions]) for g in back.games], name
        last = back.games[-1]
        read_score = list(last.score)
        if last.winner is not None:
            read_score[last.winner] += last.points
        read_score = [min(points, length) for points in read_score] if length else read_score
        assert read_score == score, f"{name}: read back as {read_score}\n{text}"


GNUBG_PROGRAM = shutil.which("gnubg") or shutil.which("/usr/games/gnubg")


@pytest.mark.skipif(GNUBG_PROGRAM is None, reason="the GNU Backgammon program (Debian's gnubg package) is not installed")
@pytest.mark.parametrize("length", [5, 7])
def test_a_long_match_left_early_with_the_cube_at_1_imports_into_the_gnubg_program_won_by_the_same_player(
        tmp_path, length):
    players = (make_user("blancas"), make_user("negras"))
    game = service.create_game(players[0], length=length, black=players[1])
    game = left(moves(game, players, 4), players)
    game.refresh_from_db()
    assert game.is_over and max(game.final_score) == length and game.position.cube_value == 1
    text = export_text(game)
    assert "; Set Pos=" in text
    path = tmp_path / "abandonado.mat"
    path.write_text(text, encoding="utf-8")
    result = subprocess.run([GNUBG_PROGRAM, "-t", "-q"], input=f"import mat {path}\nshow score\n", capture_output=True,
                            text=True, timeout=120)
    found = re.findall(r"The score \(after \d+ games?\) is: (\S+) (\d+), (\S+) (\d+) \(match to (\d+) points", result.stdout)
    assert found, result.stdout[-2000:]
    first, first_score, second, second_score, match_to = found[-1]
    read = {first: int(first_score), second: int(second_score)}
    winner = players[game.final_score.index(length)].username
    assert int(match_to) == length and read[winner] >= length, result.stdout[-2000:]
    assert "Unrecognised" not in result.stdout and "WARNING" not in result.stdout


def practice_resigned(client, match, level: str):
    settle(client, match)  # the program may have the opening roll: its turn comes first
    response = client.post(f"/practica/{match.pk}/rendirse/", {"seq": match.seq, "nivel": level})
    assert response.status_code == 302
    match.refresh_from_db()
    return match


def practice_next(client, match):
    match.refresh_from_db()
    assert client.post(f"/practica/{match.pk}/siguiente/", {"seq": match.seq}).status_code == 302
    match.refresh_from_db()
    return match


@pytest.mark.parametrize("length", [3, 0])
def test_a_practice_match_resigned_before_each_game_s_first_move_imports_into_gnubg_with_the_server_s_score(
        client, tmp_path, length):
    match = start(client, length=length)
    match = practice_resigned(client, match, "single")
    match = practice_resigned(client, practice_next(client, match), "gammon")
    text = client.get(f"/practica/{match.pk}/partida.mat").content.decode()
    games = imported([(text, False)], tmp_path)[0]
    assert [game[2] for game in games] == ["O", "O"], text
    assert gnubg_score(games, length) == list(match.score), text
