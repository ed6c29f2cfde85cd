"""Both sides of a Brazil: Imperial combat spelled out part by part (BI-12.3-12.8, BI-11.4,
BI-18.4), for the combat dialog and for the public record of the last combat.

:func:`sides` reads only keys a state and a view share (``units``, ``paintings``, ``token``,
``tiles``, ``monarch``, ``bandeira``, ``dutch``, ``opts``), so the app can call it on a view while
the cards are being placed (the other side's cards are then a count) and the movement phase
calls :func:`record` on the state when the combat is resolved. Pure: it never changes its input.

A side is a dict::

    {"seat": int (-1 the solo Dutch), "units": [[slot, type, strength]], "strength": int,
     "tile": int (the defender's tile strength, BI-12.3), "paintings": int (BI-12.5),
     "arch": int (Harbor/Trade, BI-12.6), "fixed": int (the sum so far),
     "cards": [[card id, value]] when known, else the number of face-down cards,
     "total": int | None (None while a card is hidden)}

A flag fight's defender is ``{"seat": None, "flag": F, "total": F}`` (BI-11.4).
"""

from __future__ import annotations

from typing import Any

from . import catalog as C
from .combat import arch_bonus, card_value, dutch_card_value, painting_bonus
from .components import SOLO

Side = dict[str, Any]


def _unit(st: Any, s: int, slot: int) -> dict[str, Any]:
    return st["units"][s][slot - 1]


def _tile_strength(st: Any, h: str) -> int:
    """Strength (= VP) of the tile on ``h`` (BI-6.14, crowns BI-19), as ``board.tile_value``."""
    t = st["tiles"][h]
    if t["kind"] == "city":
        return int(C.CITIES[t["id"]]["vp"])
    if t.get("crown"):
        ab = C.MONARCHS[st["monarch"][t["owner"]]]["ability"]
        if ab.get("building") == t["id"]:
            return int(ab["vp"])
    return int(C.BUILDINGS[t["id"]]["vp"])


def defenders(st: Any, cb: dict[str, Any]) -> list[int]:
    """Slots of the defending seat's units on the combat hex (BI-12.2)."""
    d = cb.get("def")
    if not isinstance(d, int) or d < 0:
        return []
    return [u["slot"] for u in st["units"][d] if u.get("loc") == cb["hex"]]


def _occupied(st: Any, cb: dict[str, Any]) -> bool:
    """BI-12.3: a unit of a seat other than the defender stood on the hex before this combat
    (entering attackers do not count), so the tile adds nothing."""
    entering = set(cb["units"]) if cb["kind"] == "attack" else set()
    for s, us in enumerate(st["units"]):
        for u in us:
            if u.get("loc") != cb["hex"] or s == cb["def"]:
                continue
            if s == cb["att"] and u["slot"] in entering:
                continue
            return True
    return False


def _side(
    st: Any, s: int, slots: list[int], role: str, cards: Any, tile: int, attacking: bool
) -> Side:
    units = [[sl, _unit(st, s, sl)["type"], int(_unit(st, s, sl)["str"])] for sl in slots]
    types = {u[1] for u in units}
    paint = painting_bonus(st["paintings"][s], role, types)
    arch = arch_bonus(st["token"][s], role)
    strength = sum(u[2] for u in units)
    fixed = strength + tile + paint + arch
    side: Side = {
        "seat": s,
        "units": units,
        "strength": strength,
        "tile": tile,
        "paintings": paint,
        "arch": arch,
        "fixed": fixed,
    }
    if isinstance(cards, list):
        side["cards"] = [[c, card_value(c, attacking, types)] for c in cards]
        side["total"] = fixed + sum(v for _, v in side["cards"])
    else:
        side["cards"] = int(cards or 0)
        side["total"] = fixed if not cards else None
    return side


def _dutch(st: Any, cb: dict[str, Any], flipped: str | None) -> Side:
    """The solo Dutch defence (BI-18.4): tile 3 while they control their capital, the garrison,
    and the top battle card flipped at resolution (``flipped``; None before)."""
    dz = st["dutch"]
    entering = set(cb["units"]) if cb["kind"] == "attack" else set()
    mine = [u for u in st["units"][cb["att"]] if u.get("loc") == cb["hex"]]
    controls = not any(u["slot"] not in entering for u in mine)
    units = [[i, "dutch", int(x)] for i, x in enumerate(dz.get("garrison") or [])]
    tile = SOLO.dutch_tile_strength if controls else 0
    fixed = sum(u[2] for u in units) + tile
    cards = [[flipped, dutch_card_value(flipped)]] if flipped else []
    return {
        "seat": -1,
        "units": units,
        "strength": fixed - tile,
        "tile": tile,
        "paintings": 0,
        "arch": 0,
        "fixed": fixed,
        "cards": cards,
        "total": fixed + sum(v for _, v in cards) if flipped else None,
    }


