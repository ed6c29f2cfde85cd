"""Starting, loading and replaying matches: the glue between registry, match, journal and bots.

Everything here is headless; the app and the CLI both use it.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine import journal as jr
from engine import registry
from engine.ai import decide
from engine.ai.levels import NAMES, level_of
from engine.match import Match, ReplayMismatch, pack_state, unpack_state
from engine.rng import Rng
from engine.rules import Config, Event, SeatConfig, resolve_options
from engine.seat_names import clean_name, unique_names

MAX_SEED = 2**63 - 1


def random_seed() -> int:
    """A fresh seed for a new match (shown to the player so a match can be repeated)."""
    return secrets.randbelow(1_000_000_000)


def parse_seats(spec: str, game_id: str) -> list[SeatConfig]:
    """Parse a seat spec like ``"human,bot"`` or ``"Ann=human,bot"``. Raises ValueError.

    Unnamed seats get default names: ``"Player"`` for a lone human, ``"Player 1"``,
    ``"Player 2"``... when several humans share the terminal; ``"Bot"`` / ``"Random"`` (with the
    seat number when a kind repeats); a bot level's name for ``bot:easy`` .. ``bot:expert``
    (``"Hard bot"``, engine/ai/levels.py). ``bot`` is the normal level; the kind is recorded
    in the seat (and so in the save header) as written, lower-cased."""
    kinds = ["human", *registry.bot_kinds(game_id)]
    parsed: list[tuple[str, str]] = []
    for i, part in enumerate(p.strip() for p in spec.split(",")):
        name, _, kind = part.rpartition("=")
        kind = kind.strip().lower()
        if kind not in kinds:
            raise ValueError(f"seat {i + 1}: unknown player kind {kind!r} (use {', '.join(kinds)})")
        parsed.append((clean_name(name), kind))  # one header line (engine.seat_names)
    humans = sum(kind == "human" for _, kind in parsed)
    seats: list[SeatConfig] = []
    for i, (name, kind) in enumerate(parsed):
        if kind == "human":
            ordinal = sum(k == "human" for _, k in parsed[:i]) + 1
            default = "Player" if humans == 1 else f"Player {ordinal}"
        else:
            level = level_of(kind)
            default = "Random" if kind == "random" else NAMES[level] if level else "Bot"
            if sum(s.kind == kind for s in seats):
                default = f"{default} {i + 1}"
        seats.append(SeatConfig(name or default, kind))
    names = unique_names([s.name for s in seats])  # "Ann", "Ann 2"
    return [SeatConfig(name, s.kind) for name, s in zip(names, seats, strict=True)]


def new_match(
    game_id: str,
    seats: Sequence[SeatConfig],
    options: dict[str, Any] | None = None,
    seed: int | None = None,
    policy: str = "casual",
    save_path: Path | None = None,
    sync: str = "never",
) -> Match:
    """Create a match; with ``save_path`` its journal is written there as it goes (format 4,
    :data:`engine.journal.SAVE_VERSION`; ``sync``: the fsync policy, see
    :class:`engine.journal.JournalWriter`).

    Raises KeyError (unknown game), ValueError (bad option, seed, seat count or policy),
    JournalError (the save file cannot be created; nothing is left behind).
    """
    rules = registry.get(game_id)
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise ValueError(f"the seed must be a whole number from 0 to {MAX_SEED}")
    config = Config(tuple(seats), resolve_options(rules, options))
    match = Match(rules, config, random_seed() if seed is None else seed, policy)
    if save_path is not None:
        header = jr.Header(**{**match.header().to_map(), "version": jr.SAVE_VERSION})
        writer = jr.JournalWriter.create(save_path, header, sync=sync)
        match.sink = writer
        match.save_path = save_path
    return match


def _config_from(header: jr.Header) -> tuple[Any, Config]:
    try:
        rules = registry.get(header.game)
    except KeyError:
        raise jr.JournalError(f"this save is for an unknown game {header.game!r}") from None
    if header.rules_version != rules.rules_version:
        raise jr.JournalError(
            f"this save was made with {rules.title} rules version {header.rules_version}; "
            f"this Imperia has version {rules.rules_version}"
        )
    try:
        options = resolve_options(rules, header.options)
    except ValueError as err:
        raise jr.JournalError(f"this save has bad rule options: {err}") from None
    seats = tuple(SeatConfig(s["name"], s["kind"]) for s in header.seats)
    return rules, Config(seats, options)


def load_match(
    loaded: jr.Loaded, verify: bool = True, expect_game: str | None = None, full: bool = True
) -> Match:
    """Rebuild a match by replaying a parsed journal; with ``full=False`` from its last
    snapshot, when it has one (``Match.replay``; engine/replay.py says what is checked then).

    Raises JournalError (unknown or different game, other rules version, bad options) and
    ReplayMismatch (first diverging entry).
    """
    header = loaded.header
    if expect_game is not None and header.game != expect_game:
        raise jr.JournalError(f"this save is a {header.game} match, not {expect_game}")
    rules, config = _config_from(header)
    try:
        match = Match(rules, config, header.seed, header.undo_policy)
    except ValueError as err:
        raise jr.JournalError(f"this save cannot start: {err}") from None
    match.replay(loaded.records, verify, full=full)
    return match


def open_match(
    path: Path, verify: bool = True, sync: str = "never", full: bool = True
) -> tuple[Match, list[str]]:
    """Load a saved match to continue it: later entries are appended to the same file, in the
    file's format version (``sync``: see :class:`engine.journal.JournalWriter`). With
    ``full=False`` it starts from the file's last snapshot (:func:`load_match`); the full
    replay then runs when the log is first read (``Match.complete_history``).

    Returns the match and load warnings. Raises JournalError (JournalDamaged for damage before
    the end) or ReplayMismatch; the file is not modified then.
    """
    loaded = jr.read(path)
    match = load_match(loaded, verify, full=full)
    match.sink = jr.JournalWriter.reopen(path, loaded, sync=sync)
    match.save_path = path
    return match, loaded.warnings


def save_as(match: Match, path: Path) -> Path:
    """Write the whole journal of ``match`` to ``path`` atomically (temp file + rename) in the
    current format version (a version-1 match is upgraded), ending with a check record. The
    match keeps autosaving to its own file. Raises OSError or JournalError."""
    records = list(match.records)
    if not records or records[-1][0] != jr.CHECK or len(records[-1]) != 4:
        records.append(match.snapshot_check())  # the copy is format 4 (SAVE_VERSION)
    header = jr.Header(**{**match.header().to_map(), "version": jr.SAVE_VERSION})
    return jr.write_atomic(path, header, records)


def intact_part(path: Path) -> tuple[jr.Header, list[jr.Record], int]:
    """The part of a refused save that can still be used: its header and the records before
    the first bad entry (byte damage, or an entry that does not replay), checked by replaying
    them. Returns ``(header, records, entries)``. Raises JournalError when not even the header
    can be used."""
    try:
        loaded = jr.read(path)
    except jr.JournalDamaged as err:
        loaded = err.intact
    records = list(loaded.records)
    while True:
        try:
            load_match(jr.Loaded(loaded.header, records, [], 0), verify=True)
        except ReplayMismatch as err:  # keep only the entries before the diverging one
            n, keep = 0, 0
            for i, rec in enumerate(records):
                n += rec[0] != jr.CHECK
                if n >= err.entry:
                    break
                keep = i + 1
            records = records[: min(keep, len(records) - 1)]
            continue
        break
    entries = sum(1 for r in records if r[0] != jr.CHECK)
    return loaded.header, records, entries


def save_intact_copy(path: Path) -> tuple[Path, int]:
    """Write the intact part of a refused save (:func:`intact_part`) to a new file beside it,
    ``<name>-intact.imperia`` (numbered when taken), in the current format with a closing
    check. The refused file is not touched. Returns the new path and its entry count.
    Raises JournalError or OSError."""
    header, records, entries = intact_part(path)
    match = load_match(jr.Loaded(header, records, [], 0), verify=True)
    target, n = path.with_name(f"{path.stem}-intact{jr.SUFFIX}"), 2
    while target.exists():
        target = path.with_name(f"{path.stem}-intact-{n}{jr.SUFFIX}")
        n += 1
    return save_as(match, target), entries


def close_match(match: Match) -> None:
    """Close ``match``'s journal, first writing a check record so that the last entries are
    verified on load (:meth:`engine.match.Match.close_journal`)."""
    match.close_journal()


class BotSeats:
    """The bots of a match's non-human seats, each with its own deterministic RNG."""

    def __init__(self, match: Match, seed: int | None = None):
        base = match.seed if seed is None else seed
        self.match = match
        self.bots: dict[int, Any] = {}
        self.rngs: dict[int, Rng] = {}
        for i, s in enumerate(match.seats):
            if not s.is_human:
                self.bots[i] = registry.make_bot(match.rules.id, s.kind)
                self.rngs[i] = Rng.seeded(base * 31 + i + 1)

    def next_seat(self) -> int | None:
        """A waiting seat played by a bot, or None."""
        for s in self.match.waiting():
            if s in self.bots:
                return s
        return None

    def choose(self, seat: int) -> str:
        """The bot's choice for ``seat`` in the current state (does not apply it)."""
        return decide(self.bots[seat], self.match.rules, self.match.state, seat, self.rngs[seat])

    def step(self) -> bool:
        """Let one bot act. Returns False when no bot is waiting."""
        seat = self.next_seat()
        if seat is None:
            return False
        self.match.act(seat, self.choose(seat))
        return True


