"""The .mat export: the layout gnubg writes, and a file that replays the very match."""

from __future__ import annotations

import re

import pytest

from tutor.engine import BLACK, MULTIPLIERS, WHITE, Match, Position, drop, parse_dice, resignation, score_game, take
from tutor.games.mat import player_name
from tutor.practice.export import match_text
from tutor.practice.models import PracticeMatch

from tests.classroom_factories import make_user, signed_in
from tests.practice_flow import decide, start

pytestmark = pytest.mark.usefixtures("quick_and_reproducible")

ROW = re.compile(r"^ {0,2}\d+\) (?P<left>.{0,28})(?P<right>.*)$")


def play_match(client, length: int) -> PracticeMatch:
    match = start(client, length=length)
    doubled: set[int] = set()
    for _ in range(300):
        match.refresh_from_db()
        if match.phase == "match-over" or (length == 0 and match.game_number > 1):
            return match
        assert decide(client, match, double_once=doubled).status_code == 302
    raise AssertionError("the match did not end")


CELL_START = re.compile(r"^(\d\d:|Doubles|Takes|Drops|Wins)$")


def row_cells(line: str) -> tuple[str, str]:
    """The two cells of a numbered line, read by their words as gnubg's importer does.

    A cell starts with a roll (``64:``) or a cube word; the first cell is the
    left one when it starts inside the 28-character column.
    """
    content = line.split(") ", 1)[1]
    cells: list[tuple[int, list[str]]] = []
    for found in re.finditer(r"\S+", content):
        if CELL_START.match(found[0]) or not cells:
            cells.append((found.start(), [found[0]]))
        else:
            cells[-1][1].append(found[0])
    texts = [(start, " ".join(words)) for start, words in cells]
    assert len(texts) <= 2, line
    if len(texts) == 2:
        return texts[0][1], texts[1][1]
    if not texts:
        return "", ""
    start, text = texts[0]
    return (text, "") if start < 28 else ("", text)


