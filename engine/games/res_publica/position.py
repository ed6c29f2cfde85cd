"""Scenario positions for tests and examples (README "Positions for tests").

``build(spec)`` makes a state exactly as described, with no automatic step run (call
``RULES.advance(state)`` for those); ``summarize(state)`` gives a readable dict back.

Seats are named "P1".."P5" (P1 = seat 0) or given as ints. Hands are multisets in the rulings'
notation (``"VI×2, HU, AR"``), short form (``"2VI+1HU"``), lists of codes or dicts
``{"GO": 2}``. Decks given as ints are filled from the supply cards not used in hands and
tableaus, in a fixed shuffled order (``spec["seed"]``).
"""

from __future__ import annotations

from typing import Any

from engine.gamekit import resolve_options
from engine.rng import Rng
from engine.rules import State

from . import trade as tr
from .cards import CITY_VALUES, CODES, COPIES, NT, SETTLEMENT_COUNT, SETTLEMENT_VALUE, type_index
from .rules import OPTIONS
from .state import new_state, score_cards, total


def seat_of(key: Any, n: int) -> int:
    """ "P2" -> 1, 1 -> 1. Raises ValueError for a seat outside the table."""
    if isinstance(key, int):
        s = key
    elif isinstance(key, str) and key.upper().startswith("P") and key[1:].isdigit():
        s = int(key[1:]) - 1
    elif isinstance(key, str) and key.isdigit():
        s = int(key)
    else:
        raise ValueError(f"unknown seat {key!r}")
    if not 0 <= s < n:
        raise ValueError(f"seat {key!r} is not at a {n}-seat table")
    return s


def seat_name(seat: int) -> str:
    """0 -> "P1"."""
    return f"P{seat + 1}"


def counts(value: Any) -> list[int]:
    """A multiset in any accepted form -> 10 counts. Raises ValueError."""
    if isinstance(value, str):
        return tr.parse_multiset(value)
    out = [0] * NT
    if isinstance(value, dict):
        for k, v in value.items():
            out[type_index(k)] += int(v)
        return out
    for k in value:
        out[type_index(k) if isinstance(k, str) else int(k)] += 1
    return out


def _deck(value: Any, pool: list[int], category: range, rng: Rng, name: str) -> list[int]:
    if isinstance(value, int):
        avail = [t for t in category for _ in range(pool[t])]
        if value > len(avail):
            raise ValueError(f"{name}: only {len(avail)} cards left in the supply")
        rng.shuffle(avail)
        deck = avail[:value]
        for t in deck:
            pool[t] -= 1
        return deck
    deck = [type_index(x) for x in value]  # top first
    for t in deck:
        if t not in category:
            raise ValueError(f"{name}: {CODES[t]} does not belong in this deck")
    return list(reversed(deck))


def build(spec: dict[str, Any]) -> State:
    """A state exactly as ``spec`` says (README "Positions for tests").

    Raises ValueError for unknown keys, seats or types, or decks the supply cannot fill."""
    known_keys = {
        "seats", "active", "start", "phase", "hands", "people_deck", "civ_deck", "cities",
        "settlements_left", "tableau", "settled", "final", "final_left", "fd", "turn", "stall",
        "closed", "options", "names", "seed",
    }  # fmt: skip
    unknown = set(spec) - known_keys
    if unknown:
        raise ValueError(f"unknown position keys: {', '.join(sorted(unknown))}")
    n = int(spec.get("seats", 4))
    names = list(spec.get("names") or [seat_name(s) for s in range(n)])
    st = new_state(
        resolve_options(OPTIONS, spec.get("options"), "res_publica"),
        names,
        [int(spec.get("seed", 0))],
    )
    for key, hand in (spec.get("hands") or {}).items():
        s = seat_of(key, n)
        st["hands"][s] = counts(hand)
    st["tableau"] = tableau = _tableau(spec, n)
    pool = _supply_left(st, tableau)
    rng = Rng.seeded(int(spec.get("seed", 0)))
    st["people_deck"] = _deck(spec.get("people_deck", 0), pool, range(5), rng, "people_deck")
    st["civ_deck"] = _deck(spec.get("civ_deck", 0), pool, range(5, 10), rng, "civ_deck")
    used_cities = [v for s in range(n) for t, v in tableau[s] if t >= 5]
    if "cities" in spec:
        st["cities"] = list(reversed([int(v) for v in spec["cities"]]))
    else:
        rest = list(CITY_VALUES)
        for v in used_cities:
            if v in rest:
                rest.remove(v)
        st["cities"] = list(reversed(rest))
    used_settlements = sum(1 for s in range(n) for t, _ in tableau[s] if t < 5)
    st["settlements"] = int(spec.get("settlements_left", SETTLEMENT_COUNT - used_settlements))
    st["active"] = seat_of(spec.get("active", 0), n)
    st["start"] = seat_of(spec.get("start", 0), n)
    st["phase"] = spec.get("phase", "trade")
    if st["phase"] not in ("trade", "display", "draw", "final_display"):
        raise ValueError(f"cannot build phase {st['phase']!r}")
    st["closed"] = bool(spec.get("closed", st["phase"] != "trade"))
    if spec.get("final") is not None:
        st["final"] = seat_of(spec["final"], n)
        st["final_left"] = int(spec.get("final_left", n))
    if st["phase"] == "final_display":
        if st["final"] < 0:
            raise ValueError("a final display needs a trigger player ('final')")
        order = spec.get("fd") or [(st["final"] + 1 + k) % n for k in range(n)]
        st["fd"] = [seat_of(x, n) for x in order]
        st["active"] = st["fd"][0]
    st["turn"] = int(spec.get("turn", 0))
    st["stall"] = int(spec.get("stall", 0))
    return st


