"""The bytes of a save file: header, record framing, checksums and strict parsing (no file I/O).

Format version 4 (new save files, :data:`SAVE_VERSION`; issue 17): format 3, and a ``check``
record may carry a fourth field, a *snapshot* (:func:`pack_snapshot`: the state after its
entries, the undo barriers of the line and the match's most recent undo snapshots,
zlib-compressed), so a loader can start from the last one and replay only the records after it
(:mod:`engine.replay`). A snapshot check is written when a match is closed and every
:data:`SNAPSHOT_EVERY_ENTRIES` entries; it is framed and chained like every record, and may be
up to :data:`MAX_SNAPSHOT_BYTES` long. Formats 1-3 never hold one.

Format version 3 (read and written): the framing of version 2, and an ``act`` whose choice id
an earlier ``act`` of the same file already used is written as one msgpack integer
``ref * seats + seat`` instead of the array, ``ref`` numbering the file's distinct choice ids in
the order of their first ``act`` and ``seats`` the header's seat count (:class:`ChoiceTable`;
6-7 bytes an act instead of 14-18). Reading builds the same table, so the records come out as
``(0, seat, choice id)`` as in every version. Format 4 does the same.

Format version 2::

    header map (msgpack) | CRC-32 of the header bytes (4 bytes, little-endian)
    record 1 | record 2 | ...
    record i = varint(len(payload)) | payload (one msgpack array) | crc_i (4 bytes, LE)
    crc_i    = CRC-32(varint | payload), started from CRC-32(i as 4 bytes LE, header CRC)

Every record is framed with its length and a checksum that also covers its index and the
header, so a flipped bit, an inserted, deleted or swapped record, or an edited header (undo
policy, seats, options) is found at the first bad entry. CRC-32 (zlib, in the standard library,
C speed) is used rather than CRC-32C: it needs no new dependency, and for records under
:data:`MAX_RECORD_BYTES` it detects every error of up to 3 bits and every burst of up to 32 bits.

Format version 1 (still read, and appended to as version 1): the header map, then bare msgpack
records. It has no checksums: damage that still decodes is found only by replay and check
records, and an edited header is not found at all.

What counts as a torn tail (the app stopped while writing): only the last record, incomplete at
the end of the file (no whole record follows it), or a tail of zero bytes (what a power cut
leaves) and the record it cuts into. Both are dropped with a warning. Anything else is damage:
:class:`JournalDamaged` names the first bad entry and carries the intact part before it.
"""

from __future__ import annotations

import zlib
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from typing import Any

import msgpack

FORMAT_NAME = "imperia-journal"
FORMAT_VERSION = 4
"""The newest format this Imperia reads and writes."""
WRITE_VERSION = 2
"""The format of a header made without one (``Match.header()``): what the SSH server's
database store writes (its rows are whole records, tui/serve/journal_rows.py)."""
SAVE_VERSION = 4
"""The format of new save files (``engine.session.new_match``, ``save_as``, the bench)."""
READ_VERSIONS = (1, 2, 3, 4)
SNAPSHOT_VERSION = 4
"""The first format whose check records may carry a snapshot."""
SNAPSHOT_EVERY_ENTRIES = 1024
"""A live match writes a snapshot check every this many entries (and one when closed)."""

