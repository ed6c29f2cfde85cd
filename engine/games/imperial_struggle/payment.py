"""Imperial Struggle paying for a purchase (IS-5.7e, IS-6.1, IS-9.1, IS-A13, IS-17.6 S5). The costs
and the points that could pay them are in payment_cost.py; its public names stay importable
from here.

Frame kind ``is_pay`` (S5) ``{"side", "ai", "p", "used": [ids], "committed": bool}``: choices
``adv:<id>`` (cost Advantages), ``huguenots:<territory>``, ministry cost options (``pitt``,
``choiseul``, ``burke``, ``papacy``, ``ability:M-10A|M-11B|M-15B``, ``reveal:<M-x>``), then while
short ``debt`` / ``trp`` / ``merchant_bank``, ``confirm`` when covered, ``back``. Debt, TRP and
ministry options are recorded the moment they are chosen (their points join the action, so the
other hooks see the real state); ``back`` undoes all of them (IS-5.7e, IS-A13: nothing is banked
for a purchase that is not made) — only a card revealed meanwhile stays face up.

Log events: ``pay_back`` {debt, debt_total, trp, trp_total, free, cards} when ``back`` gave
something back (Debt/TRP events come from state.py; the purchase's line from purchases.py carries
the cost detail).
"""

from __future__ import annotations

import copy
from typing import Any

from engine.choices import split_choice
from engine.rules import Choice, Event

from . import advantages
from . import board as B
from . import frames as F
from . import ministries as M
from .payment_cost import (
    COST_KINDS,
    MINUS_ONE,
    SET_ONE,
    adv_applies,
    affordable,
    cost,
    cost_advs,
    cost_text,
    funds,
    funds_pre,
    huguenots_options,
    log_detail,
    pending_advs,
)
from .purchases_execute import execute
from .purchases_legal import label
from .purchases_restrict import applicable_points, restriction_ok
from .round_record import POINT_WORD, round_summary
from .state import add_debt, available_debt, ev, lose_trp

State = dict[str, Any]
Frame = dict[str, Any]
P = dict[str, Any]


def _action(st: State, fr: Frame) -> dict[str, Any]:
    return st["round"]["actions"][fr["ai"]]


def short(st: State, fr: Frame) -> int:
    """Points still missing for the purchase of payment frame ``fr``."""
    return cost(st, fr["side"], fr["p"], fr)[2] - applicable_points(st, _action(st, fr), fr["p"])


def _pay_choices(st: State, fr: Frame) -> list[Choice]:
    side = fr["side"]
    p = fr["p"]
    a = _action(st, fr)
    out: list[Choice] = []
    chosen = [split_choice(u, "adv") for u in fr["used"] if u.startswith("adv:")]
    for adv in cost_advs(st, side, p, chosen):
        if adv in pending_advs(st, p):
            continue
        out.append(
            Choice(f"adv:{adv}", f"Use {B.ADVANTAGES[adv]['name']}", target=adv, group="adv")
        )
    if not any(u.startswith("huguenots:") for u in fr["used"]):
        for t in huguenots_options(st, side, p):
            out.append(Choice(f"huguenots:{t}", f"Flip the Huguenots at {B.name_of(t)}", target=t))
    out += list(M.cost_options(st, side, a, p))
    s = short(st, fr)
    if s > 0:
        if p["type"] == "E" and M.free_debt_left(st, side, p) > 0:
            out.append(Choice("merchant_bank", "Merchant Banks: +1 EP free", group="debt"))
        if available_debt(st, side) > 0:
            out.append(
                Choice(
                    "debt",
                    f"Take 1 Debt (+1) · Debt {st['debt'][side]}/{st['limit'][side]}",
                    group="debt",
                )
            )
        if st["trp"][side] > 0:
            out.append(
                Choice("trp", f"Spend 1 Treaty Point (+1) · TRP {st['trp'][side]}", group="trp")
            )
    else:
        out.append(Choice("confirm", "Confirm", group="confirm"))
    out.append(Choice("back", "Back", group="back"))
    return out


