"""Per-decision policies of the Imperial Struggle bot (``bot.py``).

* Action Round (IS-5): the Investment tile (IS-5.1) and the S1 step (pass / Event / actions,
  IS-5.1b, IS-5.2) are chosen by playing the rest of the round greedily on a clone for each
  candidate (``Search.rollout``) and comparing the evaluations at its end; tiles that give the
  same points are tried once. Inside a round the menu tries each action's best single purchase
  (one level deeper), and an action's purchase list tries every whole purchase path (region ->
  space -> payment with Debt/TRP) — ``done`` when nothing is worth its cost.
* Deal discards (IS-4.1.6b): keep the cards whose bonus condition (IS-3.4.3) holds or can be
  met by a Ministry card the side holds.
* Ministry Phase (IS-4.1.7): cards by their worth this Era — keywords the next War's theaters
  reward (IS-7.1.3) and keywords of the Event cards in hand.
* Initiative (IS-4.1.8): the opponent goes first, so the side takes the last round before
  Scoring.
* Everything else (War targets, Conquest Points, refusals, Event targets, Bonus tile placement,
  Upgrades): each choice tried on a clone and evaluated (``Search.rank``).
"""

from __future__ import annotations

from typing import Any

from engine.choices import split_choice

from . import board as B
from . import events as E
from . import ministries as M
from . import scoring as SC
from . import war_tiles as WT
from .bot_search import Search
from .state import count_controlled, era, face_down_cards, has_keyword_up, next_war

State = dict[str, Any]

MENU_ORDER = ("act:major", "act:minor", "upgrade")
"""Inside a rollout the menu takes the tile's actions in this order, Event actions first."""

ROLLOUT_STEP_BUDGET = 60
"""Nodes for one greedy step inside a rollout."""


# ---------------------------------------------------------------- inside a rollout
def round_policy(search: Search, st: State, fr: dict[str, Any], ids: list[str]) -> str | None:
    """Greedy play of the rest of an Action Round (used by ``Search.rollout``)."""
    k = fr["k"]
    if k == "is_s1":
        return "actions" if "actions" in ids else ids[0]
    if k == "is_menu":
        for cid in ids:
            if cid.startswith("act:") and cid not in ("act:major", "act:minor"):
                return cid
        for cid in MENU_ORDER:
            if cid in ids:
                return cid
        return "end_round" if "end_round" in ids else ids[-1]
    start = search.nodes
    saved = search.budget
    search.budget = min(saved, start + ROLLOUT_STEP_BUDGET)
    try:
        cid = search.best(st, ids, 0)
    finally:
        search.budget = saved
    if cid is None:
        for safe in ("done", "confirm", "end_round", "no_bonus"):
            if safe in ids:
                return safe
        return ids[0]
    return cid


def _tile_key(cid: str) -> Any:
    t = B.INVEST[int(split_choice(cid, "tile"))]
    return (
        t["major"]["type"],
        t["major"]["points"],
        t["minor"]["type"],
        t["minor"]["points"],
        bool(t["event_symbol"]),
        bool(t["military_upgrade"]),
    )


def choose_tile(search: Search, st: State, ids: list[str]) -> str | None:
    """IS-5.1: the tile whose greedy round ends best; a Ministry reveal first when it pays."""
    base = search.eval(st)
    for cid in ids:
        if cid.startswith("reveal:"):
            s2 = search.step(st, cid)
            if s2 is not None and search.eval(s2) > base + 0.1:
                return cid
    tiles = [c for c in ids if c.startswith("tile:")]
    seen: dict[Any, str] = {}
    for cid in tiles:
        seen.setdefault(_tile_key(cid), cid)
    return _best_rollout(search, st, list(seen.values()))


def choose_s1(search: Search, st: State, ids: list[str]) -> str | None:
    """IS-5.1b/5.2: pass, an Event, or actions — each played out to the end of the round."""
    return _best_rollout(search, st, ids)


