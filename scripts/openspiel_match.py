"""Our bot against OpenSpiel's ISMCTS, seats rotated, at matched time per decision (issue 22).

    python scripts/openspiel_match.py GAME [--games 40] [--players N] [--seconds 0.2]
                                           [--kind bot] [--rollout 60]

ISMCTS (open_spiel.python.algorithms.ismcts, random-rollout evaluator, rollouts cut after
``--rollout`` decisions) gets a fixed number of simulations per decision, calibrated before the
match so that one decision takes about ``--seconds`` of CPU; our bot (``--kind``, the game's
heuristic by default) decides as it always does (it stops after a fixed amount of work, far less
than that time). One ISMCTS seat per match, rotated through every seat; the rest of the seats are
ours. Prints our win rate with a 95% Wilson interval, both sides' decision times and a Markdown
table row for the README.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from engine import registry  # noqa: E402
from engine.adapters import openspiel as osp  # noqa: E402


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ``wins / n``."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def ismcts_bot(game, sims: int, rollout: int, seed: int):
    rs = np.random.RandomState(seed)
    ev = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs, max_length=rollout)
    return ismcts.ISMCTSBot(
        game,
        ev,
        uct_c=2.0,
        max_simulations=sims,
        random_state=rs,
        allow_inconsistent_action_sets=True,
    )


def calibrate(game, seconds: float, rollout: int) -> int:
    """Simulations per decision that take about ``seconds`` of CPU, measured on a few early
    positions of one random game."""
    bot = ismcts_bot(game, 16, rollout, 0)
    state = game.new_initial_state()
    state.apply_action(0)
    rnd = np.random.RandomState(0)
    spent, sims = 0.0, 0
    for _ in range(6):
        if state.is_terminal():
            break
        t = time.process_time()
        bot.step(state)
        spent += time.process_time() - t
        sims += 16
        state.apply_action(rnd.choice(state.legal_actions()))
    return max(1, int(sims * seconds / max(spent, 1e-6)))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--players", type=int)
    ap.add_argument("--seconds", type=float, default=0.2)
    ap.add_argument("--kind", default="bot")
    ap.add_argument("--rollout", type=int, default=60)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    rules = registry.get(args.game)
    players = args.players or rules.min_seats
    game = pyspiel.load_game(osp.PREFIX + args.game, {"players": players, "seed": args.seed})
    sims = calibrate(game, args.seconds, args.rollout)
    print(
        f"{rules.title}, {players} seats: ISMCTS gets {sims} simulations per decision "
        f"(about {args.seconds:.2f} s CPU), rollouts cut at {args.rollout} decisions"
    )
    ours_share = 0.0
    even = 1 - 1 / players  # our seats' expected share if everyone were equal
    times: dict[str, list[float]] = {"ours": [], "ismcts": []}
    for n in range(args.games):
        seat = n % players
        bots = [
            ismcts_bot(game, sims, args.rollout, args.seed * 1000 + n)
            if s == seat
            else osp.ImperiaBot(game, s, args.kind, seed=args.seed * 1000 + n)
            for s in range(players)
        ]
        state = game.new_initial_state()
        state.apply_action((args.seed * 7919 + n) % osp.SEEDS)
        while not state.is_terminal():
            p = state.current_player()
            t = time.process_time()
            action = bots[p].step(state)
            times["ismcts" if p == seat else "ours"].append(time.process_time() - t)
            state.apply_action(action)
        winners = state.core.rules.outcome(state.core.state).winners
        share = (sum(1 for w in winners if w != seat) / len(winners)) if winners else even
        ours_share += share
        print(f"  match {n + 1}: ISMCTS in seat {seat + 1}, our share {share:.2f}", flush=True)
    lo, hi = wilson(ours_share, args.games)
    rate = ours_share / args.games

    def q(xs: list[float], f: float) -> float:
        xs = sorted(xs)
        return xs[min(len(xs) - 1, int(f * len(xs)))] * 1000 if xs else 0.0

    print(
        f"ours won {rate:.1%} (95% CI {lo:.1%}-{hi:.1%}) of {args.games} matches "
        f"(an even share would be {even:.0%})"
    )
    for k, xs in times.items():
        print(
            f"  {k}: {len(xs)} decisions, median {q(xs, 0.5):.1f} ms, p99 {q(xs, 0.99):.1f} ms CPU"
        )
    print(
        f"| {rules.title} | {players} | {args.kind} | {sims} sims (~{args.seconds:.2f} s) | "
        f"{args.games} | {rate:.0%} ({lo:.0%}-{hi:.0%}) |"
    )


if __name__ == "__main__":
    main()