ACT, UNDO, RESIGN, CHAT, CHECK, NOTE = 0, 1, 2, 3, 4, 5
RECORD_NAMES = {
    ACT: "act",
    UNDO: "undo",
    RESIGN: "resign",
    CHAT: "chat",
    CHECK: "check",
    NOTE: "note",
}
_ARITY = {ACT: 3, UNDO: 3, RESIGN: 2, CHAT: 3, CHECK: 3, NOTE: 3}
"""Fields per record code. A ``note`` (``[5, seat, text]``, e.g. a hint the seat used) is like
a chat line: kept in the journal, never undone, no part of the state."""
MAX_FILE_BYTES = 256 * 1024 * 1024
MAX_RECORD_BYTES = 4096
"""No record is longer (a chat line is at most :data:`MAX_CHAT_CHARS` characters), but a
snapshot check."""
MAX_SNAPSHOT_BYTES = 1 << 20
"""No snapshot check is longer (its length prefix is then at most 3 bytes)."""
MAX_SNAPSHOT_STATE_BYTES = 16 << 20
"""A snapshot's uncompressed bytes are at most this long (a zip bomb is refused)."""
MAX_CHAT_CHARS = 500
MAX_CHOICE_CHARS = 200
MAX_HEADER_BYTES = 64 * 1024
ZERO_TAIL_MIN = 8
"""A run of at least this many zero bytes at the end of a file is a power cut's zero fill."""

Record = tuple[Any, ...]


class JournalError(Exception):
    """A save file that cannot be used. ``str(err)`` is one line meant for the player."""


class JournalDamaged(JournalError):
    """A save file damaged before its end: nothing after ``entry - 1`` whole entries is used.

    Attributes:
        entry: the first bad entry (1-based; entries are all records but checks).
        intact: the :class:`Loaded` part before it (header and whole records), which the app
            can open as a new copy; the damaged file itself is never modified.
    """

    def __init__(self, message: str, entry: int, intact: Loaded):
        super().__init__(message)
        self.entry = entry
        self.intact = intact


@dataclass
class Header:
    """The first map of a journal: ``game``, ``rules_version``, ``options``, ``seats`` (list of
    ``{"name", "kind"}``), ``seed``, ``undo_policy``, ``created`` (ISO 8601 UTC), ``format``
    (:data:`FORMAT_NAME`) and ``version`` (format version)."""

    game: str
    rules_version: int
    options: dict[str, Any]
    seats: list[dict[str, str]]
    seed: int
    undo_policy: str = "casual"
    created: str = field(default_factory=lambda: datetime.now(UTC).isoformat(timespec="seconds"))
    format: str = FORMAT_NAME
    version: int = WRITE_VERSION

    def to_map(self) -> dict[str, Any]:
        """The header as a plain map (what is packed)."""
        return asdict(self)

    def pack(self) -> bytes:
        """The header's bytes: the msgpack map, plus its CRC-32 from version 2 on.
        Raises JournalError when it cannot be encoded (e.g. a seed beyond 64 bits)."""
        try:
            head = msgpack.packb(self.to_map(), use_bin_type=True)
        except (OverflowError, TypeError, ValueError) as err:
            raise JournalError(f"cannot save this match: {err}") from None
        if self.version >= 2:
            head += zlib.crc32(head).to_bytes(4, "little")
        return head

    @classmethod
    def from_map(cls, m: Any, source: str = "file") -> Header:
        """Validate a decoded header map. Raises JournalError naming what is wrong."""
        if not isinstance(m, dict) or m.get("format") != FORMAT_NAME:
            raise JournalError(f"{source} is not an Imperia save file")
        version = m.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise JournalError(f"{source}: damaged header (no format version)")
        if version > FORMAT_VERSION:
            raise JournalError(
                f"{source} was saved in journal format {version}; this Imperia reads up to "
                f"format {FORMAT_VERSION} — update Imperia to open it"
            )
        if version not in READ_VERSIONS:
            raise JournalError(
                f"{source} has unknown journal format {version} (this Imperia reads formats "
                f"{', '.join(map(str, READ_VERSIONS))})"
            )
        try:
            seats = m["seats"]
            if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
                raise TypeError
            header = cls(
                game=_str(m["game"]),
                rules_version=_int(m["rules_version"]),
                options=dict(m.get("options") or {}),
                seats=[{"name": _str(s["name"]), "kind": _str(s["kind"])} for s in seats],
                seed=_int(m["seed"]),
                undo_policy=_str(m.get("undo_policy", "casual")),
                created=str(m.get("created", "")),
                version=version,
            )
        except KeyError as err:
            raise JournalError(f"{source}: damaged header (no {err.args[0]!r})") from None
        except (TypeError, ValueError, AttributeError):
            raise JournalError(f"{source}: damaged header (a field has the wrong type)") from None
        return header


