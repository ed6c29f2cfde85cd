"""Res Publica's hidden zones, described for the conformance checks (``engine.rules`` optional
hooks ``secrets`` and ``hidden_names``; RP-10).

``secrets(st, seat)`` names every zone hidden from ``seat`` whose content another world
consistent with what ``seat`` knows could hold differently, with its content now: each other
seat's hand beyond the cards ``seat`` knows of (10 counts), the order of both decks (hidden from
everyone). Not listed: another seat's committed selection during fulfilment (determinize takes
the first valid selection of the new hand, so it follows the hand and is often forced) and
unfinished drafts (not cards).

``hidden_names(st, seat)`` is empty: cards are named by type, and every type name is public
(tableaus, score cards, the rules), so a line can leak only counts, which names cannot show.
"""

from __future__ import annotations

from typing import Any

from engine.rules import HiddenPlaces, State

from .cards import CIV_TYPES, NT, PEOPLE_TYPES
from .state import sub


def secrets(st: State, seat: int | None) -> dict[str, Any]:
    """The module docstring's zones: ``{zone: content}``; listed only when the unseen cards
    are of two types or more and could be placed differently."""
    if st["over"]:
        return {}
    out: dict[str, Any] = {}
    others = [s for s in range(st["n"]) if s != seat]
    known = [list(st["known"][seat][h]) if seat is not None else [0] * NT for h in range(st["n"])]
    unknown = {h: sub(st["hands"][h], known[h]) for h in others}
    pool = [0] * NT
    for h in others:
        pool = [a + b for a, b in zip(pool, unknown[h], strict=True)]
    for t in st["people_deck"] + st["civ_deck"]:
        pool[t] += 1
    kinds = sum(1 for n in pool if n)
    for h in others:
        if sum(unknown[h]) and kinds >= 2 and sum(pool) > sum(unknown[h]):
            out[f"hand:{h}"] = list(st["hands"][h])
    for key in ("people_deck", "civ_deck"):
        if len(set(st[key])) >= 2:
            out[key] = list(st[key])
    return out


def hidden_names(st: State, seat: int | None) -> set[str]:
    """Always empty (module docstring)."""
    return set()


def hidden_places(st: State, seat: int | None) -> dict[str, HiddenPlaces]:
    """The places hidden from ``seat`` (``engine.rules`` hook ``hidden_places``; RP-10). The
    unseen cards are conserved (RP-1.2, RP-1.3: every card is in a deck, a hand, a tableau or the score
    piles), so a world moves them only by exchanges: kind ``exchange``, the other seats' hands
    as count vectors between which one card may change hands, never one of those ``seat`` knows
    a hand holds (``known``, the floors); kinds ``people_deck`` and ``civ_deck``, both decks'
    cards (order and content hidden from everyone, RP-2.3, RP-2.4), which trade places with
    each other and one for one with a hand's unknown cards of the deck's category; kind ``known:v:h``, what
    each other seat ``v`` knows of hand ``h``; kind ``picks:h``, another seat's committed
    selection during fulfilment (spare: every card type)."""
    if st["over"]:
        return {}
    out: dict[str, HiddenPlaces] = {}
    n = st["n"]
    others = tuple(("hands", h) for h in range(n) if h != seat)
    floors = tuple(
        tuple(st["known"][seat][h]) if seat is not None else (0,) * NT
        for h in range(n)
        if h != seat
    )
    out["exchange"] = HiddenPlaces([], holders=others, floors=floors)
    for key, types in (("people_deck", PEOPLE_TYPES), ("civ_deck", CIV_TYPES)):
        places = [(key, i) for i in range(len(st[key]))]
        out[key] = HiddenPlaces(places, holders=others, floors=floors, accepts=types)
    for v in range(n):
        if v != seat:
            for h in range(n):
                out[f"known:{v}:{h}"] = HiddenPlaces([("known", v, h, t) for t in range(NT)])
    if st["phase"] == "fulfil":  # another seat's committed selection follows its hand
        for h in range(n):
            if h != seat and st["picks"][h]:
                places = [("picks", h, j) for j in range(len(st["picks"][h]))]
                out[f"picks:{h}"] = HiddenPlaces(places, tuple(range(NT)))
    return out
