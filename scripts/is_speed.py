"""Speed and behaviour fingerprint of the Imperial Struggle rules engine (prompt + apply).

Usage: ``.venv/bin/python scripts/is_speed.py [--games 20] [--seed 3] [--option key=value ...]
[--profile FILE]``

Plays ``--games`` random games (game ``k``: set-up seed ``seed + k``, choice picker seeded like
``scripts/is_random_games.py``) through the Rules object the way ``engine.match`` and the
conformance suite do: ``waiting`` -> ``prompt`` -> pick one choice -> ``apply`` (which validates
the id against the prompt) -> ``describe`` of every event for every viewer.

Prints rules steps per CPU second (``time.process_time`` spent inside the rules calls only; the
machine is shared) and a SHA-256 fingerprint over, at every step, the acting seat's prompt (choice
ids, labels, targets, groups, details, text, summary, secret), the events (kind, seat, args, and
their log lines) and the msgpack bytes of the state after the step. Two runs of the same code
print the same fingerprint; a change of behaviour changes it. ``--profile FILE`` writes a
cProfile of the run to FILE (then the speed figure includes the profiler overhead).
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import sys
import time
from pathlib import Path

import msgpack

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.games.imperial_struggle import RULES  # noqa: E402
from engine.rng import Rng  # noqa: E402
from engine.rules import Config, SeatConfig, resolve_options  # noqa: E402

STEP_CAP = 20_000


def play(seed: int, h: hashlib._Hash, options: dict | None = None) -> tuple[int, float]:
    """One random game; feeds ``h``; returns (steps, CPU seconds inside the rules calls)."""
    clock = time.process_time
    config = Config(
        (SeatConfig("P1", "random"), SeatConfig("P2", "random")),
        resolve_options(RULES, options or {}),
    )
    t = clock()
    st = RULES.setup(config, Rng.seeded(seed))
    cpu = clock() - t
    h.update(msgpack.packb(st))
    pick = Rng.seeded(seed * 7919 + 13)
    steps = 0
    while not st["over"]:
        t = clock()
        waiting = RULES.waiting(st)
        cpu += clock() - t
        seat = waiting[pick.randbelow(len(waiting))]
        t = clock()
        prompt = RULES.prompt(st, seat)
        cpu += clock() - t
        h.update(repr((prompt.text, prompt.summary, prompt.secret)).encode())
        for c in prompt.choices:
            h.update(repr((c.id, c.label, c.target, c.group, c.detail)).encode())
        choice = prompt.choices[pick.randbelow(len(prompt.choices))].id
        t = clock()
        events = RULES.apply(st, seat, choice, Rng(st["rng"]))
        lines = [RULES.describe(e, viewer) for e in events for viewer in (None, 0, 1)]
        cpu += clock() - t
        h.update(choice.encode())
        for e in events:
            h.update(msgpack.packb([e.kind, e.seat, e.args]))
        h.update(repr(lines).encode())
        h.update(msgpack.packb(st))
        steps += 1
        if steps >= STEP_CAP:
            raise RuntimeError(f"seed {seed}: no outcome after {STEP_CAP} steps")
    return steps, cpu


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--profile", default="", help="write a cProfile of the run to this file")
    ap.add_argument("--option", action="append", default=[], help="key=value rule option")
    args = ap.parse_args(argv)
    options = dict(o.split("=", 1) for o in args.option)
    h = hashlib.sha256()
    prof = cProfile.Profile() if args.profile else None
    if prof:
        prof.enable()
    steps = 0
    cpu = 0.0
    for k in range(args.games):
        n, dt = play(args.seed + k, h, options)
        steps += n
        cpu += dt
    if prof:
        prof.disable()
        prof.dump_stats(args.profile)
    print(
        f"{args.games} games (seeds {args.seed}..{args.seed + args.games - 1}), {steps} steps, "
        f"{cpu:.2f} s CPU in the rules: {steps / cpu:,.0f} steps/s, "
        f"{args.games / cpu:.2f} games/s"
    )
    print(f"fingerprint {h.hexdigest()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
