"""Brazil: Imperial missions: checking a mission card's conditions against a position (BI-14,
BI-23) and the palaces a reveal may place (BI-15.2, BI-15.3).

Reads the state shape documented in ``state.py`` (hex keys ``"q,r"``, seats 0-based, ``units``,
``tiles``, ``products``, ``paintings``, ``supply``, ``gold``, ``missions``, ``revealed``,
``era``, ``opts``); never changes it. Conditions are checks only: nothing is spent (BI-14.2).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.games.brazil_imperial.cards import MISSIONS, PAINTINGS, Condition
from engine.games.brazil_imperial.components import BASIC, ERA_NUMBER, PALACES, PRODUCTS

State = Mapping[str, Any]

OFF_MAP: frozenset[str] = frozenset({"slot", "supply"})
"""Unit locations that are not map hexes (state.py ``units[s][i]["loc"]``, BI-1.8)."""


# --- position queries (BI-1.7, BI-13) ------------------------------------------------------------


def occupant(state: State, h: str) -> int | None:
    """The seat whose units stand on hex ``h`` (at most one after a combat, BI-10.6), or None."""
    for seat, units in enumerate(state["units"]):
        if any(u["loc"] == h for u in units):
            return seat
    return None


def controller(state: State, h: str) -> int | None:
    """Controller of the tile on ``h`` (BI-1.7): the player whose units stand there, else the
    owner; ``None`` when ``h`` holds no tile."""
    tile = state["tiles"].get(h)
    if tile is None:
        return None
    occ = occupant(state, h)
    return tile["owner"] if occ is None else occ


def owner_controlled(state: State, seat: int, kind: str | None = None) -> list[str]:
    """Hexes of tiles ``seat`` owns and controls ("own", BI-1.7, BI-14.2), optionally only
    ``kind`` ``"building"`` or ``"city"``; in (r, q) order of the keys' numbers."""
    out = [
        h
        for h, t in state["tiles"].items()
        if t["owner"] == seat
        and (kind is None or t["kind"] == kind)
        and controller(state, h) == seat
    ]
    return sorted(out, key=_rq)


def controlled(state: State, seat: int) -> list[str]:
    """Hexes of every tile ``seat`` controls, own or occupied (BI-13.2)."""
    return sorted((h for h in state["tiles"] if controller(state, h) == seat), key=_rq)


def _rq(h: str) -> tuple[int, int]:
    q, r = h.split(",")
    return (int(r), int(q))


def units_on_map(state: State, seat: int) -> int:
    """Units of ``seat`` standing on map hexes (lakes and occupied tiles included, BI-14.2)."""
    return sum(1 for u in state["units"][seat] if u["loc"] not in OFF_MAP)


def manufactured(state: State, seat: int, shape: str | None = None) -> list[str]:
    """Product ids ``seat`` manufactured (in a slot or on Victoria's board), optionally of one
    ``shape`` (BI-14.2, BI-27.3)."""
    return [
        p
        for p, where in state["products"][seat].items()
        if where != "board" and (shape is None or PRODUCTS[p].shape == shape)
    ]


def held(state: State, seat: int, items: tuple[str, ...]) -> int:
    """Count of ``items`` held for missions: personal supply plus goods on tiles ``seat``
    controls (BI-14.2, BI-A21, BI-D03), or the supply only under option BI-O07 ``supply_only``."""
    n = sum(state["supply"][seat].get(i, 0) for i in items)
    if state["opts"].get("mission_goods_scope", "supply_and_tiles") == "supply_only":
        return n
    for h in controlled(state, seat):
        goods = state["tiles"][h]["goods"]
        n += sum(goods.get(i, 0) for i in items)
    return n


def palaces_on_map(state: State, seat: int) -> list[str]:
    """Palace ids (II-VI) of ``seat`` standing on tiles it controls (BI-14.2, BI-A25). A palace
    always stands on its placer's own tile (BI-15.2), so the tile's owner is the palace's."""
    return [
        t["palace"]
        for h, t in state["tiles"].items()
        if t.get("palace") and t["owner"] == seat and controller(state, h) == seat
    ]


# --- conditions ------------------------------------------------------------------------------


