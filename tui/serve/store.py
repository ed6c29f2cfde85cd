"""Where the hub keeps players, tables and journals: the data dir (default) or PostgreSQL.

:class:`FileStore` is the embedded default: ``DATA/players.json``, ``DATA/tables/<id>.json``
and ``DATA/tables/<id>.imperia`` (the engine journal, written by
:class:`engine.journal.JournalWriter`, each entry on disk within 5 ms). Only one server uses a
data dir.

:class:`tui.serve.store_pg.PgStore` (``imperia serve --db postgresql://...``) keeps the same
things in PostgreSQL so that several server nodes share one lobby. Its journals stage each
record in memory and :meth:`Store.commit` writes them; a move is shown to anyone only once the
database has it (see ``tui/serve/README.md``, "Several nodes").

The hub calls a store only through this interface; every method here is synchronous for the
file store, and ``shared`` tells the hub whether it must call :meth:`Store.commit` (and await
it) before it pushes a change.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgpack

from engine import journal as jr
from engine import journal_format
from engine import session as es
from engine.match import Match
from engine.rules import SeatConfig
from tui.serve import tables as tb
from tui.serve.errors import StoreError

__all__ = ["SYNC", "FileStore", "Store", "StoreError", "journal_bytes", "split_save"]

SYNC = "group"
"""The file store's fsync policy: every journal entry is on disk within 5 ms (one background
``fdatasync`` per group of entries), so a power cut loses at most those last milliseconds
and the hub never waits on the disk (engine/journal.py, "Durability")."""


class Store:
    """What the hub needs from a store (the file store's behaviour is the reference).

    Attributes:
        shared: True when other nodes may change the same tables (then every change goes
            through :meth:`commit` before it is pushed, and the store tells the hub about other
            nodes' changes).
        where: one line for the operator ("data in /srv/imperia", "database imperia@host").
    """

    shared = False
    where = ""
    errors: tuple[type[BaseException], ...] = (OSError,)
    """What a failed read or write of this store raises."""

    async def open(self, hub: Any) -> None:
        """Connect (if needed). ``hub`` gets the other nodes' changes (shared stores only)."""

    async def close(self) -> None:
        """Write what is still staged and disconnect."""

    def load_names(self) -> tuple[dict[str, str], list[str]]:
        """Display names by key fingerprint, and warning lines."""
        raise NotImplementedError

    def save_name(self, player: str, name: str, names: dict[str, str]) -> None:
        """Keep ``player``'s display ``name`` (``names``: every name, after the change)."""
        raise NotImplementedError

    def load_tables(self) -> tuple[list[tb.TableInfo], list[str]]:
        """Every table, oldest first, and one warning line per table that cannot be read."""
        raise NotImplementedError

    def save_info(self, info: tb.TableInfo, match: Match | None = None) -> None:
        """Keep a table's seats (``match``: the match that has just started there). Raises
        OSError (file store)."""
        raise NotImplementedError

    def delete_table(self, info: tb.TableInfo) -> None:
        """Forget an open table that everyone left."""
        raise NotImplementedError

    def new_match(self, info: tb.TableInfo, seats: Sequence[SeatConfig]) -> Match:
        """Start the table's match with its journal attached. Raises KeyError, ValueError,
        OSError or JournalError (nothing is left behind then)."""
        raise NotImplementedError

    def open_match(self, info: tb.TableInfo) -> tuple[Match, list[str]]:
        """Resume a started table's match from its journal: the match (appending to the same
        journal) and load warnings. Raises JournalError, ReplayMismatch or OSError."""
        raise NotImplementedError


class FileStore(Store):
    """The data dir (see the module docstring).

    Args:
        data: the server's data dir (``tables/`` and ``players.json`` inside).
    """

    def __init__(self, data: Path) -> None:
        self.data = data
        self.folder = data / "tables"
        self.where = f"data in {data}"

    def load_names(self) -> tuple[dict[str, str], list[str]]:
        path = self.data / "players.json"
        if not path.exists():
            return {}, []
        try:
            return dict(json.loads(path.read_text(encoding="utf-8"))), []
        except (OSError, ValueError) as err:
            return {}, [f"players.json: {err}"]

    def save_name(self, player: str, name: str, names: dict[str, str]) -> None:
        path = self.data / "players.json"
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(names), encoding="utf-8")
        os.replace(tmp, path)

    def load_tables(self) -> tuple[list[tb.TableInfo], list[str]]:
        self.folder.mkdir(parents=True, exist_ok=True)
        return tb.load_tables(self.folder)

    def save_info(self, info: tb.TableInfo, match: Match | None = None) -> None:
        tb.save_info(self.folder, info)

    def delete_table(self, info: tb.TableInfo) -> None:
        with contextlib.suppress(OSError):
            (self.folder / f"{info.id}.json").unlink()

    def new_match(self, info: tb.TableInfo, seats: Sequence[SeatConfig]) -> Match:
        return es.new_match(
            info.game,
            seats,
            info.options,
            info.seed,
            info.policy,
            save_path=tb.journal_path(self.folder, info),
            sync=SYNC,
        )

    def open_match(self, info: tb.TableInfo) -> tuple[Match, list[str]]:
        return es.open_match(tb.journal_path(self.folder, info), sync=SYNC)


def journal_bytes(header: jr.Header, records: Sequence[jr.Record]) -> tuple[bytes, list[bytes]]:
    """A journal as its header bytes and each record's bytes, exactly as a format-2 file holds
    them (engine/journal_format.py): ``header + b"".join(records)`` is the save file."""
    head = header.pack()
    crc = int.from_bytes(head[-4:], "little")
    return head, [jr.encode(rec, header.version, crc, i) for i, rec in enumerate(records, 1)]


def split_save(data: bytes, source: str = "save") -> tuple[jr.Loaded, bytes, list[bytes]]:
    """A save file's bytes as ``(loaded, header bytes, record bytes)``, each record's bytes
    sliced exactly from ``data`` (a format-1 save is upgraded: header and records are framed
    in format 2). A torn tail is left out (with the load warning). Raises JournalError."""
    loaded = jr.parse(data, source)
    if loaded.version < 2:
        header = jr.Header(**{**loaded.header.to_map(), "version": jr.WRITE_VERSION})
        head, recs = journal_bytes(header, loaded.records)
        return jr.Loaded(header, loaded.records, loaded.warnings, 0), head, recs
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=False)
    unpacker.feed(data[: journal_format.MAX_HEADER_BYTES])
    unpacker.unpack()
    pos = head_end = unpacker.tell() + 4  # the header map and its CRC-32
    out: list[bytes] = []
    for _ in loaded.records:
        n, shift, p = 0, 0, pos
        while True:
            b = data[p]
            p += 1
            n |= (b & 0x7F) << shift
            if not b & 0x80:
                break
            shift += 7
        end = p + n + 4
        out.append(data[pos:end])
        pos = end
    return loaded, data[:head_end], out
