"""Benchmark: what a practice turn costs the server, at the default level.

For each position of a seeded set (GNU Backgammon self-play games, each
with the roll played there) the learner is on roll with those dice.  One
turn is timed as the server runs it after «Confirmar»:

1. grading the learner's play (a seeded pick among the legal plays) against
   gnubg's best play at ``PRACTICE_GRADING_PLIES`` (2 by default);
2. the computer's reply at the default level (intermedio): its cube
   decision when it may double, its roll and its play.

Reported: p50, p95 and the worst turn, in milliseconds of wall-clock time,
and the same for the processor time the turn used (this process and
gnubg's worker process, where the evaluations run), the figure least
disturbed by other work on the machine.  gnubg's worker is started (its
first answer reads its data files) before the clock starts.

    python bench/practice.py [--positions 200] [--seed 2024] [--check]

Target: p95 under ``TARGET_P95_MS``.  With ``--check`` the exit status is 1
when it is missed.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

# Run from the repository root's view: the scripts next to this one must not
# shadow standard modules (bench/http.py would hide the standard ``http``).
sys.path[0] = str(Path(__file__).resolve().parent.parent)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutor.settings.test")

import django  # noqa: E402

django.setup()

from tests.engine_positions import selfplay_positions  # noqa: E402
from tutor.engine import Position, can_double  # noqa: E402
from tutor.practice import evaluator  # noqa: E402
from tutor.practice.grading import colour_for, level_settings  # noqa: E402

TARGET_P95_MS = 300.0
DEFAULT_LEVEL = "intermedio"


def turn(position: Position, rng: random.Random, level) -> None:
    """Grade one learner play, then let the computer answer."""
    play = rng.choice(position.legal_plays())
    analysis = evaluator.grade_play(position, play)
    colour_for(analysis.loss(play))
    reply = play.result
    if reply.winner() is not None:
        return
    if can_double(reply):
        evaluator.analyse_cube(reply, level.plies, level.noise)
    rolled = reply.with_dice((rng.randint(1, 6), rng.randint(1, 6)))
    evaluator.analyse_plays(rolled, level.plies, level.noise)


def processor_time() -> float:
    """Seconds of processor time used so far by this process and by gnubg's worker."""
    total = time.process_time()
    pid = evaluator.worker_pid()
    if pid is not None:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def run(count: int, seed: int) -> dict:
    positions = [position for position in selfplay_positions(count, seed=seed) if position.winner() is None]
    level = level_settings(DEFAULT_LEVEL)
    rng = random.Random(seed)
    evaluator.analyse_plays(Position.initial().with_dice((3, 1)))  # loads gnubg
    wall, cpu = [], []
    for position in positions:
        start, start_cpu = time.perf_counter(), processor_time()
        turn(position, rng, level)
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((processor_time() - start_cpu) * 1000)
    return {
        "positions": len(wall),
        "grading_plies": evaluator.grading_plies(),
        "level": f"{DEFAULT_LEVEL} ({level.plies}-ply, noise {level.noise})",
        "wall": _percentiles(wall),
        "cpu": _percentiles(cpu),
    }


def _percentiles(values: list[float]) -> dict[str, float]:
    values = sorted(values)
    return {
        "p50": statistics.median(values),
        "p95": values[min(len(values) - 1, int(round(0.95 * (len(values) - 1))))],
        "max": values[-1],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--check", action="store_true", help="exit with status 1 when the target is missed")
    args = parser.parse_args()
    result = run(args.positions, args.seed)
    print(f"{result['positions']} turns; grading at {result['grading_plies']}-ply, computer {result['level']}")
    for name in ("wall", "cpu"):
        figures = result[name]
        print(
            f"{name:>4}: p50 {figures['p50']:.1f} ms   p95 {figures['p95']:.1f} ms   max {figures['max']:.1f} ms"
        )
    print(f"target: wall p95 < {TARGET_P95_MS:.0f} ms")
    return 1 if args.check and result["wall"]["p95"] >= TARGET_P95_MS else 0


if __name__ == "__main__":
    sys.exit(main())
