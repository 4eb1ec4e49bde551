"""Benchmark: the engine's legal-play generation against GNU Backgammon's C generator.

Positions come from seeded GNU Backgammon self-play games (each with the
roll played there), plus the worst case known: 15 lone checkers with 1-1,
2,226 distinct plays.  For each position the engine enumerates every legal
play with its resulting position (``Position.legal_plays``) and gnubg
enumerates every resulting position key (``gnubg_nn.moves``).  The two are
timed in the same run, interleaved batch by batch (which one goes first
alternates), over several rounds.  Reported: the best and the median round,
and the sum over positions of each position's best time, the figure least
disturbed by other work on the machine (the targets use it).

    python bench/engine.py [--positions 2000] [--rounds 5] [--seed 2024] [--check]

Targets: the engine at most ``MAX_RATIO`` times slower than the C generator
over the set, and the worst case under ``MAX_WORST_MS`` milliseconds.  With
``--check`` the exit status is 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.engine_positions import gnubg_board, selfplay_positions, worst_case_position  # noqa: E402

MAX_RATIO = 40.0
MAX_WORST_MS = 30.0
BATCH = 50


def _time_ours(positions: list, dice: list) -> list[int]:
    clock = time.perf_counter_ns
    spent = []
    for position, roll in zip(positions, dice):
        start = clock()
        position.legal_plays(roll)
        spent.append(clock() - start)
    return spent


def _time_gnubg(boards: list, dice: list, moves) -> list[int]:
    clock = time.perf_counter_ns
    spent = []
    for board, (d1, d2) in zip(boards, dice):
        start = clock()
        moves(board, d1, d2)
        spent.append(clock() - start)
    return spent


def run(count: int, rounds: int, seed: int) -> dict:
    import gnubg_nn

    worst = worst_case_position()
    positions = selfplay_positions(count, seed) + [worst]
    dice = [p.dice for p in positions]
    boards = [gnubg_board(p) for p in positions]
    per_ours = [[] for _ in positions]
    per_gnubg = [[] for _ in positions]
    totals_ours, totals_gnubg = [], []
    for round_number in range(rounds):
        gc.collect()  # no collection of the benchmark's own data inside a timing
        ours_round = gnubg_round = 0
        for start in range(0, len(positions), BATCH):
            stop = start + BATCH
            batch_dice = dice[start:stop]
            jobs = [
                ("ours", partial(_time_ours, positions[start:stop], batch_dice)),
                ("gnubg", partial(_time_gnubg, boards[start:stop], batch_dice, gnubg_nn.moves)),
            ]
            if (round_number + start // BATCH) % 2:
                jobs.reverse()
            for name, job in jobs:
                spent = job()
                target = per_ours if name == "ours" else per_gnubg
                for offset, ns in enumerate(spent):
                    target[start + offset].append(ns)
                if name == "ours":
                    ours_round += sum(spent)
                else:
                    gnubg_round += sum(spent)
        totals_ours.append(ours_round)
        totals_gnubg.append(gnubg_round)

    # the worst single position: best of the rounds for each, then the slowest
    best_ours = [min(times) for times in per_ours]
    best_gnubg = [min(times) for times in per_gnubg]
    slowest = max(range(len(positions) - 1), key=best_ours.__getitem__)
    worst_runs = []
    for _ in range(max(rounds, 10)):
        gc.collect()
        start = time.perf_counter_ns()
        plays = worst.legal_plays((1, 1))
        worst_runs.append(time.perf_counter_ns() - start)
    return {
        "positions": len(positions),
        "ours_best": min(totals_ours),
        "ours_median": statistics.median(totals_ours),
        "gnubg_best": min(totals_gnubg),
        "gnubg_median": statistics.median(totals_gnubg),
        "ours_floor": sum(best_ours),
        "gnubg_floor": sum(best_gnubg),
        "slowest_xgid": positions[slowest].to_xgid(),
        "slowest_ns": best_ours[slowest],
        "slowest_plays": len(positions[slowest].legal_plays(dice[slowest])),
        "worst_plays": len(plays),
        "worst_best": min(worst_runs),
        "worst_median": statistics.median(worst_runs),
    }


def report(figures: dict) -> bool:
    n = figures["positions"]
    us = lambda ns: ns / n / 1000  # noqa: E731 - per-position microseconds
    ratio_best = figures["ours_best"] / figures["gnubg_best"]
    ratio_median = figures["ours_median"] / figures["gnubg_median"]
    ratio_floor = figures["ours_floor"] / figures["gnubg_floor"]
    worst_ms = figures["worst_best"] / 1e6
    print(f"positions: {n} (self-play and the worst case), all legal plays of each")
    print("                      best round             median round           best per position")
    for label, key in (("gnubg C generator", "gnubg"), ("engine", "ours")):
        columns = [figures[f"{key}_{kind}"] for kind in ("best", "median", "floor")]
        print(f"{label:18}" + "".join(f" {ns / 1e6:7.1f} ms {us(ns):7.1f} µs/pos" for ns in columns))
    print(
        f"ratio engine/C     {ratio_best:10.1f}x {'':17}{ratio_median:8.1f}x {'':17}{ratio_floor:8.1f}x"
        f"   (target ≤ {MAX_RATIO:.0f}x)"
    )
    print(
        f"slowest self-play position: {figures['slowest_ns'] / 1e6:.2f} ms, "
        f"{figures['slowest_plays']} plays, {figures['slowest_xgid']}"
    )
    print(
        f"worst case ({figures['worst_plays']} plays with 1-1): best {worst_ms:.1f} ms, "
        f"median {figures['worst_median'] / 1e6:.1f} ms   (target < {MAX_WORST_MS:.0f} ms)"
    )
    met = ratio_floor <= MAX_RATIO and worst_ms < MAX_WORST_MS
    print("targets met" if met else "TARGETS MISSED")
    return met


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=2000, help="self-play positions (default 2000)")
    parser.add_argument("--rounds", type=int, default=5, help="timed rounds (default 5)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--check", action="store_true", help="exit with status 1 when a target is missed")
    args = parser.parse_args(argv)
    met = report(run(args.positions, args.rounds, args.seed))
    return 0 if met or not args.check else 1


if __name__ == "__main__":
    sys.exit(main())
