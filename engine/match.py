"""A running match: the state, its line of choices, the journal, undo/redo and snapshots.

The *line* is the list of effective choices ``(seat, choice_id)``; the state is what the rules
make of the line from ``setup``. A take-back shortens the line (and is journaled as an ``undo``
entry: nothing is ever deleted from the journal); a redo re-applies the choices it removed.
Because the RNG lives in the state, replaying a line always gives the same dice.

Undo is fast at any length: packed snapshots of the state are kept at ply 0, whenever a new seat
comes to decide (at least :data:`SNAPSHOT_MIN_GAP` plies after the last one) and every
:data:`SNAPSHOT_EVERY` plies; an undo restores the nearest snapshot and re-applies only the tail
(at most 32 plies).

One legality path (issue 17): :meth:`Match.prompt` keeps the prompt it hands out until the
state changes, and a choice is validated against that prompt's ids (or, when nobody asked for
the prompt, against the game's ``choice_ids`` hook, or by ``rules.apply`` itself, which checks
against the same prompt); the game then applies it through its optional ``apply_unchecked``
hook (``rules.apply`` minus the check) when it has one.
An id the prompt does not offer goes to ``rules.apply``, which raises IllegalAction (or accepts
an id a game takes beyond its prompt: Res Publica's one-step trade shortcuts).
Choices applied again (an undo's tail, a redo, a replayed move the journal took back and played
again) were validated when first made and are not validated again.

Replaying a journal (:meth:`Match.replay`) first reads the records without the rules to find
the entries that later undo records return to, and snapshots exactly those, so an undo in the
journal restores its snapshot and re-applies nothing; the periodic snapshots are kept only for
the plies still in the line at the end (what a live undo after loading needs).

Loading from a snapshot (``replay(records, full=False)``, issue 17): a format-4 journal's
snapshot checks hold the state, the line's barriers and the recent undo snapshots; the records
before the last one are read without the rules (engine/replay.py says what that checks and what
only the full replay does), the records after it are replayed, and the log before it is built
by a full replay when first read (:meth:`Match.complete_history`).

Undo barriers (DESIGN.md "The journal") are decided by the engine, not the games. A ply is a
barrier when its choice

* advanced the RNG (dice, shuffles), or
* brought a seat to decide that was not deciding before (turn passes, a seat must respond), or
* revealed to its actor, or made public, something its actor did not know (a draw, the other
  seats' secret choices).

The third is found by :mod:`engine.reveal` from the places the game declares hidden (its
``hidden_places`` hook): the choice is re-applied in worlds the actor cannot tell from the real
one, built so that every hidden place of the state is changed in one of them (not sampled); if
the actor's or a spectator's view of the result
differs, the outcome depended on something hidden from the actor and showed it. (A reveal seen
only by a third seat is caught when it also brings that seat to decide.)

Policies: ``teaching`` (anything may be taken back), ``casual`` (a seat takes back its own
choices back to the last barrier; further needs the consent of every other human seat; bots
always consent), ``strict`` (no undo).
"""

from __future__ import annotations

import bisect
import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import msgpack

from engine import journal as jr
from engine import journal_format as jf
from engine.replay import ScanRefused, last_snapshot, scan
from engine.reveal import reveals
from engine.rng import Rng, new_cell
from engine.rules import Config, Event, IllegalAction, Outcome, Prompt, Rules, SeatConfig, State

POLICIES = ("teaching", "casual", "strict")
SNAPSHOT_EVERY = 32
SNAPSHOT_MIN_GAP = 6  # a seat change snapshots only this many plies after the last snapshot
CHECK_EVERY = 32


class UndoRefused(Exception):
    """An undo or redo that the match's policy does not allow now; the message says why."""


class ReplayMismatch(Exception):
    """A journal that does not replay: ``entry`` is the first diverging entry (1-based)."""

    def __init__(self, entry: int, message: str):
        super().__init__(f"entry {entry}: {message}")
        self.entry = entry


def pack_state(state: State) -> bytes:
    """Snapshot bytes of a state (msgpack)."""
    return msgpack.packb(state, use_bin_type=True)


def unpack_state(data: bytes) -> State:
    """Inverse of :func:`pack_state`."""
    return msgpack.unpackb(data, raw=False, strict_map_key=False)


def state_hash(state: State) -> bytes:
    """A stable 8-byte hash of a state (blake2b of its msgpack bytes)."""
    return hashlib.blake2b(pack_state(state), digest_size=8).digest()


TARGET = 2
"""A :class:`_ReplayPlan` mark: the state after this record is an undo record's target."""


@dataclass(slots=True)
class _ReplayPlan:
    """What a first pass over a journal's records (no rules) found, for :meth:`Match.replay`.

    Attributes:
        marks: one byte per record: :data:`TARGET` when a later undo record returns to the
            state after it (snapshot it), 1 for an act whose ply is still in the line at the
            end (periodic snapshots as in live play), 0 otherwise (no snapshot).
        at: the index of the record being replayed.
    """

    marks: bytearray
    at: int = 0


