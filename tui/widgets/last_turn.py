"""One line above the board: what the other seats did in their last turn (issue 21)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

PREFIX = "Last turn: "


class LastTurnLine(Static):
    """``Last turn: Greece plays Praetorian · Greece returns your Hoplite to hand`` — one line,
    cut with ``…`` when too long (``l`` shows the whole log); hidden when there is nothing."""

    DEFAULT_CSS = """
    LastTurnLine {
        height: 1;
        padding: 0 1;
        color: $text-muted;
    }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__("", markup=False, **kwargs)
        self._line = ""

    @property
    def line(self) -> str:
        """The text shown (without the prefix), ``""`` when hidden."""
        return self._line

    def show_turn(self, text: str) -> None:
        """Show ``text`` (the other seats' last turn), or hide the line when it is empty."""
        if text == self._line:
            return
        self._line = text
        self.display = bool(text)
        shown = Text.assemble((PREFIX, "bold"), text, no_wrap=True, overflow="ellipsis", end="")
        self.update(shown)
