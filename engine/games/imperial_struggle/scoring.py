"""Imperial Struggle scoring: the Peace Turn Scoring Phase (IS-4.1.12a–f), the victory checks
(IS-2.4, IS-4.1.13, IS-7.4) and Final Scoring (IS-11, IS-2.4(d)).

Every count ignores conflicted spaces (``state.counts_for``, IS-0.5). USA and Spanish flags count
for nobody (except USA flags as French in IS-11d). Ministry modifiers read ``state.face_up``
directly: M-3, M-7, M-12, M-14, M-18 (IS-MIN03/07/12/14/18); forced Debt goes through
``state.forced_debt`` (M-19 James Watt there).

Events: ``award`` {region, tile, fr, br, winner}, ``prestige`` {fr, br, winner}, ``demand_win``
{commodity, fr, br, winner}, ``sweep`` {side}, ``final`` {part, side, n}, ``game_over``
{winner, reason, vp, turn}; VP/TRP/Debt changes are the primitives' ``vp``/``trp``/``debt`` events.
"""

from __future__ import annotations

from typing import Any

from engine.rules import Event

from . import board as B
from .state import (
    BR,
    FR,
    USA,
    State,
    available_debt,
    counts_for,
    era,
    ev,
    face_up,
    forced_debt,
    gain_trp,
    reduce_debt,
    score,
    turn_id,
)

VOLTAIRE_COUNTRIES: tuple[str, ...] = (
    "ireland",
    "scotland",
    "prussia",
    "dutch_republic",
    "austria",
    "spain",
)
"""IS-MIN14: the multi-space countries of Europe whose Prestige spaces Voltaire counts."""

EIC_ADVANTAGES: tuple[str, ...] = ("textiles", "silk", "fruit", "fur_trade", "rum")
"""IS-MIN07: the Advantages East India Company counts."""

FINAL_TERRITORIES: tuple[tuple[str, ...], tuple[str, ...]] = (
    ("northern_colonies", "carolinas", "jamaica", "barbados", "madras", "calcutta"),
    (
        "acadia",
        "quebec_montreal",
        "louisiana",
        "st_domingue",
        "guadeloupe",
        "pondicherry",
        "chandernagore",
    ),
)
"""IS-11d: Territories France / Britain score 2 VP each for (the opponent's set-up Territories)."""


def _winner(fr: int, br: int, margin: int = 1) -> int | None:
    if fr - br >= margin:
        return FR
    if br - fr >= margin:
        return BR
    return None


# ---------------------------------------------------------------------------- counts
def award_counts(st: State, region: str) -> tuple[int, int]:
    """IS-4.1.12a: (France, Britain) counts of controlled spaces in ``region`` — Markets, Forts
    (damaged too), Political spaces, Territories and Naval spaces — ignoring conflicted spaces.
    Used by IS-EV33."""
    spaces = B.spaces_in(region)
    return (
        sum(1 for s in spaces if counts_for(st, FR, s)),
        sum(1 for s in spaces if counts_for(st, BR, s)),
    )


def prestige_spaces(st: State) -> list[str]:
    """IS-4.1.12c / IS-A51: Prestige spaces of Europe, plus on T6 the two USA Political spaces
    when a USA flag is on the map (IS-10.2, IS-A39)."""
    out = [s for s in B.spaces_in("europe") if B.SPACES[s]["prestige"]]
    if turn_id(st) == "T6" and USA in st["flags"].values():
        out += ["usa_prestige_2", "usa_prestige_3"]
    return out


def prestige_counts(st: State) -> tuple[int, int]:
    """(France, Britain) Prestige spaces controlled (conflicted ignored)."""
    sp = prestige_spaces(st)
    return (
        sum(1 for s in sp if counts_for(st, FR, s)),
        sum(1 for s in sp if counts_for(st, BR, s)),
    )


def demand_counts(st: State, commodity: str) -> tuple[int, int]:
    """(France, Britain) Markets of ``commodity`` controlled (conflicted ignored)."""
    ms = B.commodity_markets(commodity)
    return (
        sum(1 for s in ms if counts_for(st, FR, s)),
        sum(1 for s in ms if counts_for(st, BR, s)),
    )