def replay_plan(records: Sequence[Sequence[Any]], start: int = 0) -> bytearray:
    """The marks of :class:`_ReplayPlan` for ``records`` (journal records, checks included),
    from the record codes and undo targets alone: an act extends the line by one ply, an undo
    ``[1, seat, ply]`` cuts it to ``ply``, other records leave it. The state at ply ``t`` that
    an undo returns to was made by the last record after which the line had ``t`` plies
    (ply 0, the set-up, is always kept). Malformed records are skipped (replay rejects them).
    ``start`` is the line's length before the first record (a tail replayed from a snapshot:
    an undo to a ply before it is not marked)."""
    marks = bytearray(len(records))
    last_at: dict[int, int] = {}  # ply -> index of the record that last made the line that long
    plies = [0] * len(records)  # the line's length after each act record
    ply = start
    for i, rec in enumerate(records):
        code = rec[0] if rec else None
        if code == jr.ACT:
            ply += 1
            last_at[ply] = i
            plies[i] = ply
        elif code == jr.UNDO and len(rec) == 3 and type(rec[2]) is int and 0 <= rec[2] < ply:
            t = rec[2]
            j = last_at.get(t)
            if j is not None and records[j][0] == jr.ACT:
                marks[j] = TARGET
            ply = t
        elif code == jr.CHECK and len(rec) == 4:  # its undo snapshots are compared, not rebuilt
            for t in _snapshot_plies(rec[3]):
                j = last_at.get(t)
                if j is not None:
                    marks[j] = TARGET
    low = ply  # the smallest undo target after record i (the final line length at the end)
    for i in range(len(records) - 1, -1, -1):
        rec = records[i]
        code = rec[0] if rec else None
        if code == jr.ACT:
            if marks[i] != TARGET and plies[i] <= low:
                marks[i] = 1
        elif code == jr.UNDO and len(rec) == 3 and type(rec[2]) is int and rec[2] < low:
            low = max(rec[2], 0)
    return marks


def _snapshot_plies(data: Any) -> list[int]:
    """The plies of a snapshot check's undo snapshots ([] when it cannot be read)."""
    try:
        return [q for q, _ in jf.unpack_snapshot(data).snaps]
    except (ValueError, TypeError):
        return []


@dataclass(frozen=True)
class UndoCheck:
    """What an undo by ``seat`` would do now.

    Attributes:
        allowed: True when it may happen without asking anyone.
        target: the ply it returns to (None when there is nothing to take back).
        count: how many choices it takes back.
        needs_consent: human seats whose consent would make it allowed (casual policy).
        reason: why it is refused (empty when allowed).
        crosses: True when it goes back past a barrier (a roll, a draw, another seat's turn);
            the app asks the player to confirm such an undo even when it is allowed.
    """

    allowed: bool
    target: int | None
    count: int
    needs_consent: tuple[int, ...]
    reason: str
    crosses: bool = False


@dataclass(slots=True)
class LogItem:
    """One log entry: the ply it belongs to and the event (engine events: undo, resign, chat).

    ``undone`` marks events of choices later taken back: the log keeps them (struck through in
    the app), so a take-back never hides what happened."""

    ply: int
    event: Event
    undone: bool = False


ENGINE_EVENTS = ("undo", "redo", "resign", "chat", "note")


