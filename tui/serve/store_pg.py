"""The PostgreSQL store of ``imperia serve --db postgresql://...`` (psycopg 3, async, pooled).

Schema and migrations: :mod:`tui.serve.pg_schema`. How several nodes share tables:

* **Journals.** A table's match journal writes into a :class:`PgJournal`, which frames each
  record exactly as a format-2 save file does and stages it; :meth:`PgStore.commit` inserts
  the staged records (one row each, keyed by (table, entry)) and a ``NOTIFY`` in one
  transaction. The hub pushes a change only after its commit, so nothing anyone saw is ever
  missing from the database. When another node wrote that entry first, the primary key refuses
  the insert ("conflict"): the hub re-reads the table and shows the current position.
* **Other changes** (names, seats, new and removed tables) go through one ordered writer; a
  table row carries a version, and a change made from an out-of-date version is refused and
  the table re-read.
* **Listening.** One connection ``LISTEN``\\ s on channel ``imperia``; every change a node makes
  is announced there (``"<node> j <table>"`` journal, ``"<node> t <table>"`` table,
  ``"<node> n -"`` names), and the other nodes fetch what changed. When that connection
  breaks (the database restarted), the store tells the hub, reconnects every 0.5 s, and once
  back tells the hub to re-read everything.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import logging
import secrets
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import asdict
from typing import Any

import msgpack
import psycopg
from psycopg.types.json import Jsonb
from psycopg_pool import AsyncConnectionPool, PoolTimeout

from engine import journal as jr
from engine import session as es
from engine.match import Match
from engine.rules import SeatConfig
from tui.serve import pg_schema
from tui.serve import tables as tb
from tui.serve.journal_rows import CONFLICT, DOWN, OK, PgJournal, match_from
from tui.serve.store import Store, StoreError

log = logging.getLogger("imperia.store")

CHANNEL = "imperia"
RETRY_S = 0.5
"""Seconds between reconnection attempts of the listening connection."""
NOTIFY_MAX = 7000
"""Longest notification payload this node sends with the records in it (PostgreSQL's limit is
8000 bytes); a longer batch is announced without them and read from the table."""
CONNECT_TIMEOUT_S = 2.0
"""How long a write waits for a pooled connection before it counts the database as down."""

DB_ERRORS = (psycopg.OperationalError, psycopg.InterfaceError, PoolTimeout, OSError)


class PgStore(Store):
    """Players, tables and journals in PostgreSQL (see the module docstring).

    Args:
        url: a libpq connection string or ``postgresql://`` URL.
        pool_size: at most this many pooled connections (plus one listening).
    """

    shared = True
    errors = DB_ERRORS

    def __init__(self, url: str, pool_size: int = 4) -> None:
        self.url = url
        self.node = secrets.token_hex(4)
        self.pool = AsyncConnectionPool(
            url,
            min_size=1,
            max_size=pool_size,
            open=False,
            kwargs={"autocommit": True},
            check=AsyncConnectionPool.check_connection,
            timeout=CONNECT_TIMEOUT_S,
            reconnect_timeout=24 * 3600,
        )
        parts = psycopg.conninfo.conninfo_to_dict(url)
        self.where = f"database {parts.get('dbname', '')} on {parts.get('host', 'localhost')}"
        self.hub: Any = None
        self.up = True
        self.names: dict[str, str] = {}
        self.infos: list[tb.TableInfo] = []
        self.versions: dict[str, int] = {}
        self.journals: dict[str, tuple[bytes, list[bytes]]] = {}
        self._ops: asyncio.Queue[tuple[Callable[[Any], Awaitable[Any]], asyncio.Future]] = (
            asyncio.Queue()
        )
        self._tasks: list[asyncio.Task[Any]] = []
        self._closing = False

    # ------------------------------------------------------------ connect
    async def open(self, hub: Any) -> None:
        """Connect, check the schema, read everything, start listening. Raises StoreError."""
        self.hub = hub
        try:
            # One direct connection first: an unreachable database fails at once, in its own
            # words (the pool would retry for its whole timeout).
            async with await psycopg.AsyncConnection.connect(
                self.url, autocommit=True, connect_timeout=5
            ) as conn:
                await pg_schema.check(conn)
            await self.pool.open(wait=True, timeout=10)
            # Listen first, then read: no change made in between goes unheard.
            loop = asyncio.get_running_loop()
            ready = loop.create_future()
            self._tasks = [loop.create_task(self._writer()), loop.create_task(self._listen(ready))]
            await asyncio.wait_for(ready, 10)
            await self.read_all()
        except (pg_schema.SchemaError, *DB_ERRORS, TimeoutError) as err:
            await self.close()
            if isinstance(err, pg_schema.SchemaError):
                raise StoreError(str(err)) from None
            raise StoreError(f"cannot reach the database: {one_line(err)}") from None

    async def read_all(self) -> None:
        """Fill the caches: names, tables (oldest first), journals."""
        async with self.pool.connection() as conn:
            cur = await conn.execute("SELECT fingerprint, name FROM players")
            self.names = dict(await cur.fetchall())
            cur = await conn.execute("SELECT id, info, version FROM tables")
            rows = await cur.fetchall()
            cur = await conn.execute("SELECT table_id, header FROM journals")
            heads = dict(await cur.fetchall())
            cur = await conn.execute("SELECT table_id, data FROM records ORDER BY table_id, entry")
            recs: dict[str, list[bytes]] = {}
            for tid, data in await cur.fetchall():
                recs.setdefault(tid, []).append(bytes(data))
        self.infos, self.versions, self.journals = [], {}, {}
        for tid, info, version in rows:
            self.infos.append(tb.TableInfo.from_map(info))
            self.versions[tid] = version
        self.infos.sort(key=lambda t: t.created)
        for tid, head in heads.items():
            self.journals[tid] = (bytes(head), recs.get(tid, []))

    async def close(self) -> None:
        """Finish the queued writes, stop listening, close the pool."""
        self._closing = True
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._ops.join(), 5)
        for t in self._tasks:
            t.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await self.pool.close()

    async def _listen(self, ready: asyncio.Future) -> None:
        while not self._closing:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self.url, autocommit=True, connect_timeout=CONNECT_TIMEOUT_S
                ) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    if not ready.done():
                        ready.set_result(None)
                    elif not self.up:
                        self.up = True
                        self.hub.store_back()
                    async for note in conn.notifies():
                        self._heard(note.payload)
            except asyncio.CancelledError:
                raise
            except DB_ERRORS as err:
                if self.up and not self._closing:
                    self.up = False
                    self.hub.store_lost(one_line(err))
            await asyncio.sleep(RETRY_S)

    def _heard(self, payload: str) -> None:
        node, kind, table, *rest = payload.split(" ") + ["", "", ""]
        if node == self.node:
            return
        if kind == "j":
            self.hub.remote_journal(table, records_of(rest[0]))
        elif kind == "t":
            self.hub.remote_table(table)
        elif kind == "n":
            self.hub.remote_names()

    # ------------------------------------------------------------ writing
    async def _writer(self) -> None:
        while True:
            op, fut = await self._ops.get()
            try:
                async with self.pool.connection() as conn:
                    result = await op(conn)
                if not fut.done():
                    fut.set_result(result)
            except asyncio.CancelledError:
                raise
            except Exception as err:
                if not fut.done():
                    fut.set_exception(err)
            finally:
                self._ops.task_done()

    def _queue(self, op: Callable[[Any], Awaitable[Any]]) -> asyncio.Future:
        fut = asyncio.get_running_loop().create_future()
        self._ops.put_nowait((op, fut))
        return fut

    def _notify_sql(self, kind: str, table: str, extra: str = "") -> tuple[str, list[str]]:
        text = f"{self.node} {kind} {table}"
        if extra and len(text) + 1 + len(extra) <= NOTIFY_MAX:
            text += f" {extra}"
        return "SELECT pg_notify(%s, %s)", [CHANNEL, text]

    def _background(self, fut: asyncio.Future, what: str, table: str | None = None) -> None:
        """Log a failed background write; a refused table change re-reads that table."""

        def done(f: asyncio.Future) -> None:
            err = f.exception()
            if err is None and f.result() != CONFLICT:
                return
            if err is not None:
                log.warning("%s not saved: %s", what, one_line(err))
            if table is not None and self.hub is not None:
                self.hub.remote_table(table)

        fut.add_done_callback(done)

    # ------------------------------------------------------------ Store
    def load_names(self) -> tuple[dict[str, str], list[str]]:
        return dict(self.names), []

    def save_name(self, player: str, name: str, names: dict[str, str]) -> None:
        async def op(conn: Any) -> str:
            async with conn.transaction():
                await conn.execute(
                    "INSERT INTO players (fingerprint, name) VALUES (%s, %s) ON CONFLICT "
                    "(fingerprint) DO UPDATE SET name = excluded.name, updated = now()",
                    [player, name],
                )
                await conn.execute(*self._notify_sql("n", "-"))
            return OK

        self._background(self._queue(op), f"the name of {player}")

    def load_tables(self) -> tuple[list[tb.TableInfo], list[str]]:
        return list(self.infos), []

    def save_info(self, info: tb.TableInfo, match: Match | None = None) -> None:
        expected = self.versions.get(info.id)
        self.versions[info.id] = (expected or 0) + 1
        data = Jsonb(asdict(info))
        sink = match.sink if match is not None else None

        async def op(conn: Any) -> str:
            async with conn.transaction():
                if expected is None:
                    cur = await conn.execute(
                        "INSERT INTO tables (id, info) VALUES (%s, %s) ON CONFLICT DO NOTHING",
                        [info.id, data],
                    )
                else:
                    cur = await conn.execute(
                        "UPDATE tables SET info = %s, version = version + 1 "
                        "WHERE id = %s AND version = %s",
                        [data, info.id, expected],
                    )
                if cur.rowcount != 1:
                    if isinstance(sink, PgJournal):
                        sink.dead = True
                    return CONFLICT
                if isinstance(sink, PgJournal):
                    await conn.execute(
                        "INSERT INTO journals (table_id, header) VALUES (%s, %s)",
                        [info.id, sink.head],
                    )
                    sink.header_saved = True
                await conn.execute(*self._notify_sql("t", info.id))
            return OK

        self._background(self._queue(op), f"table {info.id}", info.id)

    def delete_table(self, info: tb.TableInfo) -> None:
        expected = self.versions.pop(info.id, None)

        async def op(conn: Any) -> str:
            async with conn.transaction():
                cur = await conn.execute(
                    "DELETE FROM tables WHERE id = %s AND version = %s", [info.id, expected]
                )
                if cur.rowcount != 1:
                    return CONFLICT
                await conn.execute(*self._notify_sql("t", info.id))
            return OK

        self._background(self._queue(op), f"removing table {info.id}", info.id)

    def new_match(self, info: tb.TableInfo, seats: Sequence[SeatConfig]) -> Match:
        match = es.new_match(info.game, seats, info.options, info.seed, info.policy)
        match.sink = PgJournal(info.id, match.header().pack(), 0, False)
        return match

    def open_match(self, info: tb.TableInfo) -> tuple[Match, list[str]]:
        got = self.journals.get(info.id)
        if got is None:
            raise jr.JournalError("its journal is not in the database")
        return match_from(info, *got), []

    async def commit(self, journal: PgJournal) -> str:
        """Write the staged records of ``journal`` (and a NOTIFY) in one transaction.
        Returns "ok" (they are committed and no longer staged), "conflict" (another node
        wrote one of those entries first, or this match's start lost) or "down: <why>"."""
        batch = list(journal.pending)
        if not batch:
            return OK

        async def op(conn: Any) -> str:
            if journal.dead:
                return CONFLICT
            # One statement (so one transaction on this autocommit connection, and one round
            # trip instead of BEGIN, INSERT, NOTIFY, COMMIT): the notification goes out only if
            # every row went in (a refused row fails the whole statement).
            notify, args = self._notify_sql("j", journal.table, records_note(batch))
            await conn.execute(
                "WITH added AS (INSERT INTO records (table_id, entry, data) "
                "SELECT %s, unnest(%s::integer[]), unnest(%s::bytea[]) RETURNING entry) "
                + notify
                + " FROM (SELECT count(*) FROM added) AS written",
                [journal.table, [b[0] for b in batch], [b[1] for b in batch], *args],
            )
            return OK

        try:
            result = await self._queue(op)
        except (psycopg.errors.UniqueViolation, psycopg.errors.ForeignKeyViolation):
            return CONFLICT
        except DB_ERRORS as err:
            return f"{DOWN}: {one_line(err)}"
        except psycopg.Error as err:
            log.error("table %s: journal write refused: %s", journal.table, one_line(err))
            return f"{DOWN}: {one_line(err)}"
        if result == OK:
            journal.committed += len(batch)
            del journal.pending[: len(batch)]
        return result

    # ------------------------------------------------------------ reading
    # Reads go through the same ordered writer as this node's writes, so what they return
    # already holds every change this node made before asking.
    async def fetch_table(self, table: str) -> tuple[tb.TableInfo, bytes | None] | None:
        """A table's row and its journal header (None when not started); None when gone."""

        async def op(conn: Any) -> Any:
            cur = await conn.execute(
                "SELECT t.info, t.version, j.header FROM tables t "
                "LEFT JOIN journals j ON j.table_id = t.id WHERE t.id = %s",
                [table],
            )
            return await cur.fetchone()

        row = await self._queue(op)
        if row is None:
            self.versions.pop(table, None)
            return None
        self.versions[table] = row[1]
        return tb.TableInfo.from_map(row[0]), None if row[2] is None else bytes(row[2])

    async def fetch_records(self, table: str, after: int) -> list[bytes]:
        """The record bytes of ``table`` after its first ``after`` records, in order."""

        async def op(conn: Any) -> list[bytes]:
            cur = await conn.execute(
                "SELECT data FROM records WHERE table_id = %s AND entry > %s ORDER BY entry",
                [table, after],
            )
            return [bytes(r[0]) for r in await cur.fetchall()]

        return await self._queue(op)

    async def fetch_names(self) -> dict[str, str]:
        """Every display name by key fingerprint."""

        async def op(conn: Any) -> dict[str, str]:
            cur = await conn.execute("SELECT fingerprint, name FROM players")
            return dict(await cur.fetchall())

        return await self._queue(op)

    async def table_ids(self) -> list[str]:
        """Every table id in the database."""

        async def op(conn: Any) -> list[str]:
            cur = await conn.execute("SELECT id FROM tables")
            return [r[0] for r in await cur.fetchall()]

        return await self._queue(op)


def records_note(batch: Sequence[tuple[int, bytes, Any]]) -> str:
    """The committed records of a journal notification (issue 23: the other nodes replay them
    from it, with no query): base64 of msgpack ``[first entry, [record bytes, ...]]``."""
    first = batch[0][0]
    return base64.b64encode(msgpack.packb([first, [b[1] for b in batch]])).decode()


def records_of(note: str) -> tuple[int, list[bytes]] | None:
    """``(first entry, [record bytes, ...])`` of :func:`records_note`'s text; None when there
    is none or it does not read (the node then reads the records from the table)."""
    if not note:
        return None
    try:
        first, recs = msgpack.unpackb(base64.b64decode(note, validate=True))
        if isinstance(first, int) and all(isinstance(r, bytes) for r in recs):
            return first, list(recs)
    except (ValueError, TypeError, msgpack.UnpackException):
        pass
    return None


def one_line(err: BaseException) -> str:
    """An exception's message on one short line."""
    text = " ".join(str(err).split()) or type(err).__name__
    return text[:200]
