"""Danger signs: a seat one step from an instant win, told to everyone before it happens
(issue 19). Pure functions of a seat's (or the spectator's) view, so they show nothing hidden.

Per game (:data:`BY_GAME`), from the rulings' instant wins:

* iMperium: army victory (IMP-6.6) — 4 army counters, or 3 with Army Dominance against no
  Defense (a land pursuit then gains 2, IMP-6.3); points victory (IMP-8.3) — one scoring card
  short (3/4 Roman, 5/6 Greek).
* Mausoleum: the win check at the end of a turn (MAU-9.5) — a grave the seat's own morgue can
  pay for now (MAU-8.1) lifts its counted value to the threshold.
* Imperial Struggle: the VP threshold (IS-2.4 a) — VP within :data:`IS_MARGIN` of 30
  (France) or of 0 (Britain); it is checked at the next Victory Check.

Res Publica and Brazil: Imperial have no instant win (they are scored at the end).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from engine.games.mausoleum.state import can_complete

View = dict[str, Any]

IS_MARGIN = 3
"""Imperial Struggle: VP this close to a threshold (30 or 0) is a danger sign."""
IS_FRANCE_WINS, IS_BRITAIN_WINS = 30, 0
"""IS-2.4 (a): France wins at ``vp >= 30``, Britain at ``vp <= 0``."""

_IMP_NAMES = {"roman": "Rome", "greek": "Greece"}
_IMP_STEP = {"roman": Fraction(1, 4), "greek": Fraction(1, 6)}
"""A scoring card's points by deck (IMP-7.13)."""
_IMP_DEFENSES = ("walls", "fort")


def imperium(view: View) -> list[str]:
    """iMperium's danger signs (see the module docstring)."""
    seats = view["seats"]
    decks = [s["deck"] for s in seats]
    out: list[str] = []
    for p, s in enumerate(seats):
        name = _IMP_NAMES[s["deck"]] if decks[0] != decks[1] else f"{_IMP_NAMES[s['deck']]} {p + 1}"
        foe = seats[1 - p]
        army = s["army"]
        held = view["army_dom"] == p
        bare = not any(c["card"] in _IMP_DEFENSES for c in foe["play"])
        if army >= 4:
            out.append(f"{name} has {army} army counters: one more wins (army victory at 5)")
        elif army == 3 and held and bare:
            out.append(
                f"{name} has 3 army counters and Army Dominance, and the opponent no Defense:"
                " one land attack wins (army victory at 5)"
            )
        pts = Fraction(s["points"])
        if Fraction(0) < pts < 1 and pts + _IMP_STEP[s["deck"]] >= 1:
            out.append(f"{name} has {s['points']} points: one more scoring card wins")
    return out


def mausoleum(view: View) -> list[str]:
    """Mausoleum's danger signs (see the module docstring)."""
    threshold = view["threshold"]
    shop = view["shop"]
    out: list[str] = []
    for s in view["seats"]:
        if s["counted"] >= threshold:
            continue
        morgue = [h["card"] for h in s["morgue"]]
        buys = [g for g in shop if can_complete(morgue, [], g["value"])]
        best = max(buys, key=lambda g: g["value"], default=None)
        if best is not None and s["counted"] + best["value"] >= threshold:
            out.append(
                f"{s['name']} can buy {best['name']} (${best['value']}m) and reach"
                f" ${s['counted'] + best['value']}m of ${threshold}m: a win at the end of"
                " their turn"
            )
    return out


def imperial_struggle(view: View) -> list[str]:
    """Imperial Struggle's danger signs (see the module docstring)."""
    if view.get("over"):
        return []
    vp = view["vp"]
    if vp >= IS_FRANCE_WINS - IS_MARGIN:
        short = IS_FRANCE_WINS - vp
        what = "is at 30 or more" if short <= 0 else f"is {short} short of 30"
        return [f"VP {vp}: France {what} — France wins at the next Victory Check at 30"]
    if vp <= IS_BRITAIN_WINS + IS_MARGIN:
        what = "is at 0 or less" if vp <= 0 else f"is {vp} above 0"
        return [f"VP {vp}: the track {what} — Britain wins at the next Victory Check at 0"]
    return []


BY_GAME: dict[str, Callable[[View], list[str]]] = {
    "imperium": imperium,
    "mausoleum": mausoleum,
    "imperial_struggle": imperial_struggle,
}
"""Game id -> its danger signs; a game without instant wins has none."""


def dangers(game: str, view: View | None) -> list[str]:
    """The danger signs of ``game`` in ``view`` (none once the match is over)."""
    fn = BY_GAME.get(game)
    if fn is None or view is None or view.get("outcome"):
        return []
    return fn(view)
