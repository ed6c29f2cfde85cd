"""The table hub: the one owner of every table and running match of an ``imperia serve``.

It runs in the server process (asyncio) and listens on a unix socket in the data dir. Each SSH
connection's app process is one hub client (:mod:`tui.serve.protocol` frames). The hub:

* keeps the lobby (tables, seats, bots) and each table's ``<id>.json`` (:mod:`tui.serve.tables`);
* owns each started table's :class:`~engine.match.Match`, whose journal only the hub writes;
* accepts a choice only from a client watching its own seat, only while that seat is waiting,
  and only when tagged with the entry number the client saw (anything else is refused and the
  client gets a fresh view);
* after every change pushes to every watcher of the table at once that watcher's view (their
  seat's, or the spectator's), with the log as that viewer may read it (only the new lines);
* runs the bots' decisions in a thread pool, so a thinking bot never blocks the others; a search
  bot (``bot:hard``, ``bot:expert``) thinks in the hub's own worker processes
  (:class:`tui.bot_worker.WorkerPool`), never in the asyncio loop;
* follows each table's undo policy; a take-back that needs consent asks the other human seats
  (yes/no) and happens only when all of them agree before the match moves on.

Client -> hub messages (``t``): hello, name, lobby, create, sit, bot, leave, watch, unwatch, act,
undo, consent, redo, resign. Hub -> client: welcome, tables, started, view, ask, notice, error.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from engine import journal as jr
from engine import registry
from engine import session as es
from engine.ai.levels import NAMES, level_of
from engine.match import Match, ReplayMismatch
from engine.rules import SeatConfig
from engine.seat_names import unique_names
from tui.bot_worker import WorkerPool
from tui.serve import protocol as pr
from tui.serve import tables as tb
from tui.serve.clients import Client, Table
from tui.serve.play import Play
from tui.serve.shared import Shared
from tui.serve.store import SYNC, FileStore, Store
from tui.session import MatchSession

log = logging.getLogger("imperia.hub")

__all__ = ["SYNC", "Hub"]

MAX_TABLES_PER_PLAYER = 20
"""Open (not yet started) tables one player may have created."""


def bot_name(kind: str) -> str:
    """The default seat name of a bot kind: "Random", "Bot", "Easy bot", "Hard bot"..."""
    level = level_of(kind)
    return "Random" if kind == "random" else NAMES[level] if level else "Bot"


class Hub(Shared, Play):
    """The table hub of one data dir, or of one node sharing a database with others.

    Args:
        data: the server's data dir (tables under ``data/tables``, names in ``players.json``,
            unless ``store`` keeps them elsewhere).
        bot_delay: seconds a bot waits before its move becomes visible (readable pace).
        store: where players, tables and journals are kept (default: the data dir,
            :class:`tui.serve.store.FileStore`; :class:`tui.serve.store_pg.PgStore` shares them
            between nodes).
    """

    def __init__(self, data: Path, bot_delay: float = 0.5, store: Store | None = None) -> None:
        self.data = data
        self.folder = data / "tables"
        self.store = store or FileStore(data)
        self.bot_delay = bot_delay
        self.tables: dict[str, Table] = {}
        self.clients: set[Client] = set()
        self.names: dict[str, str] = {}
        self.warnings: list[str] = []
        self.executor = ThreadPoolExecutor(max_workers=2, thread_name_prefix="imperia-bot")
        self.search = WorkerPool(2)  # search bots think in these processes, never in the loop
        self._server: asyncio.AbstractServer | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._consent_ids = 0
        self._locks: dict[str, asyncio.Lock] = {}

    # ------------------------------------------------------------ start, stop
    def load(self) -> None:
        """Read names and tables from the store; resume every started table from its
        journal (one that cannot be read is listed as damaged, with the reason)."""
        names, warnings = self.store.load_names()
        self.names = self.unique_names(names)
        self.warnings += warnings
        infos, warnings = self.store.load_tables()
        self.warnings += warnings
        for info in infos:
            table = self.table_from(info)
            self.warnings += table.notes
            self.tables[info.id] = table

    def session_of(self, match: Match) -> MatchSession:
        """The hub's session of ``match``: its searching bots think in this hub's worker pool."""
        session = MatchSession(match)
        session.pool = self.search
        return session

    def table_from(self, info: tb.TableInfo) -> Table:
        """A hub table for ``info``; a started one resumed from its journal in the store
        (``error`` says why one cannot be)."""
        table = Table(info)
        if info.started:
            try:
                match, notes = self.store.open_match(info)
                table.session = self.session_of(match)
                table.notes = [f"table {info.id}: {n}" for n in notes]
            except (jr.JournalError, ReplayMismatch, OSError) as err:
                table.error = f"cannot resume: {err}"
                table.notes = [f"table {info.id}: {table.error}"]
        return table

    async def start(self, path: Path) -> None:
        """Open the store, load it and listen on the unix socket ``path`` (mode 0600).
        Raises StoreError (tui.serve.store) when the database cannot be used."""
        await self.store.open(self)
        self.load()
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
        self._server = await asyncio.start_unix_server(self._serve, path=str(path))
        os.chmod(path, 0o600)
        for table in self.tables.values():
            self._schedule_bots(table)

    async def close(self) -> None:
        """Stop listening, drop the clients, close every journal (nothing is lost: each entry
        was flushed as it was made)."""
        if self._server is not None:
            self._server.close()
        for c in list(self.clients):
            c.writer.close()
        tasks = list(self._tasks)
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.executor.shutdown(wait=True, cancel_futures=True)
        self.search.close()
        for table in self.tables.values():
            if table.session is not None:
                table.session.close()
        await self.flush_all()
        await self.store.close()

    # ------------------------------------------------------------ connection
    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        client = Client(writer)
        self.clients.add(client)
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
        try:
            while True:
                try:
                    msg = await pr.read_frame(reader)
                except (asyncio.IncompleteReadError, ConnectionError):
                    return
                except (pr.FrameTooLarge, pr.ProtocolError) as err:
                    client.send({"t": "error", "text": f"Connection closed: {err}."})
                    return
                if not client.allow():
                    client.notice("Too many requests at once; slow down.", "warning")
                    continue
                try:
                    self.handle(client, msg)
                except (KeyError, TypeError, ValueError) as err:
                    client.notice(f"Not understood: {err}", "error")
        except asyncio.CancelledError:
            return  # the hub is closing
        finally:
            self._drop(client)
            writer.close()
            if task is not None:
                self._tasks.discard(task)

    def _drop(self, client: Client) -> None:
        self.clients.discard(client)
        self._leave_table(client)

    def _left(self, table: Table, seat: int | None) -> None:
        """A watcher of ``seat`` went away: a take-back waiting for that seat's answer is off
        when nobody is left to give it."""
        pending = table.consent
        if pending is None or seat not in pending.waiting:
            return
        if any(c.seat == seat for c in table.watchers):
            return
        table.consent = None
        m = table.match
        name = m.seats[seat].name if m is not None else "A player"
        for c in table.watchers:
            if c.seat == pending.seat:
                c.notice(f"{name} left before answering; nothing was taken back.", "warning")

    # ------------------------------------------------------------ dispatch
    def handle(self, client: Client, msg: dict[str, Any]) -> None:
        """Carry out one client message (see the module docstring)."""
        kind = msg["t"]
        if kind == "hello":
            client.player = str(msg["player"])
            self._welcome(client)
            return
        if not client.player:
            client.notice("Say hello first.", "error")
            return
        handler = getattr(self, f"_on_{kind}", None)
        if handler is None:
            client.notice(f"Unknown request {kind!r}.", "error")
            return
        handler(client, msg)

    def _welcome(self, client: Client) -> None:
        games = []
        for g in registry.games(playable_only=True):
            games.append(
                {
                    "id": g.id,
                    "title": g.title,
                    "min": g.min_seats,
                    "max": g.max_seats,
                    "bots": registry.bot_kinds(g.id),
                    "options": [
                        {
                            "key": o.key,
                            "label": o.label,
                            "default": o.default,
                            "values": list(o.values),
                            "kind": o.kind,
                        }
                        for o in g.options
                    ],
                }
            )
        client.send({"t": "welcome", "name": self.names.get(client.player), "games": games})

    def _on_name(self, client: Client, msg: dict[str, Any]) -> None:
        name = tb.display_name(str(msg["name"]))
        if not name:
            client.notice("A name needs at least one letter or digit.", "warning")
            return
        if self.name_taken(name, client.player):
            client.notice(f"{name} is another player's name here; choose another.", "warning")
            self._welcome(client)
            return
        self.names[client.player] = name
        self.store.save_name(client.player, name, self.names)
        self._welcome(client)

    def name_taken(self, name: str, player: str) -> bool:
        """True when another key already goes by ``name`` (compared case-blind): display names
        are unique across keys, so no key can pass for another player."""
        folded = name.casefold()
        return any(n.casefold() == folded and p != player for p, n in self.names.items())

    @staticmethod
    def unique_names(names: dict[str, str]) -> dict[str, str]:
        """``names`` (fingerprint -> name) with every name that two keys share (left from an
        older server) shown with the start of its key's fingerprint: ``"Alice (k3Xq)"``."""
        count: dict[str, int] = {}
        for n in names.values():
            count[n.casefold()] = count.get(n.casefold(), 0) + 1
        out = {}
        for fpr, n in names.items():
            if count[n.casefold()] > 1:
                short = fpr.removeprefix("SHA256:")[:4]
                n = f"{n} ({short})"
            out[fpr] = n
        return out

    # ------------------------------------------------------------ lobby
    def _rows(self, player: str) -> list[dict[str, Any]]:
        """Lobby rows for ``player``: open tables with a free seat for them first (so Enter on
        the first line sits down), then their own matches, then the others' (finished last)."""
        rows = [tb.lobby_row(t.info, t.match, player, t.error) for t in self.tables.values()]

        def rank(row: dict[str, Any]) -> int:
            if row["state"] == "open" and not row["mine"]:
                return 0
            if row["mine"] and row["state"] != "over":
                return 1
            return 2 if row["state"] != "over" else 3

        return sorted(rows, key=rank)  # stable: oldest first within each group

    def _on_lobby(self, client: Client, msg: dict[str, Any]) -> None:
        client.lobby = True
        self._leave_table(client)
        client.send({"t": "tables", "tables": self._rows(client.player)})

    def _lobby_changed(self) -> None:
        for c in self.clients:
            if c.lobby:
                c.send({"t": "tables", "tables": self._rows(c.player)})

    def _table(self, client: Client, msg: dict[str, Any]) -> Table | None:
        table = self.tables.get(str(msg.get("table")))
        if table is None:
            client.notice("That table is gone.", "warning")
        return table

    def _on_create(self, client: Client, msg: dict[str, Any]) -> None:
        mine = sum(
            1
            for t in self.tables.values()
            if t.info.creator == client.player and not t.info.started
        )
        if mine >= MAX_TABLES_PER_PLAYER:
            client.notice(f"You already have {mine} open tables; start or leave one.", "warning")
            return
        try:
            info = tb.make_table(
                str(msg["game"]),
                int(msg["seats"]),
                str(msg.get("policy") or "casual"),
                dict(msg.get("options") or {}),
                client.player,
                es.random_seed(),
            )
        except (KeyError, ValueError) as err:
            text = err.args[0] if isinstance(err, KeyError) and err.args else str(err)
            client.notice(f"Cannot create the table: {text}", "warning")
            return
        table = Table(info)
        self.tables[info.id] = table
        # "created" goes first: a one-seat table (Brazil: Imperial's solo game) starts as soon
        # as its creator sits, and the client must know the table before it hears it started.
        client.send({"t": "created", "table": info.id})
        self._sit(client, table, 0)

    def _on_sit(self, client: Client, msg: dict[str, Any]) -> None:
        table = self._table(client, msg)
        if table is not None:
            seat = msg.get("seat")
            self._sit(client, table, None if seat is None else int(seat))

    def _sit(self, client: Client, table: Table, seat: int | None) -> None:
        info = table.info
        if info.started or table.error:
            client.notice("That match has started; you can watch it.", "warning")
            return
        if info.seat_of(client.player) is not None:
            client.notice("You already have a seat at this table.", "warning")
            return
        free = info.free
        if seat is None:
            seat = free[0] if free else None
        if seat is None or seat not in free:
            client.notice("That seat is taken.", "warning")
            return
        name = self.names.get(client.player) or "Player"
        info.seats[seat] = tb.Seat("human", name, client.player)
        self._table_changed(table)

    def _on_bot(self, client: Client, msg: dict[str, Any]) -> None:
        table = self._table(client, msg)
        if table is None:
            return
        info = table.info
        if info.started:
            client.notice("That match has started.", "warning")
            return
        if info.seat_of(client.player) is None and info.creator != client.player:
            client.notice("Take a seat at this table first.", "warning")
            return
        kind = str(msg.get("kind") or "bot")
        if kind not in registry.bot_kinds(info.game):
            kinds = ", ".join(registry.bot_kinds(info.game))
            client.notice(f"No such bot here (choose {kinds}).", "warning")
            return
        free = info.free
        seat = msg.get("seat")
        seat = free[0] if seat is None and free else seat
        if seat is None or int(seat) not in free:
            client.notice("There is no free seat for a bot.", "warning")
            return
        info.seats[int(seat)] = tb.Seat(kind, bot_name(kind))
        self._table_changed(table)

    def _on_leave(self, client: Client, msg: dict[str, Any]) -> None:
        table = self._table(client, msg)
        if table is None:
            return
        info = table.info
        seat = info.seat_of(client.player)
        if info.started or seat is None:
            client.notice("You can leave only a table that has not started.", "warning")
            return
        info.seats[seat] = tb.Seat()
        if not any(s.kind == "human" for s in info.seats):
            del self.tables[info.id]
            self.store.delete_table(info)
            self._lobby_changed()
            return
        self._table_changed(table)

    def _table_changed(self, table: Table) -> None:
        """Save an open table and start it once every seat is filled."""
        info = table.info
        started = None
        if not info.free and not info.started:
            names = unique_names([s.name for s in info.seats])
            seats = [
                SeatConfig(n, "human" if s.kind == "human" else s.kind)
                for n, s in zip(names, info.seats, strict=True)
            ]
            for s, n in zip(info.seats, names, strict=True):
                s.name = n
            try:
                started = self.store.new_match(info, seats)
            except (KeyError, ValueError, OSError, jr.JournalError) as err:
                table.error = f"cannot start: {err}"
            else:
                table.session = self.session_of(started)
                info.started = True
        try:
            self.store.save_info(info, started)
        except OSError as err:
            log.error("table %s: %s", info.id, err)
        self._lobby_changed()
        if info.started:
            for c in self.clients:
                if info.seat_of(c.player) is not None and c.lobby:
                    c.send({"t": "started", "table": info.id})
            self._schedule_bots(table)
