"""Save files: reading, appending (the autosave), atomic copies, and where saves live.

This is the only module of ``engine/`` that touches files (DESIGN.md "The journal"). The bytes
(header, framing, checksums, strict parsing) are :mod:`engine.journal_format`, re-exported here.

Records (msgpack arrays, the first element a record code):

=========  ===========================  ==========================================
code       shape                        meaning
=========  ===========================  ==========================================
0 act      ``[0, seat, choice_id]``     a seat's choice
1 undo     ``[1, seat, ply]``           take back to ``ply`` effective choices
2 resign   ``[2, seat]``                the seat resigns; the match ends
3 chat     ``[3, seat, text]``          a chat line (never undone)
4 check    ``[4, entries, hash]``       8-byte state hash after ``entries`` entries
           ``[4, entries, hash, snap]`` (format 4) the same, with a snapshot of the match
5 note     ``[5, seat, text]``          a note such as a hint used (never undone)
=========  ===========================  ==========================================

Entries are every record but ``check``, numbered from 1. A check record is written every 32
entries and when a match is closed, so a replay verifies the last entries too. In format 4
(new save files) the check written on close and every 1024th entry carries a snapshot
(:class:`engine.journal_format.Snapshot`), from which a load can start (engine/replay.py).

Writing. Each record is written with one ``os.write`` call on an unbuffered descriptor (no
bytes wait in a buffer). When a write fails (disk full, file too large), the file is cut back
to its length before the attempt and :class:`JournalWriteError` says why; the match did not
make the choice and can retry it. If even the cut fails, the writer stops (every later append
raises) and says so; the partial record at the end is then a torn tail, dropped on load.

Durability (fsync policy). By default a record is handed to the operating system at once
(``os.write``) but not synced: it survives the app being killed or crashing, not a power cut
(which loses at most the last moments of play; a zero-filled or torn tail is dropped on load).
``sync="group"`` (the SSH server's hub) also runs ``fdatasync`` in a background thread at most
:data:`GROUP_SYNC_S` (5 ms) after a record, one sync for every record written meanwhile, so the
server never waits on the disk and an entry is on disk within 5 ms. ``sync="always"`` syncs
before ``append`` returns. Measured by ``scripts/journal_sync_bench.py`` (on this project's
build machine, ext4 on a virtual disk: never 3 µs, always 1.8 ms mean / 8 ms p99 per record).

Loading. A torn final record is dropped with a warning; damage anywhere else raises
:class:`JournalDamaged` naming the first bad entry (and carrying the intact part, which the app
can open as a new copy); a file that is not a journal, is from another game or an unknown
format raises :class:`JournalError`, whose message is one clear line. A file that fails to load
is never modified. A journal being written is locked, so a second window cannot write it.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import tempfile
import threading
from collections.abc import Iterable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from engine.journal_format import (
    ACT,
    CHAT,
    CHECK,
    FORMAT_NAME,
    FORMAT_VERSION,
    MAX_CHAT_CHARS,
    MAX_FILE_BYTES,
    MAX_RECORD_BYTES,
    NOTE,
    RECORD_NAMES,
    RESIGN,
    SAVE_VERSION,
    UNDO,
    WRITE_VERSION,
    ChoiceTable,
    Header,
    JournalDamaged,
    JournalError,
    Loaded,
    Record,
    encode,
    pack_record,
    parse,
    valid_record,
)

SUFFIX = ".imperia"
SYNC_POLICIES = ("never", "group", "always")
GROUP_SYNC_S = 0.005
"""The "group" policy syncs at most this many seconds after a record (one sync for all)."""

__all__ = [
    "ACT",
    "CHAT",
    "NOTE",
    "CHECK",
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "MAX_CHAT_CHARS",
    "MAX_FILE_BYTES",
    "MAX_RECORD_BYTES",
    "RECORD_NAMES",
    "RESIGN",
    "SAVE_VERSION",
    "SUFFIX",
    "UNDO",
    "WRITE_VERSION",
    "ChoiceTable",
    "Header",
    "JournalDamaged",
    "JournalError",
    "JournalWriteError",
    "JournalWriter",
    "Loaded",
    "Record",
    "default_save_dir",
    "list_saves",
    "new_save_path",
    "pack_record",
    "parse",
    "read",
    "valid_record",
    "write_atomic",
]


class JournalWriteError(JournalError):
    """A record that could not be written. ``reason`` is the system's words ("No space left
    on device"); ``intact`` is False when the file could not be cut back (the writer stopped)."""

    def __init__(self, message: str, reason: str, intact: bool = True):
        super().__init__(message)
        self.reason = reason
        self.intact = intact


