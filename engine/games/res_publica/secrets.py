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

from engine.rules import State

from .cards import NT
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
