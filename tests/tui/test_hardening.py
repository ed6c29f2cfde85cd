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
from tui_testkit import SEED, make_app, match_screen, settle

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


def _messages(app) -> list[str]:
    return [n.message for n in app._notifications]


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
    assert session.match.sink._fh is None  # the save file was closed


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
        read_until(b"\x1b[?1000h", 0, 5)  # mouse on: the app is up (handlers installed)
        read_until(b"never", len(out), 1.0)  # let the first screen mount
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