def read(path: str | os.PathLike[str]) -> Loaded:
    """Read and parse a journal file. Raises JournalError (missing, unreadable, not a journal,
    unknown format) or JournalDamaged (damage before the end). Never modifies the file."""
    p = Path(path)
    if not str(path).strip():
        raise JournalError("no save file given")
    try:
        st = p.stat()
        if stat.S_ISDIR(st.st_mode):
            raise IsADirectoryError
        if not stat.S_ISREG(st.st_mode):
            raise JournalError(f"{p} is not a regular file")
        size = st.st_size
        if size > MAX_FILE_BYTES:
            raise JournalError(f"{p.name} is too large to be an Imperia save ({size} bytes)")
        data = p.read_bytes()
    except FileNotFoundError:
        raise JournalError(f"no such save file: {p}") from None
    except IsADirectoryError:
        raise JournalError(f"{p} is a folder, not a save file") from None
    except PermissionError:
        raise JournalError(f"cannot read {p}: permission denied") from None
    except OSError as err:
        raise JournalError(f"cannot read {p}: {err.strerror or err}") from None
    return parse(data, p.name)


def _lock(fd: int, p: Path) -> None:
    try:
        import fcntl
    except ImportError:  # not on this platform: no lock
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise JournalError(f"{p.name} is open in another Imperia window") from None


def _check_sync(sync: str) -> None:
    if sync not in SYNC_POLICIES:
        raise ValueError(f"unknown sync policy {sync!r} (use {', '.join(SYNC_POLICIES)})")


def _sync(fd: int) -> None:
    (getattr(os, "fdatasync", None) or os.fsync)(fd)


class JournalWriter:
    """Appends records to a journal file, one ``os.write`` per record (the autosave).

    Use :meth:`create` for a new file or :meth:`reopen` to continue a loaded one. ``sync`` is
    "never" (hand each record to the OS), "group" (also ``fdatasync`` within 5 ms, off-thread)
    or "always" (``fdatasync`` before returning); see the module docstring. Records are written in the file's own format version.
    """

    def __init__(
        self,
        path: Path,
        fd: int,
        pos: int,
        version: int,
        header_crc: int,
        index: int,
        sync: str,
        table: ChoiceTable | None = None,
    ):
        _check_sync(sync)
        self.path = path
        self.version = version
        self.sync = sync
        self.broken = ""  # why the writer stopped ("" while it works)
        self._fd: int | None = fd
        self._pos = pos  # where the next record goes
        self._crc = header_crc
        self._index = index  # records written so far (checks included)
        self._table = table  # format 3: the choice ids numbered so far
        self._timer: threading.Timer | None = None  # the pending group sync
        self._lock = threading.Lock()

    @classmethod
    def create(
        cls, path: str | os.PathLike[str], header: Header, sync: str = "never"
    ) -> JournalWriter:
        """Create ``path`` (and its folder) and write the header (format ``header.version``).

        Raises JournalError (one line) when the file exists or cannot be written, or the header
        cannot be encoded (e.g. a seed beyond 64 bits); nothing is left behind then."""
        _check_sync(sync)
        p = Path(path)
        head = header.pack()
        try:
            p.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(
                p, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666
            )
        except FileExistsError:
            raise JournalError(f"{p} already exists") from None
        except OSError as err:
            raise JournalError(f"cannot create {p}: {err.strerror or err}") from None
        _lock(fd, p)
        crc = int.from_bytes(head[-4:], "little") if header.version >= 2 else 0
        writer = cls(p, fd, 0, header.version, crc, 0, sync, ChoiceTable.of(header))
        try:
            writer._write(head)
        except JournalError:
            writer.close()
            p.unlink(missing_ok=True)
            raise
        return writer

    @classmethod
    def reopen(
        cls, path: str | os.PathLike[str], loaded: Loaded | int, sync: str = "never"
    ) -> JournalWriter:
        """Open a loaded journal for appending (in its format version), first cutting a torn
        tail back to ``loaded.good_bytes`` (an intact file is not modified until something is
        appended). ``loaded`` may also be that byte length alone (the file is then read).
        Raises JournalError when it cannot be written or another window has it."""
        _check_sync(sync)
        p = Path(path)
        if isinstance(loaded, int):
            whole = read(p)
            loaded = Loaded(whole.header, whole.records, [], loaded, whole.header_crc)
        try:
            fd = os.open(p, os.O_RDWR | getattr(os, "O_BINARY", 0))
        except OSError as err:
            raise JournalError(f"cannot write to {p.name}: {err.strerror or err}") from None
        _lock(fd, p)
        good = loaded.good_bytes
        try:
            if os.fstat(fd).st_size > good:
                os.ftruncate(fd, good)
        except OSError as err:
            os.close(fd)
            raise JournalError(f"cannot write to {p.name}: {err.strerror or err}") from None
        version = loaded.header.version
        table = ChoiceTable.of(loaded.header, loaded.records)
        return cls(p, fd, good, version, loaded.header_crc, len(loaded.records), sync, table)

    def _write(self, data: bytes) -> None:
        fd = self._fd
        if fd is None:
            raise JournalError("the save file is closed")
        if self.broken:
            raise JournalWriteError(self.broken, "the save file is not writable", intact=False)
        pos = self._pos
        done = 0
        try:
            os.lseek(fd, pos, os.SEEK_SET)
            while done < len(data):
                n = os.write(fd, data[done:])
                if n <= 0:
                    raise OSError(28, "No space left on device")
                done += n
            if self.sync == "always":
                _sync(fd)
            elif self.sync == "group":
                self._schedule_sync()
        except OSError as err:
            reason = err.strerror or str(err)
            try:
                os.ftruncate(fd, pos)  # even when nothing was counted as written
                if self.sync == "always":
                    _sync(fd)
            except OSError as cut:
                self.broken = (
                    f"could not save to {self.path.name}: {reason}, and could not remove the "
                    f"partial entry ({cut.strerror or cut}); stopped writing (the partial entry "
                    "is dropped when the file is loaded)"
                )
                raise JournalWriteError(self.broken, reason, intact=False) from None
            raise JournalWriteError(
                f"could not save to {self.path.name}: {reason}", reason
            ) from None
        self._pos = pos + len(data)

    def append(self, rec: Sequence[Any]) -> None:
        """Write one record. Raises JournalWriteError (the file is left as it was) or
        JournalError (the writer is closed)."""
        table = self._table
        self._write(encode(rec, self.version, self._crc, self._index + 1, table))
        self._index += 1
        if table is not None:
            table.note(rec)  # only once written: a failed append numbers nothing

    def __call__(self, rec: Sequence[Any]) -> None:
        """:meth:`append` (the writer is a match's ``sink``)."""
        self.append(rec)

    def _schedule_sync(self) -> None:
        with self._lock:
            if self._timer is None:
                self._timer = threading.Timer(GROUP_SYNC_S, self.flush_sync)
                self._timer.daemon = True
                self._timer.start()

    def flush_sync(self) -> None:
        """``fdatasync`` the file now (whatever the policy); errors are ignored."""
        with self._lock:  # never held while syncing: an append must not wait on the disk
            self._timer = None
            fd = self._fd
        if fd is not None:
            with contextlib.suppress(OSError):
                _sync(fd)

    @property
    def closed(self) -> bool:
        """True once :meth:`close` ran."""
        return self._fd is None

    def close(self) -> None:
        """Close the file (releasing its lock); errors on close are ignored."""
        if self._fd is None:
            return
        with self._lock:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            fd, self._fd = self._fd, None
            with contextlib.suppress(OSError):
                if self.sync != "never":
                    _sync(fd)
                os.close(fd)


