"""Fresh-user polish: the new match form's focus and names, wrapped labels, game-neutral help,
the rules of the game being played, the end dialog's file name, toasts over "too small"."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets._toast import ToastRack
from tui_testkit import make_app, match_screen, settle

from engine import registry
from tui.dialogs.end import EndDialog, wrap_whole_words
from tui.dialogs.help import HelpScreen
from tui.screens.match import MatchScreen
from tui.screens.new_match import NewMatchScreen, default_names, fresh_default, wrap_label
from tui.screens.rules import RulesScreen
from tui.screens.too_small import TooSmallScreen
from tui.widgets.cycle import Cycle
from tui.widgets.inputs import TextInput

pytestmark = pytest.mark.usefixtures("playable")


def _playable(game: str) -> bool:
    return game in [g.id for g in registry.games(playable_only=True)]


async def _new_match(pilot) -> NewMatchScreen:
    await pilot.press("n")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, NewMatchScreen)
    return screen


def _in_view(screen: NewMatchScreen) -> bool:
    """The focused field is inside the visible part of the form."""
    focused = screen.focused
    assert focused is not None
    visible = screen.query_one("#new-form").region
    if focused.id in ("start", "back"):
        visible = screen.query_one("#new-buttons").region
    return visible.contains_region(focused.region)


# ------------------------------------------------------------------ 1. focus and arrows
async def test_new_match_focus_starts_on_game_and_arrows_move(save_dir: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _new_match(pilot)
        game = screen.query_one("#game", Cycle)
        assert screen.focused is game
        if len(screen._games) > 1:
            await pilot.press("right")
            await pilot.pause()
            assert game.value != list(screen._games)[0]
        chain = list(screen.focus_chain)
        assert screen.query_one("#new-form") not in chain  # the form itself takes no focus
        # ↓ walks the fields in order, each scrolled into view (never the form scrolled away).
        for expected in chain[1:]:
            await pilot.press("down")
            await pilot.pause()
            assert screen.focused is expected
            assert _in_view(screen), expected
        assert screen.focused is screen.query_one("#back")
        # ↑ from Start goes back into the form, and the field shows.
        screen.query_one("#start").focus()
        await pilot.pause()
        await pilot.press("up")
        await pilot.pause()
        assert screen.focused is chain[-3] and _in_view(screen)


async def test_new_match_s_starts_except_while_typing(save_dir: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _new_match(pilot)
        screen.query_one("#kind-1", Cycle).value = "random"
        await pilot.pause()
        name = screen.query_one("#name-1", TextInput)
        screen.query_one("#kind-1", Cycle).focus()
        await pilot.press("enter")  # Enter on a seat edits its name
        await pilot.pause()
        assert screen.focused is name
        name.value = ""
        await pilot.press("s")
        await pilot.pause()
        assert app.screen is screen and name.value == "s"  # typed, not started
        screen.query_one("#game", Cycle).focus()
        await pilot.press("s")
        await pilot.pause()
        ms = match_screen(app)
        assert ms is not None and app.screen is ms


# ------------------------------------------------------------------ 2. default names
def test_default_names_number_each_kind() -> None:
    assert default_names(["human", "bot"]) == ["Player", "Bot"]
    assert default_names(["human", "bot", "bot", "bot"]) == ["Player", "Bot 1", "Bot 2", "Bot 3"]
    assert default_names(["human", "human", "random"]) == ["Player 1", "Player 2", "Random"]
    assert default_names(["bot", "random", "bot"]) == ["Bot 1", "Random", "Bot 2"]
    assert fresh_default(["bot", "bot"], 1, {"Bot"}) == "Bot 2"
    assert fresh_default(["bot", "bot"], 1, {"Bot 2"}) == "Bot 1"  # never a name in use


async def test_kind_change_renames_only_that_seat(save_dir: Path) -> None:
    if not _playable("mausoleum"):
        pytest.skip("Mausoleum is not playable here")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _new_match(pilot)
        screen.query_one("#game", Cycle).value = "mausoleum"
        await pilot.pause()
        screen.query_one("#seat-count", Cycle).value = 4
        await pilot.pause()

        def names() -> list[str]:
            return [w.value for w in screen.query(".seat-name").results(TextInput)]

        assert names() == ["Player", "Bot 1", "Bot 2", "Bot 3"]
        screen.query_one("#kind-1", Cycle).value = "random"
        await pilot.pause()
        assert names() == ["Player", "Random", "Bot 2", "Bot 3"]
        screen.query_one("#name-2", TextInput).value = "Cleo"
        screen.query_one("#kind-2", Cycle).value = "random"  # a typed name is kept
        await pilot.pause()
        assert names() == ["Player", "Random", "Cleo", "Bot 3"]
        screen.query_one("#kind-1", Cycle).value = "bot"
        await pilot.pause()
        assert names() == ["Player", "Bot 1", "Cleo", "Bot 3"]


# ------------------------------------------------------------------ 3. labels fit
def test_wrap_label_never_cuts_words() -> None:
    assert wrap_label("Decks") == "Decks"
    assert wrap_label("Graves with 6+ players") == "Graves with 6+\n  players"


async def test_option_labels_fit_the_label_column(save_dir: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _new_match(pilot)
        for game in screen._games:
            screen.query_one("#game", Cycle).value = game
            await pilot.pause()
            for cycle in screen.query("#options Cycle").results(Cycle):
                lines = cycle._label.split("\n")
                assert all(len(line) <= Cycle.LABEL_WIDTH - 2 for line in lines), lines
                words = " ".join(line.strip() for line in lines)
                labels = {o.key: o.label for o in registry.get(game).options}
                assert words == labels[(cycle.id or "")[4:]]


# ------------------------------------------------------------------ 4. help and rules
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


# ------------------------------------------------------------------ 5. end dialog file name
def test_wrap_whole_words_crops_long_names_from_the_left() -> None:
    name = "2026-11-30_071500_mausoleum_Player-vs-Bot1-vs-Bot2-vs-Bot3-vs-Bot4.imperia"
    text = wrap_whole_words(f"Saved as {name} (the autosave).", 40)
    assert text.split("\n") == ["Saved as", "…" + name[-39:], "(the autosave)."]
    short = wrap_whole_words("Saved as a-vs-b.imperia (the autosave).", 60)
    assert short == "Saved as a-vs-b.imperia (the autosave)."


async def test_end_dialog_keeps_the_file_name_whole(save_dir: Path) -> None:
    name = "2026-11-30_071500_mausoleum_Player-vs-Bot2-vs-Bot3-vs-Bot4.imperia"
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(EndDialog("Draw", "Turn limit", "", f"Saved as {name} (the autosave)."))
        await pilot.pause()
        await pilot.pause()
        lines = str(app.screen.query_one("#end-saved").render()).split("\n")
        assert lines[0] == "Saved as"
        assert lines[1] == name or (lines[1][0] == "…" and name.endswith(lines[1][1:]))


# ------------------------------------------------------------------ 6. toasts
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
