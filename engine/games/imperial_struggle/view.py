"""Imperial Struggle views (IS-16.1 public, IS-16.2 private) and determinization (IS-16.7).

``view(st, seat, prompt, waiting, outcome)`` is plain data (README "View"). The viewer's side sees its own hand,
face-down Ministry cards and war tiles; of the opponent only counts (plus the tiles revealed in
a War, ``war["revealed"]``). Decks, pools and the Investment stack appear as sizes or unordered
compositions. While the IS-V05 auction runs no seat plays a side yet: every seat sees what a
spectator sees. A spectator (seat None) sees only public facts, and everything once the
game is over.

``determinize(st, seat, rng)`` resamples what ``seat`` cannot see: the opponent's hand and the
draw pile (pooled and redealt), the opponent's face-down Ministry cards (and its pending Ministry
or discard choices), the opponent's unseen war tiles (theaters, pools, removed Basic tiles and
the tiles its pending decisions hold), the order of the viewer's own war-tile pools (hidden from
both sides, IS-16.3), the Investment stack order, the face-down Award tiles, and the RNG cell.
``view(result, seat)`` equals ``view(st, seat)``.
"""

from __future__ import annotations

import random
from typing import Any

from engine.gamekit import copy_plain
from engine.rules import Outcome, Prompt, State, View, outcome_dict, prompt_dict

from . import board as B
from . import phases
from .state import BR, FR, era, side_of, turn_id

FRAME_PUBLIC = ("k", "side")
"""Frame fields shown in the stack composition (a frame's other fields may hold secrets; the
``peace`` frame adds its phase name and rounds started)."""


def secret_side(st: State, seat: int | None) -> int | None:
    """The side whose secrets ``seat`` sees: None for a spectator, and for everyone while the
    IS-V05 auction runs (nobody plays a side yet, so neither side's set-up tiles are anyone's:
    IS-16.2)."""
    if seat is None or st.get("auction") is not None:
        return None
    return side_of(st, seat)


WAR_FRAME_PUBLIC: dict[str, tuple[str, ...]] = {
    "war_turn": ("war",),
    "war_effects": ("theater",),
    "war_target": ("theater", "tile", "effect"),
    "war_spoils": ("war", "theater", "winner", "margin"),
    "war_cp": ("theater", "cp"),
    "war_refuse": ("theater", "territory", "winner", "cp"),
    "war_unflag": ("theater", "n"),
    "war_lose": ("n", "dst"),
}
"""War Turn frame fields shown in the stack composition: all public once a theater is revealed
(IS-16.1: tiles revealed in a War, results, spoils and Conquest Points are open facts). The
``war_turn`` frame also shows ``theater`` (the theater being resolved, None after the last) and
``results`` ``{theater: {"winner": side|None, "margin": n}}`` of the theaters resolved so far."""


def _war_turn_public(fr: dict[str, Any]) -> dict[str, Any]:
    keys = [str(n) for n in sorted(B.THEATERS[fr["war"]])]
    t = fr.get("t", 0)
    return {
        "theater": keys[t] if t < len(keys) else None,
        "results": {
            k: {"winner": r["winner"], "margin": r["margin"]} for k, r in fr["results"].items()
        },
    }


def _stack(st: State) -> list[Any]:
    out: list[Any] = []
    for fr in st["stack"]:
        if fr["k"] == "par":
            out.append(
                {"k": "par", "frames": [None if f is None else f["k"] for f in fr["frames"]]}
            )
        else:
            rec = {k: fr[k] for k in FRAME_PUBLIC if k in fr}
            if fr["k"] == "peace":
                rec["phase"] = phases.phase_name(fr)
                rec["rn"] = fr.get("rn", 0)
            for k in WAR_FRAME_PUBLIC.get(fr["k"], ()):
                if k in fr:
                    rec[k] = fr[k]
            if fr["k"] == "war_turn":
                rec.update(_war_turn_public(fr))
            out.append(rec)
    return out


