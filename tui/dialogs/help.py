"""The help screen: short how-to text plus a key table generated from the live bindings."""

from __future__ import annotations

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Label, Markdown, Static

from tui.dialogs import Halo

GENERAL_HELP = """\
**Imperia** plays empire-themed board and card games in your terminal, against bots or
other people on the same terminal. Every match saves itself as it goes: quit any time and
pick **Continue** in the menu.

Everything works with the keyboard (the keys below) and with the mouse. **Ctrl+P** opens the
command palette, which lists every command.
"""


def binding_rows(screen: Screen) -> list[tuple[str, str]]:
    """``(keys, what they do)`` for every described binding active on ``screen``.

    Bindings sharing a description are one row ("1 2 3 … 0"); taken from the live bindings, so
    the help can never drift from the code.
    """
    app = screen.app
    rows: dict[str, list[str]] = {}
    # The screen's and the app's own bindings; a focused widget's generic navigation is left out.
    mine = [ab.binding for ab in screen.active_bindings.values() if ab.node in (screen, app)]
    for binding in mine:
        what = binding.description
        if binding.tooltip:
            what = f"{what}: {binding.tooltip}" if what else binding.tooltip
        if not what:
            continue
        keys = rows.setdefault(what, [])
        shown = app.get_key_display(binding)
        if shown not in keys:
            keys.append(shown)
    return [(" ".join(keys), what) for what, keys in rows.items()]


class HelpScreen(ModalScreen[None]):
    """How to use the screen below, then its keys.

    Args:
        title: "Help: Match" etc.
        text: markdown how-to for that screen.
        rows: ``(keys, description)`` rows (see :func:`binding_rows`).
    """

    BINDINGS = [Binding("escape,q,question_mark,f1", "close", "Close", id="help.close")]

    def __init__(self, title: str, text: str, rows: list[tuple[str, str]]) -> None:
        super().__init__()
        self._title = title
        self._text = text
        self._rows = rows

    def compose(self) -> ComposeResult:
        keys = Table.grid(padding=(0, 2))
        keys.add_column(style="bold", no_wrap=True)
        keys.add_column()
        for k, what in self._rows:
            keys.add_row(k, what)
        with Halo(), Vertical(classes="dialog tall", id="help"):
            yield Label(self._title, classes="dialog-title")
            with VerticalScroll(id="help-body"):
                yield Markdown(self._text.strip(), id="help-text")
                yield Label("Keys", classes="help-heading")
                yield Static(keys, id="help-keys")
            yield Static("↑/↓ scroll · Esc close", classes="dialog-hint")

    def on_mount(self) -> None:
        self.query_one("#help-body").focus()

    def action_close(self) -> None:
        """Close the help."""
        self.dismiss(None)
