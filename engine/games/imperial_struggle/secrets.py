"""Imperial Struggle's hidden zones, described for the conformance checks (``engine.rules``
optional hooks ``secrets`` and ``hidden_names``; IS-16.2, IS-16.3, IS-16.7).

``secrets(st, seat)`` names every zone hidden from ``seat`` whose content another world
consistent with what ``seat`` knows could hold differently, with its content now: the
opponent's hand (and its pending Deal discards), the draw pile order, the opponent's face-down
Ministry cards, the opponent's unseen Basic and Bonus tiles per theater, pool and removed pile,
the tiles its pending war decisions hold (IS-V03 dealt hand, an Upgrade's drawn tile, a Bonus
tile awaiting placement), the order of the viewer's own Basic and Bonus pools, the Investment
stack order and the face-down Award tiles. A spectator, and every seat during the IS-V05
auction, has both sides' zones.

``hidden_names(st, seat)`` is the set of display names a log line given to ``seat`` must not
contain now: the opponent's Event cards in hand, its face-down Ministry cards and its unseen
Bonus tiles (each name belongs to one thing only). Basic tiles are not named: their labels
(``Basic +2``) are shared by several tiles, some of them the viewer's own; nor are names that
are also part of a place name (a Bonus tile "Lawrence", the Gulf of St. Lawrence).
"""

from __future__ import annotations

from typing import Any

from engine.rules import HiddenPlaces, State

from . import board as B
from . import phases
from .state import BR, FR, era
from .view import secret_side, tile_frames


def _hidden_sides(st: State, seat: int | None) -> list[int]:
    me = secret_side(st, seat)
    return [s for s in (FR, BR) if s != me]


def _unseen_tiles(st: State, o: int) -> dict[str, dict[str, list[str]]]:
    """``{"basic"|"bonus": {zone: [tiles not revealed]}}`` for side ``o``; zones are
    ``theater:<k>``, ``pool``, ``out`` and the pending decisions ``deal``, ``upgrade``,
    ``place``."""
    w = st["war"]
    seen = set(w.get("revealed", {}))
    out: dict[str, dict[str, list[str]]] = {"basic": {}, "bonus": {}}
    for kind in ("basic", "bonus"):
        for k, th in w["theaters"].items():
            out[kind][f"theater:{k}"] = [t for t in th[kind][o] if t not in seen]
        out[kind]["pool"] = [t for t in w[f"{kind}_pool"][o] if t not in seen]
    out["basic"]["out"] = [t for t in w["basic_out"][o] if t not in seen]
    for fr in tile_frames(st, o):
        if fr["k"] == "war_deal":
            out["basic"]["deal"] = list(fr["hand"])
        elif fr["k"] == "war_upgrade" and fr.get("new") is not None:
            out["basic"]["upgrade"] = [fr["new"]]
        elif fr["k"] == "war_place":
            out["bonus"]["place"] = [fr["tile"]]
    return out


def _ministry_candidates(st: State, o: int) -> list[str]:
    key = phases.SIDE_KEYS[o]
    up = {s["card"] for s in st["min_slots"][o] if s["up"]}
    return [
        m
        for m, rec in B.MINISTRIES.items()
        if rec["side"] == key and era(st) in rec["eras"] and m not in st["min_removed"]
        if m not in up
    ]