def _war_view(st: State, me: int | None, omni: bool) -> dict[str, Any] | None:
    w = st["war"]
    if w is None:
        return None
    seen = set(w.get("revealed", {}))

    def part(side: int, tiles: list[str]) -> Any:
        if omni or side == me:
            return sorted(tiles)
        return {"count": len(tiles), "known": sorted(t for t in tiles if t in seen)}

    theaters = {
        k: {
            "basic": [part(s, th["basic"][s]) for s in (FR, BR)],
            "bonus": [part(s, th["bonus"][s]) for s in (FR, BR)],
        }
        for k, th in w["theaters"].items()
    }
    pub = {
        k: v
        for k, v in w.items()
        if k not in ("theaters", "basic_pool", "bonus_pool", "basic_out", "revealed")
    }
    return {
        **pub,
        "theaters": theaters,
        "revealed": sorted(seen),
        "basic_pool": [part(s, w["basic_pool"][s]) for s in (FR, BR)],
        "bonus_pool": [part(s, w["bonus_pool"][s]) for s in (FR, BR)],
        "basic_out": [part(s, w["basic_out"][s]) for s in (FR, BR)],
    }


def view(
    st: State,
    seat: int | None,
    prompt: Prompt | None,
    waiting: tuple[int, ...],
    outcome: Outcome | None,
) -> View:
    """What ``seat`` may see (README "View"; IS-16.1, IS-16.2), with ``seat``'s ``prompt``, the
    ``waiting`` seats and the ``outcome`` (``engine.gamekit.seat_view`` reads them from the
    rules)."""
    me = secret_side(st, seat)
    omni = seat is None and st["over"]
    return {
        "game": "imperial_struggle",
        "viewer": seat,
        "side": me,
        **_tracks(st),
        **_cards(st, me, omni),
        **_markets(st),
        "war": _war_view(st, me, omni),
        "scoring": st.get("scoring"),
        "round": st["round"],
        "rounds_done": list(st["rounds_done"]),
        "stack": _stack(st),
        "auction": st.get("auction"),
        "over": st["over"],
        "winner": st["winner"],
        "reason": st["reason"],
        "waiting": list(waiting),
        "prompt": prompt_dict(prompt),
        "outcome": outcome_dict(outcome),
    }


def _tracks(st: State) -> dict[str, Any]:
    """The public tracks, markers and map flags of the view (IS-16.1)."""
    return {
        "names": list(st["names"]),
        "side_seat": list(st["side_seat"]),
        "options": dict(st["opts"]),
        "turn": turn_id(st),
        "ti": st["ti"],
        "era": era(st),
        "vp": st["vp"],
        "debt": list(st["debt"]),
        "limit": list(st["limit"]),
        "trp": list(st["trp"]),
        "initiative": st["initiative"],
        "first": st["first"],
        "flags": dict(st["flags"]),
        "squadrons": dict(st["squadrons"]),
        "navy": list(st["navy"]),
        "unbuilt": list(st["unbuilt"]),
        "sq_removed": list(st["sq_removed"]),
        "parked": [list(p) for p in st["parked"]],
        "conflict": dict(st["conflict"]),
        "damaged": dict(st["damaged"]),
        "huguenots": dict(st["huguenots"]),
        "adv_holder": dict(st["adv_holder"]),
        "adv_exhausted": dict(st["adv_exhausted"]),
    }


def _cards(st: State, me: int | None, omni: bool) -> dict[str, Any]:
    """Hands, piles and Ministry cards: ``me``'s own (everyone's when ``omni``) in full, the
    opponent's as counts and face-up cards (IS-16.2)."""

    def mine(side: int) -> bool:
        return omni or side == me

    slots = [
        [
            {
                "card": s["card"] if (s["up"] or mine(side)) else None,
                "up": s["up"],
                "filled": s["card"] is not None,
            }
            for s in st["min_slots"][side]
        ]
        for side in (FR, BR)
    ]
    return {
        "hands": [list(st["hands"][s]) if mine(s) else None for s in (FR, BR)],
        "hand_counts": [len(st["hands"][s]) for s in (FR, BR)],
        "deck_count": len(st["deck"]),
        "discard": list(st["discard"]),
        "removed": list(st["removed"]),
        "aside_count": len(st["aside"]),
        "ministries": slots,
        "min_exhausted": dict(st["min_exhausted"]),
        "min_removed": dict(st["min_removed"]),
    }


