"""Imperial Struggle through the app: undo and redo, save a copy, load it, replay it with the
board (view as either side, or the spectator), and the hotseat pass screen."""

from __future__ import annotations

from pathlib import Path

from is_testkit import GAME, app_for, at_purchase, play_until
from tui_testkit import SEED, make_app, match_screen, settle

from engine import journal as jr
from engine.games.imperial_struggle import board as B
from engine.rules import SeatConfig
from engine.session import load_match
from tui.boards.imperial_struggle import ImperialStruggleBoard
from tui.dialogs.inspector import InspectorDialog
from tui.screens.pass_screen import PassScreen
from tui.screens.replay import ReplayScreen
from tui.session import MatchSession
from tui.widgets.inputs import TextInput


async def test_undo_save_load_replay(save_dir: Path) -> None:
    app = app_for(save_dir, policy="teaching")
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, at_purchase)
        ms = match_screen(app)
        match = ms.session.match
        assert isinstance(ms.board, ImperialStruggleBoard)
        # i: the inspector on the highlighted choice's space (its full text from the data)
        cursor = ms.panel.highlighted().target
        assert cursor in B.SPACES
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, InspectorDialog)
        assert ms.board.inspect(cursor).startswith(f"# {B.SPACES[cursor]['name']}")
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is ms

        before, state = match.ply, match.hash()
        await pilot.press("1")  # a purchase: the payment step follows
        await settle(pilot)
        assert match.ply == before + 1
        await pilot.press("u")
        await settle(pilot)
        assert (match.ply, match.hash()) == (before, state)
        await pilot.press("r")
        await settle(pilot)
        assert match.ply == before + 1

        await pilot.press("s")
        await pilot.pause()
        app.screen.query_one(TextInput).value = "is-copy"
        await pilot.press("enter")
        await pilot.pause()
        copy = save_dir / "is-copy.imperia"
        assert copy.exists()
        assert load_match(jr.read(copy)).hash() == match.hash()
        saved = match.hash()
        await pilot.press("q")
        await pilot.pause()

        await pilot.press("l")
        await pilot.pause()
        app.screen.query_one("#path", TextInput).value = str(copy)
        await pilot.press("ctrl+o")
        await pilot.pause()
        loaded = match_screen(app)
        assert loaded is not None and loaded.session.match.hash() == saved
        assert isinstance(loaded.board, ImperialStruggleBoard)
        await pilot.press("q")
        await pilot.pause()

        await pilot.press("p")
        await pilot.pause()
        app.screen.query_one("#path", TextInput).value = str(copy)
        await pilot.press("enter")
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        board = replay.query_one("#board")
        assert isinstance(board, ImperialStruggleBoard)
        assert replay.viewers == [0, 1, None]  # a teaching match: either side or the public
        seen = []
        for _ in range(3):
            seen.append((replay.viewer, board._view["side"], board._view["hands"]))
            await pilot.press("v")
            await pilot.pause()
        assert [v for v, _, _ in seen] == [0, 1, None]
        assert [s for _, s, _ in seen] == [0, 1, None]  # France's view, Britain's, the public's
        assert seen[0][2][0] is not None and seen[0][2][1] is None  # only your own hand
        assert seen[2][2] == [None, None]
        await pilot.press("m", "p")  # the board's keys work on the replay too
        await pilot.pause()
        assert board.shown_pane == "records"
        await pilot.press("left", "home")
        await pilot.pause()
        assert replay.index == 0


async def test_hotseat_pass_screen_hides_the_board(save_dir: Path) -> None:
    """Two humans at one terminal: the secret Ministry choice opens behind a pass screen."""
    seats = [SeatConfig("Ann", "human"), SeatConfig("Ben", "human")]
    session = MatchSession.start(GAME, seats, seed=SEED, save_path=save_dir / "hot.imperia")
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, PassScreen)
        assert "Secret choice" in " ".join(str(w.render()) for w in app.screen.query("Static"))
