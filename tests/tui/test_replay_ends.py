"""The replay stops at both ends (no wrap) and its jump takes only entry numbers; the speed
line."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_testkit import make_app

pytestmark = pytest.mark.usefixtures("playable")


async def test_replay_stops_at_both_ends_and_jump_takes_only_entry_numbers(
    save_dir: Path, playable: str
) -> None:
    from tui_testkit import bot_save

    from tui.dialogs.text_input import TextInputDialog
    from tui.screens.replay import ReplayScreen

    path = bot_save(save_dir / "r.imperia", 12)
    app = make_app()
    said: list[str] = []  # toasts expire after a few seconds: count what was said, not shown
    shown = app.notify

    def notify(message, *args, **kwargs):
        said.append(message)
        return shown(message, *args, **kwargs)

    app.notify = notify
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        app.open_replay(path)
        for _ in range(20):
            await pilot.pause()
            await app.workers.wait_for_complete()
            replay = app.screen
            if isinstance(replay, ReplayScreen) and replay.timeline is not None:
                break
        assert isinstance(replay, ReplayScreen) and replay.timeline is not None
        last = len(replay.timeline) - 1
        await pilot.pause()
        assert replay.index == last
        await pilot.press("right")
        await pilot.pause()
        assert replay.index == last
        await pilot.press("home")
        await pilot.pause()
        assert replay.index == 0
        await pilot.press("left")
        await pilot.pause()
        assert replay.index == 0  # no wrap to the end

        for bad in ("-1", "-5", "1e3", str(last + 1), ""):
            await pilot.press("g")
            await pilot.pause()
            assert isinstance(app.screen, TextInputDialog)
            app.screen.dismiss(bad)
            await pilot.pause()
            assert replay.index == 0
        wanted = f"Type an entry number: a whole number from 0 to {last}."
        assert said.count(wanted) == 5
        await pilot.press("g")
        await pilot.pause()
        app.screen.dismiss("3")
        await pilot.pause()
        await pilot.pause()
        assert replay.index == 3
        assert replay.speed_text() == "paused, 0.6 s/step"
        replay.speed = 0
        assert replay.speed_text() == "paused, max"