def _pay_text(st: State, fr: Frame) -> tuple[str, str]:
    p = fr["p"]
    base, mods, total = cost(st, fr["side"], p, fr)
    have = applicable_points(st, _action(st, fr), p)
    unit = POINT_WORD[p["type"]]
    summary = (
        f"{cost_text(base, mods, total, p['type'])} · {unit} {have} available · "
        + round_summary(st, fr["side"])
    )
    return f"{label(st, p)}: pay {total} {unit}", summary


def _spend(st: State, a: dict[str, Any], p: P, n: int) -> None:
    for r in a["restricted"]:
        if n <= 0:
            break
        if restriction_ok(st, r["why"], p):
            take = min(n, r["pts"])
            r["pts"] -= take
            n -= take
    a["restricted"] = [r for r in a["restricted"] if r["pts"] > 0]
    a["pts"] -= n


OPTION_CARD = {"pitt": "M-15", "choiseul": "M-11", "papacy": "M-20", "burke": "M-22"}
"""Ministry card behind each S5 point option (``ability:<key>`` names its card itself)."""


_SCALARS = (int, str, bool, float, type(None))


def _plain_copy(x: Any) -> Any:
    """A deep copy of plain state data (dicts, lists, tuples of scalars), as ``copy.deepcopy``
    makes it but without its memo and dispatch (anything else still goes to deepcopy)."""
    t = x.__class__
    if t in _SCALARS:
        return x
    if t is dict:
        return {k: _plain_copy(v) for k, v in x.items()}
    if t is list:
        return [_plain_copy(v) for v in x]
    if t is tuple:
        return tuple(_plain_copy(v) for v in x)
    return copy.deepcopy(x)


def _snapshot(st: State, fr: Frame, choice: str) -> None:
    """Before the first Debt / TRP / Merchant Banks / ministry option of this payment, keep what
    ``back`` must restore (IS-5.7e, IS-A13: a purchase that is not made changes nothing): the
    side's Debt and TRP, the round's Debt count and modifiers (Turgot's first Debt, Burke, the
    2-MP Squadron), the exhausted Ministry abilities (Merchant Banks count included) and the
    action's points. Records the card of a ministry option for the log."""
    side = fr["side"]
    rd = st["round"]
    if "undo" not in fr:
        fr["undo"] = {
            "debt": st["debt"][side],
            "trp": st["trp"][side],
            "debt_taken": rd["debt_taken"],
            "mods": _plain_copy(rd["mods"]),
            "min_ex": dict(st["min_exhausted"]),
            "action": _plain_copy(_action(st, fr)),
            "cards": [],
        }
    card = OPTION_CARD.get(choice)
    if card is None and choice.startswith("ability:"):
        card = "M-" + "".join(ch for ch in split_choice(choice, "ability") if ch.isdigit())
    if card is not None and card not in fr["undo"]["cards"]:
        fr["undo"]["cards"].append(card)


def _undo(st: State, fr: Frame, out: list[Event]) -> None:
    """``back`` after Debt / TRP / Merchant Banks / ministry options: restore the snapshot of
    :func:`_snapshot` (IS-5.7e "a purchase that cannot be paid is illegal and nothing changes";
    IS-A13 Debt and TRP are never banked; IS-5.7c ministry points attach to the purchase being
    made, so they go back with it and the card stays unused). Cards revealed meanwhile stay face
    up (the opponent has seen them). Logs ``pay_back`` {debt, trp, free, cards}."""
    side = fr["side"]
    rd = st["round"]
    u = fr.pop("undo")
    debt = st["debt"][side] - u["debt"]
    trp = u["trp"] - st["trp"][side]
    free = st["min_exhausted"].get("M-17", 0) - u["min_ex"].get("M-17", 0)
    st["debt"][side] = u["debt"]
    st["trp"][side] = u["trp"]
    rd["debt_taken"] = u["debt_taken"]
    rd["mods"] = u["mods"]
    st["min_exhausted"] = u["min_ex"]
    rd["actions"][fr["ai"]] = u["action"]
    fr["committed"] = False
    out.append(
        ev(
            st,
            "pay_back",
            side,
            debt=debt,
            debt_total=u["debt"],
            trp=trp,
            trp_total=u["trp"],
            free=free,
            cards=u["cards"],
        )
    )


