"""Engine speed, journal load and undo cost, journal compactness: what ``imperia bench`` prints.

Times are CPU seconds of this process (``time.process_time``), so a machine shared with other
work measures the same code alike.

:func:`measure` plays and times, for one game, in a folder the caller provides (the command
line makes a temporary one, tui/cli.py ``cmd_bench``; files are written and read only through
:mod:`engine.journal`):
* ``steps_per_s``: random legal play through ``Match.act`` (prompt + apply + journal append to a
  real file), over whole matches from many seeds;
* ``load_verify_s``: seconds to read and load a 10,000-entry journal (a long teaching match
  with takebacks, built by the bench and closed, so it ends in a snapshot check): every
  record's frame and CRC checked, the records before the last snapshot read without the
  rules, the tail replayed (engine/replay.py); ``full_verify_s``: the same journal read and
  replayed through the rules entry by entry (``imperia replay --verify``, and what
  ``Match.complete_history`` costs), ``full_ratio`` its ratio to the raw decode;
* ``undo_ms``: milliseconds for one undo at entry 10,000;
* ``bytes_per_act``: mean size of an ``act`` record in that journal, framing included (format
  2: length, payload, CRC-32); ``bytes_per_act_unframed``: the msgpack payload alone (what a
  format-1 record is); ``bytes_per_act_v3``: the same records written in format 3 (numbered
  choice ids, the same framing);
* ``raw_decode_s``: seconds to msgpack-decode the same journal's header and records as one bare
  msgpack stream (its format-1 bytes, in memory: the floor any loader pays), and
  ``load_ratio`` = ``load_verify_s / raw_decode_s`` (issue 17's goal: at most 20);
* ``playout_steps_per_s``: steps per second of determinize + random play to the end through the
  rules alone (``prompt`` and ``apply_unchecked``; no match, no journal), as a search's rollout
  plays.
"""

from __future__ import annotations

import platform
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgpack

from engine import journal as jr
from engine import journal_format as jf
from engine import registry
from engine.match import Match
from engine.rng import Rng
from engine.rules import Config, Rules, SeatConfig, resolve_options
from engine.session import load_match


def _match(rules: Rules, seed: int, policy: str = "teaching") -> Match:
    seats = tuple(SeatConfig(f"P{i + 1}", "human") for i in range(rules.min_seats))
    return Match(rules, Config(seats, resolve_options(rules)), seed, policy)


def random_play_rate(rules: Rules, steps: int, folder: Path) -> tuple[float, int]:
    """Steps per second of random play through ``Match.act`` with a journal written to
    ``folder/rate-<seed>.imperia``, whole matches from seeds 0, 1, ..., and the matches played."""
    done = 0
    matches = 0
    elapsed = 0.0
    seed = 0
    while done < steps:
        m = _match(rules, seed)
        writer = jr.JournalWriter.create(folder / f"rate-{seed}.imperia", m.header())
        m.sink = writer
        rng = Rng.seeded(seed)
        t0 = time.process_time()
        while not m.over and done < steps:
            waiting = m.waiting()
            seat = waiting[0] if len(waiting) == 1 else waiting[rng.randbelow(len(waiting))]
            choices = m.prompt(seat).choices
            m.act(seat, choices[rng.randbelow(len(choices))].id)
            done += 1
        elapsed += time.process_time() - t0
        writer.close()
        matches += 1
        seed += 1
    return done / elapsed, matches


def playout_rate(rules: Rules, steps: int) -> tuple[float, int]:
    """Steps per second of random play to the end through ``rules.prompt`` and the game's
    ``apply_unchecked`` hook (``rules.apply`` without one: a choice taken from the prompt needs
    no second check), each game from a fresh set-up (seed 0, 1, ...) determinized for seat 0
    first (as a search's rollout starts), and the games played. At least one whole game is
    played."""
    apply = getattr(rules, "apply_unchecked", None) or rules.apply
    done = 0
    games = 0
    elapsed = 0.0
    seed = 0
    while done < steps or not games:
        config = Config(
            tuple(SeatConfig(f"P{i + 1}", "random") for i in range(rules.min_seats)),
            resolve_options(rules),
        )
        rng = Rng.seeded(seed)
        state = rules.setup(config, Rng.seeded(seed))
        t0 = time.process_time()
        state = rules.determinize(state, 0, rng)
        step_rng = Rng(state["rng"])  # one generator over the state's cell for the game
        while rules.outcome(state) is None:
            waiting = rules.waiting(state)
            seat = waiting[0] if len(waiting) == 1 else waiting[rng.randbelow(len(waiting))]
            choices = rules.prompt(state, seat).choices
            apply(state, seat, choices[rng.randbelow(len(choices))].id, step_rng)
            done += 1
        elapsed += time.process_time() - t0
        games += 1
        seed += 1
    return done / elapsed, games


