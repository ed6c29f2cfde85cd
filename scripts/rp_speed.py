"""Speed and behaviour fingerprint of the Res Publica rules engine (prompt + apply).

Usage::

    .venv/bin/python scripts/rp_speed.py bench [--games 20] [--journal FILE ...]
    .venv/bin/python scripts/rp_speed.py fingerprint [--games 30] [--out FILE]

``bench`` plays random games straight through ``RULES.prompt`` + ``RULES.apply`` (seeds 0..N-1,
4 seats) and prints rules steps per CPU second (``time.process_time``: the machine is shared),
then times ``load_match(..., verify=True)`` on each journal given.

``fingerprint`` plays random games over 3-5 seats and several rule options and digests, at
every step, every waiting seat's full prompt (ids, labels, targets, groups, details, text,
summary, secret), the events and the state hash, plus a few probes of choices that were not
offered (and the shortcut forms) on a clone: whether they raise IllegalAction and, if not, the
resulting state and events. Two runs of the same code print the same digest; a change that
alters behaviour changes it (``--out`` keeps per-step lines to find where).
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import journal as jr  # noqa: E402
from engine.games.res_publica import RULES  # noqa: E402
from engine.match import state_hash  # noqa: E402
from engine.rng import Rng  # noqa: E402
from engine.rules import Config, IllegalAction, SeatConfig, resolve_options  # noqa: E402
from engine.session import load_match  # noqa: E402

STEP_CAP = 50_000


def _setup(seats: int, seed: int, options: dict | None = None):
    config = Config(
        tuple(SeatConfig(f"P{i + 1}", "random") for i in range(seats)),
        resolve_options(RULES, options or {}),
    )
    state = RULES.setup(config, Rng.seeded(seed))
    return state


def play(seats: int, seed: int) -> int:
    """One random game through prompt + apply; returns the number of steps."""
    state = _setup(seats, seed)
    rng = Rng.seeded(seed + 1000)
    steps = 0
    while True:
        waiting = RULES.waiting(state)
        if not waiting:
            return steps
        seat = waiting[rng.randbelow(len(waiting))]
        prompt = RULES.prompt(state, seat)
        choice = prompt.choices[rng.randbelow(len(prompt.choices))].id
        RULES.apply(state, seat, choice, Rng(state["rng"]))
        steps += 1
        assert steps < STEP_CAP


def bench(games: int, journals: list[str]) -> None:
    t0 = time.process_time()
    steps = sum(play(4, seed) for seed in range(games))
    dt = time.process_time() - t0
    print(f"random play: {games} games, {steps} steps, {dt:.2f} s CPU, {steps / dt:,.0f} steps/s")
    for path in journals:
        loaded = jr.read(path)
        t0 = time.process_time()
        match = load_match(loaded, verify=True)
        dt = time.process_time() - t0
        n = len(loaded.records)
        print(f"replay --verify {path}: {n} records, {dt:.2f} s CPU, {n / dt:,.0f} records/s")
        assert match is not None


PROBES = (
    "req:1GO",
    "req:2ANY",
    "off:1GO",
    "off:2PEO/1AR",
    "off:1PA",
    "resp:1ANY",
    "resp:1GO+1HU",
    "give:GO",
    "give:",
    "req:0GO",
    "n:0",
    "n:61",
    "k:ZZ",
    "accept:9",
    "display:GO",
    "civ:4",
    "pick:GO",
)

VARIANTS = (
    {},
    {"draw_mode": "free", "leak_penalty": "forfeit_trade"},
    {"draw_mode": "max", "exchange_visibility": "open", "final_round_draws": "on"},
    {"tiebreak": "highest_city", "start_player": "host_choice", "turn_cap": 40},
)


def _prompt_repr(p) -> str:
    if p is None:
        return "None"
    ch = "|".join(f"{c.id}~{c.label}~{c.target}~{c.group}~{c.detail}" for c in p.choices)
    return f"{p.seat}#{p.text}#{p.summary}#{p.secret}#{ch}"


def fingerprint(games: int, out: str | None) -> None:
    digest = hashlib.blake2b(digest_size=16)
    lines: list[str] = []
    total = 0
    t0 = time.process_time()
    for g in range(games):
        seats = 3 + g % 3
        opts = VARIANTS[g % len(VARIANTS)]
        state = _setup(seats, g, opts)
        rng = Rng.seeded(g + 77)
        seen: set[str] = set()
        step = 0
        while True:
            waiting = RULES.waiting(state)
            prompts = [RULES.prompt(state, s) for s in range(seats)]
            line = [f"g{g} s{step} w{waiting}", *map(_prompt_repr, prompts)]
            if not waiting:
                lines.append(" ".join(line))
                digest.update(lines[-1].encode())
                break
            for p in prompts:
                if p is not None:
                    seen.update(c.id for c in p.choices)
            seat = waiting[rng.randbelow(len(waiting))]
            offered = {c.id for c in prompts[seat].choices}
            pool = sorted((seen | set(PROBES)) - offered)
            probes = [pool[rng.randbelow(len(pool))] for _ in range(3)] if pool else []
            other = [s for s in range(seats) if s not in waiting]
            if other:
                probes.append(
                    prompts[seat].choices[0].id + "@" + str(other[rng.randbelow(len(other))])
                )
            for probe in probes:
                cid, _, who = probe.partition("@")
                s = int(who) if who else seat
                clone = RULES.clone(state)
                try:
                    evs = RULES.apply(clone, s, cid, Rng(clone["rng"]))
                    line.append(f"P{probe}=ok:{state_hash(clone).hex()}:{evs!r}")
                except IllegalAction:
                    line.append(f"P{probe}=illegal")
                    assert state_hash(clone) == state_hash(state), "IllegalAction changed state"
            choice = prompts[seat].choices[rng.randbelow(len(prompts[seat].choices))].id
            evs = RULES.apply(state, seat, choice, Rng(state["rng"]))
            line.append(f"C{seat}:{choice} E{evs!r} H{state_hash(state).hex()}")
            lines.append(" ".join(line))
            digest.update(lines[-1].encode())
            step += 1
        total += step
    dt = time.process_time() - t0
    print(f"fingerprint: {games} games, {total} steps, {dt:.1f} s CPU: {digest.hexdigest()}")
    if out:
        Path(out).write_text("\n".join(lines) + "\n")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("bench")
    b.add_argument("--games", type=int, default=20)
    b.add_argument("--journal", nargs="*", default=[])
    f = sub.add_parser("fingerprint")
    f.add_argument("--games", type=int, default=30)
    f.add_argument("--out")
    args = ap.parse_args()
    if args.cmd == "bench":
        bench(args.games, args.journal)
    else:
        fingerprint(args.games, args.out)


if __name__ == "__main__":
    main()
