"""CPU time of the explorer's worst positions against the lesson index, in the same run.

The explorer lists every legal play of any position and explains tempting
illegal ones; in a position with thousands of legal plays that used to cost
seconds of CPU on one anonymous GET.  This script requests, through Django's
test client and with the CPU clock of the request's thread, the lesson index
(the reference: a page that does almost nothing) and the explorer on the
worst positions known: the 1,721-play position of the abuse report (a full
board of lone checkers, 1-1) and the engine's worst case (2,226 plays).
Each explorer page is measured cold (every cache emptied), warm,
with a play to judge, and through the JSON check.

    .venv/bin/python bench/explorer.py [--rounds 5]

Target: every request under ``BUDGET_MS`` of CPU.  Exit status 1 when missed.
"""

from __future__ import annotations

try:  # first: makes the standard library's http importable (see bench/_support.py)
    from bench import _support  # noqa: F401
except ImportError:  # run as a script from bench/
    import _support  # noqa: F401
import argparse
import json
import os
import sys
import time
from urllib.parse import urlencode

BUDGET_MS = 300.0
REPORTED = "XGID=-gAAAAAAAaAaAaAaAaAaAaAaA-:0:0:1:11:0:0:0:0:10"


def setup():
    os.environ["DJANGO_SETTINGS_MODULE"] = "tutor.settings.test"
    import django

    django.setup()
    from django.conf import settings
    from django.test.utils import setup_test_environment

    setup_test_environment()
    settings.RATELIMIT_ENABLED = False


def cpu_ms(call) -> float:
    started = time.thread_time()
    call()
    return (time.thread_time() - started) * 1000


def requests():
    """(label, call, cold) for every request measured."""
    from django.core.cache import cache
    from django.test import Client

    from tests.engine_positions import worst_case_position
    from tutor.engine import Position

    client = Client()
    positions = {"report (1,721 plays)": Position.from_xgid(REPORTED), "worst case (2,226 plays)": worst_case_position()}

    def get(url):
        def call():
            assert client.get(url).status_code == 200, url
        return call

    def post_json(url, data):
        def call():
            answer = client.post(url, json.dumps(data), content_type="application/json")
            assert answer.status_code == 200, (url, answer.content[:200])
        return call

    yield "lesson index (reference)", get("/lecciones/"), False
    for name, position in positions.items():
        query = urlencode({"xgid": position.to_xgid()})
        play = position.legal_plays()[0].notation
        yield f"explorer, {name}, cold", get(f"/explorar/?{query}"), True
        yield f"explorer, {name}, warm", get(f"/explorar/?{query}"), False
        yield f"explorer, {name}, with a play", get(f"/explorar/?{query}&{urlencode({'jugada': play})}"), False
        yield f"explorer check API, {name}", post_json(f"/api/explorer/check/?{query}", {"play": "24/1"}), False
    yield "cache", cache.clear, None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    setup()
    from django.core.cache import cache

    from tutor.engine.play import plays_by_boards
    from tutor.lessons.api import legal_notations

    timings: dict[str, list[float]] = {}
    for _ in range(args.rounds + 1):  # the first round warms up imports and lesson rendering
        cache.clear()
        for label, call, cold in requests():
            if cold is None:
                continue
            if cold:
                cache.clear()
                legal_notations.cache_clear()
                plays_by_boards.cache_clear()
            timings.setdefault(label, []).append(cpu_ms(call))
    worst = 0.0
    print(f"{'request':58} {'median ms':>10} {'max ms':>8}")
    for label, values in timings.items():
        values = sorted(values[1:])
        median, highest = values[len(values) // 2], values[-1]
        if not label.startswith("lesson"):
            worst = max(worst, highest)
        print(f"{label:58} {median:10.1f} {highest:8.1f}")
    reference = sorted(timings["lesson index (reference)"][1:])[args.rounds // 2]
    print(f"worst explorer request: {worst:.0f} ms of CPU ({worst / max(reference, 0.1):.0f}× the lesson index); budget {BUDGET_MS:.0f} ms")
    return 0 if worst < BUDGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
