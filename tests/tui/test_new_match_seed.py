"""The New match form's seed: a bad seed is refused in one line and leaves no save."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_testkit import open_new_match_form as _new_match_screen
from tui_testkit import recording_app as make_app
from tui_testkit import said as _messages

pytestmark = pytest.mark.usefixtures("playable")


@pytest.mark.parametrize("seed", ["9" * 200, "-5", "9223372036854775808", "1e3", "9" * 5000])
async def test_bad_seeds_say_so_and_leave_no_file(save_dir: Path, playable: str, seed: str) -> None:
    from tui.widgets.inputs import TextInput

    app = make_app()
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        screen = await _new_match_screen(pilot)
        screen.query_one("#seed", TextInput).value = seed
        screen.action_start()
        await pilot.pause()
        assert app.screen is screen
        error = str(screen.query_one("#new-error").render())
        wanted = "the seed must be a whole number from 0 to 9223372036854775807"
        assert error == f"Cannot start: {wanted}"
        assert wanted in _messages(app)
        assert not save_dir.exists() or not any(save_dir.iterdir())
