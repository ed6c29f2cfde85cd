"""Play seeded random games of one game through the rules contract and print digests of them.

Usage: ``.venv/bin/python scripts/state_hashes.py GAME --games N --seed S [--vary-options]
[--views] [--per-game]``

A refactor that must not change behaviour runs this before and after: equal digests mean every
state of every game was the same (and, for ``text``, every prompt and log line). Game ``k`` uses
seed ``S + k`` for set-up and a separate seeded picker (``(S + k) * 7919 + 13``) that takes the
deciding seat and the choice uniformly among the waiting seats and offered choices. The seat
count cycles through the game's ``min_seats..max_seats``; ``--vary-options`` also draws every
"choice" rule option at random per game (same picker), so optional rules are covered too.

Printed digests (blake2b, 16 hex digits):

* ``states``: of every state's :func:`engine.match.state_hash` (after set-up and after every
  applied choice), in play order;
* ``text``: of every prompt (seat, text, summary, secret, and each choice's id, label, target,
  group, detail) and every event's log line for each seat and a spectator;
* ``views`` (with ``--views``): of every seat's and a spectator's view after every step
  (msgpack bytes; slow).

``--per-game`` also prints one line per game (seed, steps, states digest). Exit status 1 when a
game dead-ends or passes the step cap (its seed is printed).
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import registry  # noqa: E402
from engine.match import pack_state, state_hash  # noqa: E402
from engine.rng import Rng  # noqa: E402
from engine.rules import Config, Prompt, Rules, SeatConfig, resolve_options  # noqa: E402

STEP_CAP = 50_000


def _options(rules: Rules, pick: Rng, vary: bool, fixed: dict[str, str]) -> dict[str, Any]:
    raw: dict[str, Any] = {}
    if vary:
        for opt in rules.options:
            if opt.kind == "choice" and opt.values:
                raw[opt.key] = opt.values[pick.randbelow(len(opt.values))]
    raw.update(fixed)
    return resolve_options(rules, raw)


def _prompt_bytes(p: Prompt) -> bytes:
    parts = [str(p.seat), p.text, p.summary, str(p.secret)]
    for c in p.choices:
        parts += [c.id, c.label, str(c.target), c.group, c.detail]
    return "\x1f".join(parts).encode()


def play(
    rules: Rules, seed: int, args: argparse.Namespace, fixed: dict[str, str], sinks: dict
) -> int:
    """Play one seeded random game, feeding ``sinks`` (name -> hashlib object). Returns steps.

    Raises RuntimeError on a dead end or after ``STEP_CAP`` steps."""
    pick = Rng.seeded(seed * 7919 + 13)
    span = rules.max_seats - rules.min_seats + 1
    n_seats = rules.min_seats + (seed % span)
    seats = tuple(SeatConfig(f"P{i + 1}", "random") for i in range(n_seats))
    st = rules.setup(
        Config(seats, _options(rules, pick, args.vary_options, fixed)), Rng.seeded(seed)
    )
    viewers = (None, *range(n_seats))
    states, text, views = sinks["states"], sinks["text"], sinks.get("views")
    per_game = hashlib.blake2b(digest_size=8)

    def record() -> None:
        h = state_hash(st)
        states.update(h)
        per_game.update(h)
        if views is not None:
            for v in viewers:
                views.update(pack_state(rules.view(st, v)))

    record()
    for e in getattr(rules, "setup_events", lambda s: [])(st):
        for v in viewers:
            text.update(rules.describe(e, v).encode() + b"\n")
    steps = 0
    while rules.outcome(st) is None:
        waiting = rules.waiting(st)
        if not waiting:
            raise RuntimeError(f"seed {seed}: dead end (nobody waiting)")
        for s in waiting:
            text.update(_prompt_bytes(rules.prompt(st, s)))
        seat = waiting[pick.randbelow(len(waiting))]
        prompt = rules.prompt(st, seat)
        choice = prompt.choices[pick.randbelow(len(prompt.choices))].id
        for e in rules.apply(st, seat, choice, Rng(st["rng"])):
            for v in viewers:
                text.update(rules.describe(e, v).encode() + b"\n")
        record()
        steps += 1
        if steps >= STEP_CAP:
            raise RuntimeError(f"seed {seed}: no outcome after {STEP_CAP} steps")
    text.update(repr(rules.outcome(st)).encode())
    if args.per_game:
        print(f"  seed {seed}: {steps} steps, states {per_game.hexdigest()}", flush=True)
    return steps


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", help="registry id, e.g. imperial_struggle")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--vary-options", action="store_true", help="random rule options per game")
    ap.add_argument("--option", action="append", default=[], help="key=value (fixed option)")
    ap.add_argument("--views", action="store_true", help="also digest every view (slow)")
    ap.add_argument("--per-game", action="store_true", help="one line per game")
    args = ap.parse_args(argv)
    rules = registry.get(args.game)
    fixed = dict(o.split("=", 1) for o in args.option)
    sinks = {k: hashlib.blake2b(digest_size=8) for k in ("states", "text")}
    if args.views:
        sinks["views"] = hashlib.blake2b(digest_size=8)
    t0 = time.perf_counter()
    total = 0
    failed = []
    for k in range(args.games):
        try:
            total += play(rules, args.seed + k, args, fixed, sinks)
        except RuntimeError as exc:
            failed.append(args.seed + k)
            print(f"FAIL {exc}", flush=True)
    dt = time.perf_counter() - t0
    flags = " --vary-options" if args.vary_options else ""
    print(
        f"{args.game} --games {args.games} --seed {args.seed}{flags}: {total} steps in {dt:.1f} s"
    )
    for name, h in sinks.items():
        print(f"  {name}: {h.hexdigest()}")
    if failed:
        print("failed seeds: " + ", ".join(map(str, failed)))
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
