"""Imperial Struggle purchases: the S4 step (IS-5.4–5.6, IS-17.6 S4). The purchase lists and
legality are in purchases_legal.py, the restricted-point predicates in purchases_restrict.py,
carrying out a paid purchase in purchases_execute.py; their public names stay importable from
here.

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

Log event kinds (written by purchases_execute.py): ``shift`` {space, mode, cost, type, detail},
``purchase`` {what, space, cost, type, detail} (detail like ``3 EP: base 2, new Region +1``).
"""

from __future__ import annotations

from typing import Any

from engine.choices import split_choice
from engine.rules import Choice, Event

from . import board as B
from . import frames as F
from . import ministries as M
from . import payment
from .payment_cost import deploy_sources
from .purchases_execute import execute
from .purchases_legal import (
    LONG,
    SPACED_KINDS,
    candidates,
    choice_id,
    choice_of,
    find_purchase,
    legal_costed,
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
from .round_record import action_label, round_summary
from .state import opposing

State = dict[str, Any]
Frame = dict[str, Any]
P = dict[str, Any]


# ---------------------------------------------------------------------------- S4 frame
def _action(st: State, fr: Frame) -> dict[str, Any]:
    return st["round"]["actions"][fr["ai"]]


def _ministry_choices(st: State, side: int, a: dict[str, Any]) -> list[Choice]:
    if a["type"] != "M":
        return []
    out = []
    for c in M.purchase_options(st, side, a):
        if c.id.startswith("jacobite_shift:") and a["kind"] == "minor":
            sp = c.id.split(":", 1)[1]
            if opposing(st, side, sp) and sp not in st["conflict"]:
                continue
        p = {"kind": c.id.split(":")[0], "type": "M", "space": None, "side": side, "choice": c.id}
        if ":" in c.id:
            p["space"] = c.id.split(":", 1)[1]
            p["mode"] = "unflag" if opposing(st, side, p["space"]) else "flag"
        cost = M.purchase_cost(st, side, c.id)
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
        out = [choice_of(st, p, costed) for p, costed in legal_costed(st, side, a, fr["region"])]
        return out + [Choice("back", "Back")]
    ps = legal_costed(st, side, a)
    spaced = [pc for pc in ps if pc[0]["kind"] in SPACED_KINDS]
    reg = B.REGION
    if len(spaced) > LONG and len({reg[p["space"]] for p, _c in spaced}) > 1:
        for r in B.REGIONS:
            n = sum(1 for p, _c in spaced if reg[p["space"]] == r)
            if n:
                out.append(Choice(f"region:{r}", f"{B.REGION_NAMES[r]} ({n})", group="region"))
    else:
        out = [choice_of(st, p, costed) for p, costed in spaced]
    out += [choice_of(st, p, costed) for p, costed in ps if p["kind"] not in SPACED_KINDS]
    out += _ministry_choices(st, side, a)
    if st["opts"].get("strict_action_sequence", "on") == "off" and a["kind"] != "minor":
        out.append(Choice("switch", "Switch to another action", group="done"))
    out.append(Choice("done", "Finish this action", group="done"))
    return out


def _act_text(st: State, fr: Frame) -> tuple[str, str]:
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
        fr["region"] = split_choice(choice, "region")
        return
    if choice.startswith("from:"):
        src = split_choice(choice, "from")
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
        fr["sub"] = split_choice(choice, "deploy")
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
