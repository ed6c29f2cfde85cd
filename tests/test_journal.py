"""engine.journal and loading: format, crash safety, clear errors for bad files."""

from __future__ import annotations

import os
import zlib

import msgpack
import pytest
from tinygame import RULES

from engine import journal as jr
from engine.match import Match, ReplayMismatch
from engine.rules import Config, SeatConfig, resolve_options
from engine.session import load_match, open_match, save_as


def played(tmp_path, seed=5, policy="teaching"):
    seats = (SeatConfig("Ann", "human"), SeatConfig("Bob", "human"))
    m = Match(RULES, Config(seats, resolve_options(RULES)), seed, policy)
    path = tmp_path / "m.imperia"
    m.sink = jr.JournalWriter.create(path, m.header())
    while not m.over:
        s = m.waiting()[0]
        m.act(s, m.prompt(s).choices[-1].id)
    m.sink.close()
    return m, path


def test_header_then_records(tmp_path):
    m, path = played(tmp_path)
    data = path.read_bytes()
    unpacker = msgpack.Unpacker(raw=False)
    unpacker.feed(data)
    header = unpacker.unpack()
    end = unpacker.tell()
    assert data[end : end + 4] == zlib.crc32(data[:end]).to_bytes(4, "little")
    records = jr.read(path).records
    assert header["format"] == "imperia-journal" and header["version"] == 2
    assert header["game"] == "highcard" and header["seed"] == 5
    assert header["seats"] == [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]
    assert header["options"] == {"rounds": 6} and header["undo_policy"] == "teaching"
    assert header["created"].endswith("+00:00")
    acts = [r for r in records if r[0] == jr.ACT]
    assert len(acts) == m.ply and acts[0][2].startswith("pick:")


def test_act_records_are_small(tmp_path):
    _, path = played(tmp_path)
    loaded = jr.read(path)
    sizes = [len(jr.pack_record(r)) for r in loaded.records if r[0] == jr.ACT]
    assert max(sizes) <= 12  # [0, seat, "pick:9"] = 1 + 1 + 1 + 7 bytes


def test_load_reproduces_and_continues_appending(tmp_path):
    m, path = played(tmp_path)
    again, warnings = open_match(path)
    assert warnings == [] and again.hash() == m.hash() and again.entries == m.entries
    again.chat(0, "gg")
    again.sink.close()
    assert jr.read(path).records[-1] == (jr.CHAT, 0, "gg")


def test_torn_tail_is_dropped_with_a_warning(tmp_path):
    m, path = played(tmp_path)
    data = path.read_bytes()
    last = jr.read(path).records[-1]
    path.write_bytes(data[:-2])
    loaded = jr.read(path)
    assert loaded.warnings and "dropped" in loaded.warnings[0]
    match, _ = open_match(path)  # the file is cut back to its last whole record
    assert path.stat().st_size == loaded.good_bytes
    assert match.entries == m.entries - (last[0] != jr.CHECK)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "empty or not an Imperia save"),
        (os.urandom(0) + b"\xc1\xc1\xc1garbage", "not an Imperia save"),
        (msgpack.packb([1, 2, 3]), "not an Imperia save"),
        (msgpack.packb({"format": "imperia-journal", "version": 99}), "format 99"),
        (msgpack.packb({"format": "imperia-journal", "version": 1}), "damaged header"),
    ],
)
def test_bad_files_give_one_clear_line(tmp_path, data, message):
    path = tmp_path / "bad.imperia"
    path.write_bytes(data)
    with pytest.raises(jr.JournalError, match=message) as err:
        jr.read(path)
    assert "\n" not in str(err.value)


def test_random_bytes_never_crash_the_loader(tmp_path):
    for n in range(50):
        data = os.urandom(1 + n * 13)
        try:
            loaded = jr.parse(data, "x")
        except jr.JournalError as err:
            assert "\n" not in str(err)
        else:  # a miracle header: still must not crash loading
            with pytest.raises((jr.JournalError, ReplayMismatch)):
                load_match(loaded)


def test_missing_file_and_folder(tmp_path):
    with pytest.raises(jr.JournalError, match="no such save file"):
        jr.read(tmp_path / "nope.imperia")
    with pytest.raises(jr.JournalError, match="folder"):
        jr.read(tmp_path)


def test_wrong_game_and_rules_version(tmp_path):
    m, path = played(tmp_path)
    loaded = jr.read(path)
    with pytest.raises(jr.JournalError, match="not imperium"):
        load_match(loaded, expect_game="imperium")
    loaded.header.rules_version = 7
    with pytest.raises(jr.JournalError, match="rules version 7"):
        load_match(loaded)
    loaded.header.rules_version = 1
    loaded.header.game = "chess"
    with pytest.raises(jr.JournalError, match="unknown game"):
        load_match(loaded)


def test_check_mismatch_reports_first_diverging_entry(tmp_path):
    m, path = played(tmp_path)
    loaded = jr.read(path)
    checks = [i for i, r in enumerate(loaded.records) if r[0] == jr.CHECK]
    if not checks:  # make sure there is one to break
        loaded.records.append((jr.CHECK, m.entries, b"\0" * 8))
        checks = [len(loaded.records) - 1]
    i = checks[0]
    rec = loaded.records[i]
    loaded.records[i] = (jr.CHECK, rec[1], b"\xff" * 8)
    with pytest.raises(ReplayMismatch) as err:
        load_match(loaded)
    assert err.value.entry == rec[1]


def test_illegal_recorded_choice_names_its_entry(tmp_path):
    _, path = played(tmp_path)
    loaded = jr.read(path)
    loaded.records[2] = (jr.ACT, 0, "pick:42")
    with pytest.raises(ReplayMismatch, match="entry 3") as err:
        load_match(loaded)
    assert err.value.entry == 3