def secrets(st: State, seat: int | None) -> dict[str, Any]:
    """The module docstring's zones: ``{zone: content}``; a zone is listed only when its
    content could differ in another consistent world (two or more candidates)."""
    if st["over"]:
        return {}
    out: dict[str, Any] = {}
    deck = st["deck"]
    if len(set(deck)) >= 2:
        out["deck"] = list(deck)
    for o in _hidden_sides(st, seat):
        hand = st["hands"][o]
        pool = [c for c in deck if era(st) != "revolution" or c > 15]
        if hand and pool:
            out[f"hand:{o}"] = sorted(hand)
        for fr in st["stack"]:
            sub = fr["frames"][o] if fr["k"] == "par" else None
            if sub is not None and sub["k"] == "deal_discard" and sub["picked"] and pool:
                out[f"deal_discards:{o}"] = sorted(sub["picked"])
        downs = [s["card"] for s in st["min_slots"][o] if s["card"] and not s["up"]]
        if downs and len(_ministry_candidates(st, o)) > len(downs):
            out[f"ministries:{o}"] = sorted(downs)
        if st["war"] is None:
            continue
        for kind, zones in _unseen_tiles(st, o).items():
            total = sum(len(z) for z in zones.values())
            for name, tiles in zones.items():
                if tiles and (total > len(tiles) or (name == "pool" and len(tiles) >= 2)):
                    out[f"{kind}:{o}:{name}"] = list(tiles) if name == "pool" else sorted(tiles)
    me = secret_side(st, seat)
    if me is not None and st["war"] is not None:
        for key in ("basic_pool", "bonus_pool"):
            if len(st["war"][key][me]) >= 2:
                out[f"own_{key}"] = list(st["war"][key][me])
    if len(st["inv_stack"]) >= 2:
        out["inv_stack"] = list(st["inv_stack"])
    nxt = [(st["awards"].get(r) or [None, None])[1] for r in B.REGIONS]
    if len({t for t in nxt if t is not None}) >= 2:
        out["awards_next"] = nxt
    return out


def _board_words() -> str:
    """Every space, Region and theater name, one per line (a hidden name that is also part of
    a place name, such as a Bonus tile "Lawrence" and the Gulf of St. Lawrence, is left out)."""
    words = [rec["name"] for rec in B.SPACES.values()] + list(B.REGION_NAMES.values())
    words += [th["name"] for war in B.THEATERS.values() for th in war.values()]
    return "\n".join(words)


_BOARD_WORDS = _board_words()


def hidden_names(st: State, seat: int | None) -> set[str]:
    """The module docstring's names (Event card, Ministry card and Bonus tile names), except
    those that are also words of a place name."""
    if st["over"]:
        return set()
    names: set[str] = set()
    for o in _hidden_sides(st, seat):
        names |= {B.EVENTS[c]["name"] for c in st["hands"][o]}
        names |= {
            B.MINISTRIES[s["card"]]["name"] for s in st["min_slots"][o] if s["card"] and not s["up"]
        }
        if st["war"] is not None:
            for tiles in _unseen_tiles(st, o)["bonus"].values():
                names |= {B.BONUS_TILES[t]["name"] for t in tiles}
    return {x for x in names if x not in _BOARD_WORDS}


def _frames(st: State) -> list[tuple[tuple, dict[str, Any]]]:
    """Every stack frame with its path (``("stack", i)``, a ``par`` sub-frame
    ``("stack", i, "frames", o)``)."""
    out: list[tuple[tuple, dict[str, Any]]] = []
    for i, fr in enumerate(st["stack"]):
        out.append((("stack", i), fr))
        if fr["k"] == "par":
            out += [(("stack", i, "frames", o), s) for o, s in enumerate(fr["frames"]) if s]
    return out


def _tile_places(st: State, o: int, kind: str, seen: set[str]) -> list[tuple]:
    """Side ``o``'s unseen ``kind`` ("basic"/"bonus") tile places: theaters, pool, removed
    Basic tiles, and those its pending war decisions hold (IS-16.7c)."""
    w = st["war"]
    out: list[tuple] = []
    for k, th in w["theaters"].items():
        out += [
            ("war", "theaters", k, kind, o, j) for j, t in enumerate(th[kind][o]) if t not in seen
        ]
    keys = [f"{kind}_pool"] + (["basic_out"] if kind == "basic" else [])
    for key in keys:
        out += [("war", key, o, j) for j, t in enumerate(w[key][o]) if t not in seen]
    for path, fr in _frames(st):
        if fr.get("side") != o:
            continue
        if kind == "basic" and fr["k"] == "war_deal":
            out += [(*path, "hand", j) for j in range(len(fr["hand"]))]
        elif kind == "basic" and fr["k"] == "war_upgrade":
            out += [(*path, key) for key in ("new", "old") if fr.get(key) is not None]
        elif kind == "bonus" and fr["k"] == "war_place":
            out.append((*path, "tile"))
    return out


def _faces(st: State, places: list[tuple], kind: str) -> dict[str, Any] | None:
    """Basic tiles of one strength and effect look alike (IS-3.7a); Bonus tiles are unique."""
    if kind != "basic":
        return None
    out: dict[str, Any] = {}
    for q in places:
        t = st
        for k in q:
            t = t[k]
        out[t] = (B.BASIC_TILES[t]["strength"], B.BASIC_TILES[t]["effect"])
    return out


