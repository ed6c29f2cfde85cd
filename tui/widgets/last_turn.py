"""One line above the board: what the other seats did in their last turn (issue 21)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.widgets import Static

from tui.last_turn import cut_facts, importance

PREFIX = "Last turn: "
SEPARATOR = " · "
ELLIPSIS = "… "


def fit_line(lines: Sequence[str], width: int) -> str:
    """``lines`` joined by :data:`SEPARATOR` within ``width`` cells (after :data:`PREFIX`).

    When they do not fit: fewer, whole lines, after :data:`ELLIPSIS` — the most important ones
    first (:func:`tui.last_turn.importance`: what concerns the viewer, then scores and wins,
    then the newest), shown with those that concern the viewer first and the rest oldest
    first; when the most important line alone is too long, it is cut after its last whole
    fact (:func:`tui.last_turn.cut_facts`) and shown alone. The whole text is the line's tooltip, and the log
    (``l``) has every line."""
    room = width - cell_len(PREFIX)
    whole = SEPARATOR.join(lines)
    if cell_len(whole) <= room or not lines:
        return whole
    order = sorted(range(len(lines)), key=lambda i: (-importance(lines[i]), -i))
    first = lines[order[0]]
    if cell_len(ELLIPSIS + first) > room:  # the most important line alone: its whole facts
        return cut_facts(first, room)
    chosen: list[int] = []
    used = cell_len(ELLIPSIS)
    for i in order:
        extra = cell_len(lines[i]) + (cell_len(SEPARATOR) if chosen else 0)
        if used + extra <= room:
            chosen.append(i)
            used += extra
    shown = sorted(chosen, key=lambda i: (importance(lines[i]) < 2, i))
    return ELLIPSIS + SEPARATOR.join(lines[i] for i in shown)


SEAT_SEPARATOR = "; "
"""Between two seats' parts of the line."""


def _key_line(lines: Sequence[str]) -> str:
    """A seat's most important line (:func:`tui.last_turn.importance`, then the newest)."""
    return max(reversed(lines), key=importance) if lines else ""


def fit_seats(parts: Sequence[tuple[str, Sequence[str]]], width: int) -> str:
    """Several seats' turns in one line within ``width`` cells (after :data:`PREFIX`), in the
    order they played: ``"Bea: draws a card, discards Misplaced; Cid: plays Uncle"`` (the lines
    that concern the viewer first in each part); when that does not fit, each seat's most
    important line (what concerns the viewer, scores and wins, else its latest:
    ``"Bea: discards Misplaced; Cid: plays Uncle"``); when that does not fit either, whole
    lines for the most important seats and only the name for the others (``"Bea: …"``),
    dropping the last seats when even the names do not fit. No fact is cut in the middle."""
    room = width - cell_len(PREFIX)
    ordered = [(name, sorted(lines, key=lambda x: importance(x) < 2)) for name, lines in parts]
    whole = SEAT_SEPARATOR.join(f"{name}: {', '.join(lines)}" for name, lines in ordered)
    if cell_len(whole) <= room or not parts:
        return whole
    key = [_key_line(lines) for _, lines in parts]
    full = [f"{name}: {line}" if line else name for (name, _), line in zip(parts, key, strict=True)]
    short = SEAT_SEPARATOR.join(full)
    if cell_len(short) <= room:
        return short
    shown = [f"{name}: …" for name, _ in parts]

    def joined() -> str:
        return SEAT_SEPARATOR.join(shown)

    while len(shown) > 1 and cell_len(joined()) > room:
        shown.pop()
    for i in sorted(range(len(shown)), key=lambda i: (-importance(key[i]), i)):
        before = shown[i]
        shown[i] = full[i]
        if cell_len(joined()) > room:
            shown[i] = before
    if cell_len(joined()) > room:
        return cut_facts(joined(), room)
    return joined()


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
        shown = self._fit(self._width())
        text = Text.assemble((PREFIX, "bold"), shown, end="")
        self.update(text)
        whole = self.whole
        self.tooltip = whole if whole and whole != shown else None

    @property
    def whole(self) -> str:
        """The whole last turn, never cut (the line's tooltip when the line is cut)."""
        if len(self._parts) > 1:
            return SEAT_SEPARATOR.join(f"{n}: {', '.join(ls)}" for n, ls in self._parts)
        return SEPARATOR.join(self._lines)

    def on_resize(self, event: events.Resize) -> None:
        self._draw()