def _str(x: Any) -> str:
    if not isinstance(x, str):
        raise TypeError
    return x


def _int(x: Any) -> int:
    if not isinstance(x, int) or isinstance(x, bool):
        raise TypeError
    return x


@dataclass
class Loaded:
    """A parsed journal.

    Attributes:
        header: the header.
        records: the whole records, in order (checks included).
        warnings: one-line notes (a torn or zero-filled tail dropped).
        good_bytes: byte length of the good part (where the next record goes).
        header_crc: the header's CRC-32 (version 2; 0 for version 1).
    """

    header: Header
    records: list[Record]
    warnings: list[str]
    good_bytes: int
    header_crc: int = 0

    @property
    def version(self) -> int:
        """The file's format version."""
        return self.header.version

    @property
    def entries(self) -> int:
        """Entries among the records (checks are not entries)."""
        return sum(1 for r in self.records if r[0] != CHECK)


def valid_record(rec: Any) -> bool:
    """True when ``rec`` has a record's shape and bounded sizes (see journal module docstring);
    whether it is allowed in its match is checked by the replay."""
    if not isinstance(rec, list | tuple) or not rec:
        return False
    code = rec[0]
    if code == CHECK and len(rec) == 4 and type(code) is int:
        return valid_snapshot_check(rec)
    if not isinstance(code, int) or isinstance(code, bool) or _ARITY.get(code) != len(rec):
        return False
    if code != CHECK and (not isinstance(rec[1], int) or isinstance(rec[1], bool)):
        return False
    if code == ACT:
        return isinstance(rec[2], str) and 0 < len(rec[2]) <= MAX_CHOICE_CHARS
    if code == UNDO:
        return isinstance(rec[2], int) and not isinstance(rec[2], bool) and rec[2] >= 0
    if code in (CHAT, NOTE):
        return isinstance(rec[2], str) and 0 < len(rec[2]) <= MAX_CHAT_CHARS
    if code == CHECK:
        return (
            isinstance(rec[1], int)
            and not isinstance(rec[1], bool)
            and rec[1] >= 0
            and isinstance(rec[2], bytes)
            and len(rec[2]) == 8
        )
    return True


def valid_snapshot_check(rec: Any) -> bool:
    """True when ``rec`` is a format-4 snapshot check ``[4, entries, hash, snapshot]``: a
    check's fields and a snapshot of at most :data:`MAX_SNAPSHOT_BYTES` bytes."""
    return (
        isinstance(rec, list | tuple)
        and len(rec) == 4
        and rec[0] == CHECK
        and valid_record(rec[:3])
        and isinstance(rec[3], bytes)
        and 0 < len(rec[3]) <= MAX_SNAPSHOT_BYTES
    )


@dataclass(frozen=True)
class Snapshot:
    """What a format-4 snapshot check carries (:func:`pack_snapshot`).

    Attributes:
        ply: the length of the match's line of choices after the check's entries.
        barriers: one byte per ply of that line, 1 where the ply advanced the RNG or brought a
            new seat to decide (``Match``'s cheap undo barriers; reveals are found again).
        state: the packed state after those entries (its blake2b-8 is the check's hash).
        snaps: ``(ply, packed state)`` of the match's most recent undo snapshots before
            ``ply``, oldest first (so an undo after loading re-applies as few choices as live).
    """

    ply: int
    barriers: bytes
    state: bytes
    snaps: tuple[tuple[int, bytes], ...] = ()


def pack_snapshot(snap: Snapshot) -> bytes:
    """The snapshot field of a format-4 check: ``zlib(msgpack([ply, barriers, state,
    [[ply, state], ...]]))``."""
    body = msgpack.packb(
        [snap.ply, snap.barriers, snap.state, [list(x) for x in snap.snaps]], use_bin_type=True
    )
    return zlib.compress(body, 6)