def as_condition(cond: Condition | Mapping[str, Any]) -> Condition:
    """``cond`` as a :class:`Condition`; a data record (``{"type", "min", ...}`` as in
    data/missions.json) is converted."""
    if isinstance(cond, Condition):
        return cond
    return Condition(
        cond["type"],
        cond["min"],
        cond.get("building"),
        cond.get("shape"),
        cond.get("item"),
        bool(cond.get("distinct_colours", False)),
    )


def condition_count(state: State, seat: int, cond: Condition | Mapping[str, Any]) -> int:
    """The number a condition (a :class:`Condition` or its data record) compares with its
    ``min`` (BI-14.2). Raises ValueError for an unknown condition type."""
    cond = as_condition(cond)
    t = cond.type
    if t == "units_on_map":
        return units_on_map(state, seat)
    if t in ("own_building", "own_buildings_total", "distinct_building_types"):
        ids = [state["tiles"][h]["id"] for h in owner_controlled(state, seat, "building")]
        if t == "own_building":
            return ids.count(cond.building)
        return len(ids) if t == "own_buildings_total" else len(set(ids))
    if t == "own_cities":
        return len(owner_controlled(state, seat, "city"))
    if t == "products":
        return len(manufactured(state, seat, cond.shape))
    if t == "paintings":
        owned = state["paintings"][seat]
        return len({PAINTINGS[p].colour for p in owned}) if cond.distinct_colours else len(owned)
    if t == "supply_has":
        return held(state, seat, (cond.item,))
    if t == "supply_basic_total":
        return held(state, seat, BASIC)
    if t == "gold_cards_in_hand":
        return len(state["gold"][seat])
    if t == "palaces_on_map":
        return len(palaces_on_map(state, seat))
    raise ValueError(f"unknown mission condition {t!r}")


def condition_holds(state: State, seat: int, cond: Condition | Mapping[str, Any]) -> bool:
    """True when ``cond`` holds for ``seat`` now (BI-14.2)."""
    cond = as_condition(cond)
    return condition_count(state, seat, cond) >= cond.min


def conditions_met(state: State, seat: int, mission_id: str) -> int:
    """How many of the mission's 3 conditions hold for ``seat`` now (era III scoring, BI-17.3).
    Raises KeyError for an unknown mission id."""
    return sum(condition_holds(state, seat, c) for c in MISSIONS[mission_id].conditions)


def mission_holds(state: State, seat: int, mission_id: str) -> bool:
    """True when all conditions of ``mission_id`` hold for ``seat`` now (BI-14.3)."""
    return conditions_met(state, seat, mission_id) == len(MISSIONS[mission_id].conditions)


def revealable(state: State, seat: int) -> list[str]:
    """Missions ``seat`` may reveal in its end step (BI-14.3): kept, not yet revealed, of the
    current or an earlier era, every condition holding. The one-per-turn limit is the turn
    flow's. In era order."""
    out = []
    for era_key in sorted(state["missions"][seat], key=int):
        mid = state["missions"][seat][era_key]
        if mid is None or mid in state["revealed"][seat]:
            continue
        if ERA_NUMBER[MISSIONS[mid].era] <= state["era"] and mission_holds(state, seat, mid):
            out.append(mid)
    return out


# --- palaces (BI-15.2, BI-15.3) ---------------------------------------------------------------


def palace_sites(state: State, seat: int) -> dict[str, list[str]]:
    """For each palace still on ``seat``'s board, the hexes it may be placed on now (BI-15.2,
    BI-15.3): tiles ``seat`` owns and controls, without a palace, whose face-up building (or
    ``"city"``) the palace requires. Palaces with no eligible tile are left out, so an empty
    dict means none is placed (BI-A24)."""
    out: dict[str, list[str]] = {}
    free = [h for h in owner_controlled(state, seat) if not state["tiles"][h].get("palace")]
    for pid in state["palaces"][seat]:
        sites = PALACES[pid].sites
        hexes = [h for h in free if _face(state["tiles"][h]) in sites]
        if hexes:
            out[pid] = hexes
    return out


def _face(tile: Mapping[str, Any]) -> str:
    return "city" if tile["kind"] == "city" else tile["id"]
