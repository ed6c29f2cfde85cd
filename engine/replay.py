"""Loading a journal from its last snapshot: the rules-free pass over the records before it.

A format-4 journal (engine/journal_format.py) holds snapshot checks: the state after some
entry, the undo barriers of the line and the match's recent undo snapshots. A fast load
(``Match.replay(records, full=False)``, issue 17) then

1. has the whole file's bytes checked by the parser: every record's length and CRC-32, chained
   to its index and the header (so every record is the one this Imperia wrote, in its place);
2. reads the records up to the last snapshot check *without the rules* (:func:`scan`): it
   rebuilds the line of choices, the redo stack and the resignation, and refuses what can be
   refused without the rules (a seat out of range, an undo the policy forbids or to a ply
   the line never had, anything but chat after a resignation, a check that miscounts the
   entries);
3. checks the snapshot against its check record (the same entry count, the same line length,
   its state's hash is the check's hash), starts from its state, and replays the records after
   it through the rules, fully validated, as a full replay does.

What a fast load does not check, and a full replay (``imperia replay --verify``, and
``Match.complete_history`` whenever the log before the snapshot is first needed) does: that
each act before the snapshot was legal and each check hash before it matches, i.e. that the
rules still make this state of these choices. A file edited with its checksums recomputed, or
rules changed without a new rules version, is therefore found by the full replay only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine import journal_format as jf


class ScanRefused(Exception):
    """A record that the rules-free pass refuses: ``entry`` (1-based) and why."""

    def __init__(self, entry: int, message: str):
        super().__init__(message)
        self.entry = entry


@dataclass
class Scan:
    """What :func:`scan` rebuilt from the records before (and including) a snapshot check.

    Attributes:
        line: the effective choices ``(seat, choice_id)``.
        entries: entries so far (checks are not entries).
        resigned: the seat that resigned, or None.
        redo: the redo stack, as ``Match`` keeps it: ``(seat, choices an undo took back and
            not yet played again)``.
    """

    line: list[tuple[int, str]] = field(default_factory=list)
    entries: int = 0
    resigned: int | None = None
    redo: list[tuple[int, list[tuple[int, str]]]] = field(default_factory=list)


def last_snapshot(records: Sequence[Sequence[Any]]) -> int | None:
    """The index of the last snapshot check in ``records`` (None when there is none)."""
    for i in range(len(records) - 1, -1, -1):
        rec = records[i]
        if rec[0] == jf.CHECK and len(rec) == 4:
            return i
    return None


def scan(records: Sequence[Sequence[Any]], seats: int, policy: str) -> Scan:
    """Rebuild the line, redo stack and resignation from ``records`` without the rules (see
    the module docstring for what is checked). Raises :class:`ScanRefused` naming the first
    refused entry. ``policy`` is the header's undo policy. The records' shapes are the
    parser's to check (``engine.journal_format.parse``); a malformed one is refused here too
    (a record list made by hand), without a cost for well-formed ones."""
    out = Scan()
    entries = 0
    try:
        for rec in records:
            entries = _scan_one(out, rec, entries, seats, policy)
    except (TypeError, IndexError, ValueError, KeyError):
        raise ScanRefused(entries + 1, f"a malformed record {rec!r}") from None
    out.entries = entries
    return out


def _scan_one(out: Scan, rec: Sequence[Any], entries: int, seats: int, policy: str) -> int:
    """Take one record into ``out``; returns the entry count after it."""
    line, redo = out.line, out.redo
    code = rec[0]
    if code == jf.CHECK:
        if rec[1] != entries:
            raise ScanRefused(
                entries,
                f"a check record for entry {rec[1]} after entry {entries} (the file was altered)",
            )
        return entries
    entries += 1
    seat = rec[1]
    if type(seat) is not int or not 0 <= seat < seats:
        name = jf.RECORD_NAMES.get(code, "record")
        raise ScanRefused(entries, f"{name} by seat {seat}, but the match has seats 1-{seats}")
    if code == jf.ACT:
        if out.resigned is not None:
            raise ScanRefused(entries, "a choice after a resignation")
        choice = (seat, rec[2])
        line.append(choice)
        if redo and redo[-1][1] and redo[-1][1][0] == choice:
            redo[-1][1].pop(0)
            if not redo[-1][1]:
                redo.pop()
        else:
            redo.clear()
    elif code == jf.UNDO:
        target = rec[2]
        if type(target) is not int or target < 0:
            raise ValueError(target)
        why = _undo_refusal(line, out.resigned, policy, seat, target)
        if why:
            raise ScanRefused(entries, f"an undo that {why}")
        redo.append((seat, line[target:]))
        del line[target:]
    elif code == jf.RESIGN:
        if out.resigned is not None:
            raise ScanRefused(entries, "a resignation after the end of the match")
        out.resigned = seat
    elif code not in (jf.CHAT, jf.NOTE):
        raise ValueError(code)
    return entries


def _undo_refusal(
    line: list[tuple[int, str]], resigned: int | None, policy: str, seat: int, target: int
) -> str:
    """Why an undo is refused without the rules ("" if it may be allowed; whether the game had
    ended, which only the rules know, is for the full replay)."""
    if policy == "strict":
        return "the strict undo policy forbids"
    if resigned is not None:
        return "follows a resignation"
    if target >= len(line):
        return f"goes to ply {target}, but the match is at ply {len(line)}"
    if policy != "teaching":
        last = next((i for i in range(len(line) - 1, -1, -1) if line[i][0] == seat), None)
        if target != last:
            return f"goes past the seat's own last choice ({policy} policy)"
    return ""