def unpack_snapshot(data: bytes) -> Snapshot:
    """Inverse of :func:`pack_snapshot`. Raises ValueError (one line) when ``data`` is not a
    snapshot or decompresses beyond :data:`MAX_SNAPSHOT_STATE_BYTES`."""
    try:
        z = zlib.decompressobj()
        body = z.decompress(data, MAX_SNAPSHOT_STATE_BYTES)
        if z.unconsumed_tail or not z.eof:
            raise ValueError("too large or incomplete")
        ply, barriers, state, snaps = msgpack.unpackb(body, raw=False, strict_map_key=False)
        out = Snapshot(ply, barriers, state, tuple((p, b) for p, b in snaps))
    except (
        zlib.error,
        ValueError,
        TypeError,
        msgpack.ExtraData,
        msgpack.FormatError,
        msgpack.StackError,
    ) as err:
        raise ValueError(f"not a snapshot ({err})") from None
    ok = (
        type(out.ply) is int
        and isinstance(out.barriers, bytes)
        and len(out.barriers) == out.ply
        and isinstance(out.state, bytes)
        and all(type(q) is int and 0 < q < out.ply and isinstance(b, bytes) for q, b in out.snaps)
    )
    if not ok:
        raise ValueError("not a snapshot (a field has the wrong type)")
    return out


def varint(n: int) -> bytes:
    """LEB128 bytes of a non-negative int (a record's length prefix)."""
    if n < 0x80:
        return bytes((n,))
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def record_seed(header_crc: int, index: int) -> int:
    """The CRC start value of record ``index`` (1-based, checks counted)."""
    return zlib.crc32(index.to_bytes(4, "little"), header_crc)


def frame(payload: bytes, header_crc: int, index: int) -> bytes:
    """One version-2 record: length, payload, CRC (see module docstring)."""
    body = varint(len(payload)) + payload
    return body + zlib.crc32(body, record_seed(header_crc, index)).to_bytes(4, "little")


def pack_record(rec: Any) -> bytes:
    """The msgpack bytes of one record (a tuple or list packs as an array)."""
    return msgpack.packb(rec, use_bin_type=True)


class ChoiceTable:
    """The distinct choice ids of a format-3 file's ``act`` records, numbered in the order of
    their first ``act`` (writer and reader build the same one, record by record).

    Args:
        seats: the header's seat count (an act's integer form is ``ref * seats + seat``).
    """

    __slots__ = ("ids", "refs", "seats")

    def __init__(self, seats: int):
        self.seats = max(seats, 1)
        self.ids: list[str] = []
        self.refs: dict[str, int] = {}

    def note(self, rec: Any) -> None:
        """Number ``rec``'s choice id if it is an act with an id not seen yet (call it after
        the record is written or read)."""
        if rec[0] == ACT and rec[2] not in self.refs:
            self.refs[rec[2]] = len(self.ids)
            self.ids.append(rec[2])

    def compact(self, rec: Any) -> int | None:
        """The integer form of act ``rec`` when its id is numbered and its seat in range."""
        if rec[0] != ACT:
            return None
        ref = self.refs.get(rec[2])
        seat = rec[1]
        if ref is None or type(seat) is not int or not 0 <= seat < self.seats:
            return None
        return ref * self.seats + seat

    def expand(self, k: int) -> Record | None:
        """The act record of integer form ``k``, or None when ``k`` names no numbered id."""
        ref, seat = divmod(k, self.seats)
        if not 0 <= ref < len(self.ids):
            return None
        return (ACT, seat, self.ids[ref])

    @classmethod
    def of(cls, header: Header, records: Any = ()) -> ChoiceTable | None:
        """The table after ``records`` for a format-3 ``header`` (None for older formats)."""
        if header.version < 3:
            return None
        table = cls(len(header.seats))
        for rec in records:
            table.note(rec)
        return table


