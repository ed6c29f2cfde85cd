"""The Brazil: Imperial map drawn as lines of segments: each hex a 4x2 block of cells
(:mod:`tui.boards.brazil_imperial_hexes`).

A hex reads, top line: ``▸`` when a choice of the prompt points at it (else ``!`` the hex of the
combat being fought, ``✱`` a hex the other seats' last turn changed; first, so that it points at
its own hex), the terrain glyph (an explored fog hex is plains, BI-1.4) and the building code (two
letters; ``??`` a face-down exploration tile, ``Ci`` a city); bottom line:
the seat mark of the units there (else of the tile's owner), up to two unit letters (``A3`` =
three archers, ``A+`` = an archer and more) and ``♛`` a palace, ``⚑`` a Bandeira, ``♔`` a crown.
The cursor hex is drawn in reverse video. Colours (terrain background, seat foreground) only
repeat what the glyphs say, so NO_COLOR loses nothing.
"""

from __future__ import annotations

from typing import Any

from engine.games.brazil_imperial.hexes import MAPS
from tui.boards import brazil_imperial_text as T
from tui.boards.brazil_imperial_hexes import HEX_H, HEX_W, Hex, HexCells
from tui.boards.segments import Line, Seg
from tui.session import seat_mark

TERRAIN_STYLE = {
    "plains": "plains",
    "forest": "forest",
    "gold": "goldhex",
    "lake": "lake",
    "fog": "fog",
    "capital_site": "capital",
    "enemy_capital": "enemy",
}


def key_of(h: Hex) -> str:
    """``"q,r"`` of an axial hex."""
    return f"{h[0]},{h[1]}"


def map_cells(view: dict[str, Any]) -> HexCells:
    """The cell layout of the view's map (``view["map"]`` = "1".."4")."""
    return HexCells(MAPS[str(view.get("map") or "1")].hexes)


def _units_code(units: list[dict[str, Any]]) -> str:
    if not units:
        return "  "
    letters = [T.UNIT_LETTER.get(u["type"], "?") for u in units]
    if len(letters) == 1:
        return letters[0] + " "
    if len(letters) == 2:
        return "".join(letters)
    if len(set(letters)) == 1:
        return letters[0] + (str(len(letters)) if len(letters) < 10 else "+")
    return letters[0] + "+"


