"""SIGTERM and SIGHUP end the app cleanly: handlers installed and removed, the save closed,
and a real terminal restored (alternate screen left, mouse tracking off, cursor shown)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from pathlib import Path

import pytest
from tui_testkit import human_vs_random as _session
from tui_testkit import make_app
from tui_testkit import open_settled_match as _open

pytestmark = pytest.mark.usefixtures("playable")


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
