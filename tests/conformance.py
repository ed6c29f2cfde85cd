"""The conformance checks every registered game gets for free (DESIGN.md "The journal").

Each check plays random legal matches and asserts one property of the engine + rules pair. A
failing run writes its journal to ``tests/failures/`` so it can be replayed with
``imperia replay FILE``.
"""

from __future__ import annotations

import os
from pathlib import Path

import msgpack

from engine import journal as jr
from engine.match import Match, state_hash
from engine.rng import Rng
from engine.rules import Config, IllegalAction, Rules, SeatConfig, resolve_options
from engine.session import load_match

FAILURES = Path(__file__).parent / "failures"
STEP_CAP = 20_000


def new_match(
    rules: Rules, seats: int, seed: int, policy: str = "teaching", humans: bool = True
) -> Match:
    kind = "human" if humans else "random"
    config = Config(
        tuple(SeatConfig(f"P{i + 1}", kind) for i in range(seats)), resolve_options(rules)
    )
    return Match(rules, config, seed, policy)


def dump_failure(match: Match, label: str) -> Path:
    """Write the match's journal to tests/failures/ and return the path."""
    FAILURES.mkdir(exist_ok=True)
    path = FAILURES / f"{label}.imperia"
    jr.write_atomic(path, match.header(), match.records)
    return path


def random_steps(match: Match, rng: Rng, cap: int = STEP_CAP):
    """Yield after every random legal choice until the match ends. Fails on a dead end."""
    steps = 0
    while not match.over:
        waiting = match.waiting()
        assert waiting, f"dead end at ply {match.ply}: no outcome and nobody waiting"
        seat = waiting[rng.randbelow(len(waiting))]
        prompt = match.prompt(seat)
        assert prompt is not None and prompt.choices, f"seat {seat} waits without choices"
        choice = prompt.choices[rng.randbelow(len(prompt.choices))].id
        match.act(seat, choice)
        steps += 1
        assert steps < cap, f"no outcome after {cap} steps"
        yield seat, choice


def sparse(every: int, budget: int = 100):
    """A predicate on the step number ``n`` that is true every ``every`` steps at first, and
    half as often after each ``budget`` hits: long matches (hundreds of small composing steps)
    are still checked from start to end, at a bounded cost."""
    state = {"every": every, "hits": 0, "next": 0}

    def due(n: int) -> bool:
        if n < state["next"]:
            return False
        state["hits"] += 1
        if state["hits"] % budget == 0:
            state["every"] *= 2
        state["next"] = n + state["every"]
        return True

    return due


def guarded(match: Match, label: str, body) -> None:
    """Run ``body()``; on failure save the journal and say where."""
    try:
        body()
    except BaseException as err:
        path = dump_failure(match, label)
        raise AssertionError(f"{err}\n  journal saved: {path}") from err


def view_bytes(rules: Rules, state, seat) -> bytes:
    return msgpack.packb(rules.view(state, seat), use_bin_type=True)


def check_play_and_replay(rules: Rules, seats: int, seed: int) -> int:
    """Random play ends; replaying the journal reproduces the state hash at every step."""
    match = new_match(rules, seats, seed)
    rng = Rng.seeded(seed)
    hashes: list[bytes] = []

    def body() -> None:
        for _ in random_steps(match, rng):
            hashes.append(state_hash(match.state))
        replay = Match(rules, match.config, match.seed, match.policy)
        i = 0
        for rec in match.records:
            replay.replay_record(rec)
            if rec[0] == jr.ACT:
                assert state_hash(replay.state) == hashes[i], f"replay diverges at step {i + 1}"
                i += 1
        assert i == len(hashes)

    guarded(match, f"{rules.id}-play-{seats}-{seed}", body)
    return len(hashes)


def check_undo_redo(rules: Rules, seats: int, seed: int, every: int = 7) -> None:
    """Undo then redo is the identity; undo restores the earlier state exactly."""
    match = new_match(rules, seats, seed, policy="teaching")
    rng = Rng.seeded(seed + 1)
    history: dict[int, bytes] = {0: state_hash(match.state)}
    due = sparse(every)

    def body() -> None:
        for n, (seat, _) in enumerate(random_steps(match, rng)):
            history[match.ply] = state_hash(match.state)
            if due(n) and not match.over:
                before = state_hash(match.state)
                ply = match.ply
                check = match.check_undo(seat)
                assert check.allowed and check.target is not None
                count = match.undo(seat)
                assert match.ply == ply - count == check.target
                assert state_hash(match.state) == history[match.ply], "undo missed its state"
                match.redo(seat)
                assert state_hash(match.state) == before, "undo then redo changed the state"

    guarded(match, f"{rules.id}-undo-{seats}-{seed}", body)


