"""Helpers for the SSH table server tests: an in-process server and SSH clients with PTYs
whose output is rendered by a terminal emulator (pyte), so tests read the screen a player sees."""

from __future__ import annotations

import asyncio
import contextlib
import time
from pathlib import Path

import asyncssh
import pyte

from tui.serve.server import Limits, TableServer

WIDTH, HEIGHT = 120, 40
TIMEOUT = 30.0


async def start_server(
    data: Path, prefork: bool = True, sessions_per_process: int = 1, **limits
) -> TableServer:
    """A server on an ephemeral loopback port with instant bots (apps forked from the warm
    zygote, or started by exec with ``prefork=False``; ``sessions_per_process`` > 1: that
    many sessions per app process, :mod:`tui.serve.host`)."""
    server = TableServer(
        data,
        "127.0.0.1",
        0,
        Limits(**limits),
        bot_delay=0,
        prefork=prefork,
        sessions_per_process=sessions_per_process,
    )
    await server.start()
    return server


class Player:
    """One SSH client with a PTY and a rendered screen."""

    def __init__(self, key: asyncssh.SSHKey, name: str) -> None:
        self.key = key
        self.name = name
        self.screen = pyte.Screen(WIDTH, HEIGHT)
        self.stream = pyte.ByteStream(self.screen)
        self.conn: asyncssh.SSHClientConnection | None = None
        self.proc: asyncssh.SSHClientProcess | None = None
        self._reader: asyncio.Task | None = None
        self.raw = bytearray()
        self.closed = asyncio.Event()

    @property
    def fingerprint(self) -> str:
        return self.key.get_fingerprint("sha256")

    async def connect(self, port: int, window: int | None = None) -> None:
        """Connect and open a session with a PTY (``window``: the SSH channel window size in
        bytes, asyncssh's default when None)."""
        self.screen.reset()
        self.raw.clear()
        self.closed.clear()
        self.conn = await asyncssh.connect(
            "127.0.0.1",
            port,
            username="player",
            client_keys=[self.key],
            known_hosts=None,
            agent_path=None,
        )
        extra = {} if window is None else {"window": window}
        self.proc = await self.conn.create_process(
            term_type="xterm-256color", term_size=(WIDTH, HEIGHT), encoding=None, **extra
        )
        self._reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        assert self.proc is not None
        try:
            while True:
                data = await self.proc.stdout.read(65536)
                if not data:
                    break
                self.raw += data
                self.stream.feed(data)
        except Exception:
            pass
        self.closed.set()

    def text(self) -> str:
        """The screen as lines of text."""
        return "\n".join(line.rstrip() for line in self.screen.display)

    async def wait_for(self, needle: str, timeout: float = TIMEOUT) -> str:
        """Wait until ``needle`` is on the screen; returns the screen. Fails with the screen."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            text = self.text()
            if needle in text:
                return text
            await asyncio.sleep(0.05)
        raise AssertionError(f"{self.name}: {needle!r} not on screen:\n{self.text()}")

    async def wait_until(self, check, timeout: float = TIMEOUT) -> str:
        """Wait until ``check(screen_text)`` is true."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            text = self.text()
            if check(text):
                return text
            await asyncio.sleep(0.05)
        raise AssertionError(f"{self.name}: condition not met on screen:\n{self.text()}")

    def resize(self, width: int, height: int) -> None:
        """The player's window changes size (the client sends a window change)."""
        assert self.proc is not None
        self.screen.resize(height, width)
        self.proc.change_terminal_size(width, height)

    def press(self, keys: str | bytes) -> None:
        assert self.proc is not None
        self.proc.stdin.write(keys.encode() if isinstance(keys, str) else keys)

    async def type_name(self) -> None:
        """Answer the first-visit name question."""
        await self.wait_for("Your name")
        self.press(self.name)
        await asyncio.sleep(0.2)
        self.press("\r")
        await self.wait_for(f"Welcome, {self.name}.")

    async def drop(self) -> None:
        """Close the connection (as a dropped client)."""
        if self.conn is not None:
            self.conn.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.conn.wait_closed(), 5)
        if self._reader is not None:
            self._reader.cancel()
        self.conn = self.proc = None


def new_key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


class HubClient:
    """A raw hub client (what an app process speaks), for protocol-level tests."""

    def __init__(self) -> None:
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.seen: list[dict] = []

    async def open(self, socket: Path, player: str) -> HubClient:
        self.reader, self.writer = await asyncio.open_unix_connection(str(socket))
        self.send({"t": "hello", "player": player})
        await self.expect("welcome")
        return self

    def send(self, message: dict) -> None:
        from tui.serve import protocol

        assert self.writer is not None
        protocol.write_frame(self.writer, message)

    async def expect(self, kind: str, timeout: float = 15.0, **match) -> dict:
        """The next message of type ``kind`` (whose fields equal ``match``)."""
        from tui.serve import protocol

        assert self.reader is not None
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no {kind} message; saw {[m['t'] for m in self.seen]}")
            msg = await asyncio.wait_for(protocol.read_frame(self.reader), left)
            self.seen.append(msg)
            if msg["t"] == kind and all(msg.get(k) == v for k, v in match.items()):
                return msg

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
