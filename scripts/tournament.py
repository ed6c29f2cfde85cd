"""Bot levels against each other: seat-rotated headless matches on every core (issue 18).

Usage::

    .venv/bin/python scripts/tournament.py imperium --seats hard,normal --games 40 --seconds 0.2
    .venv/bin/python scripts/tournament.py mausoleum --seats hard,normal,normal,normal --games 20
    .venv/bin/python scripts/tournament.py imperium --seats easy,random --games 100

The issue's full-size measurements (>= 200 two-seat / 100 multi-seat matches at the levels'
own 1 CPU s a decision; hours of CPU on a small machine)::

    .venv/bin/python scripts/tournament.py imperium --seats hard,normal --games 200
    .venv/bin/python scripts/tournament.py imperial_struggle --seats hard,normal --games 200
    .venv/bin/python scripts/tournament.py mausoleum --seats hard,normal,normal,normal --games 100
    .venv/bin/python scripts/tournament.py res_publica --seats hard,normal,normal,normal --games 100
    .venv/bin/python scripts/tournament.py imperium --seats easy,normal --games 200
    .venv/bin/python scripts/tournament.py imperium --seats easy,random --games 200

``--seats`` lists one level per seat (``random``, ``easy``, ``normal``, ``hard``, ``expert``;
``bot`` = normal). Match ``i`` deals seed ``--seed + i // seats`` and rotates the seat list by
``i % seats`` places, so each deal is played once from every seat (use a multiple of the seat
count for ``--games``): a deal that favours one seat favours every level equally. ``--seconds`` / ``--iterations`` replace the time
box of the search levels (hard 1 s, expert 5 s by default). The time box counts CPU seconds
of the thread playing the match (``time.thread_time``), not wall time, so other load on
the machine does not weaken the search bots. ``--workers`` processes play the
matches (default: every core).

With ``--baseline`` the same seeds are played again with the normal bot in the first level's
seats: heuristic bots are deterministic, so a few dozen seeds can favour some seats, and the
first level's win rate is best read against that baseline (a paired comparison).

Prints, per level: seats played, wins (a shared win counts its share), the win rate with its 95%
Wilson interval, and the decision time (median, p99, in ms of CPU time, ``time.thread_time``;
decisions with a single choice left out), then the same as a Markdown table for the README.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from evalkit import wilson  # noqa: E402

from engine import registry  # noqa: E402
from engine.ai import decide  # noqa: E402
from engine.ai.levels import TUNING  # noqa: E402
from engine.rng import Rng  # noqa: E402
from engine.rules import SeatConfig  # noqa: E402
from engine.session import new_match  # noqa: E402


def kind_of(level: str) -> str:
    """The seat kind of a level name: ``random`` stays, ``bot`` is ``bot:normal``."""
    level = level.strip().lower()
    if level == "random":
        return "random"
    return "bot:normal" if level == "bot" else f"bot:{level}"


def play(job: tuple[str, list[str], int, int, float | None, int | None, dict]) -> dict[str, Any]:
    """One match: ``(game, levels per seat, seed, rotation, seconds, iterations, tuning)``.
    Returns the level of each seat, its share of the win, and each level's decision times (s)."""
    game, levels, seed, rot, seconds, iterations, tune = job
    TUNING.setdefault(game, {}).update(tune)
    order = levels[rot % len(levels) :] + levels[: rot % len(levels)]
    seats = [SeatConfig(f"P{i + 1}", kind_of(lv)) for i, lv in enumerate(order)]
    match = new_match(game, seats, seed=seed)
    bots = [registry.make_bot(game, s.kind, seconds, iterations) for s in seats]
    rngs = [Rng.seeded(seed * 31 + i + 1) for i in range(len(seats))]
    times: dict[str, list[float]] = defaultdict(list)
    steps = 0
    while not match.over:
        waiting = match.waiting()
        if not waiting or steps > 200_000:
            raise RuntimeError(f"{game} seed {seed}: no end")
        seat = waiting[0]
        prompt = match.prompt(seat)
        t0 = time.thread_time()
        choice = decide(bots[seat], match.rules, match.state, seat, rngs[seat])
        if prompt is not None and len(prompt.choices) > 1:
            times[order[seat]].append(time.thread_time() - t0)
        match.act(seat, choice)
        steps += 1
    out = match.rules.outcome(match.state)
    share = [0.0] * len(seats)
    if out.winners:
        for w in out.winners:
            share[w] = 1.0 / len(out.winners)
    else:
        share = [1.0 / len(seats)] * len(seats)
    return {"order": order, "share": share, "times": dict(times), "reason": out.reason}


