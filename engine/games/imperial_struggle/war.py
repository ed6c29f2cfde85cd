"""Imperial Struggle War Turn (IS-7): reveal, tile effects, strength, then spoils, Victory Check,
Reset and Layout.

``push_war_turn(st, start=1, only=False)`` pushes the ``war_turn`` procedure frame for
``st["war"]["id"]``. Its program counter walks the theaters in order (IS-7.0): reveal (IS-7.1.1),
tile effects in first-actor order (IS-7.1.2, IS-A12: compulsory, the owner picks the target,
auto-skipped without a legal target), Bonus Strength (IS-7.1.3), totals and the result (IS-7.1.4),
spoils (``war_spoils.py``, IS-7.2–7.3); after the last theater the Victory Check (IS-7.4 through
``scoring.victory_check``), Reset (IS-7.5) and Layout of the next War (IS-7.6, incl. the 7YW
carry-over IS-7.6c); then it pops and the flow's ``game`` frame advances the turn track.

Re-exported here (defined in ``war_tiles.py``, ``war_bonus.py``, ``war_upgrade.py``):
``setup_display``, ``bonus_purchase_frames``, ``upgrade_frames``, ``free_bonus_draws``,
``push_carry_over``, ``can_buy_bonus``, ``can_upgrade``, ``bonus_count``, ``return_bonus_tile``,
``place_byng``.

Frame kind: ``war_turn`` (auto); the tile effects' ``war_effects`` / ``war_target`` are in
``war_effects.py``, the log lines in ``war_text.py``. Log events: ``war_reveal`` {war, theater, tiles:
[[fr], [br]], army: [fr, br]} (public), ``war_effect`` {tile, effect, target, theater},
``theater_result`` {war, theater, army, bonus, totals, margin, winner, parts}, ``war_reset``
{war}.
"""

from __future__ import annotations

from typing import Any

from engine.rules import Event

from . import board as B
from . import frames as F
from . import scoring
from . import war_spoils as S
from .board import tile_info
from .state import (
    BR,
    FR,
    counts_for,
    ev,
    has_keyword_up,
    other,
    owner,
    rng,
)
from .war_bonus import bonus_purchase_frames, free_bonus_draws
from .war_effects import effect_targets
from .war_text import register_text
from .war_tiles import (
    STRENGTH_SPACES,
    WAR_ORDER,
    bonus_count,
    can_buy_bonus,
    can_upgrade,
    lay_out,
    place_byng,
    push_carry_over,
    return_bonus_tile,
    setup_display,
    theater_keys,
    theater_rec,
)
from .war_upgrade import upgrade_frames

__all__ = [
    "army_strength",
    "bonus_count",
    "bonus_purchase_frames",
    "bonus_strength",
    "can_buy_bonus",
    "can_upgrade",
    "effect_targets",
    "first_actor",
    "free_bonus_draws",
    "place_byng",
    "push_carry_over",
    "push_war_turn",
    "reset_war",
    "return_bonus_tile",
    "setup_display",
    "upgrade_frames",
]

State = dict[str, Any]
Frame = dict[str, Any]


def first_actor(st: State) -> int:
    """IS-7.1.2: France if ``vp > 15``, Britain if ``vp < 15``, else the first player of the
    preceding Peace Turn (IS-S21)."""
    if st["vp"] > 15:
        return FR
    if st["vp"] < 15:
        return BR
    return st["first"]


def theater_tiles(st: State, theater: str, side: int) -> list[str]:
    """``side``'s Basic then Bonus tiles in ``theater``."""
    t = st["war"]["theaters"][theater]
    return list(t["basic"][side]) + list(t["bonus"][side])


def army_strength(st: State, theater: str, side: int) -> int:
    """IS-7.1.1: the sum of ``side``'s tile strengths in ``theater``."""
    return sum(tile_info(t)["strength"] for t in theater_tiles(st, theater, side))


def bonus_strength(st: State, war: str, theater: str, side: int) -> tuple[int, list[str]]:
    """IS-7.1.3 Bonus Strength of ``side`` in ``theater`` and its parts (plain words).

    +1 per counting (unconflicted) space of the side whose ``war_strength`` lists this theater and
    that is not a Damaged Fort; with ``conflict_markers``, +1 per Conflict marker on a space of the
    theater's Region(s) flagged by the other side; +1 per listed keyword shown by a face-up
    Ministry card (IS-A09); +2 for Atlantic Dominance showing the side here; +2 Britain for Byng."""
    rec = theater_rec(war, theater)
    bs = rec["bonus_strength"]
    parts: list[str] = []
    total = 0
    for sp in STRENGTH_SPACES.get((war, int(theater)), ()):
        if counts_for(st, side, sp) and sp not in st["damaged"]:
            total += 1
            parts.append(B.name_of(sp))
    if bs.get("conflict_markers"):
        regions = rec["regions"]
        for sp in st["conflict"]:
            if B.region_of(sp) in regions and owner(st, sp) == other(side):
                total += 1
                parts.append(f"Conflict on {B.name_of(sp)}")
    for kw in bs.get("keywords", []):
        if has_keyword_up(st, side, kw):
            total += 1
            parts.append(kw.capitalize())
    if st["war"].get("atlantic") == side and war == "7YW" and int(theater) == 3:
        total += 2
        parts.append("Atlantic Dominance +2")
    if side == BR and st.get("byng") is not None and int(st["byng"]) == int(theater):
        total += 2
        parts.append("Byng +2")
    return total, parts


