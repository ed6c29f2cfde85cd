"""Imperial Struggle purchases: legality, restricted points and the S4 step (IS-5.3.2, IS-5.4–5.6,
IS-5.7e, IS-17.6 S4).

A *purchase* is a plain dict ``{"kind", "type", "space", "mode", "src"}``:

| kind | type | space | mode |
|---|---|---|---|
| ``shift`` | E (Market) / D (Political) | the space | ``flag`` / ``unflag`` |
| ``draw_event`` | D | None | — |
| ``fort`` | M | Fort space | ``build`` / ``repair`` / ``seize`` |
| ``conflict`` | M | marked space | — (remove the Conflict marker) |
| ``build_squadron`` | M | None | — |
| ``deploy`` | M | Naval destination | ``move`` / ``displace``; ``src`` = ``navy`` or a Naval space |
| ``bonus_tile`` | M | None | — |
| ``convert`` | M | None | ``E`` / ``D`` (T6) |
| ``naval_bastion`` | M | Naval space of the opposing Squadron | — |
| ``jacobite_shift`` / ``jacobite_vp`` | M | space / None | (ministries.py performs them) |

Frame kind ``is_act`` (S4) ``{"side", "ai", "region", "sub"}``: choices ``shift:<space>`` (split
by ``region:<id>`` when long, ``back``), ``draw_event``, ``fort:<space>``, ``conflict:<space>``,
``build_squadron``, ``deploy:<naval>`` → ``from:navy_box|<naval>``, ``bonus_tile``,
``convert:E|D``, ``naval_bastion:<naval>``, ministry purchases, ``done`` (and ``switch`` with
IS-V13 ``strict_action_sequence`` off: the action stays open and can be resumed from the menu). Picking a purchase
pushes the S5 frame (payment.py).

Restriction predicates (``restriction_ok``): ``region:<r>``, ``country:<c,...>`` /
``countries:<c,...>``, ``unflag``, ``unflag_market``, ``unflag_political_europe`` /
``political_europe_unflag``, ``flag_empty_market_next_to_own`` /
``flag_empty_market_next_to_british``, ``non_prestige_political``, ``scotland_ireland``,
``bonus_or_deploy``; ``a&b`` = both.

Log event kinds: ``shift`` {space, mode, cost, type, detail}, ``purchase`` {what, space, cost,
type, detail} (detail like ``3 EP: base 2, new Region +1``).
"""

from __future__ import annotations

from typing import Any

from engine.rules import Choice, Event

from . import board as B
from . import frames as F
from . import geometry as G
from . import payment
from . import round as _R
from .state import (
    BR,
    available,
    ev,
    move_squadron,
    other,
    owner,
    set_flag,
    turn_id,
)

State = dict[str, Any]
Frame = dict[str, Any]
P = dict[str, Any]

LONG = 12
_MARKETS = B.spaces_in(None, "market")
_POLITICAL = B.spaces_in(None, "political")
_NAVALS = B.spaces_in(None, "naval")
"""Space lists longer than this are split by Region first (IS-17.1)."""


def _mod(name: str) -> Any:
    return _R._opt_mod(name)


def _hook(module: str, fn: str) -> Any:
    m = _mod(module)
    return getattr(m, fn, None) if m is not None else None


# ---------------------------------------------------------------------------- predicates
def purchase_region(p: P) -> str | None:
    """The Region a purchase is located in (IS-5.3.4, IS-A54): the space's Region; None for Event
    draws, Bonus tiles, constructions, conversions and Jacobite VP."""
    sp = p.get("space")
    if sp is None or p["kind"] in ("bonus_tile", "build_squadron", "convert", "jacobite_vp"):
        return None
    return B.region_of(sp)


