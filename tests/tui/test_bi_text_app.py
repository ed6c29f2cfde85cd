"""Two app fixes from the Brazil: Imperial new-user trials (issue 16): the Rules screen gives
the keys back to the text after a game is chosen in its Game picker, and the New match form
starts Brazil: Imperial (1-4 players) with two seats, you against one bot."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.containers import VerticalScroll
from textual.widgets import Select
from tui_testkit import open_new_match_form as _new_match_screen
from tui_testkit import recording_app as make_app

from engine import registry
from tui.screens.new_match import default_seat_count
from tui.screens.rules import RulesScreen
from tui.widgets.cycle import Cycle

pytestmark = pytest.mark.usefixtures("playable")

GAME = "brazil_imperial"


def _playable_ids() -> list[str]:
    return [g.id for g in registry.games(playable_only=True)]


async def test_rules_text_scrolls_after_choosing_a_game_by_keys(save_dir: Path) -> None:
    ids = _playable_ids()
    if GAME not in ids or len(ids) < 2:
        pytest.skip("needs Brazil: Imperial and a Game picker")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RulesScreen)
        picker = screen.query_one("#rules-game", Select)
        picker.focus()
        await pilot.pause()
        await pilot.press("enter")  # open the list
        await pilot.pause()
        for _ in range(ids.index(GAME) - ids.index(str(picker.value))):
            await pilot.press("down")
        await pilot.press("enter")  # choose Brazil: Imperial
        for _ in range(3):
            await pilot.pause()
        assert picker.value == GAME
        text = screen.query_one("#rules-scroll", VerticalScroll)
        assert app.focused is text
        assert text.scroll_y == 0
        await pilot.press("pagedown")
        await pilot.pause()
        assert text.scroll_y > 0  # the keys scroll the rules, not the picker


def test_default_seat_count_is_you_against_one_bot() -> None:
    brazil = registry.get(GAME)
    assert (brazil.min_seats, brazil.max_seats) == (1, 4)
    assert default_seat_count(brazil) == 2
    for game in registry.games(playable_only=False):
        lo, hi = game.min_seats, game.max_seats
        assert default_seat_count(game) == (2 if lo <= 2 <= hi else lo), game.id


async def test_new_match_for_brazil_starts_with_two_seats(save_dir: Path) -> None:
    if GAME not in _playable_ids():
        pytest.skip("Brazil: Imperial is not playable here")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _new_match_screen(pilot)
        screen.query_one("#game", Cycle).value = GAME
        for _ in range(5):
            await pilot.pause()
        assert screen.query_one("#seat-count", Cycle).value == 2
        kinds = [screen.query_one(f"#kind-{i}", Cycle).value for i in range(2)]
        assert kinds == ["human", "bot"]
        assert len(screen.query(".seat-row")) == 2
        game, seats, _options, _seed, _policy = screen.settings()
        assert game == GAME and [s.kind for s in seats] == ["human", "bot"]
