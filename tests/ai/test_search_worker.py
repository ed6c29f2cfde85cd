"""Search bots in worker processes (tui/bot_worker.py): a search answers from its process, and a
worker that crashes or overruns its time box falls back to the game's heuristic with a log line.
"""

from __future__ import annotations

import logging

import pytest
from imp_positions import republic_win

from engine import registry
from engine.games.imperium import RULES as IMP
from engine.games.imperium.position import build
from engine.rng import Rng
from tui import bot_worker as bw

SPEC = republic_win()
"""IMP-9.12: playing the Republic wins at once (tests/imperium/test_bot.py)."""


@pytest.fixture
def pool():
    p = bw.WorkerPool(1)
    yield p
    p.close()


def _seat(st):
    return st["decks"].index("roman")


def _unsure_position():
    """The first decision of a heuristic match (seed 4) where the heuristic's best two
    choices are within the hard level's gap, so the hard level searches there."""
    from engine.ai import decide
    from engine.ai.levels import TUNING
    from engine.games.imperium.bot import ImperiumBot
    from engine.rules import SeatConfig
    from engine.session import new_match

    match = new_match("imperium", [SeatConfig("A", "bot"), SeatConfig("B", "bot")], seed=4)
    bot, rng = ImperiumBot(), Rng.seeded(4)
    while not match.over:
        seat = match.waiting()[0]
        r = ImperiumBot().rank(IMP, match.state, seat, match.prompt(seat))
        if r is not None and len(r) > 1 and r[0][0] - r[1][0] <= TUNING["imperium"]["gap"]:
            return match.state, seat
        match.act(seat, decide(bot, IMP, match.state, seat, rng))
    raise AssertionError("no unsure decision")


def test_search_runs_in_the_worker_and_reports_progress(pool) -> None:
    # iMperium's hard level searches where the heuristic is unsure: 120 rollouts there,
    # reporting the rollouts done as it goes
    st, seat = _unsure_position()
    bot = registry.make_bot("imperium", "bot:hard", seconds=None, iterations=120)
    seen: list[int] = []
    choice = bw.think(pool, bot, IMP, st, seat, Rng.seeded(1), seen.append)
    assert choice in {ch.id for ch in IMP.prompt(st, seat).choices}
    assert pool.workers[0]._proc is not None and pool.workers[0]._proc.is_alive()
    assert seen and seen == sorted(seen) and all(0 < n <= 120 for n in seen)


def _fallback_case(pool, kind, caplog, monkeypatch, expect: str) -> None:
    monkeypatch.setattr(bw, "STARTUP", 4.0)
    monkeypatch.setattr(bw, "GRACE", 0.5)
    st = build(SPEC)
    seat = _seat(st)
    bot = registry.make_bot("imperium", "bot:hard", seconds=0.1)
    bot.kind = kind
    with caplog.at_level(logging.WARNING, logger="imperia.bots"):
        choice = bw.think(pool, bot, IMP, st, seat, Rng.seeded(2))
    assert choice == "play:republic"  # the heuristic's winning play (tests/imperium/test_bot.py)
    assert any("heuristic bot decides" in r.message and expect in r.message for r in caplog.records)
    assert pool.workers[0]._proc is None  # stopped; the next search starts a fresh one


def test_worker_crash_falls_back_to_the_heuristic(pool, caplog, monkeypatch) -> None:
    _fallback_case(pool, "crash:test", caplog, monkeypatch, "stopped (exit code 3)")


def test_worker_timeout_falls_back_to_the_heuristic(pool, caplog, monkeypatch) -> None:
    _fallback_case(pool, "hang:test", caplog, monkeypatch, "took over")
