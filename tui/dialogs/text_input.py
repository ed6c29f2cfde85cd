"""Ask for one line of text (a file name for save-as, an entry number to jump to)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from tui.dialogs import Halo
from tui.widgets.inputs import TextInput


class TextInputDialog(ModalScreen[str | None]):
    """One input line; Enter dismisses with the text (stripped, maybe ""), Escape with None.

    Args:
        title: the heading.
        text: a line of explanation under it.
        value: the pre-filled value.
        integer: accept only an integer.
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="dialog.cancel")]

    def __init__(self, title: str, text: str, value: str = "", integer: bool = False) -> None:
        super().__init__()
        self._title = title
        self._text = text
        self._value = value
        self._integer = integer

    def compose(self) -> ComposeResult:
        with Halo(), Vertical(classes="dialog wide"):
            yield Label(self._title, classes="dialog-title")
            yield Static(self._text, classes="dialog-text", markup=False)
            yield TextInput(
                self._value, type="integer" if self._integer else "text", id="dialog-input"
            )
            yield Static("Enter: OK · Escape: cancel", classes="dialog-hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip())  # "" when empty; None only on Escape

    def action_cancel(self) -> None:
        """Close without a value."""
        self.dismiss(None)
