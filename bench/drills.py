"""Benchmark: drills generated per second for every rule and level, and how many
distinct positions the drill sets of a hundred seeds hold.

Many drills start from a corpus of seeded play-out games, cached once made;
that corpus is built first and timed apart ("warm-up").  Then, for each
rule and level, ``--count`` drills are generated and timed on one core
(process CPU time, so that other work on the machine does not count), and
the drill sets a class would get, ``drill_set(rule, level, seed, 50)`` for
seeds 0 to ``--seeds`` − 1, are pooled: the distinct positions among them
say how endless the rule is.

    python bench/drills.py [--count 100] [--seeds 100] [--check] [rule ...]

Targets: at least ``MIN_RATE`` drills per second for every rule and level,
warm, and at least ``MIN_DISTINCT`` distinct positions per rule and level
over the seeds.  With ``--check`` the exit status is 1 when one is missed.
"""

from __future__ import annotations

import argparse
import sys
import time

try:
    from bench import _support  # noqa: F401  (run as part of the bench package)
except ImportError:
    import _support  # noqa: F401  (run as a script: fixes the import path)

from tutor.drills import LEVELS, RULES, drill_set, generate  # noqa: E402
from tutor.drills.playouts import GAMES, game  # noqa: E402

MIN_RATE = 50.0
MIN_DISTINCT = 2000
SET_SIZE = 50


def warm_up() -> float:
    start = time.process_time()
    for seed in range(GAMES):
        game(seed)
    return time.process_time() - start


def rate(rule: str, level: int, count: int) -> float:
    """Drills of one rule and level generated per second of CPU."""
    start = time.process_time()
    for index in range(count):
        generate(rule, level, 10**6 - 1, index)
    return count / (time.process_time() - start)


def distinct(rule: str, level: int, seeds: int) -> int:
    """Distinct positions among the drill sets of seeds 0..``seeds`` − 1."""
    return len({drill.position for seed in range(seeds) for drill in drill_set(rule, level, seed, SET_SIZE)})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--count", type=int, default=100, help="drills timed per rule and level")
    parser.add_argument("--seeds", type=int, default=100, help="seeds whose drill sets are pooled")
    parser.add_argument("--check", action="store_true", help="exit 1 if a rule misses a target")
    parser.add_argument("rules", nargs="*", help="only these rules (all by default)")
    args = parser.parse_args(argv)
    print(f"warm-up: {GAMES} play-out games in {warm_up():.1f} s (once per process)")
    print(f"{'rule':<22} {'level':>5} {'drills/s':>9} {f'distinct over {args.seeds} seeds':>26}")
    missed = []
    slowest = (float("inf"), "")
    for rule in args.rules or list(RULES):
        for level in LEVELS:
            per_second = rate(rule, level, args.count)
            positions = distinct(rule, level, args.seeds)
            print(f"{rule:<22} {level:>5} {per_second:>9.0f} {positions:>26}", flush=True)
            slowest = min(slowest, (per_second, f"{rule} level {level}"))
            if per_second < MIN_RATE or positions < MIN_DISTINCT * args.seeds // 100:
                missed.append(f"{rule} level {level}")
    print(f"slowest: {slowest[1]}, {slowest[0]:.0f} drills/s (target {MIN_RATE:.0f})")
    if missed:
        print(f"under {MIN_RATE:.0f} drills/s or {MIN_DISTINCT} distinct positions: {', '.join(missed)}")
    return 1 if args.check and missed else 0


if __name__ == "__main__":
    sys.exit(main())
