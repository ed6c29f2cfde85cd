"""Brazil: Imperial components as typed, read-only records.

Every record is built once, at import, from ``data/tables.py`` (the project's data files in
``data/``, converted from shared/data/brazil_imperial/data.json with the data rulings BI-D01..D16
applied; provenance in data/README.md). Ids are the data's ids (BI-0): ``sawmill``, ``T1``,
``P07``, ``G13``, ``B19``, ``MI-4``, ``X13``, ``A``, ``recife``, ``green_brazil``, ``pedro_ii``,
``deploy``, ``II`` ...

Costs and gains are plain ``dict[str, int]`` in the data notation (BI-5.5): keys are item names
(``brazilwood``, ``sugar_cane``, ``coffee``, ``cotton``, ``gold``, ``science``), ``a|b`` (one of
either), ``any_basic``, and for gains also ``gold_card`` / ``battle_card`` (cards drawn). Eras are
the strings ``"I"``, ``"II"``, ``"III"``. Nothing here changes during a game; the state holds ids.
The cards and the exploration, capital and city tiles are in ``cards.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from engine.games.brazil_imperial.data.tables import DATA

Cost = dict[str, int]
"""Printed cost or gain in data notation (see the module docstring)."""

ERAS: tuple[str, ...] = ("I", "II", "III")
"""The three eras in order (BI-16.1)."""

BASIC: tuple[str, ...] = tuple(DATA["resources"]["resources"]["basic"])
"""Basic resources, BI-1.5: brazilwood, sugar_cane, coffee, cotton."""

ASSETS: tuple[str, ...] = tuple(DATA["resources"]["resources"]["assets"])
"""Assets, BI-1.5: gold, science."""

ITEMS: tuple[str, ...] = BASIC + ASSETS
"""Every item type (basic resources then assets)."""

_LIMITS = DATA["resources"]["limits"]
SUPPLY_LIMIT: int = _LIMITS["personal_supply"]
"""Personal-supply limit, 5 items (BI-5.1; 7 with P13, BI-20.13)."""
GOLD_HAND_LIMIT: int = _LIMITS["gold_cards"]
"""Gold cards in hand, 3 (BI-5.4; 4 with P15)."""
BATTLE_HAND_LIMIT: int = _LIMITS["battle_cards"]
"""Battle cards in hand, 3 (BI-5.4; 4 with P15)."""
MAX_CARDS_PER_COMBAT: int = _LIMITS["battle_cards_per_combat"]
"""Battle cards one side may play in one combat, 3 (BI-9.3, BI-12.4)."""


ERA_NUMBER: dict[str, int] = {"I": 1, "II": 2, "III": 3}
"""Data era strings to the state's era numbers (state.py ``era``: 1 | 2 | 3)."""


def era_index(era: str) -> int:
    """0, 1 or 2 for era ``"I"``, ``"II"``, ``"III"`` (BI-16.1). Raises ValueError otherwise."""
    return ERAS.index(era)


def provenance_status(prov: Any) -> str:
    """The provenance status of a data block: FOUND, PARTLY_FOUND or RECONSTRUCTED (the first
    status found in a nested provenance record), or "" if none."""
    if isinstance(prov, dict):
        if "status" in prov:
            return str(prov["status"])
        for v in prov.values():
            s = provenance_status(v)
            if s:
                return s
    return ""


def read_only(mapping: dict[str, Any]) -> MappingProxyType:
    """A read-only view of a data record."""
    return MappingProxyType(mapping)


# --- buildings (BI-2.2, BI-2.3, BI-6) ---------------------------------------------------------

LAND: frozenset[str] = frozenset({"plains", "forest", "gold"})
"""Current terrains that count as land (BI-1.4)."""


@dataclass(frozen=True)
class Building:
    """A building type, one side of a building tile (BI-2.2; data/buildings.json).

    ``terrains``: current terrains it may be built on (BI-6.4; ``any_land`` -> plains, forest,
    gold). ``tile``: the tile id T1-T4 carrying it; ``other_side``: the building on the tile's
    other side (BI-2.3). ``vp`` = ``strength`` (BI-6.14). ``produces``: output (BI-6.12), with
    University's 2 science (BI-D01, option BI-O03 reads 2 gold)."""

    id: str
    name: str
    era: str
    terrains: frozenset[str]
    cost: Cost
    produces: Cost
    vp: int
    strength: int
    tile: str
    other_side: str
    provenance: str


@dataclass(frozen=True)
class BuildingTile:
    """A two-sided building tile type with its pool count (BI-2.3; data building_tiles)."""

    id: str
    sides: tuple[str, str]
    era: str
    count: int


