"""Pass the terminal: hides the board between hotseat players."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Button, Static


class PassScreen(Screen[str]):
    """A blank screen saying who plays next. Dismisses with "go" (Enter) or "menu" (q).

    A full screen (not a modal) so nothing of the previous player's view shows through.
    """

    BINDINGS = [
        Binding("enter,space", "go", "I am ready", id="pass.go"),
        Binding("q", "menu", "Menu", id="pass.menu"),
    ]
    HELP_TEXT = """\
Several players share this terminal. The board is hidden until the named player sits down and
presses **Enter**, so nobody sees another player's hand.
"""

    def __init__(self, name: str, why: str = "") -> None:
        super().__init__()
        self._player = name
        self._why = why

    def compose(self) -> ComposeResult:
        with Middle(), Center(id="pass-box"):
            yield Static(f"Pass to {self._player}", id="pass-title", markup=False)
            if self._why:
                yield Static(self._why, id="pass-why", markup=False)
            yield Static("Others: please look away.", id="pass-hint")
            yield Button(f"{self._player}: I am ready (Enter)", id="pass-go", compact=True)

    def on_mount(self) -> None:
        self.query_one("#pass-go", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss("go")

    def action_go(self) -> None:
        """The named player is at the terminal."""
        self.dismiss("go")

    def action_menu(self) -> None:
        """Leave the match (it is saved)."""
        self.dismiss("menu")
