"""Random-play speed of our games beside RLCard's UNO, Leduc Hold'em and Dou Dizhu (issue 17).

Usage: ``.venv/bin/python scripts/bench_peers.py [--rounds 3] [--steps 2000] [--games imperium,...]``

Each round times, one after the other (interleaved, so a busy machine slows all alike), every
one of our games and every peer; the medians over the rounds are printed with the ratios. Our
figures are those of ``imperia bench`` (:mod:`engine.bench`): ``match`` is random play through
``Match.act`` with the journal written to a file, ``playout`` is determinize + random play to the
end through the rules alone. A peer's figure is RLCard environment turns per second: ``env.step``
of a uniformly random legal action from ``env.reset()`` to ``env.is_over()`` (what an RL agent's
rollout pays). Times are CPU seconds of this process (``time.process_time``).

RLCard is optional (``pip install '.[bench]'``); without it the peers are skipped with a note and
only our figures are printed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import registry  # noqa: E402
from engine.bench import playout_rate, random_play_rate  # noqa: E402

PEERS = {"uno": "UNO", "leduc-holdem": "Leduc", "doudizhu": "Dou Dizhu"}


def peer_rate(env_id: str, steps: int, seed: int) -> float:
    """RLCard ``env_id`` turns per second over whole games (at least ``steps`` turns)."""
    import rlcard

    env = rlcard.make(env_id, config={"seed": seed})
    pick = random.Random(seed)
    done = 0
    elapsed = 0.0
    while done < steps:
        t0 = time.process_time()
        state, _ = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[pick.randrange(len(legal))])
            done += 1
        elapsed += time.process_time() - t0
    return done / elapsed


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--steps", type=int, default=2000, help="steps (turns) per figure")
    ap.add_argument("--games", default="imperium,mausoleum,res_publica,imperial_struggle")
    args = ap.parse_args(argv)
    try:
        import rlcard  # noqa: F401
    except ImportError:
        peers: dict[str, str] = {}
        print("RLCard is not installed (pip install '.[bench]'): peers skipped")
    else:
        peers = PEERS
    games = [g for g in args.games.split(",") if g]
    figures: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(args.rounds):
            for g in games:
                rules = registry.get(g)
                folder = Path(tmp) / f"{g}-{r}"
                folder.mkdir()
                figures.setdefault(f"{g} match", []).append(
                    random_play_rate(rules, args.steps, folder)[0]
                )
                figures.setdefault(f"{g} playout", []).append(playout_rate(rules, args.steps)[0])
            for env_id, name in peers.items():
                figures.setdefault(name, []).append(peer_rate(env_id, args.steps, r))
            print(f"round {r + 1}/{args.rounds} done", flush=True)
    med = {k: statistics.median(v) for k, v in figures.items()}
    print(f"\nmedians of {args.rounds} rounds, steps (turns) per CPU second:")
    for k, v in med.items():
        print(f"  {k:<28} {v:10.0f}")
    if peers:
        print("\nratios (ours / peer):")
        head = "".join(f"{n:>12}" for n in peers.values())
        print(f"  {'':<28}{head}")
        for k, v in med.items():
            if k in peers.values():
                continue
            print(f"  {k:<28}" + "".join(f"{v / med[n]:12.2f}" for n in peers.values()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
