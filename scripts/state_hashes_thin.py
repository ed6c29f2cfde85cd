"""Digest of every state hash (and prompt, log line and view) over seeded random games.

Used to check that a refactor keeps behaviour identical: run it before and after, the digests
must match. For each game and seed: random seat count and random rule options (drawn from the
seed), setup, then random legal choices until the game ends or ``--steps`` choices were made.
Every step feeds the digest with the state hash (``engine.match.state_hash``), the prompt (text,
summary, every choice's id/label/target/group/detail), every event's log line for a spectator
and for the acting seat, and the acting seat's view; every 25 steps a determinized world's view
(seeded) and the clone's hash too.

Usage: ``python scripts/state_hashes_thin.py [--games 200] [--steps 1000] [game ...]``
(games default: imperium mausoleum res_publica). Prints one line per game:
``<game> games=<n> steps=<n> digest=<hex>``.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

import msgpack

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import registry  # noqa: E402
from engine.match import state_hash  # noqa: E402
from engine.rng import Rng, new_cell  # noqa: E402
from engine.rules import Config, SeatConfig, resolve_options  # noqa: E402

GAMES = ("imperium", "mausoleum", "res_publica")


def _options(rules, pick: Rng) -> dict:
    """Random choice-kind option values (int options keep their defaults)."""
    raw = {}
    for opt in rules.options:
        if opt.kind == "choice" and opt.values:
            raw[opt.key] = opt.values[pick.randbelow(len(opt.values))]
    if rules.id == "imperium" and raw.get("decks") in ("roman_roman", "greek_greek"):
        raw["deck_assignment"] = "mirror_allowed"
    return raw


def _feed(h, obj) -> None:
    h.update(msgpack.packb(obj, use_bin_type=True, default=str))


def play(rules, seed: int, steps: int, h) -> int:
    """One random game fed into ``h``; returns the choices made."""
    pick = Rng.seeded(10_000 + seed)
    n = rules.min_seats + pick.randbelow(rules.max_seats - rules.min_seats + 1)
    seats = tuple(SeatConfig(f"P{i + 1}", "human") for i in range(n))
    config = Config(seats, resolve_options(rules, _options(rules, pick)))
    state = rules.setup(config, Rng(new_cell(seed)))
    h.update(state_hash(state))
    for e in getattr(rules, "setup_events", lambda s: [])(state):
        _feed(h, rules.describe(e, None))
    done = 0
    while done < steps and rules.outcome(state) is None:
        waiting = rules.waiting(state)
        if not waiting:
            break
        seat = waiting[pick.randbelow(len(waiting))]
        p = rules.prompt(state, seat)
        _feed(h, [p.text, p.summary, p.secret])
        _feed(h, [[c.id, c.label, c.target, c.group, c.detail] for c in p.choices])
        choice = p.choices[pick.randbelow(len(p.choices))].id
        events = rules.apply(state, seat, choice, Rng(state["rng"]))
        for e in events:
            _feed(h, [rules.describe(e, None), rules.describe(e, seat)])
        h.update(state_hash(state))
        _feed(h, rules.view(state, seat))
        if done % 25 == 0:
            h.update(state_hash(rules.clone(state)))
            world = rules.determinize(state, seat, Rng.seeded(seed * 7919 + done))
            h.update(state_hash(world))
        done += 1
    o = rules.outcome(state)
    if o is not None:
        _feed(h, [list(o.winners), o.reason, [str(s) for s in o.scores], o.shared])
    _feed(h, rules.view(state, None))
    return done


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", default=list(GAMES))
    ap.add_argument("--games", dest="count", type=int, default=200, help="seeds per game")
    ap.add_argument("--steps", type=int, default=1000, help="choice cap per game")
    args = ap.parse_args(argv)
    for gid in args.games:
        rules = registry.get(gid)
        h = hashlib.blake2b(digest_size=16)
        total = 0
        for seed in range(args.count):
            total += play(rules, seed, args.steps, h)
        print(f"{gid} games={args.count} steps={total} digest={h.hexdigest()}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