def _one_ok(st: State, why: str, p: P) -> bool:
    sp = p.get("space")
    key, _, arg = why.partition(":")
    is_shift = p["kind"] in ("shift", "jacobite_shift")
    if key == "region":
        return purchase_region(p) == arg
    if key in ("country", "countries"):
        return (
            is_shift
            and sp is not None
            and B.kind_of(sp) == "political"
            and B.SPACES[sp]["country"] in arg.split(",")
        )
    if key == "unflag":
        return is_shift and p.get("mode") == "unflag"
    if key == "unflag_market":
        return p["kind"] == "shift" and p.get("mode") == "unflag" and B.kind_of(sp) == "market"
    if key in ("unflag_political_europe", "political_europe_unflag"):
        return (
            is_shift
            and p.get("mode") == "unflag"
            and B.kind_of(sp) == "political"
            and B.region_of(sp) == "europe"
        )
    if key in ("flag_empty_market_next_to_own", "flag_empty_market_next_to_british"):
        side = p.get("side", BR)
        if key.endswith("british"):
            side = BR
        return (
            p["kind"] == "shift"
            and p.get("mode") == "flag"
            and B.kind_of(sp) == "market"
            and any(B.kind_of(n) == "market" and st["flags"].get(n) == side for n in B.ADJ[sp])
        )
    if key == "non_prestige_political":
        return is_shift and B.kind_of(sp) == "political" and not B.SPACES[sp]["prestige"]
    if key == "scotland_ireland":
        return (
            is_shift
            and B.kind_of(sp) == "political"
            and B.SPACES[sp]["country"]
            in (
                "scotland",
                "ireland",
            )
        )
    if key == "bonus_or_deploy":
        return p["kind"] in ("bonus_tile", "deploy")
    return False


def restriction_ok(st: State, why: str, purchase: P) -> bool:
    """True when ``purchase`` may be paid with points restricted by predicate ``why`` (IS-5.7a/e;
    predicate ids in the module docstring; ``a&b`` needs both). Unknown ids are False."""
    return all(_one_ok(st, part, purchase) for part in why.split("&"))


def applicable_points(st: State, a: dict[str, Any], p: P) -> int:
    """Points of action ``a`` that may pay ``p``: unrestricted + matching restricted grants."""
    if not a["restricted"]:
        return a["pts"]
    return a["pts"] + sum(r["pts"] for r in a["restricted"] if restriction_ok(st, r["why"], p))


def restriction_allows(st: State, a: dict[str, Any], p: P) -> bool:
    """IS-5.7e: an action made only of restricted grants admits only purchases satisfying one."""
    if not a.get("all_restricted") or a["pts"] > 0:
        return True
    return any(restriction_ok(st, r["why"], p) for r in a["restricted"])


# ---------------------------------------------------------------------------- legality
def _opposing(st: State, side: int, sp: str) -> bool:
    o = owner(st, sp)
    return o is not None and o != side


def minor_may_remove(st: State, side: int, p: P) -> bool:
    """IS-5.3.2(b): a Minor purchase may remove an opposing flag only from a conflicted space,
    except IS-MIN06 (b) / IS-MIN21 (ministries.minor_exceptions)."""
    sp = p.get("space")
    if sp is not None and sp in st["conflict"] and p["kind"] == "shift":
        return True
    fn = _hook("ministries", "minor_exceptions")
    if fn is not None:
        return bool(fn(st, side, p))
    return False


def _removes_opposing(p: P) -> bool:
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
    if typ == "E":
        for m in _MARKETS:
            o = flags.get(m)  # Markets and Political spaces carry flags (never Squadrons)
            if o != side and available(st, m) and G.market_link_ok(st, side, m):
                mode = "unflag" if o is not None else "flag"
                out.append({"kind": "shift", "type": "E", "space": m, "mode": mode, "side": side})
    elif typ == "D":
        for sp in _POLITICAL:
            o = flags.get(sp)
            if o != side and available(st, sp):
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
            can = _hook("war", "can_buy_bonus") or _hook("war_tiles", "can_buy_bonus")
            if rd["bonus_bought"] < 2 and can is not None and can(st, side):
                out.append({"kind": "bonus_tile", "type": "M", "space": None})
        else:
            for t in ("E", "D"):
                if rd["converted"] in (None, t):
                    out.append({"kind": "convert", "type": "M", "space": None, "mode": t})
        adv = _mod("advantages")
        if adv is not None and adv.can_use(st, side, "naval_bastion"):
            for n in B.spaces_in(None, "naval"):
                if st["squadrons"].get(n) == other(side):
                    out.append({"kind": "naval_bastion", "type": "M", "space": n})
    for p in out:
        p["side"] = side
    return out


