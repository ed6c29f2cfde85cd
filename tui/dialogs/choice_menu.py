"""A small menu of choices: those sharing one board target (a click on that thing), or a folded
sub-list of the prompt ("Sell… (6 choices)"). Each has a key: 1-9, 0, then letters."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from engine.rules import Choice
from tui.dialogs import Halo
from tui.widgets.choice_keys import KEYS


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
                *[
                    Option(f"{KEYS[n] if n < len(KEYS) else ' '}  {c.label}", id=c.id)
                    for n, c in enumerate(self._choices)
                ],
                id="choice-menu",
            )

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def on_key(self, event) -> None:
        char = event.character
        if char and char in KEYS:
            n = KEYS.index(char)
            if n < len(self._choices):
                event.stop()
                self.dismiss(self._choices[n].id)

    def action_cancel(self) -> None:
        """Close without choosing."""
        self.dismiss(None)