def _buildings() -> tuple[dict[str, BuildingTile], dict[str, Building]]:
    tiles = {
        t["id"]: BuildingTile(t["id"], tuple(t["sides"]), t["era"], t["count"])
        for t in DATA["buildings"]["building_tiles"]["tiles"]
    }
    side_of = {s: t for t in tiles.values() for s in t.sides}
    out = {}
    for b in DATA["buildings"]["buildings"]:
        tile = side_of[b["id"]]
        other = tile.sides[1] if tile.sides[0] == b["id"] else tile.sides[0]
        terr = LAND if b["terrain"] == "any_land" else frozenset({b["terrain"]})
        out[b["id"]] = Building(
            b["id"],
            b["name"],
            b["era"],
            terr,
            dict(b["cost"]),
            dict(b["produces"]),
            b["vp"],
            b["strength"],
            tile.id,
            other,
            provenance_status(b["provenance"]),
        )
    return tiles, out


BUILDING_TILES, BUILDINGS = _buildings()
"""``BUILDING_TILES``: T1-T4 by id; ``BUILDINGS``: the 8 buildings by id (BI-2.2, BI-2.3)."""


# --- units and boards (BI-2.9, BI-2.10, BI-27.1, BI-27.2) -----------------------------------


@dataclass(frozen=True)
class UnitType:
    """A unit type: ``strength`` = VP (BI-1.8); ``ability`` is ``None``, ``bombard``,
    ``founds_cities`` or ``carry`` (BI-27.2; data/units.json unit_types)."""

    id: str
    strength: int
    ability: str | None


UNIT_TYPES: dict[str, UnitType] = {
    k: UnitType(k, v["strength"], v["ability"])
    for k, v in DATA["units"]["unit_types"]["types"].items()
}
"""archer 1, grenadier 2 (bombard), monarch 2 (founds cities), heavy_cavalry 3 (carry),
cannon 3 (bombard) (BI-2.10)."""


@dataclass(frozen=True)
class UnitSlot:
    """One of a board's 5 unit slots (BI-27.1): ``slot`` 1-5, the unit ``type``, its
    ``strength`` (= ``vp``) and ``first_deploy_cost`` (paid only when it first leaves the slot,
    BI-7.1)."""

    slot: int
    type: str
    strength: int
    vp: int
    first_deploy_cost: Cost


@dataclass(frozen=True)
class Board:
    """A player board (BI-2.9, BI-27.1; data/units.json player_boards): its monarch ids (4 for
    green, 2 for the others), its 5 unit slots and the army's total strength."""

    id: str
    name: str
    monarchs: tuple[str, ...]
    units: tuple[UnitSlot, ...]
    army_strength: int
    provenance: str


BOARDS: dict[str, Board] = {
    b["id"]: Board(
        b["id"],
        b["name"],
        tuple(b["monarchs"]),
        tuple(
            UnitSlot(u["slot"], u["type"], u["strength"], u["vp"], dict(u["first_deploy_cost"]))
            for u in b["units"]
        ),
        b["army_strength_total"],
        provenance_status(b["provenance"]),
    )
    for b in DATA["units"]["player_boards"]
}
"""The 4 boards by id, in data order: green_brazil, red_portugal, yellow_spain, blue_france."""


# --- products (BI-27.3) -----------------------------------------------------------------------


@dataclass(frozen=True)
class Product:
    """A product token (BI-27.3; data/products.json): ``shape`` square/pentagon/octagon, the
    printed ``cost`` (before the Manufacture upgrade, BI-7.5) and its ``vp``."""

    id: str
    name: str
    shape: str
    cost: Cost
    vp: int


PRODUCTS: dict[str, Product] = {
    p["id"]: Product(p["id"], p["name"], p["shape"], dict(p["cost"]), p["vp"])
    for p in DATA["products"]["products"]["tokens"]
}
"""dye, sugar (square), cachaca, roasted_coffee (pentagon), textiles, jewelry (octagon)."""


# --- monarchs (BI-19) -------------------------------------------------------------------------


@dataclass(frozen=True)
class Monarch:
    """A monarch ability (BI-19; data/monarchs.json). ``ability`` is the data's typed record
    (``ability["type"]`` is building_override, first_deploy_bonus, ...), read-only."""

    id: str
    name: str
    board: str
    ability: MappingProxyType
    text: str


MONARCHS: dict[str, Monarch] = {
    m["id"]: Monarch(m["id"], m["name"], m["board"], read_only(m["ability"]), m["text"])
    for m in DATA["monarchs"]["monarchs"]
}
"""The 10 monarchs by id (BI-19.1-19.10)."""


