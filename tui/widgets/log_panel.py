"""The log panel: the match's log lines, newest at the bottom."""

from __future__ import annotations

from collections.abc import Sequence

from textual.widgets import Log


class LogPanel(Log):
    """A :class:`~textual.widgets.Log` that shows a list of lines, appending when it can."""

    def __init__(self, **kwargs) -> None:
        kwargs.setdefault("max_lines", 2000)
        super().__init__(**kwargs)
        self._shown: list[str] = []

    def show(self, lines: Sequence[str]) -> None:
        """Show exactly ``lines`` (only new lines are written when the old ones are a prefix)."""
        lines = list(lines)
        n = len(self._shown)
        if len(lines) >= n and lines[:n] == self._shown:
            new = lines[n:]
        else:
            self.clear()
            new = lines
        if new:
            self.write_lines(new)
        self._shown = lines
