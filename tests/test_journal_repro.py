"""Issue 14's repro saves (tests/data/journal_repro/, copied from ../shared/repro/journal/, whose
README says how each was made): each gives the right result, and a refused file is unchanged."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine import journal as jr
from engine import journal_format as jf
from engine.match import ReplayMismatch
from engine.session import load_match, open_match, save_as, save_intact_copy, verify
from tui.cli import main

DATA = Path(__file__).parent / "data" / "journal_repro"


@pytest.fixture
def repro(tmp_path):
    """A writable copy of a repro file (the originals stay as they are)."""

    def copy(name: str) -> Path:
        target = tmp_path / f"{name}.imperia"
        shutil.copyfile(DATA / f"{name}.imperia", target)
        target.chmod(0o644)
        return target

    return copy


def refused(path: Path, match: str) -> Exception:
    """Loading ``path`` (verify and open to continue) is refused with one line matching
    ``match``; the file's bytes are unchanged."""
    before = path.read_bytes()
    with pytest.raises((jr.JournalError, ReplayMismatch), match=match) as err:
        verify(path)
    with pytest.raises((jr.JournalError, ReplayMismatch)):
        open_match(path)
    assert "\n" not in str(err.value)
    assert path.read_bytes() == before
    return err.value


@pytest.mark.parametrize(
    ("name", "entries", "outcome"),
    [
        ("teach-original", 285, "Army victory"),
        ("strict-base", 40, None),
    ],
)
def test_the_originals_load(repro, name, entries, outcome):
    match, warnings = verify(repro(name))
    assert warnings == [] and match.entries == entries
    out = match.outcome()
    assert (out.reason if out else None) == outcome or outcome in out.reason


def test_a_flipped_length_bit_mid_file_is_damage_not_a_torn_tail(tmp_path):
    # bitflip.imperia is what Load/Continue left of it (cut to 128 entries): rebuild the flip
    original = (DATA / "teach-original.imperia").read_bytes()
    assert original[3217:3220] == b"\xda\x01\x77"  # the chat line's str16 length 0x0177
    data = bytearray(original)
    data[3218] ^= 0x80
    path = tmp_path / "bitflip.imperia"
    path.write_bytes(bytes(data))
    err = refused(path, "damaged at entry 129")
    assert isinstance(err, jr.JournalDamaged) and len(err.intact.records) == 128 + 4
    copy, entries = save_intact_copy(path)
    assert entries == 128 and path.read_bytes() == bytes(data)
    match, warnings = open_match(copy)
    assert warnings == [] and match.entries == 128
    match.close_journal()
    assert jr.read(copy).version == jr.SAVE_VERSION


def test_the_cut_bitflip_file_is_a_clean_128_entry_save(repro):
    match, warnings = verify(repro("bitflip"))
    assert warnings == [] and match.entries == 128


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("resign99", "entry 183: resign by seat 99"),
        ("chat99", "entry 183: chat by seat 99"),
        ("resign-1", "entry 183: resign by seat -1"),
        ("1-undo-in-strict", "entry 41: an undo that the strict undo policy forbids"),
        ("2-resign-after-end", "entry 183: a resignation after the end"),
        ("5-format-v0", "unknown journal format 0"),
    ],
)
def test_bad_records_are_refused_naming_the_entry(repro, name, message):
    refused(repro(name), message)


@pytest.mark.parametrize("name", ["resign99", "chat99", "resign-1", "2-resign-after-end"])
def test_cli_refuses_in_one_line(repro, capsys, name):
    path = repro(name)
    for argv in (["replay", "--verify", str(path)], ["inspect", str(path)]):
        code = main(argv)
        out, err = capsys.readouterr()
        if argv[0] == "inspect":  # inspect shows the header, then why it cannot replay
            assert code == 0 and "cannot replay (entry 183" in out and "Traceback" not in err
        else:
            assert code == 2 and err.count("\n") == 1 and "entry 183" in err