def hidden_places(st: State, seat: int | None) -> dict[str, HiddenPlaces]:
    """The places hidden from ``seat`` (``engine.rules`` hook ``hidden_places``; IS-16.2,
    IS-16.3, IS-16.7), for the opponent side ``o`` (both sides for a spectator and during the
    IS-V05 auction): kind ``event``, the draw pile and ``o``'s hand; kind ``discard:o``, its
    pending Deal or Peace discards (spare: the rest of its hand); kind ``ministry:o``, its
    face-down Ministry cards and the plans of its pending Ministry decisions (spare: its other
    candidates this Era); kinds ``basic:o`` and
    ``bonus:o``, its unseen war tiles; kinds ``own_basic`` and ``own_bonus``, the order of the
    viewer's own tile pools; kind ``investment``, the Investment stack; kind ``award``, the
    face-down Award tiles."""
    if st["over"]:
        return {}
    out: dict[str, HiddenPlaces] = {}
    events: list[tuple] = [("deck", j) for j in range(len(st["deck"]))]
    for o in _hidden_sides(st, seat):
        hand = st["hands"][o]
        events += [("hands", o, j) for j in range(len(hand))]
        picked: list[tuple] = []
        for path, fr in _frames(st):
            if fr["k"] == "deal_discard" and path[-1] == o and fr["picked"]:
                picked += [(*path, "picked", j) for j in range(len(fr["picked"]))]
                taken = fr["picked"]
            if fr["k"] == "peace" and fr.get("discards") and fr["discards"][o]:
                picked += [(*path, "discards", o, j) for j in range(len(fr["discards"][o]))]
                taken = fr["discards"][o]
        if picked:
            out[f"discard:{o}"] = HiddenPlaces(picked, tuple(sorted(set(hand) - set(taken))))
        downs = [
            ("min_slots", o, j, "card")
            for j, s in enumerate(st["min_slots"][o])
            if s["card"] and not s["up"]
        ]
        for path, fr in _frames(st):  # a pending Ministry plan follows the cards
            if fr.get("side") == o and fr["k"] in ("min_pick", "min_replace"):
                plan = fr["plan"]
                downs += [
                    (*path, "plan", j, "card")
                    for j, x in enumerate(plan)
                    if x["card"] and not x["up"]
                ]
                downs += [(*path, "picked", j) for j in range(len(fr.get("picked") or []))]
            if fr["k"] == "peace" and fr.get("min_plan") and fr["min_plan"][o] is not None:
                plan = fr["min_plan"][o][0]
                downs += [
                    (*path, "min_plan", o, 0, j, "card")
                    for j, x in enumerate(plan)
                    if x["card"] and not x["up"]
                ]
        if downs:
            held = {s["card"] for s in st["min_slots"][o] if s["card"] and not s["up"]}
            spare = tuple(m for m in _ministry_candidates(st, o) if m not in held)
            out[f"ministry:{o}"] = HiddenPlaces(downs, spare)
        if st["war"] is not None:
            seen = set(st["war"].get("revealed", {}))
            for kind in ("basic", "bonus"):
                places = _tile_places(st, o, kind, seen)
                out[f"{kind}:{o}"] = HiddenPlaces(places, faces=_faces(st, places, kind))
    out["event"] = HiddenPlaces(events)
    hidden = _hidden_sides(st, seat)
    me = next(s for s in (FR, BR) if s not in hidden) if len(hidden) == 1 else None
    if me is not None and st["war"] is not None:
        for kind in ("basic", "bonus"):
            pool = st["war"][f"{kind}_pool"][me]
            out[f"own_{kind}"] = HiddenPlaces(
                faces=_faces(st, [("war", f"{kind}_pool", me, j) for j in range(len(pool))], kind),
                paths=[("war", f"{kind}_pool", me, j) for j in range(len(pool))],
            )
    out["investment"] = HiddenPlaces([("inv_stack", j) for j in range(len(st["inv_stack"]))])
    out["award"] = HiddenPlaces(
        [
            ("awards", r, 1)
            for r in B.REGIONS
            if (st["awards"].get(r) or [None, None])[1] is not None
        ]
    )
    return out
