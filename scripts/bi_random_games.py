"""Benchmark: random full games of Brazil: Imperial, counting crashes and dead ends.

Usage::

    .venv/bin/python scripts/bi_random_games.py --games 1000
    .venv/bin/python scripts/bi_random_games.py --games 40 --seats 4

Game ``i`` uses seed ``--seed + i`` and, unless ``--seats`` is given, seat count 1-4 in turn
(solo included). Every seat picks uniformly among the offered choices. Prints the number of
games, crashes (an exception), dead ends (no outcome and nobody waiting, or a seat waiting
without choices), games that hit the step cap, how they ended, mean steps and seconds per
game. Default 100 games (~1-2 minutes).
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.games.brazil_imperial import RULES  # noqa: E402
from engine.rng import Rng  # noqa: E402
from engine.rules import Config, SeatConfig, resolve_options  # noqa: E402

STEP_CAP = 100_000


def one(n: int, seed: int) -> tuple[str, int, str]:
    """``(status, steps, end kind)`` of one random game."""
    cfg = Config(tuple(SeatConfig(f"P{i + 1}") for i in range(n)), resolve_options(RULES))
    st = RULES.setup(cfg, Rng.seeded(seed))
    pick = Rng.seeded(seed ^ 0x5EED)
    steps = 0
    while RULES.outcome(st) is None:
        seats = RULES.waiting(st)
        if not seats:
            return "dead_end", steps, ""
        p = RULES.prompt(st, seats[0])
        if p is None or not p.choices:
            return "dead_end", steps, ""
        RULES.apply(st, seats[0], p.choices[pick.randbelow(len(p.choices))].id, Rng(st["rng"]))
        steps += 1
        if steps > STEP_CAP:
            return "step_cap", steps, ""
    return "ok", steps, st["result"]["why"]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seats", type=int, default=0, help="1-4; 0 = cycle 1..4")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    status: Counter[str] = Counter()
    ends: Counter[str] = Counter()
    steps_total = 0
    t0 = time.perf_counter()
    for i in range(args.games):
        n = args.seats or (i % 4) + 1
        try:
            st, steps, end = one(n, args.seed + i)
        except Exception:  # a crash is counted, not fatal
            traceback.print_exc()
            st, steps, end = "crash", 0, ""
        status[st] += 1
        ends[f"{n}p:{end}"] += bool(end)
        steps_total += steps
    dt = time.perf_counter() - t0
    print(
        f"{args.games} random games: ok {status['ok']}, crashes {status['crash']}, "
        f"dead ends {status['dead_end']}, step cap {status['step_cap']}"
    )
    print(f"ends {dict(sorted(ends.items()))}")
    print(
        f"mean {steps_total / max(1, args.games):.0f} steps, {dt / max(1, args.games):.2f} s per game, {dt:.0f} s"
    )
    return 0 if status["ok"] == args.games else 1


if __name__ == "__main__":
    raise SystemExit(main())
