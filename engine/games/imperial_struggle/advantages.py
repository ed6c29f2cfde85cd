"""Imperial Struggle Advantage tiles: usability and effects (IS-8.2, IS-8.2a–c, IS-8.3.1–8.3.22).

Holding (IS-8.1) is ``state.recompute_advantages``. Here:

* :func:`can_use` — IS-8.2: holder, own round after the tile, not exhausted, no Conflict marker on
  a connected space, held since the round's start, < 2 used this round, none of its Region used.
* :func:`usable` — the usable tile ids of a side; :func:`menu_choices` — the S3 ``adv:<id>``
  choices (Conflict placers with a legal target, Baltic Trade with Debt to reduce).
* :func:`mark_used` — a normal use: limits, Exhausted marker, tile used (the Event is forfeited,
  IS-8.2a), ministry hook ``on_advantage_used`` (IS-MIN13, IS-MIN19).
* :func:`use_ordered` / :func:`can_use_ordered` — Event-ordered use (IS-8.2c: IS-EV06, IS-EV33):
  counts toward the limits, never exhausts; a cost tile becomes a pending modifier (IS-8.2b).
* Cost tiles (IS-8.3.3/4/7/9/12/13/16/17/21/22) are chosen while paying (payment.py).
* Naval Bastion (IS-8.3.6) is a Military purchase (purchases.py).

Frame kind ``is_adv_target`` ``{"side", "adv", "region", "ordered"}``: ``space:<id>`` (after
``region:<id>`` when long), ``back`` (not for an ordered use).
Log event kinds: ``adv_use`` {adv, ordered}, ``adv_conflict`` {space, plus}.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.choices import split_choice
from engine.rules import Choice, Event

from . import board as B
from . import frames as F
from . import geometry as G
from . import ministries
from .state import available, ev, reduce_debt

State = dict[str, Any]
Frame = dict[str, Any]

COST_KINDS = ("cheap_unflag", "unflag_discount", "cheap_squadron")
LONG = 12


def _limits_ok(st: State, side: int, adv: str, extra: list[str] | None = None) -> bool:
    rd = st["round"]
    used = list(rd["adv_used"]) + list(extra or [])
    regions = set(rd["adv_regions"]) | {B.ADVANTAGES[a]["region"] for a in extra or []}
    return len(used) < 2 and B.ADVANTAGES[adv]["region"] not in regions and adv not in used


def can_use(
    st: State,
    side: int,
    adv: str,
    *,
    extra: list[str] | None = None,
    ordered: bool = False,
    allow_gained: bool = False,
) -> bool:
    """IS-8.2 (``ordered``: IS-8.2c — exhaustion ignored; ``allow_gained``: IS-EV06 may use a tile
    gained this round). ``extra``: tiles chosen but not yet marked (same payment)."""
    rd = st["round"]
    if rd is None or rd["side"] != side or rd["tile"] is None:
        return False
    if st["adv_holder"].get(adv) != side:
        return False
    if not ordered and adv in st["adv_exhausted"]:
        return False
    if any(s in st["conflict"] for s in B.ADVANTAGES[adv]["connected_spaces"]):
        return False
    if not allow_gained and adv in rd["gained_adv"]:
        return False
    return _limits_ok(st, side, adv, extra)


def usable(st: State, side: int) -> list[str]:
    """Advantage ids ``side`` may use now (IS-8.2), in ``B.ADVANTAGES`` order. Only the tiles
    ``side`` holds in its own round are asked (:func:`can_use` refuses the others first)."""
    rd = st["round"]
    if rd is None or rd["side"] != side or rd["tile"] is None:
        return []
    holder = st["adv_holder"]
    return [a for a in B.ADVANTAGES if holder.get(a) == side and can_use(st, side, a)]


_STATIC_TARGETS: dict[str, tuple[str, ...]] = {}
"""Advantage id -> the Markets / Political spaces its target filter admits (map data only)."""


def _static_targets(adv: str) -> tuple[str, ...]:
    got = _STATIC_TARGETS.get(adv)
    if got is not None:
        return got
    t = B.ADVANTAGES[adv].get("target") or {}
    out = []
    for sp in B.SPACE_ORDER:
        k = B.kind_of(sp)
        if k not in ("market", "political"):
            continue
        rec = B.SPACES[sp]
        if "type" in t and k != t["type"]:
            continue
        if "region" in t and rec["region"] != t["region"]:
            continue
        if "sub_region" in t and rec["sub_region"] != t["sub_region"]:
            continue
        if "commodity" in t and (k != "market" or rec["commodity"] != t["commodity"]):
            continue
        if "countries" in t and (k != "political" or rec["country"] not in t["countries"]):
            continue
        if t.get("space_filter") == "alliance_space" and not (
            k == "political" and rec["is_alliance_space"]
        ):
            continue
        out.append(sp)
    _STATIC_TARGETS[adv] = tuple(out)
    return _STATIC_TARGETS[adv]


def _iter_conflict_targets(st: State, adv: str) -> Iterator[str]:
    unprotected = (B.ADVANTAGES[adv].get("target") or {}).get("unprotected")
    conflict = st["conflict"]
    for sp in _static_targets(adv):
        if sp in conflict or not available(st, sp):
            continue
        if unprotected and G.protected(st, sp):
            continue
        yield sp


def conflict_targets(st: State, side: int, adv: str) -> list[str]:
    """Legal Conflict-marker targets of a Conflict-placing tile (IS-8.3, IS-3.8.1): available Markets
    or Political spaces matching the tile's filter, without a marker, any flag status."""
    return list(_iter_conflict_targets(st, adv))


