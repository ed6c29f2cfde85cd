"""What one seat may see (BI-28.1-28.5) and determinization (BI-28.7)."""

from __future__ import annotations

from typing import Any

from engine.rng import new_cell
from engine.rules import State, View, prompt_dict

from . import catalog as C
from .frames import current
from .paysteps import PAY_KINDS
from .scoring import public_estimate
from .state import copy_state

PUBLIC = (
    "n",
    "names",
    "map",
    "phase",
    "era",
    "round",
    "first",
    "active",
    "turns",
    "board",
    "monarch",
    "capital",
    "supply",
    "units",
    "paintings",
    "products",
    "token",
    "under",
    "palaces",
    "revealed",
    "mission_vp",
    "explored",
    "tiles",
    "bandeira",
    "pool",
    "display",
    "gold_discard",
    "battle_discard",
    "dutch",
    "solo_goals",
    "end",
    "result",
    "opts",
)


def view(rules: Any, st: State, seat: int | None) -> View:
    """The README "View": public zones, counts of hidden ones, the seat's own secrets and its
    prompt."""
    v: dict[str, Any] = {k: copy_state(st[k]) for k in PUBLIC}
    n = st["n"]
    v["gold_count"] = [len(h) for h in st["gold"]]
    v["battle_count"] = [len(h) for h in st["battle"]]
    v["gold_deck"] = len(st["gold_deck"])
    v["battle_deck"] = len(st["battle_deck"])
    v["paint_decks"] = {c: len(d) for c, d in st["paint_decks"].items()}
    v["box"] = len(st["box"])
    v["gone"] = list(st.get("gone", []))
    v["fog"] = sorted(st["fog"], key=C.rq)
    v["peeked"] = [sorted(p, key=C.rq) for p in st["peeks"]]
    if st["opts"]["city_stacks_visible"] == "all":
        v["city_stacks"] = copy_state(st["city_stacks"])
    else:
        v["city_stacks"] = [s[:1] for s in st["city_stacks"]]
    v["city_counts"] = [len(s) for s in st["city_stacks"]]
    v["mission_counts"] = [
        len([m for m in st["missions"][s].values() if m not in st["revealed"][s]]) for s in range(n)
    ]
    v["mission_decks"] = {e: len(d) for e, d in st["mission_decks"].items()}
    v["capital_tiles"] = copy_state(st["capital_tiles"])
    v["draft"] = list(st["draft"])
    t = st["turn"]
    v["turn"] = {k: t.get(k) for k in ("arch", "free", "extra", "gold_action")}
    cb = st["combat"]
    if cb is not None:
        c2 = {k: copy_state(cb[k]) for k in ("kind", "att", "def", "hex", "units")}
        for key, side in (("acards", cb["att"]), ("dcards", cb["def"])):
            c2[key] = list(cb[key]) if seat == side else len(cb[key])
        v["combat"] = c2
    else:
        v["combat"] = None
    v["last_combat"] = copy_state(st.get("last_combat"))  # public once resolved (BI-12.4)
    v["vp_estimate"] = [public_estimate(st, s) for s in range(n)]  # BI-17.5
    if seat is not None:
        v["seat"] = seat
        v["my_gold"] = sorted(st["gold"][seat])
        v["my_battle"] = sorted(st["battle"][seat])
        v["my_missions"] = dict(st["missions"][seat])
        v["my_dealt"] = copy_state(st["dealt"][seat])
        v["my_returned"] = sorted(st["returned"][seat])
        v["my_peeks"] = dict(st["peeks"][seat])
        fresh = set(t.get("deploy_new", [])) if st["active"] == seat else set()
        v["my_fresh"] = sorted(c for c in st["battle"][seat] if c in fresh)
        cur = current(st)
        v["prompt"] = None
        if cur is not None and cur[0] == seat:
            v["prompt"] = prompt_dict(rules.prompt(st, seat))
    else:
        v["prompt"] = None
        if st["phase"] == "over":
            v["all"] = {k: copy_state(val) for k, val in st.items() if k != "rng"}
    return v


def _redeal(slots: list[list], pool: list, rng: Any) -> list[dict]:
    """Shuffle ``pool`` and refill each list of ``slots`` in place (sizes kept); returns the
    per-slot old→new maps."""
    pool.sort(key=str)  # BI-28.6: the world depends on the view only
    rng.shuffle(pool)
    maps = []
    i = 0
    for sl in slots:
        m = {}
        for j in range(len(sl)):
            m[sl[j]] = pool[i]
            sl[j] = pool[i]
            i += 1
        maps.append(m)
    return maps


def _remap_payer(payer: list, gmap: dict[str, str]) -> list:
    return ["g", gmap.get(payer[1], payer[1])] if payer[0] == "g" else list(payer)


