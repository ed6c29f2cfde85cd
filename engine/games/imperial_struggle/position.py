"""Test positions for Imperial Struggle: ``build(spec) -> (rules, state)`` and ``summary(state)``.

A position starts from the IS-3.11 set-up (deterministic seed, default 1), moves the turn track
to ``turn`` (Debt Limits per IS-13.5, the Event cards of the Eras in play, the display of the
next War laid out), applies the spec, then builds the stack for ``at`` and advances to the first
decision. The spec keys are documented in the package README ("Positions for tests").

Without ``"continue": True`` the stack has no ``game`` frame: the given turn's procedure runs to
its end and then the stack is empty (the turn track does not move on), so a test can assert the
result of one Peace Turn, one Scoring Phase or one War.
"""

from __future__ import annotations

from typing import Any

from engine.rng import new_cell
from engine.rules import Event, resolve_options

from . import board as B
from . import flow, phases, war, war_tiles
from . import frames as F
from .rules import ImperialStruggleRules
from .state import (
    BR,
    FR,
    SPAIN,
    USA,
    State,
    move_squadron,
    new_state,
    next_war,
    rng,
    set_flag,
)

SIDE_WORDS = {"france": FR, "fr": FR, "0": FR, "britain": BR, "br": BR, "1": BR}
CODE_WORDS = {**SIDE_WORDS, "usa": USA, "2": USA, "spain": SPAIN, "3": SPAIN}
LIMITS = {"succession": 6, "empire": 10, "revolution": 14}
"""IS-13.5 Debt Limits by Era (no card effects)."""


def side_of_word(w: Any) -> int:
    """``"france"``/``"fr"``/0 -> 0; ``"britain"``/``"br"``/1 -> 1. Raises KeyError."""
    return SIDE_WORDS[str(w).lower()]


def code_of_word(w: Any) -> int | None:
    """A flag code from a word (``usa``, ``spain`` too); None stays None."""
    return None if w is None else CODE_WORDS[str(w).lower()]


def _per_side(st: State, key: str, val: dict[str, int] | None) -> None:
    for k, n in (val or {}).items():
        st[key][side_of_word(k)] = n


def _cards_in_play(tid: str) -> list[int]:
    e = B.ERA_OF_TURN[tid]
    if e == "succession":
        return list(B.ERA_CARDS["succession"])
    if e == "empire":
        return [*B.ERA_CARDS["succession"], *B.ERA_CARDS["empire"]]
    return [*B.ERA_CARDS["empire"], *B.ERA_CARDS["revolution"]]


def _war_override(st: State, spec: dict[str, Any]) -> None:
    w = st["war"]
    if w is None:
        return
    ov = spec.get("war") or {}
    if spec.get("clear_war") or ov.get("clear"):
        for th in w["theaters"].values():
            for kind, pool in (("basic", "basic_pool"), ("bonus", "bonus_pool")):
                for s in (FR, BR):
                    w[pool][s].extend(th[kind][s])
                    th[kind][s] = []
    named: set[str] = set()
    for th in (ov.get("theaters") or {}).values():
        for kind in ("basic", "bonus"):
            for lst in th.get(kind, [[], []]):
                named.update(lst)
    for key in ("basic_pool", "bonus_pool", "basic_out"):
        for lst in ov.get(key) or []:
            named.update(lst)
    # take every named tile out of wherever it is now
    for th in w["theaters"].values():
        for kind in ("basic", "bonus"):
            for s in (FR, BR):
                th[kind][s] = [t for t in th[kind][s] if t not in named]
    for key in ("basic_pool", "bonus_pool", "basic_out"):
        for s in (FR, BR):
            w[key][s] = [t for t in w[key][s] if t not in named]
    for k, th in (ov.get("theaters") or {}).items():
        cur = w["theaters"][str(k)]
        for kind, pool in (("basic", "basic_pool"), ("bonus", "bonus_pool")):
            if kind in th:
                for s in (FR, BR):
                    w[pool][s].extend(cur[kind][s])  # displaced tiles go back to the pool
                    cur[kind][s] = list(th[kind][s])
    for key in ("basic_pool", "bonus_pool", "basic_out"):
        if key in ov:
            for s in (FR, BR):
                w[key][s] = list(ov[key][s])
    for key, val in ov.items():
        if key not in ("theaters", "basic_pool", "bonus_pool", "basic_out", "clear"):
            w[key] = val


