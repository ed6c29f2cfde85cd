"""Brazil: Imperial "why not?" for Build (BI-6, BI-7.3): the buildings and cities missing from
"Build: what?" and the hexes missing from "Build where?", each with the rule that keeps it
out, computed from the public map and the seat's own supply (see ``unavailable.py``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.choices import split_choice

from . import actions as A
from . import board as B
from . import catalog as C
from . import payment as P
from .state import ERA_NAMES

State = dict[str, Any]
Reason = tuple[str, str]
CannotPay = Callable[..., str]

TERRAIN_NAMES = {"plains": "plains", "forest": "forest", "gold": "gold hills"}
"""Current terrains (BI-1.4) as a player reads them."""


def _terrains(b: str) -> str:
    kinds = B.BUILD_TERRAIN[b]
    if len(kinds) == len(B.LAND):
        return "any land (plains, forest or gold hills)"
    return " or ".join(TERRAIN_NAMES[k] for k in kinds)


def _near_land(st: State, s: int) -> set[str]:
    """Hexes next to ``s``'s capital or a tile it owns (BI-6.5), without a tile on them."""
    mapkey = st["map"]
    own = [h for h, t in st["tiles"].items() if t["owner"] == s]
    near: set[str] = set()
    for h in [st["capital"][s], *own]:
        near.update(C.neighbours(h, mapkey))
    caps = set(st["capital"]) | ({st["dutch"]["hex"]} if st["dutch"] else set())
    return {h for h in near if h not in st["tiles"] and h not in caps}


def _hexes(hs: list[str]) -> str:
    shown = A.hex_sort(hs)
    words = ", ".join(f"({h})" for h in shown[:4])
    return words + (f" and {len(shown) - 4} more" if len(shown) > 4 else "")


def hex_reasons(st: State, s: int, b: str) -> list[tuple[list[str], str]]:
    """``[(hexes, reason)]``: the hexes next to ``s``'s land (BI-6.5) where building ``b`` may
    not stand, grouped by the first rule each breaks: terrain (BI-6.4), next to another
    player's tile or capital (BI-6.6), another player's unit on it (BI-6.7)."""
    near = _near_land(st, s)
    groups: dict[str, list[str]] = {}
    name = C.BUILDINGS[b]["name"]
    wrong = sorted({B.terrain(st, h) for h in near} - set(B.BUILD_TERRAIN[b]))
    these = " and ".join(TERRAIN_NAMES.get(t, t) for t in wrong)
    for h in near:
        t = B.terrain(st, h)
        if t not in B.BUILD_TERRAIN[b]:
            key = f"A {name} stands on {_terrains(b)}; these are {these} (BI-6.4)"
        elif B.banned_by_enemy(st, s, h):
            key = "Next to another player's tile or capital (BI-6.6)"
        elif B.enemy_units_on(st, s, h):
            key = "Another player's unit stands there (BI-6.7)"
        else:
            continue
        groups.setdefault(key, []).append(h)
    return [(hs, why) for why, hs in groups.items()]


def _no_hex(st: State, s: int, b: str) -> str:
    """Why ``b`` has no legal payable hex though its era, tile and cost allow it."""
    fits = [
        h
        for h in _near_land(st, s)
        if B.terrain(st, h) in B.BUILD_TERRAIN[b]
        and not B.banned_by_enemy(st, s, h)
        and not B.enemy_units_on(st, s, h)
    ]
    if fits:  # only over a tile whose goods would have to pay
        return "The only places are over your tiles whose goods it would need (BI-5.8, BI-6.9)"
    right = [h for h in _near_land(st, s) if B.terrain(st, h) in B.BUILD_TERRAIN[b]]
    if not right:
        return f"No {_terrains(b)} hex is next to your capital or your tiles (BI-6.4, BI-6.5)"
    return (
        f"Every {_terrains(b)} hex next to your land is next to another player's tile or"
        " capital, or holds their unit (BI-6.6, BI-6.7)"
    )


def build_what(st: State, s: int, fr: dict, cannot_pay: CannotPay) -> list[Reason]:
    """The buildings and cities ``s`` may not build in this Build step, with why: era
    (BI-6.3), tile pool (BI-6.2), cost (BI-5.10, with what is missing) or place (BI-6.4-6.8;
    cities BI-6.15, BI-6.16). ``cannot_pay(st, s, cost)`` words a cost that cannot be paid."""
    offered = A.build_options(st, s, fr)
    out: list[Reason] = []
    for b, rec in C.BUILDINGS.items():
        if f"b:{b}" in offered:
            continue
        cost = A.build_cost(st, s, rec["cost"], fr)
        era = B.building_era(b)
        if era > st["era"]:
            why = f"An era {ERA_NAMES[era]} building: it is era {ERA_NAMES[st['era']]} (BI-6.3)"
        elif st["pool"][B.building_tile(b)] <= 0:
            why = "No tile of its kind is left in the pool (BI-6.2)"
        elif not P.can_pay(st, s, cost):
            why = cannot_pay(st, s, cost)
        else:
            why = _no_hex(st, s, b)
        out.append((f"{rec['name']} ({P.cost_label(cost)})", why))
    return out + _cities(st, s, fr, offered, cannot_pay)


def _cities(
    st: State, s: int, fr: dict, offered: dict[str, list[str]], cannot_pay: CannotPay
) -> list[Reason]:
    """The cities on top of the stacks that ``s`` may not found now (BI-6.15, BI-6.16)."""
    tops = [(i, stack[0]) for i, stack in enumerate(st["city_stacks"]) if stack]
    if not tops:
        return [("A city", "Both city stacks are empty (BI-6.16)")]
    out: list[Reason] = []
    for i, city in tops:
        if f"city:{i + 1}" in offered:
            continue
        cost = A.build_cost(st, s, C.CITIES[city]["cost"], fr)
        label = f"City {C.CITIES[city]['name']} ({P.cost_label(cost)})"
        out.append((label, _city_why(st, s, cost, cannot_pay)))
    return out


def _city_why(st: State, s: int, cost: dict[str, int], cannot_pay: CannotPay) -> str:
    h = B.monarch_hex(st, s)
    if h is None:
        return "A city is founded where your Monarch stands: deploy it first (BI-6.15)"
    if B.banned_by_enemy(st, s, h):
        return f"Your Monarch at ({h}) is next to another player's tile or capital (BI-6.6)"
    if B.enemy_units_on(st, s, h):
        return f"Another player's unit shares your Monarch's hex ({h}) (BI-6.7)"
    if B.city_hex(st, s) is None:
        return f"Your Monarch's hex ({h}) is not land nor your own era I/II tile (BI-6.15)"
    return cannot_pay(st, s, cost, exclude=h if h in st["tiles"] else None)


def build_hex(st: State, s: int, fr: dict) -> list[Reason]:
    """For "Build where?": the other hexes next to ``s``'s land, grouped by why the chosen
    building may not stand there (:func:`hex_reasons`). Nothing for a city (its hex is the
    Monarch's, BI-6.15)."""
    what = fr["what"]
    if not what.startswith("b:"):
        return []
    b = split_choice(what, "b")
    return [(_hexes(hs), why) for hs, why in hex_reasons(st, s, b)]