def win(outcomes, side, points, position, stakes, scored):
    """A «Wins» cell: the game's outcome, and a resignation's score when the game had not ended yet."""
    outcomes.append((side, points))
    if not scored:
        board = position or Position.initial(**stakes.position_fields())
        kind = {times: name for name, times in MULTIPLIERS.items()}[points // board.cube_value]
        stakes = stakes.after_game(resignation(board, 1 - side, kind))
    return stakes, True


def replay(text: str) -> list[tuple[str, int]]:
    """Read a .mat file back with our engine: each game's winner and points, checking every move.

    A game that ends with neither a last checker borne off nor a dropped
    cube was resigned: its points say as what (times the cube).
    """
    lines = [line for line in text.splitlines() if not line.startswith(";")]
    length = int(re.match(r"^ (\d+) point match$", lines[0])[1])
    stakes = Match.new(length)
    outcomes = []
    position, scored = None, False
    for line in lines[1:]:
        if line.startswith(" Game "):
            position, scored = None, False
            continue
        if re.match(r"^ \S+ : \d+ +\S+ : \d+$", line):
            scores = [int(n) for n in re.findall(r": (\d+)", line)]
            assert tuple(scores) == stakes.score
            continue
        won = re.match(r"^( +)Wins (\d+) points?( and the match)?$", line)
        if won:
            side = WHITE if len(won[1]) < 20 else BLACK
            stakes, scored = win(outcomes, side, int(won[2]), position, stakes, scored)
            continue
        if not ROW.match(line):
            assert not line.strip(), line
            continue
        for side, cell in zip((WHITE, BLACK), row_cells(line)):
            if not cell:
                continue
            if cell.startswith("Wins"):  # on the line of the first player's drop, as gnubg writes it
                stakes, scored = win(outcomes, side, int(cell.split()[1]), position, stakes, scored)
                continue
            if position is None:  # the opening roll decides who moves first
                position = Position.initial(**stakes.position_fields()).replace(turn=side)
            assert position.turn == side or cell in ("Takes", "Drops"), (line, cell)
            if cell.startswith("Doubles =>"):
                doubled = position
            elif cell == "Takes":
                position = take(doubled)
            elif cell == "Drops":
                result = drop(doubled)
                stakes, scored = stakes.after_game(result), True
            else:
                dice, _, moves = cell.partition(":")
                rolled = position.with_dice(parse_dice(dice))
                written = moves.replace("25/", "bar/").replace("/0", "/off").strip()
                if not written and not rolled.legal_plays()[0].is_pass:
                    position = rolled  # dice thrown and not played: a resignation follows
                    continue
                verdict = rolled.check(written)
                assert verdict.legal, (cell, rolled.to_xgid(), verdict.codes)
                position = verdict.play.result
                if position.winner() is not None:
                    stakes, scored = stakes.after_game(score_game(position)), True
    return outcomes


@pytest.mark.django_db
def test_the_exported_match_replays_move_by_move_to_the_same_results(client):
    match = play_match(client, length=3)
    text = client.get(f"/practica/{match.pk}/partida.mat").content.decode()
    outcomes = replay(text)
    results = [(a.side, a.points) for a in match.actions.filter(kind="result").order_by("number")]
    assert outcomes == results


@pytest.mark.django_db
def test_the_export_uses_gnubg_s_layout(client):
    match = play_match(client, length=3)
    lines = match_text(match).splitlines()
    assert lines[0] == " 3 point match" and lines[1] == ""
    assert lines[2] == " Game 1"
    assert re.match(r"^ Alumno : 0 {21}gnubg : 0$", lines[3])
    rows = [line for line in lines if ROW.match(line)]
    both = [line for line in rows if len(line) > 33 and line[5:33].endswith(" ")]
    assert rows and both
    for line in both:  # the second player's column starts at column 33, as gnubg writes it
        assert line[33] != " " or line[33:].startswith((" Doubles", " Takes", " Drops", " Wins")), line


@pytest.mark.django_db
def test_the_export_names_the_player_by_the_account_s_name_and_a_visitor_alumno(client):
    visitor = start(client, length=3)
    member = make_user("jgil", name="José Gil")
    mine = start(signed_in(member), length=3)
    assert mine.user == member and visitor.user is None
    assert re.match(r"^ Jose_Gil : 0 {19}gnubg : 0$", match_text(mine).splitlines()[3])
    assert match_text(visitor).splitlines()[3].startswith(" Alumno : 0 ")
    exported = signed_in(member).get(f"/practica/{mine.pk}/partida.mat").content.decode()
    assert " Jose_Gil : 0" in exported


def test_a_name_becomes_one_plain_word_for_the_mat_file_or_the_fallback():
    assert player_name("  Ana  María Núñez ", "Alumno") == "Ana_Maria_Nunez"
    assert player_name("李", "Alumno") == "Alumno"
    assert len(player_name("x" * 80, "Alumno")) == 24


@pytest.mark.django_db
def test_a_money_session_exports_as_a_0_point_match(client):
    match = start(client, length=0)
    response = client.get(f"/practica/{match.pk}/partida.mat")
    assert response["Content-Type"].startswith("text/plain")
    assert f'filename="practica-{match.pk}.mat"' in response["Content-Disposition"]
    assert response.content.decode().startswith('; [Jacoby "Off"]\n 0 point match\n\n Game 1\n')


GNUBG_IMPORT = """
import json, sys
import gnubg
gnubg.command("import mat " + sys.argv[1])
games = gnubg.match(analysis=0, boards=0, statistics=0, verbose=0)["games"]
print(json.dumps([[[step.get("player"), step.get("action"), step.get("dice"), step.get("move")] for step in g["game"]] for g in games]))
"""


def random_game_with_a_wide_cell(seed: int) -> PracticeMatch:
    """A match whose actions are a random game in which a learner's cell is wider than its column."""
    import random

    from tutor.practice.models import Action, Phase

    rng = random.Random(seed)
    while True:
        match = PracticeMatch.objects.create(length=7, level="intermedio", xgid=Position.initial().to_xgid(), phase=Phase.MOVE)
        position = Position.initial()
        wide_then_answered = 0
        for number in range(1, 400):
            rolled = position.with_dice((rng.randint(1, 6), rng.randint(1, 6)) if number > 1 else (3, 1))
            play = rng.choice(rolled.legal_plays())
            Action.objects.create(
                match=match, number=number, game_number=1, side=rolled.turn, kind=Action.Kind.MOVE,
                xgid=rolled.to_xgid(), play=play.notation,
                moves=[[move.src, move.dst, int(move.hit)] for move in play.moves],
            )
            cell = f"{max(rolled.dice)}{min(rolled.dice)}: " + " ".join(
                f"{move.src}/{move.dst}{'*' if move.hit else ''}" for move in play.moves
            )
            if rolled.turn == WHITE and len(cell) >= 28:
                wide_then_answered = 1
            elif wide_then_answered == 1:
                wide_then_answered = 2
            position = play.result
            if position.winner() is not None:
                break
            if wide_then_answered == 2 and number > 40:
                return match
        match.delete()


@pytest.mark.django_db
def test_gnubg_imports_the_export_with_every_move_even_after_a_cell_wider_than_its_column(tmp_path):
    import json
    import subprocess
    import sys

    match = random_game_with_a_wide_cell(seed=3)
    text = match_text(match)
    assert any(len(row_cells(line)[0]) >= 28 and row_cells(line)[1] for line in text.splitlines() if ROW.match(line))
    path = tmp_path / "partida.mat"
    path.write_text(text, encoding="utf-8")
    result = subprocess.run([sys.executable, "-c", GNUBG_IMPORT, str(path)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    (imported,) = json.loads(result.stdout.strip().splitlines()[-1])
    expected = [
        ["X" if action.side == WHITE else "O", "move", sorted(action.position.dice, reverse=True), sorted([src, dst] for src, dst, _ in action.moves)]
        for action in match.actions.order_by("number")
    ]
    read = [[player, kind, sorted(dice, reverse=True), sorted(move or [])] for player, kind, dice, move in imported]
    assert read == expected
