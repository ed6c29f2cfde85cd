"""A value picker: ``‹ casual ›``. Left/right (or space, enter, a click) change it.

The focused picker is marked ``▶`` (not only by its background), so the focus is visible in
any theme and without colour.

Much lighter than a ``Select`` (no overlay list): with a ``label`` and a ``help`` line it is a
whole form row in one widget, so a form with a dozen rule options mounts fast.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.widget import Widget


class Cycle(Widget, can_focus=True):
    """Pick one of ``options`` (``(label, value)`` pairs), starting at ``value``."""

    BINDINGS = [
        Binding("right,space,enter", "step(1)", "Next value", show=False),
        Binding("left", "step(-1)", "Previous value", show=False),
    ]

    DEFAULT_CSS = """
    Cycle {
        width: 24;
        height: 1;
        background: $boost;
    }
    Cycle:focus {
        background: $primary 40%;
        text-style: bold;
    }
    Cycle.-field {
        width: 1fr;
        height: auto;
        background: transparent;
    }
    Cycle.-field:focus {
        background: transparent;
        text-style: none;
    }
    Cycle > .cycle--value {
        background: $boost;
    }
    Cycle:focus > .cycle--value {
        background: $primary 40%;
        text-style: bold;
    }
    Cycle > .cycle--label {
        color: $text-muted;
    }
    Cycle:focus > .cycle--label {
        color: $accent;
        text-style: bold;
    }
    Cycle > .cycle--help {
        color: $text-muted;
    }
    """

    COMPONENT_CLASSES = {"cycle--value", "cycle--label", "cycle--help"}

    LABEL_WIDTH = 21
    VALUE_WIDTH = 22

    class Changed(Message):
        """The value changed."""

        def __init__(self, cycle: Cycle, value: Any) -> None:
            super().__init__()
            self.cycle = cycle
            self.value = value

        @property
        def control(self) -> Cycle:
            """The cycle that changed."""
            return self.cycle

    def __init__(
        self,
        options: Sequence[tuple[str, Any]],
        value: Any = None,
        label: str = "",
        help: str = "",
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self._options = list(options)
        self._label = label
        self._help = help
        if label or help:
            self.add_class("-field")
        values = [v for _, v in self._options]
        self._index = values.index(value) if value in values else 0

    @property
    def value(self) -> Any:
        """The picked value."""
        return self._options[self._index][1]

    @value.setter
    def value(self, value: Any) -> None:
        values = [v for _, v in self._options]
        if value not in values:
            raise ValueError(f"{value!r} is not one of {values}")
        self._set_index(values.index(value))

    def _set_index(self, index: int) -> None:
        if index != self._index:
            self._index = index
            self.refresh()
            self.post_message(self.Changed(self, self.value))

    def render(self) -> RenderableType:
        name = self._options[self._index][0]
        mark = "▶" if self.has_focus else " "
        if not self.has_class("-field"):
            width = max(self.size.width - 5, 1)
            return Text.assemble(mark, "‹ ", name[:width].ljust(width), " ›")
        style = self.get_component_rich_style
        width = self.VALUE_WIDTH - 4
        value = Text()
        value.append(f"‹ {name[:width].ljust(width)} ›", style("cycle--value"))
        if self._help:
            value.append(f"\n{self._help}", style("cycle--help"))
        grid = Table.grid(padding=(0, 1), expand=True)
        grid.add_column(width=self.LABEL_WIDTH, no_wrap=True)
        grid.add_column(ratio=1)
        grid.add_row(Text(f"{mark} {self._label}", style=style("cycle--label")), value)
        return grid

    def set_help(self, help: str) -> None:
        """Change the help line (e.g. to explain the value just picked)."""
        self._help = help
        self.refresh(layout=True)

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def action_step(self, step: int) -> None:
        """The next (1) or previous (-1) value, wrapping around."""
        self._set_index((self._index + step) % len(self._options))

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.focus()
        left = self.LABEL_WIDTH + 1 if self.has_class("-field") else 1
        self.action_step(-1 if left <= event.x < left + 2 else 1)