# --- arches (BI-7) ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Arch:
    """One of the 7 arch actions (BI-7; data/arch_actions.json). ``upgrade_slot``: square,
    pentagon, octagon or ``None`` (Trade, BI-7.8). ``extra_move``: the data's move type
    (teleport, adjacent_terrain, adjacent_tile, edge_or_water) or ``None``; ``extra_terrain``:
    the terrains of an adjacent_terrain move. ``attack_bonus`` / ``defence_bonus``: the
    Harbor/Trade combat bonus while the action token lies there (BI-12.6), else 0."""

    id: str
    name: str
    upgrade_slot: str | None
    extra_move: str | None
    extra_terrain: frozenset[str]
    attack_bonus: int
    defence_bonus: int


def _arch(a: dict[str, Any]) -> Arch:
    move = a["extra_move"] or {}
    bonus = a["combat_bonus"] or {}
    return Arch(
        a["id"],
        a["name"],
        a["upgrade_slot"],
        move.get("type"),
        frozenset(move.get("terrain", ())),
        bonus.get("attack", 0),
        bonus.get("defence", 0),
    )


ARCHES: dict[str, Arch] = {a["id"]: _arch(a) for a in DATA["arch_actions"]["arch_actions"]}
"""deploy, frame, build, renovate, manufacture, harbor, trade (board order, BI-1.10)."""


# --- palaces (BI-15) --------------------------------------------------------------------------

_ERA_I_FACES = frozenset({"sugar_cane_field", "sawmill", "farm", "trading_post"})
_PALACE_SITES: dict[str, frozenset[str]] = {
    "II": _ERA_I_FACES,
    "III": _ERA_I_FACES | {"gold_mine", "cotton_plantation", "city"},
    "IV": frozenset({"cotton_plantation"}),
    "V": frozenset({"farm"}),
    "VI": frozenset({"city"}),
}


@dataclass(frozen=True)
class Palace:
    """Palace II-VI (BI-15.3; data/palaces.json). ``sites``: face-up building ids (and
    ``"city"`` for a city tile) it may stand on, from BI-15.3's table. ``reward``: data record
    gained on placement (``free_manufacture: "square"`` is Palace II's product, BI-15.4).
    ``end_per`` / ``end_vp``: the end bonus (``None`` / 0 if none). ``vp``: base VP, 2."""

    id: str
    name: str
    sites: frozenset[str]
    reward: MappingProxyType
    end_per: str | None
    end_vp: int
    vp: int


PALACES: dict[str, Palace] = {
    p["id"]: Palace(
        p["id"],
        p["name"],
        _PALACE_SITES[p["id"]],
        read_only(dict(p["reward"] or {})),
        (p["end_scoring"] or {}).get("per"),
        (p["end_scoring"] or {}).get("vp", 0),
        p["vp"],
    )
    for p in DATA["palaces"]["palaces"]
    if p["id"] != "I"
}
"""Palaces II-VI by id (Palace I is the capital, not a tile: BI-15.1)."""


# --- set-up and solo (BI-3.14, BI-18) ---------------------------------------------------------


@dataclass(frozen=True)
class Setup:
    """Set-up for a player count (BI-3.14): the map key and the capital tile ids used."""

    players: int
    map: str
    capital_tiles: tuple[str, ...]


SETUPS: dict[int, Setup] = {
    int(n): Setup(int(n), s["map"], tuple(s["capital_tiles"]))
    for n, s in DATA["flow"]["setup_by_players"].items()
    if n.isdigit()
}
"""1-4 players."""


@dataclass(frozen=True)
class SoloRules:
    """The solo numbers (BI-18; data flow.json solo): the Dutch capital's tile strength (3), the
    starting garrison strengths (2, 2), the turns after which a reinforcement joins (6, 12, 18),
    its strength (1) and the turn limit (20)."""

    board: str
    dutch_tile_strength: int
    garrison: tuple[int, ...]
    reinforcement_turns: tuple[int, ...]
    reinforcement_strength: int
    turn_limit: int


def _solo() -> SoloRules:
    s = DATA["flow"]["solo"]
    d = s["dutch_capital"]
    return SoloRules(
        s["board"].split()[0],
        d["tile_strength"],
        tuple(d["garrison_start"]),
        tuple(d["reinforcements"]["after_your_turns"]),
        d["reinforcements"]["adds_unit_strength"],
        s["round_limit"],
    )


SOLO: SoloRules = _solo()
"""The solo mode's numbers (BI-18.3-18.6)."""
