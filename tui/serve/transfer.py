"""``imperia export``, ``imperia import`` and ``imperia serve --db URL --migrate``: moving a
table's journal between a store (the data dir or PostgreSQL) and a save file.

An exported table is the save file byte for byte (header and record bytes exactly as the store
keeps them), so ``imperia replay --verify`` accepts it; an imported save becomes a started
table whose seats are the save's (human seats are given to the SSH keys named with
``--key SEAT=FINGERPRINT``; one left without a key can be watched, not played).
"""

from __future__ import annotations

import asyncio
import os
import tempfile
from dataclasses import asdict
from pathlib import Path
from typing import Any

from engine import journal as jr
from engine import session as es
from tui.serve import tables as tb
from tui.serve.store import split_save


def parse_keys(specs: list[str]) -> dict[int, str]:
    """``["1=SHA256:abc", ...]`` (seat numbers from 1) as ``{0: "SHA256:abc"}``. Raises
    ValueError naming the bad spec."""
    keys: dict[int, str] = {}
    for spec in specs:
        seat, sep, fpr = spec.partition("=")
        if not sep or not seat.strip().isdigit() or int(seat) < 1 or not fpr.strip():
            raise ValueError(f"--key {spec!r}: write SEAT=FINGERPRINT, e.g. 1=SHA256:...")
        keys[int(seat) - 1] = fpr.strip()
    return keys


def table_for(loaded: jr.Loaded, keys: dict[int, str]) -> tb.TableInfo:
    """The started table a save becomes. Raises JournalError or ReplayMismatch when the save
    does not replay, ValueError for a key given to a seat that is not a human's."""
    es.load_match(loaded, verify=True)
    header = loaded.header
    seats = []
    for i, s in enumerate(header.seats):
        player = keys.get(i)
        if player is not None and s["kind"] != "human":
            raise ValueError(f"seat {i + 1} ({s['name']}) is a {s['kind']}, not a human seat")
        seats.append(tb.Seat(s["kind"], s["name"], player))
    for i in keys:
        if i >= len(seats):
            raise ValueError(f"the save has {len(seats)} seats, not {i + 1}")
    return tb.TableInfo(
        tb.new_table_id(),
        header.game,
        header.undo_policy,
        dict(header.options),
        seats,
        keys.get(0, ""),
        header.seed,
        started=True,
    )


def write_new(path: Path, data: bytes) -> None:
    """Write ``data`` to a new file ``path`` (temp file, fsync, rename). Raises
    FileExistsError when ``path`` exists, OSError."""
    if path.exists():
        raise FileExistsError(f"{path} already exists; choose another file")
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


# ---------------------------------------------------------------- the data dir
def export_file(data: Path, table: str, path: Path) -> int:
    """Copy table ``table``'s journal from data dir ``data`` to ``path``. Returns its byte
    count. Raises JournalError (no such started table), OSError."""
    src = data / "tables" / f"{table}{jr.SUFFIX}"
    if not src.exists():
        raise jr.JournalError(f"no started table {table!r} in {data}")
    raw = src.read_bytes()
    write_new(path, raw)
    return len(raw)


def import_file(data: Path, path: Path, keys: dict[int, str]) -> str:
    """Make a save ``path`` a table of data dir ``data``. Returns the table id. Raises
    JournalError, ReplayMismatch, ValueError, OSError."""
    loaded, head, recs = split_save(path.read_bytes(), path.name)
    info = table_for(loaded, keys)
    folder = data / "tables"
    folder.mkdir(parents=True, exist_ok=True)
    write_new(tb.journal_path(folder, info), head + b"".join(recs))
    tb.save_info(folder, info)
    return info.id


# ---------------------------------------------------------------- PostgreSQL
async def _connect(url: str) -> Any:
    import psycopg

    from tui.serve.store import StoreError
    from tui.serve.store_pg import one_line

    try:
        return await psycopg.AsyncConnection.connect(url, autocommit=True, connect_timeout=10)
    except psycopg.Error as err:
        raise StoreError(f"cannot reach the database: {one_line(err)}") from None


async def migrate_db(url: str) -> str:
    """Run the missing schema migrations (:mod:`tui.serve.pg_schema`). Returns one line."""
    from tui.serve import pg_schema

    conn = await _connect(url)
    async with conn:
        before, after = await pg_schema.migrate(conn)
    if before == after:
        return f"the database schema is up to date (version {after})"
    return f"migrated the database schema from version {before} to {after}"


async def export_db(url: str, table: str, path: Path) -> int:
    """Write table ``table``'s journal from the database to a new save file ``path``.
    Returns its byte count. Raises StoreError, JournalError, OSError."""
    from tui.serve import pg_schema

    conn = await _connect(url)
    async with conn:
        await pg_schema.check(conn)
        cur = await conn.execute("SELECT header FROM journals WHERE table_id = %s", [table])
        row = await cur.fetchone()
        if row is None:
            raise jr.JournalError(f"no started table {table!r} in the database")
        cur = await conn.execute(
            "SELECT entry, data FROM records WHERE table_id = %s ORDER BY entry", [table]
        )
        rows = await cur.fetchall()
    if [r[0] for r in rows] != list(range(1, len(rows) + 1)):
        raise jr.JournalError(f"table {table!r}: its journal rows are not numbered 1..n")
    raw = bytes(row[0]) + b"".join(bytes(r[1]) for r in rows)
    jr.parse(raw, f"table {table}")  # the bytes check before they are written
    write_new(path, raw)
    return len(raw)


async def import_db(url: str, path: Path, keys: dict[int, str]) -> str:
    """Make a save ``path`` a table in the database (one transaction; the other nodes are
    told). Returns the table id. Raises StoreError, JournalError, ReplayMismatch, ValueError,
    OSError."""
    from psycopg.types.json import Jsonb

    from tui.serve import pg_schema
    from tui.serve.store_pg import CHANNEL

    loaded, head, recs = split_save(path.read_bytes(), path.name)
    info = table_for(loaded, keys)
    conn = await _connect(url)
    async with conn:
        await pg_schema.check(conn)
        async with conn.transaction():
            await conn.execute(
                "INSERT INTO tables (id, info) VALUES (%s, %s)", [info.id, Jsonb(asdict(info))]
            )
            await conn.execute(
                "INSERT INTO journals (table_id, header) VALUES (%s, %s)", [info.id, head]
            )
            await conn.execute(
                "INSERT INTO records (table_id, entry, data) "
                "SELECT %s, unnest(%s::integer[]), unnest(%s::bytea[])",
                [info.id, list(range(1, len(recs) + 1)), recs],
            )
            await conn.execute("SELECT pg_notify(%s, %s)", [CHANNEL, f"import t {info.id}"])
    return info.id


def run(coro: Any) -> Any:
    """Run one of the database coroutines here to its end (the CLI's commands)."""
    return asyncio.run(coro)
