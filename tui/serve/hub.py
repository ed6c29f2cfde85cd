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
* runs the bots' decisions in a thread pool, so a thinking bot never blocks the others;
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
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine import journal as jr
from engine import registry
from engine import session as es
from engine.match import Match, ReplayMismatch, UndoRefused
from engine.rules import IllegalAction, Prompt, SeatConfig
from tui.serve import protocol as pr
from tui.serve import tables as tb
from tui.session import LogLine, MatchSession, describe, unique_names

log = logging.getLogger("imperia.hub")

MAX_REQUESTS_PER_SECOND = 40
"""Frames a client may send per second on average (bursts of twice that); more are refused."""

MAX_TABLES_PER_PLAYER = 20
"""Open (not yet started) tables one player may have created."""

MAX_BUFFERED = 4 << 20
"""Bytes queued to a client that does not read before it is dropped."""


def prompt_map(prompt: Prompt | None) -> dict[str, Any] | None:
    """A prompt as plain data for a frame (see :func:`tui.serve.client.prompt_from`)."""
    if prompt is None:
        return None
    return {
        "seat": prompt.seat,
        "text": prompt.text,
        "summary": prompt.summary,
        "secret": prompt.secret,
        "choices": [[c.id, c.label, c.target, c.group, c.detail] for c in prompt.choices],
    }


@dataclass(eq=False)
class Client:
    """One connected app process (one SSH connection)."""

    writer: asyncio.StreamWriter
    player: str = ""
    lobby: bool = False
    table: Table | None = None
    seat: int | None = None
    log_sent: list[LogLine] = field(default_factory=list)
    log_cache: list[tuple[Any, LogLine]] = field(default_factory=list)
    tokens: float = 2.0 * MAX_REQUESTS_PER_SECOND
    stamp: float = field(default_factory=time.monotonic)

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message``; a client that stops reading is disconnected."""
        if self.writer.is_closing():
            return
        try:
            pr.write_frame(self.writer, message)
        except (pr.FrameTooLarge, TypeError) as err:
            log.error("cannot send %s: %s", message.get("t"), err)
            return
        if self.writer.transport.get_write_buffer_size() > MAX_BUFFERED:
            self.writer.close()

    def notice(self, text: str, level: str = "information") -> None:
        """A one-line message for the player (a toast in the app)."""
        self.send({"t": "notice", "text": text, "level": level})

    def allow(self) -> bool:
        """Token bucket: True when this request is within the rate limit."""
        now = time.monotonic()
        cap = 2.0 * MAX_REQUESTS_PER_SECOND
        self.tokens = min(cap, self.tokens + (now - self.stamp) * MAX_REQUESTS_PER_SECOND)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


@dataclass
class Consent:
    """A take-back waiting for the other human seats' consent."""

    id: int
    seat: int
    entries: int
    waiting: set[int]


@dataclass(eq=False)
class Table:
    """A table: its info, and once started its match (with the bots of its bot seats)."""

    info: tb.TableInfo
    session: MatchSession | None = None
    error: str = ""
    watchers: set[Client] = field(default_factory=set)
    thinking: bool = False
    consent: Consent | None = None

    @property
    def match(self) -> Match | None:
        return None if self.session is None else self.session.match


