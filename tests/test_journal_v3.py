"""Journal format 3 (issue 17): an act of a choice id the file already used is one integer,
``ref * seats + seat``; reading builds the same numbering, so records come out whole."""

from __future__ import annotations

import zlib

import msgpack
import pytest

from engine import journal as jr
from engine import journal_format as jf
from engine import registry
from engine.bench import _act_bytes, long_journal
from engine.session import load_match, open_match


def _header(version=3, seats=2):
    return jr.Header(
        game="imperium",
        rules_version=1,
        options={},
        seats=[{"name": f"P{i}", "kind": "human"} for i in range(seats)],
        seed=1,
        version=version,
    )


RECORDS = [
    (jr.ACT, 0, "pick:a"),  # first use of "pick:a": written whole, numbered 0
    (jr.ACT, 1, "pick:b"),  # numbered 1
    (jr.ACT, 1, "pick:a"),  # 0 * 2 + 1 = 1
    (jr.CHAT, 0, "hi"),
    (jr.ACT, 0, "pick:b"),  # 1 * 2 + 0 = 2
    (jr.CHECK, 4, b"\1" * 8),
    (jr.UNDO, 0, 1),
]


def _payloads(data: bytes, header: jr.Header) -> list[bytes]:
    """The payload bytes of every record of a format-2/3 file (walking the frames)."""
    pos = len(header.pack())
    out = []
    while pos < len(data):
        n = data[pos]  # every record here is shorter than 128 bytes: a one-byte varint
        out.append(data[pos + 1 : pos + 1 + n])
        pos += 1 + n + 4
    return out


def test_a_repeated_choice_is_one_integer_and_reads_back_whole():
    header = _header()
    data = jf.to_bytes(header, RECORDS)
    payloads = _payloads(data, header)
    assert payloads[0] == msgpack.packb([0, 0, "pick:a"])
    assert payloads[1] == msgpack.packb([0, 1, "pick:b"])
    assert payloads[2] == b"\x01" and payloads[4] == b"\x02"  # msgpack fixints 1 and 2
    assert payloads[3] == msgpack.packb([3, 0, "hi"])  # other records as in format 2
    loaded = jf.parse(data)
    assert loaded.version == 3 and loaded.records == RECORDS and loaded.warnings == []
    # a framed act of a numbered id is 1 (length) + 1 (payload) + 4 (CRC) bytes
    assert len(jf.encode(RECORDS[2], 3, 0, 3, jf.ChoiceTable.of(header, RECORDS[:2]))) == 6


def test_format_2_is_unchanged_and_still_the_default_header():
    assert jr.Header("imperium", 1, {}, [], 1).version == jr.WRITE_VERSION == 2
    header = _header(version=2)
    data = jf.to_bytes(header, RECORDS)
    assert all(p[:1] != b"\x01" for p in _payloads(data, header))
    assert jf.parse(data).records == RECORDS


def test_an_integer_naming_no_choice_is_damage():
    header = _header()
    head = header.pack()
    crc = int.from_bytes(head[-4:], "little")
    good = jf.encode(RECORDS[0], 3, crc, 1)
    body = jf.varint(1) + msgpack.packb(5)  # ref 2: nothing is numbered 2 yet
    bad = body + zlib.crc32(body, jf.record_seed(crc, 2)).to_bytes(4, "little")
    tail = jf.encode(RECORDS[1], 3, crc, 3)
    with pytest.raises(jr.JournalDamaged) as err:
        jf.parse(head + good + bad + tail)
    assert err.value.entry == 2 and err.value.intact.records == [RECORDS[0]]


def test_a_format_3_match_saves_loads_and_continues(tmp_path):
    """A teaching journal with take-backs copied to format 3 (half atomically, half appended
    record by record, as the autosave does), reopened and played on: every record reads back as
    written, the match verifies, and its acts take under 60% of their format-2 bytes."""
    rules = registry.get("imperium")
    path = tmp_path / "v2.imperia"
    live = long_journal(rules, 800, path, version=2)
    v2 = jr.read(path)
    v3 = tmp_path / "v3.imperia"
    header3 = jr.Header(**{**v2.header.to_map(), "version": 3})
    half = len(v2.records) // 2
    jr.write_atomic(v3, header3, v2.records[:half])  # the first half in one go
    writer = jr.JournalWriter.reopen(v3, jr.read(v3))
    for rec in v2.records[half:]:  # the rest appended record by record (the autosave)
        writer.append(rec)
    writer.close()
    loaded = jr.read(v3)
    assert loaded.version == 3 and loaded.records == v2.records
    m = load_match(loaded, verify=True)
    assert m.hash() == live.hash()
    acts = [r for r in loaded.records if r[0] == jr.ACT]
    assert v3.stat().st_size < path.stat().st_size
    # the first act of each id is written whole, the rest in 6-7 bytes
    assert _act_bytes(header3, loaded.records, 3) < 0.6 * _act_bytes(v2.header, v2.records, 2)
    match, warnings = open_match(v3)  # continue it: appended in format 3
    seat = match.waiting()[0] if match.waiting() else None
    if seat is not None:
        match.act(seat, match.prompt(seat).choices[0].id)
    match.close_journal()
    again = jr.read(v3)
    assert again.version == 3 and again.records[: len(loaded.records)] == loaded.records
    assert load_match(again).hash() == match.hash()
    assert len(acts) > 500
