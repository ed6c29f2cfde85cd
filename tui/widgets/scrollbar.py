"""Scrollbars drawn in whole cells: one thumb, never a second-looking sliver.

Textual draws a thumb's ends with eighth-block glyphs (``▁`` … ``▇``) in reversed colours for
sub-cell smoothness. In tmux and many terminal fonts the half-filled end cell reads as a second,
thin thumb below (or above) the real one (issue 21: "two scrollbar thumbs at once" on the Rules,
New match and choice lists). This renderer keeps the thumb to whole cells.
"""

from __future__ import annotations

from typing import ClassVar

from textual.scrollbar import ScrollBar, ScrollBarRender


class WholeCellScrollBarRender(ScrollBarRender):
    """A :class:`~textual.scrollbar.ScrollBarRender` without the eighth-block end glyphs (a
    blank end glyph is skipped, so the thumb covers whole cells only)."""

    VERTICAL_BARS: ClassVar[list[str]] = [" "] * 8
    HORIZONTAL_BARS: ClassVar[list[str]] = [" "] * 8


def use_whole_cell_scrollbars() -> None:
    """Draw every scrollbar of the process with :class:`WholeCellScrollBarRender`."""
    ScrollBar.renderer = WholeCellScrollBarRender
