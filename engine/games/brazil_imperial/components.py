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


def _status(prov: Any) -> str:
    """The provenance status of a block (the first status found in a nested provenance)."""
    if isinstance(prov, dict):
        if "status" in prov:
            return str(prov["status"])
        for v in prov.values():
            s = _status(v)
            if s:
                return s
    return ""


def _ro(mapping: dict[str, Any]) -> MappingProxyType:
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
            _status(b["provenance"]),
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
        _status(b["provenance"]),
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
    m["id"]: Monarch(m["id"], m["name"], m["board"], _ro(m["ability"]), m["text"])
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
        _ro(dict(p["reward"] or {})),
        (p["end_scoring"] or {}).get("per"),
        (p["end_scoring"] or {}).get("vp", 0),
        p["vp"],
    )
    for p in DATA["palaces"]["palaces"]
    if p["id"] != "I"
}
"""Palaces II-VI by id (Palace I is the capital, not a tile: BI-15.1)."""


# --- cards (BI-20, BI-21, BI-22, BI-23) -------------------------------------------------------


@dataclass(frozen=True)
class Painting:
    """A painting card (BI-20; data/paintings.json): ``colour`` red/pink/blue, printed ``cost``
    (``{}`` = free), printed ``vp`` and the typed ``effect`` record (P20 per BI-D04)."""

    id: str
    colour: str
    key: str
    name: str
    cost: Cost
    vp: int
    effect: MappingProxyType
    text: str


PAINTINGS: dict[str, Painting] = {
    c["id"]: Painting(
        c["id"],
        c["colour"],
        c["key"],
        c["name"],
        dict(c["cost"]),
        c["vp"],
        _ro(c["effect"]),
        c["text"],
    )
    for c in DATA["paintings"]["painting_cards"]["cards"]
}
"""P01-P24 by id (8 red, 8 pink, 8 blue: BI-2.7)."""


@dataclass(frozen=True)
class GoldCard:
    """A gold card (BI-21; data/gold_cards.json). ``kind``: ``extra_action`` (G01-G12, ``action``
    names the arch whose base effect it gives, BI-8.4), ``treasure`` (G13-G16, ``vp`` 2 at the
    end if in hand, BI-8.6) or ``immediate_gain`` (G17-G20, ``gain``, BI-8.5). Every gold card
    may also be spent as 1 gold (BI-8.3)."""

    id: str
    name: str
    kind: str
    action: str | None
    gain: Cost
    vp: int


def _gold(c: dict[str, Any]) -> GoldCard:
    e = c["effect"]
    kind = {"extra_action": "extra_action", "end_vp": "treasure"}.get(e["type"], e["type"])
    return GoldCard(
        c["id"], c["name"], kind, e.get("action"), dict(e.get("gain", {})), e.get("vp", 0)
    )


GOLD_CARDS: dict[str, GoldCard] = {
    c["id"]: _gold(c) for c in DATA["gold_cards"]["gold_cards"]["cards"]
}
"""G01-G20 by id."""


@dataclass(frozen=True)
class BattleCard:
    """A battle card (BI-22; data/battle_cards.json). ``attack`` / ``defence``: the value when
    attacking (attacks, bombards, flag fights) / defending, without its condition.
    ``if_units``: unit types whose presence on your side raises the card to ``then_value``
    (B21/B22 heavy_cavalry, B23/B24 cannon or grenadier), else empty. Use
    :func:`engine.games.brazil_imperial.combat.card_value` for the value in a combat."""

    id: str
    name: str
    attack: int
    defence: int
    if_units: frozenset[str]
    then_value: int


def _battle(c: dict[str, Any]) -> BattleCard:
    e = c["effect"]
    units = frozenset(e["if_unit_present"].split("|")) if "if_unit_present" in e else frozenset()
    return BattleCard(
        c["id"],
        c["name"],
        e["strength"],
        e.get("defend_strength", e["strength"]),
        units,
        e.get("then_strength", e["strength"]),
    )


