"""The conformance checks every registered game gets for free (DESIGN.md "The journal").

Each check plays random legal matches and asserts one property of the engine + rules pair (the
hidden-information checks use the games' optional ``secrets`` and ``hidden_names`` hooks,
documented in ``engine.rules.Rules``). A
failing run writes its journal to ``tests/failures/`` so it can be replayed with
``imperia replay FILE``.
"""

from __future__ import annotations

import os
import re
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


# ---------------------------------------------------------------- hidden information
def option_sets(rules: Rules, count: int) -> list[dict]:
    """``count`` option sets that switch every option away from its default: set ``n`` gives
    each choice option its value ``n + 1`` (cycling through its values, so set 0 changes every
    option at once) and each integer option that also takes a word (a "none" limit) the
    integer ``minimum + 5`` on even sets; integer caps keep their default."""
    out = []
    for n in range(count):
        opts: dict = {}
        for opt in rules.options:
            if opt.kind == "choice" and len(opt.values) > 1:
                opts[opt.key] = opt.values[(n + 1) % len(opt.values)]
            elif opt.kind == "int" and opt.values and n % 2 == 0:
                opts[opt.key] = opt.minimum + 5
        out.append(resolve_options(rules, opts))
    return out


def option_match(rules: Rules, seats: int, seed: int, options: dict) -> Match:
    config = Config(tuple(SeatConfig(f"P{i + 1}", "human") for i in range(seats)), options)
    return Match(rules, config, seed, "teaching")


def _frozen(value) -> bytes:
    return msgpack.packb(value, use_bin_type=True)


def check_determinize_varies(
    rules: Rules, seats: int, seed: int, options: dict, samples: int = 6, every: int = 9
) -> dict[str, list[int]]:
    """Along a random match, determinize for every seat (and a spectator) ``samples`` times at
    sparse steps and tally, per zone of ``rules.secrets`` (the zones hidden from that viewer
    that could hold something else), how often it was listed and how often it took two or
    more different values: ``{zone: [listed, varied]}`` (a zone a world does not list counts
    as the value None there)."""
    tally: dict[str, list[int]] = {}
    match = option_match(rules, seats, seed, options)
    rng = Rng.seeded(seed + 5)
    due = sparse(every, budget=40)

    def body() -> None:
        for n, _ in enumerate(random_steps(match, rng)):
            if match.over or not due(n):
                continue
            state = match.state
            for viewer in [*range(seats), None]:
                zones = rules.secrets(state, viewer)
                if not zones:
                    continue
                seen: dict[str, set[bytes]] = {z: set() for z in zones}
                for k in range(samples):
                    world = rules.determinize(state, viewer, Rng.seeded(seed * 7 + n * 31 + k))
                    found = rules.secrets(world, viewer)
                    for z in zones:
                        seen[z].add(_frozen(found.get(z)))
                for z, values in seen.items():
                    row = tally.setdefault(z, [0, 0])
                    row[0] += 1
                    row[1] += len(values) >= 2

    guarded(match, f"{rules.id}-secrets-{seats}-{seed}", body)
    return tally


def stuck_zones(tally: dict[str, list[int]], share: float = 0.5) -> list[str]:
    """Zones of a :func:`check_determinize_varies` tally that did not vary often enough: never,
    or in less than ``share`` of the positions where they were listed (a zone that could vary
    varies in almost every position; one determinize forgets never varies)."""
    return [
        f"{z} (varied at {v} of {n} positions)"
        for z, (n, v) in sorted(tally.items())
        if v == 0 or v < share * n
    ]


def check_log_names(rules: Rules, seats: int, seed: int, options: dict, window: int = 8) -> int:
    """Along a random match, every log line each seat (and a spectator) is given names nothing
    hidden from it (``rules.hidden_names``): a line is checked when it appears and again at
    each of the next ``window`` plies, as the log keeps showing it (the set-up's lines
    included). Returns the number of lines checked."""
    match = option_match(rules, seats, seed, options)
    rng = Rng.seeded(seed + 6)
    viewers = [*range(seats), None]
    checked = 0

    def check_now() -> None:
        nonlocal checked
        state = match.state
        for viewer in viewers:
            names = rules.hidden_names(state, viewer)
            if not names:
                continue
            pattern = re.compile(
                "|".join(rf"(?<!\w){re.escape(x)}(?!\w)" for x in sorted(names, key=len)[::-1])
            )
            for item in reversed(match.log):  # in ply order: the recent lines are last
                if item.ply < match.ply - 1 - window:
                    break
                line = match.describe(item, viewer)
                checked += 1
                hit = pattern.search(line)
                assert hit is None, (
                    f"ply {match.ply}: the line {line!r} (ply {item.ply}) given to "
                    f"{'a spectator' if viewer is None else f'seat {viewer}'} names "
                    f"{hit.group(0)!r}, hidden from it"
                )

    def body() -> None:
        check_now()
        for _ in random_steps(match, rng):
            if not match.over:
                check_now()

    guarded(match, f"{rules.id}-lognames-{seats}-{seed}", body)
    return checked
