"""What the bot-evaluation scripts share: timing the heuristic bot's decisions.

Used by ``bot_eval.py`` (iMperium), ``maus_bot_eval.py``, ``rp_bot_eval.py`` and
``is_bot_eval.py``. Each decision
of a ``"bot"`` seat is timed around :func:`engine.ai.decide` (determinization included), both
wall-clock and CPU time of this process (on a busy machine the wall-clock maximum mostly shows
time the process was not running). Python's garbage collector is paused during the bot's
decisions: its full collections walk the whole match history of this process (up to ~0.4 s
seen) and would otherwise be charged to whichever decision they happen to interrupt.
"""

from __future__ import annotations

import gc
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.ai import decide  # noqa: E402
from engine.session import BotSeats  # noqa: E402

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