def play_out(match: Match, max_steps: int = 1_000_000) -> int:
    """Let the bots play until the match is over or a human must decide. Returns steps taken.

    Raises RuntimeError when the step cap is hit or no seat can act (a dead end).
    """
    bots = BotSeats(match)
    steps = 0
    while not match.over:
        if not bots.step():
            if match.waiting():
                return steps
            raise RuntimeError(f"dead end at ply {match.ply}: nobody is waiting")
        steps += 1
        if steps >= max_steps:
            raise RuntimeError(f"no end after {max_steps} steps")
    return steps


@dataclass
class Frame:
    """One step of a replay: the entry (None for the start), its packed state, its log lines."""

    entry: int
    record: jr.Record | None
    packed: bytes
    events: list[Event] = field(default_factory=list)
    undone: bool = False


class Timeline:
    """Every entry of a journal with the state after it, for the replay screen.

    ``frames[0]`` is the start; ``frames[i]`` the state after entry ``i``. Entries later taken
    back are marked ``undone`` (the timeline shows takebacks).

    Raises JournalError / ReplayMismatch like :func:`load_match`.
    """

    def __init__(self, loaded: jr.Loaded, progress: Callable[[int, int], None] | None = None):
        rules, config = _config_from(loaded.header)
        self.header = loaded.header
        self.rules = rules
        self.match = Match(rules, config, loaded.header.seed, loaded.header.undo_policy)
        m = self.match
        self.frames: list[Frame] = [Frame(0, None, pack_state(m.state), [i.event for i in m.log])]
        ply_entry: list[int] = []  # entry index of each effective ply
        total = len(loaded.records)
        before = [len(m.log), m.ply]  # the log length and ply before the record

        def step(n: int, rec: jr.Record) -> None:
            before_log, before_ply = before
            before[0], before[1] = len(m.log), m.ply
            if rec[0] == jr.CHECK:
                return
            entry = len(self.frames)
            if rec[0] == jr.UNDO:
                for i in ply_entry[rec[2] :]:
                    self.frames[i].undone = True
                del ply_entry[rec[2] :]
                new_events = [m.log[-1].event]
            else:
                new_events = [i.event for i in m.log[before_log:]]
                if m.ply > before_ply:
                    ply_entry.append(entry)
            self.frames.append(Frame(entry, rec, pack_state(m.state), new_events))
            if progress and n % 200 == 0:
                progress(n, total)

        m.replay(loaded.records, True, step)

    def state(self, i: int) -> dict[str, Any]:
        """The state after entry ``i`` (0 = start)."""
        return unpack_state(self.frames[i].packed)

    def __len__(self) -> int:
        return len(self.frames)


def verify(path: Path) -> tuple[Match, list[str]]:
    """Replay a journal checking every ``check`` record. Returns the match and warnings.

    Raises JournalError or ReplayMismatch (with the first diverging entry)."""
    loaded = jr.read(path)
    return load_match(loaded, verify=True), loaded.warnings


__all__ = [
    "BotSeats",
    "Frame",
    "ReplayMismatch",
    "Timeline",
    "load_match",
    "new_match",
    "open_match",
    "parse_seats",
    "play_out",
    "random_seed",
    "save_as",
    "save_intact_copy",
    "verify",
]
