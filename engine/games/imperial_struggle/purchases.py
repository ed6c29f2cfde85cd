"""Imperial Struggle purchases: the S4 step and carrying out a paid purchase (IS-5.4–5.6,
IS-17.6 S4). The purchase lists and legality are in purchases_legal.py, the restricted-point
predicates in purchases_restrict.py; their public names stay importable from here.

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

Restriction predicates (``restriction_ok``): see purchases_restrict.py.

Log event kinds: ``shift`` {space, mode, cost, type, detail}, ``purchase`` {what, space, cost,
type, detail} (detail like ``3 EP: base 2, new Region +1``).
"""

from __future__ import annotations

from typing import Any

from engine.rules import Choice, Event

from . import board as B
from . import frames as F
from . import payment
from .purchases_legal import (
    _SPACED,
    LONG,
    _hook,
    _legal,
    candidates,
    choice_id,
    choice_of,
    deploy_sources,
    find_purchase,
    legal_for_action,
    legal_pre,
    legal_purchases,
    minor_may_remove,
    shift,
)
from .purchases_restrict import (
    applicable_points,
    purchase_region,
    restriction_allows,
    restriction_ok,
)
from .state import ev, move_squadron, opposing, other, set_flag

State = dict[str, Any]
Frame = dict[str, Any]
P = dict[str, Any]


# ---------------------------------------------------------------------------- S4 frame
def _action(st: State, fr: Frame) -> dict[str, Any]:
    return st["round"]["actions"][fr["ai"]]


def _ministry_choices(st: State, side: int, a: dict[str, Any]) -> list[Choice]:
    fn = _hook("ministries", "purchase_options")
    if fn is None or a["type"] != "M":
        return []
    out = []
    cost_fn = _hook("ministries", "purchase_cost")
    for c in fn(st, side, a):
        if c.id.startswith("jacobite_shift:") and a["kind"] == "minor":
            sp = c.id.split(":", 1)[1]
            if opposing(st, side, sp) and sp not in st["conflict"]:
                continue
        p = {"kind": c.id.split(":")[0], "type": "M", "space": None, "side": side, "choice": c.id}
        if ":" in c.id:
            p["space"] = c.id.split(":", 1)[1]
            p["mode"] = "unflag" if opposing(st, side, p["space"]) else "flag"
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
            p["mode"] = "unflag" if opposing(st, side, p["space"]) else "flag"
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
        if opposing(st, side, sp):
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


__all__ = [  # the names of this module and those re-exported from purchases_legal/_restrict
    "LONG",
    "applicable_points",
    "candidates",
    "choice_id",
    "choice_of",
    "deploy_sources",
    "execute",
    "find_purchase",
    "legal_for_action",
    "legal_pre",
    "legal_purchases",
    "minor_may_remove",
    "purchase_region",
    "push_pay",
    "restriction_allows",
    "restriction_ok",
    "shift",
]
