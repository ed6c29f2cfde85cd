"""Silence and the palette (issue 21 item 12), one scrollbar thumb and the Rules title
(item 10): only Imperia's commands, built from the bindings, one list for local and SSH play;
a dead key says so in the footer."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Label
from tui_testkit import make_app, match_screen, settle

from engine import registry
from tui.app import ImperiaApp
from tui.screens.menu import MenuScreen
from tui.screens.rules import RulesScreen
from tui.screens.settings import SettingsScreen
from tui.serve.app import RemoteApp
from tui.widgets.key_bar import KeyBar
from tui.widgets.scrollbar import WholeCellScrollBarRender

pytestmark = pytest.mark.usefixtures("playable")

TEXTUAL_OWN = (
    "Maximize",
    "Minimize",
    "Screenshot",
    "Theme",
    "Keys",
    "Quit the application",
    "Copy",
    "Focus",
)


def _titles(app: ImperiaApp) -> list[str]:
    return [c.title for c in app.get_system_commands(app.screen)]


async def test_menu_palette_is_imperias_only(save_dir: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        titles = _titles(app)
        assert len(titles) == len(set(titles))
        assert not [t for t in titles if t.startswith(TEXTUAL_OWN)], titles
        # From the menu's bindings (their descriptions), then the extras.
        assert {"New match", "Load", "Replay", "Rules", "Settings", "Quit", "Help"} <= set(titles)
        assert "Continue" not in titles  # no unfinished match: its binding is off
        commands = {c.title: c for c in app.get_system_commands(app.screen)}
        assert "key s" in commands["Settings"].help
        assert commands["Quit"].help == "keys q, ^q"  # one entry for the two quit keys
        await commands["Settings"].callback()
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)


async def test_match_palette_follows_the_bindings(save_dir: Path, playable: str) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("s")
        await settle(pilot)
        ms = match_screen(app)
        assert ms is not None
        titles = _titles(app)
        assert not [t for t in titles if t.startswith(TEXTUAL_OWN)], titles
        described = {ab.binding.description for ab in ms.active_bindings.values() if ab.enabled}
        assert "Choose by number" in described and "Choose by number" not in titles
        assert {"Undo", "Save as", "Inspect", "Resign", "Menu", "Help"} <= set(titles)
        for title in titles:  # every entry is a key of this screen, or one of the extras
            assert title in described or title in {"New match", "Rules", "Settings"}, title


def test_ssh_uses_the_same_list() -> None:
    assert RemoteApp.get_system_commands is ImperiaApp.get_system_commands
    assert RemoteApp.HAS_SETTINGS is False
    extras = [c.title for c in RemoteApp.extra_commands(object.__new__(RemoteApp), None)]
    assert extras == ["Help", "Rules", "Lobby", "Quit"]


def test_one_list_of_extras_for_local_and_ssh_play() -> None:
    """Both apps list their extras from one table (``EXTRAS``), each entry saying where it
    goes: no second, hand-kept list for SSH."""
    from tui.dialogs.palette import EXTRAS

    assert RemoteApp.extra_commands is ImperiaApp.extra_commands
    local = [c.title for c in ImperiaApp.extra_commands(object.__new__(ImperiaApp), None)]
    assert local == ["Help", "New match", "Rules", "Settings", "Menu"]
    on_menu = ImperiaApp.extra_commands(object.__new__(ImperiaApp), object.__new__(MenuScreen))
    assert "Menu" not in [c.title for c in on_menu]
    assert [e.title for e in EXTRAS if e.local and e.ssh] == ["Help", "Rules"]


async def test_a_dead_key_says_so_in_the_footer(save_dir: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        await pilot.press("x")
        await pilot.pause()
        assert str(bar.render()).strip() == "x does nothing here · ? lists the keys"
        bar._end_flash()
        await pilot.press("shift+f5")  # not a printable key: quiet
        await pilot.pause()
        assert "does nothing" not in str(bar.render())
        await pilot.press("r")  # a live key: no message, it works
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert "does nothing" not in str(app.screen.query_one(KeyBar).render())
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


def test_scrollbar_thumb_is_whole_cells() -> None:
    # A thumb starting and ending mid-cell: Textual draws "▂"/"▆" ends, read as a second thumb.
    bar = WholeCellScrollBarRender.render_bar(size=20, virtual_size=70, window_size=20, position=13)
    glyphs = {seg.text for seg in bar.segments if seg.text.strip("\n")}
    assert glyphs == {" "}
    from textual.scrollbar import ScrollBarRender

    textual = ScrollBarRender.render_bar(size=20, virtual_size=70, window_size=20, position=13)
    assert {seg.text for seg in textual.segments} - {" ", "\n"}  # (the glitch this removes)


async def test_app_scrollbars_are_whole_cells(save_dir: Path) -> None:
    from textual.scrollbar import ScrollBar

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert ScrollBar.renderer is WholeCellScrollBarRender


async def test_rules_title_names_the_game_once(save_dir: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RulesScreen)
        title = str(screen.query_one("#rules-title", Label).content)
        if len(registry.games(playable_only=True)) > 1:
            assert title == "Rules"
            assert str(screen.query_one("#rules-game-label", Label).content) == "Game"
            await pilot.press("c")
            await pilot.pause()
            assert str(screen.query_one("#rules-title", Label).content) == "Card list"
        else:
            assert title.endswith("— Rules")
        head = screen.query_one("#rules-head")
        label = screen.query_one("#rules-title")
        assert label.region.right <= head.region.right
