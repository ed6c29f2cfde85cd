"""Mission conditions (BI-14.2, BI-23) and final scoring (BI-17.3, BI-17.4).

Kept here until brazil-b's ``missions.py``/``scoring.py`` land (see brazil-NOTES)."""

from __future__ import annotations

from engine.rules import State

from . import board as B
from . import catalog as C
from .state import BASICS


def own_tiles(st: State, s: int, kind: str = "building") -> list[str]:
    """Hexes of seat ``s``'s owner-controlled tiles of ``kind`` (BI-1.7)."""
    return [h for h, t in st["tiles"].items() if t["kind"] == kind and B.owner_controls(st, s, h)]


def units_on_map(st: State, s: int) -> int:
    """Units standing on map hexes."""
    return sum(1 for u in st["units"][s] if "," in u["loc"])


def made(st: State, s: int, shape: str | None = None) -> list[str]:
    """Manufactured products (in slots or on Victoria's board), optionally of ``shape``."""
    return [
        p
        for p, w in st["products"][s].items()
        if w != "board" and (shape is None or C.PRODUCTS[p]["shape"] == shape)
    ]


def held(st: State, s: int, item: str | None) -> int:
    """``supply_has``/``supply_basic_total`` count (option BI-O07): the personal supply, plus
    goods on tiles you control by default (BI-A21). ``item`` None = all basics."""
    items = [item] if item else list(BASICS)
    n = sum(st["supply"][s].get(i, 0) for i in items)
    if st["opts"]["mission_goods_scope"] == "supply_and_tiles":
        for h, t in st["tiles"].items():
            if B.controller(st, h) == s:
                n += sum(t["goods"].get(i, 0) for i in items)
    return n


def palaces_on_map(st: State, s: int) -> int:
    """Your palaces standing on tiles you control (BI-A25)."""
    return sum(
        1
        for h, t in st["tiles"].items()
        if t.get("palace") and t["owner"] == s and B.controller(st, h) == s
    )


def condition_holds(st: State, s: int, c: dict) -> bool:
    """One mission condition for seat ``s`` now (BI-14.2)."""
    k, m = c["type"], c["min"]
    if k == "units_on_map":
        return units_on_map(st, s) >= m
    if k == "own_building":
        return sum(1 for h in own_tiles(st, s) if st["tiles"][h]["id"] == c["building"]) >= m
    if k == "own_buildings_total":
        return len(own_tiles(st, s)) >= m
    if k == "distinct_building_types":
        return len({st["tiles"][h]["id"] for h in own_tiles(st, s)}) >= m
    if k == "own_cities":
        return len(own_tiles(st, s, "city")) >= m
    if k == "products":
        return len(made(st, s, c.get("shape"))) >= m
    if k == "paintings":
        ps = st["paintings"][s]
        if c.get("distinct_colours"):
            return len({C.PAINTINGS[p]["colour"] for p in ps}) >= m
        return len(ps) >= m
    if k == "supply_has":
        return held(st, s, c["item"]) >= m
    if k == "supply_basic_total":
        return held(st, s, None) >= m
    if k == "gold_cards_in_hand":
        return len(st["gold"][s]) >= m
    if k == "palaces_on_map":
        return palaces_on_map(st, s) >= m
    raise KeyError(k)


def mission_holds(st: State, s: int, mid: str) -> bool:
    """All conditions of mission ``mid`` hold for ``s`` (BI-14.3)."""
    return all(condition_holds(st, s, c) for c in C.MISSIONS[mid]["conditions"])


def conditions_met(st: State, s: int, mid: str) -> int:
    """How many conditions of ``mid`` hold (era III scoring, BI-A23)."""
    return sum(condition_holds(st, s, c) for c in C.MISSIONS[mid]["conditions"])


def _palace_bonus(st: State, s: int, pid: str) -> int:
    if pid == "III":
        return sum(1 for h in own_tiles(st, s) if st["tiles"][h]["id"] == "gold_mine")
    if pid == "IV":
        return 2 * sum(1 for h in own_tiles(st, s) if st["tiles"][h]["id"] == "cotton_plantation")
    if pid == "V":
        return len(made(st, s))
    if pid == "VI":
        return sum(1 for u in st["units"][s] if u["once"])
    return 0


def score(st: State, s: int) -> dict[str, int]:
    """Seat ``s``'s final score by BI-17.3 category, plus ``"total"``."""
    sc: dict[str, int] = {}
    sc["units"] = sum(u["str"] for u in st["units"][s] if u["once"])
    prods = made(st, s)
    sc["products"] = sum(C.PRODUCTS[p]["vp"] for p in prods) + sum(
        1 for p in prods if st["products"][s][p] == "victoria"
    )
    ps = st["paintings"][s]
    pv = sum(C.PAINTINGS[p]["vp"] for p in ps)
    colours = {C.PAINTINGS[p]["colour"] for p in ps}
    if "P16" in ps:
        pv += palaces_on_map(st, s)
    if "P20" in ps and len(colours) == 3:
        if st["opts"]["isabel_scoring"] == "per_set":
            pv += 2 * min(sum(1 for p in ps if C.PAINTINGS[p]["colour"] == c) for c in colours)
        else:
            pv += 2
    if "P22" in ps:
        pv += len(st["revealed"][s])
    if "P23" in ps:
        pv += units_on_map(st, s)
    if "P24" in ps:
        pv += 2 * len(own_tiles(st, s, "city"))
    sc["paintings"] = pv
    sc["gold_cards"] = 2 * sum(1 for c in st["gold"][s] if c in ("G13", "G14", "G15", "G16"))
    sc["exploration"] = sum(C.EXPLORATION[t]["vp"] for t in st["explored"][s])
    mv = st["mission_vp"][s]
    m3 = st["missions"][s].get("3")
    if m3:
        mv += 2 * conditions_met(st, s, m3)
    if st["monarch"][s] == "oba_ii":
        mv += min(2, len(st["revealed"][s]))
    sc["missions"] = mv
    pal = 0
    for h, t in st["tiles"].items():
        if t.get("palace") and t["owner"] == s and B.controller(st, h) == s:
            pal += 2 + _palace_bonus(st, s, t["palace"])
    sc["palaces"] = pal
    sc["tiles"] = sum(B.tile_value(st, h) for h in st["tiles"] if B.controller(st, h) == s)
    if st["dutch"] and B.occupant(st, st["dutch"]["hex"]) == s:
        sc["tiles"] += 3
    sc["total"] = sum(sc.values())
    return sc


def tiebreak(st: State, s: int) -> int:
    """Science goods on tiles seat ``s`` controls (BI-17.4, BI-D16)."""
    return sum(
        t["goods"].get("science", 0) for h, t in st["tiles"].items() if B.controller(st, h) == s
    )
