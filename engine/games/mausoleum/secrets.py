"""Mausoleum's hidden zones, described for the conformance checks (``engine.rules`` optional
hooks ``secrets`` and ``hidden_names``; MAU-11).

``secrets(st, seat)`` names every zone hidden from ``seat`` whose content another world
consistent with what ``seat`` knows could hold differently, with its content (card ids) now:
each other seat's hand cards that are not ``known`` (MAU-11.1), the deck order (hidden from
everyone, MAU-11.3), and the card another seat is choosing a target for (``sel`` in the
``target`` phase; it is not played yet).

``hidden_names(st, seat)`` is the set of card names a log line given to ``seat`` must not
contain now: names of other seats' unknown hand cards that name no card ``seat`` can see.
"""

from __future__ import annotations

from typing import Any

from engine.rules import HiddenPlaces, State

from .cards import CARDS


def _unknown(st: State, s: int) -> list[int]:
    keep = list(st["known"][s])
    out = []
    for c in st["hands"][s]:
        if c in keep:
            keep.remove(c)
        else:
            out.append(c)
    return out


def secrets(st: State, seat: int | None) -> dict[str, Any]:
    """The module docstring's zones: ``{zone: card ids}``; listed only when another card could
    take a place in it."""
    if st["phase"] == "over":
        return {}
    out: dict[str, Any] = {}
    others = [s for s in range(st["n"]) if s != seat]
    unknown = {s: _unknown(st, s) for s in others}
    total = sum(len(u) for u in unknown.values()) + len(st["deck"])
    for s in others:
        if unknown[s] and total > len(unknown[s]):
            out[f"hand:{s}"] = sorted(unknown[s])
    if len(st["deck"]) >= 2 or (st["deck"] and total > len(st["deck"])):
        out["deck"] = list(st["deck"])
    a = st["active"]
    if st["phase"] == "target" and a != seat and unknown.get(a) and total > 1:
        out["selected"] = st["sel"]
    return out


def hidden_names(st: State, seat: int | None) -> set[str]:
    """The module docstring's names."""
    if st["phase"] == "over":
        return set()
    hidden: set[int] = set()
    for s in range(st["n"]):
        if s != seat:
            hidden |= set(_unknown(st, s))
    visible = set(st["discard"]) | set(st["shop"])
    for s in range(st["n"]):
        visible |= {c for c in st["hands"][s] if c not in hidden}
        visible |= {h for h, _d in st["party"][s]} | {d for _h, d in st["party"][s] if d}
        visible |= set(st["morgue"][s]) | set(st["mausoleum"][s])
    seen = {CARDS[c].name for c in visible}
    return {CARDS[c].name for c in hidden} - seen


def _unknown_at(st: State, s: int) -> list[int]:
    """Indexes in seat ``s``'s hand of the cards that are not ``known`` (as ``_unknown``)."""
    keep = list(st["known"][s])
    out = []
    for k, c in enumerate(st["hands"][s]):
        if c in keep:
            keep.remove(c)
        else:
            out.append(k)
    return out


def hidden_places(st: State, seat: int | None) -> dict[str, HiddenPlaces]:
    """The places hidden from ``seat`` (``engine.rules`` hook ``hidden_places``; MAU-11): kind
    ``card``, the deck (MAU-11.3) and every other seat's hand slots holding a card that is not
    ``known`` (MAU-11.1); kind ``selected``, the card another seat is choosing a target for
    (``sel`` in the ``target`` phase), and kind ``drawn``, the card the active seat just drew
    (while unknown), both with that seat's other unknown cards as spare values."""
    if st["phase"] == "over":
        return {}
    cards: list[tuple] = [("deck", i) for i in range(len(st["deck"]))]
    for s in range(st["n"]):
        if s != seat:
            cards += [("hands", s, k) for k in _unknown_at(st, s)]
    faces = {v: CARDS[v].key for v in st["deck"]}  # the second deck's copies look alike
    faces.update(
        (st["hands"][q[1]][q[2]], CARDS[st["hands"][q[1]][q[2]]].key)
        for q in cards[len(st["deck"]) :]
    )
    out = {"card": HiddenPlaces(cards, faces=faces)}
    a = st["active"]
    if a != seat:
        unknown = {st["hands"][a][k] for k in _unknown_at(st, a)}
        if st["phase"] == "target":
            out["selected"] = HiddenPlaces([("sel",)], tuple(sorted(unknown - {st["sel"]})))
        if st["drawn"] and st["drawn"] in unknown:
            out["drawn"] = HiddenPlaces([("drawn",)], tuple(sorted(unknown - {st["drawn"]})))
    return out