def _squadrons(st: State, val: dict[str, Any], out: list[Event]) -> None:
    for naval, who in val.items():
        cur = st["squadrons"].get(naval)
        if cur is not None:
            move_squadron(st, cur, naval, "navy", out, "position")
        if who is None:
            continue
        side = side_of_word(who)
        src = "navy" if st["navy"][side] > 0 else "unbuilt"
        move_squadron(st, side, src, naval, out, "position")


def build_with_events(spec: dict[str, Any]) -> tuple[Any, State, list[Event]]:
    """:func:`build`, also returning the events of the automatic steps run at the end."""
    rules = ImperialStruggleRules()
    junk: list[Event] = []  # the set-up's events: not part of the position's log
    st = _turn_state(rules, spec, junk)
    _place_tracks_and_map(st, spec, junk)
    _place_cards_and_tiles(st, spec)
    _push_start(st, spec, junk)
    out: list[Event] = []
    F.advance(st, out)
    return rules, st, out


def _turn_state(rules: Any, spec: dict[str, Any], junk: list[Event]) -> State:
    """A set-up state moved to ``spec``'s turn: that Era's Debt Limits, Event cards and War."""
    opts = resolve_options(rules, spec.get("options"))
    st = new_state(opts, ["France", "Britain"], new_cell(spec.get("seed", 1)))
    flow.setup(st, junk)
    st["stack"] = []
    tid = spec.get("turn", "T1")
    st["ti"] = B.TURN_IDS.index(tid)
    at = spec.get("at", "action")
    # at="setup" on T3/T5 starts before the Deck and Debt Limit Phases: the previous Era's cards
    # and limits (those phases add the new ones)
    before = at == "setup" and tid in ("T3", "T5")
    state_tid = {"T3": "T2", "T5": "T4"}[tid] if before else tid
    lim = LIMITS[B.ERA_OF_TURN[state_tid]]
    st["limit"] = [lim, lim]
    in_play = _cards_in_play(state_tid)
    deck = [c for c in in_play]
    rng(st).shuffle(deck)
    st["deck"] = deck
    st["aside"] = [c for c in range(1, 42) if c not in in_play and c > 15]
    st["removed"] = [c for c in range(1, 16) if c not in in_play]
    nw = next_war(st)
    if nw is None:
        st["war"] = None
    elif nw != "WSS":
        war_tiles.lay_out(st, nw, junk)
        st["stack"] = []
    return st


def _place_tracks_and_map(st: State, spec: dict[str, Any], junk: list[Event]) -> None:
    """``spec``'s VP, Debt, Debt Limits, TRP, flags, Forts, Squadrons, markers (README)."""
    if "vp" in spec:
        st["vp"] = spec["vp"]
    _per_side(st, "debt", spec.get("debt"))
    _per_side(st, "limit", spec.get("limit"))
    _per_side(st, "trp", spec.get("trp"))
    # map
    for space, who in {**(spec.get("flags") or {}), **(spec.get("forts") or {})}.items():
        set_flag(st, space, code_of_word(who), junk, "position")
    _squadrons(st, spec.get("squadrons") or {}, junk)
    _per_side(st, "navy", spec.get("navy"))
    _per_side(st, "unbuilt", spec.get("unbuilt"))
    for space, n in (spec.get("conflict") or {}).items():
        st["conflict"][space] = n
    for space in spec.get("damaged") or []:
        st["damaged"][space] = 1
    st["huguenots"].update(spec.get("huguenots") or {})
    for key in ("townshend", "byng"):
        if key in spec:
            st[key] = spec[key]


def _place_cards_and_tiles(st: State, spec: dict[str, Any]) -> None:
    """``spec``'s hands, piles, Ministries, exhausted markers, Jacobite record, Initiative,
    War display, Awards and Global Demand (README)."""
    for who, cards in (spec.get("hands") or {}).items():
        st["hands"][side_of_word(who)] = list(cards)
    for key in ("discard", "removed"):
        if key in spec:
            st[key] = list(spec[key])
    used = {c for h in st["hands"] for c in h} | set(st["discard"]) | set(st["removed"])
    st["deck"] = [c for c in st["deck"] if c not in used]
    st["aside"] = [c for c in st["aside"] if c not in used]
    if "deck" in spec:
        st["deck"] = list(spec["deck"])
    for who, cards in (spec.get("ministries") or {}).items():
        st["min_slots"][side_of_word(who)] = [{"card": c, "up": bool(up)} for c, up in cards]
    for side in (FR, BR):
        while len(st["min_slots"][side]) < 2:
            st["min_slots"][side].append({"card": None, "up": False})
    for a in spec.get("adv_exhausted") or []:
        st["adv_exhausted"][a] = 1
    for k, v in (spec.get("min_exhausted") or {}).items():
        st["min_exhausted"][k] = v
    if "jacobite" in spec:
        st["jacobite"].update(spec["jacobite"])
    for key in ("first", "initiative"):
        if key in spec:
            st[key] = side_of_word(spec[key])
    _war_override(st, spec)
    for region, t in (spec.get("awards") or {}).items():
        st["awards"][region] = list(t) if isinstance(t, list) else [t, None]
    if "demand" in spec:
        st["demand"] = list(spec["demand"])


