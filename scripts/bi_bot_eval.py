"""Evaluate the Brazil: Imperial heuristic bot with headless matches (engine.session).

Usage::

    .venv/bin/python scripts/bi_bot_eval.py --matches 200 --seats 2
    .venv/bin/python scripts/bi_bot_eval.py --matches 100 --seats 4
    .venv/bin/python scripts/bi_bot_eval.py --matches 50 --solo    # = --seats 1

Match ``i`` uses seed ``--seed + i``; the bot sits in seat ``i % seats`` and every other seat is
``--opponent`` (default random). Prints the bot's wins (a shared win counts and is listed), the
win rate, how the games ended (era III end, round cap, solo win/loss), the mean number of
rounds, and the bot's decision time (mean, p99 and max in ms around ``engine.ai.decide``,
determinization included). The issue's targets: >= 95% of 200 two-seat games, >= 60% of 100
four-seat games, p99 < 1 s. The default is small (20 matches) so a quick run stays short.
Solo (``--solo`` or ``--seats 1``, BI-18): a win is beating the Dutch; it also prints how many
games achieved each of the three goals (missions, army, capture; BI-18.6).
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
    """One match with the bot in ``bot_seat``; returns winners, end kind, rounds and scores."""
    match = rotating_match("brazil_imperial", seats, bot_seat, opponent, seed)
    play_timed(match, times, seed, 200_000)
    st = match.state
    res = st["result"]
    return {
        "winners": res["winners"],
        "end": res["why"],
        "rounds": st["round"],
        "scores": res["scores"],
        "goals": list(st["solo_goals"]) if seats == 1 else None,
    }


def _p99(xs: list[float]) -> float:
    """The 99th percentile of ``xs`` (seconds) in milliseconds; 0 when empty."""
    xs = sorted(xs)
    return 1000 * xs[min(len(xs) - 1, int(0.99 * len(xs)))] if xs else 0.0


def run(
    matches: int,
    seats: int,
    opponent: str,
    seed: int,
    verbose: bool = False,
    progress: int = 0,
) -> dict:
    """Play ``matches`` matches; returns the summary numbers. With ``progress`` > 0 a line with
    the running wins and p99 (wall and CPU) is printed every ``progress`` matches."""
    times: Times = []
    tally = WinTally()
    rounds = []
    goals = [0, 0, 0]
    for i in range(matches):
        bot_seat = i % seats
        r = play_match(seed + i, seats, bot_seat, opponent, times)
        rounds.append(r["rounds"])
        for g, done in enumerate(r["goals"] or ()):
            goals[g] += bool(done)
        tally.add(r, bot_seat, seed + i, verbose)
        if progress and (i + 1) % progress == 0:
            print(
                f"  progress {i + 1}/{matches}: bot wins {tally.wins}; p99 "
                f"{_p99([w for w, _ in times]):.1f} ms wall, "
                f"{_p99([c for _, c in times]):.1f} ms CPU",
                flush=True,
            )
    p99 = _p99([w for w, _ in times])
    cpu_p99 = _p99([c for _, c in times])
    return {
        **tally.summary(matches),
        "rounds": sum(rounds) / max(1, len(rounds)),
        "goals": goals,
        "p99": p99,
        "cpu_p99": cpu_p99,
        **timing(times),
    }


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    argv = [a for x in argv for a in (("--seats", "1") if x == "--solo" else (x,))]
    args = rotating_args(__doc__, argv, "Brazil: Imperial", 20, 2, "1-4 seats (1 = solo)")
    t0 = time.perf_counter()
    r = run(args.matches, args.seats, args.opponent, args.seed, args.verbose, args.progress)
    print(f"{wins_text(r)}; mean {r['rounds']:.1f} rounds")
    if args.seats == 1:
        g = r["goals"]
        print(
            f"solo goals achieved: missions {g[0]}, army {g[1]}, capture {g[2]} of {args.matches}"
        )
    print(
        f"{timing_line(r)}; p99 {r['p99']:.1f} ms wall-clock, "
        f"{r['cpu_p99']:.1f} ms CPU; {time.perf_counter() - t0:.0f}s"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
