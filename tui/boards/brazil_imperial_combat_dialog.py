"""The Brazil: Imperial combat result dialog: the reveal of a combat the viewer fought (every
battle card and its value), who won and by how much, and the units lost
(:mod:`tui.boards.brazil_imperial_combat`, from ``view["last_combat"]`` only)."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from tui.boards.brazil_imperial_combat import result_lines, result_title
from tui.dialogs import Halo


class CombatDialog(ModalScreen[None]):
    """Shows the result of combat record ``rec`` read in ``view``; Enter, Escape or space
    close it. Raises KeyError when ``rec`` lacks its sides (``a``, ``d``)."""

    DEFAULT_CSS = "CombatDialog .dialog-text { margin-bottom: 0; }"
    BINDINGS = [Binding("enter,escape,space", "close", "Close", id="dialog.close")]

    def __init__(self, view: dict[str, Any], rec: dict[str, Any]) -> None:
        super().__init__()
        self._title = result_title(view, rec)
        self._lines = result_lines(view, rec)

    @property
    def text(self) -> str:
        """The dialog's heading and lines as plain text (for tests and the log)."""
        return "\n".join([self._title, *self._lines])

    def compose(self) -> ComposeResult:
        with Halo(), Vertical(classes="dialog wide"):
            yield Label(self._title, classes="dialog-title")
            for line in self._lines:
                yield Static(line, classes="dialog-text", markup=False)
            yield Static("Enter, Esc or space: close", classes="dialog-text muted", markup=False)

    def action_close(self) -> None:
        """Close the dialog."""
        self.dismiss(None)
