"""Fixes after the adversarial QA pass: save-as safety, signals, seeds, stale keys, seat
names, replay ends, strict policy keys, load labels, the command palette."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from pathlib import Path

import pytest
from tui_testkit import SEED, match_screen, settle
from tui_testkit import make_app as _make_app

from engine.rules import SeatConfig
from tui.dialogs.confirm import ConfirmDialog
from tui.screens.match import MatchScreen
from tui.session import MatchSession

pytestmark = pytest.mark.usefixtures("playable")


def _session(save_dir: Path, game: str, policy: str = "casual") -> MatchSession:
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bob", "random")]
    return MatchSession.start(
        game, seats, seed=SEED, policy=policy, save_path=save_dir / "m.imperia"
    )


async def _open(pilot) -> MatchScreen:
    for _ in range(20):
        await pilot.pause()
        ms = match_screen(pilot.app)
        if ms is not None and ms.snap is not None:
            await settle(pilot)
            return ms
    raise AssertionError("no match screen")


def make_app(*args, **kwargs):
    """The test app, recording every message it is told to show: a toast can expire before a
    check on a loaded machine (timeout=2), so tests read what was said, not what is showing."""
    app = _make_app(*args, **kwargs)
    said: list[str] = []
    shown = app.notify

    def notify(message, *a, **k):
        said.append(str(message))
        return shown(message, *a, **k)

    app.notify = notify
    app._said = said
    return app


def _messages(app) -> list[str]:
    return list(app._said)


# ------------------------------------------------------------ 1. save as
async def test_save_as_asks_before_replacing_and_refuses_other_files(
    save_dir: Path, playable: str
) -> None:
    app = make_app(session=_session(save_dir, playable))
    other = save_dir / "other.imperia"
    notes = save_dir / "notes.txt"
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        ms = await _open(pilot)
        ms._save_to("")
        await pilot.pause()
        assert "No file name given." in _messages(app)
        ms._save_to(None)  # cancelled: nothing said

        ms._save_to("other")
        await pilot.pause()
        assert other.exists()
        first = other.read_bytes()

        ms._save_to("other")  # exists: a question first
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is ms and other.read_bytes() == first

        ms._save_to("other.imperia")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert app.screen is ms and other.exists()

        notes.write_text("my notes")
        ms._save_to("notes.txt")  # becomes notes.txt.imperia: a new file
        await pilot.pause()
        assert notes.read_text() == "my notes"
        (save_dir / "junk.imperia").write_text("not a save")
        ms._save_to("junk")
        await pilot.pause()
        assert app.screen is ms
        assert "junk.imperia is not an Imperia save; choose another name." in _messages(app)
        assert (save_dir / "junk.imperia").read_text() == "not a save"


async def test_save_as_bad_folders_leave_nothing_behind(
    save_dir: Path, playable: str, tmp_path: Path
) -> None:
    app = make_app(session=_session(save_dir, playable))
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        ms = await _open(pilot)
        before = set(tmp_path.rglob("*"))
        ms._save_to("rel/../..")
        await pilot.pause()
        assert not (save_dir / "rel").exists()
        ms._save_to("rel/../x")
        await pilot.pause()
        assert not (save_dir / "rel").exists() and (save_dir / "x.imperia").exists()

        blocker = tmp_path / "file"
        blocker.write_text("")
        ms._save_to(str(blocker / "sub" / "copy"))
        await pilot.pause()
        assert any(str(blocker / "sub" / "copy.imperia") in m for m in _messages(app))
        after = set(tmp_path.rglob("*"))
        assert after - before == {save_dir / "x.imperia", blocker}


# ------------------------------------------------------------ 2. signals
@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="no SIGTERM/SIGHUP handlers here")
@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP"])
async def test_sigterm_and_sighup_end_the_app_cleanly(
    save_dir: Path, playable: str, name: str
) -> None:
    signum = getattr(signal, name)
    session = _session(save_dir, playable)
    app = make_app(session=session)
    async with app.run_test(size=(100, 30)) as pilot:
        await _open(pilot)
        loop = asyncio.get_running_loop()
        assert signum in app._signals
        assert signal.getsignal(signum) not in (signal.SIG_DFL, signal.SIG_IGN, None)
        os.kill(os.getpid(), signum)
        for _ in range(50):
            await asyncio.sleep(0.02)
            if app.return_code is not None:
                break
        assert app.return_code == 128 + signum
    assert not app._signals
    assert not loop.remove_signal_handler(signum)  # the loop no longer routes it to the app
    assert session.match.sink.closed  # the save file was closed


@pytest.mark.skipif(not hasattr(os, "fork") or sys.platform == "darwin", reason="needs a pty")
def test_sigterm_restores_a_real_terminal(tmp_path: Path) -> None:
    """The real app in a pseudo-terminal: SIGTERM leaves the alternate screen, turns mouse
    tracking off and shows the cursor again."""
    import fcntl
    import pty
    import select
    import struct
    import termios
    import time

    env = dict(os.environ, IMPERIA_SAVE_DIR=str(tmp_path), TERM="xterm-256color")
    code = "from tui.app import run_app; raise SystemExit(run_app())"
    pid, fd = pty.fork()
    if pid == 0:  # pragma: no cover - the child
        os.chdir(Path(__file__).resolve().parents[2])
        os.execve(sys.executable, [sys.executable, "-c", code], env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    out = bytearray()

    def read_until(marker: bytes, after: int, seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end and marker not in out[after:]:
            if select.select([fd], [], [], 0.1)[0]:
                try:
                    out.extend(os.read(fd, 65536))
                except OSError:
                    return

    try:
        read_until(b"\x1b[?1049h", 0, 20)
        assert b"\x1b[?1049h" in out
        # The menu on screen means on_mount ran, so the SIGTERM handler is installed (mouse
        # tracking alone comes earlier, from the driver; a signal then is not ours to handle).
        read_until(b"Quit", 0, 20)
        assert b"Quit" in out
        start = len(out)
        os.kill(pid, signal.SIGTERM)
        read_until(b"\x1b[?1049l", start, 10)
        read_until(b"\x1b[?25h", start, 1)
        _, status = os.waitpid(pid, 0)
    finally:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        os.close(fd)
    tail = bytes(out[start:])
    assert os.waitstatus_to_exitcode(status) == 128 + signal.SIGTERM
    assert b"\x1b[?1049l" in tail and b"\x1b[?25h" in tail and b"\x1b[?1000l" in tail


# ------------------------------------------------------------ 3 and 5. new match
async def _new_match_screen(pilot):
    from tui.screens.new_match import NewMatchScreen

    pilot.app.action_new_match()
    for _ in range(20):
        await pilot.pause()
        if isinstance(pilot.app.screen, NewMatchScreen) and pilot.app.screen.query(".seat-row"):
            return pilot.app.screen
    raise AssertionError("no new match screen")


@pytest.mark.parametrize("seed", ["9" * 200, "-5", "9223372036854775808", "1e3", "9" * 5000])
async def test_bad_seeds_say_so_and_leave_no_file(save_dir: Path, playable: str, seed: str) -> None:
    from tui.widgets.inputs import TextInput

    app = make_app()
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        screen = await _new_match_screen(pilot)
        screen.query_one("#seed", TextInput).value = seed
        screen.action_start()
        await pilot.pause()
        assert app.screen is screen
        error = str(screen.query_one("#new-error").render())
        wanted = "the seed must be a whole number from 0 to 9223372036854775807"
        assert error == f"Cannot start: {wanted}"
        assert wanted in _messages(app)
        assert not save_dir.exists() or not any(save_dir.iterdir())


async def test_seat_names_are_cleaned_capped_and_unique(save_dir: Path, playable: str) -> None:
    from tui.widgets.inputs import TextInput

    app = make_app()
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        screen = await _new_match_screen(pilot)
        fields = list(screen.query(".seat-name").results(TextInput))
        assert len(fields) >= 2
        fields[0].value = "Ann\n\x1b[31mred\t  x"
        fields[1].value = "ann  [31MRED\nx"
        _, seats, *_ = screen.settings()
        assert [s.name for s in seats[:2]] == ["Ann [31mred x", "ann [31MRED x 2"]
        fields[0].value = "   "
        fields[1].value = "B" * 300
        _, seats, *_ = screen.settings()
        assert seats[0].name == "Player" and seats[1].name == "B" * 24
        fields[0].value = fields[1].value = "Zed"
        screen.action_start()
        await settle(pilot)
        ms = match_screen(app)
        assert ms is not None
        assert [s.name for s in ms.session.match.seats][:2] == ["Zed", "Zed 2"]
        assert any("same name" in m for m in _messages(app))


def test_parse_seats_cleans_names(playable: str) -> None:
    from engine.session import parse_seats

    seats = parse_seats("Ann\nBob\x07=human,ann  bob=random," + "z" * 300 + "=human", playable)
    assert [s.name for s in seats] == ["Ann Bob", "ann bob 2", "z" * 24]


# ------------------------------------------------------------ 4. stale keys
async def test_a_choice_that_is_no_longer_legal_shows_no_raw_message(
    save_dir: Path, playable: str
) -> None:
    from engine.rules import Choice

    app = make_app(session=_session(save_dir, playable))
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        ms = await _open(pilot)
        entries = ms.session.match.entries
        ms.choose(Choice("play:cicero-gone", "Play Cicero"))
        ms.choose(Choice("continue", "Continue"))
        await pilot.pause()
        assert ms.session.match.entries == entries
        messages = _messages(app)
        assert messages and set(messages) == {"That choice is no longer available."}
        assert not any("seat 0" in m or "'" in m for m in messages)


# ------------------------------------------------------------ 6. replay
async def test_replay_stops_at_both_ends_and_jump_takes_only_entry_numbers(
    save_dir: Path, playable: str
) -> None:
    from tui_testkit import bot_save

    from tui.dialogs.text_input import TextInputDialog
    from tui.screens.replay import ReplayScreen

    path = bot_save(save_dir / "r.imperia", 12)
    app = make_app()
    said: list[str] = []  # toasts expire after a few seconds: count what was said, not shown
    shown = app.notify

    def notify(message, *args, **kwargs):
        said.append(message)
        return shown(message, *args, **kwargs)

    app.notify = notify
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        app.open_replay(path)
        for _ in range(20):
            await pilot.pause()
            await app.workers.wait_for_complete()
            replay = app.screen
            if isinstance(replay, ReplayScreen) and replay.timeline is not None:
                break
        assert isinstance(replay, ReplayScreen) and replay.timeline is not None
        last = len(replay.timeline) - 1
        await pilot.pause()
        assert replay.index == last
        await pilot.press("right")
        await pilot.pause()
        assert replay.index == last
        await pilot.press("home")
        await pilot.pause()
        assert replay.index == 0
        await pilot.press("left")
        await pilot.pause()
        assert replay.index == 0  # no wrap to the end

        for bad in ("-1", "-5", "1e3", str(last + 1), ""):
            await pilot.press("g")
            await pilot.pause()
            assert isinstance(app.screen, TextInputDialog)
            app.screen.dismiss(bad)
            await pilot.pause()
            assert replay.index == 0
        wanted = f"Type an entry number: a whole number from 0 to {last}."
        assert said.count(wanted) == 5
        await pilot.press("g")
        await pilot.pause()
        app.screen.dismiss("3")
        await pilot.pause()
        await pilot.pause()
        assert replay.index == 3
        assert replay.speed_text() == "paused, 0.6 s/step"
        replay.speed = 0
        assert replay.speed_text() == "paused, max"


# ------------------------------------------------------------ 7. strict policy
@pytest.mark.parametrize("policy", ["strict", "casual"])
async def test_strict_policy_hides_undo_and_redo(save_dir: Path, playable: str, policy) -> None:
    from tui.widgets.key_bar import KeyBar

    app = make_app(session=_session(save_dir, playable, policy=policy))
    async with app.run_test(size=(120, 30)) as pilot:
        ms = await _open(pilot)
        footer = ms.query_one(KeyBar).render().plain
        titles = [c.title for c in app.get_system_commands(ms)]
        shown = policy != "strict"
        assert ("Undo" in footer) is shown and ("Redo" in footer) is shown
        assert ("Undo" in titles) is shown and ("Redo" in titles) is shown


# ------------------------------------------------------------ 9. command palette
async def test_double_clicks_outside_the_palette_keep_the_screen(
    save_dir: Path, playable: str
) -> None:
    from textual.command import CommandPalette

    from tui.dialogs.palette import SafePalette

    app = make_app(session=_session(save_dir, playable))
    async with app.run_test(size=(100, 30)) as pilot:
        ms = await _open(pilot)
        for _ in range(2):
            await pilot.press("ctrl+p")
            await pilot.pause()
            assert isinstance(app.screen, SafePalette)
            # Outside the palette's box: the bottom line (the footer's "^p palette").
            await pilot.double_click(offset=(95, 29))
            await pilot.pause()
            await pilot.double_click(offset=(95, 29))
            await pilot.pause()
            # The footer's "^p palette" may have opened it again: never anything else.
            stack = app.screen_stack
            assert ms in stack and all(
                isinstance(x, SafePalette) for x in stack[stack.index(ms) + 1 :]
            )
            if CommandPalette.is_open(app):
                await pilot.press("escape")
                await pilot.pause()
            assert app.screen is ms
        assert app.screen_stack[-2:] == [app.screen_stack[-2], ms]
        # Both clicks of a double click queued in the palette before it closes (a busy app):
        # the second must not pop the match.
        await pilot.press("ctrl+p")
        await pilot.pause()
        palette = app.screen
        for _ in range(4):  # handled back to back, before the pop is processed
            palette._on_click(_click(palette, 95, 29))
        await pilot.pause()
        await pilot.pause()
        assert app.screen is ms and ms in app.screen_stack
        # A stale dismiss of a closed palette pops nothing.
        await pilot.press("ctrl+p")
        await pilot.pause()
        palette = app.screen
        assert isinstance(palette, SafePalette)
        palette.dismiss()
        await pilot.pause()
        palette.dismiss()
        palette.dismiss()
        await pilot.pause()
        assert app.screen is ms


def _click(widget, x: int, y: int):
    from textual import events

    return events.Click(widget, x, y, 0, 0, 1, False, False, False, screen_x=x, screen_y=y)


# ------------------------------------------------------------ 8. load list labels
def test_load_list_says_newer_imperia_and_open_elsewhere(save_dir: Path, playable: str) -> None:
    import msgpack
    from tui_testkit import bot_save

    from engine import journal as jr
    from tui.saves import save_info

    save_dir.mkdir(parents=True, exist_ok=True)
    newer = save_dir / "newer.imperia"
    newer.write_bytes(msgpack.packb({"format": jr.FORMAT_NAME, "version": jr.FORMAT_VERSION + 1}))
    info = save_info(newer)
    assert info.status == info.outcome == "needs a newer Imperia"

    path = bot_save(save_dir / "open.imperia", 6)
    assert save_info(path).status == "unfinished"
    writer = jr.JournalWriter.reopen(path, path.stat().st_size)  # another window has it
    try:
        info = save_info(path)
        assert info.status == info.outcome == "open in another window"
    finally:
        writer.close()
    assert save_info(path).status == "unfinished"
    (save_dir / "junk.imperia").write_text("junk")
    assert save_info(save_dir / "junk.imperia").status == "damaged"
