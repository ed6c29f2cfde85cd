"""Brazil: Imperial "why not?": the choices a player would expect now and why they are missing.

The rules contract's optional ``unavailable`` hook (engine/rules.py). Reasons read only what the
seat sees: its own supply, hand and units, the public map and display (BI-28), so they are the
same in every world ``determinize`` gives for the seat. A cost that cannot be paid names what
is missing (:func:`shortfall`); Build's reasons are in ``unavailable_build.py``.
"""

from __future__ import annotations

from typing import Any

from . import actions as A
from . import board as B
from . import catalog as C
from . import frames as F
from . import moves as M
from . import payment as P
from . import unavailable_build as UB
from .state import BASICS

State = dict[str, Any]
Reason = tuple[str, str]

TREASURES = ("G13", "G14", "G15", "G16")
"""Gold cards with no play effect (BI-8.6)."""


def shortfall(st: State, seat: int, cost: dict[str, int], **kw: Any) -> dict[str, int]:
    """What ``seat`` lacks to pay ``cost`` (BI-5.5, BI-5.6, BI-5.10), as a cost:
    ``{"sugar_cane|coffee": 1}``; ``{}`` when it can pay. The requirement units are kept one
    by one in BI-29.6 order (science, gold, exact basics, a|b, any basic) while the kept part
    stays payable; the ones that do not fit are the shortfall. ``kw``: ``exclude`` / ``exact``
    as :func:`payment.can_pay` takes them."""
    kept: dict[str, int] = {}
    short: dict[str, int] = {}
    for u in C.cost_units(cost):
        trial = {**kept, u: kept.get(u, 0) + 1}
        if P.can_pay(st, seat, trial, **kw):
            kept = trial
        else:
            short[u] = short.get(u, 0) + 1
    return short


def _items(d: dict[str, int]) -> str:
    return ", ".join(f"{v} {C.ITEM_NAMES[k]}" for k, v in sorted(d.items()) if v)


def holdings(st: State, seat: int, exclude: str | None = None) -> str:
    """What ``seat`` could pay with, in words: "1 gold in your supply, no goods on your tiles,
    no gold cards" (supply BI-5.1, goods on tiles it controls BI-5.6 except ``exclude``
    BI-5.8, gold cards BI-8.3)."""
    sup = _items(st["supply"][seat])
    goods: dict[str, int] = {}
    for h, t in st["tiles"].items():
        if h != exclude and B.controller(st, h) == seat:
            for k, v in t["goods"].items():
                goods[k] = goods.get(k, 0) + v
    n = len(st["gold"][seat])
    return ", ".join(
        (
            f"{sup} in your supply" if sup else "an empty supply",
            f"{_items(goods)} on your tiles" if _items(goods) else "no goods on your tiles",
            f"{n} gold card{'s' if n != 1 else ''}" if n else "no gold cards",
        )
    )


def cannot_pay(st: State, seat: int, cost: dict[str, int], exclude: str | None = None) -> str:
    """The reason for a cost ``seat`` cannot pay in full (BI-5.6, BI-5.10): what is missing and
    what it has: "You are short of 1 cotton: you have 1 gold in your supply, no goods on your
    tiles, no gold cards (BI-5.10)"."""
    short = shortfall(st, seat, cost, exclude=exclude)
    lack = P.cost_label(short) if short else P.cost_label(cost)
    return f"You are short of {lack}: you have {holdings(st, seat, exclude)} (BI-5.10)"


