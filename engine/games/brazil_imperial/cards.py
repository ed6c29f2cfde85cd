"""Brazil: Imperial cards and tiles as typed, read-only records: paintings (BI-20), gold cards
(BI-21), battle cards (BI-22), missions (BI-23), exploration tiles (BI-24), capital tiles (BI-25)
and city tiles (BI-26).

Built once, at import, from ``data/tables.py`` (the project's data files in ``data/``; provenance
in data/README.md), like ``components.py``, whose notation (costs as ``dict[str, int]``, eras as
``"I"``/``"II"``/``"III"``) they share. Ids are the data's ids (``P07``, ``G13``, ``B19``,
``MI-4``, ``X13``, ``A``, ``recife``).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from engine.games.brazil_imperial.components import Cost, provenance_status, read_only
from engine.games.brazil_imperial.data.tables import DATA

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
        read_only(c["effect"]),
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
        provenance_status(c["provenance"]),
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