def check_casual_barriers(rules: Rules, seats: int, seed: int, every: int = 5) -> None:
    """Casual undo without consent never crosses a barrier, recomputed independently: over the
    taken-back plies the RNG never advanced and no new seat came to decide."""
    match = new_match(rules, seats, seed, policy="casual")
    rng = Rng.seeded(seed + 2)
    due = sparse(every)

    def body() -> None:
        for n, (seat, _) in enumerate(random_steps(match, rng)):
            if match.over or not due(n):
                continue
            check = match.check_undo(seat)
            if not check.allowed:
                continue
            assert check.target is not None
            for ply in range(check.target, match.ply):
                s_before, s_after = match.state_at(ply), match.state_at(ply + 1)
                assert match.line[ply][0] == seat, "casual undo would take back another seat"
                assert s_before["rng"] == s_after["rng"], f"casual undo crosses a roll at {ply}"
                w0, w1 = rules.waiting(s_before), rules.waiting(s_after)
                assert all(s in w0 for s in w1), f"casual undo crosses a turn change at {ply}"

    guarded(match, f"{rules.id}-casual-{seats}-{seed}", body)


def check_illegal_and_leaks(rules: Rules, seats: int, seed: int, every: int = 3) -> None:
    """An illegal choice raises IllegalAction and leaves the state hash unchanged; determinizing
    what a seat cannot see leaves that seat's view byte-identical (the leak test)."""
    match = new_match(rules, seats, seed)
    rng = Rng.seeded(seed + 3)
    due = sparse(every)

    def body() -> None:
        for n, _ in enumerate(random_steps(match, rng)):
            if match.over or not due(n):
                continue
            state = match.state
            before = state_hash(state)
            waiting = match.waiting()
            idle = [s for s in range(seats) if s not in waiting]
            bad: list[tuple[int, str]] = [(waiting[0], "no-such-choice"), (waiting[0], "")]
            prompt = match.prompt(waiting[0])
            if idle and prompt is not None:
                bad.append((idle[0], prompt.choices[0].id))
            for seat, choice in bad:
                try:
                    rules.apply(state, seat, choice, Rng(state["rng"]))
                except IllegalAction:
                    pass
                else:
                    raise AssertionError(f"{choice!r} by seat {seat} was accepted")
                assert state_hash(state) == before, f"illegal {choice!r} changed the state"
            for seat in [*range(seats), None]:
                seen = view_bytes(rules, state, seat)
                for k in range(2):
                    world = rules.determinize(state, seat, Rng.seeded(seed * 1000 + n * 10 + k))
                    assert view_bytes(rules, world, seat) == seen, f"view of seat {seat} leaks"
                    assert state_hash(state) == before, "determinize changed the real state"

    guarded(match, f"{rules.id}-leak-{seats}-{seed}", body)


def check_save_round_trip(rules: Rules, seats: int, seed: int, tmp: Path) -> None:
    """A journal written as the match goes loads back to the same state; so does save-as; a
    journal cut at every byte of its last record loads all the whole records before it."""
    path = tmp / f"{rules.id}-{seed}.imperia"
    match = new_match(rules, seats, seed)
    writer = jr.JournalWriter.create(path, match.header())
    match.sink = writer
    rng = Rng.seeded(seed + 4)
    for n, (seat, _) in enumerate(random_steps(match, rng)):
        if n % 11 == 5 and not match.over and match.check_undo(seat).allowed:
            match.undo(seat)
    writer.close()
    loaded = jr.read(path)
    assert not loaded.warnings
    assert load_match(loaded).hash() == match.hash()

    data = path.read_bytes()
    last = loaded.records[-1]
    last_len = len(jr.pack_record(last))
    whole = len(loaded.records) - 1
    for cut in range(len(data) - last_len, len(data)):
        part = jr.parse(data[:cut], "cut")
        assert len(part.records) == whole, f"cut at {cut}: {len(part.records)} records"
        assert part.records == loaded.records[:whole], f"cut at {cut}: records differ"
        assert part.warnings or cut == len(data) - last_len
    load_match(part)  # the whole records replay (the same records at every cut)


def env_int(name: str, default: int) -> int:
    return int(os.environ.get(name, default))
