"""Imperial Struggle purchase costs (IS-5.4.2, IS-5.5.2, IS-5.6, IS-5.7e, IS-6.1, IS-9.1, IS-8.2b,
IS-A02, IS-A15): the cost of a purchase with its breakdown, the cost options usable on it (cost
Advantages, Huguenots) and the points that could pay it.

Cost order (IS-A02): base (printed; 1 when Isolated/conflicted or set to 1 by an Advantage) →
reductions → increases (Protected, new-Region surcharge) → ``max(1, ·)`` (Squadron construction:
``max(0, ·)`` after the IS-EV04 discount).

The S5 frame that pays a purchase is in payment.py, which re-exports these names. The
Naval sources of a deployment (:func:`deploy_sources`) are here because its cost depends on them.
"""

from __future__ import annotations

from typing import Any

from engine.choices import split_choice

from . import advantages
from . import board as B
from . import geometry as G
from . import ministries as M
from .purchases_restrict import applicable_points
from .state import BR, FR, available_debt

State = dict[str, Any]
Frame = dict[str, Any]
P = dict[str, Any]
Mods = list[tuple[str, int]]

COST_KINDS = ("cheap_unflag", "unflag_discount", "cheap_squadron")
SET_ONE = ("german_diplomacy", "italy_influence", "silesia_negotiations", "fur_trade")
MINUS_ONE = ("wheat", "fruit", "rum", "silk", "textiles")


# ---------------------------------------------------------------------------- cost
def adv_applies(st: State, adv: str, p: P) -> bool:
    """Whether cost Advantage ``adv`` can change purchase ``p`` (IS-8.3.3/4/7/9/12/13/16/17/21/22)."""
    a = B.ADVANTAGES[adv]
    kind = a["kind"]
    sp = p.get("space")
    if kind == "cheap_squadron":
        return p["kind"] == "build_squadron"
    if p["kind"] != "shift" or p.get("mode") != "unflag":
        return False
    t = a.get("target") or {}
    if kind == "cheap_unflag" and a["ap"] == "DP":
        if B.kind_of(sp) != "political":
            return False
        if "spaces" in t:
            return sp in t["spaces"]
        return B.SPACES[sp]["country"] in t["countries"]
    if kind in ("cheap_unflag", "unflag_discount"):
        return B.kind_of(sp) == "market" and B.region_of(sp) == t["region"]
    return False


def pending_advs(st: State, p: P) -> list[str]:
    """Cost Advantages used through an Event this round (``add_mod("pending_adv")``, IS-8.2b)
    that apply to purchase ``p``."""
    rd = st["round"]
    if rd is None:
        return []
    return [a for a in rd["mods"].get("pending_adv", []) if adv_applies(st, a, p)]


def _base(st: State, p: P) -> tuple[int, str]:
    k = p["kind"]
    sp = p.get("space")
    if k == "shift":
        return B.SPACES[sp]["cost"], "printed"
    if k == "draw_event":
        return 3, "draw"
    if k in ("bonus_tile", "convert", "conflict"):
        return 2, k
    if k == "fort":
        c = B.SPACES[sp]["cost"]
        return {"build": c, "repair": c - 1, "seize": c + 1}[p["mode"]], p["mode"]
    if k == "build_squadron":
        return 4, "construct"
    if k == "deploy":
        if p.get("mode") != "displace":
            return 1, "deploy"
        return (3 if p.get("src") in (None, "navy") else 2), "displace"
    if k == "naval_bastion":
        return 1, "bastion"
    if k.startswith("jacobite"):
        return M.purchase_cost(st, p["side"], p["choice"]), "jacobite"
    return 0, k


