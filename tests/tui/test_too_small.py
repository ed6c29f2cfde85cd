"""While the terminal is too small, toasts are hidden behind the "too small" message and
shown again once there is room."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets._toast import ToastRack
from tui_testkit import make_app

from tui.screens.too_small import TooSmallScreen

pytestmark = pytest.mark.usefixtures("playable")


async def test_toasts_hidden_while_too_small(save_dir: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        app.notify("Something happened", timeout=30)
        await pilot.resize_terminal(50, 15)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert not app.screen.query(ToastRack)  # nothing drawn over the message
        app.notify("Meanwhile", timeout=30)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen) and not app.screen.query(ToastRack)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert not isinstance(app.screen, TooSmallScreen)
        assert app.screen.query_one(ToastRack).display  # shown again once there is room