def unavailable(st: State, seat: int) -> list[Reason]:
    """``[(label, reason)]`` for ``seat`` now. On the action menu: the arch its action token is
    on (BI-4.2), each arch that would do nothing (no unit, painting, building, tile, product
    or exchange within reach) and the gold cards it cannot play (BI-8.4, BI-8.6); in an
    action's step: the units (BI-7.1), paintings (BI-7.2), buildings, cities and hexes
    (BI-6, BI-7.3), tiles (BI-7.4), products (BI-7.5) and exchanges (BI-7.7) it cannot take,
    each with its reason. Empty unless ``seat`` decides one of these steps."""
    fr = F.top(st)
    if fr is None or st["phase"] == "over" or fr.get("seat") != seat:
        return []
    kind = fr["k"]
    if kind == "action":
        return _arch(st, seat) + _empty_arches(st, seat, fr) + _gold(st, seat)
    if kind == "after":
        return _gold(st, seat)
    if kind == "deploy.unit":
        return _deploy(st, seat)
    if kind == "frame.card":
        return _frame(st, seat, fr)
    if kind == "build.what":
        return UB.build_what(st, seat, fr, cannot_pay)
    if kind == "build.hex":
        return UB.build_hex(st, seat, fr)
    if kind == "renovate.tile":
        return _renovate(st, seat, fr)
    if kind == "manufacture.product":
        return _products(st, seat, fr)
    if kind == "trade":
        return _trade(st, seat)
    if kind == "move":
        return _moves(st, seat)
    return []


def _moves(st: State, seat: int) -> list[Reason]:
    """The moves missing from the Movement menu, with why: the free move (BI-10.1), the arch's
    extra move (BI-10.2), a bombard (BI-12.13)."""
    t = st["turn"]
    on_map = [u for u in st["units"][seat] if "," in u["loc"]]
    out: list[Reason] = []
    if t["free"]:
        out.append(("Free move", "You have made your free move this turn (BI-10.1)"))
    elif not M.movers(st, seat, "free"):
        why = "No unit of yours on the map" if not on_map else "None of your units can move"
        out.append(("Free move", f"{why} (BI-10.1)"))
    arch = t["arch"] or ""
    mode = M.EXTRA.get(arch)
    if mode is None:
        name = C.ARCH_NAMES.get(arch, "This action")
        out.append(("Extra move", f"{name} gives no extra move (BI-10.2)"))
    elif t["extra"]:
        out.append(("Extra move", "You have made this turn's extra move (BI-10.2)"))
    elif not M.movers(st, seat, mode):
        why = f"No unit of yours can {M.EXTRA_NAMES[mode]} (BI-10.2)"
        out.append((f"Extra move: {M.EXTRA_NAMES[mode]}", why))
    guns = [u for u in on_map if u["type"] in ("cannon", "grenadier")]
    if t["free"]:
        why = "A bombard uses the free move, made already this turn (BI-12.13)"
    elif not guns:
        why = "It needs a cannon or grenadier of yours on the map (BI-12.13)"
    elif not any(M.bombard_targets(st, seat, u["slot"]) for u in guns):
        why = "No other player's unit next to your cannon or grenadier (BI-12.13)"
    else:
        return out
    out.append(("Bombard", why))
    return out


def _arch(st: State, seat: int) -> list[Reason]:
    a = st["token"][seat]
    if not a:
        return []
    why = "Your action token is already on it: never the same arch twice running (BI-4.2)"
    return [(C.ARCH_NAMES[a], why)]


def _empty_arches(st: State, seat: int, fr: dict) -> list[Reason]:
    """The arches the token may take that would do nothing now, with why (a note before the
    player commits: the arch stays a legal choice, BI-4.5)."""
    probe = {"k": "probe", "seat": seat, "card": False}  # the arch as the token would take it
    out: list[Reason] = []
    free = st["token"][seat]
    arches = [a for a in C.ARCH_NAMES if a != free]
    if "deploy" in arches and len(A._deploy_choices(st, probe)[1]) == 1:
        units = [
            (C.UNIT_NAMES[u["type"]], A._first_cost(st, seat, u["slot"]))
            for u in st["units"][seat]
            if u["loc"] == "slot"
        ]
        why = "You would only draw a battle card: no unit you can pay to deploy"
        out.append(("Deploy: a unit", why + _nearest(st, seat, units) + " (BI-7.1, BI-5.10)"))
    if "frame" in arches and len(A._frame_choices(st, probe)[1]) == 1:
        pics = [
            (C.PAINTINGS[p]["name"], A.painting_cost(st, seat, p, probe))
            for p in st["display"]
            if p is not None
        ]
        why = "No painting on display you can pay for" + _nearest(st, seat, pics)
        out.append(("Frame: a painting", why + " (BI-7.2, BI-5.10)"))
    if "build" in arches and not A.build_options(st, seat, probe):
        why = "No building or city you can build now; the Build step lists why for each"
        out.append(("Build: a building or city", why + " (BI-6.1, BI-7.3)"))
    if "renovate" in arches and not A.renovate_targets(st, seat, probe):
        out.append(("Renovate: a tile", _no_renovate(st, seat)))
    if "manufacture" in arches and len(A._product_choices(st, probe)[1]) == 1:
        out.append(("Manufacture: a product", _no_product(st, seat, probe)))
    if "trade" in arches and not A.trade_options(st, seat) and len(st["battle"][seat]) < 2:
        out.append(("Trade: an exchange", _no_trade(st, seat)))
    return out