def _has_effect(st: State, side: int, adv: str) -> bool:
    kind = B.ADVANTAGES[adv]["kind"]
    if kind == "place_conflict":
        return next(_iter_conflict_targets(st, adv), None) is not None
    if kind == "debt_relief":
        return st["debt"][side] > 0
    return False


def menu_choices(st: State, side: int) -> list[Choice]:
    """S3 ``adv:<id>`` choices: usable Conflict placers with a target and Baltic Trade (IS-17.6)."""
    return [
        Choice(f"adv:{a}", f"Use {B.ADVANTAGES[a]['name']}", target=a, group="adv")
        for a in usable(st, side)
        if _has_effect(st, side, a)
    ]


def exhaust(st: State, adv: str, by_side: int | None, out: list[Event]) -> None:
    """Put the Exhausted marker on ``adv``; when ``by_side`` uses it, the ministry hook
    ``on_advantage_used`` runs (IS-MIN13 Pompadour, IS-MIN19 Watt). ``by_side`` None = exhausted
    without a use (IS-EV34)."""
    st["adv_exhausted"][adv] = 1
    if by_side is not None:
        ministries.on_advantage_used(st, by_side, adv, out)


def _record(st: State, side: int, adv: str, out: list[Event], ordered: bool) -> None:
    rd = st["round"]
    rd["adv_used"].append(adv)
    rd["adv_regions"][B.ADVANTAGES[adv]["region"]] = 1
    rd["tile_used"] = True
    out.append(ev(st, "adv_use", side, adv=adv, ordered=ordered))


def mark_used(st: State, side: int, adv: str, out: list[Event]) -> None:
    """A normal use of ``adv`` (IS-8.2): counts toward the limits, forfeits the Event, exhausts."""
    _record(st, side, adv, out, False)
    exhaust(st, adv, side, out)


def use_from_menu(st: State, side: int, adv: str, out: list[Event]) -> None:
    """S3 ``adv:<id>``: Baltic Trade at once (IS-8.3.1); a Conflict placer asks for its target."""
    kind = B.ADVANTAGES[adv]["kind"]
    if kind == "debt_relief":
        mark_used(st, side, adv, out)
        reduce_debt(st, side, 2, out, adv)
        return
    F.push(st, "is_adv_target", side=side, adv=adv, region=None, ordered=False)


def can_use_ordered(st: State, side: int, adv: str, *, allow_gained: bool = False) -> bool:
    """IS-8.2c: may ``side`` use ``adv`` by an Event's order now (and would it do something)?"""
    if not can_use(st, side, adv, ordered=True, allow_gained=allow_gained):
        return False
    kind = B.ADVANTAGES[adv]["kind"]
    return kind in COST_KINDS or kind == "squadron_to_navy_box" or _has_effect(st, side, adv)


def use_ordered(
    st: State, side: int, adv: str, out: list[Event], *, allow_gained: bool = False
) -> None:
    """IS-8.2c: use ``adv`` by an Event's order (IS-EV06, IS-EV33): no exhaustion; limits count;
    a cost tile becomes a pending modifier (IS-8.2b); a Conflict placer pushes its target frame."""
    kind = B.ADVANTAGES[adv]["kind"]
    _record(st, side, adv, out, True)
    if kind in COST_KINDS or kind == "squadron_to_navy_box":
        st["round"]["mods"].setdefault("pending_adv", []).append(adv)
    elif kind == "debt_relief":
        reduce_debt(st, side, 2, out, adv)
    elif kind == "place_conflict":
        F.push(st, "is_adv_target", side=side, adv=adv, region=None, ordered=True)


def place_conflict(st: State, side: int, space: str, out: list[Event], plus: bool = False) -> None:
    """Put a Conflict marker (normal or plus-one) on ``space`` (IS-3.8.1)."""
    st["conflict"][space] = 2 if plus else 1
    out.append(ev(st, "adv_conflict", side, space=space, plus=plus))


def _target_choices(st: State, fr: Frame) -> list[Choice]:
    tg = conflict_targets(st, fr["side"], fr["adv"])
    out: list[Choice] = []
    if fr["region"]:
        tg = [s for s in tg if B.region_of(s) == fr["region"]]
    elif len(tg) > LONG and len({B.region_of(s) for s in tg}) > 1:
        for r in B.REGIONS:
            n = sum(1 for s in tg if B.region_of(s) == r)
            if n:
                out.append(Choice(f"region:{r}", f"{B.REGION_NAMES[r]} ({n})", group="region"))
        tg = []
    out += [Choice(f"space:{s}", B.name_of(s), target=s, group="space") for s in tg]
    if fr["region"] or not fr["ordered"]:
        out.append(Choice("back", "Back"))
    return out


def _target_apply(st: State, fr: Frame, choice: str, out: list[Event]) -> None:
    side = fr["side"]
    if choice == "back":
        if fr["region"]:
            fr["region"] = None
        else:
            F.pop(st, fr)
        return
    if choice.startswith("region:"):
        fr["region"] = split_choice(choice, "region")
        return
    F.pop(st, fr)
    if not fr["ordered"]:
        mark_used(st, side, fr["adv"], out)
    place_conflict(st, side, split_choice(choice, "space"), out)


F.register(
    "is_adv_target",
    side=lambda st, fr: fr["side"],
    choices=_target_choices,
    text=lambda st, fr: (f"{B.ADVANTAGES[fr['adv']]['name']}: place a Conflict marker", ""),
    apply=_target_apply,
)
