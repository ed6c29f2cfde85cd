"""Play random-vs-random games of Imperial Struggle and report speed, lengths and outcomes.

Usage: ``.venv/bin/python scripts/is_random_games.py --games 100 --seed 1 [--match] [--check]``

Each game ``k`` uses seed ``seed + k`` (set-up) and picks every choice uniformly at random among
the offered ones (the deciding seat of a simultaneous step is also random). ``--match`` plays
through ``engine.match.Match`` (journal, checkpoints) instead of the rules object directly.
``--check`` also runs, every 25 steps, the leak test (view of each seat unchanged by
determinize) and a clone round trip. Reports games/s, steps per game (min/mean/max), wins by side
and by reason, and every crash, dead end or step-cap hit with its seed (exit status 1 if any).
"""

from __future__ import annotations

import argparse
import collections
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.games.imperial_struggle import RULES  # noqa: E402
from engine.games.imperial_struggle import board as B  # noqa: E402
from engine.rng import Rng  # noqa: E402
from engine.rules import Config, SeatConfig, resolve_options  # noqa: E402

STEP_CAP = 20_000


def _config(options: dict) -> Config:
    return Config(
        (SeatConfig("P1", "random"), SeatConfig("P2", "random")), resolve_options(RULES, options)
    )


def play_rules(seed: int, options: dict, check: bool) -> tuple[int, dict]:
    """One game on the rules object; returns (steps, final state). Raises on a defect."""
    st = RULES.setup(_config(options), Rng.seeded(seed))
    pick = Rng.seeded(seed * 7919 + 13)
    steps = 0
    while not st["over"]:
        waiting = RULES.waiting(st)
        if not waiting:
            raise RuntimeError(f"dead end: nobody waiting, stack {[f['k'] for f in st['stack']]}")
        seat = waiting[pick.randbelow(len(waiting))]
        prompt = RULES.prompt(st, seat)
        if prompt is None or not prompt.choices:
            raise RuntimeError(f"seat {seat} waits without choices")
        choice = prompt.choices[pick.randbelow(len(prompt.choices))].id
        for e in RULES.apply(st, seat, choice, Rng(st["rng"])):
            for viewer in (None, 0, 1):
                RULES.describe(e, viewer)
        steps += 1
        if check and steps % 25 == 0:
            for s in (0, 1):
                v = RULES.view(st, s)
                w = RULES.view(RULES.determinize(st, s, Rng.seeded(steps)), s)
                if v != w:
                    diff = [k for k in v if v[k] != w.get(k)]
                    raise RuntimeError(f"leak: view of seat {s} changed by determinize: {diff}")
            if RULES.clone(st) != st:
                raise RuntimeError("clone differs")
        if steps >= STEP_CAP:
            raise RuntimeError(f"no outcome after {STEP_CAP} steps")
    return steps, st


def play_match(seed: int, options: dict, check: bool) -> tuple[int, dict]:
    """One game through ``engine.match.Match``."""
    from engine.match import Match

    m = Match(RULES, _config(options), seed, "teaching")
    pick = Rng.seeded(seed * 7919 + 13)
    steps = 0
    while not m.over:
        waiting = m.waiting()
        if not waiting:
            raise RuntimeError("dead end: nobody waiting")
        seat = waiting[pick.randbelow(len(waiting))]
        prompt = m.prompt(seat)
        m.act(seat, prompt.choices[pick.randbelow(len(prompt.choices))].id)
        steps += 1
        if steps >= STEP_CAP:
            raise RuntimeError(f"no outcome after {STEP_CAP} steps")
    return steps, m.state


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--match", action="store_true", help="play through engine.match.Match")
    ap.add_argument("--check", action="store_true", help="leak test and clone check every 25 steps")
    ap.add_argument("--option", action="append", default=[], help="key=value rule option")
    ap.add_argument("--progress", type=int, default=0, help="print a line every N games")
    args = ap.parse_args(argv)
    options = dict(o.split("=", 1) for o in args.option)
    play = play_match if args.match else play_rules
    lengths: list[int] = []
    wins: collections.Counter[str] = collections.Counter()
    turns: collections.Counter[str] = collections.Counter()
    failures: list[tuple[int, str]] = []
    t0 = time.perf_counter()
    for k in range(args.games):
        seed = args.seed + k
        try:
            steps, st = play(seed, options, args.check)
        except Exception as exc:  # report and go on
            tb = traceback.extract_tb(exc.__traceback__)[-1]
            msg = f"{type(exc).__name__}: {exc} ({Path(tb.filename).name}:{tb.lineno})"
            failures.append((seed, msg))
            print(f"FAIL seed {seed}: {msg}", flush=True)
            continue
        lengths.append(steps)
        side = ("France", "Britain")[st["winner"]] if st["winner"] is not None else "nobody"
        wins[f"{side} by {st['reason']}"] += 1
        turns[B.TURN_IDS[st["ti"]]] += 1
        if args.progress and (k + 1) % args.progress == 0:
            print(f"... {k + 1} games, {time.perf_counter() - t0:.0f} s", flush=True)
    dt = time.perf_counter() - t0
    n = len(lengths)
    print(f"games: {args.games} ({n} finished) in {dt:.1f} s — {args.games / dt:.2f} games/s")
    if n:
        print(
            f"steps per game: min {min(lengths)}, mean {sum(lengths) / n:.0f}, max {max(lengths)}"
        )
    for key, c in wins.most_common():
        print(f"  {key}: {c}")
    print("  ended on: " + ", ".join(f"{t} {c}" for t, c in sorted(turns.items())))
    if failures:
        print("failed seeds: " + ", ".join(str(seed) for seed, _msg in failures))
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
