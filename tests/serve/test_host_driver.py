"""The hosted app's driver (tui/serve/host.py): output to a PTY that nobody reads never
blocks the loop, waits in a buffer and reaches the PTY once it is read; past MAX_BUFFERED
the session is ended (status 129); it never offers to suspend (SIGTSTP would stop the host)."""

from __future__ import annotations

import asyncio
import os

from tui.serve import host


class FakeApp:
    """What the driver uses of its app: the PTY and ``exit``."""

    def __init__(self, tty_fd: int) -> None:
        self.tty_fd = tty_fd
        self.exits: list[int | None] = []

    def exit(self, result=None, return_code: int = 0, message=None) -> None:
        self.exits.append(return_code)

    def post_message(self, message) -> None:
        pass


def read_all(fd: int) -> bytes:
    out = bytearray()
    while True:
        try:
            data = os.read(fd, 65536)
        except (BlockingIOError, OSError):
            return bytes(out)
        if not data:
            return bytes(out)
        out += data


async def test_output_to_an_unread_pty_waits_without_blocking_and_arrives_in_order():
    master, slave = os.openpty()
    os.set_blocking(master, False)
    try:
        driver = host.SessionDriver(FakeApp(slave))
        assert driver.can_suspend is False
        chunk = "".join(f"line {i:05d}\n" for i in range(2000))  # 22 KB
        for _ in range(20):  # 440 KB: far more than a PTY holds
            driver.write(chunk)  # returns at once (the PTY is not read)
        assert len(driver._pending) > 0, "the PTY took it all: test needs more output"
        got = bytearray()
        for _ in range(500):
            got += read_all(master)
            await asyncio.sleep(0.01)  # the loop writes more when the PTY has room
            if not driver._pending:
                got += read_all(master)
                if len(got) >= 20 * len(chunk):
                    break
        assert not driver._pending
        text = got.replace(b"\r\n", b"\n").decode()
        assert text == chunk * 20
        driver.shut()
    finally:
        os.close(master)
        os.close(slave)


async def test_a_session_whose_output_piles_up_is_ended():
    master, slave = os.openpty()
    try:
        app = FakeApp(slave)
        driver = host.SessionDriver(app)
        block = "x" * 65536
        for _ in range(host.MAX_BUFFERED // len(block) + 2):
            driver.write(block)
        assert app.exits == [host.HUP_STATUS]
        assert len(driver._pending) < host.MAX_BUFFERED
        driver.shut()
    finally:
        os.close(master)
        os.close(slave)
