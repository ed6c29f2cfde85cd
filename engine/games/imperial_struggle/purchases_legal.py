"""Imperial Struggle purchase lists and legality (IS-5.3.2, IS-5.4–5.6, IS-5.7e, IS-A45, IS-17.1,
IS-17.6 S4): every purchase an action of each type could make (E: Market shifts; D: Political
shifts and Event draws; M: Forts, Conflict markers, Squadrons, Bonus War tiles, T6 conversions,
Naval Bastion), the action-specific rules that forbid some (Minor actions, all-restricted actions,
ministry blocks, affordability), and each purchase's S4 choice (id, label, cost breakdown).

A purchase is the dict described in purchases.py; costs come from payment_cost.py and restricted
points from purchases_restrict.py.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from engine.rules import Choice, LazyChoice

from . import advantages
from . import board as B
from . import geometry as G
from . import ministries as M
from . import payment_cost as payment
from . import war_tiles as WT
from .purchases_restrict import restriction_allows
from .state import ALWAYS_AVAILABLE, available, other, owner, turn_id

State = dict[str, Any]
P = dict[str, Any]

LONG = 12
"""Space lists longer than this are split by Region first (IS-17.1)."""
_MARKETS = B.spaces_in(None, "market")
_POLITICAL = B.spaces_in(None, "political")
_NAVALS = B.spaces_in(None, "naval")


def minor_may_remove(st: State, side: int, p: P) -> bool:
    """IS-5.3.2(b): a Minor purchase may remove an opposing flag only from a conflicted space,
    except IS-MIN06 (b) / IS-MIN21 (ministries.minor_exceptions)."""
    sp = p.get("space")
    if sp is not None and sp in st["conflict"] and p["kind"] == "shift":
        return True
    return bool(M.minor_exceptions(st, side, p))


def _removesopposing(p: P) -> bool:
    return (
        (p["kind"] in ("shift", "jacobite_shift") and p.get("mode") == "unflag")
        or p.get("mode") in ("seize", "displace")
        or p["kind"] == "naval_bastion"
    )


def shift(side: int, sp: str, st: State) -> P:
    """The shift purchase of ``sp`` (unflag if opposing, else flag)."""
    typ = "E" if B.KIND[sp] == "market" else "D"
    o = owner(st, sp)
    mode = "unflag" if o is not None and o != side else "flag"
    return {"kind": "shift", "type": typ, "space": sp, "mode": mode, "side": side}


def candidates(st: State, side: int, a: dict[str, Any]) -> list[P]:
    """Every purchase of action ``a``'s type that is legal now, before payment (IS-5.4–5.6)."""
    out: list[P] = []
    typ = a["type"]
    rd = st["round"]
    flags = st["flags"]
    always = ALWAYS_AVAILABLE
    if typ == "E":
        for m in _MARKETS:
            o = flags.get(m)  # Markets and Political spaces carry flags (never Squadrons)
            if o != side and (m in always or available(st, m)) and G.market_link_ok(st, side, m):
                mode = "unflag" if o is not None else "flag"
                out.append({"kind": "shift", "type": "E", "space": m, "mode": mode, "side": side})
    elif typ == "D":
        for sp in _POLITICAL:
            o = flags.get(sp)
            if o != side and (sp in always or available(st, sp)):
                mode = "unflag" if o is not None else "flag"
                out.append({"kind": "shift", "type": "D", "space": sp, "mode": mode, "side": side})
        reshuffle = st["opts"].get("midturn_draw_reshuffle") == "on" and st["discard"]
        if st["deck"] or reshuffle:
            out.append({"kind": "draw_event", "type": "D", "space": None, "side": side})
    else:
        for f in B.spaces_in(None, "fort"):
            o = owner(st, f)
            if o is None and G.fort_build_ok(st, side, f):
                out.append({"kind": "fort", "type": "M", "space": f, "mode": "build"})
            elif o == side and f in st["damaged"]:
                out.append({"kind": "fort", "type": "M", "space": f, "mode": "repair"})
            elif o == other(side) and f in st["damaged"] and G.fort_seize_ok(st, side, f):
                out.append({"kind": "fort", "type": "M", "space": f, "mode": "seize"})
        for sp in B.SPACE_ORDER:
            if sp in st["conflict"]:
                out.append({"kind": "conflict", "type": "M", "space": sp})
        if st["unbuilt"][side] > 0:
            out.append({"kind": "build_squadron", "type": "M", "space": None})
        squadrons = st["squadrons"]
        moved = rd["sq_moved"] if rd else {}
        navy = st["navy"][side] > 0
        movable = [n for n in _NAVALS if squadrons.get(n) == side and n not in moved]
        for n in _NAVALS:
            o = squadrons.get(n)
            # deploy_sources(st, side, n) is not empty
            if o == side or not (navy or any(m != n for m in movable)):
                continue
            mode = "displace" if o is not None else "move"
            out.append({"kind": "deploy", "type": "M", "space": n, "mode": mode, "src": None})
        if turn_id(st) != "T6":
            if rd["bonus_bought"] < 2 and WT.can_buy_bonus(st, side):
                out.append({"kind": "bonus_tile", "type": "M", "space": None})
        else:
            for t in ("E", "D"):
                if rd["converted"] in (None, t):
                    out.append({"kind": "convert", "type": "M", "space": None, "mode": t})
        if advantages.can_use(st, side, "naval_bastion"):
            for n in B.spaces_in(None, "naval"):
                if st["squadrons"].get(n) == other(side):
                    out.append({"kind": "naval_bastion", "type": "M", "space": n})
    for p in out:
        p["side"] = side
    return out