def cost(
    st: State, side: int, p: P, fr: Frame | None, optimistic: bool = False
) -> tuple[int, Mods, int]:
    """(base, [(label, delta)], total) of purchase ``p`` for ``side`` with the options chosen in
    payment frame ``fr`` (None = none chosen; ``optimistic`` = every usable optional reduction,
    for legality listing). IS-5.4.2, 5.5.2, 5.6.2–5.6.6, IS-A02."""
    rd = st["round"]
    if fr:
        used = list(fr["used"])
        advs = [split_choice(u, "adv") for u in used if u.startswith("adv:")] + pending_advs(st, p)
    else:
        used = []
        advs = pending_advs(st, p) if rd is not None and rd["mods"].get("pending_adv") else []
    if optimistic:
        advs += [a for a in cost_advs(st, side, p, []) if a not in advs]
    k = p["kind"]
    sp = p.get("space")
    base, _ = _base(st, p)
    mods: Mods = []
    if k == "shift":
        return _shift_cost(st, side, p, base, advs, used, optimistic)
    if k == "conflict":
        if G.protected(st, sp):
            mods.append(("Protected", -1))
        if st["conflict"].get(sp) == 2:
            mods.append(("plus-one marker", 1))
        return base, mods, max(1, base + sum(d for _, d in mods))
    if k == "build_squadron":
        two = M.squadron_base(st, side) == 2 or "slaving_contracts" in advs
        if two:
            mods.append(("cheap Squadron", -2))
        if rd is not None and rd["mods"].get("ev04_squadron"):
            mods.append(("South Sea Speculation", -2))
        return base, mods, max(0, base + sum(d for _, d in mods))
    if k == "deploy" and p.get("mode") == "displace" and p.get("src") is None:
        srcs = deploy_sources(st, side, sp)
        if any(s != "navy" for s in srcs):
            base = 2
    return base, mods, base


def _shift_cost(
    st: State, side: int, p: P, base: int, advs: list[str], used: list[str], optimistic: bool
) -> tuple[int, Mods, int]:
    """:func:`cost` of a ``shift`` purchase (IS-5.4.2): the base cost (1 on a conflicted or
    isolated Market; Advantages setting it to 1, IS-V07 exactly 1) and the modifiers (cost
    Advantages, Huguenots, Pacte de Famille, Hanbury Williams, ministries, Protected, a new
    Region); at least 1."""
    rd = st["round"]
    sp = p.get("space")
    mods: Mods = []
    unflag = p.get("mode") == "unflag"
    kind = B.KIND[sp]
    if sp in st["conflict"] or unflag and kind == "market" and G.is_isolated(st, sp):
        base = 1
    if advs:
        if any(a in SET_ONE for a in advs):
            base = 1
            if st["opts"].get("set_to_one_flat", "off") == "on":  # IS-V07: exactly 1
                return 1, [], 1
        for a in advs:
            if a in MINUS_ONE:
                mods.append((B.ADVANTAGES[a]["name"], -1))
    hug = [u for u in used if u.startswith("huguenots:")] if used else []
    if optimistic and not hug and huguenots_options(st, side, p):
        hug = ["x"]
    if hug:
        mods.append(("Huguenots", -1))
    if rd is not None and unflag and kind == "political" and side == BR:
        if rd["mods"].get("ev17") and B.SPACES[sp]["country"] in ("spain", "austria"):
            mods.append(("Pacte de Famille", -1))
        if rd["mods"].get("min16") and B.SPACES[sp]["country"] in (
            "prussia",
            "german_states",
            "russia",
        ):
            mods.append(("Charles Hanbury Williams", -1))
    for _id, label, delta in M.cost_mods(st, side, p):
        mods.append((label, delta))
    if unflag and G.protected(st, sp):
        mods.append(("Protected", 1))
    if rd is not None:
        regs = rd["regions"][p["type"]]
        if regs and B.REGION[sp] not in regs:
            mods.append(("new Region", 1))
    if not mods:
        return base, mods, max(1, base)
    return base, mods, max(1, base + sum(d for _, d in mods))


