"""Hidden zones for the conformance hooks ``secrets`` and ``hidden_names`` (BI-28)."""

from __future__ import annotations

from typing import Any

from engine.rules import State

from . import catalog as C


def secrets(st: State, seat: int | None) -> dict[str, Any]:
    """``{zone: content}`` of every zone hidden from ``seat`` that another consistent world
    could fill differently: other hands, deck orders, unknown missions, face-down exploration
    tiles and the box, painting decks, city tiles below the stack tops."""
    if st["phase"] == "over":
        return {}
    out: dict[str, Any] = {}
    others = [s for s in range(st["n"]) if s != seat]
    for kind in ("gold", "battle"):
        hands = {s: st[kind][s] for s in others}
        total = sum(len(h) for h in hands.values()) + len(st[f"{kind}_deck"])
        for s, h in hands.items():
            if h and total > len(h):
                out[f"{kind}:{s}"] = sorted(h)
        deck = st[f"{kind}_deck"]
        if len(deck) >= 2 or (deck and total > len(deck)):
            out[f"{kind}_deck"] = list(deck)
    for s in others:
        for e, m in st["missions"][s].items():
            if m not in st["revealed"][s]:
                out[f"mission:{s}:{e}"] = m
    mine = st["peeks"][seat] if seat is not None else {}
    hexes = sorted((h for h in st["fog"] if h not in mine), key=C.rq)
    if hexes and len(hexes) + len(st["box"]) >= 2:
        out["fog"] = [st["fog"][h] for h in hexes]
    for c, d in st["paint_decks"].items():
        if len(d) >= 2:
            out[f"paint:{c}"] = list(d)
    if st["opts"]["city_stacks_visible"] != "all":
        below = [stk[1:] for stk in st["city_stacks"]]
        if sum(len(b) for b in below) >= 2:
            out["cities"] = below
    return out


def hidden_names(st: State, seat: int | None) -> set[str]:
    """Card names no log line for ``seat`` may contain now: gold and battle cards hidden from
    it (other hands and decks) whose name no visible card shares."""
    if st["phase"] == "over":
        return set()
    hidden: set[str] = set()
    visible: set[str] = set()
    for kind in ("gold", "battle"):
        for s in range(st["n"]):
            (visible if s == seat else hidden).update(st[kind][s])
        hidden.update(st[f"{kind}_deck"])
        visible.update(st[f"{kind}_discard"])
    cb = st["combat"]
    if cb is not None:
        for key, side in (("acards", cb["att"]), ("dcards", cb["def"])):
            (visible if side == seat else hidden).update(cb[key])
    names = lambda ids: {(C.GOLD_CARDS.get(c) or C.BATTLE_CARDS[c])["name"] for c in ids}  # noqa: E731
    return names(hidden) - names(visible)
