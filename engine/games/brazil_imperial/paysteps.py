"""The payment steps (BI-29.6 payment wizard; BI-5.6-5.10, Napoleon BI-19.10, Afonso BI-19.8).

A decision whose choice costs something calls :func:`choose_plan`. With one way to pay and no
conversion to offer, that way is taken at once. Otherwise a ``pay`` prompt waits:

* ``pay:<n>``: a whole way to pay; ``pay:0`` is the canonical payment (BI-29.6), which uses a
  conversion only when nothing else pays. When there are at most ``SHORT`` distinct ways, every
  one is listed; when there are more, only the canonical one and
* ``manual``: one ``pay.unit`` prompt per requirement unit (order science, gold, exact basics,
  a|b, any basic), each listing the payers (``s:<item>``, ``t:q,r:<item>``, ``g:<card>``,
  ``v:<kind>``) that leave the rest payable, so every legal way can be reached;
* ``convert`` (Napoleon or Afonso with usable battle cards, not for Trade inputs): a
  ``pay.convert`` prompt (``nap:basic:<card>``, ``nap:science:<c1>+<c2>``, ``afo:1:<card>``,
  ``afo:2:<c1>+<c2>``, ``afo:3:<c1>+<c2>+<c3>``, ``done``), then the ways with those virtual
  items;
* ``back``: the previous step; on the first payment prompt, the decision that led to it.

Nothing changes in the state until the way is complete; then the original decision is applied
again with ``plan`` set (``actions`` handlers pay it). The prompts' running summary reads the
``pay*`` frame on top (:func:`pay_summary`).
"""

from __future__ import annotations

from typing import Any

from engine.choices import split_choice
from engine.rules import Choice, Event, State

from . import catalog as C
from . import payment as P
from . import payways as W
from .frames import DECISIONS, decision, pop, push

SHORT = 6
"""Most whole ways listed in one ``pay`` prompt; more ways go through ``manual``."""

PAY_KINDS = ("pay", "pay.convert", "pay.unit")


def _conversion_possible(st: State, s: int, cards: list[str], exact: bool) -> bool:
    m = st["monarch"][s]
    if exact or not [c for c in P.usable_battle(st, s) if c not in cards]:
        return False
    if m == "napoleon":
        return True
    return m == "afonso_i" and not cards and st["flags"][s].get("afonso_turn") != st["turns"][s]


def choose_plan(
    st: State,
    fr: dict,
    choice: str,
    cost: dict[str, int],
    exclude: str | None = None,
    exact: bool = False,
) -> dict | None:
    """The payment for the decision ``fr`` just answered with ``choice``: the plan chosen in
    earlier payment steps, the only way to pay, or None after pushing a ``pay`` step (module
    doc). ``exclude``: a tile whose goods may not pay (BI-5.8); ``exact``: Trade inputs
    (BI-5.7). Raises AssertionError if the cost cannot be paid (a listed choice always can)."""
    if "plan" in fr:
        return fr["plan"]
    s = fr["seat"]
    canonical = P.plan(st, s, cost, exclude=exclude, exact=exact)
    assert canonical is not None, "a listed choice must be payable"
    canonical["payers"] = [list(p) for p in canonical["payers"]]
    site = {k: v for k, v in fr.items()}
    base = {"site": site, "choice": choice, "cost": dict(cost), "exclude": exclude, "exact": exact}
    units = C.cost_units(cost)
    conv = _conversion_possible(st, s, [], exact) and bool(units)
    pool = W.make_pool(st, s, exclude, exact)
    found = W.ways(units, pool, exact, limit=SHORT)
    if not conv and found is not None and len(found) == 1 and not canonical["convert"]:
        return canonical
    plans = [canonical]
    if found:
        plans += [{"payers": w, "convert": [], "virtual": {}} for w in found[1:]]
    push(
        st,
        "pay",
        s,
        **base,
        plans=plans,
        manual=found is None,
        convert=conv,
        cards=[],
        virtual={},
        prev=site,
    )
    return None


def _finish(st: State, fr: dict, plan: dict, rng: Any, ev: list[Event]) -> None:
    """Pop the step ``fr`` (when on the stack) and apply its decision again with ``plan``."""
    if any(x is fr for x in st["stack"]):
        pop(st, fr)
    site = dict(fr["site"])
    site["plan"] = plan
    st["stack"].append(site)
    DECISIONS[site["k"]][1](st, site, fr["choice"], rng, ev)


def _back(st: State, fr: dict) -> None:
    pop(st, fr)
    st["stack"].append(dict(fr["prev"]))


