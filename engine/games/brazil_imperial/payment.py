"""Paying costs (BI-5.5-5.10, BI-29.6 canonical payment; Napoleon BI-19.10, Afonso BI-19.8).

A plan is ``{"payers": [payer], "convert": [battle card ids], "virtual": {kind: n}}`` where a
payer is ``["s", item]`` (personal supply), ``["t", hex, item]`` (goods on a tile you
control), ``["g", card]`` (a gold card spent as gold) or ``["v", kind]`` (a virtual item:
``vbasic``, ``vgold``, ``vscience``). The canonical payment takes, for each requirement unit in
the order science, gold, exact basics, a|b, any basic, the first payer that still leaves the
rest payable, in the BI-29.6 preference order; it converts battle cards only when nothing
else pays. The other ways (every distinct way, conversions, one payer per requirement) are
the payment steps of ``paysteps.py`` over the pure enumeration of ``payways.py``.
"""

from __future__ import annotations

from typing import Any

from engine.rules import State

from . import board as B
from . import catalog as C
from .state import BASICS, take_item


def _sources(st: State, s: int, exclude: str | None) -> tuple[list[list], dict[str, int]]:
    """Payer pool: ordered list of [payer, count] and a dict for lookups."""
    pool: list[list] = []
    tiles = sorted((h for h in st["tiles"] if B.controller(st, h) == s and h != exclude), key=C.rq)
    for h in tiles:
        for item, n in st["tiles"][h]["goods"].items():
            pool.append([("t", h, item), n])
    for item, n in st["supply"][s].items():
        pool.append([("s", item), n])
    cards = sorted(st["gold"][s], key=lambda c: (c in ("G13", "G14", "G15", "G16"), c))
    for c in cards:
        pool.append([("g", c), 1])
    return pool, {}


def _candidates(unit: str, payer: tuple) -> int | None:
    """Preference rank of ``payer`` for requirement ``unit`` (None: cannot pay it)."""
    kind = payer[0]
    item = payer[-1] if kind in ("s", "t") else None
    tile = kind == "t"
    if kind == "v":
        v = payer[1]
        if v == "vscience":
            return 90
        if v == "vgold":
            return 80 if unit != "science" else None
        return 70 if unit not in ("science", "gold") else None
    if unit == "science":
        return (0 if tile else 1) if item == "science" else None
    if kind == "g":
        return 20 if unit != "science" else None
    exact = {unit} if unit in BASICS else set(unit.split("|")) if "|" in unit else set(BASICS)
    if unit == "gold":
        exact = set()
    if item in exact:
        return 0 if tile else 1
    if item == "gold":
        return 10 if tile else 11
    if item == "science":
        return 30 if tile else 31
    return None


def sources(st: State, s: int, exclude: str | None = None) -> list[list]:
    """Seat ``s``'s payers as ``[[payer tuple, count]]`` in BI-29.6 order: goods on tiles it
    controls (by (r, q); not those of ``exclude``, BI-5.8), its supply, its gold cards (by id,
    Treasures last)."""
    return _sources(st, s, exclude)[0]


def candidate_rank(unit: str, payer: tuple) -> int | None:
    """Preference rank of ``payer`` for requirement ``unit`` (BI-5.6 table, BI-29.6 order;
    lower first), None when it may not cover it."""
    return _candidates(unit, payer)


def cost_label(cost: dict[str, int]) -> str:
    """Plain words for a cost ("1 sugar cane + 1 any basic"; "free" when empty)."""
    if not cost:
        return "free"
    parts = []
    for k, v in cost.items():
        name = (
            "any basic" if k == "any_basic" else " or ".join(C.ITEM_NAMES[x] for x in k.split("|"))
        )
        parts.append(f"{v} {name}")
    return " + ".join(parts)


def _solve(units: list[str], pool: list[list]) -> list[tuple] | None:
    if not units:
        return []
    u = units[0]
    ranked = sorted(
        (r, i) for i, (p, n) in enumerate(pool) if n > 0 and (r := _candidates(u, p)) is not None
    )
    for _, i in ranked:
        pool[i][1] -= 1
        rest = _solve(units[1:], pool)
        pool[i][1] += 1
        if rest is not None:
            return [pool[i][0], *rest]
    return None


def usable_battle(st: State, s: int) -> list[str]:
    """Battle cards seat ``s`` may convert now (not drawn in the current Deploy, BI-A30)."""
    fresh = set(st["turn"].get("deploy_new", []))
    return sorted(c for c in st["battle"][s] if c not in fresh)


