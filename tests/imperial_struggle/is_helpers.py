"""Helpers for the Imperial Struggle rulings tests (shared/rules/imperial_struggle.md, ``IS-...``).

Everything goes through the package contract (engine/games/imperial_struggle/README.md):
positions come from ``position.build(spec)`` (``round_position``, ``phase_position``,
``war_position`` + ``display`` wrap it), decisions are IS-17 choice ids passed to the Rules object
(``act``, ``pick_through`` for the ``region:<id>`` step, ``buy``/``pay_until_confirm`` for the
paying step, ``cost_of`` to measure a purchase on a copy, ``assert_illegal``), results are read back
from the state keys of the README (``vp``, ``debt``, ``trp``, ``flags``, ``squadrons`` …) and the
primitive accessors of ``state.py``. A contract change should touch only this file.

Sides are ints (``FR`` = 0 France, ``BR`` = 1 Britain) or the words ``"france"``/``"britain"``;
seats are looked up through ``st["side_seat"]``.

Not called ``helpers.py``: test directories have no ``__init__.py`` (see common.md).
"""

from __future__ import annotations

import copy
import importlib
from typing import Any

import pytest

from engine.rng import Rng
from engine.rules import IllegalAction

PKG = "engine.games.imperial_struggle"
FR, BR = 0, 1
SIDE_WORD = ("france", "britain")
State = dict[str, Any]


# ---------------------------------------------------------------------------- engine access
def rules() -> Any:
    """The Imperial Struggle Rules object (module attribute ``RULES`` or a fresh instance)."""
    mod = importlib.import_module(f"{PKG}.rules")
    r = getattr(mod, "RULES", None)
    if r is None:
        r = mod.ImperialStruggleRules()
    return r


def S() -> Any:
    """The ``state`` module (primitive accessors)."""
    return importlib.import_module(f"{PKG}.state")


def B() -> Any:
    """The ``board`` module (static lookups)."""
    return importlib.import_module(f"{PKG}.board")


def side_int(side: int | str) -> int:
    """0/1 for an int or ``"france"``/``"britain"``/``"FR"``/``"BR"``."""
    if isinstance(side, int):
        return side
    s = side.lower()
    return FR if s in ("france", "fr") else BR


def build(spec: dict[str, Any]) -> State:
    """``position.build(spec)`` (README "Positions for tests"); returns the state only."""
    pos = importlib.import_module(f"{PKG}.position")
    res = pos.build(spec)
    if isinstance(res, tuple):
        res = res[-1]
    return res


def build_ev(spec: dict[str, Any]) -> tuple[State, list[Any]]:
    """``position.build_with_events(spec)``: the state (advanced to its first decision) and the
    events of that advance (the phases that already ran)."""
    pos = importlib.import_module(f"{PKG}.position")
    fn = getattr(pos, "build_with_events", None)
    if fn is None:
        return build(spec), []
    _rules, st, out = fn(spec)
    return st, out


def summary(st: State) -> dict[str, Any]:
    """``position.summary(state)``."""
    pos = importlib.import_module(f"{PKG}.position")
    fn = getattr(pos, "summary", None) or pos.summarize
    return fn(st)


def seat(st: State, side: int | str) -> int:
    """The seat playing ``side``."""
    return st["side_seat"][side_int(side)]


def prompt(st: State, side: int | str) -> Any:
    """The Prompt of ``side`` now, or None."""
    return rules().prompt(st, seat(st, side))


def choice_ids(st: State, side: int | str) -> list[str]:
    """The choice ids offered to ``side`` now ([] when it is not deciding)."""
    p = prompt(st, side)
    return [c.id for c in p.choices] if p else []


def waiting_sides(st: State) -> list[int]:
    """The sides that must decide now."""
    return [st["side_seat"].index(s) for s in rules().waiting(st)]


def act(st: State, side: int | str, *choices: str, seed: int = 0) -> list[Any]:
    """``side`` takes each of ``choices`` in turn (each must be offered); returns the events."""
    events: list[Any] = []
    for c in choices:
        offered = choice_ids(st, side)
        assert c in offered, f"{c!r} is not offered to {SIDE_WORD[side_int(side)]}: {offered}"
        events += rules().apply(st, seat(st, side), c, Rng.seeded(seed))
    return events


def assert_illegal(st: State, side: int | str, choice: str) -> None:
    """IS-20 "Illegal": not offered, ``apply`` raises IllegalAction and the state is unchanged."""
    assert choice not in choice_ids(st, side), f"{choice!r} is offered but must be illegal"
    before = copy.deepcopy(st)
    with pytest.raises(IllegalAction):
        rules().apply(st, seat(st, side), choice, Rng.seeded(0))
    assert st == before, "an illegal choice changed the state"


