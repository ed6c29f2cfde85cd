"""The match screen: hotseat passing and consent, bots' pace, mouse, inspector, the end."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from tui_testkit import SEED, make_app, match_screen, play, progress_key, settle

from engine.rules import Choice, Prompt, SeatConfig
from tui.boards import Board
from tui.dialogs.choice_menu import ChoiceMenu
from tui.dialogs.confirm import ConfirmDialog
from tui.dialogs.end import EndDialog
from tui.dialogs.inspector import InspectorDialog
from tui.screens.match import MatchScreen
from tui.screens.pass_screen import PassScreen
from tui.session import MatchSession

pytestmark = pytest.mark.usefixtures("playable")


def _session(save_dir: Path, game: str, *kinds: str, policy: str = "casual") -> MatchSession:
    names = ["Ann", "Bob", "Cy"]
    seats = [SeatConfig(names[i], kind) for i, kind in enumerate(kinds)]
    return MatchSession.start(
        game, seats, seed=SEED, policy=policy, save_path=save_dir / "m.imperia"
    )


async def _open(pilot) -> MatchScreen:
    for _ in range(20):
        await pilot.pause()
        ms = match_screen(pilot.app)
        if ms is not None and ms.snap is not None:
            return ms
    raise AssertionError("no match screen")


async def test_hotseat_passes_the_terminal_and_asks_consent(save_dir: Path, playable: str) -> None:
    session = _session(save_dir, playable, "human", "human")
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)  # nobody has sat down yet
        assert "Ann" in str(app.screen.query_one("#pass-title").render())
        await pilot.press("enter")
        ms = await _open(pilot)
        assert app.screen is ms and ms.snap.seat == 0
        # Ann decides until the terminal must change hands.
        for _ in range(12):
            if isinstance(app.screen, PassScreen):
                break
            await pilot.press(progress_key(ms))
            await pilot.pause()
        assert isinstance(app.screen, PassScreen)
        assert "Bob" in str(app.screen.query_one("#pass-title").render())
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is ms and ms.snap.seat == 1

        # Play on (passing the terminal as needed) until a take-back would cross a barrier:
        # then it needs the other player's consent, asked on an opaque dialog.
        match = session.match
        for _ in range(40):
            seat, check = session.check_undo()
            if check is not None and check.needs_consent:
                break
            if isinstance(app.screen, PassScreen):
                await pilot.press("enter")
            else:
                await pilot.press(progress_key(ms))
            await pilot.pause()
        assert check is not None and check.needs_consent
        other = session.match.seats[check.needs_consent[0]].name
        if isinstance(app.screen, PassScreen):
            await pilot.press("enter")
            await pilot.pause()
        before = match.ply
        await pilot.press("u")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ConfirmDialog) and dialog.has_class("opaque")
        assert f"{other}: do you agree?" in str(dialog.query_one(".dialog-text").render())
        await pilot.press("y")
        await pilot.pause()
        assert match.ply < before


async def test_bots_keep_a_pace_and_can_be_skipped(save_dir: Path, playable: str) -> None:
    session = _session(save_dir, playable, "human", "random")
    app = make_app(session=session, bot_delay=30.0)
    async with app.run_test(size=(80, 24)) as pilot:
        ms = await _open(pilot)
        # Make the bot decide: play until it is waiting.
        for _ in range(20):
            if session.bots.next_seat() is not None:
                break
            await pilot.press(progress_key(ms))
            await pilot.pause()
        assert session.bots.next_seat() is not None
        await app.workers.wait_for_complete()
        await pilot.pause()
        entries = session.match.entries
        assert ms.bots.busy  # thought, now waiting for its turn to show
        assert "thinking" in str(ms.query_one("#status").render())
        await pilot.press("f")
        await pilot.pause()
        assert session.match.entries > entries
        await pilot.press("plus")
        assert app.bot_delay < 30.0


async def test_stale_bot_choice_is_never_applied(save_dir: Path, playable: str) -> None:
    session = _session(save_dir, playable, "random", "random")
    task = session.bot_task()
    assert task is not None
    choice = session.think(task)
    session.bots.step()  # the match moves on before the choice comes back
    assert not session.apply_bot(task, choice)


async def test_mouse_and_board_clicks_choose(save_dir: Path, playable: str) -> None:
    session = _session(save_dir, playable, "human", "random")
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        ms = await _open(pilot)
        await settle(pilot)
        ply = session.match.ply
        prompt = ms.snap.prompt
        assert prompt is not None and len(prompt.choices) >= 2
        # A click on the second choice chooses it.
        await pilot.click("#choices", offset=(4, 1))
        await settle(pilot)
        assert (0, prompt.choices[1].id) in session.match.line[ply:]

        # A click on a board thing that one choice targets chooses it.
        prompt = ms.snap.prompt
        target = next((c for c in prompt.choices if c.target), None) if prompt else None
        if target is not None and sum(c.target == target.target for c in prompt.choices) == 1:
            n = len(session.match.line)
            ms.board.post_message(Board.TargetClicked(target.target))
            await settle(pilot)
            assert (0, target.id) in session.match.line[n:]

        # Several choices on one thing: a small menu asks which.
        two = (Choice("a", "Play it", "x"), Choice("b", "Sell it", "x"))
        ms.snap = dataclasses.replace(ms.snap, prompt=Prompt(0, "?", two))
        ms.board.post_message(Board.TargetClicked("x"))
        await pilot.pause()
        assert isinstance(app.screen, ChoiceMenu)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is ms


async def test_inspector_browses_the_board(save_dir: Path, playable: str) -> None:
    session = _session(save_dir, playable, "human", "random")
    app = make_app(session=session)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        ms = await _open(pilot)
        await pilot.press("i")
        await pilot.pause()
        if not ms.board.inspectable():  # the generic board has nothing to inspect
            assert app.screen is ms
            return
        dialog = app.screen
        assert isinstance(dialog, InspectorDialog)
        first = dialog._index
        await pilot.press("right")
        assert dialog._index != first or len(dialog._items) == 1
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is ms


async def test_resign_ends_with_rematch(save_dir: Path, playable: str) -> None:
    session = _session(save_dir, playable, "human", "random")
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        ms = await _open(pilot)
        await play(pilot, 2)
        await pilot.press("R")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("y")
        await pilot.pause()
        end = app.screen
        assert isinstance(end, EndDialog)
        assert "Bob wins" in str(end.query_one("#end-headline").render())
        assert "resigned" in str(end.query_one(".dialog-text").render())
        await pilot.press("r")
        await pilot.pause()
        again = match_screen(app)
        assert again is not None and again is not ms
        assert again.session.save_path != session.save_path
        assert again.session.settings.seats == session.settings.seats


async def test_no_color_still_renders(save_dir: Path, playable: str, monkeypatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    session = _session(save_dir, playable, "human", "random")
    app = make_app(session=session)
    assert app.no_color
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(pilot)
        svg = app.export_screenshot()
        assert "◆" in svg and "Ann" in svg
