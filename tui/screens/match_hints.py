"""Hints on the match screen (key H): the hard bot's three best choices, computed off the UI
thread while input stays live, shown as a notice and kept in the journal as a note.

The task is made on the UI thread (:meth:`~tui.session.MatchSession.hint_task`: who may ask,
and a world determinized from the seat's view); the search runs in a worker thread that waits
on the app's search process (:func:`tui.hint_worker.run_hint`), reporting its iterations to the
status line ("hint: thinking… 800 iterations"). The answer is shown only if the match has not
moved since it was asked (the task's entry token); then it is recorded (a ``note`` record) and
the cursor goes to the first hint's choice, which the player still picks.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from engine.hints import HINT_SECONDS, Hint, note_text
from engine.journal import JournalError
from tui.hint_worker import HintRefused, HintTask, run_hint

if TYPE_CHECKING:
    from tui.screens.match import MatchScreen

HINT_TIMEOUT = 20.0
"""Seconds the hint notice stays up."""


class HintDriver:
    """Asks for one hint at a time for ``screen``'s local seat."""

    def __init__(self, screen: MatchScreen) -> None:
        self.screen = screen
        self.busy = False
        self.iterations = 0
        """Iterations done by the hint's search now."""
        self.seconds: float | None = HINT_SECONDS
        """The search's time box (the hard bot's)."""
        self.search_iterations: int | None = None
        """An iteration box instead (tests)."""
        self.pool = None
        """The search processes (:class:`tui.bot_worker.WorkerPool`); None: the app's own."""
        self._stopped = False

    def request(self) -> None:
        """Start a hint for the local seat, or say in one line why there is none."""
        if self.busy:
            self.screen.notify("Hint: still thinking…", timeout=2)
            return
        try:
            task = self.screen.session.hint_task()
        except HintRefused as err:
            self.screen.notify(str(err), title="No hint", severity="warning", timeout=4)
            return
        self.busy = True
        self.iterations = 0
        self.screen.update_status()
        self.screen.run_worker(
            lambda: self._think(task), thread=True, group="hint", exit_on_error=False
        )

    def _think(self, task: HintTask) -> None:
        """Worker thread: the hints of ``task``, handed back to the UI thread."""
        try:
            shown = run_hint(
                task,
                self.pool,
                self._progress_from_thread,
                self.seconds,
                self.search_iterations,
            )
        except Exception as err:  # a search bug must not end the match
            self._call(self._failed, err)
            return
        self._call(self._arrived, task, shown)

    def _call(self, fn, *args) -> None:
        with contextlib.suppress(RuntimeError):  # the app is shutting down
            self.screen.app.call_from_thread(fn, *args)

    def _progress_from_thread(self, iterations: int) -> None:
        self._call(self._progress, iterations)

    def _progress(self, iterations: int) -> None:
        if self.busy and not self._stopped:
            self.iterations = iterations
            self.screen.update_status()

    def _arrived(self, task: HintTask, shown: list[Hint]) -> None:
        self.busy = False
        self.iterations = 0
        self.screen.update_status()
        if self._stopped:
            return
        session = self.screen.session
        if session.entries != task.token:
            self.screen.notify("The hint came too late: the match moved on.", timeout=3)
            return
        if not shown:
            self.screen.notify("No hint for this step.", timeout=3)
            return
        try:
            session.note(task.seat, note_text(task.prompt, shown))
        except JournalError as err:
            self.screen.notify(f"The hint was not saved: {err}", severity="warning", timeout=4)
        lines = [f"{n}. {h.line()}" for n, h in enumerate(shown, 1)]
        self.screen.notify("\n".join(lines), title="Hints", timeout=HINT_TIMEOUT, markup=False)
        self.screen.panel.highlight(shown[0].choice)

    def _failed(self, err: Exception) -> None:
        self.busy = False
        self.iterations = 0
        self.screen.notify(f"The hint failed: {err}", severity="error")
        self.screen.update_status()

    def stop(self) -> None:
        """The screen is going away: show nothing more."""
        self._stopped = True
