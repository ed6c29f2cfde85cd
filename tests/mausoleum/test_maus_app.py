"""Mausoleum plays to the end in the app with the generic board (Pilot): a human seat driven
by the number keys against two random bots (brief step 6: ``playable``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.rules import SeatConfig
from tui.app import ImperiaApp
from tui.screens.match import MatchScreen


@pytest.fixture
def maus_save_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "saves"
    monkeypatch.setenv("IMPERIA_SAVE_DIR", str(folder))
    return folder


def _screen(app: ImperiaApp) -> MatchScreen | None:
    for screen in reversed(app.screen_stack):
        if isinstance(screen, MatchScreen):
            return screen
    return None


async def _settle(pilot) -> None:
    for _ in range(200):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        ms = _screen(pilot.app)
        if ms is None or not ms.bots.busy:
            return
    raise AssertionError("the bots never settled")


def _key(ms: MatchScreen) -> str | None:
    """The key of the human's first choice that is not a take-back (back/pass last)."""
    prompt = ms.snap.prompt if ms.snap else None
    if prompt is None:
        return None
    keyed = [(c.id, ms.panel.key_of(c.id)) for c in prompt.choices]
    keyed = [(cid, key) for cid, key in keyed if key and cid != "back"]
    return keyed[0][1] if keyed else None


async def test_full_game_in_the_app_with_generic_board(maus_save_dir: Path) -> None:
    app = ImperiaApp(bot_delay=0.0, steady=True, seed_source=lambda: 7)
    async with app.run_test(size=(100, 40)) as pilot:
        seats = [SeatConfig("Ann", "human"), SeatConfig("B", "random"), SeatConfig("C", "random")]
        session = app.start_match("mausoleum", seats, {}, 7, "casual")
        await _settle(pilot)
        match = session.match
        for _ in range(3000):
            if match.over:
                break
            ms = _screen(app)
            assert ms is not None
            key = _key(ms)
            assert key is not None, f"no key for the human's prompt at ply {match.ply}"
            await pilot.press(key)
            await _settle(pilot)
        assert match.over and match.outcome() is not None
        assert any(seat == 0 for seat, _ in match.line)