def _no_product(st: State, seat: int, fr: dict) -> str:
    """Why Manufacture would make nothing (BI-7.5): no slot left for any product still on the
    board, or the product nearest to payable and what it lacks."""
    left = [
        p
        for p, where in st["products"][seat].items()
        if where == "board" and A.product_places(st, seat, p)
    ]
    if not left:
        return "No empty upgrade slot left for any product still on your board (BI-7.5)"
    costs = [(C.PRODUCTS[p]["name"], A.product_cost(st, seat, p, fr)) for p in left]
    return "No product you can pay for" + _nearest(st, seat, costs) + " (BI-7.5, BI-5.10)"


def _nearest(st: State, seat: int, options: list[tuple[str, dict[str, int]]]) -> str:
    """ "; the nearest, Dye (2 brazilwood), lacks 1 brazilwood": of ``(name, cost)`` options
    none of which ``seat`` can pay, the one lacking the fewest items (the first on a tie);
    "" when there is none."""
    if not options:
        return ""
    short = [shortfall(st, seat, cost) for _, cost in options]
    n = min(range(len(options)), key=lambda i: sum(short[i].values()))
    name, cost = options[n]
    return f"; the nearest, {name} ({P.cost_label(cost)}), lacks {P.cost_label(short[n])}"


def _gold(st: State, seat: int) -> list[Reason]:
    """Gold cards in hand that cannot be played now: a second extra action (BI-8.4), a
    Treasure (BI-8.6)."""
    out: list[Reason] = []
    for c in sorted(set(st["gold"][seat])):
        rec = C.GOLD_CARDS[c]
        if c in TREASURES:
            why = "A Treasure has no play effect: 2 VP if still in hand at the end (BI-8.6)"
            out.append((f"Play {rec['name']}", why))
        elif rec["effect"]["type"] == "extra_action" and st["turn"]["gold_action"]:
            why = "You have played an extra-action card this turn: one per turn (BI-8.4)"
            out.append((f"Play {rec['name']}", why))
    return out


def _deploy(st: State, seat: int) -> list[Reason]:
    out: list[Reason] = []
    for u in st["units"][seat]:
        if u["loc"] != "slot":
            continue
        cost = dict(C.BOARDS[st["board"][seat]]["units"][u["slot"] - 1]["first_deploy_cost"])
        if not P.can_pay(st, seat, cost):
            label = f"{C.UNIT_NAMES[u['type']]} ({P.cost_label(cost)})"
            why = cannot_pay(st, seat, cost)
            out.append((label, "Its first deployment: " + why[0].lower() + why[1:]))
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
            why = cannot_pay(st, seat, cost)
        else:
            continue
        out.append((f"{C.PAINTINGS[pid]['name']} ({P.cost_label(cost)})", why))
    return out


def _no_renovate(st: State, seat: int) -> str:
    """Why no tile of ``seat`` can be renovated (BI-7.4)."""
    mine = [h for h, t in st["tiles"].items() if t["owner"] == seat and t["kind"] == "building"]
    if not mine:
        return "You own no building tile (BI-7.4)"
    return "Each of your building tiles holds goods, is occupied or cannot be paid for (BI-7.4)"