def offered_anywhere(st: State, side: int | str, target: str) -> bool:
    """Whether ``target`` (e.g. ``shift:antigua``) is reachable now, directly or behind its
    ``region:<id>`` step (IS-17.1), checked on a copy."""
    if target in choice_ids(st, side):
        return True
    probe = rules().clone(st)
    space = target.split(":", 1)[1] if ":" in target else ""
    reg = _region_step(probe, side, space)
    if reg is None:
        return False
    act(probe, side, reg)
    return target in choice_ids(probe, side)


def _region_step(st: State, side: int | str, space: str) -> str | None:
    if space not in B().SPACES:
        return None
    r = f"region:{B().region_of(space)}"
    return r if r in choice_ids(st, side) else None


def pick_through(st: State, side: int | str, target: str) -> list[Any]:
    """Choose ``target`` (``shift:<space>``, ``fort:<space>``, ``space:<id>`` …), going through
    the ``region:<id>`` step first when the list was split (IS-17.1)."""
    if target in choice_ids(st, side):
        return act(st, side, target)
    space = target.split(":", 1)[1] if ":" in target else ""
    reg = _region_step(st, side, space)
    assert reg is not None, f"{target!r} not offered (nor its region step): {choice_ids(st, side)}"
    return act(st, side, reg, target)


def pay_until_confirm(
    st: State, side: int | str, extra: tuple[str, ...] = (), prefer: tuple[str, ...] = ("debt",)
) -> list[Any]:
    """In the paying step (IS-17.6 S5): take ``extra`` choices (``adv:<id>``, ``trp``, ``debt``
    …) in order, then keep adding ``prefer`` points while ``confirm`` is not offered, then
    ``confirm``. A purchase applied without a paying step (nothing to confirm) is accepted."""
    events: list[Any] = []
    for x in extra:
        events += act(st, side, x)
    for _ in range(30):
        ids = choice_ids(st, side)
        if "confirm" in ids:
            return events + act(st, side, "confirm")
        for p in prefer:
            if p in ids:
                events += act(st, side, p)
                break
        else:
            return events
    raise AssertionError("paying never reached confirm")


def buy(st: State, side: int | str, target: str, pay: tuple[str, ...] = (), **kw: Any) -> list[Any]:
    """One purchase: ``target`` (through its region step), then the payment choices ``pay`` in
    order, topped up with Debt, then ``confirm``."""
    events = pick_through(st, side, target)
    return events + pay_until_confirm(st, side, extra=pay, **kw)


def cost_of(st: State, side: int | str, target: str, pay: tuple[str, ...] = ()) -> int | None:
    """The total cost of purchase ``target`` now, measured on a copy: the ``cost`` carried by its
    ``shift``/``purchase`` event (round module docstrings), else points of the current action
    spent + Debt taken + TRP spent. None when the purchase is not offered."""
    probe = rules().clone(st)
    if not offered_anywhere(probe, side, target):
        return None
    s = side_int(side)
    before_pts = action_points(probe)
    d0, t0 = probe["debt"][s], probe["trp"][s]
    events = buy(probe, side, target, pay=pay)
    after_pts = action_points(probe)
    spent = before_pts - after_pts + (probe["debt"][s] - d0) + (t0 - probe["trp"][s])
    paid = [e for e in events if e.kind in ("pay", "shift", "purchase") and "cost" in e.args]
    if not paid:
        return spent
    cost = paid[-1].args["cost"]
    a0, a1 = current_action(st), current_action(probe)
    if a0 is not None and a1 is not None and a0["kind"] != "minor" and a1["kind"] == a0["kind"]:
        # Points really paid agree with the cost reported (IS-5.7e), outside Minor forfeits.
        assert spent == cost, f"{target}: reported cost {cost}, points paid {spent}"
    return cost


# ---------------------------------------------------------------------------- round records
def current_action(st: State) -> dict[str, Any] | None:
    """The action being performed in the current round (contract ``round.actions[cur]``)."""
    rd = st.get("round")
    if not rd or rd.get("cur") is None:
        return None
    return rd["actions"][rd["cur"]]


def action_points(st: State, which: dict[str, Any] | None = None) -> int:
    """Points (unrestricted + restricted) left in ``which`` (default: the current action)."""
    a = which if which is not None else current_action(st)
    if a is None:
        return 0
    return a["pts"] + sum(r["pts"] for r in a.get("restricted", []))


def find_action(st: State, type_: str, kind: str) -> dict[str, Any] | None:
    """The round's action of type ``E|D|M`` and kind ``major|minor|event|bought``."""
    for a in st["round"]["actions"]:
        if a["type"] == type_ and a["kind"] == kind:
            return a
    return None


