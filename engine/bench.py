"""Engine speed, journal load and undo cost, journal compactness: what ``imperia bench`` prints.

:func:`measure` plays and times, for one game, in a folder the caller provides (the command
line makes a temporary one, tui/cli.py ``cmd_bench``; files are written and read only through
:mod:`engine.journal`):
* ``steps_per_s``: random legal play through ``Match.act`` (prompt + apply + journal append to a
  real file), over whole matches from many seeds;
* ``load_verify_s``: seconds to read and replay-verify a 10,000-entry journal (a long teaching
  match with takebacks, built by the bench);
* ``undo_ms``: milliseconds for one undo at entry 10,000;
* ``bytes_per_act``: mean size of an ``act`` record in that journal, framing included (format
  2: length, payload, CRC-32); ``bytes_per_act_unframed``: the msgpack payload alone (what a
  format-1 record is).
"""

from __future__ import annotations

import platform
import time
from pathlib import Path
from typing import Any

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
        t0 = time.perf_counter()
        while not m.over and done < steps:
            waiting = m.waiting()
            seat = waiting[0] if len(waiting) == 1 else waiting[rng.randbelow(len(waiting))]
            choices = m.prompt(seat).choices
            m.act(seat, choices[rng.randbelow(len(choices))].id)
            done += 1
        elapsed += time.perf_counter() - t0
        writer.close()
        matches += 1
        seed += 1
    return done / elapsed, matches


def long_journal(rules: Rules, entries: int, path: Path) -> Match:
    """A teaching match written to ``path`` until it has ``entries`` entries: about one choice
    in ten is taken back at once, and whenever the match ends a teacher rewinds 10-70 plies and
    play goes on (so one journal holds many endings)."""
    m = _match(rules, 1)
    writer = jr.JournalWriter.create(path, m.header())
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
    writer.close()
    return m


def measure(game: str, steps: int, folder: Path) -> tuple[dict[str, Any], Path]:
    """Measure ``game`` (a registry id) with ``steps`` random-play steps, writing journals into
    ``folder``: the result (``game``, ``python``, ``machine``, ``steps_per_s``,
    ``random_steps``, ``matches``, ``journal_entries``, ``load_verify_s``, ``undo_ms``,
    ``bytes_per_act``, ``bytes_per_act_unframed``, ``journal_version``; times in seconds or
    milliseconds as named) and the path of the 10,000-entry journal (its size is the caller's
    to read). Raises KeyError for an unknown game, AssertionError if the replayed journal's
    hash differs from the live match's."""
    rules = registry.get(game)
    rate, matches = random_play_rate(rules, steps, folder)
    path = folder / "long.imperia"
    live = long_journal(rules, 10_000, path)
    t0 = time.perf_counter()
    loaded = jr.read(path)
    m = load_match(loaded, verify=True)
    load_s = time.perf_counter() - t0
    assert m.hash() == live.hash()
    entries = m.entries
    seat = m.line[-1][0]
    t0 = time.perf_counter()
    m.undo(seat)
    undo_ms = (time.perf_counter() - t0) * 1000
    acts = [r for r in loaded.records if r[0] == jr.ACT]
    act_bytes = sum(len(jf.encode(r, loaded.version, 0, 1)) for r in acts) / len(acts)
    payload = sum(len(jr.pack_record(r)) for r in acts) / len(acts)
    result = {
        "game": game,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "steps_per_s": round(rate),
        "random_steps": steps,
        "matches": matches,
        "journal_entries": entries,
        "load_verify_s": round(load_s, 3),
        "undo_ms": round(undo_ms, 2),
        "bytes_per_act": round(act_bytes, 2),
        "bytes_per_act_unframed": round(payload, 2),
        "journal_version": loaded.version,
    }
    return result, path
