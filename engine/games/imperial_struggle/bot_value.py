"""Position evaluation for the Imperial Struggle bot (``bot.py``), in VP from one side's view.

``evaluate(st, side)`` adds, each in VP-like units (positive = good for ``side``):

* the shared VP track (IS-0.1: France up, Britain down) and a decided game (IS-2.4) as +-100;
* before this Peace Turn's Scoring Phase: every Region's face-up Award tile (IS-4.1.12a: its VP and
  TRP times a smooth chance of winning it by its ``min_margin``), Prestige (IS-4.1.12c, 2 VP) and
  this turn's Global Demand (IS-4.1.12d, the Era's reward for the winner, a +1 Debt reward
  counting against it);
* the next War (IS-7): per theater, Army Strength (known tiles) plus Bonus Strength (IS-7.1.3)
  against the opponent's, valued by the theater's spoils rows at that margin (VP, CP, unflags),
  smoothed over the unseen tiles;
* Debt (IS-6): each point costs, Available Debt near zero costs more (forced Debt beyond the
  Limit gives the opponent VP, IS-6.3a), and on T6 Available Debt is Final Scoring VP (IS-11b);
* Treaty Points (IS-9, capped at 4 at the end of a turn), Event cards in hand, Squadrons in the
  Navy Box, face-up Ministry cards, held Advantages and a small worth per controlled space
  (future Awards, Demand and Final Scoring).

All terms are cheap counts over the map; no randomness, no clock.
"""

from __future__ import annotations

import math
from typing import Any

from . import board as B
from . import scoring as SC
from . import war as WR
from . import war_tiles as WT
from .state import FR, USA, available_debt, counts_for, era, next_war, turn_id

State = dict[str, Any]

WIN = 100.0
"""Value of a decided game (IS-2.4)."""

SPACE = 0.25
"""Worth of one controlled space beyond this turn's scoring (later Awards, Demand, IS-11)."""

KIND_WORTH = {"territory": 0.45, "fort": 0.45, "market": 0.3, "political": 0.25}
"""Worth of a controlled space by kind: Territories and Forts anchor Markets (IS-5.4.1)."""

TRP = 0.6
DEBT = 0.6
HAND = 0.5
NAVY = 0.35
MINISTRY_UP = 0.3
ADVANTAGE = 0.3
TEMP = 1.2
"""Softness of the win-chance curves (in spaces of lead): the opponent still has rounds."""

_SMOOTH = ((-2, 1), (-1, 2), (0, 3), (1, 2), (2, 1))
"""Weights over lead offsets for the War's unseen tiles."""


