"""Character-cell geometry of the Brazil: Imperial map: pointy-top axial hexes (BI-0) drawn as
rectangles of terminal cells, rows offset by half a hex.

Hex ``(q, r)`` occupies the cells ``x in [X, X + HEX_W)``, ``y in [Y, Y + HEX_H)`` with
``X = HEX_W * (q - q0) + HEX_W // 2 * (r - r0)`` shifted so the map's leftmost hex starts at
column 0, and ``Y = HEX_H * (r - r0)`` (``r0`` the map's top row). Pure: no Textual.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

Hex = tuple[int, int]
"""An axial coordinate ``(q, r)`` (BI-0)."""

HEX_W = 4
"""Width of one hex in cells (even, so rows shift by a whole number of cells)."""
HEX_H = 2
"""Height of one hex in cells (rows)."""


@dataclass(frozen=True)
class Rect:
    """A rectangle of cells: left column ``x``, top row ``y``, ``w`` columns, ``h`` rows."""

    x: int
    y: int
    w: int = HEX_W
    h: int = HEX_H

    def contains(self, x: int, y: int) -> bool:
        """True when cell (x, y) lies inside."""
        return self.x <= x < self.x + self.w and self.y <= y < self.y + self.h


class HexCells:
    """The cell layout of one map: ``hexes`` is every hex of the map (axial tuples).

    ``width`` / ``height`` are the map's extent in cells; :meth:`rect` and :meth:`hex_at`
    are inverse on the map's hexes. Raises ValueError on an empty map.
    """

    def __init__(self, hexes: Iterable[Hex]) -> None:
        self.hexes: frozenset[Hex] = frozenset(hexes)
        if not self.hexes:
            raise ValueError("a map needs at least one hex")
        self.r0 = min(r for _, r in self.hexes)
        # half-columns: 2q + r; the leftmost hex starts at column 0
        self.h0 = min(2 * q + r for q, r in self.hexes)
        self.width = max(self._x(h) for h in self.hexes) + HEX_W
        self.height = (max(r for _, r in self.hexes) - self.r0 + 1) * HEX_H

    def _x(self, h: Hex) -> int:
        q, r = h
        return (2 * q + r - self.h0) * (HEX_W // 2)

    def rect(self, h: Hex) -> Rect:
        """The cells of hex ``h`` (on the map or not: the lattice extends beyond it)."""
        return Rect(self._x(h), (h[1] - self.r0) * HEX_H)

    def hex_at(self, x: int, y: int) -> Hex | None:
        """The map hex drawn at cell (x, y), or None (between or outside the hexes)."""
        if y < 0 or x < 0:
            return None
        r = y // HEX_H + self.r0
        half = x // (HEX_W // 2) + self.h0  # = 2q + r, or 2q + r + 1 (right half)
        if (half - r) % 2:
            half -= 1
        q = (half - r) // 2
        return (q, r) if (q, r) in self.hexes else None

    def row_hexes(self, r: int) -> list[Hex]:
        """The map's hexes of row ``r``, left to right."""
        return sorted((h for h in self.hexes if h[1] == r), key=lambda h: h[0])