class MapDrawer:
    """Draws rows ``top .. top + rows`` of the map of ``view``.

    Args:
        view: the engine view (``map``, ``tiles``, ``units``, ``fog``, ``bandeira``,
            ``dutch``, ``board``).
        targets: the prompt's choice targets (hexes ``h:q,r`` are marked ``▸``).
        cursor: the selected hex, axial.
        fresh: hex keys the other seats' last turn changed (marked ``✱``).
    """

    def __init__(
        self,
        view: dict[str, Any],
        targets: set[str],
        cursor: Hex | None,
        fresh: frozenset[str] = frozenset(),
    ) -> None:
        self.view = view
        self.targets = targets
        self.cursor = cursor
        self.fresh = fresh
        self.combat_hex = (view.get("combat") or {}).get("hex")
        self.cells = map_cells(view)
        hexmap = MAPS[str(view.get("map") or "1")]
        self.terrain = dict(hexmap.terrain)
        self.fog = set(view.get("fog") or [])
        self.tiles = view.get("tiles") or {}
        self.bandeira = view.get("bandeira") or {}
        boards = view.get("board") or []
        self.colour = [T.COLOUR.get(b, "") for b in boards]
        self.units: dict[str, list[tuple[int, dict[str, Any]]]] = {}
        for s, us in enumerate(view.get("units") or []):
            for u in us:
                loc = u.get("loc", "")
                if "," in loc:
                    self.units.setdefault(loc, []).append((s, u))
        # a unit chosen by a prompt marks its hex too
        self.unit_targets: set[str] = set()
        for t in targets:
            if t.startswith("u:"):
                s, _, slot = t[2:].partition(".")
                for u in (view.get("units") or [[]] * 9)[int(s)] if s.isdigit() else []:
                    if str(u.get("slot")) == slot and "," in u.get("loc", ""):
                        self.unit_targets.add(u["loc"])
        self.capitals = {k: s for s, k in enumerate(view.get("capital") or []) if k}
        d = view.get("dutch") or {}
        self.dutch_hex = d.get("hex")
        self.garrison = d.get("garrison") or []

    def selectable(self, key: str) -> bool:
        """True when a choice of the prompt points at hex ``key`` (or a unit on it)."""
        return f"h:{key}" in self.targets or key in self.unit_targets

    def hex_text(self, h: Hex) -> tuple[str, str, tuple[str, ...], tuple[str, ...]]:
        """``(top, bottom, top styles, bottom styles)`` of hex ``h`` (4 cells each)."""
        key = key_of(h)
        terrain = self.terrain.get(h, "plains")
        if terrain == "fog" and key not in self.fog:
            terrain = "plains"  # explored: plains from now on (BI-1.4)
        glyph = T.TERRAIN_GLYPH.get(terrain, "?")
        tile = self.tiles.get(key)
        code = "  "
        owner: int | None = None
        if tile:
            code = "Ci" if tile.get("kind") == "city" else T.BUILDING_CODE.get(tile["id"], "Bu")
            owner = tile.get("owner")
        elif key in self.fog:
            code = "??"
        elif key in self.capitals:
            owner = self.capitals[key]
        mark = " "
        if self.selectable(key):
            mark = "▸"
        elif key == self.combat_hex:
            mark = "!"
        elif key in self.fresh:
            mark = "✱"
        here = self.units.get(key, [])
        seat = here[0][0] if here else owner
        lead = seat_mark(seat) if seat is not None and seat >= 0 else " "
        units = _units_code([u for _, u in here])
        if key == self.dutch_hex and self.garrison and not here:
            lead, units = "D", str(sum(self.garrison)).ljust(2)[:2]
        extra = " "
        if tile and tile.get("palace"):
            extra = "♛"
        elif tile and tile.get("crown"):
            extra = "♔"
        elif key in self.bandeira:
            extra = "⚑"
        base: tuple[str, ...] = (TERRAIN_STYLE.get(terrain, "plains"),)
        top_styles = base
        if owner is not None and 0 <= owner < len(self.colour) and self.colour[owner]:
            top_styles = (*base, self.colour[owner])
        bottom_styles = base
        if seat is not None and 0 <= seat < len(self.colour) and self.colour[seat]:
            bottom_styles = (*base, self.colour[seat])
        if self.selectable(key):
            top_styles += ("selectable",)
            bottom_styles += ("selectable",)
        if self.cursor == h:
            top_styles += ("cursor",)
            bottom_styles += ("cursor",)
        return mark + glyph + code, lead + units + extra, top_styles, bottom_styles

    def lines(self, top: int, rows: int, left: int = 0, width: int | None = None) -> list[Line]:
        """Map cell rows ``top .. top + rows`` (clipped to the map), columns from ``left``."""
        width = self.cells.width if width is None else width
        out: list[Line] = []
        for y in range(max(top, 0), min(top + rows, self.cells.height)):
            r = y // HEX_H + self.cells.r0
            sub = y % HEX_H
            line: Line = []
            x = 0
            for h in self.cells.row_hexes(r):
                rc = self.cells.rect(h)
                if rc.x > x:
                    line.append(Seg(" " * (rc.x - x)))
                    x = rc.x
                top_t, bottom_t, ts, bs = self.hex_text(h)
                text, styles = (top_t, ts) if sub == 0 else (bottom_t, bs)
                line.append(Seg(text, styles, f"h:{key_of(h)}"))
                x += HEX_W
            if x < self.cells.width:
                line.append(Seg(" " * (self.cells.width - x)))
            out.append(_crop(line, left, width))
        return out


def _crop(line: Line, left: int, width: int) -> Line:
    """The cells ``left .. left + width`` of a line of segments (segments cut at the edges)."""
    out: Line = []
    x = 0
    for seg in line:
        a, b = x, x + seg.width
        x = b
        lo, hi = max(a, left), min(b, left + width)
        if lo >= hi:
            continue
        if lo == a and hi == b:
            out.append(seg)
        else:
            out.append(Seg(seg.text[lo - a : hi - a], seg.styles, seg.target))
    return out