def _markets(st: State) -> dict[str, Any]:
    """Event markers, Investment tiles (the stack as an unordered composition), Award tiles
    (the face-down next ones only as present or not) and the demand tiles (IS-16.1)."""
    awards = {r: st["awards"].get(r) or [None, None] for r in B.REGIONS}
    return {
        "jacobite": dict(st["jacobite"]),
        "townshend": st["townshend"],
        "byng": st["byng"],
        "investments": {
            "available": list(st["inv_avail"]),
            "taken": {k: list(v) for k, v in st["inv_taken"].items()},
            "used": sorted(st["inv_used"]),
            "stack": sorted(st["inv_stack"]),
        },
        "awards": {r: a[0] for r, a in awards.items()},
        "awards_next": {r: a[1] is not None for r, a in awards.items()},
        "awards_out": sorted(st["awards_out"]),
        "demand": list(st["demand"]),
    }


# ---------------------------------------------------------------------------- determinize
def _resample_hand(new: State, o: int, local: random.Random) -> None:
    """IS-16.7a: the opponent's hand + the draw pile pooled and redealt (sizes kept); its pending
    or committed Deal discards become a random subset of the new hand of the same size."""
    hand = new["hands"][o]
    pool = hand + new["deck"]
    local.shuffle(pool)
    if era(new) == "revolution":  # no Succession card in a hand from T5 (IS-4.1.1)
        ok = [c for c in pool if c > 15]
        new["hands"][o] = ok[: len(hand)]
        taken = set(new["hands"][o])
        new["deck"] = [c for c in pool if c not in taken]
    else:
        new["hands"][o] = pool[: len(hand)]
        new["deck"] = pool[len(hand) :]
    for fr in new["stack"]:
        if fr["k"] == "par":
            sub = fr["frames"][o]
            if sub is not None and sub["k"] == "deal_discard":
                sub["picked"] = local.sample(new["hands"][o], len(sub["picked"]))
        if fr["k"] == "peace" and fr.get("discards"):
            k = len(fr["discards"][o])
            fr["discards"][o] = local.sample(new["hands"][o], k)


def _resample_ministries(new: State, o: int, local: random.Random) -> None:
    """IS-16.7b: the opponent's face-down cards redrawn from its cards valid this Era that are
    not face up (nor removed); its pending/committed Ministry plan follows the new cards."""
    key = phases.SIDE_KEYS[o]
    up = {s["card"] for s in new["min_slots"][o] if s["up"]}
    cands = [
        m
        for m, rec in B.MINISTRIES.items()
        if rec["side"] == key
        and era(new) in rec["eras"]
        and m not in new["min_removed"]
        and m not in up
    ]
    local.shuffle(cands)
    downs = [s for s in new["min_slots"][o] if s["card"] and not s["up"]]
    for s in downs:
        s["card"] = cands.pop()
    for fr in new["stack"]:
        subs = fr["frames"] if fr["k"] == "par" else [fr]
        for sub in subs:
            if sub is None or sub.get("side") != o or sub["k"] not in ("min_pick", "min_replace"):
                continue
            _fresh_plan(new, sub, o, local)
        if fr["k"] == "peace" and fr.get("min_plan") and fr["min_plan"][o] is not None:
            plan, n = fr["min_plan"][o]
            fr["min_plan"][o] = [_random_plan(new, plan, o, local), n]


def _random_plan(
    new: State, plan: list[dict[str, Any]], o: int, local: random.Random
) -> list[dict[str, Any]]:
    key = phases.SIDE_KEYS[o]
    up = {s["card"] for s in plan if s["up"]}
    cands = [
        m
        for m, rec in B.MINISTRIES.items()
        if rec["side"] == key
        and era(new) in rec["eras"]
        and m not in new["min_removed"]
        and m not in up
    ]
    local.shuffle(cands)
    return [
        {"card": cands.pop() if (s["card"] and not s["up"]) else s["card"], "up": s["up"]}
        for s in plan
    ]


def _fresh_plan(new: State, sub: dict[str, Any], o: int, local: random.Random) -> None:
    if sub["k"] == "min_pick":
        sub["plan"] = _random_plan(new, sub["plan"], o, local)
        sub["picked"] = [s["card"] for s in sub["plan"][:2] if s["card"] and not s["up"]][
            : len(sub["picked"])
        ]
    else:
        sub["plan"] = [dict(s) for s in new["min_slots"][o]]
        sub["changes"] = []
        sub["sel"] = None


def tile_frames(new: State, side: int) -> list[dict[str, Any]]:
    """``side``'s pending war decisions holding tiles (``war_deal``, ``war_place``,
    ``war_upgrade``), ``par`` sub-frames included."""
    out: list[dict[str, Any]] = []
    for fr in new["stack"]:
        subs = fr["frames"] if fr["k"] == "par" else [fr]
        for sub in subs:
            if (
                sub is not None
                and sub.get("side") == side
                and sub["k"] in ("war_deal", "war_place", "war_upgrade")
            ):
                out.append(sub)
    return out


