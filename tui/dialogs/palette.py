"""The command palette, safe against clicks that arrive after it closed.

Textual's :class:`~textual.command.CommandPalette` closes on a click outside its box with
``self.dismiss()``, and ``Screen.dismiss`` pops whatever screen is on *top*. A double click
outside the palette delivers both clicks to it: the first closes it, the second then popped the
screen underneath (the match), and more clicks ended in ``ScreenStackError``. This palette only
dismisses itself while it is the top screen, and only once.
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.await_complete import AwaitComplete
from textual.command import CommandPalette


class SafePalette(CommandPalette):
    """A command palette whose dismiss never pops another screen."""

    _gone = False

    def dismiss(self, result: Any = None) -> AwaitComplete:
        """Close the palette if it is still the top screen; otherwise do nothing."""
        if self._gone or not self.is_attached or self.app.screen is not self:
            return AwaitComplete()
        self._gone = True
        return super().dismiss(result)

    def _on_click(self, event: events.Click) -> None:  # type: ignore[override]
        if self._gone or self.app.screen is not self:
            event.stop()  # a late click (the second of a double click): not for the screen below
            return
        super()._on_click(event)
