"""Evaluate the Mausoleum heuristic bot with headless matches (engine.session).

Usage::

    .venv/bin/python scripts/maus_bot_eval.py --matches 200 --seats 4 --opponent random

Match ``i`` uses seed ``--seed + i``; the bot sits in seat ``i % seats`` (so its seat rotates)
and every other seat is ``--opponent``. The start player is drawn by the rules (MAU-2.6), so it
varies too. Prints the bot's wins (a shared win counts as a win and is also listed), the win
rate, how the games ended (threshold, empty shop, turn cap), the mean match length in turns and
the bot's decision time (mean and max in ms, measured around ``engine.ai.decide``,
determinization included).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from evalkit import (  # noqa: E402
    Times,
    WinTally,
    play_timed,
    rotating_args,
    rotating_match,
    timing,
    timing_line,
    wins_text,
)


def play_match(seed: int, seats: int, bot_seat: int, opponent: str, times: Times) -> dict:
    """Play one match with the bot in ``bot_seat``; returns winners, end kind and length."""
    match = rotating_match("mausoleum", seats, bot_seat, opponent, seed)
    play_timed(match, times, seed, 200_000)
    st = match.state
    return {"winners": list(st["winners"]), "end": st["end"], "turns": st["turns"]}


def run(matches: int, seats: int, opponent: str, seed: int, verbose: bool = False) -> dict:
    """Play ``matches`` matches; returns the summary numbers."""
    times: Times = []
    tally = WinTally()
    turns = []
    for i in range(matches):
        bot_seat = i % seats
        r = play_match(seed + i, seats, bot_seat, opponent, times)
        turns.append(r["turns"])
        tally.add(r, bot_seat, seed + i, verbose)
    return {
        **tally.summary(matches),
        "turns": sum(turns) / max(1, len(turns)),
        **timing(times),
    }


def main(argv: list[str] | None = None) -> int:
    args = rotating_args(__doc__, argv, "Mausoleum", 200, 4, "2-10 seats (MAU-2.1)")
    t0 = time.perf_counter()
    r = run(args.matches, args.seats, args.opponent, args.seed, args.verbose)
    print(f"{wins_text(r)}; mean match length {r['turns']:.1f} turns")
    print(f"{timing_line(r)}; {time.perf_counter() - t0:.0f}s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
