"""The turn (BI-4): action token placement, era-token bonuses (BI-16.5), gold-card windows
(BI-4.4, BI-8), the end step with mission reveals (BI-14), palaces (BI-15), era changes
(BI-16.3), the game end (BI-17.1-17.2) and the solo checks (BI-18.5-18.6)."""

from __future__ import annotations

from typing import Any

from engine.choices import split_choice
from engine.rules import Choice, Event, State

from . import actions as A
from . import board as B
from . import catalog as C
from . import labels as L
from . import missions as G
from .frames import HOOKS, auto, decision, pop, push, push_all
from .gains import gain
from .paysteps import PAY_KINDS, pay_summary
from .rules_end import finish, solo_end
from .state import ARCHES, ERA_NAMES, add_items

EXTRA_ACTION = {c for c, r in C.GOLD_CARDS.items() if r["effect"]["type"] == "extra_action"}
IMMEDIATE = {c for c, r in C.GOLD_CARDS.items() if r["effect"]["type"] == "immediate_gain"}


def begin(st: State, ev: list[Event]) -> None:
    """Start the active seat's turn: window A (BI-4.4)."""
    s = st["active"]
    st["turn"] = {
        "arch": None,
        "free": False,
        "extra": False,
        "gold_action": False,
        "window": "A",
        "deploy_new": [],
        "in_deploy": False,
    }
    push_all(
        st, [("action", s, {}), ("after", s, {}), ("move", s, {}), ("endstep", s, {"stage": 0})]
    )
    ev.append(Event("turn", s, {"round": st["round"]}))


HOOKS["begin"] = begin


def _next(st: State, rng: Any, ev: list[Event]) -> None:  # pragma: no cover - safety net
    begin(st, ev)


HOOKS["next"] = _next


def gold_choices(st: State, s: int) -> list[Choice]:
    """Gold cards playable for their effect now (BI-29.3)."""
    out = []
    for c in sorted(st["gold"][s]):
        rec = C.GOLD_CARDS[c]
        if c in EXTRA_ACTION and not st["turn"]["gold_action"]:
            act = rec["effect"]["action"]
            out.append(
                Choice(
                    f"g:{c}", f"Play {rec['name']}: {C.ARCH_NAMES[act]} action", f"c:{c}", "gold"
                )
            )
        elif c in IMMEDIATE:
            out.append(Choice(f"g:{c}", f"Play {rec['name']}: {L.gold_gain(c)}", f"c:{c}", "gold"))
    return out


def legal_arches(st: State, s: int) -> list[str]:
    """Arches the action token may go to (BI-4.2)."""
    return [a for a in ARCHES if a != st["token"][s]]


def summary(st: State, s: int) -> str:
    """The running summary line of a seat's prompt."""
    sup = ", ".join(f"{v} {C.ITEM_NAMES[k]}" for k, v in sorted(st["supply"][s].items())) or "empty"
    t = st["turn"]
    bits = [f"Era {ERA_NAMES[st['era']]}, round {st['round']}", f"supply: {sup}"]
    if t.get("arch"):
        bits.append(f"action: {C.ARCH_NAMES[t['arch']]}")
    bits.append(f"cards: {len(st['gold'][s])} gold, {len(st['battle'][s])} battle")
    fr = st["stack"][-1] if st["stack"] else None
    if fr is not None and fr["k"] in PAY_KINDS:
        bits.append(pay_summary(fr))
    return " · ".join(bits)


def _action_choices(st: State, fr: dict) -> tuple[str, list[Choice]]:
    s = fr["seat"]
    out = []
    for a in legal_arches(st, s):
        under = st["under"][s].get(a, [])
        extra = "".join(f" (era {ERA_NAMES[e]} token: {L.era_token_effect(e)})" for e in under)
        up = " (upgraded)" if any(v == f"a:{a}" for v in st["products"][s].values()) else ""
        out.append(Choice(f"a:{a}", f"{C.ARCH_NAMES[a]}{up}{extra}", f"a:{a}", "arch"))
    return "Choose an action", out + gold_choices(st, s)


@decision("action", _action_choices)
def _action(st: State, fr: dict, choice: str, rng: Any, ev: list[Event]) -> None:
    s = fr["seat"]
    if choice.startswith("g:"):
        play_gold(st, s, split_choice(choice, "g"), rng, ev)
        return
    pop(st, fr)
    a = split_choice(choice, "a")
    st["token"][s] = a
    st["turn"]["arch"] = a
    ev.append(Event("place", s, {"arch": a}))
    A.start_action(st, s, a, False)
    for e in sorted(st["under"][s].get(a, []), reverse=True):  # era I runs first (BI-O11)
        if e == 1:
            if st["fog"]:
                push(st, "peek", s)
        else:
            gain(st, s, {}, rng, ev, battle_cards=1, why="era II token")