def _remap_pay(fr: dict, gmap: dict[str, str], bmap: dict[str, str]) -> dict:
    """A payment step (``paysteps.py``) with its payer's gold cards renamed by ``gmap`` and
    battle cards by ``bmap``: in its ways, chosen payers, conversions and earlier steps."""
    out = dict(fr)
    if "plans" in fr:
        out["plans"] = [
            {
                "payers": [_remap_payer(p, gmap) for p in plan["payers"]],
                "convert": [bmap.get(c, c) for c in plan["convert"]],
                "virtual": dict(plan["virtual"]),
            }
            for plan in fr["plans"]
        ]
    if "picked" in fr:
        out["picked"] = [_remap_payer(p, gmap) for p in fr["picked"]]
    if "cards" in fr:
        out["cards"] = [bmap.get(c, c) for c in fr["cards"]]
    if isinstance(fr.get("prev"), dict) and fr["prev"].get("k") in PAY_KINDS:
        out["prev"] = _remap_pay(fr["prev"], gmap, bmap)
    return out


def determinize(st: State, seat: int | None, rng: Any) -> State:
    """BI-28.7: resample every zone hidden from ``seat`` with its counts kept."""
    w = copy_state(st)
    n = w["n"]
    others = [s for s in range(n) if s != seat]
    # gold cards: others' hands + deck
    slots = [w["gold"][s] for s in others] + [w["gold_deck"]]
    pool = [c for sl in slots for c in sl]
    gmaps = _redeal(slots, pool, rng)
    # battle cards: others' hands, deck, face-down combat cards of the other sides
    slots = [w["battle"][s] for s in others] + [w["battle_deck"]]
    cb = w["combat"]
    if cb is not None:
        if cb["att"] != seat:
            slots.append(cb["acards"])
        if cb["def"] is not None and cb["def"] >= 0 and cb["def"] != seat:
            slots.append(cb["dcards"])
    pool = [c for sl in slots for c in sl]
    maps = _redeal(slots, pool, rng)
    for i, fr in enumerate(w["stack"]):  # pending payment steps name the payer's cards
        if fr["k"] in PAY_KINDS and fr["seat"] != seat:
            k = others.index(fr["seat"])
            w["stack"][i] = _remap_pay(fr, gmaps[k], maps[k])
    a = w["active"]
    if a is not None and a != seat and w["turn"].get("deploy_new"):
        m = maps[others.index(a)]
        w["turn"]["deploy_new"] = [m.get(c, c) for c in w["turn"]["deploy_new"]]
    # missions per era
    for e in ("1", "2", "3"):
        known = set()
        if seat is not None:
            known |= set(w["missions"][seat].values()) | set(w["returned"][seat])
            known |= set(w["dealt"][seat].get(e, []))
        for s in range(n):
            known |= set(w["revealed"][s])
        pool, spots = [], []
        for s in others:
            m = w["missions"][s].get(e)
            if m is not None and m not in known:
                pool.append(m)
                spots.append(("kept", s))
            for j, m in enumerate(w["dealt"][s].get(e, [])):
                pool.append(m)
                spots.append(("dealt", s, j))
        deck = w["mission_decks"][e]
        for j, m in enumerate(deck):
            if m not in known:
                pool.append(m)
                spots.append(("deck", j))
        pool.sort(key=str)  # BI-28.6: the world depends on the view only
        rng.shuffle(pool)
        for spot, m in zip(spots, pool, strict=True):
            if spot[0] == "kept":
                w["missions"][spot[1]][e] = m
            elif spot[0] == "dealt":
                w["dealt"][spot[1]][e][spot[2]] = m
            else:
                deck[spot[1]] = m
    # exploration tiles: face-down tiles the seat did not peek, and the box
    mine = w["peeks"][seat] if seat is not None else {}
    hexes = sorted((h for h in w["fog"] if h not in mine), key=C.rq)
    pool = [w["fog"][h] for h in hexes] + list(w["box"])
    pool.sort(key=str)  # BI-28.6: the world depends on the view only
    rng.shuffle(pool)
    for i, h in enumerate(hexes):
        w["fog"][h] = pool[i]
    w["box"] = sorted(pool[len(hexes) :])
    for s in others:
        for h in w["peeks"][s]:
            w["peeks"][s][h] = w["fog"][h]
    # painting decks
    for d in w["paint_decks"].values():
        d.sort(key=str)  # BI-28.6: the world depends on the view only
        rng.shuffle(d)
    # city stacks below the tops
    if w["opts"]["city_stacks_visible"] != "all":
        slots = [stk[1:] for stk in w["city_stacks"]]
        pool = [c for sl in slots for c in sl]
        _redeal(slots, pool, rng)
        w["city_stacks"] = [stk[:1] + sl for stk, sl in zip(w["city_stacks"], slots, strict=True)]
    w["rng"] = new_cell(rng.randbelow(2**62))
    return w
