"""The card inspector: the full text of one board thing, with arrows to browse the others."""

from __future__ import annotations

from collections.abc import Callable

from rich.markdown import Markdown as RichMarkdown
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from tui.dialogs import Halo


def tighten(markdown: str) -> str:
    """The inspector text without a leading heading's blank-line padding: a first ``# Name``
    line becomes a bold line (Rich centres headings and pads them with blank lines)."""
    lines = markdown.strip("\n").splitlines()
    if lines and lines[0].startswith("#"):
        lines[0] = f"**{lines[0].lstrip('#').strip()}**"
    return "\n".join(lines)


class InspectorDialog(ModalScreen[None]):
    """Shows ``inspect(target)`` as markdown.

    ←/→ browse the board's things; ↑/↓, PgUp/PgDn, Home/End scroll a long text (each press,
    repeated or held, scrolls at once: no animation to swallow the next one).

    Args:
        inspect: the board's ``inspect`` (target -> markdown or None).
        items: ``(target, label)`` pairs to browse (the board's ``inspectable()``).
        start: the target shown first (e.g. the highlighted choice's); the first item if None
            or not among ``items``.
    """

    BINDINGS = [
        Binding("right,l", "browse(1)", "Next", id="inspector.next"),
        Binding("left,h", "browse(-1)", "Previous", id="inspector.previous"),
        Binding("down,j", "scroll(1)", "Scroll down", show=False, id="inspector.down"),
        Binding("up,k", "scroll(-1)", "Scroll up", show=False, id="inspector.up"),
        Binding("pagedown,space", "page(1)", "Page down", show=False, id="inspector.pgdn"),
        Binding("pageup", "page(-1)", "Page up", show=False, id="inspector.pgup"),
        Binding("home", "ends(0)", "Top", show=False, id="inspector.home"),
        Binding("end", "ends(1)", "Bottom", show=False, id="inspector.end"),
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
        with Halo(), Vertical(classes="dialog tall", id="inspector"):
            yield Label("", classes="dialog-title", id="inspector-title")
            with VerticalScroll(id="inspector-body", can_focus=False):
                yield Static("", id="inspector-text")
            yield Static("←/→ browse · ↑/↓ PgUp/PgDn scroll · Esc close", classes="dialog-hint")

    def on_mount(self) -> None:
        self._show()

    @property
    def body(self) -> VerticalScroll:
        """The scrolling text area."""
        return self.query_one("#inspector-body", VerticalScroll)

    def _show(self) -> None:
        title = self.query_one("#inspector-title", Label)
        body = self.query_one("#inspector-text", Static)
        if not self._items:
            title.update("Inspector")
            body.update("Nothing on the board to inspect.")
            return
        target, label = self._items[self._index]
        title.update(f"{label}  ({self._index + 1}/{len(self._items)})")
        text = self._inspect(target) or f"No details for {label}."
        body.update(RichMarkdown(tighten(text)))
        self.body.scroll_home(animate=False)

    def action_browse(self, step: int) -> None:
        """Show the next (1) or previous (-1) inspectable thing."""
        if self._items:
            self._index = (self._index + step) % len(self._items)
            self._show()

    def action_scroll(self, lines: int) -> None:
        """Scroll the text ``lines`` down (negative: up), at once."""
        body = self.body
        body.scroll_to(y=body.scroll_y + lines, animate=False, immediate=True)

    def action_page(self, pages: int) -> None:
        """Scroll a page down (1) or up (-1), at once."""
        body = self.body
        step = max(body.scrollable_content_region.height - 1, 1)
        body.scroll_to(y=body.scroll_y + pages * step, animate=False, immediate=True)

    def action_ends(self, end: int) -> None:
        """To the top (0) or the bottom (1) of the text."""
        body = self.body
        body.scroll_to(y=body.max_scroll_y if end else 0, animate=False, immediate=True)

    def action_close(self) -> None:
        """Close the inspector."""
        self.dismiss(None)
