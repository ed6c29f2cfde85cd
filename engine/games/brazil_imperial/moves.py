"""The movement phase (BI-10), exploration (BI-11), combat (BI-12, BI-13) and the solo Dutch
defence (BI-18.4). Prompts follow BI-29.8-29.10."""

from __future__ import annotations

from typing import Any

from engine.choices import split_choice
from engine.rules import Choice, Event, State

from . import board as B
from . import catalog as C
from . import labels as L
from . import solo as SO
from .combat import Fighter, Side, arch_bonus, card_value, painting_bonus, resolve
from .combat_sides import note_loss, record
from .frames import auto, decision, pop, push
from .gains import draw, gain
from .state import unit_slot

EXTRA = {
    "deploy": "teleport",
    "frame": "forest",
    "build": "tile",
    "renovate": "shore",
    "manufacture": "gold",
}
EXTRA_NAMES = {
    "teleport": "teleport to your capital or a city",
    "forest": "move into adjacent forest",
    "tile": "move onto an adjacent tile",
    "shore": "move to an edge hex or across a lake shore",
    "gold": "move into adjacent gold",
}


def _lake(st: State, h: str) -> bool:
    return B.printed(st, h) == "lake"


def destinations(st: State, s: int, slot: int, mode: str) -> list[str]:
    """Legal destinations for the unit of seat ``s`` in ``slot`` with move ``mode``
    ("free" or an EXTRA value), BI-10.1, BI-10.2, BI-A06-A10."""
    u = B.unit(st, s, slot)
    h = u["loc"]
    if "," not in h:
        return []
    if mode == "teleport":
        return [d for d in B.deploy_places(st, s) if d != h]
    caps = set(c for i, c in enumerate(st["capital"]) if i != s and c)
    dutch = st["dutch"]["hex"] if st["dutch"] else None
    out = []
    for n in C.neighbours(h, st["map"]):
        if n in caps:
            continue
        t = B.terrain(st, n)
        if mode == "shore":
            ok = _lake(st, h) or _lake(st, n) or B.is_edge(st, n)
        else:
            if _lake(st, h) or _lake(st, n):
                continue
            if mode == "free":
                ok = True
            elif mode == "forest":
                ok = t == "forest"
            elif mode == "gold":
                ok = t == "gold"
            else:  # tile
                ok = t == "building" or n == st["capital"][s] or n == dutch
        if ok:
            out.append(n)
    return sorted(out, key=C.rq)


def movers(st: State, s: int, mode: str) -> list[int]:
    """Slots of seat ``s``'s units with a legal ``mode`` move."""
    return [
        u["slot"]
        for u in st["units"][s]
        if "," in u["loc"] and destinations(st, s, u["slot"], mode)
    ]


def bombard_targets(st: State, s: int, slot: int) -> list[str]:
    """BI-12.13, BI-A15: adjacent hexes with another player's units (not a capital), or the
    garrisoned Dutch capital."""
    u = B.unit(st, s, slot)
    if u["type"] not in ("cannon", "grenadier") or "," not in u["loc"]:
        return []
    caps = set(c for c in st["capital"] if c)
    out = []
    for n in C.neighbours(u["loc"], st["map"]):
        if n in caps:
            continue
        if st["dutch"] and n == st["dutch"]["hex"]:
            if SO.bombardable(st["dutch"]["garrison"]) and B.occupant(st, n) is None:
                out.append(n)
            continue
        occ = B.occupant(st, n)
        if occ is not None and occ != s:
            out.append(n)
    return sorted(out, key=C.rq)


def _ulabel(st: State, s: int, slot: int) -> str:
    u = B.unit(st, s, slot)
    return f"{C.UNIT_NAMES[u['type']]} at ({u['loc']})"


def _only_move(st: State, s: int, mode: str) -> str:
    """ " (only: Archer to (-1,0) lake)" when the move has a single unit and destination, so
    the step that then goes on by itself was named first (BI-10.2); else ""."""
    slots = movers(st, s, mode)
    if len(slots) != 1 or _carry_candidates(st, s, slots[0], []):
        return ""
    dests = destinations(st, s, slots[0], mode)
    if len(dests) != 1:
        return ""
    name = C.UNIT_NAMES[B.unit(st, s, slots[0])["type"]]
    return f" (only: {name} to {L.destination(st, s, dests[0], slots)[0]})"


