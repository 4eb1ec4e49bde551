"""Import ``.mat`` files with GNU Backgammon, in a subprocess of its own (never in a web process).

``gnubg_readings(paths)`` gives gnubg's whole reading of each file, action by action.

``imported(files)`` takes ``(text, jacoby)`` pairs and returns, for each
file, gnubg's reading of every game: the score it began with, its winner
(``"X"`` the first player, ``"O"`` the second, None for a game without an
end) and the points won.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = """
import json, sys
import gnubg
gnubg.command("set confirm new off")
found = []
for path, jacoby in zip(sys.argv[1::2], sys.argv[2::2]):
    gnubg.command("set jacoby " + jacoby)
    gnubg.command("import mat " + path)
    games = gnubg.match(analysis=0, boards=0, statistics=0, verbose=0)["games"]
    found.append([[g["info"].get("score-X"), g["info"].get("score-O"), g["info"].get("winner"), g["info"].get("points-won")]
                  for g in games])
print("IMPORTED " + json.dumps(found))
"""


def imported(files: list[tuple[str, bool]], folder: Path) -> list[list[list]]:
    arguments = []
    for index, (text, jacoby) in enumerate(files):
        path = folder / f"partida-{index}.mat"
        path.write_text(text, encoding="utf-8")
        arguments += [str(path), "on" if jacoby else "off"]
    result = subprocess.run([sys.executable, "-c", SCRIPT, *arguments], capture_output=True, text=True, timeout=600,
                            stdin=subprocess.DEVNULL)
    assert result.returncode == 0, result.stderr[-2000:]
    line = [line for line in result.stdout.splitlines() if line.startswith("IMPORTED ")][-1]
    return json.loads(line.removeprefix("IMPORTED "))


READ_SCRIPT = """
import json, sys
import gnubg
gnubg.command("set confirm new off")
found = []
for path in sys.argv[1:]:
    gnubg.command("import mat " + path)
    match = gnubg.match(analysis=0, boards=0, statistics=0, verbose=0)
    found.append({
        "length": match["match-info"]["match-length"],
        "names": [match["match-info"]["X"]["name"], match["match-info"]["O"]["name"]],
        "games": [{"info": game["info"], "actions": game["game"]} for game in match["games"]],
    })
print("READ " + json.dumps(found))
"""


def gnubg_readings(paths: list[Path]) -> list[dict]:
    """gnubg's own reading of each ``.mat``: length, names and, per game, its ``info`` and every action.

    An action is as gnubg's Python module gives it: ``action`` (``move``,
    ``double``, ``take``, ``drop``, ``resign``…), ``player`` (``"X"`` the
    first player, ``"O"`` the second) and, for a move, ``dice`` and ``move``
    (single moves in the mover's numbering, 25 the bar, 0 off).
    """
    result = subprocess.run([sys.executable, "-c", READ_SCRIPT, *map(str, paths)], capture_output=True, text=True,
                            timeout=600, stdin=subprocess.DEVNULL)
    assert result.returncode == 0, result.stderr[-2000:]
    line = [line for line in result.stdout.splitlines() if line.startswith("READ ")][-1]
    return json.loads(line.removeprefix("READ "))
