"""Mutated saves and how Imperia takes them (issue 14): shared by tests/test_journal_mutants.py
(hypothesis) and scripts/save_mutants.py (the 10,000-mutant benchmark).

A mutant is the bytes of a good save changed once: a flipped bit, inserted or deleted bytes, a
truncation, two records swapped, a record duplicated or dropped, a zero-filled tail, or an
edited header field (with or without a recomputed header checksum). :func:`outcome` loads it the
way the app and ``imperia replay --verify`` do and names what happened.
"""

from __future__ import annotations

import random
import traceback
from dataclasses import dataclass
from pathlib import Path

from engine import journal as jr
from engine import journal_format as jf
from engine import registry
from engine.match import ReplayMismatch
from engine.rng import Rng
from engine.rules import SeatConfig
from engine.session import load_match, new_match, open_match, verify

SEATS = {
    "imperium": 2,
    "mausoleum": 3,
    "res_publica": 3,
    "imperial_struggle": 2,
    "brazil_imperial": 2,
}

GOOD = ("same", "prefix", "refused")
"""Acceptable outcomes: the original's state, a prefix of its entries after a reported torn or
zero-filled tail (or a cut at a record boundary, which is a shorter save), a clean refusal."""
BAD = ("different", "traceback", "modified", "multiline")


@dataclass
class Original:
    """A good save: its bytes, records, entry count and final state hash."""

    game: str
    data: bytes
    records: list[jr.Record]
    hash: str
    bounds: list[tuple[int, int]]  # byte range of every record


def make_save(game: str, folder: Path, seed: int = 1, entries: int = 60) -> Original:
    """A teaching match of ``game`` with random choices, some take-backs and chat lines,
    written by the autosave and closed (ending with a check record)."""
    rules = registry.get(game)
    seats = [SeatConfig(f"P{i + 1}", "human") for i in range(SEATS.get(game, rules.min_seats))]
    path = folder / f"{game}-{seed}.imperia"
    match = new_match(game, seats, seed=seed, policy="teaching", save_path=path)
    rng = Rng.seeded(seed)
    while match.entries < entries and not match.over:
        waiting = match.waiting()
        seat = waiting[rng.randbelow(len(waiting))]
        choices = match.prompt(seat).choices
        match.act(seat, choices[rng.randbelow(len(choices))].id)
        roll = rng.randbelow(12)
        if roll == 0 and match.check_undo(seat).allowed:
            match.undo(seat)
        elif roll == 1:
            match.chat(seat, f"gg {match.entries} é")
    match.close_journal()
    data = path.read_bytes()
    loaded = jr.read(path)
    return Original(game, data, loaded.records, match.hash(), record_bounds(data))


def record_bounds(data: bytes) -> list[tuple[int, int]]:
    """Byte ranges ``(start, end)`` of the records of a good format-2 save."""
    header = jf.parse(data)
    pos = len(header.header.pack())
    out = []
    for i in range(1, len(header.records) + 1):
        got = jf._unframe(data, pos, header.header_crc, i)
        assert not isinstance(got, str)
        out.append((pos, got[1]))
        pos = got[1]
    return out


KINDS = (
    "bitflip",
    "insert",
    "delete",
    "truncate",
    "swap",
    "duplicate",
    "drop",
    "zero_tail",
    "header",
    "header_crc",
)