def _menu_choices(st: State, fr: dict) -> tuple[str, list[Choice]]:
    s = fr["seat"]
    t = st["turn"]
    out = []
    if not t["free"] and movers(st, s, "free"):
        out.append(Choice("free", "Free move (1 hex)", None, "move"))
    mode = EXTRA.get(t["arch"] or "")
    if mode and not t["extra"] and movers(st, s, mode):
        only = _only_move(st, s, mode)
        out.append(Choice("extra", f"Extra move: {EXTRA_NAMES[mode]}{only}", None, "move"))
    if not t["free"] and any(bombard_targets(st, s, u["slot"]) for u in st["units"][s]):
        out.append(Choice("bombard", "Bombard (uses the free move)", None, "move"))
    out.append(Choice("end", "End movement", None, "move"))
    return "Movement", out


@decision("move", _menu_choices)
def _menu(st: State, fr: dict, choice: str, rng: Any, ev: list[Event]) -> None:
    s = fr["seat"]
    if choice == "end":
        pop(st, fr)
        return
    if choice == "bombard":
        push(st, "bombard.unit", s)
        return
    mode = "free" if choice == "free" else EXTRA[st["turn"]["arch"]]
    push(st, "move.unit", s, mode=mode, free=choice == "free")


def _unit_choices(st: State, fr: dict) -> tuple[str, list[Choice]]:
    s = fr["seat"]
    return "Move which unit?", [
        Choice(f"u:{s}.{slot}", _ulabel(st, s, slot), f"u:{s}.{slot}", "move")
        for slot in movers(st, s, fr["mode"])
    ]


@decision("move.unit", _unit_choices)
def _move_unit(st: State, fr: dict, choice: str, rng: Any, ev: list[Event]) -> None:
    pop(st, fr)
    s, slot = fr["seat"], unit_slot(choice)
    push(st, "move.dest", s, mode=fr["mode"], free=fr["free"], slot=slot, carry=[])
    _maybe_carry(st, s, slot, [], fr["mode"], fr["free"])


def _carry_candidates(st: State, s: int, slot: int, carried: list[int]) -> list[int]:
    u = B.unit(st, s, slot)
    if u["type"] != "heavy_cavalry":
        return []
    return [
        o["slot"]
        for o in st["units"][s]
        if o["loc"] == u["loc"] and o["slot"] != slot and o["slot"] not in carried
    ]


def _maybe_carry(st: State, s: int, slot: int, carried: list[int], mode: str, free: bool) -> None:
    limit = 99 if st["opts"]["cavalry_carry"] == "unlimited" else 1
    if len(carried) < limit and _carry_candidates(st, s, slot, carried):
        push(st, "move.carry", s, slot=slot)


def _carry_choices(st: State, fr: dict) -> tuple[str, list[Choice]]:
    s = fr["seat"]
    dest = st["stack"][-2]
    out = [
        Choice(f"u:{s}.{o}", f"Carry the {_ulabel(st, s, o)}", f"u:{s}.{o}", "carry")
        for o in _carry_candidates(st, s, fr["slot"], dest["carry"])
    ]
    return "Carry a unit along?", [*out, Choice("none", "Carry nobody", None, "carry")]


@decision("move.carry", _carry_choices)
def _carry(st: State, fr: dict, choice: str, rng: Any, ev: list[Event]) -> None:
    pop(st, fr)
    if choice == "none":
        return
    dest = st["stack"][-1]
    dest["carry"].append(unit_slot(choice))
    _maybe_carry(st, fr["seat"], fr["slot"], dest["carry"], dest["mode"], dest["free"])


def _dest_choices(st: State, fr: dict) -> tuple[str, list[Choice]]:
    s = fr["seat"]
    moving = [fr["slot"], *fr["carry"]]
    return "Move to which hex?", [
        Choice(f"h:{h}", label, f"h:{h}", "move", detail)
        for h in destinations(st, s, fr["slot"], fr["mode"])
        for label, detail in [L.destination(st, s, h, moving)]
    ]


@decision("move.dest", _dest_choices)
def _move_dest(st: State, fr: dict, choice: str, rng: Any, ev: list[Event]) -> None:
    pop(st, fr)
    s, h = fr["seat"], split_choice(choice, "h")
    st["turn"]["free" if fr["free"] else "extra"] = True
    slots = [fr["slot"], *fr["carry"]]
    src = B.unit(st, s, fr["slot"])["loc"]
    for sl in slots:
        B.unit(st, s, sl)["loc"] = h
    ev.append(
        Event(
            "move", s, {"units": [B.unit(st, s, sl)["type"] for sl in slots], "from": src, "to": h}
        )
    )
    enter(st, s, h, slots, rng, ev)


