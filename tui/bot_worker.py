"""Search bots think in worker processes, so a time-boxed search never freezes the app or the
table server (issue 18).

A :class:`SearchWorker` is one child process (``spawn`` start method: nothing of the parent's
threads or open files is inherited) that runs one search at a time. The parent sends it a
*determinized* world (``rules.determinize`` from the bot's seat, msgpack-packed), so the real
state's hidden cards never leave the parent; the child rebuilds the bot from its seat kind
(:func:`engine.registry.make_bot`), searches, and sends back progress messages
(``("progress", iterations)``) and the choice.

:class:`WorkerPool` hands a free worker to each search (the app has one, the SSH table hub
two). :func:`think` is the entry point: a bot that is not a search bot is asked in-process; when
the worker crashes, answers garbage or overruns its time box by :data:`GRACE` seconds, the
worker is stopped, a log line is written, and the game's heuristic bot decides instead.
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import multiprocessing as mp
import queue
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

from engine import registry
from engine.ai import decide
from engine.ai.ismcts import ISMCTSBot
from engine.match import pack_state, unpack_state
from engine.rng import Rng
from engine.rules import Rules, State

log = logging.getLogger("imperia.bots")

GRACE = 5.0
"""Seconds a search may overrun its time box before the worker is stopped."""

WALL_CAP = 1.5
"""A search's time box counts CPU seconds; in a worker it also stops after ``WALL_CAP`` times
its box plus one second of wall clock (so it answers before :data:`GRACE` runs out)."""

STARTUP = 20.0
"""Extra seconds allowed for a worker that has just started (importing the engine)."""


class WorkerFailed(Exception):
    """The worker crashed, timed out or answered something unusable (message says which)."""


def _serve(jobs: Any, results: Any) -> None:
    """The worker process: answer jobs ``(id, game, kind, packed world, seat, seed, seconds,
    iterations)`` until a None job."""
    while True:
        job = jobs.get()
        if job is None:
            return
        jid, game, kind, packed, seat, seed, seconds, iterations = job
        try:
            if kind == "crash:test":  # tests: a worker that dies mid-search
                import os

                os._exit(3)
            if kind == "hang:test":  # tests: a worker that never answers
                time.sleep(3600)
            rules = registry.get(game)
            bot = registry.make_bot(game, kind, seconds, iterations)
            bot.progress = lambda n, jid=jid: results.put((jid, "progress", n))
            if seconds is not None:  # CPU-time box; a starved worker still answers in time
                bot.wall_cap = WALL_CAP * seconds + 1.0
            world = unpack_state(packed)
            prompt = rules.prompt(world, seat)
            choice = bot.choose(rules, world, seat, prompt, Rng.seeded(seed))
            done = bot.last.iterations if bot.last is not None else 0
            ranked = [list(r) for r in bot.last.ranked] if bot.last is not None else []
            results.put((jid, "done", choice, done, ranked))
        except Exception as err:  # reported to the parent, which falls back
            results.put((jid, "error", f"{type(err).__name__}: {err}"))


class SearchWorker:
    """One search process, started on first use and again after a failure."""

    def __init__(self) -> None:
        self._ctx = mp.get_context("spawn")
        self._proc: Any = None
        self._jobs: Any = None
        self._results: Any = None
        self._ids = itertools.count(1)
        self._fresh = False
        self.last_ranked: list[tuple[str, int, float]] = []
        """``(choice id, visits, mean reward)`` per root choice of the last search, best first
        (the hints' ranking, :mod:`engine.hints`)."""

    def _start(self) -> None:
        # Textual replaces sys.stdout/stderr with objects whose fileno() is -1; multiprocessing
        # hands stderr's descriptor to its resource-tracker process (started with the first
        # queue), so the real streams go back meanwhile ("bad value(s) in fds_to_keep").
        saved = sys.stdout, sys.stderr
        try:
            if sys.__stdout__ is not None and sys.__stderr__ is not None:
                sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__
            self._jobs, self._results = self._ctx.Queue(), self._ctx.Queue()
            self._proc = self._ctx.Process(
                target=_serve,
                args=(self._jobs, self._results),
                daemon=True,
                name="imperia-search",
            )
            self._proc.start()
        finally:
            sys.stdout, sys.stderr = saved
        self._fresh = True

    def search(
        self,
        game: str,
        kind: str,
        world: State,
        seat: int,
        seed: int,
        seconds: float | None,
        iterations: int | None = None,
        progress: Callable[[int], None] | None = None,
    ) -> tuple[str, int]:
        """Run one search of ``kind`` on ``world`` (already determinized for ``seat``).
        Returns ``(choice id, iterations)``. Raises WorkerFailed (the worker is then stopped)."""
        if self._proc is None or not self._proc.is_alive():
            self._start()
        jid = next(self._ids)
        self._jobs.put((jid, game, kind, pack_state(world), seat, seed, seconds, iterations))
        limit = (seconds or 0.0) + GRACE + (STARTUP if self._fresh else 0.0)
        if iterations is not None and seconds is None:
            limit += 60.0
        deadline = time.monotonic() + limit
        while True:
            try:
                msg = self._results.get(timeout=0.1)
            except queue.Empty:
                if not self._proc.is_alive():
                    code = self._proc.exitcode
                    self.stop()
                    raise WorkerFailed(f"the search process stopped (exit code {code})") from None
                if time.monotonic() > deadline:
                    self.stop()
                    raise WorkerFailed(f"the search took over {limit:.0f} s") from None
                continue
            if msg[0] != jid:  # left over from an earlier, abandoned job
                continue
            self._fresh = False
            if msg[1] == "progress":
                if progress is not None:
                    progress(int(msg[2]))
                continue
            if msg[1] == "done":
                self.last_ranked = [(str(c), int(v), float(r)) for c, v, r in msg[4]]
                return str(msg[2]), int(msg[3])
            self.stop()
            raise WorkerFailed(str(msg[2]))

    def stop(self) -> None:
        """Stop the process (a new one starts with the next search)."""
        proc, self._proc = self._proc, None
        if proc is None:
            return
        with contextlib.suppress(Exception):
            self._jobs.put(None)
        proc.join(0.2)
        if proc.is_alive():
            proc.kill()
            proc.join(1.0)
        for q in (self._jobs, self._results):
            with contextlib.suppress(Exception):
                q.close()
                q.cancel_join_thread()


class WorkerPool:
    """``size`` workers; each search takes a free one (blocking until one is free)."""

    def __init__(self, size: int = 1) -> None:
        self.workers = [SearchWorker() for _ in range(max(1, size))]
        self._free: queue.Queue[SearchWorker] = queue.Queue()
        for w in self.workers:
            self._free.put(w)

    def search(self, *args: Any, **kwargs: Any) -> tuple[str, int]:
        """:meth:`SearchWorker.search` on a free worker."""
        worker = self._free.get()
        try:
            return worker.search(*args, **kwargs)
        finally:
            self._free.put(worker)

    def rank(self, *args: Any, **kwargs: Any) -> list[tuple[str, int, float]]:
        """:meth:`SearchWorker.search` on a free worker, returning its ranking of the root
        choices (``(choice id, visits, mean reward)``, best first) instead of the choice."""
        worker = self._free.get()
        try:
            worker.search(*args, **kwargs)
            return list(worker.last_ranked)
        finally:
            self._free.put(worker)

    def close(self) -> None:
        """Stop every worker process."""
        for w in self.workers:
            w.stop()


_shared: WorkerPool | None = None
_shared_lock = threading.Lock()


def shared_pool() -> WorkerPool:
    """The app's one-worker pool (made on first use)."""
    global _shared
    with _shared_lock:
        if _shared is None:
            _shared = WorkerPool(1)
        return _shared


def is_search(bot: Any) -> bool:
    """True for a bot that searches (runs in a worker process)."""
    return isinstance(bot, ISMCTSBot) and bool(bot.kind)


def think(
    pool: WorkerPool | None,
    bot: Any,
    rules: Rules,
    state: State,
    seat: int,
    rng: Rng,
    progress: Callable[[int], None] | None = None,
) -> str:
    """``seat``'s choice by ``bot`` in ``state`` (not modified). A search bot runs in ``pool``
    (default: :func:`shared_pool`) on a world determinized here; if the worker fails, the
    game's heuristic decides (log line ``search failed ... heuristic``). Other bots decide
    in-process through :func:`engine.ai.decide`."""
    if not is_search(bot):
        return decide(bot, rules, state, seat, rng)
    prompt = rules.prompt(state, seat)
    if prompt is None:
        raise ValueError(f"seat {seat} has nothing to decide")
    if len(prompt.choices) == 1:
        return prompt.choices[0].id
    world = rules.determinize(state, seat, rng)
    seed = rng.next64()
    try:
        choice, _ = (pool or shared_pool()).search(
            bot.game, bot.kind, world, seat, seed, bot.seconds, bot.iterations, progress
        )
        if prompt.get(choice) is None:
            raise WorkerFailed(f"the search answered {choice!r}, not a legal choice")
        return choice
    except WorkerFailed as err:
        log.warning(
            "%s seat %d: search failed (%s); the heuristic bot decides", rules.id, seat, err
        )
        fallback = (
            registry.make_bot(rules.id, "bot") if "bot" in registry.bot_kinds(rules.id) else None
        )
        if fallback is None:
            fallback = registry.make_bot(rules.id, "random")
        return decide(fallback, rules, state, seat, rng)
