"""Words and glyphs of the Brazil: Imperial board: terrain glyphs, building and unit letters,
and the plain-language lines of a hex, a player board and a component (from the view and the
static component data of ``engine/games/brazil_imperial/catalog.py``; never the game state).
"""

from __future__ import annotations

from typing import Any

from engine.games.brazil_imperial import catalog as C
from engine.games.brazil_imperial.labels import mission_score
from engine.games.brazil_imperial.text import condition_text
from tui.session import seat_mark

TERRAIN_GLYPH = {
    "plains": ".",
    "forest": "♣",
    "gold": "$",
    "lake": "≈",
    "fog": "░",
    "capital_site": "⌂",
    "enemy_capital": "✠",
}
"""One glyph per printed terrain (BI-1.3): readable without colour."""

TERRAIN_NAME = {
    "plains": "Plains",
    "forest": "Forest",
    "gold": "Gold hills",
    "lake": "Lake",
    "fog": "Fog",
    "capital_site": "Capital site",
    "enemy_capital": "Dutch capital",
}

BUILDING_CODE = {
    "sugar_cane_field": "Sc",
    "farm": "Cf",
    "sawmill": "Sw",
    "trading_post": "Tp",
    "gold_mine": "Gm",
    "cotton_plantation": "Ct",
    "church": "Ch",
    "university": "Un",
}
"""Two letters per building (BI-2.3) drawn in the hex."""

UNIT_LETTER = {"archer": "A", "grenadier": "G", "monarch": "M", "heavy_cavalry": "H", "cannon": "C"}
"""One letter per unit type (BI-1.8)."""

LEGEND = (
    ". plains · ♣ forest · $ gold · ≈ lake · ░?? fog · ⌂ capital site · ✠ Dutch capital · "
    "A archer · G grenadier · M monarch · H heavy cavalry · C cannon"
)
"""The map legend (BI-1.3 terrain glyphs, BI-1.8 unit letters), " · " between items."""

COLOUR = {
    "green_brazil": "green",
    "red_portugal": "red",
    "yellow_spain": "yellow",
    "blue_france": "blue",
}
"""Board id -> the seat's colour style."""


def items_text(items: dict[str, int]) -> str:
    """``{"coffee": 2}`` -> ``"2 coffee"``; ``"nothing"`` when empty."""
    parts = [f"{n} {C.ITEM_NAMES.get(k, k.replace('_', ' '))}" for k, n in items.items() if n]
    return ", ".join(parts) if parts else "nothing"


def cost_text(cost: dict[str, Any]) -> str:
    """A data-notation cost (``{"gold": 1, "any_basic": 1}``) in words."""
    out = []
    for k, n in cost.items():
        name = " or ".join(C.ITEM_NAMES.get(p, p.replace("_", " ")) for p in k.split("|"))
        out.append(f"{n} {name}")
    return ", ".join(out) if out else "free"


def who(view: dict[str, Any], seat: int) -> str:
    """``"◆ Ann (Yellow)"``; ``"Dutch"`` for -1."""
    if seat is None or seat < 0:
        return "Dutch"
    names = view.get("names") or []
    name = names[seat] if seat < len(names) else f"P{seat + 1}"
    board = (view.get("board") or [None] * (seat + 1))[seat]
    colour = C.SEAT_COLOURS.get(board, "")
    return f"{seat_mark(seat)} {name}" + (f" ({colour})" if colour else "")


def units_at(view: dict[str, Any], key: str) -> list[tuple[int, dict[str, Any]]]:
    """``(seat, unit)`` of every unit on hex ``key``."""
    return [
        (s, u) for s, us in enumerate(view.get("units") or []) for u in us if u.get("loc") == key
    ]


def unit_name(u: dict[str, Any]) -> str:
    """``"Cannon str 3"`` (type and strength, BI-1.8)."""
    return f"{C.UNIT_NAMES.get(u['type'], u['type'])} str {u.get('str', '?')}"


def tile_name(t: dict[str, Any]) -> str:
    """A building's or a city's name."""
    if t.get("kind") == "city":
        return "City of " + C.CITIES.get(t["id"], {}).get("name", t["id"])
    return C.BUILDINGS.get(t["id"], {}).get("name", t["id"])