def enter(st: State, s: int, h: str, slots: list[int], rng: Any, ev: list[Event]) -> None:
    """BI-10.5: combat, exploration, a flag fight, or nothing."""
    here = B.units_at(st, h)
    others = [o for o in here if o[0] != s]
    mine_before = [o for o in here if o[0] == s and o[1] not in slots]
    t = st["tiles"].get(h)
    if others:
        _start_combat(st, "attack", s, others[0][0], h, slots, rng, ev)
    elif t is not None and t["owner"] != s and not mine_before:
        _start_combat(st, "attack", s, t["owner"], h, slots, rng, ev)
    elif st["dutch"] and h == st["dutch"]["hex"]:
        _start_combat(st, "attack", s, -1, h, slots, rng, ev)
    elif h in st["fog"]:
        tid = st["fog"].pop(h)
        for pk in st["peeks"]:
            pk.pop(h, None)
        ev.append(Event("reveal", s, {"tile": tid, "hex": h}))
        if C.EXPLORATION[tid].get("flag_strength"):
            st["bandeira"][h] = tid
            _start_combat(st, "flag", s, None, h, slots, rng, ev)
        else:
            _take_tile(st, s, h, tid, rng, ev)
    elif h in st["bandeira"]:
        _start_combat(st, "flag", s, None, h, slots, rng, ev)


def _take_tile(st: State, s: int, h: str, tid: str, rng: Any, ev: list[Event]) -> None:
    """BI-11.3: take the tile, gain its reward (with Cabral, P07)."""
    st["bandeira"].pop(h, None)
    st["explored"][s].append(tid)
    ev.append(Event("take_tile", s, {"tile": tid, "hex": h}))
    reward = dict(C.EXPLORATION[tid].get("reward") or {})
    gold_cards = reward.pop("gold_card", 0)
    battle_cards = reward.pop("battle_card", 0)
    if "P07" in st["paintings"][s]:
        reward["any_basic"] = reward.get("any_basic", 0) + 1
    if reward or gold_cards or battle_cards:
        gain(
            st,
            s,
            reward,
            rng,
            ev,
            gold_cards=gold_cards,
            battle_cards=battle_cards,
            why=C.EXPLORATION[tid]["name"],
        )


# ------------------------------------------------------------------ bombard
def _bunit_choices(st: State, fr: dict) -> tuple[str, list[Choice]]:
    s = fr["seat"]
    return "Bombard with which unit?", [
        Choice(f"u:{s}.{u['slot']}", _ulabel(st, s, u["slot"]), f"u:{s}.{u['slot']}", "bombard")
        for u in st["units"][s]
        if bombard_targets(st, s, u["slot"])
    ]


@decision("bombard.unit", _bunit_choices)
def _bunit(st: State, fr: dict, choice: str, rng: Any, ev: list[Event]) -> None:
    pop(st, fr)
    push(st, "bombard.target", fr["seat"], slot=unit_slot(choice))


def _btarget_choices(st: State, fr: dict) -> tuple[str, list[Choice]]:
    s, slot = fr["seat"], fr["slot"]
    return "Bombard which hex?", [
        Choice(f"h:{h}", label, f"h:{h}", "bombard", detail)
        for h in bombard_targets(st, s, slot)
        for label, detail in [L.bombard_target(st, s, h, slot)]
    ]


@decision("bombard.target", _btarget_choices)
def _btarget(st: State, fr: dict, choice: str, rng: Any, ev: list[Event]) -> None:
    pop(st, fr)
    s, h = fr["seat"], split_choice(choice, "h")
    st["turn"]["free"] = True
    occ = B.occupant(st, h)
    ev.append(Event("bombard", s, {"unit": B.unit(st, s, fr["slot"])["type"], "hex": h}))
    _start_combat(st, "bombard", s, -1 if occ is None else occ, h, [fr["slot"]], rng, ev)


