"""Benchmark: reading and storing a long match uploaded at «Revisar una partida», and hostile files.

What one upload request costs in processor time (the clock also counts the
other processes of a shared machine): reading and replaying the file
(``tutor.games.matfile.read_match``) and storing every game, play and cube
action (``tutor.uploads.store.store_match``), for the fixtures' 25-point match
of 1,567 rolls, the best of ``--repeat`` runs.  The reference, measured in the
same run, is the 5-point match of the fixtures read and stored the same way:
the ratio per roll says whether a long match costs more than its length.

Then files built to be slow (``hostile_files``): each must be refused in well
under the time of the 25-point match.

Targets (``--check`` exits 1 when one is missed): the 25-point match read and
stored in under one second of processor time; each hostile file refused in
under half a second.  A throwaway SQLite database is used.

    python bench/uploads.py [--repeat 5] [--check]
"""

from __future__ import annotations

import _support  # noqa: F401  (the repository root on the import path)

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

from _support import ROOT

FIXTURES = ROOT / "tests" / "fixtures" / "matches"
LONG_MATCH_MOST = 1.0
HOSTILE_MOST = 0.5


def best(repeat: int, run: Callable[[], object]) -> float:
    """The least processor time ``run`` took in ``repeat`` runs."""
    times = []
    for _ in range(repeat):
        started = time.process_time()
        run()
        times.append(time.process_time() - started)
    return min(times)


def hostile_files() -> dict[str, bytes]:
    """Files built to be slow, each refused: the long match with its last play illegal, more rolls than
    the limit (in ``.mat`` and ``.sgf``), ten megabytes, a very long line full of colons."""
    import re

    from tutor.games.matfile import MAX_ROLLS

    lines = (FIXTURES / "gnubg-match-25.mat").read_text(encoding="utf-8").splitlines()
    last = max(n for n, line in enumerate(lines) if re.match(r"\s*\d+\)", line))
    number = lines[last].split(")")[0]
    illegal = "\n".join([*lines[:last], f"{number}) 66: 24/18 24/18 24/18 24/18", ""])
    short = (FIXTURES / "gnubg-match-5.mat").read_text(encoding="utf-8")
    rows = "".join(f"{n:3d}) 52: 13/8 13/11             31: 8/5 6/5\n" for n in range(1, MAX_ROLLS // 2 + 2))
    sgf = "(;FF[4]GM[6]MI[length:0][game:0][ws:0][bs:0]" + ";W[52mhmk];B[31hcfc]" * (MAX_ROLLS // 2 + 1) + ")"
    return {
        "el match a 25 con su última jugada ilegal": illegal.encode(),
        "más tiradas que el límite (.mat)": (short + "\n Game 4\n Ana : 5                        Beto : 0\n" + rows).encode(),
        "más tiradas que el límite (.sgf)": sgf.encode(),
        "diez megabytes": b" 5 point match\n" + b" " * (10 * 1024 * 1024),
        "una línea muy larga llena de dos puntos": (" 5 point match\n Game 1\n" + "Ana : 1 " * 200_000 + "\n").encode(),
    }


def run(options) -> int:
    import django

    django.setup()
    from django.contrib.auth import get_user_model

    from tutor.games.matfile import MatchFileError, read_match
    from tutor.uploads.store import store_match

    owner = get_user_model().objects.create_user("sube-partidas", password="x" * 20)
    rows = []
    for name in ("gnubg-match-5.mat", "gnubg-match-25.mat"):
        data = (FIXTURES / name).read_bytes()
        match = read_match(data)
        rolls = sum(1 for game in match.games for action in game.actions if action.dice)
        reading = best(options.repeat, lambda data=data: read_match(data))
        storing = best(options.repeat, lambda data=data, name=name: store_match(read_match(data), owner, filename=name)) - reading
        rows.append((name, rolls, reading, storing))
    (_, short_rolls, short_read, short_store), (long_name, long_rolls, long_read, long_store) = rows
    print("Uploads: processor time per request, best of", options.repeat)
    for name, rolls, reading, storing in rows:
        print(f"  {name}: {rolls} rolls, read {reading:.3f} s, stored {storing:.3f} s, together {reading + storing:.3f} s")
    if short_rolls and long_rolls:
        ratio = ((long_read + long_store) / long_rolls) / ((short_read + short_store) / short_rolls)
        print(f"  per roll, the 25-point match against the 5-point one: {ratio:.2f}×")
    missed = []
    if long_read + long_store > LONG_MATCH_MOST:
        missed.append(f"{long_name} took {long_read + long_store:.2f} s (target {LONG_MATCH_MOST} s)")

    def refuse(data: bytes) -> None:
        try:
            read_match(data)
        except MatchFileError:
            return
        raise AssertionError("a hostile file was read")

    print("Hostile files: processor time to refuse, best of", options.repeat)
    for label, data in hostile_files().items():
        spent = best(options.repeat, lambda data=data: refuse(data))
        print(f"  {label}: {spent:.3f} s ({spent / (long_read or 1):.2f}× reading the 25-point match)")
        if spent > HOSTILE_MOST:
            missed.append(f"{label} took {spent:.2f} s (target {HOSTILE_MOST} s)")
    for line in missed:
        print("MISSED:", line)
    return 1 if options.check and missed else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        os.environ["DATABASE_URL"] = f"sqlite:///{Path(scratch) / 'bench.sqlite3'}"
        os.environ["DJANGO_SETTINGS_MODULE"] = "tutor.settings.dev"
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, check=True)
        sys.exit(run(options))


if __name__ == "__main__":
    main()
