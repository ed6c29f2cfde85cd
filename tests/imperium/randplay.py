"""Random-play driver for smoke checks and the speed measurement.

Usage: .venv/bin/python -m tests.imperium.randplay [games] [check]
"""

from __future__ import annotations

import sys
import time

from engine.games.imperium import RULES
from engine.rng import Rng
from engine.rules import Config, SeatConfig, resolve_options


def play(seed: int, options: dict | None = None, check=None, max_steps: int = 100_000):
    cfg = Config((SeatConfig("a"), SeatConfig("b")), resolve_options(RULES, options or {}))
    st = RULES.setup(cfg, Rng.seeded(seed))
    rng = Rng(st["rng"])
    pick = Rng.seeded(seed ^ 0x5EED)
    steps = 0
    while RULES.outcome(st) is None:
        w = RULES.waiting(st)
        assert w, f"dead end seed={seed} step={steps} phase={st['phase']} pending={st['pending']}"
        seat = w[pick.randbelow(len(w))]
        p = RULES.prompt(st, seat)
        assert p is not None and p.choices
        if check is not None:
            check(st, seat, p, pick)
        c = p.choices[pick.randbelow(len(p.choices))].id
        events = RULES.apply(st, seat, c, rng)
        if check is not None:
            for e in events:
                for viewer in (0, 1, None):
                    line = RULES.describe(e, viewer)
                    assert line and "{" not in line, (e, line)
        steps += 1
        assert steps < max_steps
    return st, steps


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    t = time.perf_counter()
    c = time.process_time()
    total = 0
    wins = {}
    for seed in range(n):
        st, k = play(seed)
        total += k
        r = st["reason"].split(":")[0]
        wins[r] = wins.get(r, 0) + 1
    dt = time.perf_counter() - t
    dc = time.process_time() - c
    print(
        f"{n} games, {total} steps, {dt:.2f}s wall, {total / dt:.0f} steps/s wall, "
        f"{total / dc:.0f} steps/s cpu"
    )
    print(wins)