def deploy_sources(st: State, side: int, dest: str) -> list[str]:
    """IS-5.6.6: ``navy`` (Navy Box not empty) and each of ``side``'s Squadrons on a Naval space
    that did not arrive there this round."""
    out = ["navy"] if st["navy"][side] > 0 else []
    moved = st["round"]["sq_moved"] if st["round"] else {}
    for n in B.spaces_in(None, "naval"):
        if n != dest and st["squadrons"].get(n) == side and n not in moved:
            out.append(n)
    return out


def legal_pre(st: State, side: int) -> tuple[Any, tuple[int, Any]]:
    """The purchase-independent part of :func:`legal_for_action` for ``side`` now: (the
    ministries' ``purchase_blocked`` hook or None, :func:`payment.funds_pre`)."""
    return _hook("ministries", "purchase_blocked"), payment.funds_pre(st, side)


def legal_for_action(
    st: State,
    side: int,
    a: dict[str, Any],
    p: P,
    plain: int | None = None,
    pre: tuple[Any, tuple[int, Any]] | None = None,
) -> bool:
    """Action-specific legality: Minor rules (IS-5.3.2), Naval Bastion Major only (IS-A45),
    all-restricted actions (IS-5.7e), ministry blocks (Burke), and affordability (IS-5.7e).
    ``plain``: the cost without options, when known; ``pre``: :func:`legal_pre`, when known."""
    if a["kind"] == "minor":
        if p["kind"] == "naval_bastion":
            return False
        if _removes_opposing(p) and not minor_may_remove(st, side, p):
            return False
    if not restriction_allows(st, a, p):
        return False
    blocked, fpre = pre if pre is not None else legal_pre(st, side)
    if blocked is not None and blocked(st, side, a, p):
        return False
    return payment.affordable(st, side, a, p, plain, fpre)


def _label(st: State, p: P) -> str:
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
        fn = _hook("ministries", "purchase_label")
        if fn is not None:
            return str(fn(st, p.get("side", 0), p))
        return "Jacobite Uprisings"
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
    detail = payment.cost_text(base, mods, total, p["type"])
    return Choice(
        choice_id(p), _label(st, p), target=p.get("space"), group=p["kind"], detail=detail
    )


# ---------------------------------------------------------------------------- S4 frame
def _action(st: State, fr: Frame) -> dict[str, Any]:
    return st["round"]["actions"][fr["ai"]]


def legal_purchases(st: State, side: int, a: dict[str, Any]) -> list[tuple[P, Choice]]:
    """(purchase, choice) pairs legal for action ``a`` right now, one per choice id."""
    return [(p, choice_of(st, p, costed)) for p, costed in _legal(st, side, a)]


_SPACED = ("shift", "conflict")
"""Purchase kinds listed by space (split by Region when the list is long, IS-17.1)."""


