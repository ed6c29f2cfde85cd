"""What the bot-evaluation scripts share: timing the heuristic bot's decisions.

Used by ``bot_eval.py`` (iMperium), ``maus_bot_eval.py``, ``rp_bot_eval.py``, ``bi_bot_eval.py``,
``is_bot_eval.py`` and ``tournament.py`` (only :func:`wilson`). Each decision
of a ``"bot"`` seat is timed around :func:`engine.ai.decide` (determinization included), both
wall-clock and CPU time of this process (on a busy machine the wall-clock maximum mostly shows
time the process was not running). Python's garbage collector is paused during the bot's
decisions: its full collections walk the whole match history of this process (up to ~0.4 s
seen) and would otherwise be charged to whichever decision they happen to interrupt.
"""

from __future__ import annotations

import argparse
import gc
import math
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.ai import decide  # noqa: E402
from engine.rules import SeatConfig  # noqa: E402
from engine.session import BotSeats, new_match  # noqa: E402

Times = list[tuple[float, float]]
"""One ``(wall seconds, CPU seconds)`` pair per timed decision."""


class TimedSeats(BotSeats):
    """BotSeats that appends ``(wall, cpu)`` seconds of every "bot" seat decision to ``times``."""

    def __init__(self, match: Any, times: Times):
        super().__init__(match)
        self.times = times

    def choose(self, seat: int) -> str:
        """The seat's choice; a "bot" seat's decision is timed."""
        if self.match.seats[seat].kind != "bot":
            return super().choose(seat)
        gc.disable()
        try:
            t0, c0 = time.perf_counter(), time.process_time()
            choice = decide(
                self.bots[seat], self.match.rules, self.match.state, seat, self.rngs[seat]
            )
            self.times.append((time.perf_counter() - t0, time.process_time() - c0))
        finally:
            gc.enable()
        return choice


def rotating_match(game: str, seats: int, bot_seat: int, opponent: str, seed: int) -> Any:
    """A new ``game`` match (default options) of ``seats`` seats named P1, P2, ...: the bot
    (kind ``"bot"``) in ``bot_seat``, every other seat of kind ``opponent``, dealt by ``seed``."""
    kinds = ["bot" if s == bot_seat else opponent for s in range(seats)]
    cfg = [SeatConfig(f"P{i + 1}", k) for i, k in enumerate(kinds)]
    return new_match(game, cfg, {}, seed=seed)


def play_timed(match: Any, times: Times, seed: int, cap: int) -> int:
    """Let every seat's bot play ``match`` to its end, timing the "bot" seats' decisions into
    ``times``. Returns the steps taken. Raises RuntimeError naming ``seed`` on a dead end or
    when ``cap`` steps pass without an end."""
    bots = TimedSeats(match, times)
    steps = 0
    while not match.over:
        if not bots.step():
            raise RuntimeError(f"seed {seed}: dead end")
        steps += 1
        if steps > cap:
            raise RuntimeError(f"seed {seed}: no end")
    return steps


def timing(times: Times) -> dict[str, float]:
    """Milliseconds: ``ms_mean``/``ms_max`` (wall), ``cpu_mean``/``cpu_max`` (CPU), and the
    number of ``decisions``."""
    n = max(1, len(times))
    return {
        "ms_mean": 1000 * sum(w for w, _ in times) / n,
        "ms_max": 1000 * max((w for w, _ in times), default=0.0),
        "cpu_mean": 1000 * sum(c for _, c in times) / n,
        "cpu_max": 1000 * max((c for _, c in times), default=0.0),
        "decisions": len(times),
    }


def timing_line(r: dict[str, float]) -> str:
    """The decision-time line every evaluation script prints."""
    return (
        f"decision ms mean {r['ms_mean']:.2f} max {r['ms_max']:.1f} wall-clock, "
        f"mean {r['cpu_mean']:.2f} max {r['cpu_max']:.1f} CPU ({r['decisions']} decisions)"
    )


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate ``wins / n`` as fractions (Wilson 1927);
    ``(0, 1)`` when ``n`` is 0."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, mid - half), min(1.0, mid + half)


def rotating_args(
    doc: str, argv: list[str] | None, title: str, matches: int, seats: int, seats_help: str
) -> argparse.Namespace:
    """Parse the options of a seat-rotating evaluation (``--matches --seats --opponent --seed
    -v --progress``) with these defaults, and print the header line naming ``title`` (the game)."""
    ap = argparse.ArgumentParser(description=doc.split("\n")[0])
    ap.add_argument("--matches", type=int, default=matches)
    ap.add_argument("--seats", type=int, default=seats, help=seats_help)
    ap.add_argument("--opponent", choices=("random", "bot"), default="random")
    ap.add_argument("--seed", type=int, default=1, help="seed of the first match")
    ap.add_argument("-v", "--verbose", action="store_true", help="one line per match")
    ap.add_argument(
        "--progress", type=int, default=0, metavar="N", help="running totals every N matches"
    )
    args = ap.parse_args(argv)
    print(
        f"{title} bot vs {args.seats - 1} x {args.opponent}: {args.matches} matches, "
        f"seeds {args.seed}..{args.seed + args.matches - 1}, bot seat rotating"
    )
    return args


class WinTally:
    """The bot's wins over seat-rotating matches: ``wins``, ``shared`` (wins shared with another
    seat, also counted in ``wins``) and ``ends`` (how many matches ended each way)."""

    def __init__(self) -> None:
        self.wins = 0
        self.shared = 0
        self.ends: Counter[str] = Counter()

    def add(self, r: dict, bot_seat: int, seed: int, verbose: bool) -> None:
        """Count match result ``r`` (``winners``: seats, ``end``: str) of the bot in ``bot_seat``;
        with ``verbose`` print one line for it."""
        self.ends[r["end"]] += 1
        if bot_seat in r["winners"]:
            self.wins += 1
            self.shared += len(r["winners"]) > 1
        if verbose:
            print(f"  seed {seed} bot seat {bot_seat}: {r}", flush=True)

    def summary(self, matches: int) -> dict:
        """``matches``, ``wins``, ``shared`` and ``ends`` (a plain dict)."""
        return {
            "matches": matches,
            "wins": self.wins,
            "shared": self.shared,
            "ends": dict(self.ends),
        }


def wins_text(r: dict) -> str:
    """The start of the result line: the bot's wins, win rate, shared wins and the end kinds."""
    rate = 100 * r["wins"] / max(1, r["matches"])
    return (
        f"bot wins {r['wins']}/{r['matches']} ({rate:.1f}%; {r['shared']} shared); ends {r['ends']}"
    )