def sides(st: Any, cb: dict[str, Any], flipped: str | None = None) -> tuple[Side, Side]:
    """``(attacker, defender)`` of combat ``cb`` (a state's or a view's ``combat``: ``kind``
    "attack" | "bombard" | "flag", ``att``, ``def`` (seat, -1 the Dutch, None a flag fight),
    ``hex``, ``units`` (the attacker's slots), ``acards`` / ``dcards`` (ids, or a count when
    hidden)). ``flipped``: the Dutch card turned at resolution (BI-18.4). Raises KeyError when
    ``cb`` names a unit, tile or card that does not exist."""
    kind, a, d, h = cb["kind"], cb["att"], cb.get("def"), cb["hex"]
    att = _side(st, a, list(cb["units"]), kind, cb.get("acards"), 0, True)
    if kind == "flag":
        tid = (st.get("bandeira") or {}).get(h)
        f = int(C.EXPLORATION[tid]["flag_strength"]) if tid else 0
        return att, {"seat": None, "flag": f, "total": f, "tile_id": tid}
    dz = st.get("dutch")
    if d == -1 and dz and dz.get("hex") == h:
        return att, _dutch(st, cb, flipped)
    if not isinstance(d, int) or d < 0:  # an empty hex bombarded
        empty = {"units": [], "strength": 0, "tile": 0, "paintings": 0, "arch": 0, "fixed": 0}
        return att, {"seat": -1, **empty, "cards": [], "total": 0}
    t = (st.get("tiles") or {}).get(h)
    tile = 0
    if t is not None and t["owner"] == d and not _occupied(st, cb):
        tile = _tile_strength(st, h)
    return att, _side(st, d, defenders(st, cb), "defend", cb.get("dcards"), tile, False)


def record(
    st: Any, cb: dict[str, Any], att: int, dfn: int, won: bool, flipped: str | None = None
) -> dict[str, Any]:
    """The public record of a combat just resolved (call before any unit leaves the hex):
    ``{"n": count of combats so far, "kind", "hex", "att": seat, "def": seat | -1 | None,
    "a": side, "d": side, "won": the attacker won, "margin": int, "lost": [[seat, slot, type,
    strength]] (the loser's units, BI-12.7; the winner's narrow loss is added by
    :func:`note_loss`), "narrow": the winner must give up one unit (BI-12.8)}``. ``att`` /
    ``dfn`` are the totals the rules computed (the record keeps them as the sides' totals)."""
    a_side, d_side = sides(st, cb, flipped)
    a_side["total"], d_side["total"] = att, dfn
    margin = abs(att - dfn)
    if won:
        lost = [[d_side.get("seat"), *u] for u in d_side.get("units", [])]
        winners = a_side["units"]
    else:
        lost = [[cb["att"], *u] for u in a_side["units"]]
        winners = d_side.get("units", [])
    narrow = (
        cb["kind"] != "flag"
        and margin <= 1
        and len(winners) >= 2
        and st["opts"].get("winner_losses", "narrow") == "narrow"
    )
    if narrow and not won and d_side.get("seat") == -1:  # the Dutch lose their weakest (BI-18.4)
        weak = min(d_side["units"], key=lambda u: u[2])
        lost.append([-1, *weak])
    prev = st.get("last_combat") or {}
    return {
        "n": int(prev.get("n", 0)) + 1,
        "kind": cb["kind"],
        "hex": cb["hex"],
        "att": cb["att"],
        "def": cb.get("def"),
        "a": a_side,
        "d": d_side,
        "won": won,
        "margin": margin,
        "lost": lost,
        "narrow": narrow,
    }


def note_loss(st: Any, seat: int, slot: int) -> None:
    """Add the winner's narrow-victory loss (BI-12.8) to ``st["last_combat"]["lost"]``."""
    rec = st.get("last_combat")
    if not rec:
        return
    s = seat if seat >= 0 else -1
    u = st["units"][s][slot - 1] if s >= 0 else None
    if u is not None:
        rec["lost"].append([s, slot, u["type"], int(u["str"])])
