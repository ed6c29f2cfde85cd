"""Flat information-set Monte Carlo search with heuristic rollouts (the ``hard`` and ``expert``
levels where :data:`engine.ai.levels.TUNING` sets ``flat``; issue 18).

A root-only ISMCTS (Cowling, Powley and Whitehouse 2012, the tree cut to its root) whose
rollouts are played by the game's own heuristic for every seat: Monte Carlo policy improvement
(Tesauro and Galperin, "On-line policy improvement using Monte-Carlo search", NIPS 1996). It
only changes the heuristic's choice where sampled futures show another choice is better, so it
plays at least about as well as the heuristic and better where the heuristic misjudges. Each
*round*

1. **determinizes** one world from the searching seat's knowledge (``rules.determinize``; the
   search never reads a hidden card or a future die);
2. plays **every candidate still in the race** in a copy of that world, with the same random
   numbers (the world's RNG cell and one rollout seed), so candidates are compared on the same
   hidden cards and the same dice (common random numbers: paired samples);
3. lets the heuristic play every seat from there, through ``prompt`` and ``apply``, until
   ``turns`` turn boundaries have passed (``boundary``: a key of the turn), or the match ends,
   or ``cap`` decisions were made; the position is then scored by ``evaluate`` (one value per
   seat, :mod:`engine.ai.evaluations`) or by the outcome.

Candidates are dropped by sequential halving (Karnin, Koren and Somekh 2013): after rounds 2,
4, 8, ... the worse half of the candidates other than the heuristic's own choice leave the race,
until :data:`KEEP` are left. The heuristic's choice stands unless another candidate's paired
mean reward beats it by more than ``margin`` and by ``z`` standard errors of the paired
differences, over at least ``min_rounds`` rounds.

With the heuristic's own ranking (``rank``: its value of each candidate) the search runs only
where the heuristic is unsure, its best two within ``gap``, and races only its ``top`` best
candidates: the rollouts go where a mistake is likely and are not spread over choices the
heuristic already knows are poor.

Every rollout counts its turn boundaries from the root position's turn, so a candidate that
itself ends the turn (iMperium's ``end``) is scored at the same boundary as the others.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.ai.ismcts import Evaluate, ISMCTSBot, Policy, SearchResult, rewards, seat_count
from engine.rng import Rng
from engine.rules import Prompt, Rules, State

Rank = Callable[[Rules, State, int, Prompt], "list[tuple[float, str]] | None"]
"""The heuristic's values of a decision's candidates, best first (see :func:`flat_search`)."""

KEEP = 3
"""Candidates that always stay in the race (the heuristic's choice among them)."""


def _rollout(
    rules: Rules,
    world: State,
    policies: list[Policy],
    rng: Rng,
    boundary: Callable[[State], Any] | None,
    turns: int,
    cap: int,
    key: Any = None,
) -> None:
    """Play ``world`` on by ``policies`` (one per seat) until ``turns`` boundary changes, the
    end of the match or ``cap`` decisions (``world`` is changed in place). ``key`` is the turn
    key the count starts from (the root position's, so that a candidate which itself ends the
    turn is scored at the same turn boundary as the others); None: ``world``'s own."""
    if key is None and boundary is not None:
        key = boundary(world)
    passed = 0
    for _ in range(cap):
        waiting = rules.waiting(world)
        if not waiting:
            return
        if boundary is not None:
            k = boundary(world)
            if k != key:
                passed += 1
                key = k
                if passed >= turns:
                    return
        mover = min(waiting)
        prompt = rules.prompt(world, mover)
        if prompt is None or not prompt.choices:
            return
        if len(prompt.choices) == 1:
            choice = prompt.choices[0].id
        else:
            choice = policies[mover](rules, world, mover, prompt, rng)
        rules.apply(world, mover, choice, Rng(world["rng"]))


@dataclass(frozen=True)
class Box:
    """A search's time box: ``seconds`` of ``clock`` (CPU time by default), ``iterations``
    rollouts, and ``wall_cap`` seconds of wall time at most (each None: no such limit)."""

    seconds: float | None
    iterations: int | None
    clock: Callable[[], float] = time.thread_time
    wall_cap: float | None = None


def paired_race(
    rules: Rules,
    state: State,
    seat: int,
    rng: Rng,
    ids: list[str],
    alive: list[str],
    play: Callable[[State, str, int], float],
    box: Box,
    verdict: tuple[float, float, int],
    progress: Callable[[int], None] | None = None,
) -> tuple[list[tuple[str, int, float]], int, int]:
    """Race the root choices ``alive`` (the default first) on paired samples (module
    docstring): each round determinizes one world from ``seat``'s knowledge and one rollout
    seed, and ``play(world copy, choice, seed)`` gives each candidate's reward for ``seat``;
    sequential halving after rounds 2, 4, 8, ... keeps :data:`KEEP`. ``verdict`` is
    ``(margin, z, min_rounds)``: another choice replaces the default only when its mean paired
    difference beats ``margin`` and ``z`` standard errors over at least ``min_rounds``.

    Returns ``(ranked, rounds, rollouts)``: ``(choice, rounds, mean reward)`` per id of
    ``ids``, the played choice first."""
    margin, z, min_rounds = verdict
    default = alive[0]
    sums = dict.fromkeys(ids, 0.0)
    runs = dict.fromkeys(ids, 0)
    diffs: dict[str, list[float]] = {c: [] for c in ids}
    done = rounds = 0
    next_cut = 2
    last_report = time.monotonic()
    deadline = None if box.seconds is None else box.clock() + box.seconds
    wall_end = None if box.wall_cap is None else time.monotonic() + box.wall_cap

    def out_of_time() -> bool:
        if box.iterations is not None and done >= box.iterations:
            return True
        if deadline is not None and box.clock() >= deadline:
            return True
        return wall_end is not None and time.monotonic() >= wall_end

    while len(alive) > 1 and not (done and out_of_time()):
        world = rules.determinize(state, seat, rng)
        seed = rng.randbelow(1 << 30)
        got: dict[str, float] = {}
        for c in alive:
            got[c] = play(rules.clone(world), c, seed)
            done += 1
            if out_of_time() and c is not alive[-1]:
                break
        if len(got) < len(alive) and rounds:  # a round cut short is not a paired sample
            break
        rounds += 1
        for c, v in got.items():
            sums[c] += v
            runs[c] += 1
            if default in got:
                diffs[c].append(v - got[default])
        if progress is not None and time.monotonic() - last_report > 0.1:
            last_report = time.monotonic()
            progress(done)
        if rounds == next_cut:
            if len(alive) > KEEP:
                rest = sorted(alive[1:], key=lambda c: -sums[c] / runs[c])
                alive = [default, *rest[: max(KEEP - 1, len(rest) // 2)]]
            next_cut *= 2
    best, best_gain = default, 0.0
    for c in alive[1:]:
        d = diffs[c]
        if len(d) < max(2, min_rounds):
            continue
        mean = sum(d) / len(d)
        var = sum((x - mean) ** 2 for x in d) / (len(d) - 1)
        se = math.sqrt(var / len(d))
        if mean > margin and mean > z * se and mean > best_gain:
            best, best_gain = c, mean
    ranked = sorted(
        ((c, runs[c], sums[c] / runs[c] if runs[c] else 0.0) for c in ids),
        key=lambda r: (r[0] != best, -r[1], -r[2]),
    )
    return ranked, rounds, done


def flat_search(
    rules: Rules,
    state: State,
    seat: int,
    rng: Rng,
    policy: Callable[[], Policy],
    *,
    seconds: float | None = 1.0,
    iterations: int | None = None,
    evaluate: Evaluate | None = None,
    boundary: Callable[[State], Any] | None = None,
    turns: int = 2,
    cap: int = 200,
    prior: Policy | None = None,
    margin: float = 0.03,
    z: float = 1.0,
    min_rounds: int = 4,
    rank: Rank | None = None,
    gap: float = 0.0,
    top: int = 0,
    progress: Callable[[int], None] | None = None,
    clock: Callable[[], float] = time.thread_time,
    wall_cap: float | None = None,
) -> SearchResult:
    """Search ``seat``'s decision in ``state`` (not modified) by heuristic rollouts.

    Args:
        rules, state, seat: the game, the position, the deciding seat.
        rng: the search's randomness (worlds and rollout seeds).
        policy: makes one rollout policy ``(rules, world, seat, prompt, rng) -> choice id``
            (the game's heuristic); one is made per seat.
        seconds: the time box in seconds of ``clock`` (CPU time by default); None: only
            ``iterations``.
        iterations: the box in rollouts (each candidate's rollout in a round counts one);
            deterministic for a fixed ``rng``.
        evaluate: scores the position where a rollout stops early (None: an even split).
        boundary, turns: a rollout stops after ``turns`` changes of ``boundary(world)`` (the
            turn key; None: only the match's end or ``cap``).
        cap: most decisions in one rollout.
        prior: the heuristic's choice at the root (None: the first choice is the default).
        margin, z, min_rounds: how much better (mean paired reward, and in standard errors)
            and after how many rounds another choice overrules the default.
        rank, gap, top: the heuristic's own values of the candidates (``rank(rules, world,
            seat, prompt) -> [(value, id)]`` best first, or None for a decision it takes by a
            direct rule), used instead of ``prior``: the search runs only where the heuristic
            is unsure (its best two within ``gap``), among its ``top`` best candidates (0:
            all); elsewhere its choice is played at once (no rollout).
        progress: called with the rollouts done, about every 0.1 s.
        clock, wall_cap: as in :func:`engine.ai.ismcts.search`.

    Returns ``(choice, rounds, mean reward)`` per root choice, the played choice first.
    Raises ValueError when ``seat`` has nothing to decide or neither box is set.
    """
    if seconds is None and iterations is None:
        raise ValueError("set seconds or iterations")
    prompt = rules.prompt(state, seat)
    if prompt is None:
        raise ValueError(f"seat {seat} has nothing to decide")
    ids = [ch.id for ch in prompt.choices]
    seats = seat_count(rules, state)
    policies = [policy() for _ in range(seats)]
    default = ids[0]
    race = ids
    if rank is not None and len(ids) > 1:
        world = rules.determinize(state, seat, rng)
        ranked0 = rank(rules, world, seat, prompt)
        if ranked0 is None and prior is not None:
            pick = prior(rules, world, seat, prompt, rng)
            ranked0 = [(0.0, pick)] if pick in ids else None
        if ranked0:
            default = ranked0[0][1]
            race = [c for _v, c in ranked0[: top or None] if c in ids]
            if len(ranked0) == 1 or ranked0[0][0] - ranked0[1][0] > gap:
                race = [default]
    elif prior is not None and len(ids) > 1:
        pick = prior(rules, rules.determinize(state, seat, rng), seat, prompt, rng)
        default = pick if pick in ids else default
    key0 = boundary(state) if boundary is not None else None

    def play(world: State, c: str, seed: int) -> float:
        rules.apply(world, seat, c, Rng(world["rng"]))
        _rollout(rules, world, policies, Rng.seeded(seed), boundary, turns, cap, key0)
        return rewards(rules, world, seats, evaluate)[seat]

    ranked, _rounds, done = paired_race(
        rules,
        state,
        seat,
        rng,
        ids,
        [default, *[c for c in race if c != default]],
        play,
        Box(seconds, iterations, clock, wall_cap),
        (margin, z, min_rounds),
        progress,
    )
    return SearchResult(ranked, done, default if prior is not None or rank else None)


class FlatBot(ISMCTSBot):
    """The hard level with the flat search (:func:`flat_search`) instead of the tree: the
    same time box, spec and progress reports as :class:`~engine.ai.ismcts.ISMCTSBot`; its
    ``spec.flat`` must be set (the rollout-policy factory)."""

    def choose(self, rules: Rules, state: State, seat: int, prompt: Prompt, rng: Rng) -> str:
        """The flat search's best root choice (a single choice is taken at once)."""
        if len(prompt.choices) == 1:
            return prompt.choices[0].id
        sp = self.spec
        assert sp.flat is not None, "FlatBot needs spec.flat"
        self.last = flat_search(
            rules,
            state,
            seat,
            rng.fork(),
            sp.flat,
            seconds=self.seconds,
            iterations=self.iterations,
            evaluate=sp.evaluate,
            boundary=sp.boundary,
            turns=sp.turns,
            cap=sp.cap,
            prior=sp.prior,
            margin=sp.margin,
            z=sp.z,
            rank=sp.rank,
            gap=sp.gap,
            top=sp.top,
            progress=self.progress,
            wall_cap=self.wall_cap,
        )
        return self.last.best