def raw_decode_time(header: jr.Header, records: Sequence[jr.Record], rounds: int = 5) -> float:
    """Seconds (best of ``rounds``) to msgpack-decode ``header`` and ``records`` as one bare
    msgpack stream held in memory (the journal's format-1 bytes): what reading the file costs
    before any rules run."""
    head = msgpack.packb(header.to_map(), use_bin_type=True)
    data = head + b"".join(jr.pack_record(r) for r in records)
    best = float("inf")
    for _ in range(rounds):
        t0 = time.process_time()
        out = _unpack_all(data)
        best = min(best, time.process_time() - t0)
    assert len(out) == len(records) + 1
    return best


def _unpack_all(data: bytes) -> list[Any]:
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=False, max_buffer_size=len(data))
    unpacker.feed(data)
    return list(unpacker)


def long_journal(rules: Rules, entries: int, path: Path, version: int = jr.SAVE_VERSION) -> Match:
    """A teaching match written to ``path`` (format ``version``) until it has ``entries``
    entries: about one choice in ten is taken back at once, and whenever the match ends a
    teacher rewinds 10-70 plies and play goes on (so one journal holds many endings); closed
    as the app closes a match."""
    m = _match(rules, 1)
    header = jr.Header(**{**m.header().to_map(), "version": version})
    writer = jr.JournalWriter.create(path, header)
    m.sink = writer
    rng = Rng.seeded(99)
    while m.entries < entries:
        if m.over:  # a teacher rewinds a stretch and the players play on differently
            m.rewind(m.line[-1][0], max(0, m.ply - 10 - rng.randbelow(60)))
            continue
        waiting = m.waiting()
        seat = waiting[rng.randbelow(len(waiting))]
        choices = m.prompt(seat).choices
        m.act(seat, choices[rng.randbelow(len(choices))].id)
        if rng.randbelow(10) == 0 and not m.over and m.entries < entries - 1:
            m.undo(seat)
    m.close_journal()  # as the app closes a match: a check (format 4: with a snapshot)
    return m


def _act_bytes(header: jr.Header, records: Sequence[jr.Record], version: int) -> float:
    """Mean bytes of an ``act`` record when ``records`` are written in format ``version``
    (format 3 numbers the choice ids as it goes: :class:`engine.journal_format.ChoiceTable`)."""
    table = jf.ChoiceTable.of(jf.Header(**{**header.to_map(), "version": version}))
    total = acts = 0
    for i, rec in enumerate(records, 1):
        if rec[0] == jr.ACT:
            total += len(jf.encode(rec, version, 0, i, table))
            acts += 1
        if table is not None:
            table.note(rec)
    return total / max(acts, 1)


def measure(game: str, steps: int, folder: Path) -> tuple[dict[str, Any], Path]:
    """Measure ``game`` (a registry id) with ``steps`` random-play steps, writing journals into
    ``folder``: the result (``game``, ``python``, ``machine``, ``steps_per_s``,
    ``random_steps``, ``matches``, ``playout_steps_per_s``, ``playout_games``,
    ``journal_entries``, ``load_verify_s``, ``raw_decode_s``, ``load_ratio``,
    ``full_verify_s``, ``full_ratio``, ``undo_ms``,
    ``bytes_per_act``, ``bytes_per_act_unframed``, ``bytes_per_act_v3``, ``journal_version``;
    times in seconds or milliseconds as named) and the path of the 10,000-entry journal (its size is the caller's
    to read). Raises KeyError for an unknown game, AssertionError if the replayed journal's
    hash differs from the live match's."""
    rules = registry.get(game)
    rate, matches = random_play_rate(rules, steps, folder)
    playout, playout_games = playout_rate(rules, steps)
    path = folder / "long.imperia"
    live = long_journal(rules, 10_000, path)
    t0 = time.process_time()
    loaded = jr.read(path)
    m = load_match(loaded, verify=True, full=False)
    load_s = time.process_time() - t0
    assert m.hash() == live.hash()
    t0 = time.process_time()
    whole = load_match(jr.read(path), verify=True)
    full_s = time.process_time() - t0
    assert whole.hash() == live.hash()
    entries = m.entries
    seat = m.line[-1][0]
    t0 = time.process_time()
    m.undo(seat)
    undo_ms = (time.process_time() - t0) * 1000
    raw_s = raw_decode_time(loaded.header, loaded.records)
    acts = [r for r in loaded.records if r[0] == jr.ACT]
    act_bytes = _act_bytes(loaded.header, loaded.records, loaded.version)
    act_bytes_v3 = _act_bytes(loaded.header, loaded.records, 3)
    payload = sum(len(jr.pack_record(r)) for r in acts) / len(acts)
    result = {
        "game": game,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "steps_per_s": round(rate),
        "random_steps": steps,
        "matches": matches,
        "playout_steps_per_s": round(playout),
        "playout_games": playout_games,
        "journal_entries": entries,
        "load_verify_s": round(load_s, 3),
        "raw_decode_s": round(raw_s, 5),
        "load_ratio": round(load_s / raw_s, 1),
        "full_verify_s": round(full_s, 3),
        "full_ratio": round(full_s / raw_s, 1),
        "undo_ms": round(undo_ms, 2),
        "bytes_per_act": round(act_bytes, 2),
        "bytes_per_act_unframed": round(payload, 2),
        "bytes_per_act_v3": round(act_bytes_v3, 2),
        "journal_version": loaded.version,
    }
    return result, path