def _tableau(spec: dict[str, Any], n: int) -> list[list[list[int]]]:
    """Each seat's displayed sets: ``tableau`` entries, then ``settled`` settlements of the
    people types in turn (RP-6.4)."""
    tableau: list[list[list[int]]] = [[] for _ in range(n)]
    for key, sets in (spec.get("tableau") or {}).items():
        tableau[seat_of(key, n)] = [[type_index(t), int(v)] for t, v in sets]
    people_cycle = 0
    for key, k in (spec.get("settled") or {}).items():
        s = seat_of(key, n)
        for _ in range(int(k)):
            tableau[s].append([people_cycle % 5, SETTLEMENT_VALUE])
            people_cycle += 1
    return tableau


def _supply_left(st: State, tableau: list[list[list[int]]]) -> list[int]:
    """Cards of each type not in a hand or a displayed set (a set holds 5, RP-6.1). Raises
    ValueError when the position uses more than ``COPIES`` of a type."""
    pool = [COPIES] * NT
    for s in range(st["n"]):
        for t in range(NT):
            pool[t] -= st["hands"][s][t]
        for t, _ in tableau[s]:
            pool[t] -= 5
    if any(p < 0 for p in pool):
        bad = [CODES[t] for t in range(NT) if pool[t] < 0]
        raise ValueError(f"more than {COPIES} cards of {', '.join(bad)}")
    return pool


def summarize(state: State) -> dict[str, Any]:
    """A readable summary (README "Positions for tests")."""
    st = state
    n = st["n"]
    names = [seat_name(s) for s in range(n)]
    trd = st["trade"]
    return {
        "active": names[st["active"]],
        "phase": st["phase"],
        "turn": st["turn"],
        "hands": {names[s]: tr.multiset_text(st["hands"][s]) for s in range(n)},
        "counts": {
            names[s]: {CODES[t]: c for t, c in enumerate(st["hands"][s]) if c} for s in range(n)
        },
        "people_deck": len(st["people_deck"]),
        "civ_deck": len(st["civ_deck"]),
        "cities": list(reversed(st["cities"])),
        "settlements_left": st["settlements"],
        "tableau": {names[s]: [[CODES[t], v] for t, v in st["tableau"][s]] for s in range(n)},
        "score_cards": {names[s]: score_cards(st, s) for s in range(n)},
        "totals": {names[s]: total(st, s) for s in range(n)},
        "final": names[st["final"]] if st["final"] >= 0 else None,
        "final_left": st["final_left"],
        "fd": [names[s] for s in st["fd"]],
        "closed": st["closed"],
        "winners": [names[s] for s in st["winners"]] if st["over"] else None,
        "reason": st["reason"],
        "trade": None
        if trd is None
        else {
            "mode": trd["mode"],
            "spec": trd["spec"],
            "responses": [[names[s], r] for s, r in trd["responses"]],
            "partner": names[trd["partner"]] if trd["partner"] >= 0 else None,
            "gave": None
            if trd["gave"] is None
            else {names[s]: tr.multiset_text(c) for s, c in trd["gave"]},
        },
    }