def encode(
    rec: Any, version: int, header_crc: int, index: int, table: ChoiceTable | None = None
) -> bytes:
    """The bytes of record ``index`` in a file of format ``version`` (format 3: with the
    file's ``table`` so far, an act of a numbered id is one integer; without a table every
    record is written whole, which format 3 also reads). Does not change ``table``. Before
    format 4 a snapshot check is written as a plain check (its snapshot left out)."""
    if version < SNAPSHOT_VERSION and len(rec) == 4 and rec[0] == CHECK:
        rec = rec[:3]
    k = table.compact(rec) if table is not None and version >= 3 else None
    payload = pack_record(rec) if k is None else pack_record(k)
    return frame(payload, header_crc, index) if version >= 2 else payload


def to_bytes(header: Header, records: Any) -> bytes:
    """A whole journal as bytes, in format ``header.version``: the header, then each record
    framed (the same bytes :func:`engine.journal.write_atomic` writes). Raises JournalError for
    a header that cannot be encoded."""
    head = header.pack()
    crc = int.from_bytes(head[-4:], "little") if header.version >= 2 else 0
    table = ChoiceTable.of(header)
    out = [head]
    for i, rec in enumerate(records, 1):
        out.append(encode(rec, header.version, crc, i, table))
        if table is not None:
            table.note(rec)
    return b"".join(out)


def _unframe(
    data: bytes,
    pos: int,
    header_crc: int,
    index: int,
    table: ChoiceTable | None = None,
    version: int = FORMAT_VERSION,
) -> tuple[Any, int] | str:
    """Decode the version-2 (3, 4) record at ``pos``: ``(record, end)`` or why it is bad:
    "short" (it runs past the end of the file) or "bad". With a format-3 ``table`` an integer
    payload is an act of a numbered choice id (expanded, not noted). Only a snapshot check
    (format ``version`` 4 and later) may be longer than :data:`MAX_RECORD_BYTES`."""
    n, shift, p = 0, 0, pos
    while True:
        if p >= len(data):
            return "short"
        b = data[p]
        p += 1
        n |= (b & 0x7F) << shift
        if not b & 0x80:
            break
        shift += 7
        if shift > 14:
            return "bad"
    if not 0 < n <= MAX_SNAPSHOT_BYTES:
        return "bad"
    end = p + n + 4
    if end > len(data):
        return "short"
    crc = zlib.crc32(data[pos : p + n], record_seed(header_crc, index))
    if crc != int.from_bytes(data[p + n : end], "little"):
        return "bad"
    try:
        rec = msgpack.unpackb(data[p : p + n], raw=False, strict_map_key=False)
    except Exception:
        return "bad"
    if table is not None and type(rec) is int:
        rec = table.expand(rec)
    snapshot = isinstance(rec, list) and len(rec) == 4
    if snapshot and version < SNAPSHOT_VERSION or not snapshot and n > MAX_RECORD_BYTES:
        return "bad", end
    return (rec if valid_record(rec) else "bad"), end


def _zero_tail(data: bytes) -> int:
    """Where a trailing run of at least :data:`ZERO_TAIL_MIN` zero bytes starts, else len."""
    z = len(data.rstrip(b"\0"))
    return z if len(data) - z >= ZERO_TAIL_MIN else len(data)


_SAVE_START = b"\xa4game"  # every header is a msgpack map whose first key is "game"
_FORMAT_MARK = b"\xa6format\xaf" + FORMAT_NAME.encode()  # "format": "imperia-journal"


def _starts_like_a_save(data: bytes) -> bool:
    """Whether ``data`` begins as an Imperia save does (a msgpack map opening with the "game"
    key, or the packed format name in its first bytes), so a header that fails to parse is
    damaged rather than foreign."""
    head = data[:MAX_HEADER_BYTES]
    return (head[:1] >= b"\x80" and head[:1] <= b"\x8f" and head[1:6] == _SAVE_START) or (
        _FORMAT_MARK in head
    )