# ------------------------------------------------------------------ combat
def _start_combat(
    st: State,
    kind: str,
    att: int,
    dfd: int | None,
    h: str,
    slots: list[int],
    rng: Any,
    ev: list[Event],
) -> None:
    st["combat"] = {
        "kind": kind,
        "att": att,
        "def": dfd,
        "hex": h,
        "units": list(slots),
        "acards": [],
        "dcards": [],
    }
    push(st, "combat.resolve", att)
    if dfd is not None and dfd >= 0 and st["battle"][dfd]:
        push(st, "combat.card", dfd, side="d")
    if st["battle"][att]:
        push(st, "combat.card", att, side="a")


def _cc_choices(st: State, fr: dict) -> tuple[str, list[Choice]]:
    s = fr["seat"]
    cb = st["combat"]
    mine = cb["acards" if fr["side"] == "a" else "dcards"]
    out = [
        Choice(f"c:{c}", L.combat_card_label(st, s, c), f"c:{c}", "card")
        for c in sorted(st["battle"][s])
    ]
    what = "flag fight" if cb["kind"] == "flag" else "combat"
    other = "" if fr["side"] == "a" else f"; the attacker placed {len(cb['acards'])}"
    odds = L.combat_standing(st, s)
    return (
        f"Place battle cards face down for the {what} at ({cb['hex']}) ({len(mine)}/3{other}): {odds}",
        [
            *out,
            Choice("done", "Done placing cards", None, "card"),
        ],
    )


@decision("combat.card", _cc_choices)
def _cc(st: State, fr: dict, choice: str, rng: Any, ev: list[Event]) -> None:
    s = fr["seat"]
    cb = st["combat"]
    key = "acards" if fr["side"] == "a" else "dcards"
    if choice == "done":
        pop(st, fr)
        ev.append(Event("cards_placed", s, {"count": len(cb[key])}))
        return
    c = split_choice(choice, "c")
    st["battle"][s].remove(c)
    cb[key].append(c)
    if len(cb[key]) >= 3 or not st["battle"][s]:
        pop(st, fr)
        ev.append(Event("cards_placed", s, {"count": len(cb[key])}))


def fixed_bonus(st: State, s: int, attacking: bool, kind: str, types: set[str]) -> int:
    """Painting (BI-12.5) and Harbor/Trade (BI-12.6) bonuses of seat ``s`` in a combat of
    ``kind`` ("attack" | "bombard" | "flag"), via ``combat.painting_bonus``/``arch_bonus``."""
    role = kind if attacking else "defend"
    return painting_bonus(st["paintings"][s], role, types) + arch_bonus(st["token"][s], role)


def _to_supply(st: State, s: int, slots: list[int]) -> None:
    for sl in slots:
        B.unit(st, s, sl)["loc"] = "supply"


@auto("combat.resolve")
def _resolve(st: State, fr: dict, rng: Any, ev: list[Event]) -> None:
    pop(st, fr)
    cb = st["combat"]
    a, d, h, kind = cb["att"], cb["def"], cb["hex"], cb["kind"]
    atypes = {B.unit(st, a, sl)["type"] for sl in cb["units"]}
    att = sum(B.unit(st, a, sl)["str"] for sl in cb["units"]) + fixed_bonus(
        st, a, True, kind, atypes
    )
    att += sum(card_value(c, True, atypes) for c in cb["acards"])
    st["battle_discard"].extend(cb["acards"])
    if kind == "flag":
        tid = st["bandeira"][h]
        f = C.EXPLORATION[tid]["flag_strength"]
        won = att > f
        ev.append(
            Event(
                "flag",
                a,
                {"hex": h, "tile": tid, "att": att, "flag": f, "won": won, "acards": cb["acards"]},
            )
        )
        st["last_combat"] = record(st, cb, att, f, won)
        st["combat"] = None
        if won:
            _take_tile(st, a, h, tid, rng, ev)
        else:
            _to_supply(st, a, cb["units"])
            if st["opts"]["failed_flag"] == "discard":
                del st["bandeira"][h]
                st["gone"] = [*st.get("gone", []), tid]
        return
    if d == -1 and st["dutch"] and h == st["dutch"]["hex"]:
        _resolve_dutch(st, cb, rng, ev)
        return
    dunits = [sl for (s2, sl) in B.units_at(st, h) if s2 == d]
    dtypes = {B.unit(st, d, sl)["type"] for sl in dunits}
    dfn = sum(B.unit(st, d, sl)["str"] for sl in dunits)
    t = st["tiles"].get(h)
    if t is not None and t["owner"] == d and not _occupied_by_other(st, h, d, a, cb):
        dfn += B.tile_value(st, h)
    dfn += fixed_bonus(st, d, False, kind, dtypes)
    dfn += sum(card_value(c, False, dtypes) for c in cb["dcards"])
    st["battle_discard"].extend(cb["dcards"])
    won = att > dfn
    margin = att - dfn if won else dfn - att
    ev.append(
        Event(
            "combat",
            a,
            {
                "def": d,
                "hex": h,
                "kind": kind,
                "att": att,
                "dfn": dfn,
                "won": won,
                "acards": cb["acards"],
                "dcards": cb["dcards"],
            },
        )
    )
    st["last_combat"] = record(st, cb, att, dfn, won)
    st["combat"] = None
    if won:
        _to_supply(st, d, dunits)
        win_seat, win_units = a, list(cb["units"])
    else:
        _to_supply(st, a, cb["units"])
        win_seat, win_units = d, dunits
    if margin <= 1 and len(win_units) >= 2 and st["opts"]["winner_losses"] == "narrow":
        push(st, "combat.loss", win_seat, units=win_units)


