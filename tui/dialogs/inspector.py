"""The card inspector: the full text of one board thing, with arrows to browse the others."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Markdown, Static


class InspectorDialog(ModalScreen[None]):
    """Shows ``inspect(target)`` as markdown.

    Args:
        inspect: the board's ``inspect`` (target -> markdown or None).
        items: ``(target, label)`` pairs to browse (the board's ``inspectable()``).
        start: the target shown first (e.g. the highlighted choice's); the first item if None
            or not among ``items``.
    """

    BINDINGS = [
        Binding("right,down,j", "browse(1)", "Next", id="inspector.next"),
        Binding("left,up,k", "browse(-1)", "Previous", id="inspector.previous"),
        Binding("escape,i,q", "close", "Close", id="inspector.close"),
    ]

    def __init__(
        self,
        inspect: Callable[[str], str | None],
        items: list[tuple[str, str]],
        start: str | None = None,
    ) -> None:
        super().__init__()
        self._inspect = inspect
        self._items = list(items)
        if start is not None and start not in [t for t, _ in self._items]:
            self._items.insert(0, (start, start))
        targets = [t for t, _ in self._items]
        self._index = targets.index(start) if start in targets else 0

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog tall", id="inspector"):
            yield Label("", classes="dialog-title", id="inspector-title")
            with VerticalScroll(id="inspector-body"):
                yield Markdown("", id="inspector-text")
            yield Static("←/→ browse · Esc close", classes="dialog-hint")

    def on_mount(self) -> None:
        self._show()

    def _show(self) -> None:
        title = self.query_one("#inspector-title", Label)
        body = self.query_one("#inspector-text", Markdown)
        if not self._items:
            title.update("Inspector")
            body.update("Nothing on the board to inspect.")
            return
        target, label = self._items[self._index]
        title.update(f"{label}  ({self._index + 1}/{len(self._items)})")
        body.update(self._inspect(target) or f"No details for {label}.")
        self.query_one("#inspector-body").scroll_home(animate=False)

    def action_browse(self, step: int) -> None:
        """Show the next (1) or previous (-1) inspectable thing."""
        if self._items:
            self._index = (self._index + step) % len(self._items)
            self._show()

    def action_close(self) -> None:
        """Close the inspector."""
        self.dismiss(None)