def _carry(fr: dict) -> dict:
    """The frame data every payment step passes on."""
    return {k: fr[k] for k in ("site", "choice", "cost", "exclude", "exact", "cards", "virtual")}


def pay_summary(fr: dict) -> str:
    """The running summary of a payment step: the cost, conversions and payers chosen so far."""
    bits = [f"paying {P.cost_label(fr['cost'])}"]
    if fr.get("cards"):
        bits.append(f"converting {', '.join(fr['cards'])}")
    if fr.get("picked"):
        bits.append("so far " + ", ".join(W.payer_label(p) for p in fr["picked"]))
    return "; ".join(bits)


# ------------------------------------------------------------------ pay (whole ways)
def _pay_choices(st: State, fr: dict) -> tuple[str, list[Choice]]:
    out = [
        Choice(f"pay:{i}", P.describe_plan(p), None, "pay", "the usual payment" if i == 0 else "")
        for i, p in enumerate(fr["plans"])
    ]
    if fr["manual"]:
        out.append(Choice("manual", "Choose each payer yourself", None, "pay"))
    if fr["convert"]:
        out.append(Choice("convert", "Convert battle cards first", None, "pay"))
    out.append(Choice("back", "Back", None, "pay"))
    return f"How do you pay {P.cost_label(fr['cost'])}?", out


@decision("pay", _pay_choices)
def _pay(st: State, fr: dict, choice: str, rng: Any, ev: list[Event]) -> None:
    if choice == "back":
        _back(st, fr)
    elif choice == "manual":
        pop(st, fr)
        push(st, "pay.unit", fr["seat"], **_carry(fr), picked=[], prev=fr)
    elif choice == "convert":
        pop(st, fr)
        push(st, "pay.convert", fr["seat"], **_carry(fr), prev=fr)
    else:
        _finish(st, fr, fr["plans"][int(split_choice(choice, "pay"))], rng, ev)


# ------------------------------------------------------------------ pay.unit (manual)
def _units_left(fr: dict) -> list[str]:
    return C.cost_units(fr["cost"])[len(fr["picked"]) :]


def _unit_pool(st: State, fr: dict) -> W.Pool:
    pool = W.make_pool(st, fr["seat"], fr["exclude"], fr["exact"], fr["virtual"])
    return W.without(pool, fr["picked"])


def _unit_choices(st: State, fr: dict) -> tuple[str, list[Choice]]:
    left = _units_left(fr)
    total = len(C.cost_units(fr["cost"]))
    payers = W.options(left, _unit_pool(st, fr), fr["exact"], True, bool(fr["cards"]))
    out = []
    for p in payers:
        target = f"h:{p[1]}" if p[0] == "t" else f"c:{p[1]}" if p[0] == "g" else None
        out.append(Choice(W.payer_id(p), W.payer_label(p).capitalize(), target, "pay"))
    out.append(Choice("back", "Back", None, "pay"))
    n = total - len(left) + 1
    return f"Pay {W.unit_label(left[0])} ({n} of {total}) with:", out


@decision("pay.unit", _unit_choices)
def _pay_unit(st: State, fr: dict, choice: str, rng: Any, ev: list[Event]) -> None:
    if choice == "back":
        _back(st, fr)
        return
    left = _units_left(fr)
    payer = next(
        p
        for p in W.options(left, _unit_pool(st, fr), fr["exact"], True, bool(fr["cards"]))
        if W.payer_id(p) == choice
    )
    picked = [*fr["picked"], payer]
    if len(left) == 1:
        plan = {"payers": picked, "convert": list(fr["cards"]), "virtual": dict(fr["virtual"])}
        _finish(st, fr, plan, rng, ev)
        return
    pop(st, fr)
    push(st, "pay.unit", fr["seat"], **{**_carry(fr), "picked": picked}, prev=fr)


