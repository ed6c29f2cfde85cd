"""A small menu of the choices that share one board target (a click on that thing)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from engine.rules import Choice
from tui.dialogs import Halo


class ChoiceMenu(ModalScreen[str | None]):
    """Pick one of ``choices``; dismisses with the choice id, or None on Escape."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="dialog.cancel")]

    def __init__(self, title: str, choices: list[Choice]) -> None:
        super().__init__()
        self._title = title
        self._choices = choices

    def compose(self) -> ComposeResult:
        with Halo(), Vertical(classes="dialog"):
            yield Label(self._title, classes="dialog-title")
            yield OptionList(
                *[Option(f"{n}  {c.label}", id=c.id) for n, c in enumerate(self._choices, start=1)],
                id="choice-menu",
            )

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def on_key(self, event) -> None:
        if event.character and event.character.isdigit():
            n = int(event.character)
            if 1 <= n <= len(self._choices):
                event.stop()
                self.dismiss(self._choices[n - 1].id)

    def action_cancel(self) -> None:
        """Close without choosing."""
        self.dismiss(None)
