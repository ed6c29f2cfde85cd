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


SEAT_SEPARATOR = "; "
"""Between two seats' parts of the line."""


def _cut(text: str, room: int) -> str:
    """``text`` within ``room`` cells, ending in ``…`` when cut."""
    if cell_len(text) <= room:
        return text
    out = ""
    for ch in text:
        if cell_len(out + ch) > room - 1:
            break
        out += ch
    return out + "…" if room > 0 else ""


def fit_seats(parts: Sequence[tuple[str, Sequence[str]]], width: int) -> str:
    """Several seats' turns in one line within ``width`` cells (after :data:`PREFIX`), every
    seat named: ``"Bea: draws a card, discards Misplaced; Cid: plays Uncle"``; when that does
    not fit, each seat's latest line (``"Bea: discards Misplaced; Cid: plays Uncle"``); when
    that does not fit either, each seat's part cut with ``…`` to a fair share of the room
    (a part shorter than its share keeps it whole and leaves the rest to the others)."""
    room = width - cell_len(PREFIX)
    whole = SEAT_SEPARATOR.join(f"{name}: {', '.join(lines)}" for name, lines in parts)
    if cell_len(whole) <= room or not parts:
        return whole
    latest = [f"{name}: {lines[-1]}" if lines else name for name, lines in parts]
    short = SEAT_SEPARATOR.join(latest)
    if cell_len(short) <= room:
        return short
    left = room - cell_len(SEAT_SEPARATOR) * (len(parts) - 1)
    shares = [0] * len(latest)
    order = sorted(range(len(latest)), key=lambda i: cell_len(latest[i]))
    for n, i in enumerate(order):
        shares[i] = min(cell_len(latest[i]), left // (len(order) - n))
        left -= shares[i]
    return SEAT_SEPARATOR.join(
        _cut(part, share) for part, share in zip(latest, shares, strict=True)
    )


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
        self._parts: tuple[tuple[str, tuple[str, ...]], ...] = ()
        self._drawn: tuple[object, ...] | None = None

    @property
    def line(self) -> str:
        """The text shown now, without the prefix (``""`` when hidden)."""
        return self._fit(self._width()) if self._lines else ""

    def _width(self) -> int:
        return self.content_region.width or 78

    def _fit(self, width: int) -> str:
        if len(self._parts) > 1:
            return fit_seats(self._parts, width)
        return fit_line(self._lines, width)

    def show_turn(
        self, lines: Sequence[str], parts: Sequence[tuple[str, Sequence[str]]] = ()
    ) -> None:
        """Show the other seats' last turn (its log lines; ``parts``: the same lines by seat
        when several seats played, see :func:`fit_seats`), or hide the line when empty."""
        self._lines = tuple(lines)
        self._parts = tuple((name, tuple(seat_lines)) for name, seat_lines in parts)
        self.display = bool(self._lines)
        self._draw()

    def _draw(self) -> None:
        key = (self._lines, self._parts, self._width())
        if key == self._drawn:
            return
        self._drawn = key
        text = Text.assemble((PREFIX, "bold"), self._fit(self._width()), end="")
        self.update(text)

    def on_resize(self, event: events.Resize) -> None:
        self._draw()