def test_the_intact_part_of_a_refused_record_opens_as_a_copy(repro):
    path = repro("2-resign-after-end")
    before = path.read_bytes()
    copy, entries = save_intact_copy(path)
    assert entries == 182 and path.read_bytes() == before
    match, _ = verify(copy)
    assert match.outcome().winners == (0,) and "resigned" not in match.outcome().reason


def upgraded(repro, tmp_path) -> Path:
    """strict-base saved in the current format (Save as), which ends with a snapshot check."""
    match, _ = verify(repro("strict-base"))
    return save_as(match, tmp_path / "v2.imperia")


def test_version_1_is_upgraded_by_save_as_and_appended_to_as_version_1(repro, tmp_path):
    v1 = repro("strict-base")
    v2 = upgraded(repro, tmp_path)
    assert jr.read(v2).version == jr.SAVE_VERSION == 4 and jr.read(v2).records[-1][0] == jr.CHECK
    assert len(jr.read(v2).records[-1]) == 4  # a snapshot check
    assert verify(v2)[0].hash() == verify(v1)[0].hash()
    match, _ = open_match(v1)
    seat = match.waiting()[0]
    match.act(seat, match.prompt(seat).choices[0].id)
    match.close_journal()
    loaded = jr.read(v1)
    assert loaded.version == 1 and loaded.records[-1][0] == jr.CHECK
    assert load_match(loaded).hash() == match.hash()


def _rewrite(path: Path, header: jr.Header, records, fix_header_crc: bool) -> None:
    """Write ``records`` as format 2 under ``header`` (optionally with a correct header CRC but
    the records' CRCs still those of the original header, as an edit by hand would leave)."""
    original = jr.read(path)
    data = path.read_bytes()
    body = data[len(original.header.pack()) :]
    head = header.pack()
    if not fix_header_crc:
        head = head[:-4] + original.header.pack()[-4:]
    path.write_bytes(head + body)


@pytest.mark.parametrize("fix_crc", [False, True])
def test_3_an_edited_undo_policy_is_refused_in_format_2(repro, tmp_path, fix_crc):
    path = upgraded(repro, tmp_path)
    loaded = jr.read(path)
    header = loaded.header
    header.undo_policy = "teaching"
    _rewrite(path, header, loaded.records, fix_crc)
    refused(path, "damaged header" if not fix_crc else "damaged at entry 1")


def test_3_format_1_cannot_tell_an_edited_header(repro):
    # Format 1 has no checksums: the edited policy replays (documented); format 2 refuses it.
    match, _ = verify(repro("3-policy-teaching"))
    assert match.policy == "teaching"


def test_4_an_edited_last_act_is_refused_in_format_2(repro, tmp_path):
    path = upgraded(repro, tmp_path)
    loaded = jr.read(path)
    last = max(i for i, r in enumerate(loaded.records) if r[0] == jr.ACT)
    assert loaded.records[last] == (jr.ACT, 0, "unpick")
    edited = list(loaded.records)
    edited[last] = (jr.ACT, 0, "pick:colosseum")  # the repro's other legal choice
    # edited by hand, keeping the old checksum: refused as damage at that entry
    head = loaded.header.pack()
    crc = loaded.header_crc
    frames = [jf.frame(jr.pack_record(r), crc, i) for i, r in enumerate(loaded.records, 1)]
    bad = jf.frame(jr.pack_record(edited[last]), crc, last + 1)
    frames[last] = bad[:-4] + frames[last][-4:]
    path.write_bytes(head + b"".join(frames))
    refused(path, f"damaged at entry {last}")
    # re-framed with valid checksums (a deliberate edit): the closing check record refuses it
    jr.write_atomic(path, loaded.header, edited)
    refused(path, "entry 40: state hash .* differs")


def test_4_format_1_has_no_closing_check(repro):
    match, _ = verify(repro("4-last-act-edited"))  # documented: format 1 verifies to entry 32
    assert match.entries == 40


def test_ghost_file_as_written_by_the_old_writer_still_reads(repro):
    # The half record the old buffered writer left is undetectable in format 1 (no framing);
    # the new writer never leaves one: see test_journal_write_fail.py.
    assert jr.read(repro("ghost")).version == 1
