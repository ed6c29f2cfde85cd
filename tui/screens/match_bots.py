"""Bots on the match screen: they think in a worker thread and move at a readable pace.

A bot decision is computed off the UI thread on a private copy of the state
(:meth:`~tui.session.MatchSession.bot_task`); a search bot (``bot:hard``, ``bot:expert``) runs in
a worker process (:mod:`tui.bot_worker`) and reports its iterations, which the status line shows
("thinking… 1,200 iterations") while input stays live; the result comes back through
``call_from_thread`` and is applied after the pace delay, and only if the match has not moved
in the meantime (the task's entry token), so a choice is never applied to a stale state.

While another screen is on top of the match (a dialog: undo consent, save-as, resign, the
inspector; the pass screen), the bots wait: a decision that comes back meanwhile is kept and
applied (if still valid) only once the match screen is on top again (:meth:`BotDriver.resume`),
so a dialog never describes a match that moves under it.
"""

from __future__ import annotations

import contextlib
import time
from typing import TYPE_CHECKING

from textual.timer import Timer

from engine.journal import JournalError
from tui.session import BotTask

if TYPE_CHECKING:
    from tui.screens.match import MatchScreen

DELAYS = (0.0, 0.1, 0.25, 0.6, 1.0, 1.6, 2.5)
"""Seconds between moves, fastest first; +/- step through them (default 0.6)."""


class BotDriver:
    """Runs the bots of ``screen``'s session (one decision at a time)."""

    def __init__(self, screen: MatchScreen) -> None:
        self.screen = screen
        self.busy = False
        self.fast = False
        self._stopped = False
        self.held = False  # a move could not be saved: wait until the player asks to retry
        self._last_move = time.monotonic()
        self._timer: Timer | None = None
        self._ready: tuple[BotTask, str] | None = None
        self.iterations = 0
        """Iterations done by the search thinking now (0 for a heuristic bot)."""

    @property
    def paused(self) -> bool:
        """True while another screen (a dialog) is on top of the match screen."""
        return self.screen.app.screen is not self.screen

    @property
    def any_bot(self) -> bool:
        """True when some seat is played by a bot."""
        return self.screen.session.local_bots

    def moved(self) -> None:
        """The match moved: start the pace clock; a human to decide ends a fast-forward."""
        self._last_move = time.monotonic()
        snap = self.screen.snap
        if snap is not None and snap.prompt is not None:
            self.fast = False

    def schedule(self) -> None:
        """Start thinking if a bot must decide and none is busy."""
        if self.busy or self._stopped or self.screen._passing or self.paused or self.held:
            return
        if self._ready is not None:  # a decision kept while a dialog was open
            return
        task = self.screen.session.bot_task()
        if task is None:
            self.fast = False
            return
        self.busy = True
        self.iterations = 0
        self.screen.update_status()
        self.screen.run_worker(
            lambda: self._think(task), thread=True, group="bot", exit_on_error=False
        )

    def _think(self, task: BotTask) -> None:
        """Worker thread: compute the choice, hand it back to the UI thread."""
        try:
            choice = self.screen.session.think(
                task, progress=lambda n: self._call(self._progress, task, n)
            )
        except Exception as err:  # a bot bug must not kill the app
            self._call(self._failed, err)
            return
        self._call(self._arrived, task, choice)

    def _call(self, fn, *args) -> None:
        with contextlib.suppress(RuntimeError):  # the app is shutting down
            self.screen.app.call_from_thread(fn, *args)

    def _progress(self, task: BotTask, iterations: int) -> None:
        if self._stopped or not self.busy or self._ready is not None:
            return
        self.iterations = iterations
        self.screen.update_status()

    def _arrived(self, task: BotTask, choice: str) -> None:
        if self._stopped:
            return
        self._ready = (task, choice)
        self.iterations = 0
        if self.paused:  # kept until the dialog closes (resume)
            self.busy = False
            return
        self._pace()

    def _pace(self) -> None:
        """Apply the kept decision once the pace delay since the last move has passed."""
        delay = 0.0 if self.fast else self.screen.app.bot_delay
        wait = delay - (time.monotonic() - self._last_move)
        self.busy = True
        if wait > 0.005:
            self._timer = self.screen.set_timer(wait, self._apply)
        else:
            self._apply()

    def _apply(self) -> None:
        self._timer = None
        if self.paused and not self._stopped:  # a dialog opened while the move was due
            self.busy = False
            return
        ready, self._ready = self._ready, None
        self.busy = False
        if ready is None or self._stopped:
            return
        try:
            applied = self.screen.session.apply_bot(*ready)
        except JournalError as err:  # not saved, so not made: pause until a retry is asked
            self.held = True
            self.screen.save_failed(err, self._retry)
            return
        if not applied:
            self.schedule()  # the match moved meanwhile: think again
        self.screen.update_status()

    def resume(self) -> None:
        """The match screen is on top again (a dialog closed): the bots go on, a full pace
        delay from now so the player sees the board first."""
        if self._stopped or self.paused or self.held:
            return
        if self._ready is not None:
            if self._timer is None:
                self._last_move = time.monotonic()
                self._pace()
        else:
            self.schedule()
        self.screen.update_status()

    def _retry(self) -> None:
        """After a move that could not be saved: try again (the player asked)."""
        self.held = False
        self.schedule()

    def _failed(self, err: Exception) -> None:
        self.busy = False
        self.screen.notify(f"The bot failed: {err}", severity="error")
        self.screen.update_status()

    def fast_forward(self) -> None:
        """Play the bots' moves without delay until a human must decide."""
        self.fast = True
        if self._timer is not None:
            self._timer.stop()
            self._apply()

    def change_speed(self, step: int) -> None:
        """Step the pace delay (-1 faster, +1 slower) and say the new pace."""
        app = self.screen.app
        current = min(range(len(DELAYS)), key=lambda i: abs(DELAYS[i] - app.bot_delay))
        app.bot_delay = DELAYS[max(0, min(len(DELAYS) - 1, current + step))]
        self.screen.notify(f"Bots move every {app.bot_delay:g} s.", timeout=1.5)
        self.screen.update_status()

    def stop(self) -> None:
        """The screen is going away: never apply anything again."""
        self._stopped = True
        if self._timer is not None:
            self._timer.stop()