def _conversions(st: State, s: int) -> list[tuple[list[str], dict[str, int]]]:
    """Possible conversions, fewest cards first (Napoleon BI-19.10, Afonso BI-19.8)."""
    m = st["monarch"][s]
    cards = usable_battle(st, s)
    out: list[tuple[list[str], dict[str, int]]] = []
    if m == "napoleon":
        for k in range(1, min(len(cards), 6) + 1):
            for pairs in range(k // 2, -1, -1):
                out.append((cards[:k], {"vbasic": k - 2 * pairs, "vscience": pairs}))
    elif m == "afonso_i" and st["flags"][s].get("afonso_turn") != st["turns"][s]:
        table = {1: {"vgold": 1}, 2: {"vbasic": 2}, 3: {"vscience": 1, "vgold": 1}}
        for k in (1, 2, 3):
            if len(cards) >= k:
                out.append((cards[:k], table[k]))
    return out


def plan(
    st: State, s: int, cost: dict[str, int], exclude: str | None = None, exact: bool = False
) -> dict[str, Any] | None:
    """The canonical payment of ``cost`` by seat ``s``, or None if it cannot be paid.

    ``exclude``: a tile whose goods may not pay (BI-5.8). ``exact``: Trade inputs (BI-5.7):
    only the named items, no substitution, no cards, no conversion."""
    units = C.cost_units(cost)
    if not units:
        return {"payers": [], "convert": [], "virtual": {}}
    pool, _ = _sources(st, s, exclude)
    if exact:
        pool = [p for p in pool if p[0][0] != "g"]
        for p in pool:
            p[1] = p[1]
        res = _solve_exact(units, pool)
        return None if res is None else {"payers": res, "convert": [], "virtual": {}}
    res = _solve(units, pool)
    if res is not None:
        return {"payers": res, "convert": [], "virtual": {}}
    for cards, virt in _conversions(st, s):
        vpool = pool + [[("v", k), n] for k, n in virt.items()]
        res = _solve(units, vpool)
        if res is not None:
            return {"payers": res, "convert": cards, "virtual": virt}
    return None


def _solve_exact(units: list[str], pool: list[list]) -> list[tuple] | None:
    if not units:
        return []
    u = units[0]
    want = set(BASICS) if u == "any_basic" else set(u.split("|"))
    for i, (p, n) in enumerate(pool):
        if n > 0 and p[-1] in want:
            pool[i][1] -= 1
            rest = _solve_exact(units[1:], pool)
            pool[i][1] += 1
            if rest is not None:
                return [p, *rest]
    return None


def can_pay(st: State, s: int, cost: dict[str, int], **kw: Any) -> bool:
    """True if ``cost`` can be paid now (BI-5.10)."""
    return plan(st, s, cost, **kw) is not None


def pay(st: State, s: int, p: dict[str, Any]) -> list[str]:
    """Carry out plan ``p``: remove the payers, discard spent cards (BI-5.9). Returns the
    gold cards spent (public once spent, BI-28.4)."""
    spent_gold = []
    for payer in p["payers"]:
        if payer[0] == "s":
            take_item(st["supply"][s], payer[1])
        elif payer[0] == "t":
            take_item(st["tiles"][payer[1]]["goods"], payer[2])
        elif payer[0] == "g":
            st["gold"][s].remove(payer[1])
            st["gold_discard"].append(payer[1])
            spent_gold.append(payer[1])
    for c in p["convert"]:
        st["battle"][s].remove(c)
        st["battle_discard"].append(c)
    if p["convert"] and st["monarch"][s] == "afonso_i":
        st["flags"][s]["afonso_turn"] = st["turns"][s]
    return spent_gold


def describe_plan(p: dict[str, Any]) -> str:
    """Plain words for a plan ("1 gold, 1 coffee from (3,-1)")."""
    parts = []
    for payer in p["payers"]:
        if payer[0] == "s":
            parts.append(C.ITEM_NAMES[payer[1]])
        elif payer[0] == "t":
            parts.append(f"{C.ITEM_NAMES[payer[2]]} from ({payer[1]})")
        elif payer[0] == "g":
            rec = C.GOLD_CARDS.get(payer[1])
            parts.append(f"gold card {rec['name'] if rec else payer[1]}")
    if p["convert"]:
        n = len(p["convert"])
        parts.append(f"{n} battle card{'s' if n != 1 else ''} converted")
    return ", ".join(parts) or "nothing"
