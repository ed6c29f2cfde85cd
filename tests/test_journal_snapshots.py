"""Journal format 4 (issue 17): snapshot checks, and loading a match from the last one (the
records before it read without the rules, the tail replayed, the full replay on first use of
the log)."""

from __future__ import annotations

import hashlib

import pytest

from engine import journal as jr
from engine import journal_format as jf
from engine import registry
from engine.bench import long_journal
from engine.match import ReplayMismatch, pack_state
from engine.session import load_match, open_match

ACT, UNDO, CHECK = jr.ACT, jr.UNDO, jr.CHECK
RULES = registry.get("imperium")


def _count_applies(monkeypatch) -> list[int]:
    calls: list[int] = []
    real = type(RULES).apply_unchecked

    def counting(self, *a):
        calls.append(1)
        return real(self, *a)

    monkeypatch.setattr(type(RULES), "apply_unchecked", counting)
    return calls


@pytest.fixture(scope="module")
def closed(tmp_path_factory):
    """A 1,500-entry teaching journal with take-backs and rewinds, closed (format 4)."""
    path = tmp_path_factory.mktemp("snap") / "long.imperia"
    live = long_journal(RULES, 1500, path)
    return path, live


def test_a_closed_match_ends_in_a_snapshot_of_its_state(closed):
    path, live = closed
    loaded = jr.read(path)
    assert loaded.version == jr.SAVE_VERSION == 4
    periodic = [r for r in loaded.records if r[0] == CHECK and len(r) == 4]
    assert [r[1] for r in periodic] == [1024, live.entries]  # every 1024 entries and at close
    last = loaded.records[-1]
    snap = jf.unpack_snapshot(last[3])
    assert last[1] == live.entries and last[2] == bytes.fromhex(live.hash())
    assert snap.state == pack_state(live.state) and snap.ply == live.ply
    assert snap.barriers == bytes(live._cheap)
    assert 1 <= len(snap.snaps) <= 3 and all(0 < q < live.ply for q, _ in snap.snaps)
    assert all(b == live._snaps[q] for q, b in snap.snaps)


def test_loading_from_the_snapshot_applies_no_rules_and_gives_the_full_replays_match(
    closed, monkeypatch
):
    path, live = closed
    full = load_match(jr.read(path), verify=True)
    calls = _count_applies(monkeypatch)
    fast = load_match(jr.read(path), verify=True, full=False)
    assert calls == []  # the journal ends in its snapshot: no tail to replay
    assert not fast.history_complete
    assert fast.hash() == full.hash() == live.hash()
    assert fast.line == full.line and fast.waiting() == full.waiting()
    assert fast.entries == full.entries and fast._redo == full._redo
    assert fast._cheap == full._cheap
    seat = fast.line[-1][0]
    assert fast.undo(seat) == full.undo(seat)  # from the snapshot's recent undo snapshots
    assert len(calls) <= 32 and fast.hash() == full.hash()
    # the log (and every undo snapshot) is built by the full replay on first use
    kinds = [(i.ply, i.event.kind, i.undone) for i in fast.log]
    assert fast.history_complete
    assert kinds == [(i.ply, i.event.kind, i.undone) for i in full.log]


def test_a_journal_that_was_never_closed_loads_from_its_periodic_snapshot(tmp_path, monkeypatch):
    path = tmp_path / "killed.imperia"
    live = long_journal(RULES, 1300, path)
    loaded = jr.read(path)
    at = max(i for i, r in enumerate(loaded.records) if r[0] == CHECK and r[1] == 1024)
    killed = jr.Loaded(loaded.header, loaded.records[: len(loaded.records) - 1], [], 0)
    tail_acts = sum(1 for r in killed.records[at + 1 :] if r[0] == ACT)
    calls = _count_applies(monkeypatch)
    m = load_match(killed, verify=True, full=False)
    assert 0 < len(calls) <= tail_acts + 32 * sum(1 for r in killed.records[at:] if r[0] == UNDO)
    assert m.hash() == live.hash()


def test_a_format_2_journal_loads_by_the_full_replay(tmp_path):
    path = tmp_path / "v2.imperia"
    live = long_journal(RULES, 300, path, version=2)
    loaded = jr.read(path)
    assert loaded.version == 2 and all(len(r) == 3 for r in loaded.records if r[0] == CHECK)
    m = load_match(loaded, verify=True, full=False)
    assert m.history_complete and m.hash() == live.hash()


def _forged(path, tmp_path, change):
    """The journal at ``path`` with its records changed by ``change`` and every checksum
    recomputed (what only a deliberate edit makes)."""
    loaded = jr.read(path)
    records = change(list(loaded.records))
    out = tmp_path / "forged.imperia"
    out.write_bytes(jf.to_bytes(loaded.header, records))
    return out


