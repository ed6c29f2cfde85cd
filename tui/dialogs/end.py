"""The end of a match: winner, reason, labelled scores, where it is saved; then Replay, Analyse
(a replay with the win-probability graph, issue 19), Save a copy, Play again (rematch) or Menu.
``o`` on the match screen opens it again."""

from __future__ import annotations

import textwrap

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static

from tui.dialogs import Halo


def wrap_whole_words(text: str, width: int) -> str:
    """``text`` wrapped at spaces to ``width``, never splitting a word (a file name); a word
    longer than a line has the line to itself, cropped from the left (``…Bot-vs-Bot4.imperia``)."""
    width = max(width, 2)
    lines = textwrap.wrap(text, width, break_long_words=False, break_on_hyphens=False)
    return "\n".join(line if len(line) <= width else "…" + line[1 - width :] for line in lines)


class WrappedWords(Static):
    """A :class:`Static` whose text is wrapped by :func:`wrap_whole_words` to its width."""

    def __init__(self, text: str, **kwargs) -> None:
        super().__init__(text, markup=False, **kwargs)
        self._text = text

    def on_resize(self, event: events.Resize) -> None:
        self.update(wrap_whole_words(self._text, self.content_size.width))


class EndDialog(ModalScreen[str]):
    """Dismisses with "replay", "analyse", "save", "rematch", "menu" or "board" (look at the
    board).

    Args:
        headline: "You win", "◆ Ann wins" or "Draw".
        reason: the outcome's reason.
        scores: one labelled line ("Points: ◆ Ann 3 · ● Bot 1"), or "".
        saved: where the match is saved ("Saved as x.imperia (the autosave)."), or "".
        analyse: offer "Analyse this match" (the match has a save to analyse).

    Its keys never clash with the match screen's (no ``r``, which is Redo there).
    """

    BINDINGS = [
        Binding("p", "pick('replay')", "Replay", id="end.replay"),
        Binding("n", "analyse", "Analyse this match", id="end.analyse"),
        Binding("s", "pick('save')", "Save a copy", id="end.save"),
        Binding("a", "pick('rematch')", "Play again", id="end.rematch"),
        Binding("m,q", "pick('menu')", "Menu", id="end.menu"),
        Binding("escape,b", "pick('board')", "Look at the board", id="end.board"),
    ]

    def __init__(
        self, headline: str, reason: str, scores: str = "", saved: str = "", analyse: bool = False
    ) -> None:
        super().__init__()
        self._analyse = analyse
        self._headline = headline
        self._reason = reason
        self._scores = scores
        self._saved = saved

    def compose(self) -> ComposeResult:
        with Halo(), Vertical(classes="dialog", id="end"):
            yield Label("Match over", classes="dialog-title")
            yield Static(self._headline, id="end-headline", markup=False)
            yield Static(self._reason, classes="dialog-text", markup=False)
            if self._scores:
                yield Static(self._scores, id="end-scores", markup=False)
            if self._saved:
                yield WrappedWords(self._saved, id="end-saved")
            with Horizontal(classes="dialog-buttons", id="end-buttons"):
                yield Button("Replay (p)", id="end-replay", compact=True)
                yield Button("Save a copy (s)", id="end-save", compact=True)
                yield Button("Play again (a)", id="end-rematch", variant="primary", compact=True)
                yield Button("Menu (m)", id="end-menu", compact=True)
            if self._analyse:
                with Horizontal(classes="dialog-buttons", id="end-more"):
                    yield Button("Analyse this match (n)", id="end-analyse", compact=True)
            yield Static("Esc: look at the board (o shows this again)", classes="dialog-hint")

    def on_mount(self) -> None:
        self.query_one("#end-rematch", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss((event.button.id or "end-menu").removeprefix("end-"))

    def action_analyse(self) -> None:
        """Close with "analyse" when the dialog offers it."""
        if self._analyse:
            self.dismiss("analyse")

    def action_pick(self, what: str) -> None:
        """Close with ``what``."""
        self.dismiss(what)
