"""What the segment-drawn boards share: lines of styled, clickable segments and the widget
that draws them.

A board's layout class (a :class:`SegLayout`) turns one view at one width into a list of
:data:`Line`, each a list of :class:`Seg`; :class:`SegmentBoard` draws those lines as one Rich
``Text`` (a segment's styles are the board's component classes ``<prefix>--<style>``),
remembers where each segment with a target was drawn and posts :class:`Board.TargetClicked`
when one is clicked. A board only says how to lay out a view (:meth:`SegmentBoard.layout`)
and what its targets mean (``inspect`` and the other :class:`Board` methods).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Size

from engine.rules import Prompt
from tui.boards import Board

WIDE = 100
"""Width (columns) from which the boards use their roomy layout."""

SELECTABLE = "▸"
"""Mark of a chip a prompt choice points at (``[▸…]``)."""

CHANGED = "changed"
"""The style added to a board thing the other seats' last turn changed (underlined)."""


@dataclass(frozen=True, slots=True)
class Seg:
    """A run of text on one board line: its component classes and the target it stands for."""

    text: str
    styles: tuple[str, ...] = ()
    target: str | None = None
    members: tuple[str, ...] = ()
    """Every target a chip of identical cards stands for (``target`` is the one clicked)."""

    @property
    def width(self) -> int:
        """Width in terminal cells."""
        return cell_len(self.text)


Line = list[Seg]
"""One board row: segments drawn left to right."""

WAITING: list[Line] = [[Seg("Waiting for the match…", ("muted",))]]
"""What a board shows before its first view."""


def board_css(module_file: str) -> str:
    """The stylesheet next to a board module (``imperium.py`` -> ``imperium.tcss``), for its
    ``DEFAULT_CSS``."""
    return Path(module_file).with_suffix(".tcss").read_text(encoding="utf-8")


def width_of(segs: list[Seg]) -> int:
    """Width of a run of segments in cells."""
    return sum(s.width for s in segs)


class SegLayout:
    """Base of a board layout: one view at one width, laid out as lines of :class:`Seg`.

    Args:
        view: the engine view.
        targets: targets of the viewer's prompt choices (drawn selectable).
        cursor: the highlighted choice's target (drawn in reverse).
        width: columns available (at least ``min_width`` are used).
        min_width: the narrowest width laid out.

    Attributes set here: ``view``, ``targets``, ``cursor``, ``width``, ``wide`` (from
    :data:`WIDE` columns), ``seats`` (the view's seat list) and ``viewer`` (a seat, or None
    for a spectator).
    """

    WRAP_GAP: ClassVar[str] = " "
    """What :meth:`flow` puts between the indent of a wrapped line and its first item."""

    def __init__(
        self,
        view: dict[str, Any],
        targets: set[str],
        cursor: str | None,
        width: int,
        min_width: int = 30,
    ) -> None:
        self.view = view
        self.targets = targets
        self.cursor = cursor
        self.width = max(width, min_width)
        self.wide = width >= WIDE
        self.seats: list[dict[str, Any]] = view.get("seats") or []
        viewer = view.get("viewer")
        self.viewer: int | None = viewer if isinstance(viewer, int) else None

    def marks(
        self, selectable: bool, cursor: bool, styles: tuple[str, ...], blank: str = ""
    ) -> tuple[str, tuple[str, ...]]:
        """``(marker, styles)`` of a clickable thing: ``▸`` (else ``blank``) and the styles
        plus ``selectable`` / ``cursor`` as they apply."""
        if selectable:
            styles += ("selectable",)
        if cursor:
            styles += ("cursor",)
        return (SELECTABLE if selectable or cursor else blank), styles

    def fit(self, *candidates: list[Seg]) -> list[Seg]:
        """The first candidate that fits the width (the last one otherwise)."""
        for c in candidates:
            if width_of(c) <= self.width:
                return c
        return candidates[-1]

    def flow(
        self,
        head: list[Seg],
        items: list[list[Seg]],
        indent: int,
        width: int = 0,
        sep: str = " ",
        lead: str = " ",
    ) -> list[Line]:
        """``items`` after ``head`` (the first one ``lead`` after it), separated by ``sep``,
        wrapping onto lines indented by ``indent`` (then :attr:`WRAP_GAP`) within ``width``
        columns (default the board's width)."""
        width = width or self.width
        lines: list[Line] = []
        line: Line = list(head)
        x = width_of(line)
        for k, item in enumerate(items):
            gap = sep if k else lead
            w = width_of(item)
            if x + len(gap) + w > width and x > indent:
                lines.append(line)
                line, x, gap = [Seg(" " * indent)], indent, self.WRAP_GAP
            line += [Seg(gap), *item] if gap else list(item)
            x += len(gap) + w
        lines.append(line)
        return lines

    def rule(self, title: list[Seg]) -> Line:
        """``── title ─────…`` across the width."""
        head = [Seg("── ", ("rule",)), *title, Seg(" ")]
        return [*head, Seg("─" * max(self.width - width_of(head), 0), ("rule",))]


