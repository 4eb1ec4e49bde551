"""The .mat export: the layout gnubg writes, and a file that replays the very match."""

from __future__ import annotations

import re

import pytest

from tutor.engine import BLACK, WHITE, Match, Position, drop, parse_dice, score_game, take
from tutor.practice.export import match_text
from tutor.practice.models import PracticeMatch

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


def replay(text: str) -> list[tuple[str, int]]:
    """Read a .mat file back with our engine: each game's winner and points, checking every move."""
    lines = text.splitlines()
    length = int(re.match(r"^ (\d+) point match$", lines[0])[1])
    stakes = Match.new(length)
    outcomes = []
    position = None
    for line in lines[1:]:
        if line.startswith(" Game "):
            position = None
            continue
        if re.match(r"^ \S+ : \d+ +\S+ : \d+$", line):
            scores = [int(n) for n in re.findall(r": (\d+)", line)]
            assert tuple(scores) == stakes.score
            continue
        won = re.match(r"^( +)Wins (\d+) points?( and the match)?$", line)
        if won:
            side = WHITE if len(won[1]) < 20 else BLACK
            outcomes.append((side, int(won[2])))
            continue
        row = ROW.match(line)
        if not row:
            assert not line.strip(), line
            continue
        for side, cell in ((WHITE, row["left"].strip()), (BLACK, row["right"].strip())):
            if not cell:
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
                stakes = stakes.after_game(result)
            else:
                dice, _, moves = cell.partition(":")
                rolled = position.with_dice(parse_dice(dice))
                written = moves.replace("25/", "bar/").replace("/0", "/off").strip()
                verdict = rolled.check(written)
                assert verdict.legal, (cell, rolled.to_xgid(), verdict.codes)
                position = verdict.play.result
                if position.winner() is not None:
                    stakes = stakes.after_game(score_game(position))
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
        assert line[33] != " " or line[33:].startswith((" Doubles", " Takes", " Drops")), line


@pytest.mark.django_db
def test_a_money_session_exports_as_a_0_point_match(client):
    match = start(client, length=0)
    response = client.get(f"/practica/{match.pk}/partida.mat")
    assert response["Content-Type"].startswith("text/plain")
    assert f'filename="practica-{match.pk}.mat"' in response["Content-Disposition"]
    assert response.content.decode().startswith(" 0 point match\n\n Game 1\n")