def summarise(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per level: seats, wins, rate, Wilson interval, decision ms median and p99."""
    seats: dict[str, int] = defaultdict(int)
    wins: dict[str, float] = defaultdict(float)
    times: dict[str, list[float]] = defaultdict(list)
    for r in results:
        for lv, sh in zip(r["order"], r["share"], strict=True):
            seats[lv] += 1
            wins[lv] += sh
        for lv, ts in r["times"].items():
            times[lv] += ts
    rows = []
    for lv in seats:
        lo, hi = wilson(wins[lv], seats[lv])
        ts = sorted(times[lv])
        med = 1000 * statistics.median(ts) if ts else 0.0
        p99 = 1000 * ts[min(len(ts) - 1, int(0.99 * len(ts)))] if ts else 0.0
        rows.append(
            {
                "level": lv,
                "seats": seats[lv],
                "wins": wins[lv],
                "rate": wins[lv] / seats[lv],
                "lo": lo,
                "hi": hi,
                "median_ms": med,
                "p99_ms": p99,
                "decisions": len(ts),
            }
        )
    return rows


def main(argv: list[str] | None = None) -> None:
    """Run the tournament and print the results (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game")
    ap.add_argument("--seats", default="hard,normal")
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seconds", type=float, default=None)
    ap.add_argument("--iterations", type=int, default=None)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument(
        "--baseline",
        action="store_true",
        help="also play the same seeds with the normal bot in the first level's seats",
    )
    ap.add_argument(
        "--tune", action="append", default=[], help="override a search setting: rollout_cap=20"
    )
    a = ap.parse_args(argv)
    tune: dict[str, Any] = {}
    for item in a.tune:
        key, _, raw = item.partition("=")
        tune[key] = None if raw == "None" else float(raw) if "." in raw else int(raw)
    levels = [lv.strip().lower() for lv in a.seats.split(",")]
    for lv in levels:
        kind = kind_of(lv)
        if kind not in registry.bot_kinds(a.game):
            raise SystemExit(
                f"no level {lv!r} for {a.game} ({', '.join(registry.bot_kinds(a.game))})"
            )
    n = len(levels)
    jobs = [
        (a.game, levels, a.seed + i // n, i % n, a.seconds, a.iterations, tune)
        for i in range(a.games)
    ]
    t0 = time.perf_counter()
    with mp.get_context("spawn").Pool(max(1, a.workers)) as pool:
        results = []
        for n, r in enumerate(pool.imap_unordered(play, jobs), 1):
            results.append(r)
            print(
                f"  {n}/{a.games}: {' '.join(f'{lv}={s:g}' for lv, s in zip(r['order'], r['share'], strict=True))}",
                flush=True,
            )
    wall = time.perf_counter() - t0
    box = (
        f"{a.seconds} s"
        if a.seconds is not None
        else (f"{a.iterations} it" if a.iterations else "default")
    )
    print(
        f"\n{a.game}: seats {','.join(levels)}, {a.games} matches, search box {box}, {a.workers} workers, {wall:.0f} s"
    )
    if tune:
        print(f"tuning: {tune}")
    rows = summarise(results)
    if a.baseline:  # deterministic heuristics: the seeds themselves favour some seats
        base_levels = ["bot" if lv == levels[0] else lv for lv in levels]
        base_jobs = [(j[0], base_levels, *j[2:]) for j in jobs]
        with mp.get_context("spawn").Pool(max(1, a.workers)) as pool:
            base = list(pool.imap_unordered(play, base_jobs))
        for r in summarise(base):
            if r["level"] == "bot":
                rows.append({**r, "level": f"normal in {levels[0]}'s seats (baseline)"})
    print("\n| level | seats | wins | win rate | 95% interval | decision median | p99 |")
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        print(
            f"| {r['level']} | {r['seats']} | {r['wins']:g} | {100 * r['rate']:.1f}% | "
            f"{100 * r['lo']:.1f}-{100 * r['hi']:.1f}% | {r['median_ms']:.0f} ms | {r['p99_ms']:.0f} ms |"
        )


if __name__ == "__main__":
    main()
