"""Send a client only the parts of its screen that changed (the app's output over SSH).

Textual repaints whole widgets: after a move the match screen re-renders the board, the prompt
and the log, and writes every one of their lines to the terminal, although most of them read
exactly as before (measured: ~12.6 KB of output per screen update at 120x40). Over SSH every
byte is encrypted by the server, carried and parsed by the client's terminal, so
:class:`LineCache` remembers what each line of the terminal shows, piece by piece (a piece is
one chop of a line as Textual's compositor cuts it: the run of cells of one widget), and
:func:`only_changed` drops the pieces that would write exactly what the terminal already shows
there. What is written is byte for byte what Textual would write for those pieces, each after
its own cursor move, so the terminal ends up in the same state.

The cache is only right while nothing else changes the terminal: it is cleared when the
terminal's size changes and when another screen is shown; anything written is recorded before
it is sent. It relies on Textual 8's ``LayoutUpdate`` / ``ChopsUpdate`` (``textual._compositor``)
and on every rendered strip ending its own styles (Rich closes each styled segment with a
reset), so a piece left out leaves no style behind for the next one.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.control import Control
from textual._compositor import ChopsUpdate, CompositorUpdate, LayoutUpdate

Piece = tuple[int, int, int, str]
"""One piece of output: ``(y, x, end, text)``: line, first and past-the-last cell, and the
terminal text (styles included) that paints those cells."""


def pieces(update: LayoutUpdate | ChopsUpdate, console: Console) -> list[Piece]:
    """The pieces ``update`` paints, in the order Textual writes them (its ``render_segments``:
    a full update one whole line at a time, a partial one each chop cropped to its span)."""
    out: list[Piece] = []
    if isinstance(update, LayoutUpdate):
        region = update.region
        for y, line in enumerate(update.strips, region.y):
            text = "".join(strip.render(console) for strip in line)
            out.append((y, region.x, region.right, text))
        return out
    chops, chop_ends = update.chops, update.chop_ends
    for y, x1, x2 in update.spans:
        for end, (x, strip) in zip(chop_ends[y], chops[y].items(), strict=False):
            if strip is None or x > x2 or end <= x1:
                continue
            if x2 > x >= x1 and end <= x2:
                out.append((y, x, end, strip.render(console)))
                continue
            right = min(end, x2)
            out.append((y, x, right, strip.crop(0, right - x).render(console)))
    return out


class LineCache:
    """What the terminal shows, as the pieces last written to each line: ``{y: {x: (end,
    text)}}``. :meth:`clear` forgets everything (the next update is written in full)."""

    def __init__(self) -> None:
        self.lines: dict[int, dict[int, tuple[int, str]]] = {}
        self.key: Any = None
        self.written = 0
        self.skipped = 0

    def clear(self) -> None:
        """Forget what the terminal shows."""
        self.lines.clear()

    def keep(self, key: Any) -> None:
        """Clear unless ``key`` (the terminal size and the screen shown) is the same as the
        last time."""
        if key != self.key:
            self.key = key
            self.clear()

    def changed(self, piece: Piece) -> bool:
        """True when ``piece`` paints something the terminal does not show yet; the piece is
        then recorded as shown (pieces it overlaps on its line are forgotten)."""
        y, x, end, text = piece
        line = self.lines.setdefault(y, {})
        if line.get(x) == (end, text):
            self.skipped += end - x
            return False
        for other in [o for o, (e, _) in line.items() if o < end and e > x]:
            del line[other]
        line[x] = (end, text)
        self.written += end - x
        return True


def only_changed(update: LayoutUpdate | ChopsUpdate, cache: LineCache, console: Console) -> str:
    """The terminal text for the pieces of ``update`` the terminal does not show yet (each
    after a cursor move to its place); "" when it shows all of them already."""
    move_to = Control.move_to
    return "".join(
        move_to(x, y).segment.text + text
        for y, x, end, text in pieces(update, console)
        if cache.changed((y, x, end, text))
    )


class ChangedOnly(CompositorUpdate):
    """A compositor update that writes only what changed (see :func:`only_changed`); what
    ``App._display`` is given instead of Textual's own update."""

    def __init__(self, update: LayoutUpdate | ChopsUpdate, cache: LineCache) -> None:
        self.update = update
        self.cache = cache

    def __rich_console__(self, console: Any, options: Any) -> Any:
        return self.update.__rich_console__(console, options)

    def render_segments(self, console: Console) -> str:
        """The terminal text of the changed pieces."""
        return only_changed(self.update, self.cache, console)


__all__ = ["ChangedOnly", "LineCache", "Piece", "only_changed", "pieces"]
