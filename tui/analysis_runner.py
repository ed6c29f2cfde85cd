"""``imperia analyze`` run in the background for the app (issue 19): a child process, so the
search never slows the app (it has its own cores and its own interpreter lock).

The child prints ``progress DONE TOTAL`` lines (the hidden ``--progress-lines`` flag of
:mod:`tui.analyze_cli`) and writes the analysis file beside the save after every decision; the
app reads that file (:func:`tui.analysis_file.read_analysis`) whenever it likes. Stopping the
child loses nothing finished: the next run goes on from the file.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from engine.analysis import DEFAULT_BUDGET


def background_jobs() -> int:
    """Worker processes for an analysis started from the app: every core but one (the app's)."""
    return max(1, (os.cpu_count() or 1) - 1)


class AnalysisRun:
    """One background analysis of the save at ``save``.

    Args:
        save: the save file; ``budget``: search iterations per decision; ``jobs``: worker
            processes (default :func:`background_jobs`).
    """

    def __init__(self, save: Path, budget: int = DEFAULT_BUDGET, jobs: int | None = None) -> None:
        self.save = Path(save)
        self.budget = budget
        self.jobs = jobs or background_jobs()
        self.done = 0
        self.total = 0
        self.error = ""
        self._proc: subprocess.Popen[str] | None = None

    @property
    def command(self) -> list[str]:
        """The child's command line."""
        return [
            sys.executable,
            "-m",
            "tui.cli",
            "analyze",
            str(self.save),
            "--budget",
            str(self.budget),
            "--jobs",
            str(self.jobs),
            "--progress-lines",
        ]

    def run(self, progress: Callable[[int, int], None] | None = None) -> bool:
        """Start the child and wait for it (call from a worker thread), calling
        ``progress(done, total)`` on each of its progress lines. Returns True when it finished
        every decision; False when it failed (:attr:`error` holds its one-line message) or was
        stopped (:meth:`stop`). Raises OSError when the child cannot start."""
        proc = self._proc = subprocess.Popen(
            self.command,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert proc.stdout is not None and proc.stderr is not None
        for line in proc.stdout:
            parts = line.split()
            if len(parts) == 3 and parts[0] == "progress":
                self.done, self.total = int(parts[1]), int(parts[2])
                if progress is not None:
                    progress(self.done, self.total)
        err = proc.stderr.read()
        code = proc.wait()
        if code != 0:
            lines = [ln for ln in err.splitlines() if ln.strip()]
            self.error = lines[-1].removeprefix("imperia: ") if lines else f"exit status {code}"
        return code == 0

    @property
    def running(self) -> bool:
        """True while the child runs."""
        return self._proc is not None and self._proc.poll() is None

    def stop(self) -> None:
        """End the child (what it finished is kept in the analysis file)."""
        proc = self._proc
        if proc is not None and proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


__all__ = ["AnalysisRun", "background_jobs"]
