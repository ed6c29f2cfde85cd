"""Reveal detection against an oracle: 0 missed reveals is the goal (issue 14, point 4).

For every game, random matches (casual policy, human seats) are played; at every ply that is not
already a barrier for a cheap reason (RNG advanced, a new seat to decide), the engine's answer
(:func:`engine.reveal.reveals`) is compared with an oracle that replays the choice in
``--oracle`` (default 32) independently determinized worlds, the method the engine used to rely
on with 2 worlds. A reveal the oracle finds and the engine does not is *missed*; one the engine
finds and the oracle does not is *extra* (the built worlds reach what 32 samples may not).

    python scripts/reveal_check.py --reveals 10000          # the full proof (long)
    python scripts/reveal_check.py --reveals 300 --games mausoleum
    python scripts/reveal_check.py --games res_publica --policy forward --every 60 --budget 3600
Prints one line per game (and each missed reveal's seed and ply): plies checked, oracle reveals, missed, extra, seconds.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import registry  # noqa: E402
from engine.match import Match  # noqa: E402
from engine.reveal import reveals  # noqa: E402
from engine.rng import Rng  # noqa: E402
from engine.rules import Config, IllegalAction, Rules, SeatConfig, resolve_options  # noqa: E402

SEATS = {
    "imperium": 2,
    "mausoleum": 4,
    "res_publica": 3,
    "imperial_struggle": 2,
    "brazil_imperial": 2,
}


def oracle(rules: Rules, before, after, seat: int, choice: str, worlds: int, salt: int) -> bool:
    """The sampled test with ``worlds`` determinized worlds (seeds independent of the
    engine's)."""
    viewers = [seat, None]
    real = [rules.view(after, v) for v in viewers]
    for k in range(worlds):
        world = rules.determinize(before, seat, Rng.seeded(10**9 + salt * 1013 + k))
        try:
            rules.apply(world, seat, choice, Rng(world["rng"]))
        except IllegalAction:
            return True
        if any(rules.view(world, v) != r for v, r in zip(viewers, real, strict=True)):
            return True
    return False


def new_match(rules: Rules, seats: int, seed: int) -> Match:
    config = Config(
        tuple(SeatConfig(f"P{i + 1}", "human") for i in range(seats)), resolve_options(rules)
    )
    return Match(rules, config, seed, "casual")


POLICIES = ("uniform", "forward")
"""``uniform``: the issue's repro; ``forward``: the same, but a composing step is never taken
back (``back:...``) while another choice exists, so trades and war turns finish sooner and more
of the plies checked are reveals (about twice as many in Imperial Struggle)."""


def play(match: Match, pick: random.Random, cap: int = 3000, policy: str = "uniform"):
    """Random play as the issue's repro: a waiting seat, then a choice, by ``randrange``
    (``policy`` as :data:`POLICIES`)."""
    while not match.over and match.ply < cap:
        waiting = match.waiting()
        seat = waiting[pick.randrange(len(waiting))]
        choices = match.prompt(seat).choices
        if policy == "forward":
            choices = [c for c in choices if not c.id.startswith("back")] or choices
        match.act(seat, choices[pick.randrange(len(choices))].id)
        yield match.ply - 1


def check_ply(match: Match, ply: int, worlds: int) -> tuple[bool, bool] | None:
    """(oracle, engine) for ``ply``; None when the ply is a barrier for a cheap reason."""
    if match._cheap[ply]:
        return None
    seat, choice = match.line[ply]
    before, after = match.state_at(ply), match.state_at(ply + 1)
    truth = oracle(match.rules, before, after, seat, choice, worlds, ply)
    return truth, reveals(match.rules, before, after, seat, choice, ply)


def run_game(
    game: str,
    target: int,
    worlds: int,
    budget: float,
    policy: str = "uniform",
    every: float = 0,
    first: int = 0,
) -> dict[str, float]:
    """Check ``game`` until ``target`` oracle reveals or ``budget`` seconds; counts as printed
    by :func:`main` (``every`` > 0: a progress line every that many seconds; ``first``: the
    first match's seed, so a long run can go on where an earlier one stopped)."""
    rules = registry.get(game)
    counts = {"plies": 0, "reveals": 0, "missed": 0, "extra": 0}
    t0 = last = time.perf_counter()
    seed = first
    while counts["reveals"] < target and time.perf_counter() - t0 < budget:
        match = new_match(rules, SEATS[game], seed)
        for ply in play(match, random.Random(seed), policy=policy):
            got = check_ply(match, ply, worlds)
            if got is None:
                continue
            counts["plies"] += 1
            truth, found = got
            counts["reveals"] += truth
            counts["missed"] += truth and not found
            counts["extra"] += found and not truth
            if truth and not found:
                print(f"  missed: {game} seed {seed} ply {ply} {match.line[ply]}", flush=True)
            if counts["reveals"] >= target or time.perf_counter() - t0 >= budget:
                break
            if every and time.perf_counter() - last >= every:
                last = time.perf_counter()
                print(f"  {game} so far: {counts}, match {seed}, {last - t0:.0f} s", flush=True)
        seed += 1
    counts["seconds"] = round(time.perf_counter() - t0, 1)
    counts["matches"] = seed - first
    return counts


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--reveals", type=int, default=10_000, help="oracle reveals per game")
    p.add_argument("--oracle", type=int, default=32, help="determinized worlds of the oracle")
    p.add_argument("--games", default=",".join(SEATS), help="comma-separated game ids")
    p.add_argument("--budget", type=float, default=600.0, help="seconds per game at most")
    p.add_argument("--policy", choices=POLICIES, default="uniform", help="random play policy")
    p.add_argument("--every", type=float, default=0, help="progress line every N seconds")
    p.add_argument("--first-seed", type=int, default=0, help="seed of the first match")
    args = p.parse_args()
    missed = 0
    for game in args.games.split(","):
        c = run_game(
            game, args.reveals, args.oracle, args.budget, args.policy, args.every, args.first_seed
        )
        missed += c["missed"]
        print(
            f"{game}: {c['plies']} plies checked, {c['reveals']} reveals (oracle), "
            f"{c['missed']} missed, {c['extra']} extra, {c['matches']} matches, {c['seconds']} s",
            flush=True,
        )
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
