"""Fixtures of the server tests: a throwaway PostgreSQL server for the whole run (started
here, so ``.ci/run`` needs nothing else) and a fresh, migrated database per test."""

from __future__ import annotations

import itertools

import pytest
from pg_server import PgServer, why_not

_names = itertools.count(1)


@pytest.fixture(scope="session")
def pg_server():
    """One PostgreSQL server for the run (skipped, with the reason, where none can start)."""
    reason = why_not()
    if reason:
        pytest.skip(f"PostgreSQL tests: {reason}")
    server = PgServer().init()
    try:
        yield server
    finally:
        server.destroy()


@pytest.fixture
async def pg_url(pg_server):
    """A new database on the session's server, migrated to the current schema: its URL."""
    import psycopg

    from tui.serve import transfer

    name = f"imperia_t{next(_names)}"
    async with await psycopg.AsyncConnection.connect(pg_server.url(), autocommit=True) as conn:
        await conn.execute(f"CREATE DATABASE {name}")
    url = pg_server.url(name)
    await transfer.migrate_db(url)
    return url
