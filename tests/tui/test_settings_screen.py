"""The Settings screen (issue 21 item 13): each change in force at once and saved in the
config folder; a folder that cannot be written says so in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tui_testkit import make_app

from tui import settings as st
from tui.screens.settings import SettingsScreen
from tui.widgets.cycle import Cycle


async def _open(pilot) -> SettingsScreen:
    await pilot.press("s")  # from the menu
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, SettingsScreen)
    return screen


async def test_every_setting_is_applied_and_saved(save_dir: Path, config_dir: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(pilot)
        assert screen.focused is screen.query_one("#set-theme")
        assert app.theme == "textual-dark"
        await pilot.press("right", "right")  # dark -> light -> colour-blind safe
        await pilot.pause()
        assert app.theme == st.COLOUR_SAFE_THEME
        await pilot.press("down", "right")  # auto-advance on -> off
        await pilot.press("down", "left")  # bot pace 0.6 -> 0.3
        await pilot.press("down", "right")  # rule references off -> on
        await pilot.pause()
        assert app.bot_delay == 0.3
        assert app.settings == st.Settings(
            theme=st.COLOUR_SAFE_THEME, auto_advance=False, bot_delay=0.3, show_rule_refs=True
        )
        saved = json.loads((config_dir / "settings.json").read_text())
        assert saved == {
            "theme": "imperia-colour-safe",
            "auto_advance": False,
            "bot_delay": 0.3,
            "show_rule_refs": True,
        }
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, SettingsScreen)
    # The next start reads them back.
    again = make_app(bot_delay=None)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert again.theme == st.COLOUR_SAFE_THEME and again.bot_delay == 0.3
        assert again.settings.auto_advance is False


async def test_a_folder_that_cannot_be_written_says_so(
    save_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    monkeypatch.setenv("IMPERIA_CONFIG_DIR", str(blocker / "cfg"))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(pilot)
        await pilot.press("down", "right")
        await pilot.pause()
        line = str(screen.query_one("#settings-file").render())
        assert line.startswith("Not saved (") and "holds until you quit" in line
        assert "\n" not in line
        assert app.settings.auto_advance is False  # still in force for this session


async def test_a_pace_set_during_a_match_is_listed(save_dir: Path, config_dir: Path) -> None:
    st.save(st.Settings(bot_delay=0.45))
    app = make_app(bot_delay=None)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(pilot)
        pace = screen.query_one("#set-pace", Cycle)
        assert pace.value == 0.45
        assert app.bot_delay == 0.45


async def test_the_colour_safe_theme_is_registered(save_dir: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert st.COLOUR_SAFE_THEME in app.available_themes
        theme = app.available_themes[st.COLOUR_SAFE_THEME]
        # Okabe-Ito: error vermillion, success bluish green (never red against green).
        assert (theme.error, theme.success) == ("#D55E00", "#009E73")
        for name in st.THEMES:
            assert name in app.available_themes, name
