"""Evaluate the Res Publica heuristic bot with headless matches (engine.session).

Usage::

    .venv/bin/python scripts/rp_bot_eval.py --matches 200 --seats 4 --opponent random

Match ``i`` uses seed ``--seed + i``; the bot sits in seat ``i % seats`` (so its seat rotates)
and every other seat is ``--opponent``. The start player is drawn by the rules (RP-V7 random),
so it varies too. Prints the bot's wins (a shared win counts as a win and is also listed), the
win rate, how the games ended (last civilization card, stall guard, turn cap), the mean match
length in turns, the bot's mean points against the best rival, and the bot's decision time
(mean and max in ms, wall-clock and CPU; see ``evalkit.py`` for how it is timed).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from evalkit import (  # noqa: E402
    TimedSeats,
    Times,
    WinTally,
    rotating_args,
    rotating_match,
    timing,
    timing_line,
    wins_text,
)


def play_match(seed: int, seats: int, bot_seat: int, opponent: str, times: Times) -> dict:
    """Play one match with the bot in ``bot_seat``; returns winners, end kind, length, totals."""
    match = rotating_match("res_publica", seats, bot_seat, opponent, seed)
    bots = TimedSeats(match, times)
    steps = 0
    end = "?"
    while not match.over:
        seat = bots.next_seat()
        if seat is None:
            raise RuntimeError(f"seed {seed}: dead end")
        for e in match.act(seat, bots.choose(seat)) or ():
            if getattr(e, "kind", None) == "final_round":
                end = e.args["why"]
        steps += 1
        if steps > 500_000:
            raise RuntimeError(f"seed {seed}: no end")
    st = match.state
    out = match.rules.outcome(st)
    return {"winners": list(st["winners"]), "end": end, "turns": st["turn"], "totals": out.scores}


def run(matches: int, seats: int, opponent: str, seed: int, verbose: bool = False) -> dict:
    """Play ``matches`` matches; returns the summary numbers."""
    times: Times = []
    tally = WinTally()
    turns = []
    margin = []
    for i in range(matches):
        bot_seat = i % seats
        r = play_match(seed + i, seats, bot_seat, opponent, times)
        turns.append(r["turns"])
        tot = list(r["totals"])
        margin.append(tot[bot_seat] - max(t for s, t in enumerate(tot) if s != bot_seat))
        tally.add(r, bot_seat, seed + i, verbose)
    return {
        **tally.summary(matches),
        "turns": sum(turns) / max(1, len(turns)),
        "margin": sum(margin) / max(1, len(margin)),
        **timing(times),
    }


def main(argv: list[str] | None = None) -> int:
    args = rotating_args(__doc__, argv, "Res Publica", 200, 4, "3-5 seats (RP-1.1)")
    t0 = time.perf_counter()
    r = run(args.matches, args.seats, args.opponent, args.seed, args.verbose)
    print(
        f"{wins_text(r)}; mean match length {r['turns']:.1f} turns; "
        f"mean margin over the best rival {r['margin']:+.1f} points"
    )
    print(f"{timing_line(r)}; {time.perf_counter() - t0:.0f}s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
