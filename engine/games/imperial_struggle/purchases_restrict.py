"""Imperial Struggle restricted points (IS-5.7a, IS-5.7e, IS-5.3.4, IS-A54): which purchases a
restricted grant may pay, and how many of an action's points apply to a purchase.

A purchase is the dict described in purchases.py. Restriction predicates (``restriction_ok``):
``region:<r>``, ``country:<c,...>`` / ``countries:<c,...>``, ``unflag``, ``unflag_market``,
``unflag_political_europe`` / ``political_europe_unflag``, ``flag_empty_market_next_to_own`` /
``flag_empty_market_next_to_british``, ``non_prestige_political``, ``scotland_ireland``,
``bonus_or_deploy``; ``a&b`` = both.
"""

from __future__ import annotations

from typing import Any

from . import board as B
from .state import BR

State = dict[str, Any]
P = dict[str, Any]


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