# ---------------------------------------------------------------------------- scoring phase
def score_award(st: State, region: str, out: list[Event]) -> int | None:
    """IS-4.1.12a for one Region with its face-up Award tile; returns the winner (or None).

    Europe modifiers: M-3 (+1 VP France), M-18 (+1 VP Britain; France −1 VP, not below 0);
    India: M-12 (+1 TRP France). Voltaire (IS-MIN14, IS-V12) follows the Europe Award here."""
    slot = st["awards"].get(region) or [None, None]
    tile = slot[0]
    fr, br = award_counts(st, region)
    win = None
    if tile is not None:
        t = B.AWARDS[tile]
        win = _winner(fr, br, t["min_margin"])
        out.append(ev(st, "award", None, region=region, tile=tile, fr=fr, br=br, winner=win))
        if win is not None:
            vp = t["vp"]
            if region == "europe":
                if win == FR and face_up(st, FR, "M-3"):
                    vp += 1
                if face_up(st, BR, "M-18"):
                    vp = vp + 1 if win == BR else max(0, vp - 1)
            score(st, win, vp, out, f"award:{region}")
            trp = t["trp"]
            if region == "india" and win == FR and face_up(st, FR, "M-12"):
                trp += 1
            gain_trp(st, win, trp, out, f"award:{region}")
        volt_ok = st["opts"].get("voltaire_timing", "always") == "always" or win is not None
        if region == "europe" and face_up(st, FR, "M-14") and volt_ok:
            n = sum(
                1
                for c in VOLTAIRE_COUNTRIES
                if any(counts_for(st, FR, s) and B.SPACES[s]["prestige"] for s in B.COUNTRIES[c])
            )
            gain_trp(st, FR, min(3, n), out, "voltaire")
    return win


def score_prestige(st: State, out: list[Event]) -> int | None:
    """IS-4.1.12c: 2 VP to the side with more Prestige spaces; tie nobody."""
    fr, br = prestige_counts(st)
    win = _winner(fr, br)
    out.append(ev(st, "prestige", None, fr=fr, br=br, winner=win))
    if win is not None:
        score(st, win, 2, out, "prestige")
    return win


def score_demand(st: State, commodity: str, out: list[Event]) -> int | None:
    """IS-4.1.12d for one commodity (also IS-EV11's bonus scoring): the side with more Markets
    wins this Era's reward — VP, TRP, and Debt −1 (reduce) or +1 (forced, IS-6.3a); M-12 gives
    France +1 TRP for Cotton or Spice. Returns the winner or None (tie)."""
    fr, br = demand_counts(st, commodity)
    win = _winner(fr, br)
    out.append(ev(st, "demand_win", None, commodity=commodity, fr=fr, br=br, winner=win))
    if win is None:
        return None
    r = B.DEMAND[commodity]["reward_by_era"][era(st)]
    score(st, win, r["vp"], out, f"demand:{commodity}")
    trp = r["trp"]
    if win == FR and commodity in ("cotton", "spice") and face_up(st, FR, "M-12"):
        trp += 1
    gain_trp(st, win, trp, out, f"demand:{commodity}")
    if r["debt_change"] < 0:
        reduce_debt(st, win, -r["debt_change"], out, f"demand:{commodity}")
    elif r["debt_change"] > 0:
        forced_debt(st, win, r["debt_change"], out, f"demand:{commodity}")
    return win


def east_india_company(st: State, out: list[Event]) -> None:
    """IS-4.1.12f / IS-MIN07 (IS-A27): Britain with M-7 face up scores 1 VP per held, unexhausted
    Advantage among Textiles, Silk, Fruit, Fur Trade, Rum whose spaces carry no Conflict marker;
    at most 3."""
    if not face_up(st, BR, "M-7"):
        return
    n = 0
    for a in EIC_ADVANTAGES:
        if st["adv_holder"].get(a) != BR or a in st["adv_exhausted"]:
            continue
        if any(s in st["conflict"] for s in B.ADVANTAGES[a]["connected_spaces"]):
            continue
        n += 1
    score(st, BR, min(3, n), out, "east_india_company")