def deploy_sources(st: State, side: int, dest: str) -> list[str]:
    """IS-5.6.6: ``navy`` (Navy Box not empty) and each of ``side``'s Squadrons on a Naval space
    that did not arrive there this round."""
    out = ["navy"] if st["navy"][side] > 0 else []
    moved = st["round"]["sq_moved"] if st["round"] else {}
    for n in B.spaces_in(None, "naval"):
        if n != dest and st["squadrons"].get(n) == side and n not in moved:
            out.append(n)
    return out


def cost_text(base: int, mods: Mods, total: int, typ: str) -> str:
    """'base 3 · Protected +1 · new Region +1 = 5 EP'."""
    unit = {"E": "EP", "D": "DP", "M": "MP"}[typ]
    parts = [f"base {base}"] + [f"{lab} {d:+d}" for lab, d in mods]
    return " · ".join(parts) + f" = {total} {unit}"


def log_detail(mods: Mods, total: int, typ: str, base: int | None = None) -> str:
    """Cost words for log lines: the total, then (when modified) the base and each modifier —
    '3 EP: base 2, new Region +1', '2 MP: base 4, cheap Squadron −2'; plain '4 MP' otherwise."""
    unit = {"E": "EP", "D": "DP", "M": "MP"}[typ]
    if not mods:
        return f"{total} {unit}"
    parts = [f"{lab} {'+' if d > 0 else '−'}{abs(d)}" for lab, d in mods]
    if base is not None:
        parts.insert(0, f"base {base}")
    return f"{total} {unit}: " + ", ".join(parts)


# ---------------------------------------------------------------------------- options
def cost_advs(st: State, side: int, p: P, chosen: list[str]) -> list[str]:
    """Cost Advantages usable now on ``p`` (IS-8.2, 8.2b; one per Region, two per round)."""
    out = []
    if p["kind"] == "shift" and p.get("mode") != "unflag":
        return out
    if p["kind"] not in ("shift", "build_squadron"):
        return out
    for a, holder in st["adv_holder"].items():
        if holder != side or a in chosen or B.ADVANTAGES[a]["kind"] not in COST_KINDS:
            continue
        if advantages.can_use(st, side, a, extra=chosen) and adv_applies(st, a, p):
            out.append(a)
    return out


def huguenots_options(st: State, side: int, p: P) -> list[str]:
    """IS-MIN09 (b): fresh Huguenots markers in the Region of a French Market shift."""
    if side != FR or p["kind"] != "shift" or B.kind_of(p["space"]) != "market":
        return []
    reg = B.region_of(p["space"])
    return [t for t, v in st["huguenots"].items() if v == 1 and B.region_of(t) == reg]


def funds_pre(st: State, side: int) -> int:
    """The part of :func:`funds` that does not depend on the purchase: Available Debt (at least 0)
    + TRP. For loops over many purchases."""
    return max(0, available_debt(st, side)) + st["trp"][side]


def funds(st: State, side: int, a: dict[str, Any], p: P, pre: int | None = None) -> int:
    """Points that could pay ``p``: applicable action points + Available Debt + TRP + free Merchant
    Banks Debt (IS-5.7e/f, IS-6.1, IS-9.1, IS-MIN17). ``pre``: :func:`funds_pre` of this state and
    side, when already known."""
    fixed = pre if pre is not None else funds_pre(st, side)
    n = applicable_points(st, a, p) + fixed
    if p["type"] == "E":
        n += M.free_debt_left(st, side, p)
    return n


def affordable(
    st: State,
    side: int,
    a: dict[str, Any],
    p: P,
    plain: int | None = None,
    pre: int | None = None,
) -> bool:
    """True when ``p`` can be paid with the best usable reductions (IS-5.7e). ``plain``: its cost
    without options, when already known; ``pre``: :func:`funds_pre`, when already known."""
    have = funds(st, side, a, p, pre)
    if plain is None:
        plain = cost(st, side, p, None)[2]
    if plain <= have:
        return True
    return cost(st, side, p, None, optimistic=True)[2] <= have
