"""Paired flat search with heuristic rollouts for games of several seats (the ``hard`` and
``expert`` levels where :data:`engine.ai.levels.TUNING` sets ``paired``; issue 18).

Against opponents that play a heuristic, the best model of their replies is that heuristic.
So, as Monte Carlo policy improvement (Tesauro and Galperin, NIPS 1996) over the root of a
single-observer information-set search (Cowling, Powley and Whitehouse 2012), each *round*

1. **determinizes** one world from the searching seat's knowledge (``rules.determinize``: the
   search never reads a hidden card or a future shuffle);
2. plays **every candidate still in the race** in a copy of that world with the same random
   numbers (common random numbers: the candidates are compared on the same hidden cards and
   the same draws, so their *paired* differences carry far less noise than their means);
3. lets the game's heuristic play every seat, the searching one included, through
   the game's fast playout step (:class:`engine.ai.playouts.Stepper`, no prompt labels) until
   ``turns`` turn boundaries have passed (``boundary``: for Mausoleum ``turns = seats`` is one
   full round, back to the searching seat's next turn) or the match ends;
4. scores the end of the rollout by the outcome (the winners share 1) or by ``evaluate``
   (win chances per seat).

Candidates leave the race by sequential halving (Karnin, Koren and Somekh 2013) down to
:data:`engine.ai.flat.KEEP`; the heuristic's own choice always stays and stands unless another candidate's
paired mean beats it by more than ``margin`` and by ``z`` standard errors.

The heuristic is asked through a light prompt (:class:`LitePrompt`: the choice ids only), so
a rollout builds no labels. Several seats answering one trade, or simultaneous secret choices,
are played in a rollout one waiting seat after another like any decision.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.ai.flat import Box, paired_race
from engine.ai.ismcts import Evaluate, ISMCTSBot, SearchResult, rewards, seat_count
from engine.ai.playouts import Stepper
from engine.rng import Rng
from engine.rules import Prompt, Rules, State


@dataclass(frozen=True, slots=True)
class LiteChoice:
    """A choice as a heuristic bot reads it in a rollout: its id only."""

    id: str


@dataclass(frozen=True, slots=True)
class LitePrompt:
    """A prompt as a heuristic bot reads it in a rollout: the seat and the choice ids (no
    text, labels or summary: a bot that reads those cannot roll out here)."""

    seat: int
    choices: tuple[LiteChoice, ...]


Chooser = Callable[[Rules, State, int, Any, Rng], str]
"""A heuristic's ``choose(rules, world, seat, prompt, rng) -> choice id``."""


def rollout(
    rules: Rules,
    world: State,
    policies: list[Chooser],
    rng: Rng,
    step: Stepper,
    boundary: Callable[[State], Any] | None,
    turns: int,
    cap: int,
) -> int:
    """Play ``world`` on in place by ``policies`` (one per seat) through ``step`` until
    ``turns`` changes of ``boundary(world)``, the end of the match or ``cap`` decisions.
    Returns the decisions made."""
    key = boundary(world) if boundary is not None else None
    passed = 0
    ids, apply = step.ids, step.apply
    step_rng = Rng(world["rng"])
    for k in range(cap):
        waiting = rules.waiting(world)
        if not waiting:
            return k
        if boundary is not None:
            now = boundary(world)
            if now != key:
                passed += 1
                key = now
                if passed >= turns:
                    return k
        mover = waiting[0]
        legal = ids(world, mover)
        if not legal:
            return k
        if len(legal) == 1:
            choice = legal[0]
        else:
            lite = LitePrompt(mover, tuple(LiteChoice(c) for c in legal))
            choice = policies[mover](rules, world, mover, lite, rng)
        apply(world, mover, choice, step_rng)
    return cap