def test_the_scan_refuses_what_the_full_replay_refuses(closed, tmp_path):
    path, _ = closed

    def seat_99(records):
        i = next(i for i, r in enumerate(records) if r[0] == ACT)
        records[i] = (ACT, 99, records[i][2])
        return records

    forged = _forged(path, tmp_path, seat_99)
    with pytest.raises(ReplayMismatch) as full:
        load_match(jr.read(forged), verify=True)
    with pytest.raises(ReplayMismatch) as fast:
        load_match(jr.read(forged), verify=True, full=False)
    assert fast.value.entry == full.value.entry and "seat 99" in str(fast.value)

    header = jr.read(path).header  # a strict match cannot hold the journal's undos
    header.undo_policy = "strict"
    out = tmp_path / "strict.imperia"
    out.write_bytes(jf.to_bytes(header, jr.read(path).records))
    entries = [r for r in jr.read(out).records if r[0] != CHECK]
    first_undo = 1 + next(i for i, r in enumerate(entries) if r[0] == UNDO)
    with pytest.raises(ReplayMismatch, match="strict") as fast:
        load_match(jr.read(out), verify=True, full=False)
    assert fast.value.entry == first_undo


def test_a_forged_snapshot_is_found_by_the_full_replay(closed, tmp_path):
    """A snapshot whose state was edited, check hash and checksums recomputed: the load from
    the snapshot takes it (no rules run), the full replay (on first use of the log, or
    ``imperia replay --verify``) refuses the file."""
    path, live = closed

    def edit(records):
        check = records[-1]
        snap = jf.unpack_snapshot(check[3])
        state = dict(live.state, ply=live.state.get("ply", 0))
        state["forged"] = 1
        packed = pack_state(state)
        digest = hashlib.blake2b(packed, digest_size=8).digest()
        blob = jf.pack_snapshot(jf.Snapshot(snap.ply, snap.barriers, packed, snap.snaps))
        records[-1] = (CHECK, check[1], digest, blob)
        return records

    forged = _forged(path, tmp_path, edit)
    fast = load_match(jr.read(forged), verify=True, full=False)
    assert fast.state.get("forged") == 1
    with pytest.raises(ReplayMismatch, match="differs"):
        load_match(jr.read(forged), verify=True)
    with pytest.raises(ReplayMismatch):
        fast.complete_history()
    assert not fast.history_complete  # left as it was


def test_a_snapshot_that_disagrees_with_its_check_is_refused(closed, tmp_path):
    path, _ = closed

    def bad_hash(records):
        check = records[-1]
        records[-1] = (CHECK, check[1], b"\0" * 8, check[3])
        return records

    forged = _forged(path, tmp_path, bad_hash)  # the fast load falls back to the full replay
    with pytest.raises(ReplayMismatch, match="state hash"):
        load_match(jr.read(forged), verify=True, full=False)


def test_only_format_4_holds_snapshots():
    header = jr.Header("imperium", 1, {}, [{"name": "A", "kind": "human"}] * 2, 1, version=3)
    snap = (CHECK, 1, b"\1" * 8, jf.pack_snapshot(jf.Snapshot(1, b"\0", b"\x80", ())))
    records = [(ACT, 0, "x"), snap]
    # a format-3 file is written with a plain check in its place
    assert jf.parse(jf.to_bytes(header, records)).records == [(ACT, 0, "x"), snap[:3]]
    head = header.pack()
    crc = int.from_bytes(head[-4:], "little")
    body = jf.varint(len(jr.pack_record(snap))) + jr.pack_record(snap)
    framed = body + jf.zlib.crc32(body, jf.record_seed(crc, 2)).to_bytes(4, "little")
    data = head + jf.encode(records[0], 3, crc, 1) + framed
    with pytest.raises(jr.JournalDamaged, match="entry 2"):
        jf.parse(data)
    header.version = 4
    assert jf.parse(jf.to_bytes(header, records)).records == records


def test_a_snapshot_too_large_when_unpacked_is_not_read():
    bomb = jf.zlib.compress(bytes(jf.MAX_SNAPSHOT_STATE_BYTES + 1))
    with pytest.raises(ValueError, match="not a snapshot"):
        jf.unpack_snapshot(bomb)


def test_a_continued_format_4_match_adds_one_snapshot_per_close(closed, tmp_path):
    path, live = closed
    copy = tmp_path / "copy.imperia"
    copy.write_bytes(path.read_bytes())
    match, _ = open_match(copy, full=False)
    match.close_journal()  # nothing new: no second snapshot
    assert jr.read(copy).records == jr.read(path).records
    match, _ = open_match(copy, full=False)
    seat = match.waiting()[0]
    match.act(seat, match.prompt(seat).choices[0].id)
    match.close_journal()
    again = jr.read(copy)
    assert len(again.records[-1]) == 4 and again.records[-1][1] == live.entries + 1
    assert load_match(again, full=False).hash() == load_match(again).hash() == match.hash()


def test_a_malformed_record_before_the_snapshot_is_refused_in_one_line(closed):
    path, _ = closed
    loaded = jr.read(path)
    for bad, why in [((ACT, "P1", "x"), "seat P1"), ((UNDO, 0, "x"), "malformed")]:
        records = list(loaded.records)
        records[5] = bad  # a record list made by hand, not by the parser
        with pytest.raises(ReplayMismatch, match=why) as err:
            load_match(jr.Loaded(loaded.header, records, [], 0), full=False)
        assert err.value.entry == 6 and "\n" not in str(err.value)