def _legal(
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
        cands = [p for p in cands if p["kind"] in _SPACED and reg[p["space"]] == region]
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


def _ministry_choices(st: State, side: int, a: dict[str, Any]) -> list[Choice]:
    fn = _hook("ministries", "purchase_options")
    if fn is None or a["type"] != "M":
        return []
    out = []
    cost_fn = _hook("ministries", "purchase_cost")
    for c in fn(st, side, a):
        if c.id.startswith("jacobite_shift:") and a["kind"] == "minor":
            sp = c.id.split(":", 1)[1]
            if _opposing(st, side, sp) and sp not in st["conflict"]:
                continue
        p = {"kind": c.id.split(":")[0], "type": "M", "space": None, "side": side, "choice": c.id}
        if ":" in c.id:
            p["space"] = c.id.split(":", 1)[1]
            p["mode"] = "unflag" if _opposing(st, side, p["space"]) else "flag"
        cost = cost_fn(st, side, c.id) if cost_fn else 0
        if payment.funds(st, side, a, p) >= cost:
            out.append(c)
    return out


def _act_choices(st: State, fr: Frame) -> list[Choice]:
    side = fr["side"]
    a = _action(st, fr)
    if fr.get("sub"):
        dest = fr["sub"]
        p = {"kind": "deploy", "type": "M", "space": dest, "side": side}
        out = []
        for src in deploy_sources(st, side, dest):
            q = dict(
                p, src=src, mode="displace" if st["squadrons"].get(dest) is not None else "move"
            )
            if payment.affordable(st, side, a, q):
                name = "the Navy Box" if src == "navy" else B.name_of(src)
                cid = "from:navy_box" if src == "navy" else f"from:{src}"
                out.append(Choice(cid, f"From {name}", target=None if src == "navy" else src))
        return out + [Choice("back", "Back")]
    out: list[Choice] = []
    if fr.get("region"):
        out = [choice_of(st, p, costed) for p, costed in _legal(st, side, a, fr["region"])]
        return out + [Choice("back", "Back")]
    ps = _legal(st, side, a)
    spaced = [pc for pc in ps if pc[0]["kind"] in _SPACED]
    reg = B.REGION
    if len(spaced) > LONG and len({reg[p["space"]] for p, _c in spaced}) > 1:
        for r in B.REGIONS:
            n = sum(1 for p, _c in spaced if reg[p["space"]] == r)
            if n:
                out.append(Choice(f"region:{r}", f"{B.REGION_NAMES[r]} ({n})", group="region"))
    else:
        out = [choice_of(st, p, costed) for p, costed in spaced]
    out += [choice_of(st, p, costed) for p, costed in ps if p["kind"] not in _SPACED]
    out += _ministry_choices(st, side, a)
    if st["opts"].get("strict_action_sequence", "on") == "off" and a["kind"] != "minor":
        out.append(Choice("switch", "Switch to another action", group="done"))
    out.append(Choice("done", "Finish this action", group="done"))
    return out


def _act_text(st: State, fr: Frame) -> tuple[str, str]:
    from .round import action_label, round_summary

    a = _action(st, fr)
    return (
        f"{action_label(a)}: choose a purchase",
        f"{action_label(a)} · {round_summary(st, fr['side'])}",
    )


def find_purchase(st: State, side: int, a: dict[str, Any], choice: str) -> P:
    """The purchase dict behind an S4 choice id (raises KeyError when none)."""
    for p in candidates(st, side, a):
        if choice_id(p) == choice:
            return p
    raise KeyError(choice)


def _act_apply(st: State, fr: Frame, choice: str, out: list[Event]) -> None:
    side = fr["side"]
    a = _action(st, fr)
    rd = st["round"]
    if choice == "done":
        a["state"] = "done"
        rd["cur"] = None
        F.pop(st, fr)
        return
    if choice == "switch":  # IS-V13 off: leave the action open and return to the menu
        rd["cur"] = None
        F.pop(st, fr)
        return
    if choice == "back":
        fr["region"] = None
        fr["sub"] = None
        return
    if choice.startswith("region:"):
        fr["region"] = choice[7:]
        return
    if choice.startswith("from:"):
        src = choice[5:]
        src = "navy" if src == "navy_box" else src
        dest = fr["sub"]
        p = {
            "kind": "deploy",
            "type": "M",
            "space": dest,
            "side": side,
            "src": src,
            "mode": "displace" if st["squadrons"].get(dest) is not None else "move",
        }
        push_pay(st, side, fr["ai"], p)
        return
    if choice.startswith("deploy:"):
        fr["sub"] = choice[7:]
        return
    if choice.startswith("jacobite"):
        p = {
            "kind": choice.split(":")[0],
            "type": "M",
            "space": None,
            "side": side,
            "choice": choice,
        }
        if ":" in choice:
            p["space"] = choice.split(":", 1)[1]
            p["mode"] = "unflag" if _opposing(st, side, p["space"]) else "flag"
        push_pay(st, side, fr["ai"], p)
        return
    p = find_purchase(st, side, a, choice)
    push_pay(st, side, fr["ai"], p)


F.register(
    "is_act", side=lambda st, fr: fr["side"], choices=_act_choices, text=_act_text, apply=_act_apply
)


def push_pay(st: State, side: int, ai: int, p: P) -> None:
    """Push the S5 payment frame for purchase ``p`` of action ``ai`` (payment.py)."""
    F.push(st, "is_pay", side=side, ai=ai, p=p, used=[], committed=False)


# ---------------------------------------------------------------------------- execution
def execute(st: State, side: int, p: P, cost: int, out: list[Event]) -> None:
    """Carry out a paid purchase (IS-5.4–5.6). Records the Region for the surcharge (IS-5.3.4)."""
    rd = st["round"]
    k = p["kind"]
    sp = p.get("space")
    reg = purchase_region(p)
    if p["type"] in ("E", "D") and reg is not None and k == "shift":
        rd["regions"][p["type"]][reg] = 1
    if k == "shift":
        if _opposing(st, side, sp):
            set_flag(st, sp, None, out, "shift")
            mode = "unflag"
        else:
            set_flag(st, sp, side, out, "shift")
            mode = "flag"
        out.append(
            ev(
                st,
                "shift",
                side,
                space=sp,
                mode=mode,
                cost=cost,
                type=p["type"],
                detail=p.get("detail"),
            )
        )
        return
    what = k
    if k == "draw_event":
        from .state import draw_event

        draw_event(st, side, out)
    elif k == "fort":
        if p["mode"] == "build":
            set_flag(st, sp, side, out, "fort")
        elif p["mode"] == "repair":
            st["damaged"].pop(sp, None)
        else:
            set_flag(st, sp, None, out, "fort")
            set_flag(st, sp, side, out, "fort")
        what = f"fort_{p['mode']}"
    elif k == "conflict":
        st["conflict"].pop(sp, None)
        what = "conflict_remove"
    elif k == "build_squadron":
        move_squadron(st, side, "unbuilt", "navy", out, "build")
        rd["mods"].pop("ev04_squadron", None)
    elif k == "deploy":
        if st["squadrons"].get(sp) is not None:
            move_squadron(st, other(side), sp, "navy", out, "displaced")
        move_squadron(st, side, p["src"], sp, out, "deploy")
    elif k == "naval_bastion":
        move_squadron(st, other(side), sp, "navy", out, "naval_bastion")
        from . import advantages

        advantages.mark_used(st, side, "naval_bastion", out)
    elif k == "convert":
        rd["converted"] = p["mode"]
        from .round import new_action

        b = next((a for a in rd["actions"] if a["kind"] == "bought"), None)
        if b is None:
            b = new_action(p["mode"], "bought", 0)
            rd["actions"].append(b)
        b["pts"] += 1
    elif k == "bonus_tile":
        rd["bonus_bought"] += 1
    out.append(
        ev(
            st,
            "purchase",
            side,
            what=what,
            space=sp,
            cost=cost,
            type=p["type"],
            detail=p.get("detail"),
        )
    )
    if k == "bonus_tile":
        fn = _hook("war", "bonus_purchase_frames") or _hook("war_tiles", "bonus_purchase_frames")
        fn(st, side)
    elif k.startswith("jacobite"):
        _hook("ministries", "perform_purchase")(st, side, p["choice"], out)


__all__ = ["candidates", "execute", "restriction_ok"]
