"""Imperial Struggle "why not?": the choices a player would expect now and why they are missing.

The rules contract's optional ``unavailable`` hook (engine/rules.py). Reasons read only the
side's own hand, the public Investment tiles and the round's public record (IS-16), so they
are the same in every world ``determinize`` gives for the seat.
"""

from __future__ import annotations

from typing import Any

from . import board as B
from . import events as E
from . import frames as F
from .round import upgrade_possible
from .round_record import invest_label
from .state import SIDE_NAMES, side_of, turn_id

State = dict[str, Any]
Reason = tuple[str, str]

_TYPE_NAMES = {"economic": "Economic", "diplomatic": "Diplomatic", "military": "Military"}


def unavailable(st: State, seat: int) -> list[Reason]:
    """``[(label, reason)]`` for ``seat`` now, in its own Action Round: the Investment tiles
    already taken this turn (IS-5.1); the pass once the tile was used (IS-5.1b); the Event
    cards in hand that this tile does not allow (IS-3.4.4, IS-5.2); a Military Upgrade that is
    not possible (IS-5.3.3a, IS-13.3). Empty outside these steps."""
    if st["over"] or seat not in st["side_seat"]:
        return []
    side = side_of(st, seat)
    fr = F.frame_of(st, side)
    if fr is None:
        return []
    kind = fr["k"]
    if kind == "is_s0":
        return _taken_tiles(st)
    if kind == "is_s1":
        return _s1(st, side)
    if kind == "is_menu":
        return _menu(st, side)
    return []


def _taken_tiles(st: State) -> list[Reason]:
    out: list[Reason] = []
    for t in st["inv_avail"]:
        who = st["inv_taken"].get(str(t))
        if who is not None:
            side, no = who
            why = f"Taken by {SIDE_NAMES[side]} in round {no}: each tile once a turn (IS-5.1)"
            out.append((f"Tile {t}: {invest_label(t)}", why))
    return out


def _s1(st: State, side: int) -> list[Reason]:
    rd = st["round"]
    out: list[Reason] = []
    if rd["tile_used"] or rd["event"] is not None:
        why = "Only right after taking the tile, before anything else is done (IS-5.1b)"
        out.append(("Pass", why))
    if rd["event"] is None:
        out += _events(st, side)
    return out


def _events(st: State, side: int) -> list[Reason]:
    """Event cards in hand that cannot be played on this tile (IS-3.4.4, IS-5.2)."""
    rd = st["round"]
    if rd.get("tile") is None or E.forfeited(rd):
        return []
    can = {c.id.partition(":")[2] for c in E.playable(st, side)}
    tile = B.INVEST[rd["tile"]]
    major = tile["major"]["type"]
    out: list[Reason] = []
    for card in st["hands"][side]:
        if str(card) in can:
            continue
        label = f"Play {E.card_name(card)}"
        typ = B.EVENTS[card]["action_symbol"]
        if not tile["event_symbol"]:
            out.append((label, "This tile has no Event symbol (IS-3.4.4)"))
        elif typ is not None and typ != major:
            why = (
                f"A {_TYPE_NAMES[typ]} card needs a tile whose Major action is"
                f" {_TYPE_NAMES[typ]}; this one is {_TYPE_NAMES[major]} (IS-3.4.4)"
            )
            out.append((label, why))
    return out


def _menu(st: State, side: int) -> list[Reason]:
    rd = st["round"]
    if rd["upgrade"] == "done" or (rd["upgrade"] == "avail" and upgrade_possible(st, side)):
        return []
    if turn_id(st) == "T6" or not st.get("war"):
        why = "There is no next War after the last Peace Turn (IS-13.3)"
    elif rd.get("tile") is not None and not B.INVEST[rd["tile"]]["military_upgrade"]:
        why = "This tile has no Military Upgrade symbol (IS-5.3.3)"
    else:
        why = "Needs one of your Basic tiles in the next War and your Basic pool not empty"
        why += " (IS-5.3.3, IS-5.3.3a)"
    return [("Military Upgrade", why)]
