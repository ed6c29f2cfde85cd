"""Mausoleum "why not?": the choices a player would expect now and why they are missing.

The rules contract's optional ``unavailable`` hook (engine/rules.py). Reasons read only the
seat's own hand and the public table (parties, morgues, shop, discard pile; MAU-11), so they
are the same in every world ``determinize`` gives for the seat.
"""

from __future__ import annotations

from itertools import combinations

from .cards import ACCIDENT, HEIR, effect, kind, label, value
from .decisions import decider
from .play import playable
from .state import PARTY_MAX, buyable, locked, payment_ok, payment_value
from .state_types import MausoleumState
from .text import money

Reason = tuple[str, str]


def best_payment(morgue: list[int]) -> int:
    """The highest payment value of a legal payment from ``morgue`` (MAU-8.1-8.4), 0 if none;
    at most 4 + 4 heirs, so brute force."""
    best = 0
    for k in range(1, len(morgue) + 1):
        for pay in combinations(morgue, k):
            if payment_ok(list(pay), 0):
                best = max(best, payment_value(list(pay)))
    return best


def unavailable(st: MausoleumState, seat: int) -> list[Reason]:
    """``[(label, reason)]`` for ``seat`` now: at the start of its turn the discard pile's top
    card when the pile is empty (MAU-3.2) and the graves its morgue cannot pay for (MAU-3.5,
    8.1); at its play step every hand card without a legal target (MAU-3.4). Empty when
    ``seat`` is not deciding one of these."""
    if decider(st) != seat or seat != st["active"]:
        return []
    if st["phase"] == "turn":
        return _turn(st, seat)
    if st["phase"] == "play":
        return [_no_target(st, c) for c in dict.fromkeys(st["hands"][seat]) if not playable(st, c)]
    return []


def _turn(st: MausoleumState, seat: int) -> list[Reason]:
    out: list[Reason] = []
    if st["deck"] and not st["discard"]:
        out.append(("Take from the discard pile", "The discard pile is empty (MAU-3.2)"))
    morgue = st["morgue"][seat]
    can = set(buyable(st, seat))
    missing = [g for g in st["shop"] if g not in can]
    if not morgue and missing:
        out.append(
            ("Buy a grave", "Your morgue is empty: graves are paid with its heirs (MAU-8.1)")
        )
        return out
    pays = money(best_payment(morgue))
    for g in missing:
        why = f"Costs {money(value(g))}: the heirs in your morgue pay at most {pays} (MAU-8.1)"
        out.append((f"Buy {label(g)}", why))
    return out


def _no_target(st: MausoleumState, c: int) -> Reason:
    """Why hand card ``c`` cannot be played (MAU-3.4): it can still be discarded."""
    k, eff = kind(c), effect(c)
    if k == HEIR:
        full = sum(1 for p in st["party"] if len(p) >= PARTY_MAX)
        shut = sum(1 for p in st["party"] if len(p) < PARTY_MAX and locked(p))
        parts = []
        if full:
            parts.append(f"{full} full with 4 heirs (MAU-4.2)")
        if shut:
            parts.append(f"{shut} locked by a Grumpy Dowager (MAU-4.3)")
        return (f"Invite {label(c)}", "No party can take it: " + ", ".join(parts))
    if k == ACCIDENT:
        why = "No heir can be killed: none is in a party, or all are protected (MAU-5.5)"
        return (f"Play {label(c)}", why)
    why = {
        "holiday": "No heir is in any party (MAU-6.1)",
        "doozy": "No heir in a party is without a Doozy (MAU-7.1)",
        "misplaced": "No heir is in any morgue (MAU-6.3)",
    }.get(eff, "It has no legal target (MAU-3.4)")
    return (f"Play {label(c)}", why)