# ---------------------------------------------------------------------------- the War Turn
def push_war_turn(
    st: State, start: int = 1, only: bool = False, theater: int | None = None
) -> None:
    """Push the War Turn procedure of ``st["war"]["id"]`` (IS-7.0). ``start`` (alias
    ``theater``): first theater to resolve; ``only``: resolve just that theater, then pop with no
    Victory Check, Reset or Layout (test positions)."""
    if theater is not None:
        start = int(theater)
    war = st["war"]["id"]
    keys = theater_keys(war)
    F.push(
        st,
        "war_turn",
        war=war,
        t=keys.index(str(start)),
        pc="theater",
        only=only,
        results={},
        carry=[bonus_count(st, FR), bonus_count(st, BR)],
    )


def _reveal(st: State, war: str, key: str, out: list[Event]) -> None:
    w = st["war"]
    tiles = [theater_tiles(st, key, FR), theater_tiles(st, key, BR)]
    for side_tiles in tiles:
        for t in side_tiles:
            w["revealed"][t] = 1
    out.append(
        ev(
            st,
            "war_reveal",
            None,
            war=war,
            theater=key,
            tiles=tiles,
            army=[army_strength(st, key, FR), army_strength(st, key, BR)],
        )
    )


def _result(st: State, fr: Frame, key: str, out: list[Event]) -> None:
    war = fr["war"]
    army = [army_strength(st, key, FR), army_strength(st, key, BR)]
    b_fr, p_fr = bonus_strength(st, war, key, FR)
    b_br, p_br = bonus_strength(st, war, key, BR)
    totals = [army[FR] + b_fr, army[BR] + b_br]
    margin = abs(totals[FR] - totals[BR])
    winner = None if margin == 0 else (FR if totals[FR] > totals[BR] else BR)
    row = S.spoils_row(war, key, winner, margin) if winner is not None else None
    last = row is not None and row["margin_max"] is None
    fr["results"][key] = {"winner": winner, "margin": margin, "last": last}
    out.append(
        ev(
            st,
            "theater_result",
            None,
            war=war,
            theater=key,
            army=army,
            bonus=[b_fr, b_br],
            totals=totals,
            margin=margin,
            winner=winner,
            parts=[p_fr, p_br],
        )
    )
    if winner is not None:
        S.push_spoils(st, war, key, winner, margin)


def _war_run(st: State, fr: Frame, out: list[Event]) -> None:
    war = fr["war"]
    keys = theater_keys(war)
    pc = fr["pc"]
    if pc == "theater":
        if fr["t"] >= len(keys):
            fr["pc"] = "end"
            return
        key = keys[fr["t"]]
        _reveal(st, war, key, out)
        first = first_actor(st)
        queue = [
            [side, t]
            for side in (first, other(first))
            for t in theater_tiles(st, key, side)
            if tile_info(t)["effect"]
        ]
        fr["pc"] = "result"
        if queue:
            F.push(st, "war_effects", theater=key, queue=queue)
        return
    if pc == "result":
        key = keys[fr["t"]]
        fr["pc"] = "next"
        _result(st, fr, key, out)
        return
    if pc == "next":
        fr["t"] += 1
        if fr["only"]:
            F.pop(st, fr)
            return
        fr["pc"] = "theater"
        return
    # pc == "end": IS-7.4, IS-7.5, IS-7.6
    F.pop(st, fr)
    res = fr["results"]
    sweep = None
    winners = {r["winner"] for r in res.values()}
    if (
        len(res) == len(keys)
        and len(winners) == 1
        and None not in winners
        and all(r["last"] for r in res.values())
    ):
        sweep = winners.pop()
    if scoring.victory_check(st, out, sweep=sweep):
        return
    reset_war(st, out)
    nxt = WAR_ORDER.index(war) + 1
    if nxt >= len(WAR_ORDER):
        st["war"] = None
        return
    lay_out(st, WAR_ORDER[nxt], out)
    if WAR_ORDER[nxt] == "7YW":
        st["war"]["carry"] = [min(3, fr["carry"][FR]), min(3, fr["carry"][BR])]


F.register("war_turn", run=_war_run)


def reset_war(st: State, out: list[Event]) -> None:
    """IS-7.5 Reset: Basic tiles in theaters back to their pools (shuffled); this War's Bonus
    tiles, Atlantic Dominance and Byng leave; in the Region(s) of every theater counting Conflict
    markers, markers on French- or British-flagged spaces are removed (IS-A40); Damaged markers
    stay. The display's refusals / CP-Squadron set go with the display (Layout makes a new one)."""
    w = st["war"]
    war = w["id"]
    for t in w["theaters"].values():
        for side in (FR, BR):
            w["basic_pool"][side].extend(t["basic"][side])
            t["basic"][side] = []
            t["bonus"][side] = []
    for side in (FR, BR):
        rng(st).shuffle(w["basic_pool"][side])
        w["bonus_pool"][side] = []
    w["atlantic"] = None
    st["byng"] = None
    regions: set[str] = set()
    for key in theater_keys(war):
        rec = theater_rec(war, key)
        if rec["bonus_strength"].get("conflict_markers"):
            regions.update(rec["regions"])
    for sp in list(st["conflict"]):
        if B.region_of(sp) in regions and owner(st, sp) in (FR, BR):
            del st["conflict"][sp]
            out.append(ev(st, "conflict_removed", None, space=sp, why="war_reset"))
    out.append(ev(st, "war_reset", None, war=war))


register_text()
