"""Shown while the terminal is smaller than the app can use; goes away on resize."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

MIN_WIDTH = 80
MIN_HEIGHT = 24
"""The app is fully usable from 80x24; below it says so instead of drawing a broken board."""


def too_small_text(width: int, height: int) -> str:
    """``"Terminal too small: need at least 80x24, now 70x20"``."""
    return f"Terminal too small: need at least {MIN_WIDTH}x{MIN_HEIGHT}, now {width}x{height}"


class TooSmallScreen(Screen[None]):
    """A plain message; the app removes it as soon as the terminal is big enough.

    Notifications are not drawn over it (they show again on the screen that comes back)."""

    def compose(self) -> ComposeResult:
        yield Static("", id="too-small", markup=False)
        yield Static(
            f"Enlarge the window to at least {MIN_WIDTH} columns and {MIN_HEIGHT} rows. "
            "Ctrl+Q quits.",
            id="too-small-hint",
        )

    def on_mount(self) -> None:
        # Textual draws notifications in a rack on each screen; without it, none show here.
        self.query("#textual-toastrack").remove()
        self.update_size(self.app.size.width, self.app.size.height)

    def on_screen_resume(self) -> None:
        width, height = self.app.size
        if width >= MIN_WIDTH and height >= MIN_HEIGHT:
            self.app.pop_screen()

    def update_size(self, width: int, height: int) -> None:
        """Say the current size."""
        self.query_one("#too-small", Static).update(too_small_text(width, height))
