"""Dialogs over a match the bots are playing: the bots wait while the undo question is open
(an undo does what its question said, and is asked again if the match moved), and nothing
takes the focus from the Save as dialog."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input
from tui_testkit import bots_to_move as _bots_to_move
from tui_testkit import make_app
from tui_testkit import maus_session as _maus
from tui_testkit import open_match as _open
from tui_testkit import question as _question
from tui_testkit import your_turn as _your_turn

from tui.dialogs.confirm import ConfirmDialog
from tui.dialogs.text_input import TextInputDialog


async def test_bots_wait_while_the_undo_question_is_open(save_dir: Path) -> None:
    session = _maus(save_dir)
    match = session.match
    app = make_app(session=session, bot_delay=0.3)
    async with app.run_test(size=(100, 30)) as pilot:
        ms = await _open(pilot)
        await _bots_to_move(pilot, ms, session)
        await pilot.press("u")
        await pilot.pause()
        if not isinstance(app.screen, ConfirmDialog):  # taken back at once: bring bots back
            await _bots_to_move(pilot, ms, session)
            await pilot.pause(0.4)  # a bot moves, so the take-back crosses its turn
            await pilot.press("u")
            await pilot.pause()
        question = _question(app)
        _, check = session.check_undo()
        n = check.count
        assert question.startswith(f"Take back {n} choice{'s' if n != 1 else ''}")
        entries = match.entries
        await pilot.pause(1.2)  # the bots would have played several moves by now
        await app.workers.wait_for_complete()
        await pilot.pause(0.2)
        assert match.entries == entries and app.screen is not ms
        assert not ms.bots.busy  # a decision that came back is kept, not applied
        await pilot.press("y")
        await pilot.pause()
        assert ms.snap.log[-1].text == f"You take back {n} choice{'s' if n != 1 else ''}"
        # Closed: the bots play on at their pace once Ann has chosen again.
        ply = len(match.line)
        await _bots_to_move(pilot, ms, session)
        await _your_turn(pilot, ms)
        assert any(s != 0 for s, _ in match.line[ply:])


async def test_undo_is_asked_again_if_the_match_moved(save_dir: Path) -> None:
    session = _maus(save_dir)
    match = session.match
    app = make_app(session=session, bot_delay=30.0)
    async with app.run_test(size=(100, 30)) as pilot:
        ms = await _open(pilot)
        await _bots_to_move(pilot, ms, session)
        assert ms.snap.prompt is None or session.bots.next_seat() is not None
        await pilot.press("u")
        await pilot.pause()
        if not isinstance(app.screen, ConfirmDialog):
            pytest.skip("the first take-back did not cross a barrier")
        first = _question(app)
        # Something moves the match while the question is open (a remote or a stray move).
        assert session.bots.step()
        session.refresh("test")
        await pilot.pause()
        entries, line = match.entries, list(match.line)
        await pilot.press("y")
        await pilot.pause()
        assert match.line == line and match.entries == entries  # nothing taken back
        second = _question(app)  # asked again about what an undo does now
        _, check = session.check_undo()
        n = check.count
        assert second.startswith(f"Take back {n} choice{'s' if n != 1 else ''}")
        assert first != second or n >= 1
        await pilot.press("y")
        await pilot.pause()
        assert ms.snap.log[-1].text == f"You take back {n} choice{'s' if n != 1 else ''}"


async def test_save_as_name_is_typed_in_full_while_bots_play(save_dir: Path) -> None:
    session = _maus(save_dir)
    app = make_app(session=session, bot_delay=0.3)
    async with app.run_test(size=(100, 30)) as pilot:
        ms = await _open(pilot)
        await _bots_to_move(pilot, ms, session)
        await pilot.press("s")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, TextInputDialog)
        box = dialog.query_one(Input)
        await pilot.press("ctrl+a", "delete") if box.value else None
        box.value = ""
        for key in "maus-test":
            await pilot.press("minus" if key == "-" else key)
            await pilot.pause(0.05)
            await app.workers.wait_for_complete()
            ms.focus_prompt()  # an update of the match under the dialog: no focus taken
            await pilot.pause()
            assert app.focused is box
        assert box.value == "maus-test"
        await pilot.press("enter")
        await pilot.pause()
        assert (save_dir / "maus-test.imperia").exists()
        assert app.screen is ms
