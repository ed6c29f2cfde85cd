"""Hidden zones for the conformance hooks ``secrets`` and ``hidden_names`` (BI-28)."""

from __future__ import annotations

from typing import Any

from engine.rules import HiddenPlaces, State

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


def hidden_places(st: State, seat: int | None) -> dict[str, HiddenPlaces]:
    """The places hidden from ``seat`` (``engine.rules`` hook ``hidden_places``; BI-28), by
    kind, each kind a pool whose places may trade values in a world ``seat`` cannot tell apart
    (the zones :func:`secrets` lists, as places; BI-28.2, BI-28.3): ``gold``, the other seats'
    gold cards and the gold deck; ``battle``, their battle cards, the battle deck and the
    face-down combat cards of the other sides; ``missions:e``, the era-``e`` missions ``seat``
    has not seen (kept, dealt, in the deck); ``fog``, the face-down exploration tiles ``seat``
    did not peek (BI-28.5) and the box; ``paint:c``, each painting deck; ``cities``, the city
    tiles below the stack tops (unless the option shows every tile)."""
    if st["phase"] == "over":
        return {}
    out: dict[str, HiddenPlaces] = {}
    others = [s for s in range(st["n"]) if s != seat]
    for kind in ("gold", "battle"):
        paths = [(kind, s, i) for s in others for i in range(len(st[kind][s]))]
        paths += [(f"{kind}_deck", i) for i in range(len(st[f"{kind}_deck"]))]
        cb = st["combat"]
        if kind == "battle" and cb is not None:
            if cb["att"] != seat:
                paths += [("combat", "acards", i) for i in range(len(cb["acards"]))]
            if cb["def"] is not None and cb["def"] >= 0 and cb["def"] != seat:
                paths += [("combat", "dcards", i) for i in range(len(cb["dcards"]))]
        out[kind] = HiddenPlaces(paths)
    known: set[str] = set()
    if seat is not None:
        known |= set(st["missions"][seat].values()) | set(st["returned"][seat])
        for ids in st["dealt"][seat].values():
            known |= set(ids)
    for s in range(st["n"]):
        known |= set(st["revealed"][s])
    for e, deck in st["mission_decks"].items():
        paths = []
        for s in others:
            if st["missions"][s].get(e) not in (None, *known):
                paths.append(("missions", s, e))
            paths += [("dealt", s, e, j) for j in range(len(st["dealt"][s].get(e, [])))]
        paths += [("mission_decks", e, j) for j, m in enumerate(deck) if m not in known]
        out[f"missions:{e}"] = HiddenPlaces(paths)
    mine = st["peeks"][seat] if seat is not None else {}
    fog = [("fog", h) for h in sorted((h for h in st["fog"] if h not in mine), key=C.rq)]
    out["fog"] = HiddenPlaces(fog + [("box", i) for i in range(len(st["box"]))])
    for c, d in st["paint_decks"].items():
        out[f"paint:{c}"] = HiddenPlaces([("paint_decks", c, i) for i in range(len(d))])
    if st["opts"]["city_stacks_visible"] != "all":
        below = [
            ("city_stacks", k, j)
            for k, stk in enumerate(st["city_stacks"])
            for j in range(1, len(stk))
        ]
        out["cities"] = HiddenPlaces(below)
    return out
