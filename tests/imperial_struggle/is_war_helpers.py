"""Shared helpers for the war helper's tests: a set-up position at a War, theater tile placement
and driving choices."""

from __future__ import annotations

import copy

from engine.games.imperial_struggle import board as B
from engine.games.imperial_struggle import flow
from engine.games.imperial_struggle import frames as F
from engine.games.imperial_struggle import war as W
from engine.games.imperial_struggle import war_tiles as WT
from engine.games.imperial_struggle.state import BR, FR, move_squadron, new_state, set_flag
from engine.rng import new_cell

# tiles without effects, strongest first (IS-3.7a)
PLAIN = {
    FR: ["fr_b00", "fr_b01", "fr_b02", "fr_b03", "fr_b04", "fr_b05", "fr_b06"],
    BR: ["br_b00", "br_b01", "br_b02", "br_b03", "br_b04", "br_b05", "br_b06"],
}


def position(war: str = "WSS", vp: int = 15, seed: int = 3, **opts):
    """The IS-3.11 set-up position moved to War ``war`` (display of that War, every theater
    emptied, tiles back in the pools), ``vp`` set, empty stack."""
    st = new_state(opts, ["France", "Britain"], new_cell(seed))
    out: list = []
    flow.setup(st, out)
    st["stack"] = []
    st["ti"] = B.TURN_IDS.index(war)
    if war != "WSS":
        WT.lay_out(st, war, out)
    clear_theaters(st)
    st["vp"] = vp
    return st


def clear_theaters(st) -> None:
    w = st["war"]
    for t in w["theaters"].values():
        for side in (FR, BR):
            w["basic_pool"][side].extend(t["basic"][side])
            w["bonus_pool"][side].extend(t["bonus"][side])
            t["basic"][side] = []
            t["bonus"][side] = []


def put(st, key: str, side: int, tiles: list[str]) -> None:
    """Place ``tiles`` of ``side`` in theater ``key`` (taken out of the pools)."""
    w = st["war"]
    for t in tiles:
        kind = "basic" if WT.is_basic(t) else "bonus"
        pool = w[f"{kind}_pool"][side]
        if t in pool:
            pool.remove(t)
        w["theaters"][key][kind][side].append(t)


def plain_tiles(side: int, strength: int) -> list[str]:
    """Effect-free Basic tiles of ``side`` summing to ``strength`` (0–10)."""
    out, left = [], strength
    for t in PLAIN[side]:
        s = B.BASIC_TILES[t]["strength"]
        if s <= left:
            out.append(t)
            left -= s
    assert left == 0, strength
    return out


def arrange(st, key: str, winner: int | None, margin: int) -> None:
    """Add effect-free tiles to theater ``key`` so that ``winner`` wins by ``margin`` (None: a
    tie), given the tiles already there and the map's Bonus Strength now."""
    war = st["war"]["id"]
    tot = [W.bonus_strength(st, war, key, s)[0] + W.army_strength(st, key, s) for s in (FR, BR)]
    if winner is None:
        need = {FR: max(0, tot[BR] - tot[FR]), BR: max(0, tot[FR] - tot[BR])}
    else:
        lo = 1 - winner
        army = margin + tot[lo] - tot[winner]
        need = {winner: max(0, army), lo: max(0, -army)}
    for side in (FR, BR):
        put(st, key, side, plain_tiles(side, need[side]))


def flag(st, space: str, code) -> None:
    set_flag(st, space, code, [], "test")


def fort(st, space: str, side: int, damaged: bool = False) -> None:
    flag(st, space, side)
    if damaged:
        st["damaged"][space] = 1


def squadron(st, naval: str, side: int) -> None:
    move_squadron(st, side, "unbuilt", naval, [], "test")


def clear_regions(st, *regions: str) -> None:
    """Remove every flag and Squadron in ``regions``."""
    for r in regions:
        for sp in B.spaces_in(r):
            if B.kind_of(sp) == "naval":
                side = st["squadrons"].get(sp)
                if side is not None:
                    move_squadron(st, side, sp, "unbuilt", [], "test")
            elif sp in st["flags"]:
                flag(st, sp, None)


def ids(st, side: int) -> list[str]:
    return [c.id for c in F.choices_of(st, side)]


def region_of_choice(st, side: int, cid: str) -> str | None:
    """``region:<id>`` leading to ``cid`` when the list is split by Region (IS-17.1), else None."""
    space = cid.split(":", 1)[1] if ":" in cid else ""
    if space not in B.SPACES:
        return None
    reg = f"region:{B.region_of(space)}"
    return reg if reg in ids(st, side) else None


def offered(st, side: int, cid: str) -> bool:
    """``cid`` is offered now, directly or behind its ``region:<id>`` step (checked on a copy)."""
    if cid in ids(st, side):
        return True
    reg = region_of_choice(st, side, cid)
    if reg is None:
        return False
    probe = copy.deepcopy(st)
    F.act(probe, side, reg, [])
    return cid in ids(probe, side)


def choose(st, side: int, cid: str, out: list | None = None) -> list:
    """Choose ``cid``, through its ``region:<id>`` step first when the list is split."""
    out = [] if out is None else out
    legal = ids(st, side)
    if cid not in legal:
        reg = region_of_choice(st, side, cid)
        assert reg is not None, (cid, legal)
        F.act(st, side, reg, out)
        legal = ids(st, side)
    assert cid in legal, (cid, legal)
    F.act(st, side, cid, out)
    return out


def run_theater(st, key: str, out: list | None = None) -> list:
    """Push the War Turn for just theater ``key`` and advance to the first decision."""
    out = [] if out is None else out
    W.push_war_turn(st, start=int(key), only=True)
    F.advance(st, out)
    return out


def deciders(st) -> list[int]:
    return [s for s, _ in F.deciders(st)]


def result_of(out: list) -> dict:
    return [e.args for e in out if e.kind == "theater_result"][-1]