BATTLE_CARDS: dict[str, BattleCard] = {
    c["id"]: _battle(c) for c in DATA["battle_cards"]["battle_cards"]["cards"]
}
"""B01-B24 by id."""


@dataclass(frozen=True)
class Condition:
    """One mission condition (BI-14.2; data mission_cards.condition_vocabulary): ``type`` is
    units_on_map, own_building, own_buildings_total, distinct_building_types, own_cities,
    products, paintings, supply_has, supply_basic_total, gold_cards_in_hand or palaces_on_map;
    ``min`` the threshold; ``building`` / ``shape`` / ``item`` / ``distinct_colours`` the
    optional parameters."""

    type: str
    min: int
    building: str | None = None
    shape: str | None = None
    item: str | None = None
    distinct_colours: bool = False


@dataclass(frozen=True)
class Mission:
    """A mission card (BI-23; data/missions.json): ``era``, its 3 ``conditions``, ``vp_on_reveal``
    (3 era I, 5 era II; 0 for era III) and ``vp_per_condition`` (2 for era III, else 0;
    BI-14.5, BI-17.3)."""

    id: str
    era: str
    conditions: tuple[Condition, ...]
    vp_on_reveal: int
    vp_per_condition: int
    provenance: str


MISSIONS: dict[str, Mission] = {
    c["id"]: Mission(
        c["id"],
        c["era"],
        tuple(
            Condition(
                k["type"],
                k["min"],
                k.get("building"),
                k.get("shape"),
                k.get("item"),
                bool(k.get("distinct_colours", False)),
            )
            for k in c["conditions"]
        ),
        c.get("vp_on_completion", 0),
        c.get("vp_per_objective", 0),
        _status(c["provenance"]),
    )
    for c in DATA["missions"]["mission_cards"]["cards"]
}
"""MI-1..MI-8, MII-1..MII-8, MIII-1..MIII-8 by id."""


def missions_of_era(era: str) -> tuple[str, ...]:
    """The 8 mission ids of ``era`` in data order (BI-2.8)."""
    return tuple(m.id for m in MISSIONS.values() if m.era == era)


# --- tiles (BI-24, BI-25, BI-26) --------------------------------------------------------------


@dataclass(frozen=True)
class ExplorationTile:
    """An exploration tile (BI-24; data/exploration_tiles.json). ``flag`` is the flag strength F
    of a flag-fight tile (win needs a total > F, BI-11.4), ``None`` for an immediate tile.
    ``reward``: gained when taken (may hold ``battle_card`` / ``gold_card``); ``vp`` at the end."""

    id: str
    name: str
    reward: Cost
    vp: int
    flag: int | None


EXPLORATION_TILES: dict[str, ExplorationTile] = {
    t["id"]: ExplorationTile(t["id"], t["name"], dict(t["reward"]), t["vp"], t["flag_strength"])
    for t in DATA["exploration_tiles"]["exploration_tiles"]["tiles"]
}
"""X01-X16 by id."""


@dataclass(frozen=True)
class CapitalTile:
    """A capital tile (BI-25): ``gives`` its items at the capital draft; tile A makes its taker
    the first player (BI-3.12)."""

    id: str
    first_player: bool
    gives: Cost


CAPITAL_TILES: dict[str, CapitalTile] = {
    t["id"]: CapitalTile(t["id"], t["first_player"], dict(t["gives"]))
    for t in DATA["capital_tiles"]["capital_tiles"]["tiles"]
}
"""A-D by id."""


@dataclass(frozen=True)
class CityTile:
    """A city tile (BI-26): printed ``cost``, ``vp`` = ``strength``, ``on_build`` gain (``{}`` for
    Ouro Preto and Rio de Janeiro)."""

    id: str
    name: str
    cost: Cost
    vp: int
    strength: int
    on_build: Cost


CITY_TILES: dict[str, CityTile] = {
    t["id"]: CityTile(
        t["id"], t["name"], dict(t["cost"]), t["vp"], t["strength"], dict(t["on_build"] or {})
    )
    for t in DATA["city_tiles"]["city_tiles"]["tiles"]
}
"""The 8 city tiles by id."""


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
