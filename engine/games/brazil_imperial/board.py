"""Map queries on a state: current terrain, control, unit positions, tile value, the build
placement rules (BI-1.4, BI-1.7, BI-6.4-6.9, BI-6.15, BI-13)."""

from __future__ import annotations

from engine.rules import State

from . import catalog as C

LAND = ("plains", "forest", "gold")


def printed(st: State, h: str) -> str:
    """Printed terrain of hex ``h`` (BI-1.3)."""
    return C.map_hexes(st["map"])[h][0]


def is_edge(st: State, h: str) -> bool:
    """Edge hex (BI-1.2)."""
    return C.map_hexes(st["map"])[h][1]


def terrain(st: State, h: str) -> str:
    """Current terrain of ``h`` (BI-1.4): building / capital / plains / bandeira / printed."""
    if h in st["tiles"]:
        return "building"
    if h in st["capital"] or (st["dutch"] and st["dutch"]["hex"] == h):
        return "capital"
    if h in st["bandeira"]:
        return "bandeira"
    t = printed(st, h)
    if t in ("fog", "capital_site", "enemy_capital"):
        return "plains"
    return t


def units_at(st: State, h: str) -> list[tuple[int, int]]:
    """``[(seat, slot)]`` of units standing on ``h``."""
    out = []
    for s, us in enumerate(st["units"]):
        for u in us:
            if u["loc"] == h:
                out.append((s, u["slot"]))
    return out


def unit(st: State, s: int, slot: int) -> dict:
    """The unit record of seat ``s`` in ``slot`` (1..5)."""
    return st["units"][s][slot - 1]


def occupant(st: State, h: str) -> int | None:
    """The seat whose units stand on ``h`` (at most one after combat, BI-10.6), or None."""
    for s, us in enumerate(st["units"]):
        if any(u["loc"] == h for u in us):
            return s
    return None


def controller(st: State, h: str) -> int | None:
    """Controller of the tile on ``h`` (BI-1.7): an occupier with units there, else the owner."""
    t = st["tiles"].get(h)
    if t is None:
        return None
    occ = occupant(st, h)
    return occ if occ is not None else t["owner"]


def owner_controls(st: State, s: int, h: str) -> bool:
    """Seat ``s`` owns the tile on ``h`` and controls it ("your tile", BI-1.7)."""
    t = st["tiles"].get(h)
    return t is not None and t["owner"] == s and controller(st, h) == s


def tile_value(st: State, h: str) -> int:
    """VP = strength of the tile on ``h`` (BI-6.14; crowns BI-19.1/2/7)."""
    t = st["tiles"][h]
    if t["kind"] == "city":
        return C.CITIES[t["id"]]["vp"]
    if t.get("crown"):
        ab = C.MONARCHS[st["monarch"][t["owner"]]]["ability"]
        if ab.get("building") == t["id"]:
            return ab["vp"]
    return C.BUILDINGS[t["id"]]["vp"]


def output(st: State, h: str) -> dict[str, int]:
    """Output of the building tile on ``h`` (BI-6.12): produces or crown override, plus the
    owner's painting production bonuses; University per option BI-O03."""
    t = st["tiles"][h]
    owner = t["owner"]
    out = dict(C.BUILDINGS[t["id"]]["produces"])
    if t["id"] == "university" and st["opts"]["university_output"] == "gold":
        out = {"gold": 2}
    if t.get("crown"):
        ab = C.MONARCHS[st["monarch"][owner]]["ability"]
        if ab.get("building") == t["id"]:
            out = dict(ab["produces"])
    for p in st["paintings"][owner]:
        eff = C.PAINTINGS[p]["effect"]
        if eff["type"] == "production_bonus" and eff["building"] == t["id"]:
            for k, v in eff["extra"].items():
                out[k] = out.get(k, 0) + v
    return out


def produce(st: State, h: str) -> dict[str, int]:
    """Put the tile's output on it as goods (BI-6.11, BI-6.13); returns the output."""
    out = output(st, h)
    goods = st["tiles"][h]["goods"]
    for k, v in out.items():
        goods[k] = goods.get(k, 0) + v
    return out


def enemy_capitals(st: State, s: int) -> list[str]:
    """Capitals of the other seats (and the solo Dutch capital)."""
    out = [c for i, c in enumerate(st["capital"]) if i != s and c]
    if st["dutch"]:
        out.append(st["dutch"]["hex"])
    return out


