"""A match journal kept as database rows: one row per record, each the exact bytes of a
format-2 save file's record (engine/journal_format.py). No database code here: the rows are
written by :class:`tui.serve.store_pg.PgStore`."""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from typing import Any

import msgpack

from engine import journal as jr
from engine import journal_format as jf
from engine import session as es
from engine.match import Match
from tui.serve import tables as tb

OK, CONFLICT, DOWN = "ok", "conflict", "down"
"""What a commit of staged records gives (DOWN is followed by ": <why>")."""


class PgJournal:
    """A match's journal sink in the database: frames and stages records (see module doc).

    Attributes:
        table: the table id.
        head: the header bytes (header map + CRC-32, as a save file starts).
        committed: records the database has (checks counted).
        pending: staged ``(entry, bytes, record)`` not yet committed, in order.
        header_saved: False until the table's start (header row) is committed.
        dead: the start of this match lost to another node's (its records are never written).
    """

    def __init__(self, table: str, head: bytes, committed: int, header_saved: bool) -> None:
        self.table = table
        self.head = head
        self.crc = int.from_bytes(head[-4:], "little")
        self.committed = committed
        self.pending: list[tuple[int, bytes, jr.Record]] = []
        self.header_saved = header_saved
        self.dead = False
        self.closed = False
        self.inflight = False

    def __call__(self, rec: Sequence[Any]) -> None:
        """Stage one record (the match's ``sink``). Raises JournalError once closed."""
        if self.closed:
            raise jr.JournalError("the journal is closed")
        index = self.committed + len(self.pending) + 1
        self.pending.append((index, jr.encode(rec, jr.FORMAT_VERSION, self.crc, index), rec))

    def close(self) -> None:
        """No more records (what is staged is still committed by the hub)."""
        self.closed = True


def match_from(info: tb.TableInfo, head: bytes, recs: Sequence[bytes]) -> Match:
    """Replay a table's journal rows into a match appending to a :class:`PgJournal`.
    Raises JournalError (JournalDamaged for a bad record) or ReplayMismatch."""
    loaded = jr.parse(head + b"".join(recs), f"table {info.id}")
    match = es.load_match(loaded, verify=True)
    match.sink = PgJournal(info.id, head, len(loaded.records), True)
    return match


def decode_record(data: bytes, header_crc: int, index: int) -> jr.Record:
    """The record in one framed row (``data``: length, payload, CRC-32 of record ``index``;
    engine/journal_format.py). Raises JournalError when the bytes do not check."""
    n, shift, p = 0, 0, 0
    while p < len(data) and shift <= 14:
        b = data[p]
        p += 1
        n |= (b & 0x7F) << shift
        if not b & 0x80:
            break
        shift += 7
    payload = data[p : p + n]
    crc = zlib.crc32(data[: p + n], jf.record_seed(header_crc, index))
    if len(data) != p + n + 4 or crc != int.from_bytes(data[p + n :], "little"):
        raise jr.JournalError(f"journal record {index} is damaged in the database")
    rec = msgpack.unpackb(payload, raw=False, strict_map_key=False)
    if not jr.valid_record(rec):
        raise jr.JournalError(f"journal record {index} is malformed in the database")
    return tuple(rec)
