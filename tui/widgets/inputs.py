"""An Input that stops blinking when the app asks for steady rendering (tests, screenshots)."""

from __future__ import annotations

from textual.widgets import Input


class TextInput(Input):
    """A compact :class:`~textual.widgets.Input`; its cursor never blinks when
    ``app.steady`` is true, so snapshots do not flake."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("compact", True)
        super().__init__(*args, **kwargs)

    def on_mount(self) -> None:
        if getattr(self.app, "steady", False):
            self.cursor_blink = False
