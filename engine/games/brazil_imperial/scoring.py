"""Brazil: Imperial final scoring and tiebreak (BI-17.3, BI-17.4), palace scoring (BI-15.3,
BI-15.6) and tile values (BI-6.14, BI-19.1/19.2/19.7).

Reads the state shape documented in ``state.py``; never changes it. Scores are computed only at
the end (BI-17.5); :func:`public_estimate` gives the running display's estimate.
"""

from __future__ import annotations

from typing import Any

from engine.games.brazil_imperial.cards import (
    CITY_TILES,
    EXPLORATION_TILES,
    GOLD_CARDS,
    MISSIONS,
    PAINTINGS,
)
from engine.games.brazil_imperial.components import BUILDINGS, MONARCHS, PALACES, PRODUCTS, SOLO
from engine.games.brazil_imperial.missions import (
    State,
    conditions_met,
    controlled,
    controller,
    manufactured,
    occupant,
    owner_controlled,
    palaces_on_map,
    units_on_map,
)

CATEGORIES: tuple[str, ...] = (
    "units",
    "products",
    "paintings",
    "gold_cards",
    "exploration",
    "missions",
    "palaces",
    "tiles",
)
"""The eight scoring categories in BI-17.3's order."""


def tile_vp(state: State, h: str) -> int:
    """VP = strength of the tile on ``h`` (BI-6.14, BI-13.4 aside): a city's printed VP; a
    building's VP, or the owner's monarch VP when the tile is crowned and shows that monarch's
    building (Manuel I Sawmill 2, Nassau Sugar Cane Field 3, Isabella I Trading Post 3;
    BI-19.1/19.2/19.7). Raises KeyError when ``h`` holds no tile."""
    t = state["tiles"][h]
    if t["kind"] == "city":
        return CITY_TILES[t["id"]].vp
    if t.get("crown"):
        monarch = state["monarch"][t["owner"]]
        ab = MONARCHS[monarch].ability if monarch else {}
        if ab.get("type") == "building_override" and ab["building"] == t["id"]:
            return int(ab["vp"])
    return BUILDINGS[t["id"]].vp


def deployed_units(state: State, seat: int) -> list[dict[str, Any]]:
    """Units of ``seat`` with ``deployed_once`` (on the map or in its supply, BI-17.3 #1)."""
    return [u for u in state["units"][seat] if u["once"]]


def palace_vp(state: State, seat: int, palace_id: str) -> int:
    """VP of one of ``seat``'s palaces standing on a tile it controls: base 2 + end bonus
    (BI-15.3): III +1 per Gold Mine it owns and controls, IV +2 per Cotton Plantation it owns
    and controls, V +1 per product it manufactured, VI +1 per unit with ``deployed_once``."""
    p = PALACES[palace_id]
    per = {
        None: 0,
        "gold_mine_built_and_controlled": _own_count(state, seat, "gold_mine"),
        "cotton_plantation_built_and_controlled": _own_count(state, seat, "cotton_plantation"),
        "product_manufactured": len(manufactured(state, seat)),
        "unit_deployed_at_least_once": len(deployed_units(state, seat)),
    }[p.end_per]
    return p.vp + p.end_vp * per


def _own_count(state: State, seat: int, building: str) -> int:
    return sum(1 for h in owner_controlled(state, seat, "building")
               if state["tiles"][h]["id"] == building)  # fmt: skip


def _painting_vp(state: State, seat: int) -> int:
    owned = state["paintings"][seat]
    vp = sum(PAINTINGS[p].vp for p in owned)
    if "P16" in owned:  # BI-20.16
        vp += len(palaces_on_map(state, seat))
    if "P20" in owned:  # BI-20.20, BI-D04, option BI-O08
        by_colour = [sum(PAINTINGS[p].colour == c for p in owned) for c in ("red", "pink", "blue")]
        sets = min(by_colour)
        if state["opts"].get("isabel_scoring", "once") == "once":
            sets = min(sets, 1)
        vp += 2 * sets
    if "P22" in owned:  # BI-20.22
        vp += len(state["revealed"][seat])
    if "P23" in owned:  # BI-20.23
        vp += units_on_map(state, seat)
    if "P24" in owned:  # BI-20.24
        vp += 2 * len(owner_controlled(state, seat, "city"))
    return vp


