"""The Brazil: Imperial map overview: the whole map at one cell per hex, for a map larger than
its viewport. The rows the viewport shows are framed by ``│`` left and right (``▏``/``▕`` at the
columns where a narrow viewport is cut), the hexes outside it are dimmed, the cursor hex is in
reverse video, and units show as their seat's mark (yours first). A cell's target is
``o:q,r``: a click there moves the cursor (and the viewport) to that hex.

One cell per hex: hex ``(q, r)`` of a map whose half-columns ``2q + r`` start at ``h0`` sits at
column ``1 + (2q + r - h0) // 2`` (column 0 and the last are the frame) and row ``r - r0``; the
half-hex offset of odd rows is rounded down, so the overview keeps the map's shape, not its exact
lattice. Pure: reads the view (``map``, ``units``, ``tiles``, ``fog``, ``dutch``) only.
"""

from __future__ import annotations

from typing import Any

from engine.games.brazil_imperial.hexes import MAPS
from tui.boards import brazil_imperial_text as T
from tui.boards.brazil_imperial_hexes import HEX_H, HEX_W, Hex, HexCells
from tui.boards.brazil_imperial_map import TERRAIN_STYLE, key_of
from tui.boards.segments import Line, Seg
from tui.session import seat_mark

GLYPH = {"plains": "·", "forest": "♣", "gold": "$", "lake": "≈", "fog": "░"}
"""Terrain in the overview (capital sites and the Dutch capital keep their map glyphs)."""


def overview_width(cells: HexCells) -> int:
    """Columns of the overview of ``cells``' map, frame included."""
    return (cells.width - HEX_W) // HEX_W + 3


def column(cells: HexCells, h: Hex) -> int:
    """The overview column of hex ``h`` (frame at column 0)."""
    return 1 + cells.rect(h).x // HEX_W


class Overview:
    """The overview of ``view``'s map with the viewport (cell rows ``top .. top + rows``,
    columns ``left .. left + width`` of the map drawing) and the cursor hex ``cursor``."""

    def __init__(
        self, view: dict[str, Any], top: int, rows: int, left: int, width: int, cursor: Hex | None
    ) -> None:
        self.view = view
        self.hexmap = MAPS[str(view.get("map") or "1")]
        self.cells = HexCells(self.hexmap.hexes)
        self.top, self.rows, self.left, self.width = top, rows, left, width
        self.cursor = cursor
        seat = view.get("seat")
        self.viewer = seat if isinstance(seat, int) else None
        self.colour = [T.COLOUR.get(b, "") for b in view.get("board") or []]
        self.units: dict[str, list[int]] = {}
        for s, us in enumerate(view.get("units") or []):
            for u in us:
                if "," in str(u.get("loc")):
                    self.units.setdefault(u["loc"], []).append(s)

    def in_view(self, h: Hex) -> bool:
        """True when hex ``h`` is (at least half) inside the viewport."""
        rc = self.cells.rect(h)
        mid = rc.x + HEX_W // 2
        return self.top <= rc.y < self.top + self.rows and self.left <= mid < self.left + self.width

    def cell(self, h: Hex) -> Seg:
        """The one-cell drawing of hex ``h``."""
        key = key_of(h)
        terrain = self.hexmap.terrain.get(h, "plains")
        styles: tuple[str, ...] = ()
        here = self.units.get(key) or []
        tile = (self.view.get("tiles") or {}).get(key)
        if here:
            s = self.viewer if self.viewer in here else here[0]
            glyph = seat_mark(s)
            if s < len(self.colour) and self.colour[s]:
                styles = (self.colour[s],)
        elif tile:
            glyph = "+"
            owner = tile.get("owner")
            if isinstance(owner, int) and 0 <= owner < len(self.colour) and self.colour[owner]:
                styles = (self.colour[owner],)
        elif key in (self.view.get("fog") or []):
            glyph = "░"
        else:
            if terrain == "fog":
                terrain = "plains"  # explored (BI-1.4)
            glyph = GLYPH.get(terrain) or T.TERRAIN_GLYPH.get(terrain, "?")
        if self.in_view(h):
            styles = (TERRAIN_STYLE.get(terrain, "plains"), *styles)
        else:
            styles = ("muted", *styles)
        if h == self.cursor:
            styles = (*styles, "cursor")
        return Seg(glyph, styles, f"o:{key}")

    def lines(self) -> list[Line]:
        """One line per map row, each :func:`overview_width` cells wide."""
        w = overview_width(self.cells)
        lo = 1 + self.left // HEX_W
        hi = 1 + (self.left + self.width - 1) // HEX_W
        cut_left, cut_right = self.left > 0, self.left + self.width < self.cells.width
        out: list[Line] = []
        for y in range(0, self.cells.height, HEX_H):
            r = y // HEX_H + self.cells.r0
            framed = self.top <= y < self.top + self.rows
            row: list[Seg] = [Seg(" ")] * w
            for h in self.cells.row_hexes(r):
                row[column(self.cells, h)] = self.cell(h)
            if framed:
                a = lo - 1 if cut_left else 0
                b = hi + 1 if cut_right else w - 1
                row[a] = Seg("▏" if cut_left else "│", ("label",))
                row[min(b, w - 1)] = Seg("▕" if cut_right else "│", ("label",))
            out.append(_merge(row))
        return out


def _merge(row: list[Seg]) -> Line:
    """Join neighbouring plain blanks of a row (fewer segments to draw)."""
    out: Line = []
    for seg in row:
        if out and not seg.styles and not seg.target and not out[-1].styles and not out[-1].target:
            out[-1] = Seg(out[-1].text + seg.text)
        else:
            out.append(seg)
    return out
