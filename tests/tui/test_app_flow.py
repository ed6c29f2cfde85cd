"""The app driven by keys: new match vs a bot, play, undo, save-as, load, continue, replay."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_testkit import SEED, make_app, match_screen, play, settle

from engine import journal as jr
from tui.dialogs.text_input import TextInputDialog
from tui.screens.load import LoadScreen
from tui.screens.match import MatchScreen
from tui.screens.menu import MenuScreen
from tui.screens.new_match import NewMatchScreen
from tui.screens.replay import ReplayScreen
from tui.widgets.cycle import Cycle
from tui.widgets.inputs import TextInput

pytestmark = pytest.mark.usefixtures("playable")


async def _start_vs_bot(pilot, game: str) -> MatchScreen:
    app = pilot.app
    await pilot.press("n")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, NewMatchScreen)
    assert screen.query_one("#game", Cycle).value == game
    assert screen.query_one("#seed", TextInput).value == str(SEED)
    screen.query_one("#kind-1", Cycle).value = "random"
    await pilot.pause()
    await pilot.press("ctrl+s")
    await pilot.pause()
    ms = match_screen(app)
    assert ms is not None and app.screen is ms
    return ms


async def test_play_undo_save_load_continue_replay(save_dir: Path, playable: str) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, MenuScreen)
        assert not app.screen.query_one("#continue").display  # no saves yet
        ms = await _start_vs_bot(pilot, playable)
        match = ms.session.match
        assert match.seed == SEED and match.rules.id == playable
        assert ms.session.save_path.parent == save_dir  # autosaves from the first entry
        assert ms.session.save_path.exists()

        assert await play(pilot, 6) >= 3
        human_plies = sum(1 for seat, _ in match.line if seat == 0)
        assert human_plies >= 1

        # Undo by key: the human's last choice (and any bot choice after it) goes.
        before, state = match.ply, match.hash()
        await pilot.press("u")
        await settle(pilot)
        assert match.ply < before
        await pilot.press("r")  # redo puts it all back
        await settle(pilot)
        assert (match.ply, match.hash()) == (before, state)

        # Save as: the dialog suggests a name in the save folder; a bare name goes there.
        await pilot.press("s")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, TextInputDialog)
        field = dialog.query_one(TextInput)
        assert field.value.startswith(str(save_dir))
        field.value = "copy1"
        await pilot.press("enter")
        await pilot.pause()
        copy = save_dir / "copy1.imperia"
        assert copy.exists()
        saved_hash = match.hash()

        # q: back to the menu; Continue resumes the autosave at the same state.
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert app.screen.query_one("#continue").display
        await pilot.press("c")
        await pilot.pause()
        resumed = match_screen(app)
        assert resumed is not None and resumed is not ms
        assert resumed.session.match.hash() == saved_hash
        await pilot.press("q")
        await pilot.pause()

        # Load the save-as copy by path: same match hash.
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        assert len(app.screen.query_one("#saves").rows) == 2
        app.screen.query_one("#path", TextInput).value = str(copy)
        await pilot.press("ctrl+o")
        await pilot.pause()
        loaded = match_screen(app)
        assert loaded is not None
        assert loaded.session.match.hash() == saved_hash
        await pilot.press("q")
        await pilot.pause()

        # Replay it and step around.
        await pilot.press("p")
        await pilot.pause()
        app.screen.query_one("#path", TextInput).value = str(copy)
        await pilot.press("enter")
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert replay.timeline is not None
        last = len(replay.timeline) - 1
        assert replay.index == last
        await pilot.press("left", "left")
        await pilot.pause()
        assert replay.index == last - 2
        await pilot.press("home")
        await pilot.pause()
        assert replay.index == 0
        await pilot.press("right")
        await pilot.pause()
        assert replay.index == 1
        # Undone entries are marked in the list (the undo above).
        assert any(f.undone for f in replay.timeline.frames)
        await pilot.press("v", "v", "v")
        await pilot.pause()
        assert replay.viewer == 0  # seat 0, seat 1, spectator, seat 0 again
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)


async def test_garbage_save_shows_one_line(save_dir: Path) -> None:
    save_dir.mkdir(parents=True)
    junk = save_dir / "junk.imperia"
    junk.write_bytes(b"\x00\x01 this is not a journal")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LoadScreen)
        assert "damaged" in str(screen.query_one("#saves").get_row_at(0))
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert app.screen is screen
        error = str(screen.query_one("#load-error").render())
        assert "not an Imperia save file" in error
        # Replay of the same file: a notification, and back to the list.
        await pilot.press("ctrl+r")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.screen is screen


async def test_torn_tail_warns(save_dir: Path, playable: str) -> None:
    from tui_testkit import bot_save

    path = bot_save(save_dir / "torn.imperia", 12)
    path.write_bytes(path.read_bytes() + b"\x93\x00")  # half a record
    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        assert app.resume(path)
        await pilot.pause()
        assert match_screen(app) is not None
        assert any("dropped" in n.message for n in app._notifications)


async def test_too_small_message_recovers(save_dir: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.resize_terminal(50, 15)
        await pilot.pause()
        text = str(app.screen.query_one("#too-small").render())
        assert "Terminal too small: need at least 60x20, now 50x15" in text
        await pilot.resize_terminal(55, 22)
        await pilot.pause()
        assert "now 55x22" in str(app.screen.query_one("#too-small").render())
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_help_lists_live_bindings(save_dir: Path, playable: str) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await _start_vs_bot(pilot, playable)
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        from tui.dialogs.help import HelpScreen

        assert isinstance(app.screen, HelpScreen)
        text = app.screen._rows
        keys = {what.split(":")[0]: k for k, what in text}
        assert "u" in keys["Undo"] and "r" in keys["Redo"]
        assert keys["Choose by number"].startswith("1 2 3")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MatchScreen)


async def test_palette_has_match_commands(save_dir: Path, playable: str) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        ms = await _start_vs_bot(pilot, playable)
        titles = {c.title for c in app.get_system_commands(ms)}
        assert {"Undo", "Redo", "Save as", "Inspector", "Help", "New match"} <= titles


def test_new_save_path_is_in_save_dir(save_dir: Path) -> None:
    assert jr.default_save_dir() == save_dir
