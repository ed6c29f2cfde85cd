"""One line above the board: what the other seats did in their last turn (issue 21)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.widgets import Static

PREFIX = "Last turn: "
SEPARATOR = " · "
ELLIPSIS = "… "


def fit_line(lines: Sequence[str], width: int) -> str:
    """``lines`` joined by :data:`SEPARATOR` within ``width`` cells (after :data:`PREFIX`):
    when they do not fit, the newest lines that do, after :data:`ELLIPSIS` (the log, ``l``,
    has them all); a newest line alone too long is cut with ``…``."""
    room = width - cell_len(PREFIX)
    whole = SEPARATOR.join(lines)
    if cell_len(whole) <= room or not lines:
        return whole
    kept: list[str] = []
    used = cell_len(ELLIPSIS)
    for line in reversed(lines):
        extra = cell_len(line) + (cell_len(SEPARATOR) if kept else 0)
        if used + extra > room:
            break
        kept.insert(0, line)
        used += extra
    if kept:
        return ELLIPSIS + SEPARATOR.join(kept)
    last = lines[-1]
    return last[: max(room - 1, 0)] + "…" if room > 1 else ""


class LastTurnLine(Static):
    """``Last turn: Greece plays Praetorian · Greece returns your Hoplite to hand`` — one line
    (see :func:`fit_line`); hidden when there is nothing to tell."""

    DEFAULT_CSS = """
    LastTurnLine {
        height: 1;
        padding: 0 1;
        color: $text-muted;
        text-wrap: nowrap;
    }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__("", markup=False, **kwargs)
        self._lines: tuple[str, ...] = ()
        self._drawn: tuple[tuple[str, ...], int] | None = None

    @property
    def line(self) -> str:
        """The text shown now, without the prefix (``""`` when hidden)."""
        return fit_line(self._lines, self._width()) if self._lines else ""

    def _width(self) -> int:
        return self.content_region.width or 78

    def show_turn(self, lines: Sequence[str]) -> None:
        """Show the other seats' last turn (its log lines), or hide the line when empty."""
        self._lines = tuple(lines)
        self.display = bool(self._lines)
        self._draw()

    def _draw(self) -> None:
        key = (self._lines, self._width())
        if key == self._drawn:
            return
        self._drawn = key
        text = Text.assemble((PREFIX, "bold"), fit_line(self._lines, key[1]), end="")
        self.update(text)

    def on_resize(self, event: events.Resize) -> None:
        self._draw()
