"""The server's PTY reads and writes (tui/serve/server.py): everything ready in one read, an
empty PTY is not the end, a closed one is; keys to a full PTY are dropped, never blocking."""

from __future__ import annotations

import os

from tui.serve.server import read_ready, write_input


def test_read_ready_takes_every_piece_then_tells_nothing_ready_from_the_end() -> None:
    master, slave = os.openpty()
    os.set_blocking(master, False)
    try:
        assert read_ready(master) == b""  # nothing written yet: not the end
        os.set_blocking(slave, False)  # a full PTY fails the test instead of hanging it
        pieces = [bytes([65 + i]) * 400 for i in range(5)]  # 2000 bytes in five writes
        for p in pieces:
            assert os.write(slave, p) == len(p)
        got = read_ready(master)
        assert got == b"".join(pieces).replace(b"\n", b"\r\n")
        assert read_ready(master) == b""
        os.write(slave, b"last")
        os.close(slave)
        slave = -1
        assert read_ready(master) == b"last"  # what was written before the end comes first
        assert read_ready(master) is None  # then the end
    finally:
        os.close(master)
        if slave >= 0:
            os.close(slave)


def test_keys_to_a_full_pty_are_dropped_not_blocking() -> None:
    master, slave = os.openpty()
    os.set_blocking(master, False)
    try:
        dropped = 0
        for _ in range(200):  # the app reads none of its input
            dropped += write_input(master, b"k" * 1000)
        assert dropped > 0  # the input buffer filled up: the rest was dropped at once
        assert write_input(master, b"") == 0
    finally:
        os.close(master)
        os.close(slave)