def _resample_war(new: State, o: int, local: random.Random) -> None:
    """IS-16.7c: the unseen Basic tiles of side ``o`` (theaters, pool, removed, and those held
    by its pending decisions: the dealt hand of IS-V03, an Upgrade's drawn tile) and its unseen
    Bonus tiles (theaters, pool, a drawn tile awaiting placement) shuffled among the same places.
    A pending decision's references follow the tiles: the dealt tile picked, the Upgrade's old
    tile, the Bonus tile chosen to move out."""
    w = new["war"]
    seen = set(w.get("revealed", {}))
    frames = tile_frames(new, o)
    # references into lists, re-read after the shuffle: (frame, key, list, index)
    refs: list[tuple[dict[str, Any], str, list[str], int]] = []
    for fr in frames:
        if fr["k"] == "war_deal" and fr.get("pick") is not None:
            refs.append((fr, "pick", fr["hand"], fr["hand"].index(fr["pick"])))
        if fr["k"] == "war_upgrade" and fr.get("old") is not None:
            here = w["theaters"][fr["theater"]]["basic"][o]
            if fr["old"] in here:
                refs.append((fr, "old", here, here.index(fr["old"])))
        if fr["k"] == "war_place" and fr.get("moving") is not None:
            here = w["theaters"][fr["theater"]]["bonus"][o]
            if fr["moving"] in here:
                refs.append((fr, "moving", here, here.index(fr["moving"])))
    for kind, pool_key, extra in (
        ("basic", "basic_pool", "basic_out"),
        ("bonus", "bonus_pool", None),
    ):
        lists = [th[kind][o] for th in w["theaters"].values()]
        lists += [w[k][o] for k in (pool_key, extra) if k is not None]
        if kind == "basic":
            lists += [fr["hand"] for fr in frames if fr["k"] == "war_deal"]
        places = [(lst, i) for lst in lists for i, t in enumerate(lst) if t not in seen]
        # a tile held alone by a frame (the Upgrade's drawn tile, a Bonus tile to place)
        held = [
            fr
            for fr in frames
            if (kind == "basic" and fr["k"] == "war_upgrade" and fr.get("new") is not None)
            or (kind == "bonus" and fr["k"] == "war_place")
        ]
        hkey = "new" if kind == "basic" else "tile"
        tiles = [lst[i] for lst, i in places] + [fr[hkey] for fr in held]
        local.shuffle(tiles)
        for (lst, i), t in zip(places, tiles, strict=False):
            lst[i] = t
        for fr, t in zip(held, tiles[len(places) :], strict=True):
            fr[hkey] = t
    for fr, key, lst, i in refs:
        fr[key] = lst[i]


def _shuffle_own_pools(new: State, me: int, local: random.Random) -> None:
    """IS-16.3: the order of the viewer's own Basic and Bonus pools is hidden from the viewer
    too (it knows their composition): both shuffled, so its next Upgrade or Bonus draw is
    unknown in the determinized world."""
    w = new["war"]
    for key in ("basic_pool", "bonus_pool"):
        local.shuffle(w[key][me])


def determinize(st: State, seat: int | None, rng: Any) -> State:
    """IS-16.7 (module docstring). ``rng`` seeds a local generator; the copy's RNG cell is
    reseeded from it."""
    new = copy_plain(st)
    nxt = getattr(rng, "next64", None)
    seed = nxt() if nxt is not None else rng.randbelow(2**63)
    local = random.Random(seed)
    me = secret_side(st, seat)
    if not st["over"]:
        hidden = [s for s in (FR, BR) if s != me]
        for o in hidden:
            _resample_hand(new, o, local)
            _resample_ministries(new, o, local)
            if new["war"] is not None:
                _resample_war(new, o, local)
        if me is not None and new["war"] is not None:
            _shuffle_own_pools(new, me, local)
        local.shuffle(new["inv_stack"])
        downs = [r for r in B.REGIONS if (new["awards"].get(r) or [None, None])[1] is not None]
        tiles = [new["awards"][r][1] for r in downs]
        local.shuffle(tiles)
        for r, t in zip(downs, tiles, strict=True):
            new["awards"][r][1] = t
    new["rng"] = [local.getrandbits(64)]
    return new
