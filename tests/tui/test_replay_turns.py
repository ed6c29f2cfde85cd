"""Replay jumps to a turn (issue 21 item 9): turns read from the views, a turn list, [ and ]."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_testkit import bot_save, make_app

from engine import journal as jr
from engine.session import Timeline
from tui.screens.replay import ReplayScreen
from tui.screens.replay_turns import TurnList, generic_turn_label, turn_at, turn_marks

pytestmark = pytest.mark.usefixtures("playable")


def test_generic_labels() -> None:
    assert generic_turn_label({"turn": 0}) == "Turn 1"
    assert generic_turn_label({"turn": 4, "phase": "action"}) == "Turn 5"
    assert generic_turn_label({"turns": 2}) == "Turn 3"  # turns completed so far
    assert generic_turn_label({"turn": "T2", "round": {"no": 3}}) == "T2 · round 3"
    assert generic_turn_label({"turn": "7", "round": 2}) == "Turn 7 · round 2"
    assert generic_turn_label({"round": 1}) == "Round 1"
    assert generic_turn_label({"turn": True}) is None
    assert generic_turn_label({"phase": "x"}) is None


def test_turn_at() -> None:
    from tui.screens.replay_turns import TurnMark

    marks = [TurnMark(0, "Turn 1", 0), TurnMark(5, "Turn 2", 1), TurnMark(9, "Turn 3", 0)]
    assert [turn_at(marks, e) for e in (0, 4, 5, 8, 9, 30)] == [0, 0, 1, 1, 2, 2]
    assert turn_at(marks[1:], 2) is None


def _timeline(path: Path) -> Timeline:
    return Timeline(jr.read(path))


def test_marks_follow_the_views(save_dir: Path) -> None:
    save_dir.mkdir(parents=True, exist_ok=True)
    tl = _timeline(bot_save(save_dir / "t.imperia", 120, policy="teaching"))
    marks = turn_marks(tl)
    assert len(marks) >= 3
    entries = [m.entry for m in marks]
    assert entries == sorted(set(entries)) and entries[0] == 0
    for k, mark in enumerate(marks):
        view = tl.rules.view(tl.state(mark.entry), None)
        label = generic_turn_label(view)
        assert label == mark.label
        if mark.entry > 0 and k > 0:  # the entry before is still in the turn before
            before = generic_turn_label(tl.rules.view(tl.state(mark.entry - 1), None))
            assert before == marks[k - 1].label
        assert mark.seat == view.get("active")
        assert mark.undone == tl.frames[mark.entry].undone


async def _replay(pilot, path: Path) -> ReplayScreen:
    pilot.app.open_replay(path)
    for _ in range(100):
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
        screen = pilot.app.screen
        if isinstance(screen, ReplayScreen) and screen.timeline is not None:
            await pilot.pause()
            return screen
    raise AssertionError("the replay never loaded")


async def test_turn_list_and_brackets(save_dir: Path) -> None:
    save_dir.mkdir(parents=True, exist_ok=True)
    path = bot_save(save_dir / "t.imperia", 120, policy="teaching")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _replay(pilot, path)
        marks = screen.turns
        assert len(marks) >= 3
        assert marks[turn_at(marks, screen.index)].label in str(
            screen.query_one("#replay-status").render()
        )
        await pilot.press("t")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, TurnList)
        listed = dialog.query_one("#turn-list")
        assert listed.option_count == len(marks)
        assert listed.highlighted == turn_at(marks, screen.index)  # the turn shown now
        await pilot.press("home", "down", "down", "enter")
        await pilot.pause()
        await pilot.pause()
        assert app.screen is screen and screen.index == marks[2].entry
        await pilot.press("right_square_bracket")
        await pilot.pause()
        assert screen.index == marks[3].entry if len(marks) > 3 else marks[2].entry
        await pilot.press("right", "left_square_bracket")  # inside a turn: back to its start
        await pilot.pause()
        at = turn_at(marks, screen.index)
        assert screen.index == marks[at].entry
        await pilot.press("left_square_bracket")
        await pilot.pause()
        assert screen.index == marks[at - 1].entry
        await pilot.press("t", "escape")  # closing the list keeps the entry
        await pilot.pause()
        assert app.screen is screen and screen.index == marks[at - 1].entry
