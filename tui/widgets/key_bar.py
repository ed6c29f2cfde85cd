"""A light footer: the shown key bindings of the screen as one line of text.

Textual's ``Footer`` rebuilds a widget per key whenever the bindings change (every focus move);
this draws one line instead, and still runs a key's action when clicked.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget

ARROWS = ("left", "right", "up", "down")


def _preference(key: str) -> int:
    """Which of an action's keys to show: arrows, then single characters, then the rest."""
    if key in ARROWS:
        return 0
    if len(key) == 1 or key in ("question_mark", "space", "escape"):
        return 1
    return 2


class KeyBar(Widget):
    """``u Undo  r Redo  …`` for the bindings with ``show=True``; ``^p palette`` at the right."""

    COMPONENT_CLASSES = {"key-bar--key", "key-bar--description"}

    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        background: $footer-background;
        color: $footer-description-foreground;
        .key-bar--key {
            color: $footer-key-foreground;
            text-style: bold;
        }
        .key-bar--description {
            color: $footer-description-foreground;
        }
    }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._spans: list[tuple[int, int, str, object]] = []
        self._text = Text()
        self._flash: Text | None = None
        self._flash_timer: Timer | None = None

    FLASH_SECONDS = 2.5
    """How long :meth:`flash` shows its message."""

    def flash(self, message: str, seconds: float | None = None) -> None:
        """Show ``message`` in place of the keys for a moment (a dead key's "no such key")."""
        if self._flash_timer is not None:
            self._flash_timer.stop()
        style = self.get_component_rich_style("key-bar--key", partial=True)
        self._flash = Text(f" {message}", style=style, no_wrap=True, overflow="ellipsis", end="")
        self._flash_timer = self.set_timer(seconds or self.FLASH_SECONDS, self._end_flash)
        self.refresh()

    def _end_flash(self) -> None:
        self._flash = None
        self._flash_timer = None
        self.refresh()

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self._rebuild()

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen) -> None:
        if self.is_attached and screen is self.screen:
            self._rebuild()

    def _rebuild(self) -> None:
        key_style = self.get_component_rich_style("key-bar--key", partial=True)
        desc_style = self.get_component_rich_style("key-bar--description", partial=True)
        text = Text(no_wrap=True, overflow="crop", end="")
        spans: list[tuple[int, int, str, object]] = []
        by_action: dict[str, list] = {}
        palette = None
        for key, active in self.screen.active_bindings.items():
            if key == self.app.COMMAND_PALETTE_BINDING:
                palette = active
            elif active.binding.show:
                by_action.setdefault(active.binding.action, []).append(active)
        for actives in by_action.values():
            active = min(actives, key=lambda a: _preference(a.binding.key))
            binding = active.binding
            start = len(text)
            text.append(" ")
            text.append(self.app.get_key_display(binding), key_style)
            text.append(f" {binding.description} ", desc_style)
            spans.append((start, len(text), binding.action, active.node))
        if palette is not None and self.app.ENABLE_COMMAND_PALETTE:
            label = Text.assemble(
                (self.app.get_key_display(palette.binding), key_style), (" palette ", desc_style)
            )
            gap = self.size.width - len(text) - len(label)
            if gap > 0:
                text.append(" " * gap)
                start = len(text)
                text.append_text(label)
                spans.append((start, len(text), palette.binding.action, palette.node))
        same = text == self._text
        self._text, self._spans = text, spans
        if not same:  # the bindings are refreshed after every move; they rarely change
            self.refresh()

    def on_resize(self, event: events.Resize) -> None:
        self._rebuild()

    def render(self) -> Text:
        return self._flash if self._flash is not None else self._text

    async def on_click(self, event: events.Click) -> None:
        for start, end, action, node in self._spans:
            if start <= event.x < end:
                event.stop()
                await self.app.run_action(action, node)  # type: ignore[arg-type]
                return