def play_gold(st: State, s: int, c: str, rng: Any, ev: list[Event]) -> None:
    """Play gold card ``c`` for its effect (BI-8.4, BI-8.5)."""
    st["gold"][s].remove(c)
    st["gold_discard"].append(c)
    eff = C.GOLD_CARDS[c]["effect"]
    ev.append(Event("gold_play", s, {"card": c}))
    if eff["type"] == "extra_action":
        st["turn"]["gold_action"] = True
        A.start_action(st, s, eff["action"], True)
    else:
        gain(st, s, eff["gain"], rng, ev, why=C.GOLD_CARDS[c]["name"])


def _peek_choices(st: State, fr: dict) -> tuple[str, list[Choice]]:
    out = [
        Choice(
            f"h:{h}", f"Look at the tile at ({h}){L.peeked(st, fr['seat'], h)}", f"h:{h}", "peek"
        )
        for h in sorted(st["fog"], key=C.rq)
    ]
    return "Era I token: look at a face-down exploration tile?", [
        *out,
        Choice("skip", "Do not look", None, "peek"),
    ]


@decision("peek", _peek_choices)
def _peek(st: State, fr: dict, choice: str, rng: Any, ev: list[Event]) -> None:
    pop(st, fr)
    if choice == "skip":
        return
    h = split_choice(choice, "h")
    st["peeks"][fr["seat"]][h] = st["fog"][h]
    ev.append(Event("peek", fr["seat"], {"hex": h}))


def _after_choices(st: State, fr: dict) -> tuple[str, list[Choice]]:
    s = fr["seat"]
    return "Play gold cards, or go on to movement", [
        *gold_choices(st, s),
        Choice("to_movement", "Go on to movement", None, "turn"),
    ]


@decision("after", _after_choices)
def _after(st: State, fr: dict, choice: str, rng: Any, ev: list[Event]) -> None:
    s = fr["seat"]
    if choice.startswith("g:"):
        play_gold(st, s, split_choice(choice, "g"), rng, ev)
        return
    pop(st, fr)


# ------------------------------------------------------------------ end step (BI-4.6)
def revealable(st: State, s: int) -> list[str]:
    """Kept, unrevealed missions of the current or an earlier era that hold now (BI-14.3)."""
    out = []
    for e, m in sorted(st["missions"][s].items()):
        if int(e) <= st["era"] and m not in st["revealed"][s] and G.mission_holds(st, s, m):
            out.append(m)
    return out


PALACE_KINDS = {
    "II": lambda t: t["kind"] == "building" and t["tile"] in ("T1", "T2"),
    "III": lambda t: t["kind"] == "city" or t["tile"] in ("T1", "T2", "T3"),
    "IV": lambda t: t["kind"] == "building" and t["id"] == "cotton_plantation",
    "V": lambda t: t["kind"] == "building" and t["id"] == "farm",
    "VI": lambda t: t["kind"] == "city",
}


def palace_tiles(st: State, s: int, pid: str) -> list[str]:
    """Eligible tiles for palace ``pid`` (BI-15.2, BI-15.3)."""
    return sorted(
        (
            h
            for h in G.owner_controlled(st, s)
            if not st["tiles"][h].get("palace") and PALACE_KINDS[pid](st["tiles"][h])
        ),
        key=C.rq,
    )


@auto("endstep")
def _endstep(st: State, fr: dict, rng: Any, ev: list[Event]) -> None:
    s = fr["seat"]
    if fr["stage"] == 0:
        fr["stage"] = 1
        if revealable(st, s):
            push(st, "mission.reveal", s)
        return
    pop(st, fr)
    end_turn(st, s, rng, ev)


def _reveal_choices(st: State, fr: dict) -> tuple[str, list[Choice]]:
    out = [
        Choice(f"m:{m}", f"Reveal mission {m} ({L.reveal_effect(st, m)})", f"c:{m}", "mission")
        for m in revealable(st, fr["seat"])
    ]
    return "Reveal a completed mission?", [*out, Choice("keep", "Keep it hidden", None, "mission")]


@decision("mission.reveal", _reveal_choices)
def _reveal(st: State, fr: dict, choice: str, rng: Any, ev: list[Event]) -> None:
    pop(st, fr)
    if choice == "keep":
        return
    s, m = fr["seat"], split_choice(choice, "m")
    era = {"I": 1, "II": 2, "III": 3}[C.MISSIONS[m]["era"]]
    st["revealed"][s].append(m)
    vp = {1: 3, 2: 5}.get(era, 0)
    st["mission_vp"][s] += vp
    ev.append(Event("reveal_mission", s, {"mission": m, "vp": vp}))
    # continuation after the palace: era change or end trigger (BI-14.6)
    push(st, "mission.after", s, era=era)
    if any(palace_tiles(st, s, p) for p in st["palaces"][s]):
        push(st, "palace.which", s)
    if st["monarch"][s] == "oba_ii" and len(st["revealed"][s]) <= 2:
        gain(st, s, {"science": 1}, rng, ev, why="Dom Obá II")


def _palace_choices(st: State, fr: dict) -> tuple[str, list[Choice]]:
    s = fr["seat"]
    return "Place which palace?", [
        Choice(f"p:{p}", L.palace_label(p), None, "palace", L.palace_detail(p))
        for p in st["palaces"][s]
        if palace_tiles(st, s, p)
    ]


