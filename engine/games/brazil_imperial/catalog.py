"""Static component data and map geometry used by the rules (BI-2, BI-27, BI-0).

The records are the data.json records (``shared/data/brazil_imperial/data.json``) keyed by id,
read from ``_fallback_data`` until brazil-b's ``components`` module lands. Maps are
``{hex: (terrain, edge)}`` with hex keys ``"q,r"`` (BI-1.2, BI-1.3).
"""

from __future__ import annotations

from functools import lru_cache

from . import _fallback_data as D
from .state import hex_key, hex_qr

BUILDINGS: dict = D.BUILDINGS
TILES: dict = D.TILES
MONARCHS: dict = D.MONARCHS
BOARDS: dict = D.BOARDS
PRODUCTS: dict = D.PRODUCTS
PALACES: dict = D.PALACES
PAINTINGS: dict = D.PAINTINGS
GOLD_CARDS: dict = D.GOLD_CARDS
BATTLE_CARDS: dict = D.BATTLE_CARDS
MISSIONS: dict = D.MISSIONS
EXPLORATION: dict = D.EXPLORATION
CAPITAL_TILES: dict = D.CAPITAL_TILES
CITIES: dict = D.CITIES
SETUP: dict = D.SETUP

SLOT_SHAPE: dict[str, str | None] = {a: r.get("upgrade_slot") for a, r in D.ARCH_DATA.items()}
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
    return {hex_key(q, r): (t, e) for q, r, t, e in D.MAPS[key]["hexes"]}


def capital_sites(key: str) -> list[str]:
    """Capital site hexes of map ``key`` in data order (BI-2.11)."""
    return [hex_key(q, r) for q, r in D.MAPS[key]["capital_sites"]]


def enemy_capital(key: str) -> str | None:
    """The solo Dutch capital hex, or None (BI-18.3)."""
    e = D.MAPS[key].get("enemy_capital")
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