def banned_by_enemy(st: State, s: int, h: str) -> bool:
    """BI-6.6: ``h`` is adjacent to a tile owned by another player, another capital or the
    Dutch capital."""
    caps = set(enemy_capitals(st, s))
    for n in C.neighbours(h, st["map"]):
        t = st["tiles"].get(n)
        if t is not None and t["owner"] != s:
            return True
        if n in caps:
            return True
    return False


def connected(st: State, s: int, h: str) -> bool:
    """BI-6.5: adjacent to your capital or a tile whose owner is you."""
    for n in C.neighbours(h, st["map"]):
        if n == st["capital"][s]:
            return True
        t = st["tiles"].get(n)
        if t is not None and t["owner"] == s:
            return True
    return False


def enemy_units_on(st: State, s: int, h: str) -> bool:
    """BI-6.7: a unit of another player stands on ``h``."""
    occ = occupant(st, h)
    return occ is not None and occ != s


def can_build_over(st: State, s: int, h: str) -> bool:
    """BI-6.9: your own owner-controlled, palace-free era I/II building tile."""
    t = st["tiles"].get(h)
    return (
        t is not None
        and t["kind"] == "building"
        and t["tile"] in ("T1", "T2", "T3")
        and owner_controls(st, s, h)
        and not t.get("palace")
    )


BUILD_TERRAIN = {
    "sugar_cane_field": ("plains",),
    "farm": ("plains",),
    "cotton_plantation": ("plains",),
    "sawmill": ("forest",),
    "trading_post": ("forest",),
    "gold_mine": ("gold",),
    "church": LAND,
    "university": LAND,
}


def building_tile(b: str) -> str:
    """The tile type (T1..T4) carrying building ``b`` (BI-2.3)."""
    for tid, t in C.TILES.items():
        if b in t["sides"]:
            return tid
    raise KeyError(b)


def other_side(b: str) -> str:
    """The other side of building ``b``'s tile."""
    sides = C.TILES[building_tile(b)]["sides"]
    return sides[1] if sides[0] == b else sides[0]


def building_era(b: str) -> int:
    """Era number of building ``b`` (BI-6.3)."""
    return {"I": 1, "II": 2, "III": 3}[C.BUILDINGS[b]["era"]]


def _occupied(st: State) -> dict[str, int]:
    """``{hex: seat}`` of hexes with units on them."""
    out: dict[str, int] = {}
    for s, us in enumerate(st["units"]):
        for u in us:
            if "," in u["loc"]:
                out[u["loc"]] = s
    return out


def build_hexes(st: State, s: int, b: str) -> list[str]:
    """Legal target hexes for building ``b`` by seat ``s`` now (BI-6.1-6.9), by (r, q)."""
    if building_era(b) > st["era"] or st["pool"][building_tile(b)] <= 0:
        return []
    mapkey = st["map"]
    occ = _occupied(st)
    caps = set(enemy_capitals(st, s))
    own = [h for h, t in st["tiles"].items() if t["owner"] == s]
    cands = set(own) if building_era(b) == 3 else set()
    for h in [st["capital"][s], *own]:
        cands.update(C.neighbours(h, mapkey))
    out = []
    for h in cands:
        if occ.get(h, s) != s:
            continue
        bad = False
        for n in C.neighbours(h, mapkey):
            t = st["tiles"].get(n)
            if (t is not None and t["owner"] != s) or n in caps:
                bad = True
                break
        if bad:
            continue
        if h in st["tiles"]:
            if building_era(b) == 3 and can_build_over(st, s, h):
                out.append(h)
            continue
        if terrain(st, h) in BUILD_TERRAIN[b]:
            out.append(h)
    return sorted(out, key=C.rq)


def monarch_hex(st: State, s: int) -> str | None:
    """The hex of seat ``s``'s Monarch unit if it is on the map."""
    for u in st["units"][s]:
        if u["type"] == "monarch" and "," in u["loc"]:
            return u["loc"]
    return None


def city_hex(st: State, s: int) -> str | None:
    """The hex where seat ``s`` may found a city now (BI-6.15, BI-A53), or None."""
    h = monarch_hex(st, s)
    if h is None or banned_by_enemy(st, s, h) or enemy_units_on(st, s, h):
        return None
    if h in st["tiles"]:
        return h if can_build_over(st, s, h) else None
    if terrain(st, h) in LAND:
        return h
    return None


def deploy_places(st: State, s: int) -> list[str]:
    """Your capital and the cities you own and control (BI-7.1, BI-A55)."""
    out = [st["capital"][s]]
    for h, t in st["tiles"].items():
        if t["kind"] == "city" and owner_controls(st, s, h):
            out.append(h)
    return sorted(out, key=C.rq)