def _unpack_header(data: bytes, source: str) -> tuple[Header, int, int]:
    unpacker = msgpack.Unpacker(
        raw=False, strict_map_key=False, max_buffer_size=max(len(data), 1024)
    )
    unpacker.feed(data[:MAX_HEADER_BYTES])
    try:
        header_map = unpacker.unpack()
    except msgpack.OutOfData:
        if _starts_like_a_save(data):
            raise JournalError(f"{source}: the save's header is damaged") from None
        raise JournalError(f"{source} is empty or not an Imperia save file") from None
    except Exception:
        if _starts_like_a_save(data):
            raise JournalError(f"{source}: the save's header is damaged") from None
        raise JournalError(f"{source} is not an Imperia save file") from None
    try:
        header = Header.from_map(header_map, source)
    except JournalError:
        if _starts_like_a_save(data) and not (
            isinstance(header_map, dict) and header_map.get("format") == FORMAT_NAME
        ):
            raise JournalError(f"{source}: the save's header is damaged") from None
        raise
    end = unpacker.tell()
    crc = 0
    if header.version >= 2:
        crc = zlib.crc32(data[:end])
        if data[end : end + 4] != crc.to_bytes(4, "little"):
            raise JournalError(f"{source}: damaged header (its checksum does not match)")
        end += 4
    return header, end, crc


def parse(data: bytes, source: str = "file") -> Loaded:
    """Parse journal bytes (either format version).

    Returns the header and whole records; a torn last record or a zero-filled tail is dropped
    with a warning. Raises JournalError for a non-journal, a damaged header or an unknown
    format version, and :class:`JournalDamaged` (naming the first bad entry) for damage
    anywhere else.
    """
    header, pos, crc = _unpack_header(data, source)
    if header.version >= 2:
        return _parse_v2(data, source, header, pos, crc)
    return _parse_v1(data, source, header, pos)


def _torn(source: str, dropped: int, entries: int, zeros: bool) -> str:
    why = "ends in zero bytes (a power cut?)" if zeros else "was cut short"
    return (
        f"{source}: the last entry {why} (the app was stopped while saving); "
        f"dropped its {dropped} bytes, kept {entries} entries"
    )


def _damaged(source: str, entries: int, pos: int, size: int, loaded: Loaded) -> JournalDamaged:
    return JournalDamaged(
        f"{source} is damaged at entry {entries + 1} (byte {pos} of {size}); the "
        f"{entries} entries before it are intact; the file was not changed",
        entries + 1,
        loaded,
    )


def _parse_v2(data: bytes, source: str, header: Header, pos: int, crc: int) -> Loaded:
    records: list[Record] = []
    size = len(data)
    zero = _zero_tail(data)
    warnings: list[str] = []
    table = ChoiceTable.of(header)
    version = header.version
    # The common record (a one-byte length, a good checksum, an act of a numbered choice id
    # or a short record) is read inline; anything else goes through _unframe (issue 17).
    unpackb, crc32, from_bytes = msgpack.unpackb, zlib.crc32, int.from_bytes
    ids = table.ids if table is not None else None
    nseats = table.seats if table is not None else 1
    append = records.append
    while pos < size:
        index = len(records) + 1
        n = data[pos]
        q = pos + 1 + n
        if (
            0 < n < 0x80
            and q + 4 <= size
            and crc32(data[pos:q], crc32(index.to_bytes(4, "little"), crc))
            == from_bytes(data[q : q + 4], "little")
        ):
            try:
                rec = unpackb(data[pos + 1 : q], raw=False, strict_map_key=False)
            except Exception:
                rec = None
            if type(rec) is int and ids is not None:
                ref, seat = divmod(rec, nseats)
                if 0 <= ref < len(ids):
                    append((ACT, seat, ids[ref]))
                    pos = q + 4
                    continue
            elif type(rec) is list and len(rec) == 3 and valid_record(rec):
                rec = tuple(rec)
                append(rec)
                if ids is not None and rec[0] == ACT:
                    table.note(rec)
                pos = q + 4
                continue
        got = _unframe(data, pos, crc, index, table, version)
        if isinstance(got, str) or got[0] == "bad":
            why = got if isinstance(got, str) else "bad"
            entries = sum(1 for r in records if r[0] != CHECK)
            loaded = Loaded(header, records, warnings, pos, crc)
            if pos >= zero or (why == "bad" and _frame_end(data, pos) > zero):
                warnings.append(_torn(source, size - pos, entries, zeros=True))
                return loaded
            if why == "short" and not _resyncs(data, pos, crc, index, table, version):
                warnings.append(_torn(source, size - pos, entries, zeros=False))
                return loaded
            raise _damaged(source, entries, pos, size, loaded)
        rec, pos = got
        rec = tuple(rec)
        append(rec)
        if table is not None:
            table.note(rec)
    return Loaded(header, records, warnings, pos, crc)


