"""The match's help is game-neutral and lists ``g``, which opens the rules of the game being
played."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_testkit import make_app, match_screen, settle
from tui_testkit import open_new_match as _new_match

from tui.dialogs.help import HelpScreen
from tui.screens.match import MatchScreen
from tui.screens.rules import RulesScreen
from tui.widgets.cycle import Cycle

pytestmark = pytest.mark.usefixtures("playable")


async def test_match_help_is_game_neutral_and_g_opens_its_rules(save_dir: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _new_match(pilot)
        game = str(screen.query_one("#game", Cycle).value)
        if len(screen._games) > 1:
            await pilot.press("right")
            await pilot.pause()
            game = str(screen.query_one("#game", Cycle).value)
        for i in range(1, len(screen.query(".seat-row"))):
            screen.query_one(f"#kind-{i}", Cycle).value = "random"
        await pilot.press("ctrl+s")
        await pilot.pause()
        ms = match_screen(app)
        assert ms is not None and app.screen is ms
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "always listed first" not in app.screen._text
        assert ("g", "Game rules") in app.screen._rows
        await pilot.press("escape")
        await pilot.pause()
        assert app.current_game() == game
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and app.screen._game == game
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MatchScreen)
