"""The end of a match: winner, reason, scores; then Replay, Save, Rematch or Menu."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static


class EndDialog(ModalScreen[str]):
    """Dismisses with "replay", "save", "rematch", "menu" or "board" (look at the board).

    Args:
        headline: "◆ Ann wins" or "Draw".
        reason: the outcome's reason.
        scores: lines like "◆ Ann: 3".
    """

    BINDINGS = [
        Binding("p", "pick('replay')", "Replay", id="end.replay"),
        Binding("s", "pick('save')", "Save as", id="end.save"),
        Binding("r", "pick('rematch')", "Rematch", id="end.rematch"),
        Binding("m,q", "pick('menu')", "Menu", id="end.menu"),
        Binding("escape,b", "pick('board')", "Look at the board", id="end.board"),
    ]

    def __init__(self, headline: str, reason: str, scores: list[str]) -> None:
        super().__init__()
        self._headline = headline
        self._reason = reason
        self._scores = scores

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="end"):
            yield Label("Match over", classes="dialog-title")
            yield Static(self._headline, id="end-headline", markup=False)
            yield Static(self._reason, classes="dialog-text", markup=False)
            if self._scores:
                yield Static("\n".join(self._scores), id="end-scores", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button("Replay (p)", id="end-replay", compact=True)
                yield Button("Save (s)", id="end-save", compact=True)
                yield Button("Rematch (r)", id="end-rematch", variant="primary", compact=True)
                yield Button("Menu (m)", id="end-menu", compact=True)
            yield Static("Esc: look at the board", classes="dialog-hint")

    def on_mount(self) -> None:
        self.query_one("#end-rematch", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss((event.button.id or "end-menu").removeprefix("end-"))

    def action_pick(self, what: str) -> None:
        """Close with ``what``."""
        self.dismiss(what)
