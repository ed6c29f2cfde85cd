"""The PostgreSQL schema of ``imperia serve --db``: versioned migrations.

``imperia serve --db URL --migrate`` applies every migration the database has not had yet, in
order, each in its own transaction under an advisory lock (two operators migrating at once
take turns). A node refuses to serve a database whose schema is older or newer than it knows
(one line naming the versions and the command to run).

Tables (schema version 1):

* ``imperia_schema(version)``: the applied migrations, one row each.
* ``players(fingerprint, name)``: display names by SSH key fingerprint; names are unique
  case-blind (``lower(name)``), as in the file store.
* ``tables(id, info, version, created)``: a table's seats, creator, options, policy and seed
  (``info``: the same map as ``DATA/tables/<id>.json``); ``version`` rises by one with every
  change, so two nodes changing one table cannot both win (optimistic lock).
* ``journals(table_id, header)``: a started table's journal header, the exact bytes a format-2
  save file starts with (engine/journal_format.py: header map + its CRC-32).
* ``records(table_id, entry, data)``: one row per journal record, append-only (a trigger
  refuses UPDATE); ``entry`` is the record's 1-based index in the journal (check records
  counted, as in the file framing) and ``data`` its exact framed bytes (length, payload,
  CRC-32). The primary key (table_id, entry) lets exactly one node write a table's next
  record. ``header || data...`` in entry order is the save file.
"""

from __future__ import annotations

from typing import Any

from tui.serve.store import StoreError

MIGRATIONS: list[tuple[int, str]] = [
    (
        1,
        """
        CREATE TABLE players (
            fingerprint text PRIMARY KEY,
            name text NOT NULL,
            updated timestamptz NOT NULL DEFAULT now()
        );
        CREATE UNIQUE INDEX players_name_key ON players (lower(name));
        CREATE TABLE tables (
            id text PRIMARY KEY,
            info jsonb NOT NULL,
            version integer NOT NULL DEFAULT 1,
            created timestamptz NOT NULL DEFAULT now()
        );
        CREATE TABLE journals (
            table_id text PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
            header bytea NOT NULL
        );
        CREATE TABLE records (
            table_id text NOT NULL REFERENCES journals (table_id) ON DELETE CASCADE,
            entry integer NOT NULL CHECK (entry > 0),
            data bytea NOT NULL,
            written timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (table_id, entry)
        );
        CREATE FUNCTION imperia_records_append_only() RETURNS trigger
            LANGUAGE plpgsql AS $$
            BEGIN
                RAISE EXCEPTION 'journal records are append-only';
            END $$;
        CREATE TRIGGER records_append_only BEFORE UPDATE ON records
            FOR EACH ROW EXECUTE FUNCTION imperia_records_append_only();
        """,
    ),
]

SCHEMA_VERSION = MIGRATIONS[-1][0]
"""The schema version this Imperia serves."""

LOCK_KEY = 0x1A9E
"""The advisory lock key migrations hold."""


class SchemaError(StoreError):
    """The database's schema is not the one this Imperia serves (one line for the operator)."""


async def schema_version(conn: Any) -> int:
    """The database's schema version (0 when no migration ran)."""
    cur = await conn.execute("SELECT to_regclass('imperia_schema') IS NOT NULL")
    (exists,) = await cur.fetchone()
    if not exists:
        return 0
    cur = await conn.execute("SELECT coalesce(max(version), 0) FROM imperia_schema")
    (version,) = await cur.fetchone()
    return int(version)


async def check(conn: Any) -> None:
    """Raise SchemaError unless the database is at :data:`SCHEMA_VERSION`."""
    version = await schema_version(conn)
    if version < SCHEMA_VERSION:
        raise SchemaError(
            f"the database is at schema version {version}, this Imperia needs "
            f"{SCHEMA_VERSION}: run `imperia serve --db URL --migrate` first"
        )
    if version > SCHEMA_VERSION:
        raise SchemaError(
            f"the database is at schema version {version}, newer than this Imperia "
            f"({SCHEMA_VERSION}); update Imperia on this node"
        )


async def migrate(conn: Any) -> tuple[int, int]:
    """Apply the missing migrations on ``conn`` (an autocommit connection). Returns the
    schema version before and after. Raises SchemaError for a newer database."""
    before = None
    for version, sql in MIGRATIONS:
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock(%s)", [LOCK_KEY])
            await conn.execute(
                "CREATE TABLE IF NOT EXISTS imperia_schema ("
                " version integer PRIMARY KEY, applied timestamptz NOT NULL DEFAULT now())"
            )
            current = await schema_version(conn)
            if before is None:
                before = current
            if current > SCHEMA_VERSION:
                raise SchemaError(
                    f"the database is at schema version {current}, newer than this Imperia "
                    f"({SCHEMA_VERSION})"
                )
            if version <= current:
                continue
            await conn.execute(sql)
            await conn.execute("INSERT INTO imperia_schema (version) VALUES (%s)", [version])
    return before or 0, await schema_version(conn)
