"""``imperia serve --db`` (issue 23) against a real PostgreSQL server started for the run
(conftest.py): journal rows and export/import byte for byte, two nodes sharing one table over
SSH, a node killed mid-turn, two nodes racing for one entry, the database restarted.

Every node runs in this process except the one that is killed (its own process group, so
SIGKILL takes it and its apps down at once); the in-process nodes' matches are read to know
whose turn it is, but every move goes through an SSH client's keys or the hub protocol.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

import psycopg
import pytest
from pg_helpers import Reader, bot_moves, open_shared_table, start_node, until
from pg_server import free_port
from serve_helpers import Player, new_key
from test_serve_loopback import open_table, pick, play_by_keys, settle

from engine import journal as jr
from engine import journal_format as jf
from engine import registry
from engine import session as es
from engine.ai import decide
from engine.rng import Rng
from tui.cli import main
from tui.serve import tables as tb
from tui.serve.journal_rows import CONFLICT, OK
from tui.serve.shared import DB_BACK, LOST
from tui.serve.store import split_save
from tui.serve.store_pg import PgStore, records_note, records_of
from tui.widgets.choice_keys import KeyMemory

ROOT = Path(__file__).resolve().parents[2]


async def cli(argv: list[str]) -> int:
    """``imperia ARGV`` (in a thread: the command runs its own event loop)."""
    return await asyncio.to_thread(main, argv)


class NoHub:
    """A store's hub when no hub runs (the store's own tests): hears nothing."""

    def __getattr__(self, name):
        return lambda *a: None


async def rows(url: str, table: str) -> list[tuple[int, bytes]]:
    async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
        cur = await conn.execute(
            "SELECT entry, data FROM records WHERE table_id = %s ORDER BY entry", [table]
        )
        return [(e, bytes(d)) for e, d in await cur.fetchall()]


def bot_match(seed: int) -> es.Match:
    """A whole iMperium match, Ann (a human seat, played by the bot here) against the bot."""
    seats = es.parse_seats("Ann=human,bot", "imperium")
    match = es.new_match("imperium", seats, {}, seed, "casual")
    bot = registry.make_bot("imperium", "bot")
    k = 0
    while not match.over:
        seat = match.waiting()[0]
        match.act(seat, decide(bot, match.rules, match.state, seat, Rng.seeded(k)))
        k += 1
    return match


async def test_pg_journal_rows_are_the_file_bytes_and_export_import_round_trip(
    pg_url, tmp_path, capsys
):
    """One row per record holding the format-2 record bytes: the rows of a match played
    through the store are exactly ``journal_format.to_bytes``; a save imported and exported
    again is the same file byte for byte and ``replay --verify`` accepts it; rows are
    append-only."""
    store = PgStore(pg_url)
    await store.open(NoHub())
    try:
        info = tb.make_table("imperium", 2, "casual", {}, "SHA256:maker", 11)
        info.seats = [tb.Seat("bot", "Bot"), tb.Seat("bot", "Bot 2")]
        info.started = True
        match = store.new_match(info, es.parse_seats("bot,bot", "imperium"))
        store.save_info(info, match)
        bot = registry.make_bot("imperium", "bot")
        k = 0
        while not match.over:
            seat = match.waiting()[0]
            match.act(seat, decide(bot, match.rules, match.state, seat, Rng.seeded(k)))
            k += 1
            if k % 10 == 0:  # commits of several records at once, and of one
                assert await store.commit(match.sink) == OK
        assert await store.commit(match.sink) == OK
        assert match.sink.committed == len(match.records) and not match.sink.pending
    finally:
        await store.close()
    got = await rows(pg_url, info.id)
    assert [e for e, _ in got] == list(range(1, len(match.records) + 1))
    header = jr.parse(match.sink.head).header  # the header as made when the table started
    whole = jf.to_bytes(header, match.records)
    assert match.sink.head + b"".join(d for _, d in got) == whole

    out = tmp_path / "exported.imperia"
    assert await cli(["export", info.id, str(out), "--db", pg_url]) == 0
    assert out.read_bytes() == whole
    assert await cli(["replay", str(out), "--verify"]) == 0

    # A save made by the app (closed: it ends in a check record) imported and exported again.
    save = tmp_path / "played.imperia"
    played = bot_match(5)
    es.save_as(played, save)
    capsys.readouterr()
    assert await cli(["import", str(save), "--db", pg_url, "--key", "1=SHA256:ann"]) == 0
    table = capsys.readouterr().out.split()[-1]
    again = tmp_path / "again.imperia"
    assert await cli(["export", table, str(again), "--db", pg_url]) == 0
    assert again.read_bytes() == save.read_bytes()
    assert await cli(["replay", str(again), "--verify"]) == 0
    assert await cli(["export", table, str(again), "--db", pg_url]) == 2  # never overwrites

    with pytest.raises(psycopg.errors.RaiseException):
        async with await psycopg.AsyncConnection.connect(pg_url, autocommit=True) as conn:
            await conn.execute("UPDATE records SET data = 'x' WHERE table_id = %s", [table])


async def test_pg_two_nodes_race_for_the_same_entry(pg_url, tmp_path):
    """Exactly one writer per entry: two nodes make different choices for the same entry at
    once; the database keeps one, the other node re-reads it, its player reads so, and both
    nodes and the database agree."""
    a_node = await start_node(tmp_path / "a", pg_url)
    b_node = await start_node(tmp_path / "b", pg_url)
    try:
        ann, bob, tid = await open_shared_table(a_node, b_node)
        await bot_moves({0: (a_node, ann), 1: (b_node, bob)}, tid, 3)
        ma, mb = a_node.hub.tables[tid].match, b_node.hub.tables[tid].match
        seat = ma.waiting()[0]
        # The seat's player is at both nodes: two connections with the same key.
        who = "SHA256:seat-zero" if seat == 0 else "SHA256:seat-one"
        twin = await Reader().open(b_node.socket if seat == 0 else a_node.socket, who)
        twin.send({"t": "watch", "table": tid})
        await twin.wait("view", table=tid)
        mine = ann if seat == 0 else bob
        choices = [c.id for c in ma.prompt(seat).choices if c.group != "unpick"]
        assert len(choices) >= 2, "the race needs two different choices"
        entries = ma.entries
        hub_a, hub_b = (a_node.hub, b_node.hub) if seat == 0 else (b_node.hub, a_node.hub)
        client_a = next(c for c in hub_a.clients if c.player == who and c.table is not None)
        client_b = next(c for c in hub_b.clients if c.player == who and c.table is not None)
        # Both choices are staged on their nodes before either is written (same loop tick).
        hub_a.handle(client_a, {"t": "act", "table": tid, "entries": entries, "choice": choices[0]})
        hub_b.handle(client_b, {"t": "act", "table": tid, "entries": entries, "choice": choices[1]})
        await until(
            lambda: (
                a_node.hub.tables[tid].match.entries == entries + 1
                and b_node.hub.tables[tid].match.entries == entries + 1
                and not a_node.hub.tables[tid].match.sink.pending
                and not b_node.hub.tables[tid].match.sink.pending
            ),
            what="both nodes on the same entry",
        )
        await until(lambda: LOST in mine.notices() + twin.notices(), what="the loser told")
        ma, mb = a_node.hub.tables[tid].match, b_node.hub.tables[tid].match
        assert ma.hash() == mb.hash() and ma.records == mb.records
        got = await rows(pg_url, tid)
        assert len(got) == len(ma.records)
        made = ma.records[-1]
        assert made[0] == jr.ACT and made[2] in choices[:2]
        twin.close()

        # The direct store-level race: two stores, one entry, exactly one OK.
        s1, s2 = PgStore(pg_url), PgStore(pg_url)
        await s1.open(NoHub())
        await s2.open(NoHub())
        try:
            info = next(i for i in s1.load_tables()[0] if i.id == tid)
            m1, _ = s1.open_match(info)
            m2, _ = s2.open_match(info)
            seat = m1.waiting()[0]
            opts = [c.id for c in m1.prompt(seat).choices if c.group != "unpick"]
            m1.act(seat, opts[0])
            m2.act(seat, opts[-1])
            staged = {id(m1): m1.sink.pending[-1][1], id(m2): m2.sink.pending[-1][1]}
            listener = await psycopg.AsyncConnection.connect(pg_url, autocommit=True)
            await listener.execute("LISTEN imperia")
            results = await asyncio.gather(s1.commit(m1.sink), s2.commit(m2.sink))
            assert sorted(results) == [CONFLICT, OK]
            # The rows and the notification are one statement: only the winner is heard,
            # with exactly its record.
            heard: list[str] = []

            async def hear():
                async for note in listener.notifies():
                    heard.append(note.payload)

            task = asyncio.get_running_loop().create_task(hear())
            await asyncio.sleep(0.5)
            task.cancel()
            await listener.close()
            about = [p for p in heard if p.split(" ")[1:3] == ["j", tid]]
            assert len(about) == 1
            winner = m1 if results[0] == OK else m2
            assert records_of(about[0].split(" ")[3])[1] == [staged[id(winner)]]
        finally:
            await s1.close()
            await s2.close()
        ann.close()
        bob.close()
    finally:
        await a_node.close()
        await b_node.close()


async def test_pg_two_nodes_two_ssh_players_play_a_whole_imperium_match(pg_url, tmp_path):
    """Ann on node A creates a table, Bob on node B sees it in his lobby and sits; both play by
    keys (each move reaches the other node's screen), then bots play for them through each
    node's hub until the end; both nodes hold the same match, and the database's journal
    exported is a save that replays and verifies."""
    a_node = await start_node(tmp_path / "a", pg_url, prefork=True)
    b_node = await start_node(tmp_path / "b", pg_url, prefork=True)
    ann, bob = Player(new_key(), "Ann"), Player(new_key(), "Bob")
    try:
        await asyncio.gather(ann.connect(a_node.port), bob.connect(b_node.port))
        await asyncio.gather(ann.type_name(), bob.type_name())
        await open_table(ann, bob, "iMperium")  # node B's lobby shows A's table
        bob.press("\r")
        await ann.wait_for("◆ Ann (you)")
        await bob.wait_for("● Bob (you)")
        (tid,) = a_node.hub.tables
        ta, tb_ = a_node.hub.tables[tid], b_node.hub.tables[tid]
        await until(lambda: ta.match is not None, what="node A hears that B started it")
        await ann.wait_for("Hand ")  # Ann's screen opened the match
        assert [s.player for s in ta.info.seats] == [ann.fingerprint, bob.fingerprint]
        await play_by_keys({0: ann, 1: bob}, ta, 6)
        await until(lambda: tb_.match.entries == ta.match.entries, what="node B in step")
        await settle(ann, ta.match)
        await settle(bob, tb_.match)

        ca = await Reader().open(a_node.socket, ann.fingerprint)
        cb = await Reader().open(b_node.socket, bob.fingerprint)
        for c in (ca, cb):
            c.send({"t": "watch", "table": tid})
        await asyncio.gather(ann.drop(), bob.drop())  # no screens to redraw for the rest
        made = await bot_moves({0: (a_node, ca), 1: (b_node, cb)}, tid, 400)
        assert made < 400 and ta.match.over and tb_.match.over
        await until(lambda: not tb_.match.sink.pending and not ta.match.sink.pending)
        assert ta.match.hash() == tb_.match.hash() and ta.match.records == tb_.match.records
        ca.close()
        cb.close()
    finally:
        await asyncio.gather(ann.drop(), bob.drop())
        await a_node.close()
        await b_node.close()
    out = tmp_path / "match.imperia"
    assert await cli(["export", tid, str(out), "--db", pg_url]) == 0
    loaded = jr.read(out)
    assert [list(r) for r in loaded.records] == [list(r) for r in ta.match.records]
    assert es.load_match(loaded, verify=True).over
    assert await cli(["replay", str(out), "--verify"]) == 0


async def one_key(players: dict[int, Player], match, memories: dict) -> None:
    """The waiting seat's player makes one quick choice by its key (as play_by_keys)."""
    seat = match.waiting()[0]
    key, label = pick(match.prompt(seat), memories[seat])
    await players[seat].wait_for(label[:40])
    before = match.entries
    for _ in range(5):
        players[seat].press(key)
        try:
            await until(lambda: match.entries != before, timeout=5, what="the choice")
            return
        except AssertionError:
            continue
    raise AssertionError(f"{players[seat].name}'s key {key!r} made no choice")


def processes_of(data: Path) -> list[int]:
    """Pids whose command line names ``data`` (a node's zygote and apps)."""
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if str(data).encode() in (entry / "cmdline").read_bytes():
                    pids.append(int(entry.name))
            except OSError:
                continue
    return pids


def spawn_node(data: Path, url: str, port: int) -> subprocess.Popen:
    """``imperia serve --db`` as its own process group (a node that can be killed)."""
    return subprocess.Popen(
        [sys.executable, "-m", "tui", "serve", "--db", url, "--port", str(port)]
        + ["--data", str(data)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )


async def test_pg_node_killed_mid_turn_loses_nothing(pg_url, tmp_path):
    """Node A (its own process) is killed with SIGKILL in the middle of a turn; every move its
    players made is on node B, where both reconnect, open their match and play on."""
    port = free_port()
    proc = spawn_node(tmp_path / "a", pg_url, port)
    b_node = await start_node(tmp_path / "b", pg_url, prefork=True)
    ann, bob = Player(new_key(), "Ann"), Player(new_key(), "Bob")
    try:
        for _ in range(200):
            line = await asyncio.to_thread(proc.stdout.readline)
            if b"port" in line or not line:
                break
        assert proc.poll() is None, proc.stdout.read().decode()
        await asyncio.gather(ann.connect(port), bob.connect(port))
        await asyncio.gather(ann.type_name(), bob.type_name())
        await open_table(ann, bob, "iMperium")
        bob.press("\r")
        await ann.wait_for("◆ Ann (you)")
        await until(lambda: any(t.match for t in b_node.hub.tables.values()), what="B's copy")
        (table,) = b_node.hub.tables.values()
        # Play by keys on node A, reading the match from node B (it hears every move).
        m = table.match
        memories = {0: KeyMemory(), 1: KeyMemory()}
        for _ in range(30):  # on to the middle of a turn: a seat has chosen and chooses again
            await one_key({0: ann, 1: bob}, m, memories)
            if m.entries >= 3 and m.line[-1][0] in m.waiting():
                break
        assert m.line[-1][0] in m.waiting(), "not in the middle of a turn"
        entries, digest = m.entries, m.hash()
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(10)
        await asyncio.gather(ann.drop(), bob.drop())
        # Its zygote and app processes end too (stdin / PTY closed); none is left behind.
        await until(lambda: not processes_of(tmp_path / "a"), timeout=15, what="A's processes")

        assert (table.match.entries, table.match.hash()) == (entries, digest)
        assert len(await rows(pg_url, table.info.id)) == len(table.match.records)
        ann, bob = Player(ann.key, "Ann"), Player(bob.key, "Bob")
        await asyncio.gather(ann.connect(b_node.port), bob.connect(b_node.port))
        for p, mark in ((ann, "◆ Ann (you)"), (bob, "● Bob (you)")):
            await p.wait_for(f"Welcome, {p.name}.")  # the names are in the database
            p.press("m")
            await p.wait_for("My matches")
            p.press("\r")
            await p.wait_for(mark)
        await settle(ann, table.match)
        await settle(bob, table.match)
        await play_by_keys({0: ann, 1: bob}, table, 3)
        assert table.match.entries == entries + 3
        assert len(await rows(pg_url, table.info.id)) == len(table.match.records)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)
        await asyncio.gather(ann.drop(), bob.drop())
        await b_node.close()


async def test_pg_database_restarted_nodes_reconnect_and_say_so(pg_url, pg_server, tmp_path):
    """The database restarts under two nodes: every player is told it is gone and back; a
    move made meanwhile is refused in one line and not half-recorded; after it, moves reach
    both nodes again."""
    a_node = await start_node(tmp_path / "a", pg_url)
    b_node = await start_node(tmp_path / "b", pg_url)
    try:
        ann, bob, tid = await open_shared_table(a_node, b_node)
        owners = {0: (a_node, ann), 1: (b_node, bob)}
        await bot_moves(owners, tid, 4)
        await asyncio.to_thread(pg_server.stop)
        for c in (ann, bob):  # both nodes tell their players
            await until(
                lambda c=c: any(t.startswith("The database is unreachable") for t in c.notices()),
                what="the lost database announced",
            )
        ta = a_node.hub.tables[tid]
        seat = ta.match.waiting()[0]
        node, client = owners[seat]
        m = node.hub.tables[tid].match
        entries, digest = m.entries, m.hash()
        choice = next(c.id for c in m.prompt(seat).choices if c.group != "unpick")
        client.send({"t": "act", "table": tid, "entries": entries, "choice": choice})
        await until(
            lambda: any(
                t.startswith("Not made: the database is unreachable") for t in client.notices()
            ),
            what="the refused move",
        )
        m = node.hub.tables[tid].match
        assert (m.entries, m.hash()) == (entries, digest)  # taken back, not half-recorded
        await asyncio.to_thread(pg_server.start)
        for c in (ann, bob):
            await until(lambda c=c: DB_BACK in c.notices(), what="reconnected", timeout=20)
        assert len(await rows(pg_url, tid)) == len(m.records)
        await bot_moves(owners, tid, 3)
        ma, mb = a_node.hub.tables[tid].match, b_node.hub.tables[tid].match
        assert ma.entries == mb.entries == entries + 3 and ma.hash() == mb.hash()
        ann.close()
        bob.close()
    finally:
        if pg_server.pid() is None:
            await asyncio.to_thread(pg_server.start)
        await a_node.close()
        await b_node.close()


def test_pg_serve_refuses_an_unmigrated_database_in_one_line(pg_server, tmp_path, capsys):
    """A node on a database without the schema says what to run; --migrate runs it."""
    import asyncio as aio

    async def make() -> str:
        async with await psycopg.AsyncConnection.connect(pg_server.url(), autocommit=True) as conn:
            await conn.execute("CREATE DATABASE imperia_fresh")
        return pg_server.url("imperia_fresh")

    url = aio.run(make())
    assert main(["serve", "--db", url, "--port", "0", "--data", str(tmp_path)]) == 2
    assert "--migrate" in capsys.readouterr().err
    assert main(["serve", "--db", url, "--migrate"]) == 0
    assert "from version 0 to 1" in capsys.readouterr().out


def test_split_save_slices_each_record_exactly_and_upgrades_format_1():
    """Import takes each record's bytes as the file holds them (a torn tail left out) and
    frames a format-1 save's records in format 2 (no database needed)."""
    played = bot_match(5)
    header = jr.Header(**{**played.header().to_map(), "created": "2026-12-01T00:00:00+00:00"})
    v2 = jf.to_bytes(header, played.records)
    loaded, head, recs = split_save(v2 + b"\x05\x01", "torn")
    assert head + b"".join(recs) == v2 and len(recs) == len(played.records)
    assert loaded.warnings and "cut short" in loaded.warnings[0]
    v1 = jf.to_bytes(jr.Header(**{**header.to_map(), "version": 1}), played.records)
    loaded, head, recs = split_save(v1, "old")
    upgraded = jr.parse(head + b"".join(recs))
    assert upgraded.version == 2 and upgraded.records == jr.parse(v1).records
    assert es.load_match(upgraded).hash() == played.hash()


def test_pg_notification_records_round_trip_and_garbage_reads_as_none():
    batch = [(7, b"\x03abc\x00\x00\x00\x00", None), (8, b"\x01z\x01\x02\x03\x04", None)]
    note = records_note(batch)
    assert records_of(note) == (7, [b"\x03abc\x00\x00\x00\x00", b"\x01z\x01\x02\x03\x04"])
    assert " " not in note  # one field of the space-separated payload
    for bad in ("", "not base64!", "AAAA", records_note(batch)[:-4]):
        assert records_of(bad) is None


async def test_pg_other_node_replays_from_the_notification_and_reads_after_a_gap(pg_url, tmp_path):
    """Issue 23's latency: a move's records travel in its NOTIFY, so the other node replays
    them with no query; when a notification was missed (a gap before the records it
    carries) the node reads what it lacks from the table and both nodes agree again."""
    a_node = await start_node(tmp_path / "a", pg_url)
    b_node = await start_node(tmp_path / "b", pg_url)
    try:
        ann, bob, tid = await open_shared_table(a_node, b_node)
        owners = {0: (a_node, ann), 1: (b_node, bob)}
        reads: dict[str, int] = {"a": 0, "b": 0}
        for name, node in (("a", a_node), ("b", b_node)):
            real = node.hub.store.fetch_records

            async def counted(table, after, real=real, name=name):
                reads[name] += 1
                return await real(table, after)

            node.hub.store.fetch_records = counted
        assert await bot_moves(owners, tid, 6) == 6
        assert reads == {"a": 0, "b": 0}
        ma, mb = a_node.hub.tables[tid].match, b_node.hub.tables[tid].match
        assert ma.records == mb.records

        # Both seats now play on node A (seat 1's key connects there too), and node B misses
        # the first notification: the next one's records start after a gap.
        bob_on_a = await Reader().open(a_node.socket, "SHA256:seat-one")
        bob_on_a.send({"t": "watch", "table": tid})
        await bob_on_a.wait("view", table=tid)
        on_a = {0: (a_node, ann), 1: (a_node, bob_on_a)}
        hub_b = b_node.hub
        missed: list[str] = []
        real_remote = hub_b.remote_journal

        def deaf_once(table_id, records=None):
            if not missed:
                missed.append(table_id)
                return
            real_remote(table_id, records)

        hub_b.remote_journal = deaf_once
        bot = registry.make_bot("imperium", "bot")
        ma = a_node.hub.tables[tid].match
        for k in range(2):
            seat = ma.waiting()[0]
            choice = decide(bot, ma.rules, ma.state, seat, Rng.seeded(100 + k))
            before = ma.entries
            on_a[seat][1].send({"t": "act", "table": tid, "entries": before, "choice": choice})
            await until(lambda b=before: ma.entries > b, what=f"move {k} made on A")
            if k == 0:
                await asyncio.sleep(0.3)  # B heard nothing: it stays one move behind
                assert b_node.hub.tables[tid].match.entries == before
                assert reads["b"] == 0
        await until(lambda: b_node.hub.tables[tid].match.entries == ma.entries, what="B caught up")
        mb = b_node.hub.tables[tid].match
        assert ma.records == mb.records and ma.hash() == mb.hash()
        assert missed == [tid] and reads["b"] == 1  # one read, for what it lacked
        bob_on_a.close()
        ann.close()
        bob.close()
    finally:
        await a_node.close()
        await b_node.close()
