"""A search bot (``bot:hard``) on the match screen: it thinks in a worker process, the status
line counts its iterations, and the keyboard stays live meanwhile (issue 18)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from tui_testkit import SEED, make_app, match_screen

from engine import registry
from engine.rules import SeatConfig
from tui.bot_worker import WorkerPool
from tui.session import MatchSession


@pytest.fixture
def pool():
    p = WorkerPool(1)
    yield p
    p.close()


async def test_hard_bot_thinks_in_a_worker_and_shows_its_iterations(
    save_dir: Path, pool: WorkerPool
) -> None:
    seats = [SeatConfig("Ann", "human"), SeatConfig("Hard bot", "bot:hard")]
    # Imperial Struggle: its hard level searches every decision with a choice (iMperium's
    # searches only where its heuristic is unsure, not its opening discard, IMP-2.5)
    game = "imperial_struggle"
    session = MatchSession.start(game, seats, seed=SEED, save_path=save_dir / "m.imperia")
    session.pool = pool
    session.bots.bots[1] = registry.make_bot(game, "bot:hard", seconds=1.5)
    app = make_app(session=session)
    async with app.run_test(size=(100, 30)) as pilot:
        ms = None
        status = ""
        for _ in range(600):  # the worker process starts (imports the engine), then counts
            await asyncio.sleep(0.05)
            ms = match_screen(app)
            if ms is not None and ms.bots.iterations:
                status = str(ms.query_one("#status").render())
                break
        assert ms is not None and ms.bots.iterations > 0, "no iterations reported"
        assert "thinking…" in status and "iterations" in status
        delay = app.bot_delay
        await pilot.press("minus")  # input is handled while the search runs (slower pace)
        await pilot.pause()
        assert app.bot_delay > delay
        assert ms.bots.busy
        for _ in range(400):
            await asyncio.sleep(0.05)
            if not ms.bots.busy and ms.bots.iterations == 0:
                break
        await app.workers.wait_for_complete()
