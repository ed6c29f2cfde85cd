"""One line above the board: danger signs, a seat one step from an instant win (issue 19;
the signs are :func:`tui.boards.dangers.dangers` of the view shown, so everyone sees them)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import Static

PREFIX = "⚠ "
SEPARATOR = " · "


class DangerLine(Static):
    """``⚠ Rome has 4 army counters: one more wins (army victory at 5)`` — hidden when there is
    no danger; the whole text is its tooltip when it is cut."""

    DEFAULT_CSS = """
    DangerLine {
        height: 1;
        padding: 0 1;
        color: $warning;
        text-style: bold;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__("", markup=False, **kwargs)
        self._signs: tuple[str, ...] = ()
        self.display = False

    @property
    def signs(self) -> tuple[str, ...]:
        """The danger signs shown now."""
        return self._signs

    def show_signs(self, signs: Sequence[str]) -> None:
        """Show ``signs`` (hide the line when there are none)."""
        signs = tuple(signs)
        if signs == self._signs:
            return
        self._signs = signs
        self.display = bool(signs)
        whole = SEPARATOR.join(signs)
        self.update(Text(PREFIX + whole, end=""))
        self.tooltip = whole or None