def mutate(orig: Original, kind: str, r: random.Random) -> tuple[bytes, bool]:
    """One mutant of ``orig`` of ``kind`` drawn with ``r``. Returns the bytes and whether the
    mutant is a clean cut at a record boundary (a valid shorter save)."""
    data = bytearray(orig.data)
    n = len(data)
    b = orig.bounds
    if kind == "bitflip":
        data[r.randrange(n)] ^= 1 << r.randrange(8)
    elif kind == "insert":
        pos = r.randrange(n + 1)
        data[pos:pos] = bytes(r.randrange(256) for _ in range(r.randint(1, 8)))
    elif kind == "delete":
        pos = r.randrange(n)
        del data[pos : pos + r.randint(1, 8)]
    elif kind == "truncate":
        cut = r.randrange(n)
        boundaries = {b[0][0], *(e for _, e in b)} if b else set()
        return bytes(data[:cut]), cut in boundaries
    elif kind in ("swap", "duplicate", "drop") and len(b) >= 2:
        i = r.randrange(len(b) - 1)
        j = r.randrange(i + 1, len(b))
        (s1, e1), (s2, e2) = b[i], b[j]
        first, second = bytes(data[s1:e1]), bytes(data[s2:e2])
        if kind == "swap":
            data = data[:s1] + second + data[e1:s2] + first + data[e2:]
        elif kind == "duplicate":
            data = data[:e1] + first + data[e1:]
        else:
            data = data[:s1] + data[e1:]
    elif kind == "zero_tail":
        cut = r.randrange(b[0][0], n) if b else n
        data = data[:cut] + bytes(r.randint(jf.ZERO_TAIL_MIN, 600))
    elif kind in ("header", "header_crc"):
        loaded = jf.parse(orig.data)
        h = loaded.header
        field = r.choice(["undo_policy", "seats", "options", "seed", "game"])
        if field == "undo_policy":
            h.undo_policy = r.choice(
                [p for p in ("teaching", "casual", "strict") if p != h.undo_policy]
            )
        elif field == "seats":
            h.seats[0]["name"] += "x"
        elif field == "options" and h.options:
            key = r.choice(sorted(h.options))
            h.options[key] = str(h.options[key]) + "?"
        elif field == "seed":
            h.seed += 1
        else:
            h.game = "imperium" if h.game != "imperium" else "mausoleum"
        old = b[0][0] if b else n  # where the header (and its checksum) ends
        head = h.pack()
        if kind == "header":  # edited, checksum left as it was
            head = head[:-4] + bytes(data[old - 4 : old])
        data = bytearray(head) + data[old:]
    return bytes(data), False


def outcome(orig: Original, data: bytes, clean_cut: bool, folder: Path) -> tuple[str, str]:
    """Load ``data`` (as a file) like the app does; returns ``(outcome, detail)`` with outcome
    one of :data:`GOOD` or :data:`BAD`."""
    path = folder / "mutant.imperia"
    path.write_bytes(data)
    try:
        match, warnings = verify(path)
    except (jr.JournalError, ReplayMismatch) as err:
        if "\n" in str(err):
            return "multiline", str(err)
        if path.read_bytes() != data:
            return "modified", "verify changed the file"
        try:
            m, _ = open_match(path)
        except (jr.JournalError, ReplayMismatch):
            pass
        else:
            m.sink.close()
            return "different", "verify refused but open_match accepted"
        if path.read_bytes() != data:
            return "modified", "open_match changed a refused file"
        if _fast_load(path) is not None:
            return "different", "verify refused but the load from the snapshot accepted"
        return "refused", type(err).__name__
    except Exception:
        return "traceback", traceback.format_exc(limit=3)
    if path.read_bytes() != data:
        return "modified", "verify changed the file"
    fast = _fast_load(path)
    if fast is None or fast.hash() != match.hash() or fast.line != match.line:
        return "different", "the load from the snapshot differs from the full replay"
    loaded = jr.read(path)
    if match.hash() == orig.hash and loaded.records == orig.records[: len(loaded.records)]:
        return "same", ""
    k = len(loaded.records)
    if loaded.records == orig.records[:k] and (warnings or clean_cut):
        return "prefix", ""
    return "different", f"{len(loaded.records)} records, warnings {warnings}"


def _fast_load(path: Path):
    """The match loaded from the file's last snapshot (``full=False``), or None if refused."""
    try:
        return load_match(jr.read(path), verify=True, full=False)
    except (jr.JournalError, ReplayMismatch):
        return None


def run(originals: list[Original], count: int, seed: int, folder: Path) -> dict[str, int]:
    """``count`` mutants spread over the kinds and originals; counts of each outcome."""
    r = random.Random(seed)
    counts = dict.fromkeys((*GOOD, *BAD), 0)
    examples: dict[str, str] = {}
    for i in range(count):
        orig = originals[i % len(originals)]
        kind = KINDS[(i // len(originals)) % len(KINDS)]
        data, cut = mutate(orig, kind, r)
        got, detail = outcome(orig, data, cut, folder)
        counts[got] += 1
        if got in BAD and got not in examples:
            examples[got] = f"{orig.game} {kind}: {detail}"
    counts["_examples"] = examples  # type: ignore[assignment]
    return counts
