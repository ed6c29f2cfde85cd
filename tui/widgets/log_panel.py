"""The log panel: the match's log lines, newest at the bottom, wrapped to the panel width.

Lines of choices that were later taken back stay, struck through and dimmed (and marked ``↶``
so they read right without strikethrough support)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.widgets import RichLog

UNDONE_MARK = "↶ "


def line_text(line: str | tuple[str, bool]) -> Text:
    """A log line as Rich text: plain, or struck through and dimmed when ``undone``."""
    if isinstance(line, str):
        return Text(line)
    text, undone = line
    if not undone:
        return Text(text)
    return Text.assemble((UNDONE_MARK, "dim"), (text, "strike dim"))


class LogPanel(RichLog):
    """A :class:`~textual.widgets.RichLog` showing a list of lines: plain strings or
    ``(text, undone)`` pairs (:class:`tui.session.LogLine`).

    Only new lines are written when the old ones are a prefix of the new list (the usual case);
    after an undo (which marks earlier lines undone), or when the width changes, everything is
    rewrapped.
    """

    def __init__(self, **kwargs) -> None:
        kwargs.setdefault("max_lines", 2000)
        super().__init__(wrap=True, min_width=10, markup=False, **kwargs)
        self._shown: list[str | tuple[str, bool]] = []
        self._wrap_width = 0

    def _scroll_update(self, virtual_size: Size) -> None:
        # Textual's ``Widget._scroll_update`` without its unconditional scrollbar refresh. It
        # runs after every layout (one per move: the board's height may change), after the
        # scrollbar was drawn, so that refresh made a second repaint every time. The
        # scrollbar's sizes and position are reactive (it is redrawn when they change).
        self._refresh_scrollbars()
        width, height = self.container_size
        if self.show_vertical_scrollbar and self.styles.scrollbar_size_vertical:
            bar = self.vertical_scrollbar
            bar.window_virtual_size = virtual_size.height
            bar.window_size = height - self.scrollbar_size_horizontal
        if self.show_horizontal_scrollbar and self.styles.scrollbar_size_horizontal:
            bar = self.horizontal_scrollbar
            bar.window_virtual_size = virtual_size.width
            bar.window_size = width - self.scrollbar_size_vertical
        self.scroll_x = self.validate_scroll_x(self.scroll_x)
        self.scroll_y = self.validate_scroll_y(self.scroll_y)

    def show(self, lines: Sequence[str | tuple[str, bool]]) -> None:
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

    def _write(self, lines: Sequence[str | tuple[str, bool]]) -> None:
        width = self.scrollable_content_region.width
        if width <= 0 or not self._size_known:
            self._wrap_width = 0  # hidden or not laid out yet: _rewrap writes it all later
            return
        self._wrap_width = width
        for line in lines:
            self.write(line_text(line), width=width, scroll_end=False)
        if lines and self.auto_scroll:
            # Scroll now, so the next repaint draws the new lines in place (one repaint, not a
            # second one after the layout), and once more after the layout as RichLog does, in
            # case that layout changes the panel's height (a no-op otherwise).
            if self.show_vertical_scrollbar:  # drawn with the lines, not after the layout
                self.vertical_scrollbar.window_virtual_size = self.virtual_size.height
            self.scroll_end(animate=False, immediate=True, x_axis=False)
            self.scroll_end(animate=False, immediate=False, x_axis=False)

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self._rewrap)

    def _rewrap(self) -> None:
        width = self.scrollable_content_region.width
        if width > 0 and self._size_known and width != self._wrap_width:
            self._wrap_width = 0
            self.show(self._shown)
