"""Evaluate the iMperium heuristic bot with headless matches (engine.session).

Usage::

    .venv/bin/python scripts/bot_eval.py --matches 200 --deck both --opponent random
    .venv/bin/python scripts/bot_eval.py --matches 100 --deck both --opponent bot

For each deck the bot plays ``--matches`` matches with that deck (IMP-2.1 ``decks`` option),
alternating its seat (0/1); the first player is the seeded coin toss (IMP-2.3), so seat order
and first player both vary. Match ``i`` uses seed ``--seed + i``. With ``--opponent bot`` both
seats are the heuristic bot (the "bot deck" is then just the one reported).

Prints per deck: wins / losses / draws, win rate, how the wins came (army, points, Government),
mean game length (turns of both players), and the heuristic bot's decision time (mean and
max, in ms, measured around ``engine.ai.decide``, determinization included).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from evalkit import Times, play_timed, timing, timing_line  # noqa: E402

from engine.rules import SeatConfig  # noqa: E402
from engine.session import new_match  # noqa: E402


def play_match(seed: int, bot_seat: int, deck: str, opponent: str, times: Times) -> dict:
    """Play one match; the heuristic bot sits in ``bot_seat`` with ``deck``."""
    other = "greek" if deck == "roman" else "roman"
    decks = [deck, other] if bot_seat == 0 else [other, deck]
    kinds = ["bot", opponent] if bot_seat == 0 else [opponent, "bot"]
    seats = [SeatConfig(f"P{i + 1}", k) for i, k in enumerate(kinds)]
    match = new_match("imperium", seats, {"decks": f"{decks[0]}_{decks[1]}"}, seed=seed)
    play_timed(match, times, seed, 200_000)
    st = match.state
    return {
        "winner": st["winner"],
        "bot_seat": bot_seat,
        "first": st["first"],
        "reason": st["reason"].split(":")[0],
        "turns": st["turn"] + 1,
    }


def run(matches: int, deck: str, opponent: str, seed: int, verbose: bool = False) -> dict:
    """Play ``matches`` matches for ``deck``; returns the summary numbers."""
    times: Times = []
    wins = losses = draws = 0
    first_wins = Counter()
    how: Counter[str] = Counter()
    lost_how: Counter[str] = Counter()
    turns = []
    for i in range(matches):
        r = play_match(seed + i, i % 2, deck, opponent, times)
        turns.append(r["turns"])
        if r["winner"] == r["bot_seat"]:
            wins += 1
            how[r["reason"]] += 1
            first_wins["first" if r["first"] == r["bot_seat"] else "second"] += 1
        elif r["winner"] >= 0:
            losses += 1
            lost_how[r["reason"]] += 1
        else:
            draws += 1
        if verbose:
            print(f"  seed {seed + i}: {r}", flush=True)
    return {
        "deck": deck,
        "matches": matches,
        "wins": wins,
        "losses": losses,
        "draws": draws,
        "how": dict(how),
        "lost_how": dict(lost_how),
        "first_wins": dict(first_wins),
        "turns": sum(turns) / max(1, len(turns)),
        **timing(times),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--matches", type=int, default=200, help="matches per deck")
    ap.add_argument("--deck", choices=("roman", "greek", "both"), default="both")
    ap.add_argument("--opponent", choices=("random", "bot"), default="random")
    ap.add_argument("--seed", type=int, default=1, help="seed of the first match")
    ap.add_argument("-v", "--verbose", action="store_true", help="one line per match")
    args = ap.parse_args(argv)
    decks = ("roman", "greek") if args.deck == "both" else (args.deck,)
    print(f"iMperium bot vs {args.opponent}: {args.matches} matches per deck, seeds {args.seed}..")
    for d in decks:
        t0 = time.perf_counter()
        r = run(args.matches, d, args.opponent, args.seed, args.verbose)
        rate = 100 * r["wins"] / max(1, r["matches"])
        print(
            f"bot as {d:6}: {r['wins']}/{r['matches']} wins ({rate:.1f}%), "
            f"{r['losses']} losses, {r['draws']} draws; mean game length {r['turns']:.1f} turns; "
            f"{timing_line(r)}; {time.perf_counter() - t0:.0f}s"
        )
        print(f"    wins by: {r['how']}  (as first/second player: {r['first_wins']})")
        if r["lost_how"]:
            print(f"    losses by: {r['lost_how']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