class Match:
    """A match of ``rules`` between ``config.seats``, seeded with ``seed``.

    Args:
        rules: the game.
        config: seats and resolved options (see :func:`engine.rules.resolve_options`).
        seed: the RNG seed (any int); the same seed and choices give the same match.
        policy: "teaching" | "casual" | "strict".
        sink: called with every journal record as it happens (e.g. a JournalWriter).

    Raises ValueError for an unknown policy or a seat count the game does not support.
    """

    def __init__(
        self,
        rules: Rules,
        config: Config,
        seed: int,
        policy: str = "casual",
        sink: Callable[[Sequence[Any]], None] | None = None,
    ):
        if policy not in POLICIES:
            raise ValueError(f"unknown undo policy {policy!r} (use {', '.join(POLICIES)})")
        n = len(config.seats)
        if not rules.min_seats <= n <= rules.max_seats:
            raise ValueError(
                f"{rules.title} needs "
                + (
                    f"exactly {rules.min_seats}"
                    if rules.min_seats == rules.max_seats
                    else f"{rules.min_seats}-{rules.max_seats}"
                )
                + f" seats, got {n}"
            )
        self.rules = rules
        self.config = config
        self.seed = seed
        self.policy = policy
        self.sink = sink
        self.save_path: Any = None  # where ``sink`` writes, if it is a file (set by the session)
        self.state: State = rules.setup(config, Rng(new_cell(seed)))
        self.line: list[tuple[int, str]] = []
        self.records: list[jr.Record] = []
        self.entries = 0
        self._log: list[LogItem] = []
        self.resigned: int | None = None
        self._snaps: dict[int, bytes] = {0: pack_state(self.state)}
        self._snap_plies: list[int] = [0]  # the keys of _snaps, ascending
        self._last_snap = 0
        self._cheap: list[bool] = []  # per ply: RNG advanced or a new seat to decide
        self._reveal: dict[int, bool] = {}
        self._redo: list[tuple[int, list[tuple[int, str]]]] = []
        self._waiting: tuple[int, ...] = rules.waiting(self.state)
        self._prompts: dict[int, Prompt | None] = {}
        self._ids: dict[int, Sequence[str]] = {}  # choice_ids of seats whose prompt nobody asked
        self._unchecked = getattr(rules, "apply_unchecked", None) or rules.apply
        self._choice_ids = getattr(rules, "choice_ids", None)
        self._plan: _ReplayPlan | None = None
        self._history: int | None = None  # loaded from a snapshot: log not built (records)
        self._packer = msgpack.Packer(use_bin_type=True)  # pack_state's bytes, one Packer
        self._rng = Rng(self.state["rng"])  # over the live state's cell (remade with it)
        setup_events = getattr(rules, "setup_events", None)
        if setup_events:
            self._log.extend(LogItem(-1, e) for e in setup_events(self.state))  # before any ply

    # ----------------------------------------------------------------- reading
    @property
    def seats(self) -> tuple[SeatConfig, ...]:
        return self.config.seats

    @property
    def ply(self) -> int:
        """Number of effective choices made."""
        return len(self.line)

    @property
    def log(self) -> list[LogItem]:
        """Every log item so far, oldest first. A match loaded from a snapshot
        (``replay(..., full=False)``) builds the log before it on first use, by replaying
        the whole journal (:meth:`complete_history`; raises ReplayMismatch if that differs)."""
        if self._history is not None:
            self.complete_history()
        return self._log

    @property
    def history_complete(self) -> bool:
        """False while a match loaded from a snapshot has not replayed the records before it
        (its log and older undo snapshots are built by :meth:`complete_history`)."""
        return self._history is None

    def waiting(self) -> tuple[int, ...]:
        """Seats that must decide now; () once the match is over."""
        return () if self.resigned is not None else self._waiting

    def prompt(self, seat: int) -> Prompt | None:
        """``seat``'s current prompt, or None. Built once per state: the same object is returned
        until the state changes, and :meth:`act` validates a choice against it."""
        if self.resigned is not None:
            return None
        prompts = self._prompts
        if seat in prompts:
            return prompts[seat]
        p = prompts[seat] = self.rules.prompt(self.state, seat)
        return p

    def offers(self, seat: int, choice: str) -> bool:
        """True when ``choice`` is the id of one of :meth:`prompt`'s choices for ``seat`` now:
        the engine's one legality check. When nobody asked for the prompt (a replay), the
        game's optional ``choice_ids(state, seat)`` hook gives the same ids without labels or
        texts; they too are kept until the state changes."""
        if self.resigned is not None:
            return False
        prompts = self._prompts
        if seat in prompts:
            p = prompts[seat]
            if p is None:
                return False
            for c in p.choices:  # noqa: SIM110 (a loop, not any(...): no generator per check)
                if c.id == choice:
                    return True
            return False
        ids = self._ids.get(seat)
        if ids is None:
            if self._choice_ids is None:
                p = self.prompt(seat)
                return p is not None and any(c.id == choice for c in p.choices)
            ids = self._ids[seat] = self._choice_ids(self.state, seat)
        return choice in ids

    def view(self, seat: int | None) -> dict[str, Any]:
        """``rules.view`` of the current state for ``seat`` (None = spectator)."""
        return self.rules.view(self.state, seat)

    def outcome(self) -> Outcome | None:
        """The game's outcome, or a resignation's."""
        if self.resigned is not None:
            others = tuple(s for s in range(len(self.seats)) if s != self.resigned)
            return Outcome(others, f"{self.seats[self.resigned].name} resigned")
        return self.rules.outcome(self.state)

    @property
    def over(self) -> bool:
        """True once :meth:`outcome` is not None (the game ended or a seat resigned)."""
        return self.resigned is not None or self.rules.outcome(self.state) is not None

    def hash(self) -> str:
        """Hex state hash of the current state."""
        return state_hash(self.state).hex()

    def describe(self, item: LogItem, viewer: int | None) -> str:
        """The log line of ``item`` for ``viewer`` ("You ..." for the viewer's own seat)."""
        e = item.event
        if e.kind not in ENGINE_EVENTS:
            return self.rules.describe(e, viewer)
        you = e.seat is not None and e.seat == viewer
        name = "You" if you else (self.seats[e.seat].name if e.seat is not None else "?")
        if e.kind == "undo":
            n = e.args["count"]
            verb = "take" if you else "takes"
            return f"{name} {verb} back {n} choice{'s' if n != 1 else ''}"
        if e.kind == "redo":
            n = e.args["count"]
            verb = "redo" if you else "redoes"
            return f"{name} {verb} {n} choice{'s' if n != 1 else ''}"
        if e.kind == "resign":
            return f"{name} {'resign' if you else 'resigns'}"
        if e.kind == "note":  # a hint names the seat's own cards: the others learn only of it
            if you or self.over:
                return f"{name} used a hint: {e.args['text']}"
            return f"{name} used a hint"
        return f"{name}: {e.args['text']}"

    # ----------------------------------------------------------------- acting
    def _record(self, rec: jr.Record) -> None:
        """Journal one entry. Raises JournalError when it cannot be saved; the caller then
        leaves (or puts back) the match as it was."""
        sink = self.sink
        if sink is not None:
            sink(rec)
        self.records.append(rec)
        self.entries += 1

    def _checkpoint(self) -> None:
        """After an entry has changed the state: every CHECK_EVERY entries, journal a check
        record with the state hash. One that cannot be saved is skipped (it only speeds up
        verification)."""
        if self.entries % CHECK_EVERY:
            return
        if self.entries % jf.SNAPSHOT_EVERY_ENTRIES == 0 and self._sink_snapshots():
            check = self.snapshot_check(recent=False)
        else:
            digest = hashlib.blake2b(self._packer.pack(self.state), digest_size=8).digest()
            check = (jr.CHECK, self.entries, digest)  # state_hash(self.state)
        try:
            if self.sink is not None:
                self.sink(check)
        except jr.JournalError:
            return
        self.records.append(check)

    def _sink_snapshots(self) -> bool:
        """True when the sink writes format 4 or later (a file that may hold snapshots)."""
        return getattr(self.sink, "version", 0) >= jf.SNAPSHOT_VERSION

    def snapshot_check(self, recent: bool = True) -> jr.Record:
        """A format-4 snapshot check of now: ``(CHECK, entries, state hash, snapshot)``
        (:class:`engine.journal_format.Snapshot`), with the line's cheap undo barriers and,
        when ``recent``, the last three undo snapshots before now (what an undo right after
        loading restores from)."""
        packed = self._packer.pack(self.state)
        digest = hashlib.blake2b(packed, digest_size=8).digest()
        ply = len(self.line)
        snaps: tuple[tuple[int, bytes], ...] = ()
        if recent:
            plies = [q for q in self._snap_plies if 0 < q < ply][-3:]
            snaps = tuple((q, self._snaps[q]) for q in plies)
        snap = jf.Snapshot(ply, bytes(self._cheap), packed, snaps)
        return (jr.CHECK, self.entries, digest, jf.pack_snapshot(snap))

    def _apply(self, seat: int, choice: str, checked: bool = False) -> list[Event]:
        """Apply one choice to the live state and extend the line (no journal). Unless
        ``checked`` (the choice was validated when first made), raise IllegalAction (nothing
        changes) when the choice is not offered by :meth:`prompt`."""
        if self.resigned is not None:
            raise IllegalAction("the match is over")
        state = self.state
        rules = self.rules
        apply = self._unchecked
        if not checked:
            if not isinstance(choice, str):
                raise IllegalAction(f"{choice!r} is not a choice of seat {seat + 1} now")
            if seat not in self._prompts and self._choice_ids is None:
                apply = rules.apply  # nobody asked for the prompt: the game checks against it
            elif not self.offers(seat, choice):
                if apply is rules.apply:
                    raise IllegalAction(f"{choice!r} is not a choice of seat {seat + 1} now")
                apply = rules.apply  # an id the game accepts beyond its prompt, or IllegalAction
        cell = state["rng"]
        before_rng = cell[0]
        before = self._waiting
        rng = self._rng
        if rng.cell is not cell:  # the state was restored from a snapshot: a new cell
            rng = self._rng = Rng(cell)
        events = apply(state, seat, choice, rng)
        self._prompts = {}
        self._ids = {}
        after = rules.waiting(state)
        self._waiting = after
        line = self.line
        ply = len(line)
        line.append((seat, choice))
        new_seat = False
        if after != before:  # a seat decides now that did not before (or no one does)
            if not after:
                new_seat = True
            else:
                for s in after:
                    if s not in before:
                        new_seat = True
                        break
        self._cheap.append(new_seat or state["rng"][0] != before_rng)
        since = ply + 1 - self._last_snap
        plan = self._plan
        mark = 1 if plan is None else plan.marks[plan.at]
        if mark == 1:  # live, or a replayed ply still in the line at the end
            snap = since >= SNAPSHOT_EVERY or (new_seat and since >= SNAPSHOT_MIN_GAP)
        else:  # replaying: a ply a later undo returns to, or one taken back for good
            snap = mark == TARGET
        if snap and ply + 1 > self._last_snap:
            self._snaps[ply + 1] = self._packer.pack(state)  # pack_state(state)
            self._snap_plies.append(ply + 1)
            self._last_snap = ply + 1
        if events:
            self._log += [LogItem(ply, e) for e in events]
        return events

    def act(self, seat: int, choice: str) -> list[Event]:
        """``seat`` makes ``choice``. Returns the events; clears the redo stack.

        Raises IllegalAction (nothing changes) when the choice is not legal now, and
        JournalError (nothing changes) when it cannot be saved (disk full, file gone).
        """
        ply, logged = len(self.line), len(self._log)
        events = self._apply(seat, choice)
        try:
            self._record((jr.ACT, seat, choice))
        except jr.JournalError:
            self._restore(ply)  # not saved, so not made
            del self._log[logged:]
            raise
        self._checkpoint()
        self._redo.clear()
        return events

    def resign(self, seat: int) -> None:
        """``seat`` resigns: the match ends and every other seat wins. Raises IllegalAction
        when the match is already over."""
        if self.over:
            raise IllegalAction("the match is over")
        self._record((jr.RESIGN, seat))
        self.resigned = seat
        self._log.append(LogItem(self.ply, Event("resign", seat)))
        self._checkpoint()

    def chat(self, seat: int, text: str) -> None:
        """A chat line (kept in the journal, never undone)."""
        text = text.strip()[:500]
        if text:
            self._record((jr.CHAT, seat, text))
            self._log.append(LogItem(self.ply, Event("chat", seat, {"text": text})))
            self._checkpoint()

    def note(self, seat: int, text: str) -> None:
        """A note of ``seat`` (a hint it used): kept in the journal as a ``note`` record, never
        undone, no part of the state; its text is read by ``seat`` only until the end."""
        text = text.strip()[: jr.MAX_CHAT_CHARS]
        if text:
            self._record((jr.NOTE, seat, text))
            self._log.append(LogItem(self.ply, Event("note", seat, {"text": text})))
            self._checkpoint()

    # ----------------------------------------------------------------- undo
    def is_barrier(self, ply: int) -> bool:
        """True when ply ``ply`` (0-based index into the line) is an undo barrier."""
        if self._cheap[ply]:
            return True
        if ply not in self._reveal:
            self._reveal[ply] = self._reveals(ply)
        return self._reveal[ply]

    def _reveals(self, ply: int) -> bool:
        seat, choice = self.line[ply]
        return reveals(self.rules, self.state_at(ply), self.state_at(ply + 1), seat, choice, ply)

    def state_at(self, ply: int) -> State:
        """A copy of the state after the first ``ply`` choices of the line."""
        if ply == len(self.line):
            return self.rules.clone(self.state)
        base = self._snap_plies[bisect.bisect_right(self._snap_plies, ply) - 1]
        state = unpack_state(self._snaps[base])
        apply = self._unchecked  # the line's choices were validated when made
        for seat, choice in self.line[base:ply]:
            apply(state, seat, choice, Rng(state["rng"]))
        return state

    def _human(self, seat: int) -> bool:
        return self.seats[seat].is_human

    def check_undo(self, seat: int, crossing: bool = True) -> UndoCheck:
        """Would an undo by ``seat`` be allowed now, and what would it take back?

        The target is ``seat``'s last choice: one undo returns to that seat's previous decision,
        taking back any bot (or other) choices made since. With ``crossing=False`` the barriers
        are looked at only where the policy needs them (casual, with other human seats), and
        ``crosses`` is then False when they were not (what :meth:`undo` asks: a reveal check
        re-applies the ply in other worlds, the dearest part of an undo).
        """
        if self.resigned is not None:
            return UndoCheck(False, None, 0, (), "The match is over.")
        if self.policy != "teaching" and self.rules.outcome(self.state) is not None:
            return UndoCheck(False, None, 0, (), "The match is over (only teaching matches undo).")
        target = next(
            (i for i in range(len(self.line) - 1, -1, -1) if self.line[i][0] == seat), None
        )
        if target is None:
            return UndoCheck(False, None, 0, (), "Nothing of yours to take back yet.")
        count = len(self.line) - target
        if self.policy == "strict":
            return UndoCheck(False, target, count, (), "Undo is off in this match (strict).")
        others = tuple(s for s in range(len(self.seats)) if s != seat and self._human(s))
        if not crossing and (self.policy == "teaching" or not others):
            return UndoCheck(True, target, count, (), "")
        crosses = any(
            self.line[i][0] != seat or self.is_barrier(i) for i in range(target, len(self.line))
        )
        if self.policy == "teaching":
            return UndoCheck(True, target, count, (), "", crosses)
        if not crosses or not others:
            return UndoCheck(True, target, count, (), "", crosses)
        return UndoCheck(
            False,
            target,
            count,
            others,
            "That goes back past a dice roll, a draw or another player's turn: "
            "the other players must agree.",
            crosses,
        )

    def undo(self, seat: int, consent: bool = False) -> int:
        """Take back ``seat``'s last choice (and everything after it). Returns the count.

        Args:
            consent: the other human seats agreed (casual policy, crossing a barrier).

        Raises UndoRefused with the reason when the policy does not allow it.
        """
        check = self.check_undo(seat, crossing=False)
        if check.target is None or not (check.allowed or (consent and check.needs_consent)):
            raise UndoRefused(check.reason)
        removed = self.line[check.target :]
        self._record((jr.UNDO, seat, check.target))
        self._restore(check.target)
        self._redo.append((seat, removed))
        self._log.append(LogItem(self.ply, Event("undo", seat, {"count": len(removed)})))
        self._checkpoint()
        return len(removed)

    def rewind(self, seat: int, ply: int) -> int:
        """Teaching policy only: take back everything after ``ply`` (any earlier point of the
        line, e.g. "play on from here" in a lesson). Returns the count; journaled as ``undo``.

        Raises UndoRefused outside teaching or for a ply outside ``[0, self.ply)``.
        """
        if self.policy != "teaching" or self.resigned is not None:
            raise UndoRefused("Rewinding is only for teaching matches.")
        if not 0 <= ply < len(self.line):
            raise UndoRefused(f"Cannot rewind to ply {ply} (the match is at ply {self.ply}).")
        removed = self.line[ply:]
        self._record((jr.UNDO, seat, ply))
        self._restore(ply)
        self._redo.append((seat, removed))
        self._log.append(LogItem(self.ply, Event("undo", seat, {"count": len(removed)})))
        self._checkpoint()
        return len(removed)

    def can_redo(self, seat: int) -> bool:
        """True when ``seat``'s last undo can be redone (nothing was chosen since)."""
        return bool(self._redo) and self._redo[-1][0] == seat and self.resigned is None

    def redo(self, seat: int) -> int:
        """Re-apply what ``seat``'s last undo took back. Raises UndoRefused when there is none."""
        if not self.can_redo(seat):
            raise UndoRefused("Nothing to redo.")
        _, group = self._redo.pop()
        for n, (s, c) in enumerate(group):
            ply, logged = len(self.line), len(self._log)
            self._apply(s, c, checked=True)  # validated when first made, same state now
            try:
                self._record((jr.ACT, s, c))
            except jr.JournalError:
                self._restore(ply)
                del self._log[logged:]
                self._redo.append((seat, group[n:]))
                raise
            self._checkpoint()
        self._log.append(LogItem(self.ply, Event("redo", seat, {"count": len(group)})))
        return len(group)

    def _restore(self, target: int) -> None:
        base = self._snap_plies[bisect.bisect_right(self._snap_plies, target) - 1]
        state = unpack_state(self._snaps[base])
        apply = self._unchecked  # the line's choices were validated when made
        for seat, choice in self.line[base:target]:
            apply(state, seat, choice, Rng(state["rng"]))
        self.state = state
        self._prompts = {}
        self._ids = {}
        del self.line[target:]
        del self._cheap[target:]
        while self._snap_plies[-1] > target:
            del self._snaps[self._snap_plies.pop()]
        self._last_snap = self._snap_plies[-1]
        if self._reveal:
            self._reveal = {p: v for p, v in self._reveal.items() if p < target}
        # Live game events follow the line in order, so walk back only to the target.
        for item in reversed(self._log):
            if item.undone or item.event.kind in ENGINE_EVENTS:
                continue
            if item.ply < target:
                break
            item.undone = True
        self._waiting = self.rules.waiting(state)

    # ----------------------------------------------------------------- journal
    def header(self) -> jr.Header:
        """The journal header of this match."""
        return jr.Header(
            game=self.rules.id,
            rules_version=self.rules.rules_version,
            options=dict(self.config.options),
            seats=[{"name": s.name, "kind": s.kind} for s in self.seats],
            seed=self.seed,
            undo_policy=self.policy,
        )

    def replay(
        self,
        records: Sequence[jr.Record],
        verify: bool = True,
        after: Callable[[int, jr.Record], None] | None = None,
        full: bool = True,
    ) -> None:
        """Replay journal ``records`` (:meth:`replay_record` for each) with a plan made first
        from the records alone (:func:`replay_plan`): the states later undo records return to
        are snapshotted, so those undos re-apply nothing. ``after(i, record)`` is called after
        each record (the replay screen keeps every state). Raises ReplayMismatch naming the
        first bad entry (the match is then as after the entries before it).

        With ``full=False`` (a fresh match, no ``after``) a journal holding a snapshot check
        loads from its last one (:mod:`engine.replay` says what is and is not checked then):
        the records before it are read without the rules, the records after it replayed; the
        log before it is built on first use (:meth:`complete_history`). A snapshot that does
        not agree with its records makes this a full replay."""
        if not full and after is None and not self.records:
            at = last_snapshot(records)
            if at is not None and self._start_from_snapshot(records, at):
                records = records[at + 1 :]
                start = len(self.line)
            else:
                start = 0
        else:
            start = 0
        plan = self._plan = _ReplayPlan(replay_plan(records, start))
        try:
            for i, rec in enumerate(records):
                plan.at = i
                self.replay_record(rec, verify)
                if after is not None:
                    after(i, rec)
        finally:
            self._plan = None

    def _start_from_snapshot(self, records: Sequence[jr.Record], at: int) -> bool:
        """Set this fresh match to the snapshot check ``records[at]``, the records before it
        read without the rules (:func:`engine.replay.scan`). Returns False (nothing changed)
        when the snapshot does not agree with them; raises ReplayMismatch for a record that
        the scan refuses (a full replay refuses the same entry)."""
        try:
            done = scan(records[: at + 1], len(self.seats), self.policy)
        except ScanRefused as err:
            raise ReplayMismatch(err.entry, str(err)) from None
        rec = records[at]
        try:
            snap = jf.unpack_snapshot(rec[3])
        except ValueError:
            return False
        plies = [q for q, _ in snap.snaps]
        if (
            snap.ply != len(done.line)
            or hashlib.blake2b(snap.state, digest_size=8).digest() != rec[2]
            or plies != sorted(set(plies))
        ):
            return False
        try:
            state = unpack_state(snap.state)
        except Exception:
            return False
        self.state = state
        self.line = done.line
        self.records = list(records[: at + 1])
        self.entries = done.entries
        self.resigned = done.resigned
        self._redo = done.redo
        self._cheap = [b != 0 for b in snap.barriers]
        self._snaps = {0: self._snaps[0], **dict(snap.snaps), snap.ply: snap.state}
        self._snap_plies = sorted(self._snaps)
        self._last_snap = snap.ply
        self._prompts, self._ids, self._reveal = {}, {}, {}
        self._waiting = self.rules.waiting(state)
        self._history = at + 1
        return True

    def complete_history(self) -> None:
        """Build what a load from a snapshot skipped (the log before it, every undo snapshot)
        by replaying the whole journal through the rules, fully verified; a no-op when the
        history is complete. Raises ReplayMismatch when the journal does not replay or does
        not reach this match's state (the match is left as it was)."""
        if self._history is None:
            return
        whole = Match(self.rules, self.config, self.seed, self.policy)
        whole.replay(self.records, verify=True)
        if whole.line != self.line or whole.hash() != self.hash():
            raise ReplayMismatch(
                self.entries,
                "replaying the whole journal does not give the state of its snapshot "
                "(the rules changed or the file was altered)",
            )
        self._log = whole._log
        self._snaps, self._snap_plies = whole._snaps, whole._snap_plies
        self._last_snap = whole._last_snap
        self._cheap = whole._cheap
        self._history = None

    def replay_record(self, rec: jr.Record, verify: bool = True) -> None:
        """Apply one journal record as it was recorded, checking that it was allowed: the
        seat exists, an act is legal, an undo is allowed by the policy (none in strict; in
        casual back to the seat's own last choice; after the end only in teaching), nothing but
        chat and teaching undo follows the end, a check record counts the entries so far and
        (with ``verify``) matches the state hash.

        Raises ReplayMismatch naming the entry (nothing is applied then).
        """
        code = rec[0]
        entry = self.entries + (code != jr.CHECK)
        if not jr.valid_record(rec):
            raise ReplayMismatch(entry, f"a malformed record {list(rec)!r}")
        if code != jr.CHECK and not 0 <= rec[1] < len(self.seats):
            name = jr.RECORD_NAMES[code]
            raise ReplayMismatch(
                entry, f"{name} by seat {rec[1]}, but the match has seats 1-{len(self.seats)}"
            )
        try:
            if code == jr.ACT:
                _, seat, choice = rec
                if seat not in self.waiting():
                    raise IllegalAction(
                        "that seat is not deciding now" if not self.over else "the match is over"
                    )
                redo = self._redo
                again = bool(redo and redo[-1][1] and redo[-1][1][0] == (seat, choice))
                self._apply(seat, choice, checked=again)  # a redone choice was validated
                if again:
                    redo[-1][1].pop(0)
                    if not redo[-1][1]:
                        redo.pop()
                else:
                    redo.clear()
                self.records.append(rec)
                self.entries += 1
            elif code == jr.UNDO:
                _, seat, target = rec
                why = self._undo_refusal(seat, target)
                if why:
                    raise ReplayMismatch(entry, f"an undo that {why}")
                removed = self.line[target:]
                self._restore(target)
                self._redo.append((seat, list(removed)))
                self._log.append(LogItem(self.ply, Event("undo", seat, {"count": len(removed)})))
                self.records.append(rec)
                self.entries += 1
            elif code == jr.RESIGN:
                if self.over:
                    raise ReplayMismatch(entry, "a resignation after the end of the match")
                self.resigned = rec[1]
                self._log.append(LogItem(self.ply, Event("resign", rec[1])))
                self.records.append(rec)
                self.entries += 1
            elif code in (jr.CHAT, jr.NOTE):
                kind = "chat" if code == jr.CHAT else "note"
                self._log.append(LogItem(self.ply, Event(kind, rec[1], {"text": rec[2]})))
                self.records.append(rec)
                self.entries += 1
            elif code == jr.CHECK:
                if rec[1] != self.entries:
                    raise ReplayMismatch(
                        self.entries,
                        f"a check record for entry {rec[1]} after entry "
                        f"{self.entries} (the file was altered)",
                    )
                if verify and rec[2] != state_hash(self.state):
                    raise ReplayMismatch(
                        rec[1],
                        f"state hash {state_hash(self.state).hex()} differs from the saved "
                        f"{rec[2].hex()} (the rules changed or the file was altered)",
                    )
                if verify and len(rec) == 4:
                    why = self._snapshot_differs(rec)
                    if why:
                        raise ReplayMismatch(rec[1], f"a snapshot that {why}")
                self.records.append(rec)
        except IllegalAction as err:
            raise ReplayMismatch(
                entry, f"{rec[2]!r} by seat {rec[1]} is not legal: {err}"
            ) from None
        except (IndexError, KeyError, TypeError, ValueError, AttributeError) as err:
            raise ReplayMismatch(entry, f"cannot apply {list(rec)!r}: {err}") from None

    def _snapshot_differs(self, rec: jr.Record) -> str:
        """Why snapshot check ``rec`` does not match this replayed match ("" if it does): its
        line length, barriers, state and recent undo snapshots must all be this match's."""
        try:
            snap = jf.unpack_snapshot(rec[3])
        except ValueError as err:
            return f"cannot be read ({err})"
        if snap.ply != len(self.line) or snap.barriers != bytes(self._cheap):
            return "does not match the line of choices"
        if hashlib.blake2b(snap.state, digest_size=8).digest() != rec[2]:
            return "does not match its check"
        last = 0
        for q, packed in snap.snaps:
            if not last < q < snap.ply:
                return "lists its undo snapshots out of order"
            last = q
            mine = self._snaps.get(q)  # the replay plan snapshotted these plies
            if mine is None:
                mine = pack_state(self.state_at(q))
            if packed != mine:
                return f"holds a wrong state for ply {q}"
        return ""

    def _undo_refusal(self, seat: int, target: int) -> str:
        """Why a recorded undo by ``seat`` back to ``target`` was not allowed ("" if it was):
        :meth:`undo` and :meth:`rewind` never write others."""
        if self.policy == "strict":
            return "the strict undo policy forbids"
        if self.resigned is not None:
            return "follows a resignation"
        if target >= len(self.line):
            return f"goes to ply {target}, but the match is at ply {len(self.line)}"
        if self.policy != "teaching":
            if self.rules.outcome(self.state) is not None:
                return "follows the end of the match (only teaching matches undo then)"
            last = next(
                (i for i in range(len(self.line) - 1, -1, -1) if self.line[i][0] == seat), None
            )
            if target != last:
                return f"goes past the seat's own last choice ({self.policy} policy)"
        return ""

    def close_journal(self) -> None:
        """End the journal: write a check record for the current state (unless the last record
        is one), so a replay verifies the last entries too, then close the sink if it has a
        ``close``. A check that cannot be written is skipped. A format-4 file gets a snapshot
        check (unless its last record is one), from which the next load starts."""
        sink = self.sink
        if sink is None:
            return
        last = self.records[-1] if self.records else None
        snapshots = self._sink_snapshots()
        done = last is not None and last[0] == jr.CHECK and (len(last) == 4 or not snapshots)
        if last is not None and not done and not getattr(sink, "closed", 0):
            if snapshots:
                check = self.snapshot_check(recent=True)
            else:
                check = (jr.CHECK, self.entries, state_hash(self.state))
            try:
                sink(check)
            except jr.JournalError:
                pass
            else:
                self.records.append(check)
        close = getattr(sink, "close", None)
        if close is not None:
            close()