# ------------------------------------------------------------------ pay.convert
def _payable_with(st: State, fr: dict, cards: list[str], virtual: dict[str, int]) -> bool:
    """True if the cost can be paid using every virtual item after converting ``cards`` into
    ``virtual`` items, allowing Napoleon further conversions of the cards still usable
    (BI-19.10); a conversion whose items could not all be used is not offered."""
    units = C.cost_units(fr["cost"])
    s = fr["seat"]
    spare = 0
    if st["monarch"][s] == "napoleon":
        spare = len([c for c in P.usable_battle(st, s) if c not in cards])
    for more in range(spare + 1):
        for pairs in range(more // 2 + 1):
            v = dict(virtual)
            v["vbasic"] = v.get("vbasic", 0) + more - 2 * pairs
            v["vscience"] = v.get("vscience", 0) + pairs
            pool = W.make_pool(st, s, fr["exclude"], False, v)
            if W.complete(units, pool, full=True) is not None:
                return True
    return False


def _usable_now(st: State, fr: dict, virtual: dict[str, int]) -> bool:
    pool = W.make_pool(st, fr["seat"], fr["exclude"], False, virtual)
    return W.complete(C.cost_units(fr["cost"]), pool, full=True) is not None


def _conversions(st: State, fr: dict) -> list[tuple[str, str, list[str], dict[str, int]]]:
    """``[(choice id, label, cards, virtual items added)]`` offered now (module doc)."""
    s = fr["seat"]
    free = [c for c in P.usable_battle(st, s) if c not in fr["cards"]]
    out: list[tuple[str, str, list[str], dict[str, int]]] = []
    if st["monarch"][s] == "napoleon":
        for c in free:
            out.append((f"nap:basic:{c}", f"Discard {c} as a basic resource", [c], {"vbasic": 1}))
        for i, a in enumerate(free):
            for b in free[i + 1 :]:
                out.append(
                    (
                        f"nap:science:{a}+{b}",
                        f"Discard {a} + {b} as a science",
                        [a, b],
                        {"vscience": 1},
                    )
                )
    elif _conversion_possible(st, s, fr["cards"], False):
        table = [
            ("1", "as a gold", {"vgold": 1}),
            ("2", "as 2 basic resources", {"vbasic": 2}),
            ("3", "as a science and a gold", {"vscience": 1, "vgold": 1}),
        ]
        for k, words, virt in table:
            n = int(k)
            for combo in _combos(free, n):
                tail = "+".join(combo)
                out.append((f"afo:{k}:{tail}", f"Discard {tail} {words}", list(combo), virt))
    return out


def _combos(xs: list[str], n: int) -> list[tuple[str, ...]]:
    if n == 0:
        return [()]
    return [(x, *rest) for i, x in enumerate(xs) for rest in _combos(xs[i + 1 :], n - 1)]


def _after_conversion(fr: dict, cards: list[str], virt: dict[str, int]) -> dict[str, int]:
    out = dict(fr["virtual"])
    for k, v in virt.items():
        out[k] = out.get(k, 0) + v
    return out


def _convert_choices(st: State, fr: dict) -> tuple[str, list[Choice]]:
    out = []
    for cid, label, cards, virt in _conversions(st, fr):
        if _payable_with(st, fr, [*fr["cards"], *cards], _after_conversion(fr, cards, virt)):
            out.append(Choice(cid, label, f"c:{cards[0]}", "convert"))
    if fr["cards"] and _usable_now(st, fr, fr["virtual"]):
        out.append(Choice("done", "Done converting", None, "convert"))
    out.append(Choice("back", "Back", None, "convert"))
    return "Convert which battle cards for this payment?", out


@decision("pay.convert", _convert_choices)
def _convert(st: State, fr: dict, choice: str, rng: Any, ev: list[Event]) -> None:
    if choice == "back":
        _back(st, fr)
        return
    pop(st, fr)
    cards, virtual = list(fr["cards"]), dict(fr["virtual"])
    if choice != "done":
        cid, _, add, virt = next(c for c in _conversions(st, fr) if c[0] == choice)
        cards += add
        virtual = _after_conversion(fr, add, virt)
        if st["monarch"][fr["seat"]] == "napoleon" and [
            c for c in P.usable_battle(st, fr["seat"]) if c not in cards
        ]:
            push(
                st,
                "pay.convert",
                fr["seat"],
                **{**_carry(fr), "cards": cards, "virtual": virtual},
                prev=fr,
            )
            return
    _ways_after(st, {**fr, "cards": cards, "virtual": virtual}, rng, ev)


def _ways_after(st: State, fr: dict, rng: Any, ev: list[Event]) -> None:
    """After the conversions: the one way, or a ``pay`` prompt over the ways using them."""
    s = fr["seat"]
    units = C.cost_units(fr["cost"])
    pool = W.make_pool(st, s, fr["exclude"], False, fr["virtual"])
    found = W.ways(units, pool, False, True, limit=SHORT, full=True)
    assert found != [], "a listed conversion leaves the cost payable"
    first = W.complete(units, pool, False, True, full=True)
    plans = [
        {"payers": w, "convert": list(fr["cards"]), "virtual": dict(fr["virtual"])}
        for w in (found or [first])
    ]
    nxt = {**_carry(fr), "plans": plans, "manual": found is None, "convert": False, "prev": fr}
    if found is not None and len(found) == 1:
        _finish(st, fr, plans[0], rng, ev)
        return
    push(st, "pay", s, **nxt)
