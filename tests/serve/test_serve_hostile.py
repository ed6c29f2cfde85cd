"""``imperia serve`` against one careless or hostile key (issue 20): a client that stops reading
while sending huge window changes, connections that never open a session, a client that only
resizes, a second key taking a player's name, and one key holding many sessions."""

from __future__ import annotations

import asyncio
import os
import time

import asyncssh
from serve_helpers import Player, new_key, start_server

from tui.serve.server import HIGH_WATER, RESTART_MESSAGE, Limits, clamp_size


def rss_mb() -> float:
    with open(f"/proc/{os.getpid()}/statm") as fh:
        return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def test_window_sizes_are_clamped():
    limits = Limits(max_width=400, max_height=150)
    assert clamp_size(limits, 1500, 800) == (400, 150)
    assert clamp_size(limits, 120, 40) == (120, 40)
    assert clamp_size(limits, 0, 0) == (80, 24)


async def test_stalled_reader_with_huge_windows_keeps_server_memory_bounded(tmp_path):
    """The client stops reading and keeps asking for 1500x800 windows: the app is told the
    clamped size, at most HIGH_WATER (+ one read) waits per session, the server's memory
    barely grows, and after the stall limit the session ends with a message the client can
    read once it reads again."""
    server = await start_server(tmp_path / "srv", stall_timeout=4.0)
    p = Player(new_key(), "Stall")
    try:
        await p.connect(server.port, window=16384)  # a small SSH window: output queues soon
        await p.wait_for("Your name")
        (pid,) = server.queued()
        assert server.window(pid) == (120, 40)
        p.proc.change_terminal_size(1500, 800)
        await asyncio.sleep(0.5)
        assert server.window(pid) == (400, 150)  # the app is told the clamped size
        before = rss_mb()
        p.proc.channel.pause_reading()
        peak = 0
        end = time.monotonic() + 3.0
        while time.monotonic() < end:
            # huge windows (clamped) and, between them, a slightly smaller one, so that every
            # change makes the app repaint a large screen
            big = int(time.monotonic() * 10) % 2 == 0
            p.proc.change_terminal_size(1500 if big else 390, 800 if big else 140)
            await asyncio.sleep(0.1)
            peak = max([peak, *server.queued().values()])
        assert 0 < peak <= HIGH_WATER + 65536
        grown = rss_mb() - before
        assert grown < 16, f"server grew {grown:.1f} MB"
        await asyncio.sleep(2.5)  # past the stall limit
        p.proc.channel.resume_reading()
        await asyncio.wait_for(p.closed.wait(), 20)
        assert b"read none of the screen" in p.raw
        assert b"\x1b[?1049l" in p.raw  # the client's terminal left the alternate screen
    finally:
        await p.drop()
        await server.close()


async def test_connections_without_a_session_are_counted_and_closed(tmp_path):
    """``ssh -N``-style connections count towards the limit and are closed after the grace."""
    server = await start_server(tmp_path / "srv", max_connections=3, session_grace=1.5)
    quiet = []
    try:
        for _ in range(3):
            quiet.append(
                await asyncssh.connect(
                    "127.0.0.1",
                    server.port,
                    username="x",
                    client_keys=[new_key()],
                    known_hosts=None,
                    agent_path=None,
                )
            )
        await asyncio.sleep(0.3)
        assert len(server.connections) == 3
        late = Player(new_key(), "Late")
        await late.connect(server.port)
        await late.wait_for("The server is full (3 players)")
        await late.drop()
        for conn in quiet:  # closed by the server after the grace
            await asyncio.wait_for(conn.wait_closed(), 10)
        assert len(server.connections) == 0
        now = Player(new_key(), "Now")
        await now.connect(server.port)
        await now.wait_for("Your name")
        await now.drop()
    finally:
        for conn in quiet:
            conn.close()
        await server.close()


async def test_window_changes_alone_do_not_keep_a_connection_alive(tmp_path):
    server = await start_server(tmp_path / "srv", idle_timeout=3.0)
    p = Player(new_key(), "Resizer")
    try:
        await p.connect(server.port)
        await p.wait_for("Your name")
        start = time.monotonic()
        while not p.closed.is_set() and time.monotonic() - start < 15:
            p.resize(100 + int(time.monotonic() * 3) % 20, 30)
            await asyncio.sleep(0.3)
        assert p.closed.is_set()
        assert time.monotonic() - start < 8
        assert b"without a key pressed" in p.raw
    finally:
        await p.drop()
        await server.close()


async def test_a_second_key_cannot_take_a_players_name(tmp_path):
    server = await start_server(tmp_path / "srv")
    alice, other = Player(new_key(), "Alice"), Player(new_key(), "alice")
    try:
        await alice.connect(server.port)
        await alice.type_name()
        await other.connect(server.port)
        await other.wait_for("Your name")
        other.press("alice")
        await asyncio.sleep(0.2)
        other.press("\r")
        await other.wait_for("another player's name")
        assert other.fingerprint not in server.hub.names
        assert server.hub.names[alice.fingerprint] == "Alice"
    finally:
        await alice.drop()
        await other.drop()
        await server.close()


def test_names_two_keys_share_from_an_older_server_show_their_key():
    from tui.serve.hub import Hub

    shown = Hub.unique_names({"SHA256:abcdEF": "Alice", "SHA256:wxyz12": "alice", "k": "Bob"})
    assert shown == {"SHA256:abcdEF": "Alice (abcd)", "SHA256:wxyz12": "alice (wxyz)", "k": "Bob"}


async def test_one_key_cannot_hold_every_session(tmp_path):
    server = await start_server(tmp_path / "srv", per_key=2)
    key = new_key()
    ps = [Player(key, f"Me {i}") for i in range(3)]
    try:
        await ps[0].connect(server.port)
        await ps[1].connect(server.port)
        await ps[0].wait_for("Your name")
        await ps[1].wait_for("Your name")
        await ps[2].connect(server.port)
        await ps[2].wait_for("Your key already has 2 connections open")
        other = Player(new_key(), "Other")
        await other.connect(server.port)
        await other.wait_for("Your name")
        await other.drop()
    finally:
        for p in ps:
            await p.drop()
        await server.close()


async def test_a_server_restart_tells_every_session_its_match_is_saved(tmp_path):
    server = await start_server(tmp_path / "srv")
    p = Player(new_key(), "Ann")
    try:
        await p.connect(server.port)
        await p.wait_for("Your name")
        await server.close()
        await asyncio.wait_for(p.closed.wait(), 20)
        assert RESTART_MESSAGE.encode() in p.raw
        assert b"\x1b[?1049l" in p.raw
    finally:
        await p.drop()


async def test_the_ssh_banner_names_no_library(tmp_path):
    server = await start_server(tmp_path / "srv")
    try:
        conn = await asyncssh.connect(
            "127.0.0.1",
            server.port,
            username="x",
            client_keys=[new_key()],
            known_hosts=None,
            agent_path=None,
        )
        assert conn.get_extra_info("server_version") == "SSH-2.0-Imperia"
        conn.close()
    finally:
        await server.close()
