"""Hints in the app (issue 19): who may ask, and the search run off the UI thread.

:func:`refusal` says when a seat may not have a hint: hints belong to teaching matches, and to
casual ones played by one human against bots (the table then has nobody a hint would be unfair
to); never in strict matches, nor for a seat with nothing to decide.

A :class:`HintTask` is made on the UI thread (the world is determinized there, from the seat's
view, so the real state's hidden cards never leave it); :func:`run_hint` then runs in a worker
thread: the hard bot's search in the app's search process (:mod:`tui.bot_worker`), then the
reasons (:func:`engine.hints.explain`) on that same world.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine import hints as H
from engine import registry
from engine.rng import Rng
from engine.rules import Prompt, SeatConfig, State
from tui.bot_worker import WorkerFailed, WorkerPool, shared_pool


class HintRefused(Exception):
    """No hint now; ``str(err)`` is one line for the player."""


def refusal(policy: str, seats: tuple[SeatConfig, ...], prompt: Prompt | None) -> str | None:
    """Why a hint is not offered now (one line), or None when it is (see the module
    docstring)."""
    if prompt is None:
        return "Nothing to decide now: a hint needs a choice of yours"
    if policy == "teaching":
        return None
    humans = sum(1 for s in seats if s.is_human)
    if policy == "casual" and humans == 1:
        return None
    if policy == "casual":
        return "Hints are for teaching matches, or casual ones against bots only"
    return "Hints are for teaching and casual matches, not strict ones"


@dataclass(frozen=True)
class HintTask:
    """One hint to compute: ``world`` determinized for ``seat`` (who faces ``prompt``), and
    ``token``, the match's journal entries when it was made (a hint for a match that moved on
    is dropped)."""

    game: str
    world: State
    seat: int
    prompt: Prompt
    token: int
    seed: int


def make_task(game: str, state: State, seat: int, token: int, rng: Rng) -> HintTask:
    """A :class:`HintTask` for ``seat`` in ``state`` (called on the UI thread)."""
    rules = registry.get(game)
    prompt = rules.prompt(state, seat)
    if prompt is None:
        raise HintRefused("Nothing to decide now: a hint needs a choice of yours")
    return HintTask(game, rules.determinize(state, seat, rng), seat, prompt, token, rng.next64())


def run_hint(
    task: HintTask,
    pool: WorkerPool | None = None,
    progress: Callable[[int], None] | None = None,
    seconds: float | None = H.HINT_SECONDS,
    iterations: int | None = None,
) -> list[H.Hint]:
    """The hints of ``task`` (safe in a worker thread): the hard bot's ranking searched in
    ``pool`` (default: the app's :func:`~tui.bot_worker.shared_pool`), or in this thread when
    the search process fails; then :func:`engine.hints.explain`."""
    rules = registry.get(task.game)
    rng = Rng.seeded(task.seed)
    if len(task.prompt.choices) == 1:
        ranked = [(task.prompt.choices[0].id, 0, -1.0)]
    else:
        try:
            ranked = (pool or shared_pool()).rank(
                task.game,
                H.HINT_LEVEL,
                task.world,
                task.seat,
                task.seed,
                seconds,
                iterations,
                progress,
            )
        except WorkerFailed:
            ranked = H.rank(rules, task.world, task.seat, rng, seconds, iterations, progress)
    return H.explain(rules, task.world, task.seat, ranked, rng)


__all__ = ["HintRefused", "HintTask", "make_task", "refusal", "run_hint"]
