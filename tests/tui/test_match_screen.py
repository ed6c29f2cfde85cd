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
        assert session.undo_seat() == ms.snap.seat  # the player at the terminal asks
        assert seat == ms.snap.seat
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
        # A click on the second choice shown chooses it (a choice with a detail has 2 lines).
        rows = ms.panel._rows
        await pilot.click("#choices", offset=(4, 2 if rows[0][1].detail else 1))
        await settle(pilot)
        assert (0, rows[1][1].id) in session.match.line[ply:]

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
        await pilot.press("r")  # r is Redo on the match screen: it never starts a rematch
        await pilot.pause()
        assert app.screen is end
        await pilot.press("a")
        await pilot.pause()
        again = match_screen(app)
        assert again is not None and again is not ms
        assert again.session.save_path != session.save_path
        assert again.session.settings.seats == session.settings.seats


def _finished_session(save_dir: Path, game: str, winner: int) -> MatchSession:
    """A match between Ann (human) and Bob (random) played to the end by random choices, with
    ``winner`` winning (tries RNG seeds until it does)."""
    from engine.ai import decide
    from engine.ai.random_bot import RandomBot
    from engine.rng import Rng

    for k in range(1, 60):
        path = save_dir / f"end{k}.imperia"
        session = MatchSession.start(
            game,
            [SeatConfig("Ann", "human"), SeatConfig("Bob", "random")],
            seed=SEED,
            save_path=path,
        )
        match, rng = session.match, Rng.seeded(k)
        while not match.over:
            seat = match.waiting()[0]
            match.act(seat, decide(RandomBot(), match.rules, match.state, seat, rng))
        if match.outcome().winners == (winner,):
            return session
        session.close()
    raise AssertionError("no such match")


def _footer(screen) -> str:
    from tui.widgets.key_bar import KeyBar

    return screen.query_one(KeyBar).render().plain


@pytest.mark.parametrize("winner", [0, 1])
async def test_end_screen_labels_scores_and_keys(save_dir: Path, playable: str, winner) -> None:
    session = _finished_session(save_dir, playable, winner)
    match = session.match
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        ms = await _open(pilot)
        await pilot.pause()
        end = app.screen
        assert isinstance(end, EndDialog)
        headline = str(end.query_one("#end-headline").render())
        assert headline == ("You win" if winner == 0 else "● Bob wins")
        scores = str(end.query_one("#end-scores").render())
        assert scores.startswith("Score: ◆ Ann ") and "● Bob " in scores
        out = match.outcome()
        if playable == "imperium":
            from tui.boards.imperium import points_in_units

            for seat, name in enumerate(("◆ Ann", "● Bob")):
                deck = match.view(None)["seats"][seat]["deck"]
                civ = "Rome" if deck == "roman" else "Greece"
                score = out.scores[seat]
                if not isinstance(score, str):
                    score = f"{points_in_units(str(score), deck)} points"
                assert f"{name} ({civ}) {score}" in scores
                assert score.endswith(" points") and "/" in score
        saved = str(end.query_one("#end-saved").render())
        assert session.save_path.name in saved
        # No text bleeds past the dialog's border at 80x24: every button fits.
        box = end.query_one("#end").region
        for button in end.query("#end-buttons Button"):
            assert button.region.right <= box.right - 2

        await pilot.press("r")  # Redo's key: nothing happens (no rematch, no redo)
        await pilot.pause()
        assert app.screen is end
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is ms
        footer = _footer(ms)
        assert "Result" in footer and "Undo" not in footer and "Redo" not in footer
        ply = match.ply
        await pilot.press("u")
        await pilot.pause()
        assert match.ply == ply and app.screen is ms
        await pilot.press("o")  # the result again
        await pilot.pause()
        assert isinstance(app.screen, EndDialog)
        await pilot.press("s")  # save a copy: the dialog says what it is
        await pilot.pause()
        from tui.dialogs.text_input import TextInputDialog

        dialog = app.screen
        assert isinstance(dialog, TextInputDialog)
        text = str(dialog.query_one(".dialog-text").render())
        assert "finished" in text and session.save_path.name in text
        assert dialog.query_one("#dialog-input").value.endswith("-final")