def _occupied_by_other(st: State, h: str, d: int, a: int, cb: dict) -> bool:
    """BI-12.3: a unit of a player other than the owner ``d`` stood on ``h`` before this
    combat (the tile is occupied and adds nothing). Entering attackers do not count."""
    entering = set(cb["units"]) if cb["kind"] == "attack" else set()
    for s2, sl in B.units_at(st, h):
        if s2 == a and sl in entering:
            continue
        if s2 != d:
            return True
    return False


def _resolve_dutch(st: State, cb: dict, rng: Any, ev: list[Event]) -> None:
    """A combat against the solo Dutch capital (BI-18.4, BI-A46), through ``solo.py``: the top
    battle card is flipped for the Dutch, the totals come from ``combat.resolve`` and the
    garrison afterwards from ``solo.garrison_after``; a capture by entering marks goal 3."""
    a, h = cb["att"], cb["hex"]
    dz = st["dutch"]
    card = draw(st, "battle", rng)
    entering = set(cb["units"]) if cb["kind"] == "attack" else set()
    controls = not any(s2 == a and sl not in entering for s2, sl in B.units_at(st, h))
    attacker = Side(
        units=tuple(
            Fighter(sl, B.unit(st, a, sl)["type"], B.unit(st, a, sl)["str"]) for sl in cb["units"]
        ),
        paintings=tuple(st["paintings"][a]),
        token=st["token"][a],
        cards=tuple(cb["acards"]),
    )
    res = resolve(
        attacker,
        SO.dutch_side(dz["garrison"], controls, card),
        cb["kind"],
        st["opts"]["winner_losses"] == "narrow",
    )
    if card is not None:
        st["battle_discard"].append(card)
    ev.append(
        Event(
            "combat",
            a,
            {
                "def": -1,
                "hex": h,
                "kind": cb["kind"],
                "att": res.attack,
                "dfn": res.defence,
                "won": res.attacker_wins,
                "acards": cb["acards"],
                "dcards": [card] if card else [],
            },
        )
    )
    st["last_combat"] = record(st, cb, res.attack, res.defence, res.attacker_wins, card)
    st["combat"] = None
    dz["garrison"] = SO.garrison_after(dz["garrison"], res)
    if res.attacker_wins:
        if SO.captured(res):
            st["solo_goals"][2] = True
        if res.winner_loses_one:
            push(st, "combat.loss", a, units=list(cb["units"]))
    else:
        _to_supply(st, a, cb["units"])


def _loss_choices(st: State, fr: dict) -> tuple[str, list[Choice]]:
    s = fr["seat"]
    return "Narrow victory: send one of your units to your supply", [
        Choice(f"u:{s}.{sl}", _ulabel(st, s, sl), f"u:{s}.{sl}", "loss") for sl in fr["units"]
    ]


@decision("combat.loss", _loss_choices)
def _loss(st: State, fr: dict, choice: str, rng: Any, ev: list[Event]) -> None:
    pop(st, fr)
    s, sl = fr["seat"], unit_slot(choice)
    ev.append(
        Event("loss", s, {"unit": B.unit(st, s, sl)["type"], "hex": B.unit(st, s, sl)["loc"]})
    )
    note_loss(st, s, sl)
    _to_supply(st, s, [sl])
