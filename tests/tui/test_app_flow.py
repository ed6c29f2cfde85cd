"""The app driven by keys: new match vs a bot, play, undo, save-as, load, continue, replay."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_testkit import SEED, make_app, match_screen, play, settle

from engine import journal as jr
from engine.session import load_match
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
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
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

        # Save as: a bare name goes to the save folder; the copy is a snapshot of now, and the
        # match keeps autosaving to its own file (which Continue then reopens).
        own = ms.session.save_path
        await pilot.press("s")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, TextInputDialog)
        assert own.name in str(dialog.query_one(".dialog-text").render())  # says where it autosaves
        field = dialog.query_one(TextInput)
        assert field.value.startswith(own.stem) and "/" not in field.value
        field.value = "midgame"
        await pilot.press("enter")
        await pilot.pause()
        copy = save_dir / "midgame.imperia"
        assert copy.exists()
        note = app._notifications
        assert any(
            f"Saved a copy to midgame.imperia; this match keeps autosaving to {own.name}"
            in n.message
            for n in note
        )
        copy_bytes = copy.read_bytes()
        saved_hash = match.hash()
        copy_entries = match.entries
        assert load_match(jr.read(copy)).hash() == saved_hash
        own_size = own.stat().st_size

        assert await play(pilot, 3) >= 1  # play on after the copy
        assert match.entries > copy_entries
        assert copy.read_bytes() == copy_bytes  # the copy never changes
        assert own.stat().st_size > own_size  # the autosave goes on
        latest_hash = match.hash()
        assert load_match(jr.read(own)).hash() == latest_hash

        # q: back to the menu; Continue resumes the autosave at the latest state.
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert app.screen.query_one("#continue").display
        info = str(app.screen.query_one("#continue-info").render())
        assert "Player vs Random" in info and "unfinished" in info and "saved " in info
        await pilot.press("c")
        await pilot.pause()
        resumed = match_screen(app)
        assert resumed is not None and resumed is not ms
        assert resumed.session.save_path == own
        assert resumed.session.match.hash() == latest_hash
        await pilot.press("q")
        await pilot.pause()

        # Load the save-as copy by path: same match hash.
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        assert len(app.screen.query_one("#saves").rows) == 2
        table = app.screen.query_one("#saves")
        keys = [k.value for k in table.rows]
        at = keys.index(str(copy))
        mid = table.get_row_at(at)  # game, players, saved, status (issue 21)
        assert mid[0] == match.rules.title and mid[3] == "in progress"
        table.move_cursor(row=at)
        await pilot.pause()
        details = str(app.screen.query_one("#load-details").render())
        assert "midgame.imperia" in details  # the typed name is shown, under the list
        assert f"unfinished, {copy_entries} entries" in details and "undo casual" in details
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
        # An unfinished casual match replays from the table's side only: no hands to peek at.
        assert replay.viewers == [None]
        await pilot.press("v", "v", "v")
        await pilot.pause()
        assert replay.viewer is None
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
    said: list[str] = []
    notify = app.notify

    def remember(message, *args, **kwargs):  # toasts expire; on a loaded machine before we look
        said.append(str(message))
        return notify(message, *args, **kwargs)

    app.notify = remember
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        assert app.resume(path)
        await pilot.pause()
        assert match_screen(app) is not None
        assert any("dropped" in m for m in said)


async def test_too_small_message_recovers(save_dir: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.resize_terminal(50, 15)
        await pilot.pause()
        text = str(app.screen.query_one("#too-small").render())
        assert "Terminal too small: need at least 80x24, now 50x15" in text
        await pilot.resize_terminal(55, 22)
        await pilot.pause()
        assert "now 55x22" in str(app.screen.query_one("#too-small").render())
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_minimum_size_is_80x24(save_dir: Path, playable: str) -> None:
    from tui.screens.too_small import TooSmallScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        ms = await _start_vs_bot(pilot, playable)
        await play(pilot, 2)
        assert app.screen is ms  # 80x24 is usable: no guard
        if playable == "imperium":
            board = ms.board.render().plain.splitlines()
            assert max(len(line) for line in board) <= 78  # nothing wraps
            assert any(line.lstrip().startswith("Hand ") for line in board)  # the hand shows
        for size in ((79, 24), (80, 23), (60, 20)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            assert isinstance(app.screen, TooSmallScreen)
            text = str(app.screen.query_one("#too-small").render())
            assert f"need at least 80x24, now {size[0]}x{size[1]}" in text
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert app.screen is ms


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
        assert {"Undo", "Redo", "Save as", "Inspect", "Help", "New match"} <= titles


def test_new_save_path_is_in_save_dir(save_dir: Path) -> None:
    assert jr.default_save_dir() == save_dir


def test_parse_seats_default_names(playable: str) -> None:
    from engine.session import parse_seats

    names = [
        s.name
        for s in parse_seats("human,bot" if playable == "imperium" else "human,random", playable)
    ]
    assert names[0] == "Player"
    assert [s.name for s in parse_seats("human,human", playable)] == ["Player 1", "Player 2"]
    assert [s.name for s in parse_seats("Ann=human,random", playable)] == ["Ann", "Random"]
    assert [s.name for s in parse_seats("random,random", playable)] == ["Random", "Random 2"]


async def test_new_match_default_names_and_typed_names(save_dir: Path, playable: str) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewMatchScreen)
        name0, name1 = (
            screen.query_one("#name-0", TextInput),
            screen.query_one("#name-1", TextInput),
        )
        kind1 = screen.query_one("#kind-1", Cycle)
        assert name0.value == "Player"
        assert "change a ‹ value ›" in str(screen.query_one("#new-hint").render())
        # Hotseat: the seat that changed gets a numbered name; the other keeps its own.
        kind1.value = "human"
        await pilot.pause()
        assert (name0.value, name1.value) == ("Player", "Player 2")
        # A typed name survives a stray → on the kind.
        name1.value = "Bea"
        kind1.focus()
        await pilot.pause()
        assert "▶" in kind1.render().plain  # the focus is marked, not only coloured
        await pilot.press("right")
        await pilot.pause()
        assert kind1.value != "human"
        assert name1.value == "Bea" and name0.value == "Player"
        screen.query_one("#kind-0", Cycle).value = "random"
        await pilot.pause()
        random = "Random 1" if kind1.value == "random" else "Random"  # numbered when two are
        assert name0.value == random
        game, seats, *_ = screen.settings()
        assert [s.name for s in seats] == [random, "Bea"]
        # The match: "You win" wording aside, names never say "You wins".
        screen.query_one("#kind-0", Cycle).value = "human"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        ms = match_screen(app)
        assert ms is not None
        assert [s.name for s in ms.session.match.seats] == ["Player", "Bea"]
        assert "◆ Player (you)" in str(ms.query_one("#status").render())


async def test_replay_labels_hide_secrets_and_everything_shows_all(
    save_dir: Path, playable: str
) -> None:
    from tui_testkit import bot_save

    path = bot_save(save_dir / "done.imperia", 2000)  # played to the end
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_replay(path)
        for _ in range(20):
            await pilot.pause()
            await app.workers.wait_for_complete()
            replay = app.screen
            if isinstance(replay, ReplayScreen) and replay.timeline is not None:
                break
        assert isinstance(replay, ReplayScreen) and replay.timeline is not None
        tl = replay.timeline
        assert tl.match.over
        await pilot.pause()

        def labels() -> list[str]:
            return [replay._entry_label(i).plain for i in range(len(tl))]

        # No raw choice ids anywhere, for any view.
        for _ in replay.viewers:
            assert not any("chooses " in label or "pick:" in label for label in labels())
            replay.action_view_as()
            await pilot.pause()
        assert replay.viewer == 0
        if playable != "imperium":
            return
        first = tl.frames[1].record
        assert first[0] == jr.ACT and first[2].startswith("pick:")
        seat = first[1]
        card = first[2].split(":", 1)[1]
        # Its own seat reads the pick; the other seat does not.
        replay.viewer_at = seat
        assert "You: Discard " in labels()[1]
        replay.viewer_at = 1 - seat
        assert "secret choice" in labels()[1] and card not in labels()[1].lower()
        # The last view of a finished match is "everything": both hands at every entry.
        replay.viewer_at = len(replay.viewers) - 1
        assert replay.viewer is None and replay.viewer_name() == "everything"
        replay.goto(5)
        await pilot.pause()
        assert replay.match is not None and replay.match.at == 5
        view = replay._view()
        assert all(s["hand"] is not None for s in view["seats"])
        assert ": Discard " in labels()[1]  # the match is over: nothing is secret any more