def paired_search(
    rules: Rules,
    state: State,
    seat: int,
    rng: Rng,
    policy: Callable[[], Chooser],
    *,
    seconds: float | None = 1.0,
    iterations: int | None = None,
    stepper: Stepper | None = None,
    evaluate: Evaluate | None = None,
    boundary: Callable[[State], Any] | None = None,
    turns: int = 4,
    cap: int = 400,
    margin: float = 0.01,
    z: float = 1.5,
    min_rounds: int = 6,
    progress: Callable[[int], None] | None = None,
    clock: Callable[[], float] = time.thread_time,
    wall_cap: float | None = None,
    candidates: list[str] | None = None,
) -> SearchResult:
    """Search ``seat``'s decision in ``state`` (not modified) by paired heuristic rollouts.

    Args:
        rules, state, seat: the game, the position, the deciding seat.
        rng: the search's randomness (worlds and rollout seeds).
        policy: makes one heuristic ``choose`` (one per seat; the root's default is the
            first one's choice in one determinized world).
        seconds, iterations: the time box (seconds of ``clock``, CPU time by default) and the
            rollout box (each candidate's rollout in a round counts one; deterministic for a
            fixed ``rng``). At least one must be set.
        stepper: how rollouts list and apply choices (default: the rules contract; a game's
            fast step that lists the prompt's own ids; a rollout-only step is not used, the
            heuristic reads prompt ids).
        evaluate: win chances per seat where a rollout stops before the end (None: even).
        boundary, turns: a rollout stops after ``turns`` changes of ``boundary(world)``.
        cap: most decisions in one rollout.
        margin, z, min_rounds: how much better (mean paired reward, and in standard errors of
            the paired differences) and after how many rounds a choice overrules the default.
        progress: called with the rollouts done, about every 0.1 s.
        clock, wall_cap: as in :func:`engine.ai.ismcts.search`.
        candidates: the root choices compared (None: every choice of the prompt); the
            heuristic's own choice joins them.

    Returns ``(choice, rounds, mean reward)`` per root choice, the played choice first, and
    the default (the heuristic's choice) as ``prior``. Raises ValueError when ``seat`` has
    nothing to decide or neither box is set.
    """
    if seconds is None and iterations is None:
        raise ValueError("set seconds or iterations")
    prompt = rules.prompt(state, seat)
    if prompt is None:
        raise ValueError(f"seat {seat} has nothing to decide")
    ids = [ch.id for ch in prompt.choices]
    seats = seat_count(rules, state)
    step = stepper if stepper is not None and not stepper.rollout_only else Stepper(rules)
    policies = [policy() for _ in range(seats)]
    default = ids[0]
    if len(ids) > 1:
        pick = policies[seat](rules, rules.determinize(state, seat, rng), seat, prompt, rng)
        default = pick if pick in ids else default
    pool = ids if candidates is None else [c for c in candidates if c in ids]

    def play(world: State, c: str, seed: int) -> float:
        world["rng"] = [seed]  # the same draws after every candidate
        step.apply(world, seat, c, Rng(world["rng"]))
        rollout(rules, world, policies, Rng.seeded(seed), step, boundary, turns, cap)
        return rewards(rules, world, seats, evaluate)[seat]

    ranked, rounds, _done = paired_race(
        rules,
        state,
        seat,
        rng,
        ids,
        [default, *[c for c in pool if c != default]],
        play,
        Box(seconds, iterations, clock, wall_cap),
        (margin, z, min_rounds),
        progress,
    )
    return SearchResult(ranked, rounds, default)


def _mausoleum_chances() -> Evaluate:
    from engine.games.mausoleum.bot_value import win_chances

    return lambda rules, st: win_chances(st)


def _mausoleum_own() -> Evaluate:
    from engine.games.mausoleum.bot_value import own_chances

    return lambda rules, st: own_chances(st)


EVALUATE: dict[str, Evaluate] = {"mausoleum": _mausoleum_chances()}
"""Per game, the win chances that score a rollout stopped at a turn boundary (games not
listed use their :mod:`engine.ai.evaluations` cut-off)."""

OWN: dict[str, Evaluate] = {"mausoleum": _mausoleum_own()}
"""Per game, each seat's own heuristic score as a chance (levels ``own``: for a rollout that
stops right after the searching seat's next turn, where the heuristic scores positions)."""


def _mausoleum_where(margin: float, top: int) -> Callable[[State, int, list[str]], list[str]]:
    from engine.games.mausoleum.bot_search import candidates

    return lambda st, seat, ids: candidates(st, seat, ids, margin, top)


def _res_publica_where(margin: float, top: int) -> Callable[[State, int, list[str]], list[str]]:
    from engine.games.res_publica.bot_search import where

    return where


WHERE: dict[str, Callable[[float, int], Callable[[State, int, list[str]], list[str]]]] = {
    "mausoleum": _mausoleum_where,
    "res_publica": _res_publica_where,
}
"""Per game, ``(margin, top) -> where`` for :class:`PairedBot` (levels ``unsure`` and ``top``)."""


class PairedBot(ISMCTSBot):
    """The hard level with :func:`paired_search`: the same time box, progress reports and
    ``last`` result as :class:`~engine.ai.ismcts.ISMCTSBot`. ``spec.flat`` must be set (the
    heuristic's ``choose`` factory); ``spec.stepper``, ``spec.boundary``, ``spec.evaluate``,
    ``spec.turns``, ``spec.cap``, ``spec.margin`` and ``spec.z`` are its settings. ``where``
    (None: search every decision) gives the choices worth a search ``(state, seat, ids) ->
    ids``; fewer than two: the heuristic decides alone (a game's :data:`WHERE`)."""

    where: Callable[[State, int, list[str]], list[str]] | None = None

    def choose(self, rules: Rules, state: State, seat: int, prompt: Prompt, rng: Rng) -> str:
        """The search's best root choice (a single choice is taken at once)."""
        if len(prompt.choices) == 1:
            return prompt.choices[0].id
        sp = self.spec
        assert sp.flat is not None, "PairedBot needs spec.flat"
        ids = [ch.id for ch in prompt.choices]
        pool = None
        if self.where is not None:
            pool = self.where(state, seat, ids)
            if len(pool) < 2:  # the heuristic is sure (or does not score this decision)
                self.last = None
                return sp.flat()(rules, state, seat, prompt, rng)
        self.last = paired_search(
            rules,
            state,
            seat,
            rng.fork(),
            sp.flat,
            seconds=self.seconds,
            iterations=self.iterations,
            stepper=sp.stepper,
            evaluate=sp.evaluate,
            boundary=sp.boundary,
            turns=sp.turns,
            cap=sp.cap,
            margin=sp.margin,
            z=sp.z,
            progress=self.progress,
            wall_cap=self.wall_cap,
            candidates=pool,
        )
        return self.last.best
