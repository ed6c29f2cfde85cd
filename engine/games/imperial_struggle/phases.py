"""The Peace Turn (IS-4.1): the ``peace`` frame runs phases 1–14 in order. The phases that ask
something push decision frames kept in phases_choices.py: the Deal discards (IS-4.1.6b, IS-17.3),
the Ministry Phase (IS-4.1.7, IS-17.4) and the Initiative (IS-4.1.8, IS-17.5); their names
(``SIDE_KEYS``, ``HAND_LIMIT``, ``peace_frame``) stay importable from here.

The ``peace`` frame keeps ``pc`` (index into :data:`PHASES`) and ``rn`` (Action Rounds started).
Each phase function returns True when it pushed frames (the frame yields; when they pop,
``run`` continues with the next phase). Action Rounds come from ``round.push_action_round``
and John Law from ``ministries.end_of_turn``, both called through their modules (tests replace
``round.push_action_round`` with a fake).

Events: ``deck_phase``, ``debt_limit``, ``awards``, ``demand``, ``reset``, ``inv_reveal``,
``deal``, ``discard``, ``ministry``, ``jacobite_slot``, ``initiative``, ``trp_cap``; ``first``
from phases_choices.py (see README "Events").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.rules import Event

from . import board as B
from . import frames as F
from . import ministries, scoring
from . import round as rnd
from .phases_choices import HAND_LIMIT
from .phases_choices import SIDE_KEYS as SIDE_KEYS  # re-exported
from .phases_choices import peace_frame as peace_frame  # re-exported
from .state import (
    BR,
    FR,
    State,
    draw_event,
    era,
    ev,
    lose_trp,
    other,
    peace_number,
    rng,
    turn_id,
)

Frame = dict[str, Any]

TRP_CAP = 4
"""IS-4.1.10."""


def first_of_era(st: State) -> bool:
    """T1, T3, T5 (IS-2.1)."""
    return peace_number(st) in (1, 3, 5)


# ---------------------------------------------------------------------------- phases 1-5
def phase_deck(st: State, fr: Frame, out: list[Event]) -> bool:
    """IS-4.1.1: T3 adds cards 16–30, T5 removes Succession cards from hands and adds 31–41."""
    n = peace_number(st)
    if n not in (3, 5):
        return False
    removed: list[int] = []
    if n == 5:
        for side in (FR, BR):
            gone = [c for c in st["hands"][side] if c <= 15]
            st["hands"][side] = [c for c in st["hands"][side] if c > 15]
            st["removed"].extend(gone)
            removed.extend(gone)
    new = list(B.ERA_CARDS[era(st)])
    st["aside"] = [c for c in st["aside"] if c not in new]
    st["deck"].extend(new)
    rng(st).shuffle(st["deck"])
    out.append(ev(st, "deck_phase", None, added=new, removed=removed))
    return False


def phase_debt_limit(st: State, fr: Frame, out: list[Event]) -> bool:
    """IS-4.1.2: both Debt Limits +4 on T3 and T5."""
    if peace_number(st) in (3, 5):
        st["limit"] = [st["limit"][0] + 4, st["limit"][1] + 4]
        out.append(ev(st, "debt_limit", None, limits=list(st["limit"])))
    return False


def phase_award(st: State, fr: Frame, out: list[Event]) -> bool:
    """IS-4.1.3: first turn of an Era reshuffles all 8 tiles, two per Region (one up, one down);
    the second turn turns the face-down tile up."""
    if fr.get("keep_awards"):
        return False
    if first_of_era(st):
        tiles = list(B.AWARDS)
        rng(st).shuffle(tiles)
        st["awards_out"] = []
        for region in B.REGIONS:
            up = tiles.pop()
            st["awards"][region] = [up, tiles.pop()]
    else:
        for region in B.REGIONS:
            slot = st["awards"].get(region) or [None, None]
            st["awards"][region] = [slot[1], None]
    out.append(ev(st, "awards", None, tiles={r: st["awards"][r][0] for r in B.REGIONS}))
    return False


def phase_demand(st: State, fr: Frame, out: list[Event]) -> bool:
    """IS-4.1.4: three of the six Global Demand tiles at random."""
    if fr.get("keep_demand"):
        return False
    tiles = list(B.DEMAND_ORDER)
    rng(st).shuffle(tiles)
    st["demand"] = [tiles.pop() for _ in range(3)]
    out.append(ev(st, "demand", None, tiles=list(st["demand"])))
    return False


def phase_reset(st: State, fr: Frame, out: list[Event]) -> bool:
    """IS-4.1.5: exhausted markers off, last turn's 9 tiles to the used box, parked Squadrons due
    now return to their Navy Boxes, Townshend marker cleared."""
    st["adv_exhausted"] = {}
    ministries.reset(st)  # Ministry exhaustion and the Townshend Acts marker
    st["inv_used"].extend(st["inv_avail"])
    st["inv_avail"] = []
    st["inv_taken"] = {}
    back = [p for p in st["parked"] if p[2] <= st["ti"]]
    st["parked"] = [p for p in st["parked"] if p[2] > st["ti"]]
    for side, count, _ti in back:
        st["navy"][side] += count
    st["rounds_done"] = [0, 0]
    st["round"] = None
    out.append(ev(st, "reset", None, returned=[[p[0], p[1]] for p in back]))
    return False


# ---------------------------------------------------------------------------- deal
def reveal_investments(st: State, out: list[Event]) -> None:
    """IS-4.1.6a: reveal tiles until 9 are available; an empty stack is refilled from the
    shuffled used box."""
    shown: list[int] = []
    reshuffled = False
    while len(st["inv_avail"]) < 9:
        if not st["inv_stack"]:
            if not st["inv_used"]:
                break
            st["inv_stack"] = st["inv_used"]
            st["inv_used"] = []
            rng(st).shuffle(st["inv_stack"])
            reshuffled = True
        t = st["inv_stack"].pop()
        st["inv_avail"].append(t)
        shown.append(t)
    out.append(ev(st, "inv_reveal", None, tiles=shown, reshuffled=reshuffled))


def phase_deal(st: State, fr: Frame, out: list[Event]) -> bool:
    """IS-4.1.6a/b: the Investment tiles, then 3 Event cards each (FR, BR alternately), then the
    simultaneous secret discard down to 3 (a ``par`` frame of ``deal_discard``)."""
    reveal_investments(st, out)
    for _ in range(3):
        for side in (FR, BR):
            draw_event(st, side, out, deal=True)
    for side in (FR, BR):
        out.append(ev(st, "deal", side, n=len(st["hands"][side])))
    fr["discards"] = [[], []]
    subs: list[Frame | None] = [
        {"k": "deal_discard", "side": s, "picked": []} if len(st["hands"][s]) > HAND_LIMIT else None
        for s in (FR, BR)
    ]
    if any(subs):
        F.push(st, "par", frames=subs)
        return True
    return False


def phase_discard_apply(st: State, fr: Frame, out: list[Event]) -> bool:
    """IS-4.1.6b: the committed discards go face up to the discard pile together."""
    for side in (FR, BR):
        cards = fr.get("discards", [[], []])[side]
        for c in cards:
            st["hands"][side].remove(c)
            st["discard"].append(c)
        if cards:
            out.append(ev(st, "discard", side, cards=list(cards)))
    fr.pop("discards", None)
    return False


# ---------------------------------------------------------------------------- ministry
def phase_ministry(st: State, fr: Frame, out: list[Event]) -> bool:
    """IS-4.1.7: both sides choose secretly (a ``par`` frame): ``min_pick`` on the first turn of
    an Era (every card returns first), ``min_replace`` on the second."""
    first = first_of_era(st)
    ministries.begin_phase(st, out)  # all cards back on a first turn; the Jacobite third slot
    fr["min_plan"] = [None, None]
    subs: list[Frame | None] = []
    for side in (FR, BR):
        slots = st["min_slots"][side]
        regular = slots[:2]
        plan = [dict(s) for s in slots]
        empty = sum(1 for s in regular if s["card"] is None)
        downs = [s["card"] for s in regular if s["card"] and not s["up"]]
        if first:
            subs.append({"k": "min_pick", "side": side, "plan": plan, "picked": []})
        elif empty or downs:
            subs.append(
                {"k": "min_replace", "side": side, "plan": plan, "changes": [], "sel": None}
            )
        else:
            subs.append(None)
    if any(subs):
        F.push(st, "par", frames=subs)
        return True
    return False


def phase_ministry_apply(st: State, fr: Frame, out: list[Event]) -> bool:
    """The committed Ministry choices go into the slots face down (identities stay hidden)."""
    for side in (FR, BR):
        rec = (fr.get("min_plan") or [None, None])[side]
        if rec is None:
            continue
        plan, n = rec
        st["min_slots"][side] = plan
        cards = [s["card"] for s in plan if s["card"] and not s["up"]]
        out.append(ev(st, "ministry", side, n=n, cards=cards, first=first_of_era(st)))
    fr.pop("min_plan", None)
    return False


# ---------------------------------------------------------------------------- initiative
def phase_initiative(st: State, fr: Frame, out: list[Event]) -> bool:
    """IS-4.1.8: (not on T1) vp < 15 France, vp > 15 Britain, 15 unchanged; the holder then
    chooses the first player (an ``initiative`` frame)."""
    if peace_number(st) != 1:
        if st["vp"] < 15:
            st["initiative"] = FR
        elif st["vp"] > 15:
            st["initiative"] = BR
    out.append(ev(st, "initiative", st["initiative"], holder=st["initiative"]))
    F.push(st, "initiative", side=st["initiative"])
    return True


# ---------------------------------------------------------------------------- action and after
def round_side(st: State, rn: int) -> int:
    """The side of Action Round ``rn`` (0–7): first player on even rounds (IS-4.1.9)."""
    return st["first"] if rn % 2 == 0 else other(st["first"])


def phase_action(st: State, fr: Frame, out: list[Event]) -> bool:
    """IS-4.1.9: eight Action Rounds, alternating from the first player. Re-entered after each
    round pops; returns False once all eight are done."""
    rn = fr.get("rn", 0)
    if rn >= 8:
        st["round"] = None
        return False
    fr["rn"] = rn + 1
    fr["pc"] -= 1  # come back to this phase after the round
    rnd.push_action_round(st, round_side(st, rn))
    return True


def phase_reduce_trp(st: State, fr: Frame, out: list[Event]) -> bool:
    """IS-4.1.10: TRP above 4 drop to 4."""
    for side in (FR, BR):
        if st["trp"][side] > TRP_CAP:
            lose_trp(st, side, st["trp"][side] - TRP_CAP, out, "trp_cap")
    return False


def phase_remaining(st: State, fr: Frame, out: list[Event]) -> bool:
    """IS-4.1.11: face-up end-of-turn Ministry abilities (John Law) via ``ministries.end_of_turn``."""
    depth = len(st["stack"])
    ministries.end_of_turn(st, out)
    return len(st["stack"]) > depth


def phase_scoring(st: State, fr: Frame, out: list[Event]) -> bool:
    """IS-4.1.12 (scoring.py); the sweep side is kept for the Victory Check."""
    fr["sweep"] = scoring.scoring_phase(st, out)["sweep"]
    return False


def phase_victory(st: State, fr: Frame, out: list[Event]) -> bool:
    """IS-4.1.13 then, on T6, IS-4.1.14 Final Scoring."""
    if scoring.victory_check(st, out, fr.get("sweep")):
        return True
    if turn_id(st) == "T6":
        scoring.final_scoring(st, out)
        return True
    return False


PHASES: tuple[tuple[str, Callable[[State, Frame, list[Event]], bool]], ...] = (
    ("deck", phase_deck),
    ("debt_limit", phase_debt_limit),
    ("award", phase_award),
    ("demand", phase_demand),
    ("reset", phase_reset),
    ("deal", phase_deal),
    ("discard_apply", phase_discard_apply),
    ("ministry", phase_ministry),
    ("ministry_apply", phase_ministry_apply),
    ("initiative", phase_initiative),
    ("action", phase_action),
    ("reduce_trp", phase_reduce_trp),
    ("remaining", phase_remaining),
    ("scoring", phase_scoring),
    ("victory", phase_victory),
)
"""The Peace Turn phases in order (IS-4.1); ``pc`` indexes this tuple."""

PHASE_INDEX: dict[str, int] = {name: i for i, (name, _fn) in enumerate(PHASES)}


def phase_name(fr: Frame) -> str:
    """The name of the phase a ``peace`` frame is in (or about to run)."""
    pc = min(fr.get("pc", 0), len(PHASES) - 1)
    return PHASES[pc][0]


def _peace_run(st: State, fr: Frame, out: list[Event]) -> None:
    while fr["pc"] < len(PHASES):
        _name, fn = PHASES[fr["pc"]]
        fr["pc"] += 1
        if fn(st, fr, out) or st["over"]:
            return
    F.pop(st, fr)


F.register("peace", run=_peace_run)


def push_peace(st: State, at: str = "deck", **fields: Any) -> Frame:
    """Push a ``peace`` frame starting at phase ``at`` (a :data:`PHASES` name)."""
    return F.push(st, "peace", pc=PHASE_INDEX[at], rn=0, **fields)
