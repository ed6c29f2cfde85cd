"""Imperial Struggle static data: read-only lookups built once from the generated data modules.

Sources: ``data_map.py`` (shared/data/imperial_struggle/map.json) and ``data_components.py``
(components.json); provenance in DATA.md. Ids are those of the data (IS-0.2). Nothing here
changes during a game; per-game facts live in the state (``state.py``).
"""

from __future__ import annotations

from typing import Any

from .data_components import COMPONENTS
from .data_map import MAP

REGIONS: tuple[str, ...] = ("europe", "north_america", "caribbean", "india")
"""The four Regions in scoring order (IS-3.2, IS-4.1.12a)."""

REGION_NAMES: dict[str, str] = {r["id"]: r["name"] for r in MAP["regions"]}
"""Region id -> display name."""

SPACES: dict[str, dict[str, Any]] = {s["id"]: s for s in MAP["spaces"]}
"""Space id -> its map.json record (type, region, sub_region, cost, prestige, war_strength, …)."""

SPACE_ORDER: tuple[str, ...] = tuple(s["id"] for s in MAP["spaces"])
"""Every space id in data order (stable iteration order for choices and views)."""


def _adjacency(kind: str, *, tough: bool) -> dict[str, tuple[str, ...]]:
    adj: dict[str, list[str]] = {sid: [] for sid in SPACE_ORDER}
    for e in MAP["edges"]:
        if e["kind"] != kind:
            continue
        if e.get("only_with_optional_rule") and not tough:
            continue
        adj[e["a"]].append(e["b"])
        adj[e["b"]].append(e["a"])
    return {k: tuple(v) for k, v in adj.items()}


ADJ: dict[str, tuple[str, ...]] = _adjacency("connection", tough=False)
"""Solid connections (IS-5.4.1): space id -> neighbouring space ids."""

LINES: dict[str, tuple[str, ...]] = _adjacency("conquest", tough=False)
"""Dashed conquest lines of the standard game (IS-3.2.6): space id -> other ends."""

LINES_TOUGH: dict[str, tuple[str, ...]] = _adjacency("conquest", tough=True)
"""Conquest lines with IS-V04 Tougher Forts (adds halifax–louisbourg)."""

COUNTRIES: dict[str, tuple[str, ...]] = {c["id"]: tuple(c["spaces"]) for c in MAP["countries"]}
"""Country id -> its Political spaces (IS-3.2.1)."""

COUNTRY_NAMES: dict[str, str] = {c["id"]: c["name"] for c in MAP["countries"]}
"""Country id -> display name."""

ADVANTAGES: dict[str, dict[str, Any]] = {a["id"]: a for a in MAP["advantages"]}
"""Advantage id -> record (region, connected_spaces, kind, effect, initial_holder) (IS-8)."""

INVEST: dict[int, dict[str, Any]] = {t["id"]: t for t in COMPONENTS["investment_tiles"]}
"""Investment tile id 0–23 -> {major: {type, points}, minor: {...}, event_symbol, military_upgrade}."""

AWARDS: dict[int, dict[str, Any]] = {t["id"]: t for t in COMPONENTS["award_tiles"]}
"""Award tile id 0–7 -> {vp, trp, min_margin} (IS-3.9)."""

DEMAND: dict[str, dict[str, Any]] = {t["id"]: t for t in COMPONENTS["global_demand_tiles"]}
"""Commodity id -> Global Demand record with ``reward_by_era`` (IS-4.1.12d)."""

DEMAND_ORDER: tuple[str, ...] = tuple(
    t["id"] for t in sorted(COMPONENTS["global_demand_tiles"], key=lambda t: t["order_on_table"])
)
"""Commodities in the table's scoring order: furs, spice, fish, tobacco, sugar, cotton."""

TURN_TRACK: tuple[dict[str, Any], ...] = tuple(COMPONENTS["turn_track"])
"""The ten turn-track entries T1, WSS, T2, T3, WAS, T4, 7YW, T5, AWI, T6 (IS-2.1)."""

TURN_IDS: tuple[str, ...] = tuple(t["id"] for t in TURN_TRACK)
"""Turn-track ids in order."""

ERA_OF_TURN: dict[str, str] = {t["id"]: t["era"] for t in TURN_TRACK}
"""Turn-track id -> era id (succession, empire, revolution)."""

NEXT_WAR: dict[str, str | None] = {
    "T1": "WSS",
    "T2": "WAS",
    "T3": "WAS",
    "T4": "7YW",
    "T5": "AWI",
    "T6": None,
}
"""Peace turn -> the next War (IS-2.1a)."""

WARS: dict[str, dict[str, Any]] = {w["id"]: w for w in COMPONENTS["wars"]}
"""War id -> war record (name, theaters list)."""

THEATERS: dict[str, dict[int, dict[str, Any]]] = {
    w["id"]: {t["number"]: t for t in w["theaters"]} for w in COMPONENTS["wars"]
}
"""War id -> theater number -> theater record (regions, bonus_strength, spoils…, IS-7.7)."""