def take_tile(st: State, side: int | str, tile: int) -> list[Any]:
    """S0 ``tile:<id>`` (IS-17.6)."""
    return act(st, side, f"tile:{tile}")


def start_action(st: State, side: int | str, which: str, merge: str | None = None) -> list[Any]:
    """From S1/S3: go to the action menu if needed, then ``act:<which>`` (``major``, ``minor``,
    ``event_E`` …); answers ``merge_event`` with ``merge`` when asked."""
    events: list[Any] = []
    if "actions" in choice_ids(st, side):
        events += act(st, side, "actions")
    events += act(st, side, f"act:{which}")
    ids = choice_ids(st, side)
    if any(i.startswith("merge_event:") for i in ids):
        events += act(st, side, f"merge_event:{merge or 'no'}")
    return events


def to_menu(st: State, side: int | str) -> list[Any]:
    """Go to the S3 action menu (``actions`` after the tile, ``done`` inside an action)."""
    ids = choice_ids(st, side)
    if "actions" in ids:
        return act(st, side, "actions")
    if "done" in ids:
        return act(st, side, "done")
    return []


def end_round(st: State, side: int | str) -> list[Any]:
    """Finish the current action (``done``) if inside one, then ``end_round``."""
    events = to_menu(st, side)
    if "end_round" in choice_ids(st, side):
        events += act(st, side, "end_round")
    return events


def push_round(st: State, side: int | str) -> list[Any]:
    """Start an Action Round of ``side`` on a state whose stack is empty (contract hook
    ``round.push_action_round`` then ``frames.advance``)."""
    rnd = importlib.import_module(f"{PKG}.round")
    frames = importlib.import_module(f"{PKG}.frames")
    out: list[Any] = []
    rnd.push_action_round(st, side_int(side))
    frames.advance(st, out)
    return out


def next_round(st: State, side: int | str) -> list[Any]:
    """Make sure ``side`` is at the start of an Action Round (tile choice offered): the engine's
    own Action Phase when it continues, else a pushed round (empty stack)."""
    if any(i.startswith("tile:") for i in choice_ids(st, side)):
        return []
    if not st["stack"]:
        return push_round(st, side)
    raise AssertionError(f"{SIDE_WORD[side_int(side)]} is not at a round start: {st['stack'][-1]}")


def advance(st: State) -> list[Any]:
    """``frames.advance`` (run automatic frames)."""
    frames = importlib.import_module(f"{PKG}.frames")
    out: list[Any] = []
    frames.advance(st, out)
    return out


# ---------------------------------------------------------------------------- board reading
def flag(st: State, space: str) -> str | None:
    """``"france"``, ``"britain"``, ``"usa"``, ``"spain"`` or None for ``space`` (Naval: the
    Squadron's side)."""
    code = S().owner(st, space)
    return None if code is None else ("france", "britain", "usa", "spain")[code]


def flags_of(st: State, side: int | str) -> set[str]:
    """Every non-naval space flagged by ``side``."""
    s = side_int(side)
    return {sp for sp, c in st["flags"].items() if c == s}


def holder(st: State, adv: str) -> str | None:
    """The side word holding Advantage ``adv`` or None (IS-8.1)."""
    h = st["adv_holder"].get(adv)
    return None if h is None else SIDE_WORD[h]


def war_tiles(st: State, theater: int, side: int | str, kind: str = "bonus") -> list[str]:
    """Tile ids of ``side`` in ``theater`` of the next War (contract ``war.theaters``)."""
    return list(st["war"]["theaters"][str(theater)][kind][side_int(side)])


def kinds(events: list[Any]) -> list[str]:
    """The kinds of ``events``."""
    return [e.kind for e in events]


def drive(st: State, policy: dict[str, Any] | None = None, limit: int = 400) -> None:
    """Answer prompts until nobody waits, using ``policy`` {prefix or id: choice or callable};
    fallback: the first choice. For tests that only need the engine to move on."""
    policy = policy or {}
    for _ in range(limit):
        ws = waiting_sides(st)
        if not ws or st.get("over"):
            return
        s = ws[0]
        ids = choice_ids(st, s)
        pick = None
        for key, val in policy.items():
            if key in ids or any(i.startswith(key) for i in ids):
                pick = val(ids) if callable(val) else val
                break
        act(st, s, pick if pick in ids else ids[0])
    raise AssertionError("drive: too many steps")


# ---------------------------------------------------------------------------- positions
def _norm(spec: dict[str, Any]) -> dict[str, Any]:
    """Adapt the tests' spec notation to the builder's (one place for contract changes)."""
    if "rounds_done" in spec:
        spec["rounds"] = spec.pop("rounds_done")
    return spec