class SegmentBoard(Board):
    """A board drawn from lines of :class:`Seg` (see the module docstring).

    Subclasses set :attr:`STYLE_PREFIX` and :attr:`STYLES` (their component classes are
    ``<prefix>--<style>``) and ``DEFAULT_CSS`` (:func:`board_css`), and implement
    :meth:`layout`.
    """

    STYLE_PREFIX: ClassVar[str] = "board"
    """Prefix of the component classes that a segment's styles name."""

    STYLES: ClassVar[tuple[str, ...]] = ()
    """Every style a segment may name: ``COMPONENT_CLASSES`` are made from these."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "STYLES" in cls.__dict__:
            names = (*cls.STYLES, CHANGED)
            cls.COMPONENT_CLASSES = {f"{cls.STYLE_PREFIX}--{name}" for name in names}

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._view: dict[str, Any] | None = None
        self._targets: set[str] = set()
        self._cursor: str | None = None
        self._cache: tuple[int, list[Line]] | None = None
        self._hits: list[list[tuple[int, int, str]]] = []
        self._changed: frozenset[str] = frozenset()
        self._turn: tuple[int, int, dict[str, Any] | None, dict[str, Any] | None] | None = None

    def layout(self, view: dict[str, Any], width: int) -> list[Line]:
        """Every line of the board for ``view`` at ``width`` columns (with the current
        targets and cursor)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ Board API

    def show(self, view: dict[str, Any], prompt: Prompt | None, cursor_target: str | None) -> None:
        """Redraw from ``view``; mark the targets of ``prompt``'s choices, highlight the cursor."""
        self._view = view
        self._targets = {c.target for c in prompt.choices if c.target} if prompt else set()
        self._cursor = cursor_target
        self._cache = None
        self.clear_cached_dimensions()
        self.refresh(layout=True)

    def mark_changes(self, before: dict[str, Any] | None, after: dict[str, Any] | None) -> None:
        """Mark (style ``changed``) every board thing that the other seats' last turn changed:
        the targets drawn differently in ``after`` than in ``before`` (both views of this
        board's viewer; None clears the marks). Works for every segment board, from its
        layout alone."""
        key = (id(before), id(after))
        if self._turn is not None and self._turn[:2] == key:
            return
        self._turn = (*key, before, after)
        if before is None or after is None:
            changed: frozenset[str] = frozenset()
        else:
            width = self.size.width or 80
            old, new = self._drawn(before, width), self._drawn(after, width)
            changed = frozenset(t for t, text in new.items() if old.get(t) != text)
        if changed != self._changed:
            self._changed = changed
            self._cache = None
            self.refresh()

    @property
    def changed(self) -> frozenset[str]:
        """The targets marked as changed by the other seats' last turn."""
        return self._changed

    def _drawn(self, view: dict[str, Any], width: int) -> dict[str, str]:
        """target -> the text drawn for it in ``view`` (no prompt, no cursor)."""
        targets, cursor = self._targets, self._cursor
        self._targets, self._cursor = set(), None
        try:
            lines = self.layout(view, width)
        finally:
            self._targets, self._cursor = targets, cursor
        out: dict[str, str] = {}
        for line in lines:
            for seg in line:
                for t in seg.members or ((seg.target,) if seg.target else ()):
                    out[t] = out.get(t, "") + seg.text
        return out

    # ------------------------------------------------------------------ drawing

    def _lines(self, width: int) -> list[Line]:
        if self._cache is None or self._cache[0] != width:
            lines = [[*WAITING[0]]] if self._view is None else self.layout(self._view, width)
            self._cache = (width, lines)
        return self._cache[1]

    def get_content_width(self, container: Size, viewport: Size) -> int:
        """The board takes the whole width it is given."""
        return container.width

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """One row per board line at ``width``."""
        return len(self._lines(width)) if width else 0

    def _style(self, names: tuple[str, ...]) -> Style:
        if not names:
            return Style()
        prefix = self.STYLE_PREFIX
        return self.get_component_rich_style(*(f"{prefix}--{n}" for n in names), partial=True)

    def render(self) -> Text:
        """The board as one Rich Text; also records where each target was drawn."""
        width = self.size.width or 80
        text = Text(no_wrap=True, overflow="crop", end="")
        hits: list[list[tuple[int, int, str]]] = []
        for y, line in enumerate(self._lines(width)):
            if y:
                text.append("\n")
            row: list[tuple[int, int, str]] = []
            x = 0
            for seg in line:
                styles = seg.styles
                if self._changed and (
                    seg.target in self._changed or self._changed.intersection(seg.members)
                ):
                    styles = (*styles, CHANGED)
                text.append(seg.text, self._style(styles))
                if seg.target:
                    row.append((x, x + seg.width, seg.target))
                x += seg.width
            hits.append(row)
        self._hits = hits
        return text

    def target_at(self, x: int, y: int) -> str | None:
        """The target drawn at content offset (x, y), or None."""
        if not 0 <= y < len(self._hits):
            return None
        for x0, x1, target in self._hits[y]:
            if x0 <= x < x1:
                return target
        return None

    def on_click(self, event: events.Click) -> None:
        """Post :class:`Board.TargetClicked` for the chip under the mouse."""
        offset = event.get_content_offset(self)
        if offset is None:
            return
        target = self.target_at(offset.x, offset.y)
        if target is not None:
            event.stop()
            self.post_message(self.TargetClicked(target))
