"""Mausoleum views and determinization (MAU-11: public and private information).

A seat sees every public zone (parties with Doozies, morgues, mausoleums, the shop, the whole
discard pile, deck and hand sizes, values) and its own hand; of other hands only the cards
taken from the discard pile (``known``, MAU-11.1). Nobody sees the deck order (MAU-11.3).
"""

from __future__ import annotations

import random
from typing import Any

from engine.gamekit import copy_plain
from engine.rng import RandomSource
from engine.rules import Outcome, Prompt, State, View, outcome_dict, prompt_dict

from .cards import CARDS, effect, value
from .play import targets
from .state import counted_value, gardeners, is_killable, locked, morgue_value, printed_value


def _c(cid: int) -> dict[str, Any]:
    c = CARDS[cid]
    return {"card": cid, "name": c.name, "value": c.value}


def view(
    st: State,
    seat: int | None,
    prompt: Prompt | None,
    waiting: tuple[int, ...],
    outcome: Outcome | None,
) -> View:
    """The README view of ``st`` for ``seat`` (None = spectator; every hand once over), with
    ``seat``'s ``prompt``, the ``waiting`` seats and the ``outcome`` (``engine.gamekit.seat_view``
    reads them from the rules)."""
    over = st["phase"] == "over"
    seats = []
    for s in range(st["n"]):
        own = seat == s or (seat is None and over)
        party = st["party"][s]
        seats.append(
            {
                "seat": s,
                "name": (st.get("names") or [""] * st["n"])[s],
                "hand": list(st["hands"][s]) if own else None,
                "hand_count": len(st["hands"][s]),
                "known": list(st["known"][s]),
                "drawn": (st["drawn"] or None) if own and s == st["active"] else None,
                "party": [
                    {**_c(h), "doozy": d or None, "killable": is_killable(party, h)}
                    for h, d in party
                ],
                "morgue": [_c(h) for h in st["morgue"][s]],
                "mausoleum": [_c(g) for g in st["mausoleum"][s]],
                "printed": printed_value(st, s),
                "counted": counted_value(st, s),
                "gardeners": gardeners(st, s),
                "locked": locked(party),
                "morgue_value": morgue_value(st, s),
            }
        )
    active = st["active"]
    selected = None
    if st["phase"] == "pay" or (st["phase"] == "target" and seat == active):
        selected = st["sel"] or None
    bomb = st["bomb"]
    return {
        "game": "mausoleum",
        "viewer": seat,
        "n": st["n"],
        "active": active,
        "start": st["start"],
        "turns": st["turns"],
        "phase": st["phase"],
        "threshold": st["opts"]["win_threshold"],
        "options": dict(st["opts"]),
        "deck_count": len(st["deck"]),
        "discard": list(st["discard"]),
        "discard_top": st["discard"][-1] if st["discard"] else None,
        "shop": [_c(g) for g in sorted(st["shop"], key=lambda g: (value(g), g))],
        "drew": st["drew"],
        "seats": seats,
        "selected": selected,
        "picks": list(st["picks"]),
        "bomb": None if bomb is None else {"seat": bomb["seat"], "victims": list(bomb["victims"])},
        "waiting": list(waiting),
        "prompt": prompt_dict(prompt),
        "outcome": outcome_dict(outcome),
    }


_SEL_TRIES = 8
"""Deals tried for a targeted card in the choosing seat's hand before keeping the real one."""


def determinize(st: State, seat: int | None, rng: RandomSource) -> State:
    """A copy of ``st`` with every card ``seat`` cannot see resampled (MAU-11.4): the deck and
    every other seat's hand cards that are not ``known`` are pooled, shuffled and dealt back
    into the same slots (deck size and hand sizes unchanged). The card another seat is choosing
    a target for (``sel`` in the ``target`` phase; not played yet, so hidden) is redrawn among
    that seat's new hand cards that have a legal targeted play (falling back to the real card
    when a few deals give none). The RNG cell is reseeded."""
    nxt = getattr(rng, "next64", None)
    seed = nxt() if nxt is not None else rng.randbelow(2**63)
    local = random.Random(seed)
    if st["phase"] == "over":
        new = copy_plain(st)
    else:
        a = st["active"]
        choosing = st["phase"] == "target" and a != seat
        for _ in range(_SEL_TRIES if choosing else 1):
            new = _deal(st, seat, local, keep_sel=False)
            if not choosing:
                break
            cands = [c for c in new["hands"][a] if effect(c) != "kill_all" and targets(new, c)]
            if cands:
                new["sel"] = local.choice(cands)
                break
        else:
            new = _deal(st, seat, local, keep_sel=True)
    new["rng"] = [local.getrandbits(64)]
    return new


def _deal(st: State, seat: int | None, local: random.Random, keep_sel: bool) -> State:
    """A copy of ``st`` with the deck and the unknown hand cards of every seat but ``seat``
    pooled and dealt back (``keep_sel``: the active seat's ``sel`` stays in its hand)."""
    new = copy_plain(st)
    slots: list[tuple[int, int]] = []  # (seat, hand index)
    for s in range(st["n"]):
        if s == seat:
            continue
        keep = list(new["known"][s])
        if keep_sel and new["phase"] == "target" and s == new["active"]:
            keep.append(new["sel"])
        for k, c in enumerate(new["hands"][s]):
            if c in keep:
                keep.remove(c)
            else:
                slots.append((s, k))
    pool = [new["hands"][s][k] for s, k in slots] + new["deck"]
    local.shuffle(pool)
    drawn_at = None
    a = new["active"]
    if new["drawn"] and a != seat and new["drawn"] in new["hands"][a]:
        drawn_at = new["hands"][a].index(new["drawn"])
    for j, (s, k) in enumerate(slots):
        new["hands"][s][k] = pool[j]
    new["deck"] = pool[len(slots) :]
    if drawn_at is not None:
        new["drawn"] = new["hands"][a][drawn_at]
    return new