def round_position(turn: str, side: str, **spec: Any) -> State:
    """An Action Round of ``side`` on ``turn`` with nothing chosen yet (IS-20 conventions: the
    set-up position plus ``spec``; every Investment tile available unless ``inv_avail`` says).
    The Peace Turn goes on after the round (README: ``at="action"``)."""
    spec.setdefault("inv_avail", list(range(24)))
    return build(_norm({"turn": turn, "at": "action", "side": side, **spec}))


def phase_position(turn: str, at: str, **spec: Any) -> tuple[State, list[Any]]:
    """Peace Turn ``turn`` from phase ``at`` (``scoring``, ``ministry``, ``deal`` …) to its end
    or first decision (README: the builder advances at once, and without ``continue`` no later
    turn follows). Returns the state and the events of the phases that ran."""
    return build_ev(_norm({"turn": turn, "at": at, **spec}))


def is_basic(tile: str) -> bool:
    """True for a Basic War tile id (``fr_b00``…``br_b15``, IS-3.7a)."""
    return tile[:4] in ("fr_b", "br_b") and tile[4:].isdigit()


def war_position(war_id: str, theater: int = 1, only: bool = True, **spec: Any) -> State:
    """The War Turn of ``war`` from ``theater`` on (just that theater when ``only``: reveal →
    spoils, no victory check/reset/layout) — ``war.push_war_turn(st, start, only)`` on a built
    position with an empty stack; nothing has run yet — call :func:`war_run`."""
    st = build(_norm({"turn": war_id, "at": "none", **spec}))
    war_mod = importlib.import_module(f"{PKG}.war")
    st["stack"] = []
    war_mod.push_war_turn(st, start=theater, only=only)
    return st


def war_run(st: State) -> list[Any]:
    """Run the automatic frames of a :func:`war_position` (returns the events)."""
    return advance(st)


def display(
    war: str,
    basic: dict[int, tuple[list[str], list[str]]] | None = None,
    bonus: dict[int, tuple[list[str], list[str]]] | None = None,
    basic_out: tuple[list[str], list[str]] = ([], []),
    pool_order: tuple[list[str], list[str]] | None = None,
) -> dict[str, Any]:
    """A complete next-War display (contract ``st["war"]``) for a position spec: every theater
    of ``war`` with the given tiles (unlisted: none), Basic pools = each side's 16 Basic tiles
    minus placed and ``basic_out`` (or ``pool_order`` exactly), Bonus pools = the side's 12
    tiles of ``war`` minus placed."""
    basic = basic or {}
    bonus = bonus or {}
    theaters: dict[str, Any] = {}
    placed: list[str] = []
    for n in B().THEATERS[war]:
        b = basic.get(n, ([], []))
        o = bonus.get(n, ([], []))
        theaters[str(n)] = {"basic": [list(b[0]), list(b[1])], "bonus": [list(o[0]), list(o[1])]}
        placed += [*b[0], *b[1], *o[0], *o[1]]
    basic_pool = []
    bonus_pool = []
    for s, pre in enumerate(("fr", "br")):
        allb = [f"{pre}_b{k:02d}" for k in range(16)]
        basic_pool.append(
            list(pool_order[s])
            if pool_order
            else [t for t in allb if t not in placed and t not in basic_out[s]]
        )
        allo = [f"{war}_{SIDE_WORD[s]}_{k}" for k in range(12)]
        bonus_pool.append([t for t in allo if t not in placed])
    return {
        "id": war,
        "theaters": theaters,
        "basic_pool": basic_pool,
        "bonus_pool": bonus_pool,
        "basic_out": [list(basic_out[0]), list(basic_out[1])],
    }


def all_targets(st: State, side: int | str, first: str, prefix: str = "space:") -> set[str]:
    """Every ``<prefix><id>`` target offered after choosing ``first`` (e.g. ``adv:<id>``),
    through every ``region:<id>`` step (IS-17.1), explored on copies. The ids only."""
    probe = rules().clone(st)
    act(probe, side, first)
    found: set[str] = set()
    ids = choice_ids(probe, side)
    found |= {i[len(prefix) :] for i in ids if i.startswith(prefix)}
    for reg in [i for i in ids if i.startswith("region:")]:
        sub = rules().clone(probe)
        act(sub, side, reg)
        found |= {i[len(prefix) :] for i in choice_ids(sub, side) if i.startswith(prefix)}
    return found


def strength_free_flags(war: str, theater: int) -> dict[str, None]:
    """Empty every non-naval space whose war_strength lists this theater (data, map.json)."""
    return {
        s: None
        for s, rec in B().SPACES.items()
        if rec["type"] != "naval"
        and any(w["war"] == war and w["theater"] == theater for w in rec.get("war_strength") or [])
    }
