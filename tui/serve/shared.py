"""The hub's side of tables shared between nodes (``imperia serve --db``; see
:mod:`tui.serve.store_pg`).

With a shared store a change to a match is pushed only once the database has its records:

* a local move stages its records; :meth:`Shared._changed` commits them (one transaction),
  then pushes the views and runs the bots, as the file store's hub does at once;
* when another node wrote that entry first (the database's unique key decides), the table is
  re-read from the database and every watcher gets the current position; the seat whose move
  lost reads "Another move came first";
* when the database cannot be reached, the staged move is taken back (it was never shown):
  the player reads "Not made: the database is unreachable" and may try again;
* another node's change arrives as a notification: new journal records are read and replayed
  onto the match here (checked as on load), table rows are re-read, and pushed;
* a lost database connection is announced to every player on this node, and so is its return,
  after which every table is re-read.

Each table's commits, re-reads and replays run one at a time (a lock per table).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from engine import journal as jr
from engine import session as es
from engine.match import ReplayMismatch
from tui.serve.clients import Client, Table
from tui.serve.journal_rows import CONFLICT, OK, PgJournal, decode_record, match_from

log = logging.getLogger("imperia.hub")

LOST = "Another move came first; this is the current position."
DB_LOST = "The database is unreachable ({why}); reconnecting. Moves wait until it is back."
DB_BACK = "Reconnected to the database; nothing was lost."


class Shared:
    """Mixin of :class:`tui.serve.hub.Hub` (before :class:`tui.serve.play.Play`): commits,
    re-reads and other nodes' changes. Does nothing different with the file store."""

    store: Any
    tables: dict[str, Table]
    clients: set[Client]
    names: dict[str, str]
    _locks: dict[str, asyncio.Lock]
    _tasks: set[asyncio.Task[Any]]
    # and, from Hub and Play: _push, _lobby_changed, _schedule_bots, unique_names

    # ------------------------------------------------------------ helpers
    def _lock(self, table_id: str) -> asyncio.Lock:
        lock = self._locks.get(table_id)
        if lock is None:
            lock = self._locks[table_id] = asyncio.Lock()
        return lock

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    @staticmethod
    def _journal(table: Table) -> PgJournal | None:
        m = table.match
        return m.sink if m is not None and isinstance(m.sink, PgJournal) else None

    def _tell_seats(self, table: Table, seats: set[int], text: str, level: str) -> None:
        for c in table.watchers:
            if c.seat in seats:
                c.notice(text, level)

    # ------------------------------------------------------------ committing
    def _changed(self, table: Table, reason: str = "") -> None:
        """The match moved here: commit its staged records, then push (see module doc).
        ``reason`` ("undo", "redo" or "") travels to the view frames (no auto-advance after a
        take-back)."""
        j = self._journal(table)
        if j is None:
            super()._changed(table, reason)  # type: ignore[misc]
            return
        if not j.inflight and j.pending:
            j.inflight = True
            self._spawn(self._commit(table, j, reason))

    async def _commit(self, table: Table, j: PgJournal, reason: str = "") -> None:
        try:
            async with self._lock(table.info.id):
                while j.pending:
                    batch = list(j.pending)
                    result = await self.store.commit(j)
                    if result == OK:
                        continue
                    seats = {r[1] for _, _, r in batch if r[0] != jr.CHECK}
                    if result == CONFLICT:
                        await self._reread(table, seats)
                    else:
                        self._rollback(table, seats, result.partition(": ")[2])
                    return
        finally:
            j.inflight = False
        if table.match is not None and table.match.sink is j:
            super()._changed(table, reason)  # type: ignore[misc]

    def _rollback(self, table: Table, seats: set[int], why: str) -> None:
        """Take back what was staged (never shown) and tell the seats that made it."""
        m, j = table.match, self._journal(table)
        if m is None or j is None:
            return
        header = jr.parse(j.head, f"table {table.info.id}").header
        keep = m.records[: j.committed]
        match = es.load_match(jr.Loaded(header, list(keep), [], 0), verify=False)
        match.sink = PgJournal(j.table, j.head, j.committed, j.header_saved)
        table.session = self.session_of(match)
        table.thinking = False
        text = f"Not made: the database is unreachable ({why}); nothing else was lost."
        self._tell_seats(table, seats, text, "error")
        self._push(table)

    async def _reread(self, table: Table, seats: set[int]) -> None:
        """Replace ``table`` by what the database holds (the lock is held)."""
        tid = table.info.id
        try:
            got = await self.store.fetch_table(tid)
            recs = await self.store.fetch_records(tid, 0) if got and got[1] else []
        except self.store.errors as err:
            self._rollback(table, seats, str(err))
            return
        if got is None:
            self.tables.pop(tid, None)
            self._lobby_changed()
            return
        info, head = got
        table.info = info
        table.error = ""
        table.thinking = False
        if head is None:
            table.session = None
        else:
            try:
                table.session = self.session_of(match_from(info, head, recs))
            except (jr.JournalError, ReplayMismatch) as err:
                table.session = None
                table.error = f"cannot resume: {err}"
        self._tell_seats(table, seats, LOST, "warning")
        if table.session is not None:
            self._push(table)
            self._schedule_bots(table)
        self._lobby_changed()

    async def flush_all(self) -> None:
        """Commit what every table still has staged (the hub is closing)."""
        for table in list(self.tables.values()):
            j = self._journal(table)
            if j is not None and j.pending:
                with contextlib.suppress(Exception):
                    await self.store.commit(j)

    # ------------------------------------------------------------ other nodes
    def remote_journal(self, table_id: str, records: tuple[int, list[bytes]] | None = None) -> None:
        """Another node added records to a table's journal; ``records``: ``(first entry,
        [record bytes, ...])`` when its notification carried them (then nothing is read from
        the database unless some are missing before them)."""
        self._spawn(self._remote_journal(table_id, records))

    async def _remote_journal(
        self, tid: str, records: tuple[int, list[bytes]] | None = None
    ) -> None:
        table = self.tables.get(tid)
        if table is None or table.match is None:
            await self._remote_table(tid)
            return
        async with self._lock(tid):
            j = self._journal(table)
            if j is None or j.pending or j.inflight:
                return  # our own commit will find the conflict and re-read
            recs = None
            if records is not None and records[0] <= j.committed + 1:
                recs = records[1][j.committed + 1 - records[0] :]  # the ones we lack
            if recs is None:  # none came with the notification, or some before them are missing
                try:
                    recs = await self.store.fetch_records(tid, j.committed)
                except self.store.errors:
                    return
            m = table.match
            if not recs or m is None or m.sink is not j or j.pending:
                return
            try:
                for data in recs:
                    m.replay_record(decode_record(data, j.crc, j.committed + 1), verify=True)
                    j.committed += 1
            except (jr.JournalError, ReplayMismatch) as err:
                log.warning("table %s: re-reading it (%s)", tid, err)
                await self._reread(table, set())
                return
        super()._changed(table)  # type: ignore[misc]

    def remote_table(self, table_id: str) -> None:
        """Another node changed a table (seats, start) or removed it, or ours was refused."""
        self._spawn(self._remote_table(table_id))

    async def _remote_table(self, tid: str) -> None:
        async with self._lock(tid):
            try:
                got = await self.store.fetch_table(tid)
                recs = await self.store.fetch_records(tid, 0) if got and got[1] else []
            except self.store.errors:
                return
            table = self.tables.get(tid)
            if got is None:
                if table is not None and table.match is None:
                    del self.tables[tid]
                    self._lobby_changed()
                return
            info, head = got
            j = self._journal(table) if table is not None else None
            if table is not None and j is not None and j.header_saved and head is not None:
                table.info = info  # the same match: only names or seats' keys changed
                self._lobby_changed()
                return
            fresh = Table(info)
            if head is not None:
                try:
                    fresh.session = self.session_of(match_from(info, head, recs))
                except (jr.JournalError, ReplayMismatch) as err:
                    fresh.error = f"cannot resume: {err}"
            if table is None:
                self.tables[tid] = fresh
            else:
                table.info, table.session, table.error = info, fresh.session, fresh.error
                table.thinking = False
                fresh = table
            if fresh.session is not None:
                for c in self.clients:
                    if c.lobby and info.seat_of(c.player) is not None:
                        c.send({"t": "started", "table": tid})
                self._push(fresh)
                self._schedule_bots(fresh)
        self._lobby_changed()

    def remote_names(self) -> None:
        """Another node changed a display name."""
        self._spawn(self._remote_names())

    async def _remote_names(self) -> None:
        try:
            names = await self.store.fetch_names()
        except self.store.errors:
            return
        self.names = self.unique_names({**self.names, **names})
        self._lobby_changed()

    # ------------------------------------------------------------ the database itself
    def store_lost(self, why: str) -> None:
        """The database connection broke: every player here is told."""
        log.warning("lost the database: %s", why)
        for c in self.clients:
            c.notice(DB_LOST.format(why=why), "error")

    def store_back(self) -> None:
        """The database is back: tell every player, then re-read every table."""
        log.warning("reconnected to the database")
        for c in self.clients:
            c.notice(DB_BACK)
        self._spawn(self._reread_all())

    async def _reread_all(self) -> None:
        await self._remote_names()
        try:
            ids = set(await self.store.table_ids())
        except self.store.errors:
            return
        for tid in ids | set(self.tables):
            table = self.tables.get(tid)
            if table is None or table.match is None:
                await self._remote_table(tid)
            else:
                await self._remote_journal(tid)
