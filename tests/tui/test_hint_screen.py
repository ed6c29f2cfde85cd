"""Hints on the match screen (key H, issue 19): computed in the search process while the keys
stay live, shown as a notice, noted in the journal; refused where the table gives none."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from tui_testkit import SEED, match_screen, recording_app, said, settle

from engine import journal as jr
from engine.rules import Prompt, SeatConfig
from tui.bot_worker import WorkerPool
from tui.hint_worker import refusal
from tui.session import MatchSession


@pytest.fixture
def pool():
    p = WorkerPool(1)
    yield p
    p.close()


def _session(save_dir: Path, policy: str, *kinds: str) -> MatchSession:
    seats = [SeatConfig(n, k) for n, k in zip(("Ann", "Bob"), kinds, strict=False)]
    return MatchSession.start(
        "imperium", seats, seed=SEED, policy=policy, save_path=save_dir / "m.imperia"
    )


async def test_a_hint_is_searched_in_the_background_shown_and_noted(
    save_dir: Path, pool: WorkerPool
) -> None:
    session = _session(save_dir, "teaching", "human", "random")
    app = recording_app(session=session)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        ms = match_screen(app)
        ms.hints.pool, ms.hints.seconds, ms.hints.search_iterations = pool, None, 200
        prompt = ms.snap.prompt
        await pilot.press("H")
        await pilot.pause()
        assert ms.hints.busy
        await pilot.press("l")  # the keys stay live while it thinks (the log toggles)
        await pilot.pause()
        for _ in range(600):  # the search process starts (imports the engine), then searches
            await asyncio.sleep(0.05)
            if not ms.hints.busy:
                break
        await app.workers.wait_for_complete()
        await settle(pilot)
        assert not ms.hints.busy
        shown = [m for m in said(app) if m.startswith("1. ")]
        assert len(shown) == 1 and "\n2. " in shown[0]
        notes = [r for r in session.match.records if r[0] == jr.NOTE]
        assert len(notes) == 1 and notes[0][1] == 0
        assert notes[0][2].startswith(f"Hint at “{prompt.text}”: 1. ")
        assert any("You used a hint" in line.text for line in ms.snap.log)
        first = notes[0][2].split("1. ", 1)[1]
        assert ms.panel.highlighted() is not None
        assert first.startswith(ms.panel.highlighted().label)  # the cursor is on hint 1


async def test_no_hint_in_a_strict_match(save_dir: Path) -> None:
    app = recording_app(session=_session(save_dir, "strict", "human", "random"))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        ms = match_screen(app)
        await pilot.press("H")
        await pilot.pause()
        assert not ms.hints.busy
        assert "Hints are for teaching and casual matches, not strict ones" in said(app)


def test_who_may_have_a_hint() -> None:
    humans = (SeatConfig("Ann"), SeatConfig("Bob"))
    vs_bot = (SeatConfig("Ann"), SeatConfig("Bot", "bot"))
    p = Prompt(0, "Choose", ())
    assert refusal("teaching", humans, p) is None
    assert refusal("casual", vs_bot, p) is None
    assert refusal("casual", humans, p) is not None
    assert refusal("strict", vs_bot, p) is not None
    assert refusal("teaching", vs_bot, None) is not None