async def test_no_color_still_renders(save_dir: Path, playable: str, monkeypatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    session = _session(save_dir, playable, "human", "random")
    app = make_app(session=session)
    assert app.no_color
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(pilot)
        svg = app.export_screenshot()
        assert "◆" in svg and "Ann" in svg


async def _until(pilot, ms, session, cond, steps: int = 60) -> bool:
    """Make progress choices until ``cond()`` holds."""
    for _ in range(steps):
        await settle(pilot)
        if cond():
            return True
        key = progress_key(ms)
        if key is None or pilot.app.screen is not ms:
            return False
        await pilot.press(key)
    await settle(pilot)
    return cond()


async def test_undo_past_a_bot_turn_asks_first(save_dir: Path, playable: str) -> None:
    session = _session(save_dir, playable, "human", "random")
    match = session.match
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        ms = await _open(pilot)

        def crossing() -> bool:
            _, check = session.check_undo()
            return bool(check and check.allowed and check.crosses and ms.snap.prompt)

        assert await _until(pilot, ms, session, crossing)
        seat, check = session.check_undo()
        assert seat == 0 and not check.needs_consent  # bots always consent
        ply, state = match.ply, match.hash()
        await pilot.press("u")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ConfirmDialog)
        question = str(dialog.query_one(".dialog-text").render())
        n = check.count
        assert question.startswith(f"Take back {n} choice{'s' if n != 1 else ''}, including ")
        bot_moved = any(s == 1 for s, _ in match.line[check.target :])
        assert ("Bob's turn" in question) == bot_moved
        await pilot.press("n")  # keep playing: nothing changes
        await pilot.pause()
        assert app.screen is ms and (match.ply, match.hash()) == (ply, state)
        await pilot.press("u")
        await pilot.pause()
        line = list(match.line[: check.target])
        taken = [i for i in match.log if i.ply >= check.target and i.event.kind != "chat"]
        assert taken and not any(i.undone for i in taken)
        await pilot.press("y")
        await pilot.pause()
        undo = next(r for r in reversed(match.records) if r[0] == 1)
        assert undo[1:] == (0, check.target)  # the journal took back to the human's choice
        assert match.line[: check.target] == line
        assert all(i.undone for i in taken if i.event.kind not in ("undo", "redo"))
        assert ms.snap.log[-1].text == f"You take back {n} choice{'s' if n != 1 else ''}"


async def test_undone_log_lines_are_struck_through(save_dir: Path, playable: str) -> None:
    session = _session(save_dir, playable, "human", "random", policy="teaching")
    match = session.match
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        ms = await _open(pilot)
        ms.action_toggle_log()  # the log is hidden by default at 80 columns
        await pilot.pause()

        def own_lines() -> bool:
            if not match.line or match.line[-1][0] != 0:
                return False
            last = len(match.line) - 1
            return any(i.ply == last for i in match.log)

        assert await _until(pilot, ms, session, own_lines)
        last = len(match.line) - 1
        mine = [session.match.describe(i, 0) for i in match.log if i.ply == last]
        await pilot.press("u")
        await pilot.pause()
        if isinstance(app.screen, ConfirmDialog):
            await pilot.press("y")
        await settle(pilot)
        log = ms.snap.log
        assert log[-1].text.startswith("You take back ") and not log[-1].undone
        struck = [line.text for line in log if line.undone]
        for text in mine:
            assert text in struck  # kept, marked undone
        panel = ms.query_one("#log")
        assert panel._shown[-1] == log[-1]
        segments = [seg for strip in panel.lines for seg in strip]
        assert any(seg.style and seg.style.strike and seg.text.strip() for seg in segments)
        assert not any(
            seg.style and seg.style.strike and "take back" in seg.text for seg in segments
        )


async def test_inspector_text_starts_at_once_and_scrolls_per_key(save_dir: Path) -> None:
    long_text = "## Long Card\n\n" + "\n\n".join(f"Line {n} of the effect." for n in range(40))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = InspectorDialog(lambda t: long_text, [("x", "Long Card"), ("y", "Other")])
        await app.push_screen(dialog)
        await pilot.pause()
        body = dialog.body
        first = dialog.query_one("#inspector-text").render_line(0).text.strip()
        assert first == "Long Card"  # no blank lines above the name
        assert body.max_scroll_y > 10
        for n in range(1, 4):  # each press scrolls, at once (a held key repeats presses)
            await pilot.press("down")
            assert body.scroll_y == n
        await pilot.press("pagedown")
        page = body.scroll_y
        assert page > 3 + 5
        await pilot.press("pageup")
        assert body.scroll_y == 3
        await pilot.press("end")
        assert body.scroll_y == body.max_scroll_y
        await pilot.press("right")  # ←/→ still browse
        await pilot.pause()
        assert dialog._index == 1 and body.scroll_y == 0