def _mission_vp(state: State, seat: int) -> int:
    revealed = state["revealed"][seat]
    vp = sum(MISSIONS[m].vp_on_reveal for m in revealed if MISSIONS[m].era != "III")
    era3 = state["missions"][seat].get("3")
    if era3:  # revealed or not (BI-A23, BI-D13)
        vp += MISSIONS[era3].vp_per_condition * conditions_met(state, seat, era3)
    if state["monarch"][seat] == "oba_ii":  # BI-19.6
        vp += min(2, len(revealed))
    return vp


def _tiles_vp(state: State, seat: int) -> int:
    vp = sum(tile_vp(state, h) for h in controlled(state, seat))
    dutch = state.get("dutch")
    if dutch and seat == 0 and occupant(state, dutch["hex"]) == 0:  # BI-18.8
        vp += SOLO.dutch_tile_strength
    return vp


def score(state: State, seat: int) -> dict[str, int]:
    """``seat``'s final score by category (BI-17.3) plus ``"total"``. The capital scores nothing.
    Raises KeyError on a state that breaks the state.py shape."""
    products = manufactured(state, seat)
    palaces = [
        t["palace"]
        for h, t in state["tiles"].items()
        if t.get("palace") and t["owner"] == seat and controller(state, h) == seat
    ]
    out = {
        "units": sum(u["str"] for u in deployed_units(state, seat)),
        "products": sum(PRODUCTS[p].vp for p in products)
        + sum(1 for p in products if state["products"][seat][p] == "victoria"),
        "paintings": _painting_vp(state, seat),
        "gold_cards": sum(GOLD_CARDS[g].vp for g in state["gold"][seat]),
        "exploration": sum(EXPLORATION_TILES[x].vp for x in state["explored"][seat]),
        "missions": _mission_vp(state, seat),
        "palaces": sum(palace_vp(state, seat, p) for p in palaces),
        "tiles": _tiles_vp(state, seat),
    }
    out["total"] = sum(out[c] for c in CATEGORIES)
    return out


def final_scores(state: State) -> list[dict[str, int]]:
    """:func:`score` for every seat, in seat order (BI-17.3)."""
    return [score(state, s) for s in range(state["n"])]


def tiebreak(state: State, seat: int) -> int:
    """Science goods on the tiles ``seat`` controls, own or occupied (BI-17.4, BI-D16); science
    in the personal supply does not count."""
    return sum(state["tiles"][h]["goods"].get("science", 0) for h in controlled(state, seat))


def winners(state: State) -> list[int]:
    """Seats with the highest total; among them those with the most science on the map; still
    tied: all of them share the victory (BI-17.4). In seat order."""
    totals = [s["total"] for s in final_scores(state)]
    best = [s for s, t in enumerate(totals) if t == max(totals)]
    science = {s: tiebreak(state, s) for s in best}
    return [s for s in best if science[s] == max(science.values())]


def public_estimate(state: State, seat: int) -> int:
    """A running score estimate from public information only (BI-17.5): the final score
    without gold-card Treasures and without unrevealed missions (the era III card counts only
    once revealed; Dom Obá II's bonus counts for revealed missions)."""
    s = score(state, seat)
    era3 = state["missions"][seat].get("3")
    hidden = 0
    if era3 and era3 not in state["revealed"][seat]:
        hidden = MISSIONS[era3].vp_per_condition * conditions_met(state, seat, era3)
    return s["total"] - s["gold_cards"] - hidden
