"""Brazil: Imperial map geometry in character cells: every hex of every map (1-4 seats, BI-1.2,
BI-2.11) maps to a 4x2 rectangle, every cell of it maps back to that hex, rectangles never
overlap, and BI-0 neighbours sit where a pointy-top layout puts them."""

from __future__ import annotations

import pytest

from engine.games.brazil_imperial.hexes import DIRECTIONS, MAPS
from tui.boards.brazil_imperial_hexes import HEX_H, HEX_W, HexCells

MAP_KEYS = sorted(MAPS)


@pytest.mark.parametrize("key", MAP_KEYS)
def test_every_hex_round_trips(key: str) -> None:
    cells = HexCells(MAPS[key].hexes)
    seen: dict[tuple[int, int], tuple[int, int]] = {}
    for h in MAPS[key].hexes:
        rc = cells.rect(h)
        assert rc.x >= 0 and rc.x + rc.w <= cells.width
        assert rc.y >= 0 and rc.y + rc.h <= cells.height
        for y in range(rc.y, rc.y + HEX_H):
            for x in range(rc.x, rc.x + HEX_W):
                assert cells.hex_at(x, y) == h
                assert (x, y) not in seen, f"{h} overlaps {seen[(x, y)]}"
                seen[(x, y)] = h
    # every other cell of the extent is outside the map
    for y in range(cells.height):
        for x in range(cells.width):
            if (x, y) not in seen:
                assert cells.hex_at(x, y) is None
    assert len(seen) == len(MAPS[key].hexes) * HEX_W * HEX_H


@pytest.mark.parametrize("key", MAP_KEYS)
def test_neighbours_are_placed_pointy_top(key: str) -> None:
    cells = HexCells(MAPS[key].hexes)
    # BI-0 order: E, NE, NW, W, SW, SE -> (dx, dy) in cells
    expected = [
        (HEX_W, 0),
        (HEX_W // 2, -HEX_H),
        (-HEX_W // 2, -HEX_H),
        (-HEX_W, 0),
        (-HEX_W // 2, HEX_H),
        (HEX_W // 2, HEX_H),
    ]
    for h in MAPS[key].hexes:
        a = cells.rect(h)
        for (dq, dr), (dx, dy) in zip(DIRECTIONS, expected, strict=True):
            b = cells.rect((h[0] + dq, h[1] + dr))
            assert (b.x - a.x, b.y - a.y) == (dx, dy)


def test_map_sizes_in_cells() -> None:
    # the 4-seat map: 2q+r spans -12..12 (25 half-hexes of 2 cells + 2), 11 rows of 2
    four = HexCells(MAPS["4"].hexes)
    assert (four.width, four.height) == (52, 22)
    assert HexCells(MAPS["1"].hexes).height == 14
    assert HexCells([(0, 0)]).hex_at(-1, 0) is None
    with pytest.raises(ValueError):
        HexCells([])