def _frame_end(data: bytes, pos: int) -> int:
    """Where the frame at ``pos`` would end by its length prefix (at most the file's end)."""
    n, shift, p = 0, 0, pos
    while p < len(data) and shift <= 14:
        b = data[p]
        p += 1
        n |= (b & 0x7F) << shift
        if not b & 0x80:
            return min(p + n + 4, len(data))
        shift += 7
    return len(data)


def _resyncs(
    data: bytes,
    pos: int,
    crc: int,
    index: int,
    table: ChoiceTable | None = None,
    version: int = FORMAT_VERSION,
) -> bool:
    """True when a whole, valid record ``index`` or ``index + 1`` starts after ``pos``: the
    short record at ``pos`` is then not the last one (damage, not a torn tail)."""
    for q in range(pos + 1, len(data)):
        for i in (index, index + 1):
            got = _unframe(data, q, crc, i, table, version)
            if not isinstance(got, str) and got[0] != "bad":
                return True
    return False


def _parse_v1(data: bytes, source: str, header: Header, pos: int) -> Loaded:
    unpacker = msgpack.Unpacker(
        raw=False, strict_map_key=False, max_buffer_size=max(len(data), 1024)
    )
    unpacker.feed(data)
    unpacker.skip()  # the header, already read
    records: list[Record] = []
    warnings: list[str] = []
    entries = 0
    size = len(data)
    zero = _zero_tail(data)
    good = pos
    while good < size:
        loaded = Loaded(header, records, warnings, good)
        if good >= zero:
            warnings.append(_torn(source, size - good, entries, zeros=True))
            return loaded
        try:
            rec = unpacker.unpack()
        except msgpack.OutOfData:  # the last record runs past the end of the file
            if size - good <= MAX_RECORD_BYTES and not _v1_resyncs(data, good):
                warnings.append(_torn(source, size - good, entries, zeros=False))
                return loaded
            raise _damaged(source, entries, good, size, loaded) from None
        except Exception:
            rec = None
        end = unpacker.tell()
        if end > zero:  # a record cut into by a zero fill
            warnings.append(_torn(source, size - good, entries, zeros=True))
            return loaded
        if not valid_record(rec) or end - good > MAX_RECORD_BYTES:
            raise _damaged(source, entries, good, size, loaded)
        records.append(tuple(rec))
        entries += rec[0] != CHECK
        good = end
    return Loaded(header, records, warnings, good)


def _v1_resyncs(data: bytes, pos: int) -> bool:
    """True when, from some offset after ``pos``, the rest of the file decodes as whole valid
    version-1 records: the incomplete record at ``pos`` is then not the last one."""
    for q in range(pos + 1, len(data)):
        if data[q] & 0xF0 != 0x90:  # every record is a short msgpack array
            continue
        unpacker = msgpack.Unpacker(raw=False, strict_map_key=False)
        unpacker.feed(data[q:])
        ok = 0
        try:
            for rec in unpacker:
                if not valid_record(rec):
                    break
                ok += 1
            else:
                if ok and unpacker.tell() == len(data) - q:
                    return True
        except Exception:
            continue
    return False