def write_atomic(path: str | os.PathLike[str], header: Header, records: Iterable[Record]) -> Path:
    """Write a whole journal to ``path`` via a temporary file, fsync and a rename ("save as"),
    in format ``header.version``.

    Either the old file stays or the new one is complete. Raises OSError (or JournalError for
    a header that cannot be encoded) on failure.
    """
    p = Path(path)
    head = header.pack()
    crc = int.from_bytes(head[-4:], "little") if header.version >= 2 else 0
    p.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".imperia-", suffix=".tmp", dir=p.parent)
    umask = os.umask(0)
    os.umask(umask)
    try:
        os.chmod(tmp, 0o666 & ~umask)  # like any file the user creates, not mkstemp's 0600
        table = ChoiceTable.of(header)
        with os.fdopen(fd, "wb") as fh:
            fh.write(head)
            for i, rec in enumerate(records, start=1):
                fh.write(encode(rec, header.version, crc, i, table))
                if table is not None:
                    table.note(rec)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, p)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return p


def default_save_dir() -> Path:
    """Where matches are saved: ``$IMPERIA_SAVE_DIR`` or the platform's user data dir + saves."""
    env = os.environ.get("IMPERIA_SAVE_DIR")
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("imperia", appauthor=False)) / "saves"


def new_save_path(folder: Path, game: str, seat_names: Sequence[str]) -> Path:
    """A fresh file name like ``2026-11-30_0315_imperium_Ann-vs-Bot.imperia`` in ``folder``."""
    stamp = datetime.now().strftime("%Y-%m-%d_%H%M%S")
    names = "-vs-".join(re.sub(r"[^A-Za-z0-9]+", "", n)[:12] or "seat" for n in seat_names)
    base = f"{stamp}_{game}_{names}"
    path = folder / f"{base}{SUFFIX}"
    n = 2
    while path.exists():
        path = folder / f"{base}_{n}{SUFFIX}"
        n += 1
    return path


def list_saves(folder: Path) -> list[Path]:
    """Journal files in ``folder``, newest first (by modification time); [] if it is missing."""
    try:
        files = [p for p in folder.iterdir() if p.suffix == SUFFIX and p.is_file()]
    except OSError:
        return []
    return sorted(files, key=lambda p: p.stat().st_mtime, reverse=True)