def _sig(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def chance(lead: int, margin: int, temp: float = TEMP) -> tuple[float, float]:
    """(chance ``side`` wins, chance the opponent wins) a count contest where ``lead`` is
    side-minus-opponent and the winner needs ``margin`` (IS-4.1.12a). Smooth, each in 0..1;
    ``temp`` (spaces) is how much the lead may still move."""
    return _sig((lead - margin + 0.5) / temp), _sig((-lead - margin + 0.5) / temp)


def temperature(st: State) -> float:
    """How far this turn's counts may still move: wide while Action Rounds remain (IS-4.1.9),
    narrow once all eight are done."""
    left = 8 - sum(st.get("rounds_done") or (0, 0)) - (1 if st.get("round") else 0)
    return 0.2 + 0.16 * max(0, left)


def _pair(side: int, fr_br: tuple[int, int]) -> tuple[int, int]:
    return (fr_br[0], fr_br[1]) if side == FR else (fr_br[1], fr_br[0])


def scoring_value(st: State, side: int) -> float:
    """This Peace Turn's Awards, Prestige and Global Demand still to score (IS-4.1.12)."""
    total = 0.0
    temp = temperature(st)
    for region, slots in st["awards"].items():
        tile = slots[0] if slots else None
        if tile is None:
            continue
        a = B.AWARDS[tile]
        me, op = _pair(side, SC.award_counts(st, region))
        pw, pl = chance(me - op, a["min_margin"], temp)
        total += (a["vp"] + TRP * a["trp"] + 0.1) * (pw - pl)
    if any(slots and slots[0] is not None for slots in st["awards"].values()):
        me, op = _pair(side, SC.prestige_counts(st))
        pw, pl = chance(me - op, 1, temp)
        total += 2.0 * (pw - pl)
        er = era(st)
        for com in st["demand"]:
            r = B.DEMAND[com]["reward_by_era"][er]
            gain = r["vp"] + TRP * r["trp"] - DEBT * r["debt_change"]
            me, op = _pair(side, SC.demand_counts(st, com))
            pw, pl = chance(me - op, 1, temp)
            total += gain * (pw - pl)
    return total


def _row_value(row: dict[str, Any]) -> float:
    return row["winner_vp"] + 0.8 * row["winner_cp"] + 0.6 * row["winner_unflag"]


def _spoils(rec: dict[str, Any], winner: int, margin: int) -> float:
    rows = rec.get("spoils") or rec.get("spoils_by_winner", {}).get(str(winner)) or []
    if not rows and "spoils_by_winner" in rec:
        sbw = rec["spoils_by_winner"]
        rows = sbw.get(winner) or sbw.get(["france", "britain"][winner]) or []
    for row in rows:
        hi = row["margin_max"]
        if row["margin_min"] <= margin and (hi is None or margin <= hi):
            return _row_value(row)
    return 0.0


def war_value(st: State, side: int) -> float:
    """The next War's theaters (IS-7.1, IS-7.2) from the current display; 0 without a War."""
    w = st.get("war")
    if not w:
        return 0.0
    war = w["id"]
    tid = turn_id(st)
    weight = 1.0 if tid == war or next_war(st) == war and _war_next_on_track(st) else 0.6
    op = 1 - side
    total = 0.0
    for key, th in w["theaters"].items():
        if not th["basic"][0] and not th["basic"][1] and not th["bonus"][0] and not th["bonus"][1]:
            continue
        rec = WT.theater_rec(war, key)
        mine = WR.army_strength(st, key, side) + WR.bonus_strength(st, war, key, side)[0]
        theirs = _seen_army(st, war, key, op, side) + WR.bonus_strength(st, war, key, op)[0]
        lead = round(mine - theirs)
        acc = 0.0
        for d, wt in _SMOOTH:
            m = lead + d
            if m > 0:
                acc += wt * _spoils(rec, side, m)
            elif m < 0:
                acc -= wt * _spoils(rec, op, -m)
        total += acc / 9.0
    return weight * total


def _mean(vals: list[int]) -> float:
    return sum(vals) / len(vals) if vals else 0.0


_BASIC_MEAN = [
    _mean([t["strength"] for t in B.BASIC_TILES.values() if t["side"] == s]) for s in (0, 1)
]
_BONUS_MEAN = {
    (w, s): _mean(
        [t["strength"] for t in B.BONUS_TILES.values() if t["war"] == w and t["side"] == s]
    )
    for w in WT.WAR_ORDER
    for s in (0, 1)
}


def _seen_army(st: State, war: str, key: str, op: int, viewer: int) -> float:
    """The opponent's Army Strength in a theater as ``viewer`` knows it (IS-16): revealed or
    known tiles at their strength, the others at the mean of their kind (a determinized state's
    sample is not trusted)."""
    w = st["war"]
    known = set(w.get("revealed") or {}) | set((st.get("known") or [{}, {}])[viewer] or {})
    th = w["theaters"][key]
    total = 0.0
    for t in th["basic"][op]:
        total += B.BASIC_TILES[t]["strength"] if t in known else _BASIC_MEAN[op]
    for t in th["bonus"][op]:
        total += WT.tile_info(t)["strength"] if t in known else _BONUS_MEAN[(war, op)]
    return total


def _war_next_on_track(st: State) -> bool:
    nxt = st["ti"] + 1
    return nxt < len(B.TURN_TRACK) and B.TURN_TRACK[nxt]["kind"] == "war"


def debt_value(st: State, side: int) -> float:
    """Debt discipline (IS-6): a cost per point and more as Available Debt nears 0; on T6 the
    Available Debt lead is Final Scoring VP (IS-11b)."""
    d = st["debt"][side]
    avail = available_debt(st, side)
    v = -DEBT * d - 0.9 * max(0, 2 - avail) - 2.0 * max(0, -avail)
    if turn_id(st) == "T6":
        v += 0.5 * (avail - available_debt(st, 1 - side))
    return v


def side_value(st: State, side: int) -> float:
    """``side``'s own resources: TRP, hand, Navy Box, face-up Ministries, Advantages, spaces."""
    trp = st["trp"][side]
    v = TRP * min(trp, 4) + 0.3 * max(0, trp - 4)
    v += HAND * min(len(st["hands"][side]), 4)
    v += NAVY * st["navy"][side]
    v += MINISTRY_UP * sum(1 for s in st["min_slots"][side] if s["card"] and s["up"])
    v += ADVANTAGE * sum(1 for h in st["adv_holder"].values() if h == side)
    v += sum(KIND_WORTH.get(B.KIND[sp], SPACE) for sp in st["flags"] if counts_for(st, side, sp))
    v += SPACE * sum(
        1 for sp, s in st["squadrons"].items() if s == side and counts_for(st, side, sp)
    )
    return v


def final_value(st: State, side: int) -> float:
    """IS-11 Final Scoring as it stands, weighted by how near the end of T6 is: Prestige
    (2 VP), each commodity's majority (1 VP) and the opponent's set-up Territories (2 VP each; a
    USA flag counts as French there, IS-10.3)."""
    wt = 1.0 if turn_id(st) == "T6" else 0.1 + 0.04 * st["ti"]
    o = 1 - side
    v = 0.0
    if turn_id(st) == "T6":
        me, op = _pair(side, SC.prestige_counts(st))
        v += 2.0 * ((me > op) - (op > me))
    for com in B.DEMAND_ORDER:
        me, op = _pair(side, SC.demand_counts(st, com))
        v += (me > op) - (op > me)
    for s, sps in ((side, SC.FINAL_TERRITORIES[side]), (o, SC.FINAL_TERRITORIES[o])):
        n = sum(1 for sp in sps if counts_for(st, s, sp) or s == FR and st["flags"].get(sp) == USA)
        v += 2.0 * n if s == side else -2.0 * n
    return wt * v


def evaluate(st: State, side: int) -> float:
    """The position's worth for ``side`` (module doc); a finished game is +-:data:`WIN`."""
    if st["over"]:
        w = st["winner"]
        return 0.0 if w is None else (WIN if w == side else -WIN)
    sign = 1 if side == FR else -1
    v = sign * (st["vp"] - 15)
    v += scoring_value(st, side) + war_value(st, side)
    v += debt_value(st, side) - debt_value(st, 1 - side)
    v += side_value(st, side) - side_value(st, 1 - side)
    v += final_value(st, side)
    return v


def material(st: State) -> tuple[Any, ...]:
    """The facts the evaluation reads (to tell a navigation step from a real change)."""
    return (
        st["vp"],
        tuple(st["debt"]),
        tuple(st["trp"]),
        len(st["flags"]),
        tuple(sorted(st["flags"].items())),
        tuple(sorted(st["squadrons"].items())),
        tuple(st["navy"]),
        tuple(sorted(st["conflict"].items())),
        tuple(sorted(st["damaged"])),
        tuple(len(h) for h in st["hands"]),
        tuple(s["up"] for slots in st["min_slots"] for s in slots),
        _war_key(st),
        st["over"],
    )


def _war_key(st: State) -> tuple[Any, ...]:
    w = st.get("war")
    if not w:
        return ()
    return tuple((k, len(t["bonus"][0]), len(t["bonus"][1]), tuple(t["basic"][0]), tuple(t["basic"][1]))
                 for k, t in sorted(w["theaters"].items()))  # fmt: skip
