"""Several SSH sessions in one app process (``--sessions-per-process``, tui/serve/host.py):
two players share one host process and play; a window change reaches the right app; a
dropped client ends only its own app (status 129, as SIGHUP gave a forked app); a client
that stops reading does not stop the other sessions of its host."""

from __future__ import annotations

import asyncio

from serve_helpers import Player, new_key, start_server
from test_serve_loopback import open_table, play_by_keys, settle


def hosted(server) -> list:
    """The running sessions, each a hosted app (``sid`` set)."""
    procs = list(server.sessions)
    assert all(getattr(p, "sid", None) is not None for p in procs), procs
    return procs


async def wait_sessions(server, n: int) -> None:
    for _ in range(200):
        if len(server.sessions) == n:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"{len(server.sessions)} sessions, not {n}")


async def test_two_players_share_one_host_process_and_play(tmp_path, monkeypatch):
    monkeypatch.setenv("IMPERIA_MIN_HOSTS", "1")  # no spreading over the cores: one host
    server = await start_server(tmp_path / "srv", sessions_per_process=4)
    ann, bob = Player(new_key(), "Ann"), Player(new_key(), "Bob")
    try:
        await asyncio.gather(ann.connect(server.port), bob.connect(server.port))
        await asyncio.gather(ann.type_name(), bob.type_name())
        procs = hosted(server)
        assert len({p.pid for p in procs}) == 1, "both sessions run in one process"
        assert len({p.sid for p in procs}) == 2
        await open_table(ann, bob, "iMperium")
        bob.press("\r")
        await ann.wait_for("◆ Ann (you)")
        await bob.wait_for("● Bob (you)")
        (table,) = server.hub.tables.values()
        players = {0: ann, 1: bob}
        await play_by_keys(players, table, 4)
        for p in players.values():
            await settle(p, table.match)

        # Ann's window shrinks: her app (and only hers) lays itself out for 90x30.
        ann.resize(90, 30)
        await ann.wait_until(lambda t: all(len(line) <= 90 for line in t.splitlines()))
        await ann.wait_until(lambda t: len(t.splitlines()) == 30 and "palette" in t)
        assert any(len(line) > 90 for line in bob.text().splitlines())

        # Bob drops: his app ends with 129; Ann's, in the same process, plays on.
        await bob.drop()
        await wait_sessions(server, 1)
        assert list(server.exit_codes) == [129]
        entries = table.match.entries
        bob = Player(bob.key, "Bob")
        players[1] = bob
        await bob.connect(server.port)
        await bob.wait_for("Welcome, Bob.")
        bob.press("m")
        await bob.wait_for("My matches")
        bob.press("\r")
        await bob.wait_for("● Bob (you)")
        await play_by_keys(players, table, 2)
        assert table.match.entries == entries + 2
        assert len({p.pid for p in hosted(server)}) == 1  # Bob came back to the same host
    finally:
        await asyncio.gather(ann.drop(), bob.drop())
        await server.close()
    assert all(code == 129 for code in server.exit_codes), server.exit_codes


async def test_sessions_are_spread_over_hosts_before_sharing_one(tmp_path, monkeypatch):
    """With two hosts wanted, the first two sessions get a host each; the third shares."""
    monkeypatch.setenv("IMPERIA_MIN_HOSTS", "2")
    server = await start_server(tmp_path / "srv", sessions_per_process=4)
    players = [Player(new_key(), name) for name in ("Ann", "Bob", "Cy")]
    try:
        for p in players[:2]:
            await p.connect(server.port)
            await p.wait_for("Your name")
        assert len({p.pid for p in hosted(server)}) == 2
        await players[2].connect(server.port)
        await players[2].wait_for("Your name")
        assert len({p.pid for p in hosted(server)}) == 2
    finally:
        await asyncio.gather(*(p.drop() for p in players))
        await server.close()


async def test_a_stalled_reader_does_not_stop_its_hosts_other_sessions(tmp_path, monkeypatch):
    monkeypatch.setenv("IMPERIA_MIN_HOSTS", "1")
    server = await start_server(tmp_path / "srv", sessions_per_process=4, stall_timeout=30.0)
    stall, ann = Player(new_key(), "Stall"), Player(new_key(), "Ann")
    try:
        await stall.connect(server.port, window=16384)
        await stall.wait_for("Your name")
        await ann.connect(server.port)
        await ann.type_name()
        assert len({p.pid for p in hosted(server)}) == 1
        stall.proc.channel.pause_reading()
        for n in range(30):  # big repaints that the stalled client never reads
            stall.proc.change_terminal_size(390 if n % 2 else 400, 140 if n % 2 else 150)
            await asyncio.sleep(0.05)
        assert max(server.queued().values()) > 16384  # its output is piling up
        # Ann, in the same process, still gets her screens: the new-table dialog opens.
        ann.press("n")
        await ann.wait_for("Cancel (Esc)", timeout=10)
        ann.press("\x1b")
        await ann.wait_until(lambda t: "Cancel (Esc)" not in t, timeout=10)
    finally:
        await asyncio.gather(stall.drop(), ann.drop())
        await server.close()
