"""The win-probability graph of an analysed match (issue 19), drawn with textual-plotext.

One line per seat (its colour named by :meth:`WinGraph.legend`): its win probability (0-100%) at each of its decisions, by journal entry;
each blunder is marked ``✗``, and a vertical line marks the entry the replay shows. A click on
the graph posts :class:`WinGraph.Picked` with the entry under the pointer. Colours come from
the component classes in ``app.tcss`` (``win-graph--seat-0`` ... ``--seat-3``,
``win-graph--blunder``, ``win-graph--cursor``), never from Python.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.app import RenderResult
from textual.message import Message
from textual_plotext import PlotextPlot

SEAT_STYLES = 4
"""Seat line styles in app.tcss (``win-graph--seat-0`` .. ``--seat-3``), reused in turn."""

BLUNDER = "✗"


@dataclass(frozen=True)
class Series:
    """One seat's line: its ``label`` ("◆ Ann") and ``points`` ``(entry, win %)``, entry order."""

    seat: int
    label: str
    points: tuple[tuple[int, float], ...]


class WinGraph(PlotextPlot):
    """The graph; :meth:`show` gives it the lines, blunders, the entry shown and the last entry."""

    COMPONENT_CLASSES = {
        *(f"win-graph--seat-{i}" for i in range(SEAT_STYLES)),
        "win-graph--blunder",
        "win-graph--cursor",
    }

    class Picked(Message):
        """The player clicked the graph at journal entry ``entry`` (the nearest whole one)."""

        def __init__(self, entry: int) -> None:
            super().__init__()
            self.entry = entry

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:  # noqa: A002
        super().__init__(id=id, classes=classes)
        self.series: tuple[Series, ...] = ()
        self.blunders: tuple[tuple[int, float], ...] = ()
        self.cursor = 0
        self.last = 1
        self._frame: tuple[int, int] | None = None  # columns of the plot frame's two sides

    def show(
        self,
        series: tuple[Series, ...],
        blunders: tuple[tuple[int, float], ...],
        cursor: int,
        last: int,
    ) -> None:
        """Draw ``series``, the ``blunders`` ``(entry, win %)``, the ``cursor`` entry, with the
        x axis from entry 0 to ``last``."""
        self.series, self.blunders, self.cursor, self.last = series, blunders, cursor, max(1, last)
        self.refresh()

    def legend(self) -> Text:
        """The seats' names, each in its line's colour and followed by ``━━``, then the blunder
        mark: "◆ Ann ━━  ● Bot ━━  ✗ blunder" (the plot itself has no room for a legend)."""
        text = Text()
        for s in self.series:
            style = self.get_component_rich_style(f"win-graph--seat-{s.seat % SEAT_STYLES}")
            text.append(f"{s.label} ")
            text.append("━━", style)
            text.append("  ")
        text.append(BLUNDER, self.get_component_rich_style("win-graph--blunder"))
        text.append(" blunder")
        return text

    def _rgb(self, name: str) -> tuple[int, int, int] | str:
        color = self.get_component_rich_style(name).color
        if color is None:
            return "default"
        r, g, b = color.get_truecolor()  # plotext takes an (r, g, b) tuple
        return (r, g, b)

    def render(self) -> RenderResult:
        plt = self.plt
        plt.clear_data()
        plt.clear_figure()
        for s in self.series:
            if not s.points:
                continue
            xs = [e for e, _ in s.points]
            ys = [p for _, p in s.points]
            style = f"win-graph--seat-{s.seat % SEAT_STYLES}"
            plt.plot(xs, ys, marker="braille", color=self._rgb(style))
        if self.blunders:
            xs = [e for e, _ in self.blunders]
            ys = [p for _, p in self.blunders]
            plt.scatter(xs, ys, marker=BLUNDER, color=self._rgb("win-graph--blunder"))
        plt.vline(self.cursor, self._rgb("win-graph--cursor"))
        plt.ylim(0, 100)
        plt.xlim(0, self.last)
        plt.yticks([0, 50, 100], ["0%", "50%", "100%"])
        ticks = sorted({round(self.last * k / 4) for k in range(5)})
        plt.xticks(ticks, [str(t) for t in ticks])
        text = super().render()
        self._frame = _frame_columns(text) if isinstance(text, Text) else None
        return text

    def entry_at(self, x: int) -> int | None:
        """The entry under column ``x`` of the widget, or None outside the plot."""
        if self._frame is None:
            return None
        left, right = self._frame
        if not left < x < right or right - left < 3:
            return None
        share = (x - left - 1) / (right - left - 2)
        return max(0, min(self.last, round(share * self.last)))

    def on_click(self, event: events.Click) -> None:
        entry = self.entry_at(event.x)
        if entry is not None:
            event.stop()
            self.post_message(self.Picked(entry))


def _frame_columns(text: Text) -> tuple[int, int] | None:
    """The columns of the plot frame's corners ``┌`` and ``┐`` in the rendered graph."""
    for line in text.plain.splitlines():
        left, right = line.find("┌"), line.rfind("┐")
        if 0 <= left < right:
            return left, right
    return None


__all__ = ["BLUNDER", "SEAT_STYLES", "Series", "WinGraph"]