def _push_start(st: State, spec: dict[str, Any], junk: list[Event]) -> None:
    """The stack for ``spec["at"]`` (README "Positions for tests"); raises ValueError for an
    ``at`` that does not fit the turn."""
    tid = spec.get("turn", "T1")
    at = spec.get("at", "action")
    cont = bool(spec.get("continue"))
    if at == "setup":
        if not phases.first_of_era(st) and "awards" not in spec:
            tiles = list(B.AWARDS)
            rng(st).shuffle(tiles)
            for region in B.REGIONS:  # the Era's face-down tiles, turned up by the Award Phase
                st["awards"].setdefault(region, [None, tiles.pop()])
        F.push(st, "game")
    elif at == "war":
        if tid not in B.WARS:
            raise ValueError(f"at='war' needs a War turn, not {tid}")
        if cont:
            flow.push_game(st)
        _push_war(st, spec)
    elif at in ("deal", "ministry", "action", "scoring"):
        if tid in B.WARS:
            raise ValueError(f"at={at!r} needs a Peace Turn, not {tid}")
        if cont:
            flow.push_game(st)
        if "awards" not in spec:
            tiles = list(B.AWARDS)
            rng(st).shuffle(tiles)
            first = phases.first_of_era(st)
            for region in B.REGIONS:
                st["awards"][region] = [tiles.pop(), tiles.pop() if first else None]
            st["awards_out"] = [] if first else tiles
        if "demand" not in spec:
            phases.phase_demand(st, {"k": "peace"}, junk)
        if at != "deal":
            if "inv_avail" in spec:
                st["inv_avail"] = list(spec["inv_avail"])
            elif at == "action":
                st["inv_avail"] = list(B.INVEST)
            else:
                phases.reveal_investments(st, junk)
            st["inv_stack"] = [t for t in st["inv_stack"] if t not in st["inv_avail"]]
        rounds = {
            side_of_word(k): v
            for k, v in (spec.get("rounds") or spec.get("rounds_done") or {}).items()
        }
        st["rounds_done"] = [rounds.get(FR, 0), rounds.get(BR, 0)]
        fr = phases.push_peace(st, at)
        if at == "action":
            done = sum(st["rounds_done"])
            fr["rn"] = done
            if "side" in spec and "first" not in spec:
                side = side_of_word(spec["side"])
                st["first"] = side if done % 2 == 0 else 1 - side
    elif at != "none":
        raise ValueError(f"unknown 'at': {at!r}")


def _push_war(st: State, spec: dict[str, Any]) -> None:
    kw: dict[str, Any] = {}
    if "theater" in spec:
        kw["start"] = int(spec["theater"])
    if spec.get("only_theater"):
        kw["only"] = True
    war.push_war_turn(st, **kw)


def build(spec: dict[str, Any]) -> tuple[Any, State]:
    """A position from ``spec`` (README "Positions for tests"): ``(rules, state)`` with the stack
    advanced to its first decision (or empty). Raises ValueError/KeyError for a bad spec."""
    rules, st, _ = build_with_events(spec)
    return rules, st


def summary(st: State) -> dict[str, Any]:
    """Plain values for asserts (README)."""
    return {
        "turn": B.TURN_IDS[st["ti"]],
        "vp": st["vp"],
        "debt": list(st["debt"]),
        "limit": list(st["limit"]),
        "trp": list(st["trp"]),
        "flags": dict(st["flags"]),
        "squadrons": dict(st["squadrons"]),
        "navy": list(st["navy"]),
        "unbuilt": list(st["unbuilt"]),
        "conflict": dict(st["conflict"]),
        "damaged": dict(st["damaged"]),
        "adv_holder": dict(st["adv_holder"]),
        "hands": [list(h) for h in st["hands"]],
        "over": st["over"],
        "winner": st["winner"],
        "reason": st["reason"],
        "deciders": [s for s, _ in F.deciders(st)],
    }
