"""The save format: a msgpack stream of one header map, then one record per journal entry.

This is the only module of ``engine/`` that touches files (DESIGN.md "The journal").

Header (a map): ``format`` ("imperia-journal"), ``version`` (:data:`FORMAT_VERSION`), ``game``,
``rules_version``, ``options``, ``seats`` (list of ``{"name", "kind"}``), ``seed``, ``created``
(ISO 8601 UTC), ``undo_policy``.

Records (msgpack arrays, the first element a record code):

=========  ===========================  ==========================================
code       shape                        meaning
=========  ===========================  ==========================================
0 act      ``[0, seat, choice_id]``     a seat's choice
1 undo     ``[1, seat, ply]``           take back to ``ply`` effective choices
2 resign   ``[2, seat]``                the seat resigns; the match ends
3 chat     ``[3, seat, text]``          a chat line (never undone)
4 check    ``[4, entries, hash]``       8-byte state hash after ``entries`` entries
=========  ===========================  ==========================================

Entries are every record but ``check``, numbered from 1. Each record is written and flushed as it
happens (the journal is the autosave). A torn final record (the process was killed mid-write) is
dropped on load with a warning; a file that is not a journal, is damaged before its end, is from
another game, or from a newer format fails with :class:`JournalError`, whose message is one
clear line, and is never modified. A journal being written is locked, so a second window cannot
write the same match.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, BinaryIO

import msgpack

FORMAT_NAME = "imperia-journal"
FORMAT_VERSION = 1
SUFFIX = ".imperia"

ACT, UNDO, RESIGN, CHAT, CHECK = 0, 1, 2, 3, 4
RECORD_NAMES = {ACT: "act", UNDO: "undo", RESIGN: "resign", CHAT: "chat", CHECK: "check"}
_ARITY = {ACT: 3, UNDO: 3, RESIGN: 2, CHAT: 3, CHECK: 3}
MAX_FILE_BYTES = 256 * 1024 * 1024

Record = tuple[Any, ...]


class JournalError(Exception):
    """A save file that cannot be used. ``str(err)`` is one line meant for the player."""


@dataclass
class Header:
    """The first map of a journal (see module docstring)."""

    game: str
    rules_version: int
    options: dict[str, Any]
    seats: list[dict[str, str]]
    seed: int
    undo_policy: str = "casual"
    created: str = field(default_factory=lambda: datetime.now(UTC).isoformat(timespec="seconds"))
    format: str = FORMAT_NAME
    version: int = FORMAT_VERSION

    def to_map(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_map(cls, m: Any, source: str = "file") -> Header:
        """Validate a decoded header map. Raises JournalError naming what is wrong."""
        if not isinstance(m, dict) or m.get("format") != FORMAT_NAME:
            raise JournalError(f"{source} is not an Imperia save file")
        version = m.get("version")
        if not isinstance(version, int):
            raise JournalError(f"{source}: damaged header (no format version)")
        if version > FORMAT_VERSION:
            raise JournalError(
                f"{source} was saved in journal format {version}; this Imperia reads up to "
                f"format {FORMAT_VERSION} — update Imperia to open it"
            )
        try:
            return cls(
                game=str(m["game"]),
                rules_version=int(m["rules_version"]),
                options=dict(m.get("options") or {}),
                seats=[{"name": str(s["name"]), "kind": str(s["kind"])} for s in m["seats"]],
                seed=int(m["seed"]),
                undo_policy=str(m.get("undo_policy", "casual")),
                created=str(m.get("created", "")),
                version=version,
            )
        except KeyError as err:
            raise JournalError(f"{source}: damaged header (no {err.args[0]!r})") from None
        except (TypeError, ValueError, AttributeError):
            raise JournalError(f"{source}: damaged header (a field has the wrong type)") from None


@dataclass
class Loaded:
    """A parsed journal: header, whole records, warnings, and the byte length of the good part."""

    header: Header
    records: list[Record]
    warnings: list[str]
    good_bytes: int


def _valid(rec: Any) -> bool:
    if not isinstance(rec, list) or not rec or not isinstance(rec[0], int):
        return False
    code = rec[0]
    if _ARITY.get(code) != len(rec):
        return False
    if code in (ACT, UNDO, RESIGN, CHAT) and not isinstance(rec[1], int):
        return False
    if code == ACT:
        return isinstance(rec[2], str)
    if code == UNDO:
        return isinstance(rec[2], int) and rec[2] >= 0
    if code == CHAT:
        return isinstance(rec[2], str)
    if code == CHECK:
        return isinstance(rec[1], int) and isinstance(rec[2], bytes)
    return True


def parse(data: bytes, source: str = "file") -> Loaded:
    """Parse journal bytes. Raises JournalError for a non-journal, damaged header or newer format.

    A torn or damaged tail is dropped: the records before it are kept and a warning says how
    many bytes were dropped and after which entry.
    """
    unpacker = msgpack.Unpacker(
        raw=False, strict_map_key=False, max_buffer_size=max(len(data), 1024)
    )
    unpacker.feed(data)
    try:
        header_map = unpacker.unpack()
    except msgpack.OutOfData:
        raise JournalError(f"{source} is empty or not an Imperia save file") from None
    except Exception:
        raise JournalError(f"{source} is not an Imperia save file") from None
    header = Header.from_map(header_map, source)
    records: list[Record] = []
    good = unpacker.tell()
    warnings: list[str] = []
    entries = 0
    while good < len(data):
        try:
            rec = unpacker.unpack()
        except msgpack.OutOfData:  # the last record was cut short: a torn tail
            warnings.append(
                f"{source}: the last entry was cut short (the app was stopped while saving); "
                f"dropped its {len(data) - good} bytes, kept {entries} entries"
            )
            break
        except Exception:
            rec = None
        if not _valid(rec):
            raise JournalError(
                f"{source} is damaged after entry {entries} (byte {good} of {len(data)}); "
                "it was not changed"
            )
        records.append(tuple(rec))
        entries += rec[0] != CHECK
        good = unpacker.tell()
    return Loaded(header, records, warnings, good)


def read(path: str | os.PathLike[str]) -> Loaded:
    """Read and parse a journal file. Raises JournalError (missing, unreadable, not a journal)."""
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


def pack_record(rec: Sequence[Any]) -> bytes:
    """The bytes of one record (a tuple or list packs as a msgpack array)."""
    return msgpack.packb(rec, use_bin_type=True)


class JournalWriter:
    """Appends records to a journal file, flushing each one (the autosave).

    Use :meth:`create` for a new file or :meth:`reopen` to continue a loaded one (the file is
    first cut back to its last whole record).
    """

    def __init__(self, path: Path, fh: BinaryIO):
        self.path = path
        self._fh: BinaryIO | None = fh
        self._pos = fh.tell()  # where the next record goes (kept here: tell() costs a call)
        self._packer = msgpack.Packer(use_bin_type=True)  # packb's bytes, without a new Packer

    @staticmethod
    def _lock(fh: BinaryIO, p: Path) -> None:
        try:
            import fcntl
        except ImportError:  # not on this platform: no lock
            return
        try:
            fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            fh.close()
            raise JournalError(f"{p.name} is open in another Imperia window") from None

    @classmethod
    def create(cls, path: str | os.PathLike[str], header: Header) -> JournalWriter:
        """Create ``path`` (and its folder) and write the header.

        Raises JournalError (one line) when the file exists or cannot be written, or the header
        cannot be encoded (e.g. a seed beyond 64 bits); nothing is left behind then."""
        p = Path(path)
        try:
            head = msgpack.packb(header.to_map(), use_bin_type=True)
        except (OverflowError, TypeError, ValueError) as err:
            raise JournalError(f"cannot save this match: {err}") from None
        try:
            p.parent.mkdir(parents=True, exist_ok=True)
            fh = open(p, "xb")  # noqa: SIM115 - kept open for appends
        except FileExistsError:
            raise JournalError(f"{p} already exists") from None
        except OSError as err:
            raise JournalError(f"cannot create {p}: {err.strerror or err}") from None
        cls._lock(fh, p)
        writer = cls(p, fh)
        try:
            writer._write(head)
        except JournalError:
            writer.close()
            p.unlink(missing_ok=True)
            raise
        return writer

    @classmethod
    def reopen(cls, path: str | os.PathLike[str], good_bytes: int) -> JournalWriter:
        """Open an existing journal for appending, first cutting a torn tail back to
        ``good_bytes`` (an intact file is not modified until something is appended).

        Raises JournalError when the file cannot be written or another window has it open."""
        p = Path(path)
        try:
            fh = open(p, "r+b")  # noqa: SIM115 - kept open for appends
        except OSError as err:
            raise JournalError(f"cannot write to {p.name}: {err.strerror or err}") from None
        cls._lock(fh, p)
        if p.stat().st_size > good_bytes:
            fh.truncate(good_bytes)
        fh.seek(good_bytes)
        return cls(p, fh)

    def _write(self, data: bytes) -> None:
        fh = self._fh
        if fh is None:
            raise JournalError("the save file is closed")
        pos = self._pos
        try:
            fh.write(data)
            fh.flush()
            self._pos = pos + len(data)
        except OSError as err:
            with contextlib.suppress(OSError):  # leave no half record behind
                fh.truncate(pos)
                fh.seek(pos)
            with contextlib.suppress(OSError, ValueError):
                self._pos = fh.tell()  # wherever the failed write left the file
            raise JournalError(
                f"could not save to {self.path.name}: {err.strerror or err}"
            ) from None

    def append(self, rec: Sequence[Any]) -> None:
        """Write one record and flush it. Raises JournalError (the file is left whole)."""
        self._write(self._packer.pack(rec))

    def close(self) -> None:
        """Close the file (releasing its lock); errors on close are ignored."""
        if self._fh is not None:
            fh, self._fh = self._fh, None
            with contextlib.suppress(OSError):
                fh.close()

    def __call__(self, rec: Sequence[Any]) -> None:
        """:meth:`append` (the writer is a match's ``sink``)."""
        self._write(self._packer.pack(rec))


def write_atomic(path: str | os.PathLike[str], header: Header, records: Iterable[Record]) -> Path:
    """Write a whole journal to ``path`` via a temporary file and a rename ("save as").

    Either the old file stays or the new one is complete. Raises OSError on failure.
    """
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".imperia-", suffix=".tmp", dir=p.parent)
    umask = os.umask(0)
    os.umask(umask)
    try:
        os.chmod(tmp, 0o666 & ~umask)  # like any file the user creates, not mkstemp's 0600
        with os.fdopen(fd, "wb") as fh:
            fh.write(msgpack.packb(header.to_map(), use_bin_type=True))
            for rec in records:
                fh.write(pack_record(rec))
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