def legal_pre(st: State, side: int) -> int:
    """The purchase-independent part of :func:`legal_for_action` for ``side`` now
    (:func:`payment.funds_pre`)."""
    return payment.funds_pre(st, side)


def legal_for_action(
    st: State,
    side: int,
    a: dict[str, Any],
    p: P,
    plain: int | None = None,
    pre: int | None = None,
) -> bool:
    """Action-specific legality: Minor rules (IS-5.3.2), Naval Bastion Major only (IS-A45),
    all-restricted actions (IS-5.7e), ministry blocks (Burke), and affordability (IS-5.7e).
    ``plain``: the cost without options, when known; ``pre``: :func:`legal_pre`, when known."""
    if a["kind"] == "minor":
        if p["kind"] == "naval_bastion":
            return False
        if _removesopposing(p) and not minor_may_remove(st, side, p):
            return False
    if not restriction_allows(st, a, p):
        return False
    if M.purchase_blocked(st, side, a, p):
        return False
    fpre = pre if pre is not None else legal_pre(st, side)
    return payment.affordable(st, side, a, p, plain, fpre)


def label(st: State, p: P) -> str:
    """The S4 label of purchase ``p`` ("Unflag Iroquois", "Build a Squadron")."""
    k = p["kind"]
    sp = p.get("space")
    if k == "shift":
        verb = "Unflag" if p["mode"] == "unflag" else "Flag"
        return f"{verb} {B.name_of(sp)}"
    if k == "draw_event":
        return "Draw an Event card"
    if k == "fort":
        return {"build": "Build", "repair": "Repair", "seize": "Seize"}[p["mode"]] + (
            f" the Fort at {B.name_of(sp)}"
        )
    if k == "conflict":
        return f"Remove the Conflict marker from {B.name_of(sp)}"
    if k == "build_squadron":
        return "Build a Squadron"
    if k == "deploy":
        return (
            "Displace the Squadron at " if p["mode"] == "displace" else "Deploy to "
        ) + B.name_of(sp)
    if k == "bonus_tile":
        return "Buy a Bonus War tile"
    if k == "convert":
        return f"Buy 1 {'EP' if p['mode'] == 'E' else 'DP'}"
    if k == "naval_bastion":
        return f"Naval Bastion: send the Squadron at {B.name_of(sp)} home"
    if k in ("jacobite_shift", "jacobite_vp"):
        return str(M.purchase_label(st, p.get("side", 0), p))
    return k.replace("_", " ")


def choice_id(p: P) -> str:
    """The S4 choice id of a purchase (IS-17.6)."""
    k = p["kind"]
    if k in ("shift", "fort", "conflict", "naval_bastion", "deploy"):
        return f"{k}:{p.get('space')}"
    if k == "convert":
        return f"convert:{p['mode']}"
    return k


def choice_of(st: State, p: P, costed: tuple[int, Any, int] | None = None) -> Choice:
    """The S4 choice of a purchase, its cost breakdown as the detail."""
    base, mods, total = costed or payment.cost(st, p["side"], p, None)
    detail = partial(payment.cost_text, base, mods, total, p["type"])  # made when read
    return LazyChoice(choice_id(p), label(st, p), p.get("space"), p["kind"], detail)


def legal_purchases(st: State, side: int, a: dict[str, Any]) -> list[tuple[P, Choice]]:
    """(purchase, choice) pairs legal for action ``a`` right now, one per choice id."""
    return [(p, choice_of(st, p, costed)) for p, costed in legal_costed(st, side, a)]


SPACED_KINDS = ("shift", "conflict")
"""Purchase kinds listed by space (split by Region when the list is long, IS-17.1)."""


def legal_costed(
    st: State, side: int, a: dict[str, Any], region: str | None = None
) -> list[tuple[P, tuple[int, Any, int]]]:
    """(purchase, cost) pairs legal for action ``a`` now, one per choice id (the work of
    :func:`legal_purchases` without the choices). ``region``: only the shifts and Conflict
    removals in that Region (the other candidates are not examined)."""
    res = []
    seen: set[str] = set()
    cands = candidates(st, side, a)
    if region is not None:
        reg = B.REGION
        cands = [p for p in cands if p["kind"] in SPACED_KINDS and reg[p["space"]] == region]
    pre = legal_pre(st, side)
    for p in cands:
        cid = choice_id(p)
        if cid in seen:
            continue
        costed = payment.cost(st, side, p, None)
        if legal_for_action(st, side, a, p, costed[2], pre):
            seen.add(cid)
            res.append((p, costed))
    return res


def find_purchase(st: State, side: int, a: dict[str, Any], choice: str) -> P:
    """The purchase dict behind an S4 choice id (raises KeyError when none). A shift of an
    E or D action (most purchases) is built at once, the same dict :func:`candidates` lists
    for it, so only a choice already offered may be passed; other kinds are looked up among
    the candidates."""
    typ = a["type"]
    if typ != "M" and choice.startswith("shift:"):
        sp = choice[6:]
        if B.KIND.get(sp) == ("market" if typ == "E" else "political"):
            mode = "unflag" if st["flags"].get(sp) is not None else "flag"
            return {"kind": "shift", "type": typ, "space": sp, "mode": mode, "side": side}
    for p in candidates(st, side, a):
        if choice_id(p) == choice:
            return p
    raise KeyError(choice)
