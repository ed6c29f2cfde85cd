"""Helpers of the PostgreSQL store tests: server nodes sharing one database, raw hub clients
that keep reading (so a long match never fills their socket), and bots playing for humans
through the hub protocol."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from serve_helpers import HubClient

from engine import registry
from engine.ai import decide
from engine.rng import Rng
from tui.serve import protocol
from tui.serve.server import Limits, TableServer
from tui.serve.store_pg import PgStore


async def start_node(data: Path, url: str, prefork: bool = False) -> TableServer:
    """One ``imperia serve --db url`` node on an ephemeral port, instant bots."""
    server = TableServer(
        data, "127.0.0.1", 0, Limits(), bot_delay=0, prefork=prefork, store=PgStore(url)
    )
    await server.start()
    return server


async def until(check, timeout: float = 15.0, what: str = "condition") -> None:
    """Wait until ``check()`` is true (polling in-process objects every 5 ms)."""
    end = time.monotonic() + timeout
    while not check():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.005)


class Reader(HubClient):
    """A hub client whose frames are read all the time into ``seen`` (by a task)."""

    async def open(self, socket: Path, player: str) -> Reader:
        await super().open(socket, player)
        self.task = asyncio.get_running_loop().create_task(self._drain())
        return self

    async def _drain(self) -> None:
        assert self.reader is not None
        try:
            while True:
                self.seen.append(await protocol.read_frame(self.reader))
        except Exception:
            return

    def notices(self) -> list[str]:
        return [m["text"] for m in self.seen if m["t"] == "notice"]

    def last(self, kind: str) -> dict | None:
        return next((m for m in reversed(self.seen) if m["t"] == kind), None)

    async def wait(self, kind: str, timeout: float = 15.0, **match) -> dict:
        """The first message of ``kind`` (fields equal to ``match``) seen from now on."""
        start = len(self.seen)
        found: list[dict] = []

        def hit() -> bool:
            for m in self.seen[start:]:
                if m["t"] == kind and all(m.get(k) == v for k, v in match.items()):
                    found.append(m)
                    return True
            return False

        await until(hit, timeout, f"a {kind} message {match}")
        return found[0]

    def close(self) -> None:
        super().close()
        self.task.cancel()


async def open_shared_table(a_node, b_node, game: str = "imperium") -> tuple[Reader, Reader, str]:
    """Seat 0's client on node A creates a table, seat 1's client on node B sits there; both
    watch. Returns the clients and the table id."""
    a = await Reader().open(a_node.socket, "SHA256:seat-zero")
    b = await Reader().open(b_node.socket, "SHA256:seat-one")
    for c, name in ((a, "Ann"), (b, "Bob")):
        c.send({"t": "name", "name": name})
        c.send({"t": "lobby"})
    a.send({"t": "create", "game": game, "seats": 2, "options": {}})
    tid = (await a.wait("created"))["table"]
    await until(lambda: tid in b_node.hub.tables, what="the table on node B")
    b.send({"t": "sit", "table": tid})
    await a.wait("started", table=tid)
    for c in (a, b):
        c.send({"t": "watch", "table": tid})
    for node in (a_node, b_node):
        await until(lambda n=node: n.hub.tables[tid].match is not None, what="both matches")
    return a, b, tid


async def bot_moves(owners: dict[int, tuple[TableServer, HubClient]], tid: str, n: int) -> int:
    """The heuristic bot chooses for each human seat, sent by that seat's client to its node;
    after each move every node's match has it. Stops after ``n`` moves or at the end; returns
    the moves made."""
    nodes = {id(node): node for node, _ in owners.values()}.values()
    first = next(iter(nodes))
    bot = registry.make_bot(first.hub.tables[tid].match.rules.id, "bot")
    for k in range(n):
        m = first.hub.tables[tid].match
        if m.over:
            return k
        seat = m.waiting()[0]
        node, client = owners[seat]
        nm = node.hub.tables[tid].match
        await until(lambda nm=nm, m=m: nm.entries == m.entries, what="the nodes in step")
        choice = decide(bot, nm.rules, nm.state, seat, Rng.seeded(k))
        before = m.entries
        client.send({"t": "act", "table": tid, "entries": before, "choice": choice})
        for other in nodes:
            await until(
                lambda o=other, b=before: o.hub.tables[tid].match.entries > b,
                what=f"move {k + 1} on every node",
            )
    return n
