"""A light footer: the shown key bindings of the screen as one line of text.

Textual's ``Footer`` rebuilds a widget per key whenever the bindings change (every focus move);
this draws one line instead, and still runs a key's action when clicked.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.screen import Screen
from textual.widget import Widget


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
        seen: set[str] = set()
        palette = None
        for key, active in self.screen.active_bindings.items():
            binding = active.binding
            if key == self.app.COMMAND_PALETTE_BINDING:
                palette = active
                continue
            if not binding.show or binding.action in seen:
                continue
            seen.add(binding.action)
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
        self._text, self._spans = text, spans
        self.refresh()

    def on_resize(self, event: events.Resize) -> None:
        self._rebuild()

    def render(self) -> Text:
        return self._text

    async def on_click(self, event: events.Click) -> None:
        for start, end, action, node in self._spans:
            if start <= event.x < end:
                event.stop()
                await self.app.run_action(action, node)  # type: ignore[arg-type]
                return