def _best_rollout(search: Search, st: State, ids: list[str]) -> str | None:
    """The id of ``ids`` whose greedy play to the end of the round ends best; each candidate
    gets an equal share of the node budget left."""
    saved = search.budget
    share = max(ROLLOUT_STEP_BUDGET, (saved - search.nodes) // max(1, len(ids)))
    best: tuple[float, str] | None = None
    try:
        for cid in ids:
            search.budget = search.nodes + share
            s2 = search.step(st, cid)
            if s2 is None:
                continue
            v = search.rollout(s2, round_policy)
            if best is None or v > best[0]:
                best = (v, cid)
    finally:
        search.budget = saved
    return best[1] if best else None


# ---------------------------------------------------------------- cards
def card_worth(st: State, side: int, card: int) -> float:
    """How much ``side`` wants to keep Event ``card`` (IS-3.4.3 bonus, IS-4.1.1 Era)."""
    ev = B.EVENTS[card]
    v = 1.0
    if ev["era"] == "succession" and st["ti"] >= 6:
        v -= 0.8  # removed from hands at T5 (IS-4.1.1)
    cond = ev["bonus_condition"]
    if cond is not None:
        if cond["type"] == "keyword":
            kw = cond["keyword"]
            if has_keyword_up(st, side, kw):
                v += 1.5
            elif any(kw in B.MINISTRIES[c]["keywords"] for c in face_down_cards(st, side)):
                v += 1.2
        else:
            try:
                if E.bonus_holds(st, side, card):
                    v += 1.3
            except Exception:  # noqa: BLE001 - an unknown condition: no bonus assumed
                pass
    if ev["action_symbol"] is None:
        v += 0.3  # playable on any tile with the Event symbol
    return v


def choose_discard(st: State, side: int, ids: list[str]) -> str | None:
    """IS-4.1.6b: keep at 3 or fewer cards; discard the least wanted card first."""
    if "keep" in ids:
        return "keep"
    cards = [
        (card_worth(st, side, int(c.split(":")[1])), c) for c in ids if c.startswith("discard:")
    ]
    return min(cards)[1] if cards else None


# ---------------------------------------------------------------- ministries
BASE_WORTH: dict[str, float] = {
    "M-1": 0.5, "M-2": 1.2, "M-3": 1.0, "M-4": 1.0, "M-5": 0.9, "M-6": 0.8, "M-7": 0.5,
    "M-8": 1.2, "M-9": 0.8, "M-10": 1.1, "M-11": 1.3, "M-12": 1.0, "M-13": 0.8, "M-14": 1.0,
    "M-15": 1.3, "M-16": 0.8, "M-17": 1.3, "M-18": 1.2, "M-19": 0.9, "M-20": 0.9, "M-21": 1.0,
    "M-22": 0.9, "M-23": 1.1, "M-24": 0.6, "M-25": 1.0, "M-26": 1.0,
}  # fmt: skip
"""A hand-set worth of each Ministry's ability (IS-MIN01-26), before the position's part."""


def _position_worth(st: State, side: int, card: str) -> float:
    """The part of a Ministry's worth that depends on the position (IS-MIN01, 02, 03, 07, 24)."""
    o = 1 - side
    if card == "M-1":  # +1 DP per Savoy, Sardinia, Spain and Austria Prestige held (max 3)
        sp = [s for c in ("spain", "austria") for s in B.COUNTRIES[c] if B.SPACES[s]["prestige"]]
        return 0.5 * min(3, count_controlled(st, side, ["savoy", "sardinia", *sp]))
    if card == "M-2":
        return 0.4 if st["debt"][side] else 0.0
    if card == "M-3":
        f, b = SC.award_counts(st, "europe")
        return 0.5 if (f - b if side == 0 else b - f) > 0 else 0.0
    if card == "M-7":
        advs = ("textiles", "silk", "fruit", "fur_trade", "rum")
        return 0.5 * min(3, sum(1 for a in advs if st["adv_holder"].get(a) == side))
    if card == "M-24":
        ms = [*B.commodity_markets("furs"), *B.commodity_markets("fish")]
        return 0.8 if count_controlled(st, side, ms) > count_controlled(st, o, ms) else 0.0
    return 0.0


def _era_keyword_share(st: State, kw: str) -> int:
    """How many Event cards of the current Era ask for keyword ``kw`` (IS-3.4.3)."""
    er = era(st)
    return sum(
        1
        for e in B.EVENTS.values()
        if e["era"] == er and e["bonus_condition"] and e["bonus_condition"].get("keyword") == kw
    )


def ministry_worth(st: State, side: int, card: str) -> float:
    """Worth of Ministry ``card`` this Era: its ability (:data:`BASE_WORTH` and the position),
    keywords the next War's theaters reward with Bonus Strength (IS-7.1.3), keywords that meet
    the bonus of Event cards in hand and of this Era's cards (IS-3.4.3)."""
    m = B.MINISTRIES[card]
    kws = set(m["keywords"])
    v = BASE_WORTH.get(card, 1.0) + _position_worth(st, side, card)
    v += sum(0.08 * _era_keyword_share(st, kw) for kw in kws)
    war = next_war(st) or (st.get("war") or {}).get("id")
    if war:
        for key in WT.theater_keys(war):
            rec = WT.theater_rec(war, key)
            v += 1.0 * len(kws & set(rec["bonus_strength"].get("keywords", [])))
    for c in st["hands"][side]:
        cond = B.EVENTS[c]["bonus_condition"]
        if cond and cond["type"] == "keyword" and cond["keyword"] in kws:
            v += 0.8
    return v


def choose_ministry(st: State, side: int, ids: list[str]) -> str | None:
    """IS-4.1.7a/b: pick the most worthwhile cards; replace a face-down card only for a clearly
    better one; confirm once done."""
    picks = [c for c in ids if c.startswith(("pick:", "with:"))]
    if picks:
        return max(picks, key=lambda c: (ministry_worth(st, side, c.split(":")[1]), c))
    reps = [c for c in ids if c.startswith("replace:")]
    if reps:
        slots = {s["card"] for s in st["min_slots"][side]}
        alts = [c for c in M.selectable(st, side) if c not in slots]
        if alts:
            top = max(ministry_worth(st, side, c) for c in alts)
            worst = min(reps, key=lambda c: ministry_worth(st, side, c.split(":")[1]))
            if top > ministry_worth(st, side, worst.split(":")[1]) + 0.9:
                return worst
    for safe in ("confirm", "keep_all"):
        if safe in ids:
            return safe
    return None


def choose_initiative(side: int, ids: list[str]) -> str | None:
    """IS-4.1.8: let the opponent start, so this side plays the turn's last round."""
    want = f"first:{('france', 'britain')[1 - side]}"
    return want if want in ids else None


def choose_auction(ids: list[str]) -> str | None:
    """IS-V05: bid nothing for France; accept any bid."""
    for cid in ("accept", "side:france", "bid:0"):
        if cid in ids:
            return cid
    return None