def _pay_apply(st: State, fr: Frame, choice: str, out: list[Event]) -> None:
    side = fr["side"]
    p = fr["p"]
    a = _action(st, fr)
    rd = st["round"]
    if choice == "back":
        if "undo" in fr:
            _undo(st, fr, out)
        F.pop(st, fr)
        act = F.top(st)
        if act is not None and act["k"] == "is_act":
            act["sub"] = None
        return
    if choice.startswith("adv:") or choice.startswith("huguenots:"):
        fr["used"].append(choice)
        return
    if choice != "confirm" and not choice.startswith("reveal:"):
        _snapshot(st, fr, choice)
    if choice == "debt":
        add_debt(st, side, 1, out, "pay")
        rd["debt_taken"] += 1
        a["pts"] += M.debt_ap(st, side)
        fr["committed"] = True
        return
    if choice == "trp":
        lose_trp(st, side, 1, out, "pay")
        a["pts"] += 1
        fr["committed"] = True
        return
    if choice == "merchant_bank":
        M.use_free_debt(st, side, out)
        a["pts"] += 1
        fr["committed"] = True
        return
    if choice != "confirm":
        M.apply_cost_option(st, side, choice, a, p, out)
        fr["committed"] = True
        return
    _confirm(st, fr, out)


def _confirm(st: State, fr: Frame, out: list[Event]) -> None:
    """``confirm`` of payment frame ``fr`` (IS-5.7): the chosen Advantages marked used, the
    Huguenots spent, the points paid, the frame (and a Minor action's ``is_act``) popped, then
    the purchase carried out."""
    side = fr["side"]
    p = fr["p"]
    a = _action(st, fr)
    rd = st["round"]
    base, mods, total = cost(st, side, p, fr)
    for adv in [split_choice(u, "adv") for u in fr["used"] if u.startswith("adv:")]:
        advantages.mark_used(st, side, adv, out)
    pend = rd["mods"].get("pending_adv", [])
    for adv in pending_advs(st, p):
        pend.remove(adv)
    for u in fr["used"]:
        if u.startswith("huguenots:"):
            st["huguenots"][split_choice(u, "huguenots")] = 2
    _spend(st, a, p, total)
    a["purchases"] += 1
    F.pop(st, fr)
    if a["kind"] == "minor":
        a["state"] = "done"
        rd["cur"] = None
        act = F.top(st)
        if act is not None and act["k"] == "is_act":
            F.pop(st, act)
    else:
        act = F.top(st)
        if act is not None and act["k"] == "is_act":
            act["sub"] = None
            act["region"] = None
    if a["kind"] == "minor" and p.get("mode") == "unflag" and p.get("space") not in st["conflict"]:
        M.use_minor_exception(st, side, p, out)
    M.after_purchase(st, side, a, p, out)
    execute(st, side, dict(p, detail=log_detail(mods, total, p["type"], base)), total, out)


F.register(
    "is_pay",
    side=lambda st, fr: fr["side"],
    choices=_pay_choices,
    text=_pay_text,
    apply=_pay_apply,
)

__all__ = [  # the names of this module and those re-exported from payment_cost
    "COST_KINDS",
    "MINUS_ONE",
    "OPTION_CARD",
    "SET_ONE",
    "adv_applies",
    "affordable",
    "cost",
    "cost_advs",
    "cost_text",
    "funds",
    "funds_pre",
    "huguenots_options",
    "log_detail",
    "short",
]