SIDES_DATA: tuple[str, str] = ("france", "britain")
"""Side index -> the side's key in the data files."""


def _basic_tiles() -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for side, key in enumerate(SIDES_DATA):
        prefix = "fr" if side == 0 else "br"
        k = 0
        for group in COMPONENTS["basic_war_tiles"][key]:
            for _ in range(group["count"]):
                out[f"{prefix}_b{k:02d}"] = {
                    "side": side,
                    "strength": group["strength"],
                    "effect": group["effect"],
                }
                k += 1
    return out


BASIC_TILES: dict[str, dict[str, Any]] = _basic_tiles()
"""Basic War tile id (``fr_b00``–``fr_b15``, ``br_b00``–``br_b15``) -> {side, strength, effect}
(IS-3.7a: 00–02 +2; 03–06 +1; 07–10 opponent Debt; 11–12 damage Fort / remove Squadron;
13–15 −1 unflag)."""


def _bonus_tiles() -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for war, by_side in COMPONENTS["bonus_war_tiles"].items():
        for side, key in enumerate(SIDES_DATA):
            for k, t in enumerate(by_side[key]):
                out[f"{war}_{key}_{k}"] = {
                    "war": war,
                    "side": side,
                    "name": t["name"],
                    "strength": t["strength"],
                    "effect": t.get("effect"),
                }
    return out


BONUS_TILES: dict[str, dict[str, Any]] = _bonus_tiles()
"""Bonus War tile id ``<war>_<side>_<k>`` -> {war, side, name, strength, effect} (IS-3.7a)."""

MINISTRIES: dict[str, dict[str, Any]] = {m["id"]: m for m in COMPONENTS["ministry_cards"]}
"""Ministry card id ``M-1``…``M-26`` -> record (side, eras, keywords, effect) (IS-15)."""

EVENTS: dict[int, dict[str, Any]] = {e["id"]: e for e in COMPONENTS["event_cards"]}
"""Event card id 1–41 -> record (era, action_symbol, bonus_condition, versions) (IS-14)."""

ERA_CARDS: dict[str, tuple[int, ...]] = {
    "succession": tuple(range(1, 16)),
    "empire": tuple(range(16, 31)),
    "revolution": tuple(range(31, 42)),
}
"""Era -> its Event card ids (IS-3.4.1)."""

TYPE_LETTER: dict[str, str] = {"economic": "E", "diplomatic": "D", "military": "M"}
"""Action type word -> the letter used in action records (IS-5.7a)."""


KIND: dict[str, str] = {s: r["type"] for s, r in SPACES.items()}
"""Space id -> its type (``SPACES[s]["type"]``, flat for hot loops)."""

REGION: dict[str, str] = {s: r["region"] for s, r in SPACES.items()}
"""Space id -> its Region id (``SPACES[s]["region"]``, flat for hot loops)."""

NAVAL: frozenset[str] = frozenset(s for s, k in KIND.items() if k == "naval")
"""The Naval space ids."""


def region_of(space: str) -> str:
    """The Region id of ``space`` (KeyError for an unknown id)."""
    return REGION[space]


def kind_of(space: str) -> str:
    """The space type: ``political``, ``market``, ``territory``, ``naval`` or ``fort``."""
    return KIND[space]


def spaces_in(region: str | None = None, kind: str | None = None) -> tuple[str, ...]:
    """Space ids (data order) in ``region`` (None = all) of ``kind`` (None = any type)."""
    return _BY.get((region, kind), ())


_BY: dict[tuple[str | None, str | None], tuple[str, ...]] = {}
for _r in (None, *REGIONS):
    for _k in (None, "political", "market", "territory", "naval", "fort"):
        _BY[(_r, _k)] = tuple(
            s
            for s in SPACE_ORDER
            if (_r is None or SPACES[s]["region"] == _r) and (_k is None or SPACES[s]["type"] == _k)
        )


def name_of(space: str) -> str:
    """Display name of a space."""
    return SPACES[space]["name"]


def theater_name(war: str, number: int) -> str:
    """Display name of a theater, e.g. ``Spain (WSS 2)`` (IS-16.5 log style)."""
    return f"{THEATERS[war][number]['name']} ({war} {number})"


def commodity_markets(commodity: str) -> tuple[str, ...]:
    """Markets of ``commodity`` (data order)."""
    return tuple(s for s in spaces_in(None, "market") if SPACES[s]["commodity"] == commodity)


def is_basic(tile: str) -> bool:
    """True for a Basic War tile id (``fr_b00``…)."""
    return tile in BASIC_TILES


def tile_info(tile: str) -> dict[str, Any]:
    """The data record of a Basic or Bonus tile: {side, strength, effect, (name, war)}."""
    return BASIC_TILES[tile] if tile in BASIC_TILES else BONUS_TILES[tile]
