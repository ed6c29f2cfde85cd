"""Static component data and map geometry used by the rules (BI-2, BI-27, BI-0).

The records are the project's data records (``data/*.json`` via ``data.tables``, converted from
``shared/data/brazil_imperial/data.json`` with the BI-D rulings applied) as plain dicts keyed by
id: the rules code reads the data notation directly (costs, effects). ``components`` offers the
same data as typed records. Maps are ``{hex: (terrain, edge)}`` with hex keys ``"q,r"``
(BI-1.2, BI-1.3).
"""

from __future__ import annotations

from functools import lru_cache

from .data.tables import DATA as _D
from .state import hex_key, hex_qr


def _by_id(records: list[dict]) -> dict[str, dict]:
    return {r["id"]: r for r in records}


BUILDINGS: dict = _by_id(_D["buildings"]["buildings"])
TILES: dict = _by_id(_D["buildings"]["building_tiles"]["tiles"])
MONARCHS: dict = _by_id(_D["monarchs"]["monarchs"])
BOARDS: dict = _by_id(_D["units"]["player_boards"])
PRODUCTS: dict = _by_id(_D["products"]["products"]["tokens"])
PALACES: dict = _by_id(_D["palaces"]["palaces"])
PAINTINGS: dict = _by_id(_D["paintings"]["painting_cards"]["cards"])
GOLD_CARDS: dict = _by_id(_D["gold_cards"]["gold_cards"]["cards"])
BATTLE_CARDS: dict = _by_id(_D["battle_cards"]["battle_cards"]["cards"])
MISSIONS: dict = _by_id(_D["missions"]["mission_cards"]["cards"])
EXPLORATION: dict = _by_id(_D["exploration_tiles"]["exploration_tiles"]["tiles"])
CAPITAL_TILES: dict = _by_id(_D["capital_tiles"]["capital_tiles"]["tiles"])
CITIES: dict = _by_id(_D["city_tiles"]["city_tiles"]["tiles"])
SETUP: dict = {k: v for k, v in _D["flow"]["setup_by_players"].items() if k in "1234"}
_MAPS: dict = _D["maps"]["maps"]["by_players"]

SLOT_SHAPE: dict[str, str | None] = {
    a["id"]: a.get("upgrade_slot") for a in _D["arch_actions"]["arch_actions"]
}
"""Upgrade slot shape per arch (BI-7.8); Trade has none."""

UNIT_NAMES = {
    "archer": "Archer",
    "grenadier": "Grenadier",
    "monarch": "Monarch",
    "heavy_cavalry": "Heavy Cavalry",
    "cannon": "Cannon",
}
ARCH_NAMES = {
    "deploy": "Deploy",
    "frame": "Frame",
    "build": "Build",
    "renovate": "Renovate",
    "manufacture": "Manufacture",
    "harbor": "Harbor",
    "trade": "Trade",
}
ITEM_NAMES = {
    "brazilwood": "brazilwood",
    "sugar_cane": "sugar cane",
    "coffee": "coffee",
    "cotton": "cotton",
    "gold": "gold",
    "science": "science",
}
SEAT_COLOURS = {
    "green_brazil": "Green",
    "red_portugal": "Red",
    "yellow_spain": "Yellow",
    "blue_france": "Blue",
}

_DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


@lru_cache(maxsize=8)
def map_hexes(key: str) -> dict[str, tuple[str, bool]]:
    """``{hex: (printed terrain, edge)}`` of map ``key`` ("1".."4"), BI-1.2/1.3."""
    return {
        hex_key(h["q"], h["r"]): (h["terrain"], bool(h.get("edge"))) for h in _MAPS[key]["hexes"]
    }


def capital_sites(key: str) -> list[str]:
    """Capital site hexes of map ``key`` in data order (BI-2.11)."""
    return [hex_key(q, r) for q, r in _MAPS[key]["capital_sites"]]


def enemy_capital(key: str) -> str | None:
    """The solo Dutch capital hex, or None (BI-18.3)."""
    e = _MAPS[key].get("enemy_capital")
    return hex_key(*e) if e else None


@lru_cache(maxsize=512)
def _nb(key: str, mapkey: str) -> tuple[str, ...]:
    q, r = hex_qr(key)
    hexes = map_hexes(mapkey)
    out = []
    for dq, dr in _DIRS:
        k = hex_key(q + dq, r + dr)
        if k in hexes:
            out.append(k)
    return tuple(out)


def neighbours(key: str, mapkey: str) -> tuple[str, ...]:
    """On-map neighbours of ``key`` in the BI-0 order."""
    return _nb(key, mapkey)


def distance(a: str, b: str) -> int:
    """Hex distance (BI-0)."""
    (q1, r1), (q2, r2) = hex_qr(a), hex_qr(b)
    dq, dr = q1 - q2, r1 - r2
    return max(abs(dq), abs(dr), abs(dq + dr))


def rq(key: str) -> tuple[int, int]:
    """Sort key for map targets: (r, q) (BI-29.1)."""
    q, r = hex_qr(key)
    return (r, q)


def cost_units(cost: dict[str, int]) -> list[str]:
    """A printed cost split into requirement units (BI-5.5): item names, ``"a|b"`` or
    ``"any_basic"``, ordered science, gold, exact basics, a|b, any basic (BI-29.6)."""
    order = {"science": 0, "gold": 1}
    units: list[str] = []
    for k, v in cost.items():
        units += [k] * v
    basics = ("brazilwood", "sugar_cane", "coffee", "cotton")

    def key(u: str) -> tuple[int, int]:
        if u in order:
            return (order[u], 0)
        if u in basics:
            return (2, basics.index(u))
        if "|" in u:
            return (3, 0)
        return (4, 0)

    return sorted(units, key=key)
