"""Benchmark: drills generated per second for every rule, against the engine's own
legal-play generation on the same positions.

Drills come from a corpus of seeded play-out games, cached once made, and
two rare situations (a die with nothing to do after the other; only the
larger die playable) are found by scanning each game once.  That corpus is
built first and timed apart ("warm-up"); then, for each rule, ``--count``
drills per level are generated and timed on one core (process CPU time,
so that other work on the machine does not count).  For the same
positions the engine's ``legal_plays`` is timed too (for drills without
dice, with a roll drawn for them), and the ratio says how many times longer
a drill takes than listing the legal plays of its position.

    python bench/drills.py [--count 100] [--seed 1] [--check]

Target: at least ``MIN_RATE`` valid drills per second for every rule, warm.
With ``--check`` the exit status is 1 when a rule misses it.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

try:
    from bench import _support  # noqa: F401  (run as part of the bench package)
except ImportError:
    import _support  # noqa: F401  (run as a script: fixes the import path)

from tutor.drills import LEVELS, RULES, generate  # noqa: E402
from tutor.drills.playouts import GAMES, game  # noqa: E402
from tutor.drills.scan import larger_die_spots, trap_spots  # noqa: E402

MIN_RATE = 50.0


def warm_up() -> float:
    start = time.process_time()
    for seed in range(GAMES):
        game(seed)
        trap_spots(seed)
        larger_die_spots(seed)
    return time.process_time() - start


def measure(rule: str, count: int, seed: int) -> tuple[float, float]:
    """(drills per second, seconds of ``legal_plays`` per second of drills) for one rule."""
    start = time.process_time()
    drills = [generate(rule, level, seed, index) for level in LEVELS for index in range(count)]
    spent = time.process_time() - start
    rng = random.Random(seed)
    positions = [
        drill.position if drill.position.dice else drill.position.with_dice((rng.randint(1, 6), rng.randint(1, 6)))
        for drill in drills
    ]
    start = time.process_time()
    for position in positions:
        position.legal_plays()
    engine = time.process_time() - start
    return len(drills) / spent, spent / engine


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=100, help="drills per level and rule")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--check", action="store_true", help="exit 1 if a rule is under the target")
    args = parser.parse_args(argv)
    print(f"warm-up: {GAMES} play-out games and their scans in {warm_up():.1f} s (once per process)")
    print(f"{'rule':<22} {'drills/s':>9} {'x legal_plays':>14}")
    slow = []
    for rule in RULES:
        rate, ratio = measure(rule, args.count, args.seed)
        print(f"{rule:<22} {rate:>9.0f} {ratio:>14.1f}")
        if rate < MIN_RATE:
            slow.append(rule)
    if slow:
        print(f"under {MIN_RATE:.0f} drills/s: {', '.join(slow)}")
    return 1 if args.check and slow else 0


if __name__ == "__main__":
    sys.exit(main())
