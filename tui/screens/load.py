"""Load: the saves in the save folder (newest first) plus a path input; resume or replay one."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, DataTable, Label, Static

from engine import journal as jr
from tui.saves import SaveInfo, scan
from tui.widgets.inputs import TextInput
from tui.widgets.key_bar import KeyBar

COLUMNS: tuple[tuple[str, str, int], ...] = (
    ("Game", "game", 12),
    ("Players", "players", 25),
    ("Saved", "saved", 11),
    ("Status", "status", 18),
)
"""``(heading, key, width)`` of the list's columns: with DataTable's one-cell padding each side
and a scrollbar they fit 80 columns. Longer texts end in "…"; the detail line has them whole."""


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def players_text(info: SaveInfo) -> str:
    """The seats' names: "Ann vs Bot" for two, "Ann, Bea, Bot 1" for more."""
    names = info.seats.split(" vs ")
    return info.seats if len(names) <= 2 else ", ".join(names)


def status_text(info: SaveInfo) -> str:
    """ "in progress", who won ("Ann won", "Draw", "Bot won (Ann resigned)"), or why the file
    cannot be used ("damaged", "needs a newer Imperia", "open in another window")."""
    if info.error:
        return info.problem
    if info.finished:
        return info.result or "finished"
    return "in progress" if info.finished is False else "?"


def row_cells(info: SaveInfo) -> list[str]:
    """The list row of one save, each cell clipped to its column (see :data:`COLUMNS`)."""
    cells = [info.game, players_text(info), info.short_date, status_text(info)]
    return [_clip(c, w) for c, (_, _, w) in zip(cells, COLUMNS, strict=True)]


class LoadScreen(Screen[None]):
    """Pick a save. ``mode`` "load" resumes it on Enter, "replay" replays it.

    A file that cannot be used shows its one-line reason here (never a traceback).
    """

    BINDINGS = [
        Binding("enter", "open", "Open", show=False, id="load.open"),
        Binding("ctrl+r", "replay", "Replay", id="load.replay"),
        Binding("ctrl+o", "resume", "Resume", id="load.resume"),
        Binding("escape", "back", "Back", id="load.back"),
    ]

    HELP_TEXT = """\
Every match is saved as a journal file in the save folder (set **IMPERIA_SAVE_DIR** to use
another). The list shows each match's game, players, when it was last saved and its status
(in progress, or who won); the line under it has the highlighted file in full, with its file
name and undo policy. Pick one
with **↑/↓**, or type a path below; **Enter** opens it (resume or replay,
as the title says); **Ctrl+O** resumes and **Ctrl+R** replays whatever is picked.
"""

    def __init__(self, mode: str = "load") -> None:
        super().__init__()
        self.mode = mode
        self.folder = jr.default_save_dir()
        self._infos: list[SaveInfo] = []

    def compose(self) -> ComposeResult:
        title = "Replay a match" if self.mode == "replay" else "Load a match"
        yield Static(title, classes="screen-title", id="load-title")
        yield Static(f"Saves in {self.folder}", id="load-folder", markup=False)
        yield DataTable(id="saves", cursor_type="row", zebra_stripes=True)
        yield Static("", id="load-details", markup=False)
        with Horizontal(classes="form-row", id="path-row"):
            yield Label("File", classes="form-label")
            yield TextInput(placeholder="or type a path to a .imperia file", id="path")
        yield Static("", id="load-error", markup=False)
        with Horizontal(id="load-buttons"):
            yield Button(
                "Resume (ctrl+o)",
                id="resume",
                compact=True,
                variant="primary" if self.mode == "load" else "default",
            )
            yield Button(
                "Replay (ctrl+r)",
                id="replay",
                compact=True,
                variant="primary" if self.mode == "replay" else "default",
            )
            yield Button("Back (esc)", id="back", compact=True)
        yield KeyBar()

    def on_mount(self) -> None:
        table = self.query_one("#saves", DataTable)
        for heading, key, width in COLUMNS:
            table.add_column(heading, width=width, key=key)
        self.reload()
        table.focus()

    def reload(self) -> None:
        """Re-read the save folder."""
        table = self.query_one("#saves", DataTable)
        table.clear()
        self._infos = scan(self.folder)
        for info in self._infos:
            table.add_row(*row_cells(info), key=str(info.path))
        self._show_details()
        if not self._infos:
            self.query_one("#load-folder", Static).update(
                f"No saves in {self.folder} yet: type a path below."
            )

    def _show_details(self) -> None:
        """The highlighted save's full name, game, players, result, policy and date."""
        table = self.query_one("#saves", DataTable)
        details = self.query_one("#load-details", Static)
        if not self._infos or table.cursor_row is None:
            details.update("")
            return
        info = self._infos[min(table.cursor_row, len(self._infos) - 1)]
        details.update(info.details)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        self._show_details()

    def _picked(self) -> Path | None:
        raw = self.query_one("#path", TextInput).value.strip()
        if raw:
            return Path(raw).expanduser()
        table = self.query_one("#saves", DataTable)
        if not self._infos or table.cursor_row is None:
            return None
        return self._infos[min(table.cursor_row, len(self._infos) - 1)].path

    def show_error(self, message: str) -> None:
        """Show why a file cannot be opened (one line), also as a notification unless a dialog
        (the damaged save's offer of its intact part) already says it: a toast would cover the
        dialog's bottom border."""
        self.query_one("#load-error", Static).update(message)
        if not isinstance(self.app.screen, ModalScreen):
            self.notify(message, title="Cannot open", severity="error")

    def _go(self, how: str) -> None:
        path = self._picked()
        if path is None:
            self.show_error("Pick a save or type a path first.")
            return
        self.query_one("#load-error", Static).update("")
        if how == "replay":
            self.app.open_replay(path)
        else:
            self.app.resume(path, on_error=self.show_error)

    def action_open(self) -> None:
        """Open the picked save as the title says (resume or replay)."""
        self._go(self.mode)

    def action_resume(self) -> None:
        """Resume the picked save."""
        self._go("load")

    def action_replay(self) -> None:
        """Replay the picked save."""
        self._go("replay")

    def action_back(self) -> None:
        """Back to the menu."""
        self.app.pop_screen()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.query_one("#path", TextInput).value = ""
        self._go(self.mode)

    def on_input_submitted(self, event: TextInput.Submitted) -> None:
        event.stop()
        self._go(self.mode)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        {"resume": self.action_resume, "replay": self.action_replay}.get(
            event.button.id or "", self.action_back
        )()
