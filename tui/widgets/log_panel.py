"""The log panel: the match's log lines, newest at the bottom, wrapped to the panel width."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import events
from textual.widgets import RichLog


class LogPanel(RichLog):
    """A :class:`~textual.widgets.RichLog` showing a list of lines.

    Only new lines are written when the old ones are a prefix of the new list (the usual case);
    after an undo, or when the width changes, everything is rewrapped.
    """

    def __init__(self, **kwargs) -> None:
        kwargs.setdefault("max_lines", 2000)
        super().__init__(wrap=True, min_width=10, markup=False, **kwargs)
        self._shown: list[str] = []
        self._wrap_width = 0

    def show(self, lines: Sequence[str]) -> None:
        """Show exactly ``lines``."""
        lines = list(lines)
        n = len(self._shown)
        width = self.scrollable_content_region.width
        if self._wrap_width and width == self._wrap_width and lines[:n] == self._shown:
            self._write(lines[n:])
        else:
            self.clear()
            self._write(lines[-self.max_lines :] if self.max_lines else lines)
        self._shown = lines

    def _write(self, lines: Sequence[str]) -> None:
        width = self.scrollable_content_region.width
        if width <= 0 or not self._size_known:
            self._wrap_width = 0  # hidden or not laid out yet: _rewrap writes it all later
            return
        self._wrap_width = width
        for line in lines:
            self.write(Text(line), width=width)

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self._rewrap)

    def _rewrap(self) -> None:
        width = self.scrollable_content_region.width
        if width > 0 and self._size_known and width != self._wrap_width:
            self._wrap_width = 0
            self.show(self._shown)
