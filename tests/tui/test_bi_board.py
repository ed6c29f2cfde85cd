"""The Brazil: Imperial board (tui/boards/brazil_imperial.py): what a hex draws (terrain glyph,
building code, seat mark and unit letters, ``▸`` on a choice's hex), the selected-hex panel, and
a walk over random games at every seat count and solo that lays out every seat's and the
spectator's view at 80 and 120 columns without a raw dict or list on screen."""

from __future__ import annotations

import re

import pytest
from bi_views import RULES, random_states, state_after

from engine.games.brazil_imperial import catalog as C
from engine.games.brazil_imperial.hexes import MAPS
from tui.boards.brazil_imperial_layout import BiLayout
from tui.boards.brazil_imperial_map import MapDrawer, map_cells
from tui.boards.brazil_imperial_text import BUILDING_CODE, COLOUR, TERRAIN_GLYPH, UNIT_LETTER
from tui.boards.segments import width_of
from tui.session import seat_mark

RAW = re.compile(r"[\[{]['\"]|['\"][\]}]|\{\}|\[\]|None|True|False")
"""Signs of Python data printed as is."""


def lay(view: dict, width: int, targets: set[str] | None = None) -> list[str]:
    """The board's lines as text (map rows 0-22)."""
    hx = MAPS[view["map"]].hexes[0]
    lines = BiLayout(view, targets or set(), None, width, hx, 0, 22).lines()
    for line in lines:
        assert width_of(line) <= width, "".join(s.text for s in line)
    return ["".join(s.text for s in line) for line in lines]


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_walk_renders_every_view(n: int) -> None:
    """Every 7th step of a random game (and its last), every seat's view and the spectator's."""
    shown = 0
    for st in random_states(n, 40 + n, 1500, every=7):
        for seat in [*range(n), None]:
            view = RULES.view(st, seat)
            p = RULES.prompt(st, seat) if seat is not None else None
            targets = {c.target for c in p.choices if c.target} if p else set()
            for width in (80, 120):
                text = "\n".join(lay(view, width, targets))
                assert not RAW.search(text), RAW.search(text).group(0) + "\n" + text
                shown += 1
    assert shown > 40


def _built_view() -> tuple[dict, str, dict]:
    """Seat 0's view of the first position of a random two-seat game (seed 3) where the other
    seat owns a building with goods on it and seat 0 has a unit on the map, and that
    building's hex and tile."""
    for st in random_states(2, 3, 3000, every=10):
        view = RULES.view(st, 0)
        if not any("," in u["loc"] for u in view["units"][0]):
            continue
        for key, t in sorted(view["tiles"].items()):
            if t["kind"] == "building" and t["owner"] == 1 and t.get("goods"):
                return view, key, t
    raise AssertionError("seat 1 never builds in this game")


def test_hex_shows_building_units_and_choices() -> None:
    view, key, tile = _built_view()
    q, r = map(int, key.split(","))
    d = MapDrawer(view, {f"h:{key}"}, (q, r))
    top, _bottom, ts, _bs = d.hex_text((q, r))
    # BI-6: the building's two letters after its terrain glyph; the choice mark first
    terrain = MAPS[view["map"]].terrain[(q, r)]
    glyph = TERRAIN_GLYPH["plains" if terrain == "fog" else terrain]
    assert top == "▸" + glyph + BUILDING_CODE[tile["id"]]
    colour = COLOUR[view["board"][1]]
    assert {"selectable", "cursor", colour} <= set(ts)
    # a unit of seat 0 on the map: its seat mark, then its letter (BI-1.8)
    u = next(u for u in view["units"][0] if "," in u["loc"])
    uq, ur = map(int, u["loc"].split(","))
    _t, b2, _, _ = d.hex_text((uq, ur))
    assert b2.startswith(seat_mark(0) + UNIT_LETTER[u["type"]])
    # every face-down exploration tile reads ░??
    for fog in view["fog"]:
        fq, fr = map(int, fog.split(","))
        assert d.hex_text((fq, fr))[0][1:] == "░??"


def test_panel_spells_out_the_selected_hex() -> None:
    view, key, tile = _built_view()
    q, r = map(int, key.split(","))
    lines = BiLayout(view, set(), None, 80, (q, r), 0, 22).hex_panel(26)
    text = " ".join(lines)
    name = C.BUILDINGS[tile["id"]]["name"]
    goods = ", ".join(f"{n} {C.ITEM_NAMES[k]}" for k, n in tile["goods"].items() if n)
    assert name in text and "Bea" in text and goods in text


def test_viewport_and_click_cells_agree() -> None:
    st = state_after(4, 5, 80)
    view = RULES.view(st, 0)
    cells = map_cells(view)
    drawer = MapDrawer(view, set(), None)
    rows = drawer.lines(4, 6)
    assert len(rows) == 6
    # the hex drawn at each target's cells is the hex the geometry finds there
    for dy, line in enumerate(rows):
        x = 0
        for seg in line:
            if seg.target:
                q, r = map(int, seg.target[2:].split(","))
                assert cells.hex_at(x, 4 + dy) == (q, r)
            x += seg.width
