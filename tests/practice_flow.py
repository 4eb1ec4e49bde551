"""Helpers that drive a practice match like a learner, shared by the practice, permission and fuzz tests.

The settings that make those games fast and reproducible are the
``quick_and_reproducible`` fixture in ``tests/conftest.py``.

A decision answers at once and its light and the program's turn come
after it; like a browser, the helpers open the game page each decision
redirects to, and reading the page finishes that work (in tests that run
inside one transaction, no thread does it: ``thinking``).
"""

from __future__ import annotations

import re
import time

from tutor.engine import Position
from tutor.practice.models import LEARNER, Action, Phase, PracticeMatch


def start(client, length=3, level="intermedio") -> PracticeMatch:
    response = client.post("/practica/nueva/", {"length": length, "level": level})
    assert response.status_code == 302
    assert client.get(response["Location"]).status_code == 200
    return PracticeMatch.objects.get(pk=int(re.search(r"/practica/(\d+)/", response["Location"])[1]))


def a_legal_play(position: Position) -> str:
    """The first legal play whose notation reads back as the same play."""
    for play in position.legal_plays():
        verdict = position.check(play.notation)
        if verdict.legal and verdict.play.result == play.result:
            return play.notation
    raise AssertionError(f"no play of {position.to_xgid()} reads back")


def decide(client, match: PracticeMatch, *, double_once: set[int], answer: str = "abandonar"):
    """One decision of a simple learner (doubles once per game, passes doubles, plays a legal play), and the page after it."""
    response = _decision(client, match, double_once=double_once, answer=answer)
    if response.status_code == 302:
        assert client.get(response["Location"]).status_code == 200
    return response


def settle(client, match: PracticeMatch) -> None:
    """Open the game page, as the browser does after a decision: the light and the program's turn arrive."""
    assert client.get(f"/practica/{match.pk}/").status_code == 200
    match.refresh_from_db()


def wait_for_the_program(client, match: PracticeMatch, seconds: float = 30) -> None:
    """Wait while the program thinks (its turn, or its answer to a double), as the page does.

    Under a live server the program thinks in a thread of the server's process; a
    page opened meanwhile says «pensando…», and a page opened once its lease is over
    finishes the work itself.
    """
    deadline = time.monotonic() + seconds
    while match.program_thinks:
        assert time.monotonic() < deadline, f"the program still thinks after {seconds} s"
        settle(client, match)
        if match.program_thinks:
            time.sleep(0.1)
            match.refresh_from_db()


def _decision(client, match: PracticeMatch, *, double_once: set[int], answer: str):
    base = f"/practica/{match.pk}"
    wait_for_the_program(client, match)
    if match.phase == Phase.MOVE:
        return client.post(f"{base}/jugar/?seq={match.seq}", {"play": a_legal_play(match.position)})
    if match.phase == Phase.ROLL:
        if match.game_number not in double_once and "data-action-double" in client.get(f"{base}/").content.decode():
            double_once.add(match.game_number)
            return client.post(f"{base}/doblar/", {"seq": match.seq})
        return client.post(f"{base}/tirar/", {"seq": match.seq})
    if match.phase == Phase.ANSWER:
        return client.post(f"{base}/responder/", {"seq": match.seq, "respuesta": answer})
    if match.phase == Phase.GAME_OVER:
        return client.post(f"{base}/siguiente/", {"seq": match.seq})
    raise AssertionError(match.phase)


def add_mistake(match: PracticeMatch) -> Action:
    """A learner's rojo play in the opening 3-1, recorded as a game would."""
    number = match.actions.count() + 1
    return Action.objects.create(
        match=match, number=number, game_number=match.game_number, side=LEARNER, kind=Action.Kind.MOVE,
        xgid="XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10", play="13/9", best="8/5 6/5",
        loss=0.25, colour="rojo", analysis={"plays": [], "plies": 0},
    )
