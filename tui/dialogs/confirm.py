"""A yes/no question (resign, undo consent)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static

from tui.dialogs import Halo


class ConfirmDialog(ModalScreen[bool]):
    """Ask ``question``; dismisses with True (yes) or False (no / Escape).

    Args:
        title: the dialog's heading.
        question: one or two lines of plain text.
        yes, no: button labels.
        default_yes: focus the yes button first (Enter then confirms).
    """

    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="dialog.yes"),
        Binding("n,escape", "answer(False)", "No", id="dialog.no"),
    ]

    def __init__(
        self,
        title: str,
        question: str,
        yes: str = "Yes",
        no: str = "No",
        default_yes: bool = False,
    ) -> None:
        super().__init__()
        self._title = title
        self._question = question
        self._yes = yes
        self._no = no
        self._default_yes = default_yes

    def compose(self) -> ComposeResult:
        with Halo(), Vertical(classes="dialog"):
            yield Label(self._title, classes="dialog-title")
            yield Static(self._question, classes="dialog-text", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button(f"{self._yes} (y)", id="yes", variant="primary", compact=True)
                yield Button(f"{self._no} (n)", id="no", compact=True)

    def on_mount(self) -> None:
        self.query_one("#yes" if self._default_yes else "#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        """Close with ``answer``."""
        self.dismiss(answer)