def _renovate(st: State, seat: int, fr: dict) -> list[Reason]:
    """Each tile ``seat`` owns that is not offered, with why (BI-7.4, BI-6.13, BI-13.3)."""
    offered = set(A.renovate_targets(st, seat, fr))
    cost = {} if A.upgraded(st, seat, "renovate", fr) else {"any_basic": 1}
    out: list[Reason] = []
    for h in A.hex_sort([h for h, t in st["tiles"].items() if t["owner"] == seat]):
        if h in offered:
            continue
        t = st["tiles"][h]
        name = C.CITIES[t["id"]]["name"] if t["kind"] == "city" else C.BUILDINGS[t["id"]]["name"]
        if t["kind"] == "city":
            why = "A city is never renovated (BI-7.4)"
        elif B.controller(st, h) != seat:
            why = "Another player's unit occupies it (BI-7.4, BI-13.3)"
        elif t["goods"]:
            why = f"It still holds goods ({_items(t['goods'])}): only an empty tile (BI-6.13)"
        else:
            why = cannot_pay(st, seat, cost, exclude=h)
        out.append((f"{name} at ({h})", why))
    return out


def _products(st: State, seat: int, fr: dict) -> list[Reason]:
    """Each product still on ``seat``'s board that is not offered, with why (BI-7.5)."""
    out: list[Reason] = []
    offered = {c.id for c in A._product_choices(st, fr)[1]}
    for pid, where in st["products"][seat].items():
        if where != "board" or f"p:{pid}" in offered:
            continue
        rec = C.PRODUCTS[pid]
        cost = A.product_cost(st, seat, pid, fr)
        label = f"{rec['name']} ({P.cost_label(cost)})"
        if not A.product_places(st, seat, pid):
            why = f"No empty {rec['shape']} upgrade slot left on your arches (BI-7.5)"
        else:
            why = cannot_pay(st, seat, cost)
        out.append((label, why))
    return out


def _no_trade(st: State, seat: int) -> str:
    n = len(st["battle"][seat])
    basics = _basics(st, seat)
    return (
        "Every exchange needs basic resources (your supply or your tiles' goods) or 2 battle"
        f" cards: you have {basics} basic resource{'s' if basics != 1 else ''} and {n} battle"
        f" card{'s' if n != 1 else ''} (BI-7.7)"
    )


def _basics(st: State, seat: int) -> int:
    """Basic resources ``seat`` could give in a Trade: supply and the tiles it controls."""
    return sum(_count(st, seat, b) for b in BASICS)


def _trade(st: State, seat: int) -> list[Reason]:
    """The Trade exchanges ``seat`` cannot feed now, with what their exact inputs lack (BI-7.7,
    BI-5.7)."""
    offered = {cid.split(":")[0] for cid, _, _ in A.trade_options(st, seat)}
    basics = _basics(st, seat)
    have = f"you have {basics} basic resource{'s' if basics != 1 else ''}"
    out: list[Reason] = []
    if "T-1" not in offered:
        out.append(("1 basic resource → 1 gold", f"No basic resource to give: {have} (BI-7.7)"))
    if "T-2" not in offered:
        cc = {k: _count(st, seat, k) for k in ("cotton", "coffee")}
        why = f"Needs 2 of cotton and coffee: you have {cc['cotton']} cotton, {cc['coffee']} coffee"
        out.append(("2 cotton/coffee → 2 gold + gold card", why + " (BI-7.7)"))
    if "T-3" not in offered:
        why = f"Needs 4 basic resources: {have} (BI-7.7)"
        out.append(("4 basic resources → 1 science + 1 gold + gold card", why))
    n = len(st["battle"][seat])
    if n < 2:
        why = f"Needs 2 battle cards: you hold {n} (BI-7.7)"
        out.append(("2 battle cards → 1 gold + gold card", why))
    return out


def _count(st: State, seat: int, item: str) -> int:
    """``item`` in ``seat``'s supply and on the tiles it controls (Trade inputs, BI-5.7)."""
    on_tiles = sum(
        t["goods"].get(item, 0) for h, t in st["tiles"].items() if B.controller(st, h) == seat
    )
    return st["supply"][seat].get(item, 0) + on_tiles
