"""Evaluate the Imperial Struggle heuristic bot with headless matches (engine.session).

Usage::

    nice .venv/bin/python scripts/is_bot_eval.py --matches 200 --opponent random

Match ``i`` uses seed ``--seed + i``; the bot plays France (seat 0) in even matches and Britain
(seat 1) in odd ones, so with an even count each side is played equally often. Prints the bot's
wins with a 95% Wilson interval, overall and by side, how the games ended (VP threshold, sweeps,
Final Scoring), the mean final VP, and the bot's decision time in CPU ms (median, p95, p99, max;
wall-clock mean and max too), measured around ``engine.ai.decide`` (determinization included,
see ``evalkit.py``). A match that dead-ends or raises is reported and counts as a loss.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from evalkit import Times, play_timed, rotating_match, timing, timing_line, wilson  # noqa: E402

SIDES = ("France", "Britain")


def pct(xs: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``xs`` by nearest rank; 0 for an empty list."""
    if not xs:
        return 0.0
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, math.ceil(q * len(s)) - 1))]


def play_match(seed: int, bot_seat: int, opponent: str, times: Times) -> dict:
    """Play one match with the bot in ``bot_seat``; returns the winning seat, reason and VP."""
    match = rotating_match("imperial_struggle", 2, bot_seat, opponent, seed)
    steps = play_timed(match, times, seed, 50_000)
    st = match.state
    win = st["winner"]
    return {
        "win_seat": None if win is None else st["side_seat"][win],
        "reason": st["reason"],
        "vp": st["vp"],
        "steps": steps,
        "turn": st["ti"],
    }


def run(matches: int, opponent: str, seed: int, verbose: bool = False) -> dict:
    """Play ``matches`` matches; returns the summary numbers."""
    times: Times = []
    wins = [0, 0]
    played = [0, 0]
    ends: Counter[str] = Counter()
    errors: list[str] = []
    vps: list[int] = []
    for i in range(matches):
        bot_seat = i % 2
        played[bot_seat] += 1
        try:
            r = play_match(seed + i, bot_seat, opponent, times)
        except Exception as e:  # noqa: BLE001 - reported, counted as a loss
            errors.append(f"seed {seed + i}: {e!r}")
            if verbose:
                traceback.print_exc()
            continue
        won = r["win_seat"] == bot_seat
        wins[bot_seat] += won
        ends[f"{'bot' if won else 'opp'}:{r['reason']}"] += 1
        vps.append(r["vp"])
        if verbose:
            print(
                f"  seed {seed + i} bot {SIDES[bot_seat]}: {'won' if won else 'lost'} "
                f"({r['reason']}, VP {r['vp']}, {r['steps']} steps)",
                flush=True,
            )
    cpu = [c * 1000 for _, c in times]
    return {
        "matches": matches,
        "wins": wins,
        "played": played,
        "ends": dict(ends),
        "errors": errors,
        "vp": sum(vps) / max(1, len(vps)),
        "cpu_median": pct(cpu, 0.5),
        "cpu_p95": pct(cpu, 0.95),
        "cpu_p99": pct(cpu, 0.99),
        **timing(times),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--matches", type=int, default=20)
    ap.add_argument("--opponent", choices=("random", "bot"), default="random")
    ap.add_argument("--seed", type=int, default=1, help="seed of the first match")
    ap.add_argument("-v", "--verbose", action="store_true", help="one line per match")
    args = ap.parse_args(argv)
    print(
        f"Imperial Struggle bot vs {args.opponent}: {args.matches} matches, seeds "
        f"{args.seed}..{args.seed + args.matches - 1}, bot side alternating (France first)"
    )
    t0 = time.perf_counter()
    r = run(args.matches, args.opponent, args.seed, args.verbose)
    k, n = sum(r["wins"]), r["matches"]
    lo, hi = wilson(k, n)
    print(
        f"bot wins {k}/{n} = {100 * k / max(1, n):.1f}% (95% Wilson {100 * lo:.1f}-{100 * hi:.1f}%)"
    )
    for s in (0, 1):
        ks, ns = r["wins"][s], r["played"][s]
        lo, hi = wilson(ks, ns)
        print(f"  as {SIDES[s]}: {ks}/{ns} ({100 * lo:.1f}-{100 * hi:.1f}%)")
    print(f"ends: {dict(sorted(r['ends'].items()))}; mean final VP {r['vp']:.1f}")
    print(
        f"decision CPU ms: median {r['cpu_median']:.1f} p95 {r['cpu_p95']:.1f} "
        f"p99 {r['cpu_p99']:.1f} max {r['cpu_max']:.1f}"
    )
    print(f"{timing_line(r)}; {time.perf_counter() - t0:.0f}s")
    for e in r["errors"]:
        print(f"ERROR {e}")
    return 1 if r["errors"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
