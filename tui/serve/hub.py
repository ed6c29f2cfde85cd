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
import json
import logging
import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from engine import journal as jr
from engine import registry
from engine import session as es
from engine.ai.levels import NAMES, level_of
from engine.match import ReplayMismatch
from engine.rules import SeatConfig
from engine.seat_names import unique_names
from tui.bot_worker import WorkerPool
from tui.serve import protocol as pr
from tui.serve import tables as tb
from tui.serve.clients import Client, Table
from tui.serve.play import Play
from tui.session import MatchSession

log = logging.getLogger("imperia.hub")

SYNC = "group"
"""The hub's fsync policy: every journal entry is on disk within 5 ms (one background
``fdatasync`` per group of entries), so a power cut loses at most those last milliseconds
and the hub never waits on the disk (engine/journal.py, "Durability")."""

MAX_TABLES_PER_PLAYER = 20
"""Open (not yet started) tables one player may have created."""


def bot_name(kind: str) -> str:
    """The default seat name of a bot kind: "Random", "Bot", "Easy bot", "Hard bot"..."""
    level = level_of(kind)
    return "Random" if kind == "random" else NAMES[level] if level else "Bot"


class Hub(Play):
    """The table hub of one data dir.

    Args:
        data: the server's data dir (tables under ``data/tables``, names in ``players.json``).
        bot_delay: seconds a bot waits before its move becomes visible (readable pace).
    """

    def __init__(self, data: Path, bot_delay: float = 0.5) -> None:
        self.data = data
        self.folder = data / "tables"
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

    # ------------------------------------------------------------ start, stop
    def load(self) -> None:
        """Read names and tables from the data dir; resume every started table from its
        journal (one that cannot be read is listed as damaged, with the reason)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        names = self.data / "players.json"
        if names.exists():
            try:
                self.names = self.unique_names(dict(json.loads(names.read_text(encoding="utf-8"))))
            except (OSError, ValueError) as err:
                self.warnings.append(f"players.json: {err}")
        infos, warnings = tb.load_tables(self.folder)
        self.warnings += warnings
        for info in infos:
            table = Table(info)
            if info.started:
                try:
                    match, notes = es.open_match(tb.journal_path(self.folder, info), sync=SYNC)
                    table.session = MatchSession(match)
                    table.session.pool = self.search
                    self.warnings += [f"table {info.id}: {n}" for n in notes]
                except (jr.JournalError, ReplayMismatch, OSError) as err:
                    table.error = f"cannot resume: {err}"
                    self.warnings.append(f"table {info.id}: {table.error}")
            self.tables[info.id] = table

    async def start(self, path: Path) -> None:
        """Load the data dir and listen on the unix socket ``path`` (mode 0600)."""
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
        self._save_names()
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

    def _save_names(self) -> None:
        path = self.data / "players.json"
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(self.names), encoding="utf-8")
        os.replace(tmp, path)

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
        self._sit(client, table, 0)
        client.send({"t": "created", "table": info.id})

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
            with contextlib.suppress(OSError):
                (self.folder / f"{info.id}.json").unlink()
            self._lobby_changed()
            return
        self._table_changed(table)

    def _table_changed(self, table: Table) -> None:
        """Save an open table and start it once every seat is filled."""
        info = table.info
        if not info.free and not info.started:
            names = unique_names([s.name for s in info.seats])
            seats = [
                SeatConfig(n, "human" if s.kind == "human" else s.kind)
                for n, s in zip(names, info.seats, strict=True)
            ]
            for s, n in zip(info.seats, names, strict=True):
                s.name = n
            try:
                match = es.new_match(
                    info.game,
                    seats,
                    info.options,
                    info.seed,
                    info.policy,
                    save_path=tb.journal_path(self.folder, info),
                    sync=SYNC,
                )
            except (KeyError, ValueError, OSError, jr.JournalError) as err:
                table.error = f"cannot start: {err}"
            else:
                table.session = MatchSession(match)
                table.session.pool = self.search
                info.started = True
        try:
            tb.save_info(self.folder, info)
        except OSError as err:
            log.error("table %s: %s", info.id, err)
        self._lobby_changed()
        if info.started:
            for c in self.clients:
                if info.seat_of(c.player) is not None and c.lobby:
                    c.send({"t": "started", "table": info.id})
            self._schedule_bots(table)