def scoring_phase(st: State, out: list[Event]) -> dict[str, Any]:
    """IS-4.1.12a–f in order; records and returns ``st["scoring"]``:
    ``{"awards": {region: side|None}, "prestige": side|None, "demand": {commodity: side|None},
    "sweep": side|None}``. The face-up Award tiles leave play (IS-4.1.12b: slot 0 → None,
    tile to ``awards_out``). ``sweep`` is the side that won all four Regional Awards and every
    Global Demand award (IS-A28; with IS-V14 also Prestige)."""
    awards: dict[str, int | None] = {}
    for region in B.REGIONS:
        awards[region] = score_award(st, region, out)
    prestige = score_prestige(st, out)
    demand: dict[str, int | None] = {}
    for c in B.DEMAND_ORDER:
        if c in st["demand"]:
            demand[c] = score_demand(st, c, out)
    east_india_company(st, out)
    for region in B.REGIONS:
        slot = st["awards"].get(region)
        if slot and slot[0] is not None:
            st["awards_out"].append(slot[0])
            slot[0] = None
    sweep = None
    for side in (FR, BR):
        won_all = all(w == side for w in awards.values()) and all(
            w == side for w in demand.values()
        )
        need_prestige = st["opts"].get("autowin_includes_prestige", "off") == "on"
        if won_all and (not need_prestige or prestige == side):
            sweep = side
    if sweep is not None:
        out.append(ev(st, "sweep", sweep))
    rec = {"awards": awards, "prestige": prestige, "demand": demand, "sweep": sweep}
    st["scoring"] = rec
    return rec


# ---------------------------------------------------------------------------- victory
def end_game(st: State, winner: int, reason: str, out: list[Event]) -> None:
    """Mark the game over: ``st["over"]``, ``winner`` (side), ``reason`` (README key); event
    ``game_over``. The stack is left as is (``frames.advance`` stops on ``over``)."""
    st["over"] = True
    st["winner"] = winner
    st["reason"] = reason
    out.append(
        ev(st, "game_over", None, winner=winner, reason=reason, vp=st["vp"], turn=turn_id(st))
    )


def victory_check(st: State, out: list[Event], sweep: int | None = None) -> bool:
    """A Victory Check Phase (IS-4.1.13 / IS-7.4): first the clean sweep (``sweep`` = the side that
    swept this Scoring Phase or this War, IS-2.4(b)/(c)), then the VP thresholds (IS-2.4(a):
    ``vp <= 0`` Britain, ``vp >= 30`` France). Returns True when the game ended."""
    if sweep is not None:
        end_game(st, sweep, "sweep_war" if turn_id(st) in B.WARS else "sweep_peace", out)
        return True
    if st["vp"] <= 0:
        end_game(st, BR, "vp_threshold", out)
        return True
    if st["vp"] >= 30:
        end_game(st, FR, "vp_threshold", out)
        return True
    return False


def final_scoring(st: State, out: list[Event]) -> int:
    """IS-11a–d then IS-2.4(d); ends the game and returns the winning side."""
    fr, br = prestige_counts(st)
    w = _winner(fr, br)
    out.append(ev(st, "final", None, part="prestige", winner=w, fr=fr, br=br))
    if w is not None:
        score(st, w, 2, out, "final_prestige")
    d = available_debt(st, FR) - available_debt(st, BR)
    w = FR if d > 0 else BR if d < 0 else None
    n = min(4, abs(d) // 2)
    out.append(ev(st, "final", None, part="debt", winner=w if n else None, n=n))
    if w is not None and n:
        score(st, w, n, out, "final_debt")
    for c in B.DEMAND_ORDER:
        cf, cb = demand_counts(st, c)
        w = _winner(cf, cb)
        out.append(ev(st, "final", None, part="commodity", commodity=c, winner=w, fr=cf, br=cb))
        if w is not None:
            score(st, w, 1, out, f"final_commodity:{c}")
    nf = sum(
        1
        for s in FINAL_TERRITORIES[FR]
        if s not in st["conflict"] and st["flags"].get(s) in (FR, USA)
    )
    nb = sum(1 for s in FINAL_TERRITORIES[BR] if counts_for(st, BR, s))
    out.append(ev(st, "final", None, part="territories", fr=nf, br=nb))
    score(st, FR, 2 * nf, out, "final_territories")
    score(st, BR, 2 * nb, out, "final_territories")
    if st["vp"] >= 16:
        end_game(st, FR, "final", out)
    elif st["vp"] <= 14:
        end_game(st, BR, "final", out)
    elif available_debt(st, FR) > available_debt(st, BR):
        end_game(st, FR, "final_tiebreak", out)
    else:
        end_game(st, BR, "final_britain_tie", out)
    return st["winner"]