class Hub:
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
                self.names = dict(json.loads(names.read_text(encoding="utf-8")))
            except (OSError, ValueError) as err:
                self.warnings.append(f"players.json: {err}")
        infos, warnings = tb.load_tables(self.folder)
        self.warnings += warnings
        for info in infos:
            table = Table(info)
            if info.started:
                try:
                    match, notes = es.open_match(tb.journal_path(self.folder, info))
                    table.session = MatchSession(match)
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
        if client.table is not None:
            client.table.watchers.discard(client)

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
        self.names[client.player] = name
        self._save_names()
        self._welcome(client)

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
        info.seats[int(seat)] = tb.Seat(kind, "Random" if kind == "random" else "Bot")
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
                )
            except (KeyError, ValueError, OSError, jr.JournalError) as err:
                table.error = f"cannot start: {err}"
            else:
                table.session = MatchSession(match)
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

    # ------------------------------------------------------------ watching
    def _on_watch(self, client: Client, msg: dict[str, Any]) -> None:
        table = self._table(client, msg)
        if table is None:
            return
        if table.match is None:
            client.notice(table.error or "That match has not started yet.", "warning")
            return
        self._leave_table(client)
        client.lobby = False
        client.table = table
        client.seat = table.info.seat_of(client.player)
        if msg.get("spectate"):
            client.seat = None
        client.log_sent, client.log_cache = [], []
        table.watchers.add(client)
        self._push(table, [client])

    def _on_unwatch(self, client: Client, msg: dict[str, Any]) -> None:
        self._leave_table(client)

    def _leave_table(self, client: Client) -> None:
        if client.table is not None:
            client.table.watchers.discard(client)
        client.table, client.seat = None, None

    def _log_lines(self, client: Client, match: Match) -> list[LogLine]:
        old, new = client.log_cache, []
        for i, item in enumerate(match.log):
            if i < len(old) and old[i][0] is item:
                line = old[i][1]
                if line.undone != item.undone:
                    line = LogLine(line.text, item.undone)
            else:
                line = LogLine(describe(match, item, client.seat), item.undone)
            new.append((item, line))
        client.log_cache = new
        return [line for _, line in new]

    def view_message(self, table: Table, client: Client, views: dict) -> dict[str, Any]:
        """The ``view`` frame for ``client`` (its seat's view or the spectator's; the log from
        the first line that changed since the last frame)."""
        session = table.session
        assert session is not None
        m = session.match
        seat = client.seat
        if seat not in views:
            views[seat] = m.view(seat)
        lines = self._log_lines(client, m)
        sent = client.log_sent
        k = 0
        while k < len(sent) and k < len(lines) and sent[k] == lines[k]:
            k += 1
        client.log_sent = lines
        out = m.outcome()
        undo = None
        if seat is not None and m.policy != "strict":
            check = m.check_undo(seat)
            undo = {
                "allowed": check.allowed,
                "target": check.target,
                "count": check.count,
                "needs": list(check.needs_consent),
                "reason": check.reason,
                "crosses": check.crosses,
                "summary": session.undo_summary(seat, check) if check.target is not None else "",
            }
        return {
            "t": "view",
            "table": table.info.id,
            "game": m.rules.id,
            "seats": [[s.name, s.kind] for s in m.seats],
            "policy": m.policy,
            "seat": seat,
            "entries": m.entries,
            "view": views[seat],
            "prompt": prompt_map(None if seat is None else m.prompt(seat)),
            "waiting": list(m.waiting()),
            "log_from": k,
            "log": [[line.text, line.undone] for line in lines[k:]],
            "outcome": None
            if out is None
            else {"winners": list(out.winners), "reason": out.reason, "scores": list(out.scores)},
            "undo": undo,
            "redo": seat is not None and m.can_redo(seat),
        }

    def _push(self, table: Table, clients: Any = None) -> None:
        views: dict[int | None, Any] = {}
        for c in list(table.watchers if clients is None else clients):
            c.send(self.view_message(table, c, views))

    def _changed(self, table: Table) -> None:
        """The match moved: drop a stale consent request, push every watcher, run the bots."""
        m = table.match
        if table.consent is not None and m is not None and table.consent.entries != m.entries:
            table.consent = None
        self._push(table)
        if m is not None and m.over:
            self._lobby_changed()
        self._schedule_bots(table)

    # ------------------------------------------------------------ playing
    def _playing(self, client: Client, msg: dict[str, Any]) -> tuple[Table, Match, int] | None:
        table = client.table
        if table is None or table.match is None or str(msg.get("table")) != table.info.id:
            client.notice("Open the table first.", "warning")
            return None
        if client.seat is None:
            client.notice("Spectators only watch.", "warning")
            return None
        return table, table.match, client.seat

    def _on_act(self, client: Client, msg: dict[str, Any]) -> None:
        got = self._playing(client, msg)
        if got is None:
            return
        table, m, seat = got
        if msg.get("entries") != m.entries or seat not in m.waiting():
            client.notice("That choice is no longer available.", "warning")
            self._push(table, [client])
            return
        try:
            m.act(seat, str(msg["choice"]))
        except IllegalAction:
            client.notice("That choice is no longer available.", "warning")
            self._push(table, [client])
            return
        except jr.JournalError as err:
            client.notice(f"Not made: it could not be saved ({err}).", "error")
            return
        self._changed(table)

    def _on_undo(self, client: Client, msg: dict[str, Any]) -> None:
        got = self._playing(client, msg)
        if got is None:
            return
        table, m, seat = got
        check = m.check_undo(seat)
        if check.allowed:
            self._undo(client, table, seat, False)
            return
        if not check.needs_consent:
            client.notice(check.reason or "Nothing to take back.", "warning")
            return
        if table.consent is not None:
            client.notice("A take-back is already waiting for an answer.", "warning")
            return
        present = {c.seat for c in table.watchers}
        missing = [s for s in check.needs_consent if s not in present]
        if missing:
            names = ", ".join(m.seats[s].name for s in missing)
            client.notice(f"{names} must agree, but is not at the table now.", "warning")
            return
        self._consent_ids += 1
        table.consent = Consent(self._consent_ids, seat, m.entries, set(check.needs_consent))
        assert table.session is not None
        summary = table.session.undo_summary(seat, check)
        question = f"{m.seats[seat].name} asks to take back {summary}. Do you agree?"
        for c in table.watchers:
            if c.seat in table.consent.waiting:
                c.send(
                    {"t": "ask", "table": table.info.id, "id": self._consent_ids, "text": question}
                )
        client.notice("Asked the other players to agree.")

    def _undo(self, client: Client | None, table: Table, seat: int, consent: bool) -> None:
        m = table.match
        assert m is not None
        try:
            n = m.undo(seat, consent=consent)
        except (UndoRefused, jr.JournalError) as err:
            if client is not None:
                client.notice(str(err), "warning")
            return
        if client is None:  # agreed by the others: tell the asker (who otherwise says it)
            for c in table.watchers:
                if c.seat == seat:
                    c.notice(f"Took back {n} choice{'s' if n != 1 else ''}.")
        self._changed(table)

    def _on_consent(self, client: Client, msg: dict[str, Any]) -> None:
        table = client.table
        pending = table.consent if table is not None else None
        if table is None or pending is None or msg.get("id") != pending.id:
            return
        if client.seat not in pending.waiting:
            return
        m = table.match
        assert m is not None
        if not msg.get("yes"):
            table.consent = None
            for c in table.watchers:
                if c.seat == pending.seat:
                    c.notice(f"{m.seats[client.seat].name} said no.", "warning")
            return
        pending.waiting.discard(client.seat)
        if not pending.waiting:
            table.consent = None
            if m.entries == pending.entries:
                self._undo(None, table, pending.seat, True)

    def _on_redo(self, client: Client, msg: dict[str, Any]) -> None:
        got = self._playing(client, msg)
        if got is None:
            return
        table, m, seat = got
        try:
            n = m.redo(seat)
        except (UndoRefused, jr.JournalError) as err:
            client.notice(str(err), "warning")
            return
        client.notice(f"Redid {n} choice{'s' if n != 1 else ''}.")
        self._changed(table)

    def _on_resign(self, client: Client, msg: dict[str, Any]) -> None:
        got = self._playing(client, msg)
        if got is None:
            return
        table, m, seat = got
        try:
            m.resign(seat)
        except (IllegalAction, jr.JournalError) as err:
            client.notice(str(err), "warning")
            return
        self._changed(table)

    # ------------------------------------------------------------ bots
    def _schedule_bots(self, table: Table) -> None:
        session = table.session
        if session is None or table.thinking or session.match.over:
            return
        task = session.bot_task()
        if task is None:
            return
        table.thinking = True
        job = asyncio.get_running_loop().create_task(self._bot_turn(table, task))
        self._tasks.add(job)
        job.add_done_callback(self._tasks.discard)

    async def _bot_turn(self, table: Table, task: Any) -> None:
        session = table.session
        assert session is not None
        loop = asyncio.get_running_loop()
        try:
            started = loop.time()
            choice = await loop.run_in_executor(self.executor, session.think, task)
            wait = self.bot_delay - (loop.time() - started)
            if wait > 0:
                await asyncio.sleep(wait)
        except Exception as err:
            table.thinking = False
            log.error("table %s: the bot failed: %s", table.info.id, err)
            return
        table.thinking = False
        m = session.match
        if m.entries == task.token and task.seat in m.waiting():
            try:
                m.act(task.seat, choice)
            except (IllegalAction, jr.JournalError) as err:
                log.error("table %s: bot move refused: %s", table.info.id, err)
                return
            self._changed(table)
        else:
            self._schedule_bots(table)
