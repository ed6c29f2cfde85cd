"""Measure the teaching aids along random matches of every game (issue 19): how long the
"why not?" hook takes per decision, how often it has something to say, and what a hint costs
(the hard bot's search at its time box, then the reasons).

    python scripts/teach_check.py                 # 200 decisions a game, 2 hints a game
    python scripts/teach_check.py --steps 1000 --hints 5 --seconds 1.0

Prints one line per game: why-not calls, share with a reason, mean and max milliseconds; hints
made, mean search iterations, mean milliseconds for the reasons (explain), mean total seconds.
"""

from __future__ import annotations

import argparse
import time

from engine import registry
from engine.hints import explain, rank
from engine.rng import Rng
from engine.rules import Config, SeatConfig, resolve_options, unavailable_choices

SEATS = {"mausoleum": 3, "res_publica": 3}


def check(game: str, steps: int, hints: int, seconds: float, seed: int) -> str:
    rules = registry.get(game)
    n = SEATS.get(game, 2)
    config = Config(tuple(SeatConfig(f"P{i + 1}") for i in range(n)), resolve_options(rules))
    rng = Rng.seeded(seed)
    state = rules.setup(config, Rng.seeded(seed))
    calls = said = 0
    worst = total = 0.0
    hint_times: list[float] = []
    explain_times: list[float] = []
    iters: list[int] = []
    every = max(1, steps // max(1, hints))
    for step in range(steps):
        waiting = rules.waiting(state)
        if not waiting:
            break
        seat = waiting[0]
        t = time.perf_counter()
        got = unavailable_choices(rules, state, seat)
        dt = time.perf_counter() - t
        calls += 1
        said += bool(got)
        total += dt
        worst = max(worst, dt)
        prompt = rules.prompt(state, seat)
        if hints and step % every == every // 2 and len(prompt.choices) > 1:
            t = time.perf_counter()
            ranked = rank(rules, state, seat, rng, seconds)
            t2 = time.perf_counter()
            explain(rules, state, seat, ranked, rng)
            t3 = time.perf_counter()
            hint_times.append(t3 - t)
            explain_times.append(t3 - t2)
            iters.append(sum(v for _, v, _ in ranked))
        choice = prompt.choices[rng.randbelow(len(prompt.choices))].id
        rules.apply(state, seat, choice, rng)
    mean = 1000 * total / max(1, calls)
    line = (
        f"{game:18} why-not: {calls} calls, {100 * said / max(1, calls):.0f}% with a reason,"
        f" mean {mean:.2f} ms, max {1000 * worst:.1f} ms"
    )
    if hint_times:
        k = len(hint_times)
        line += (
            f" | hints: {k}, mean {sum(iters) / k:.0f} iterations,"
            f" reasons {1000 * sum(explain_times) / k:.0f} ms, total {sum(hint_times) / k:.2f} s"
        )
    return line


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--steps", type=int, default=200, help="decisions per game")
    ap.add_argument("--hints", type=int, default=2, help="hints per game")
    ap.add_argument("--seconds", type=float, default=1.0, help="a hint's search time box")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    for game in ("imperium", "mausoleum", "res_publica", "imperial_struggle", "brazil_imperial"):
        print(check(game, args.steps, args.hints, args.seconds, args.seed), flush=True)


if __name__ == "__main__":
    main()