@decision("palace.which", _palace_choices)
def _palace_which(st: State, fr: dict, choice: str, rng: Any, ev: list[Event]) -> None:
    pop(st, fr)
    push(st, "palace.tile", fr["seat"], palace=split_choice(choice, "p"))


def _ptile_choices(st: State, fr: dict) -> tuple[str, list[Choice]]:
    return f"Place Palace {fr['palace']} on which tile?", [
        Choice(f"h:{h}", L.palace_tile_label(st, h), f"h:{h}", "palace")
        for h in palace_tiles(st, fr["seat"], fr["palace"])
    ]


@decision("palace.tile", _ptile_choices)
def _palace_tile(st: State, fr: dict, choice: str, rng: Any, ev: list[Event]) -> None:
    pop(st, fr)
    s, p, h = fr["seat"], fr["palace"], split_choice(choice, "h")
    st["palaces"][s].remove(p)
    st["tiles"][h]["palace"] = p
    ev.append(Event("palace", s, {"palace": p, "hex": h}))
    reward = dict(C.PALACES[p].get("reward") or {})
    square = reward.pop("free_manufacture", None)
    gold_cards = reward.pop("gold_card", 0)
    battle_cards = reward.pop("battle_card", 0)
    if square:
        free = [
            q
            for q in ("dye", "sugar")
            if st["products"][s][q] == "board" and A.product_places(st, s, q)
        ]
        if free:
            push(st, "palace.product", s, options=free)
    gain(
        st, s, reward, rng, ev, gold_cards=gold_cards, battle_cards=battle_cards, why=f"Palace {p}"
    )


def _pprod_choices(st: State, fr: dict) -> tuple[str, list[Choice]]:
    return "Palace II: which free square product?", [
        Choice(f"p:{q}", C.PRODUCTS[q]["name"], f"p:{q}", "make") for q in fr["options"]
    ]


@decision("palace.product", _pprod_choices)
def _pprod(st: State, fr: dict, choice: str, rng: Any, ev: list[Event]) -> None:
    pop(st, fr)
    push(st, "product.place", fr["seat"], pid=split_choice(choice, "p"))


@auto("mission.after")
def _mission_after(st: State, fr: dict, rng: Any, ev: list[Event]) -> None:
    pop(st, fr)
    s, era = fr["seat"], fr["era"]
    if era == st["era"] and era in (1, 2):
        _era_change(st, s, ev)
    elif era == 3 and st["end"] is None and st["n"] > 1:
        last = (st["first"] - 1) % st["n"]
        st["end"] = {"trigger": s, "last": last}
        ev.append(Event("end_trigger", s, {}))


def _era_change(st: State, s: int, ev: list[Event]) -> None:
    """BI-16.3: tokens under arches in turn order from the revealer, then the new era."""
    e = st["era"]
    order = [(s + i) % st["n"] for i in range(st["n"])]
    push(st, "era.new", s, era=e + 1)
    for p in reversed(order):
        push(st, "era.under", p, era=e)


def _under_choices(st: State, fr: dict) -> tuple[str, list[Choice]]:
    s = fr["seat"]
    free = st["opts"]["era_token_stacking"] == "free"
    return f"Put your era {ERA_NAMES[fr['era']]} token under which arch?", [
        Choice(f"a:{a}", C.ARCH_NAMES[a], f"a:{a}", "era", L.era_token_detail(fr["era"], a))
        for a in ARCHES
        if free or not st["under"][s].get(a)
    ]


@decision("era.under", _under_choices)
def _under(st: State, fr: dict, choice: str, rng: Any, ev: list[Event]) -> None:
    pop(st, fr)
    s = fr["seat"]
    arch = split_choice(choice, "a")
    st["under"][s].setdefault(arch, []).append(fr["era"])
    ev.append(Event("era_under", s, {"arch": arch, "era": fr["era"]}))


@auto("era.new")
def _era_new(st: State, fr: dict, rng: Any, ev: list[Event]) -> None:
    pop(st, fr)
    st["era"] = fr["era"]
    st["token"] = [None] * st["n"]
    ev.append(Event("era", None, {"era": fr["era"]}))


def end_turn(st: State, s: int, rng: Any, ev: list[Event]) -> None:
    """BI-4.6 steps 3-4: solo checks, game end, next player."""
    st["turns"][s] += 1
    if st["n"] == 1:
        if solo_end(st, ev):
            return
        st["round"] += 1
        begin(st, ev)
        return
    last_of_round = st["active"] == (st["first"] - 1) % st["n"]
    if st["end"] is not None and st["active"] == st["end"]["last"]:
        finish(st, "end", ev)
        return
    if last_of_round:
        cap = st["opts"]["round_cap"]
        if isinstance(cap, int) and cap > 0 and st["round"] >= cap:
            finish(st, "cap", ev)
            return
        st["round"] += 1
    st["active"] = (st["active"] + 1) % st["n"]
    begin(st, ev)


def add(st: State, s: int, items: dict[str, int]) -> None:
    """Add items to seat ``s``'s supply (no checkpoint)."""
    add_items(st["supply"][s], items)


__all__ = ["B", "begin", "end_turn"]
