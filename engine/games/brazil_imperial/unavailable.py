"""Brazil: Imperial "why not?": the choices a player would expect now and why they are missing.

The rules contract's optional ``unavailable`` hook (engine/rules.py). Reasons read only what the
seat sees: its own supply, hand and units, the public map and display (BI-28), so they are the
same in every world ``determinize`` gives for the seat.
"""

from __future__ import annotations

from typing import Any

from . import actions as A
from . import board as B
from . import catalog as C
from . import frames as F
from . import payment as P
from .state import ERA_NAMES

State = dict[str, Any]
Reason = tuple[str, str]


def cannot_pay(st: State, seat: int) -> str:
    """The reason for a cost ``seat`` cannot pay in full (BI-5.6, BI-5.10), naming what its
    supply holds and its gold cards: "Cannot be paid in full from your supply (1 gold), your
    tiles' goods and 0 gold cards (BI-5.10)"."""
    sup = st["supply"][seat]
    held = ", ".join(f"{v} {C.ITEM_NAMES[k]}" for k, v in sorted(sup.items()) if v) or "empty"
    n = len(st["gold"][seat])
    cards = f"{n} gold card{'s' if n != 1 else ''}"
    return (
        f"Cannot be paid in full from your supply ({held}), your tiles' goods and {cards} (BI-5.10)"
    )


def unavailable(st: State, seat: int) -> list[Reason]:
    """``[(label, reason)]`` for ``seat`` now: the arch its action token is on (BI-4.2), the
    units it cannot pay to deploy (BI-7.1, BI-5.10), the paintings it cannot pay for (BI-7.2),
    the buildings it may not build, by era (BI-6.3), tile pool (BI-6.2), cost (BI-5.10) or
    place (BI-6.4 to BI-6.8). Empty unless ``seat`` decides one of these steps."""
    fr = F.top(st)
    if fr is None or st["phase"] == "over" or fr.get("seat") != seat:
        return []
    kind = fr["k"]
    if kind == "action":
        return _arch(st, seat)
    if kind == "deploy.unit":
        return _deploy(st, seat)
    if kind == "frame.card":
        return _frame(st, seat, fr)
    if kind == "build.what":
        return _build(st, seat, fr)
    return []


def _arch(st: State, seat: int) -> list[Reason]:
    a = st["token"][seat]
    if not a:
        return []
    why = "Your action token is already on it: never the same arch twice running (BI-4.2)"
    return [(C.ARCH_NAMES[a], why)]


def _deploy(st: State, seat: int) -> list[Reason]:
    out: list[Reason] = []
    for u in st["units"][seat]:
        if u["loc"] != "slot":
            continue
        cost = dict(C.BOARDS[st["board"][seat]]["units"][u["slot"] - 1]["first_deploy_cost"])
        if not P.can_pay(st, seat, cost):
            label = f"{C.UNIT_NAMES[u['type']]} ({P.cost_label(cost)})"
            why = cannot_pay(st, seat)
            out.append((label, "Its first deployment " + why[0].lower() + why[1:]))
    return out


def _frame(st: State, seat: int, fr: dict) -> list[Reason]:
    out: list[Reason] = []
    for pid in st["display"]:
        if pid is None:
            continue
        cost = A.painting_cost(st, seat, pid, fr)
        if fr.get("extra") and C.PAINTINGS[pid]["cost"] not in ({"gold": 1}, {"any_basic": 1}):
            why = "This extra Frame buys only a painting costing 1 gold or 1 any basic (BI-O04)"
        elif not P.can_pay(st, seat, cost):
            why = cannot_pay(st, seat)
        else:
            continue
        out.append((f"{C.PAINTINGS[pid]['name']} ({P.cost_label(cost)})", why))
    return out


def _build(st: State, seat: int, fr: dict) -> list[Reason]:
    offered = A.build_options(st, seat, fr)
    out: list[Reason] = []
    for b, rec in C.BUILDINGS.items():
        if f"b:{b}" in offered:
            continue
        cost = A.build_cost(st, seat, rec["cost"], fr)
        label = f"{rec['name']} ({P.cost_label(cost)})"
        era = B.building_era(b)
        if era > st["era"]:
            why = f"An era {ERA_NAMES[era]} building: it is era {ERA_NAMES[st['era']]} (BI-6.3)"
        elif st["pool"][B.building_tile(b)] <= 0:
            why = "No tile of its kind is left in the pool (BI-6.2)"
        elif not P.can_pay(st, seat, cost):
            why = cannot_pay(st, seat)
        else:
            why = "No hex fits: terrain, next to your land, no enemy tile beside it (BI-6.4, BI-6.5, BI-6.6)"
        out.append((label, why))
    return out