def test_save_as_is_atomic_and_ends_with_a_check(tmp_path):
    m, _ = played(tmp_path)
    out = save_as(m, tmp_path / "copy.imperia")
    loaded = jr.read(out)
    assert loaded.records[-1][0] == jr.CHECK
    assert load_match(loaded).hash() == m.hash()
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_save_dir_env_override(tmp_path, monkeypatch):
    monkeypatch.setenv("IMPERIA_SAVE_DIR", str(tmp_path / "s"))
    assert jr.default_save_dir() == tmp_path / "s"
    monkeypatch.delenv("IMPERIA_SAVE_DIR")
    assert jr.default_save_dir().name == "saves"


def test_damage_before_the_end_is_an_error_and_the_file_is_kept(tmp_path):
    _, path = played(tmp_path)
    data = bytearray(path.read_bytes())
    header_len = len(jr.read(path).header.pack())
    data[header_len + 1] = 0xC1  # 0xc1 is never valid msgpack: the 1st record is damaged
    path.write_bytes(bytes(data))
    with pytest.raises(jr.JournalDamaged, match="damaged at entry 1") as err:
        open_match(path)
    assert "not changed" in str(err.value) and err.value.entry == 1
    assert path.read_bytes() == bytes(data)


def test_a_second_writer_is_refused(tmp_path):
    m, path = played(tmp_path)
    first, _ = open_match(path)
    with pytest.raises(jr.JournalError, match="open in another Imperia window"):
        open_match(path)
    first.sink.close()
    second, _ = open_match(path)  # the lock went with the first window
    second.sink.close()


def test_an_unsaved_choice_is_not_made(tmp_path):
    m, path = played(tmp_path)
    seats = (SeatConfig("Ann", "human"), SeatConfig("Bob", "human"))
    live = Match(RULES, Config(seats, resolve_options(RULES)), 9, "teaching")

    def full_disk(rec):
        raise jr.JournalError("could not save to m.imperia: No space left on device")

    live.sink = full_disk
    h = live.hash()
    with pytest.raises(jr.JournalError, match="No space"):
        live.act(0, live.prompt(0).choices[0].id)
    assert live.hash() == h and live.ply == 0 and live.entries == 0 and live.log == []


def test_special_files_and_bad_seeds(tmp_path):
    from engine.session import new_match

    with pytest.raises(jr.JournalError, match="not a regular file"):
        jr.read("/dev/zero")
    with pytest.raises(ValueError, match="seed"):
        new_match("highcard", [SeatConfig("A"), SeatConfig("B")], seed=2**70)


def test_check_records_hash_the_state_after_an_undo_entry(tmp_path):
    # regression: an undo that was the 32nd entry hashed the state before the take-back
    seats = (SeatConfig("Ann", "human"), SeatConfig("Bob", "human"))
    m = Match(RULES, Config(seats, resolve_options(RULES, {"rounds": 20})), 4, "teaching")
    path = tmp_path / "u.imperia"
    m.sink = jr.JournalWriter.create(path, m.header())
    while m.entries < 31:
        if m.over:
            m.undo(m.line[-1][0])
        else:
            s = m.waiting()[0]
            m.act(s, m.prompt(s).choices[0].id)
    m.undo(m.line[-1][0])  # entry 32, followed by a check record
    assert m.records[-1][0] == jr.CHECK and m.records[-2][0] == jr.UNDO
    m.sink.close()
    assert load_match(jr.read(path)).hash() == m.hash()


def _bounds(path):
    from journal_mutants import record_bounds

    return record_bounds(path.read_bytes())


def test_a_zero_filled_tail_drops_just_that_tail(tmp_path):
    m, path = played(tmp_path)
    data = path.read_bytes()
    whole = jr.read(path)
    path.write_bytes(data + bytes(4096))  # the file grew, its blocks never written
    loaded = jr.read(path)
    assert loaded.records == whole.records and "zero bytes" in loaded.warnings[0]
    start, end = _bounds(path)[-1]
    path.write_bytes(data[: start + 2] + bytes(600))  # a record cut into by the zero fill
    loaded = jr.read(path)
    assert loaded.records == whole.records[:-1] and loaded.warnings


def test_only_an_incomplete_last_record_is_a_torn_tail(tmp_path):
    m, path = played(tmp_path)
    data = path.read_bytes()
    whole = jr.read(path)
    bounds = _bounds(path)
    start, end = bounds[-1]
    for cut in range(start + 1, end):  # every cut of the last record: torn, dropped
        loaded = jr.parse(data[:cut], "cut")
        assert loaded.records == whole.records[:-1] and "cut short" in loaded.warnings[0]
    flipped = bytearray(data)
    flipped[end - 1] ^= 0x04  # a complete last record with a flipped bit (its CRC): damage
    with pytest.raises(jr.JournalDamaged, match=f"entry {whole.entries}"):
        jr.parse(bytes(flipped), "flip")
    s2, _ = bounds[-4]
    longer = bytearray(data)
    longer[s2] = 0x7F  # a length that runs far past its record, but whole records follow
    with pytest.raises(jr.JournalDamaged):
        jr.parse(bytes(longer), "len")


def test_a_version_1_zero_tail_and_torn_tail(tmp_path):
    from pathlib import Path

    example = Path(__file__).resolve().parents[1] / "saves" / "imperium-example.imperia"
    data = example.read_bytes()
    whole = jr.parse(data)
    assert whole.version == 1
    loaded = jr.parse(data + bytes(100))
    assert loaded.records == whole.records and loaded.warnings
    loaded = jr.parse(data[:-3])
    assert loaded.records == whole.records[:-1] and "cut short" in loaded.warnings[0]