def hex_lines(view: dict[str, Any], key: str, terrain: str, edge: bool) -> list[str]:
    """The selected hex in words, one fact a line."""
    fog = view.get("fog") or []
    name = TERRAIN_NAME.get(terrain, terrain)
    if key in (view.get("bandeira") or {}):
        name = "Bandeira (no terrain: nothing can be built)"  # BI-11.5
    elif terrain == "fog" and key not in fog:
        name = "Plains (explored)"  # BI-1.4
    lines = [f"({key}) {name}" + (", coast" if edge else "")]
    t = (view.get("tiles") or {}).get(key)
    if t:
        lines.append(f"{tile_name(t)}, {who(view, t.get('owner', -1))}")
        if t.get("goods"):
            lines.append(f"  goods: {items_text(t['goods'])}")
        if t.get("palace"):
            lines.append(f"  palace {t['palace']}")
        if t.get("crown"):
            lines.append("  crowned")
    if key in fog:
        peek = (view.get("my_peeks") or {}).get(key)
        lines.append(
            f"Exploration tile (you looked): {exploration_text(peek)}"
            if peek
            else "Exploration tile (face down): entering explores it"
        )
    cb = view.get("combat") or {}
    flag = (view.get("bandeira") or {}).get(key)
    if flag and cb.get("kind") == "flag" and cb.get("hex") == key:
        lines.append(f"Flag fight on: {exploration_text(flag)}")
    elif flag:
        lines.append(f"Bandeira (a flag fight was lost here): {exploration_text(flag)}")
    if key in [c for c in (view.get("capital") or []) if c]:
        s = view["capital"].index(key)
        lines.append(f"Capital of {who(view, s)}")
    d = view.get("dutch")
    if d and d.get("hex") == key:
        g = d.get("garrison") or []
        lines.append(f"Dutch garrison: {', '.join(map(str, g)) or 'none'}")
    for s, u in units_at(view, key):
        lines.append(f"{seat_mark(s)} {unit_name(u)}")
    return lines


def exploration_text(tid: str) -> str:
    """An exploration tile in words: ``"Jaguar (a flag fight, strength 2): Beat strength 2:
    worth 2 VP."``, ``"Abandoned Camp: Gain 2 basic resources of your choice."`` (BI-11.3,
    BI-11.4)."""
    r = C.EXPLORATION.get(tid)
    if not r:
        return tid
    out = r.get("name", tid)
    if r.get("flag_strength"):
        out += f" (a flag fight, strength {r['flag_strength']})"
    text = r.get("text")
    return out + (f": {text}" if text else "")


def mission_text(mid: str) -> str:
    """A mission's conditions and VP in words."""
    m = C.MISSIONS.get(mid)
    if not m:
        return mid
    conds = "; ".join(condition_text(c) for c in m.get("conditions", []))
    return f"{mid}: {conds} ({mission_score(mid)})"


def card_text(cid: str) -> str:
    """A gold, battle, painting or exploration card's name and text."""
    for table in (C.GOLD_CARDS, C.BATTLE_CARDS, C.PAINTINGS, C.EXPLORATION):
        if cid in table:
            r = table[cid]
            return f"{r.get('name', cid)}: {r.get('text', '')}".strip()
    return cid


SCORE_WORDS = {
    "units": "units",
    "products": "products",
    "paintings": "paintings",
    "gold_cards": "treasures",
    "exploration": "exploration",
    "missions": "missions",
    "palaces": "palaces",
    "tiles": "tiles",
}
"""The scoring categories (BI-17.3, engine ``scoring.CATEGORIES``) as the end screen names them:
units on the map, products made, paintings, Treasure cards in hand, exploration tiles, missions,
palaces and the tiles controlled."""


SCORE_WIDTH = 58
"""Columns of a score line: the end dialog's text width, so no category is split."""


def score_lines(view: dict[str, Any], names: list[str], width: int = SCORE_WIDTH) -> list[str]:
    """What each seat scored from what (BI-17.3), from ``view["result"]["detail"]`` (the final
    score by category the game keeps): ``"◆ Ann 60 VP: units 8 · products 12 · missions 13"``,
    categories in BI-17.3's order, those worth nothing left out, each seat's line broken
    between categories within ``width`` (the next lines indented by 2); [] when the view has
    no result (a match not over, an older save)."""
    detail = (view.get("result") or {}).get("detail") or []
    out = []
    for name, sc in zip(names, detail, strict=False):
        parts = [f"{word} {sc[k]}" for k, word in SCORE_WORDS.items() if sc.get(k)]
        line = f"{name} {sc.get('total', 0)} VP: " + (parts[0] if parts else "nothing scored")
        for part in parts[1:]:
            if len(line) + 3 + len(part) > width:
                out.append(line + " ·")
                line = "  " + part
            else:
                line += " · " + part
        out.append(line)
    return out
