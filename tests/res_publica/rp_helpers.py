"""Helpers for the Res Publica rulings tests (tests/res_publica/).

Everything goes through the package contract (engine/games/res_publica/README.md): positions
come from ``position.build``, decisions are the offered choice ids passed to ``RULES.apply``
(statements and responses are composed step by step, as a player would), and results are read
from the state's public parts and ``RULES.view``.

Notation follows section 15 of the rulings: seats "P1".."P5" (P1 = seat 0, clockwise), hands
as multisets of type codes ``"GO×2, HU"``. :func:`H` turns such a text into a ``Counter`` keyed
by type id (``"GOTHS"``); :func:`hand` reads a seat's hand in the same form.

Scenario positions are written in a compact form that :func:`build` turns into the engine's
``position.build`` spec::

    {"active": "P1", "step": "trade"|"display"|"draw"|"final_display",
     "P1": "VI×2, HU" | {"hand": "...", "sets": "GO, AR:8"},   # sets: people = settlement,
     "people_deck": 30, "civ_deck": 50, "city_stack": [8, 8, ...],   # civ "<code>:<city>"
     "trigger": "P2", "final_round": True, "players": 4, "options": {...}}

The module is not called ``helpers.py`` on purpose (test folders have no ``__init__.py``).
"""

from __future__ import annotations

import copy
import re
from collections import Counter
from typing import Any

import msgpack
import pytest

from engine.games.res_publica import trade as _trade

try:  # the rules package lands in steps; the grammar tests need only trade.py
    from engine.games.res_publica import RULES
    from engine.games.res_publica import position as _position
except ImportError:  # pragma: no cover
    RULES = _position = None
from engine.rng import Rng
from engine.rules import Config, IllegalAction, SeatConfig, resolve_options

CODES = ["AS", "GO", "HU", "LO", "VI", "AR", "CH", "CO", "ME", "SH"]
TYPES = [
    "ANGLO_SAXONS",
    "GOTHS",
    "HUNS",
    "LOMBARDS",
    "VIKINGS",
    "ARCHITECTURE",
    "CHEMISTRY",
    "COMMERCE",
    "METALWORK",
    "SHIPBUILDING",
]
PEOPLE = frozenset(TYPES[:5])
CIV = frozenset(TYPES[5:])
KINDS = TYPES + ["PEOPLE", "CIVILIZATION", "ANY", "PAIR"]
KIND_CODE = dict(zip(TYPES, CODES, strict=True)) | {
    "PEOPLE": "PEO",
    "CIVILIZATION": "CIV",
    "ANY": "ANY",
    "PAIR": "PAIR",
}
CODE_TYPE = dict(zip(CODES, TYPES, strict=True))
FULL_CITIES = [9, 8, 8, 7, 7, 6, 6, 5, 5, 4]


# --- notation -------------------------------------------------------------------------------


def H(text: str) -> Counter:
    """A multiset of cards from the rulings' notation: ``"GO×2, HU"`` -> Counter by type id.

    Separators: commas or spaces; counts with ``×``, ``x`` or ``*``. Codes or full ids.
    """
    out: Counter = Counter()
    for item in re.split(r"[,\s]+", text.strip()):
        if not item:
            continue
        m = re.fullmatch(r"([A-Z_]+)(?:[×x*](\d+))?", item)
        assert m, f"bad card item {item!r}"
        name, n = m.group(1), int(m.group(2) or 1)
        out[CODE_TYPE.get(name, name)] += n
    assert all(t in TYPES for t in out), out
    return out


def _short_multiset(cards: Counter) -> str:
    """Counter by type id -> the engine's short multiset form ``3ME+1GO``."""
    return "+".join(f"{n}{KIND_CODE[t]}" for t, n in cards.items() if n)


def seat_of(who: str | int) -> int:
    """``"P3"`` -> 2; an int is returned as is."""
    if isinstance(who, int):
        return who
    assert re.fullmatch(r"P[1-5]", who), who
    return int(who[1]) - 1


def spec_json(text: str) -> dict:
    """The rulings' text form (RP-5.1) as the RP-5.8 JSON, *without validating* anything
    (counts may be 0, kinds unknown, three terms), so that the engine alone judges."""
    parts = re.split(r" (AND|OR) ", text.strip())
    terms = []
    for p in parts[0::2]:
        count, kind = p.split(" ", 1)
        terms.append({"count": int(count), "kind": kind})
    ops = parts[1::2]
    return {"op": ops[0] if ops else None, "terms": terms}


def _tokens(text: str) -> list[str] | None:
    """Composer choice ids for the rulings' text form; unknown words become ids that no
    composer offers (so an inexpressible statement fails at that word)."""
    out = []
    for word in text.split():
        if re.fullmatch(r"-?\d+", word):
            # counts come in pages of 12: ``more`` turns to 13..24, 25..36, ... (README)
            out += ["more"] * max(0, (int(word) - 1) // 12)
            out.append(f"n:{int(word)}")
        elif word in KIND_CODE:
            out.append(f"k:{KIND_CODE[word]}")
        elif word in ("AND", "OR"):
            out.append(word.lower())
        else:
            out.append(f"k:{word}")
    return out


def _short_spec(text: str) -> str | None:
    """The short form of a text spec (for the whole-statement shortcuts), or None when the
    text has no short form at all (exclusions, two modes)."""
    try:
        js = spec_json(text)
    except ValueError:
        return None
    sep = {"AND": "+", "OR": "/", None: ""}[js["op"]]
    if len(re.split(r" (?:AND|OR) ", text)) != len(js["terms"]):
        return None
    if any(" " in t["kind"] for t in js["terms"]):
        return None
    return sep.join(f"{t['count']}{KIND_CODE.get(t['kind'], t['kind'])}" for t in js["terms"])


# --- positions ------------------------------------------------------------------------------


def _sets(text: str) -> list[list[Any]]:
    out = []
    for item in re.split(r"[,\s]+", text.strip()):
        if not item:
            continue
        code, _, value = item.partition(":")
        if CODE_TYPE[code] in PEOPLE:
            assert not value, item
            out.append([code, 3])
        else:
            assert value, f"a civilization set needs its city value: {item}"
            out.append([code, int(value)])
    return out


def build(spec: dict[str, Any]) -> dict[str, Any]:
    """A scenario position from the compact spec of the module docstring, with the engine's
    automatic steps run (RULES.advance)."""
    spec = dict(spec)
    seats = [k for k in spec if re.fullmatch(r"P[1-5]", k)]
    n = spec.pop("players", None) or max([4] + [seat_of(s) + 1 for s in seats])
    out: dict[str, Any] = {"seats": n, "hands": {}, "tableau": {}}
    for s in seats:
        v = spec.pop(s)
        if isinstance(v, str):
            v = {"hand": v}
        out["hands"][s] = _short_multiset(H(v.get("hand", ""))) if v.get("hand") else {}
        if v.get("sets"):
            out["tableau"][s] = _sets(v["sets"])
    out["active"] = spec.pop("active", "P1")
    out["phase"] = spec.pop("step", "trade")
    for key in ("people_deck", "civ_deck", "options", "start", "turn", "stall", "closed"):
        if key in spec:
            out[key] = spec.pop(key)
    used = sorted(
        (v for t in out["tableau"].values() for c, v in t if c in CODES[5:]), reverse=True
    )
    if "city_stack" in spec:
        out["cities"] = spec.pop("city_stack")
    elif used:
        rest = list(FULL_CITIES)
        for v in used:
            rest.remove(v)
        out["cities"] = rest
    trigger = spec.pop("trigger", None)
    final_round = spec.pop("final_round", False)
    if trigger is not None:
        t = seat_of(trigger)
        out["final"] = trigger
        if out["phase"] == "final_display":
            out["active"] = f"P{(t + 1) % n + 1}"  # the engine derives the order (RP-8.4)
        elif final_round:
            # final-round turns left *including* the current one (what flow.end_turn counts)
            out["final_left"] = (t - seat_of(out["active"])) % n + 1
    assert not spec, f"unknown scenario keys {sorted(spec)}"
    state = _position.build(out)
    RULES.advance(state, Rng.seeded(99))
    return state


def new_game(
    players: int, seed: int = 0, options: dict[str, Any] | None = None
) -> tuple[dict[str, Any], int]:
    """A fresh game (RULES.setup) with ``players`` seats; returns (state, start seat)."""
    config = Config(
        tuple(SeatConfig(f"P{i + 1}") for i in range(players)),
        resolve_options(RULES, options or {}),
    )
    state = RULES.setup(config, Rng.seeded(seed))
    return state, state["start"]


# --- acting ---------------------------------------------------------------------------------


def waiting(state: dict[str, Any]) -> tuple[int, ...]:
    return tuple(RULES.waiting(state))


def to_act(state: dict[str, Any]) -> int | tuple[int, ...] | None:
    """The one seat to decide now (a tuple when several decide at once, None when over)."""
    w = waiting(state)
    if not w:
        return None
    return w[0] if len(w) == 1 else w


def step(state: dict[str, Any]) -> str:
    """The phase: trade, respond, accept, fulfil, display, draw, final_display, over."""
    return state["phase"]


def choice_ids(state: dict[str, Any], who: str | int) -> list[str]:
    prompt = RULES.prompt(state, seat_of(who))
    return [c.id for c in prompt.choices] if prompt else []


def act(state: dict[str, Any], who: str | int, choice: str, listed: bool = True) -> list:
    """``who`` takes ``choice``; a ``listed`` choice must be among the offered ones."""
    seat = seat_of(who)
    if listed:
        offered = choice_ids(state, seat)
        assert choice in offered, f"{choice!r} is not offered to {who!r}; offered: {offered}"
    return RULES.apply(state, seat, choice, Rng.seeded(7))


def assert_illegal(state: dict[str, Any], who: str | int, choice: str, listed: bool = True) -> None:
    """``choice`` is not offered, ``apply`` raises IllegalAction and the state is unchanged."""
    seat = seat_of(who)
    if listed:
        assert choice not in choice_ids(state, seat), f"{choice!r} is offered but must be illegal"
    before = copy.deepcopy(state)
    packed = msgpack.packb(state)
    with pytest.raises(IllegalAction):
        RULES.apply(state, seat, choice, Rng.seeded(7))
    assert state == before, "an illegal choice changed the state"
    assert msgpack.packb(state) == packed, "an illegal choice changed the state"


def _compose(state: dict[str, Any], who: str | int, text: str) -> None:
    toks = _tokens(text)
    for tok in toks:
        act(state, who, tok)
    act(state, who, "send")


def statement(state: dict[str, Any], who: str | int, mode: str, text: str) -> None:
    """The active player states ``mode`` (REQUEST/OFFER) and ``text``, step by step."""
    assert to_act(state) == seat_of(who), (to_act(state), who)
    act(state, who, {"REQUEST": "request", "OFFER": "offer"}[mode])
    _compose(state, who, text)


def _walk_fails(state: dict[str, Any], who: str | int, first: list[str], text: str) -> None:
    """On a copy: the step-by-step path for ``text`` must hit a choice that is not offered
    (and that apply refuses without change) before ``send`` is accepted."""
    trial = copy.deepcopy(state)
    for tok in [*first, *_tokens(text), "send"]:
        if tok not in choice_ids(trial, who):
            assert_illegal(trial, who, tok)
            return
        act(trial, who, tok)
    pytest.fail(f"{text!r} could be composed step by step")


def assert_cannot_compose(state: dict[str, Any], who: str | int, mode: str, text: str) -> None:
    """Neither the composer nor the whole-statement shortcut lets ``who`` state ``text``;
    the state is unchanged (RP-S05: the attempt is not used up)."""
    first = {"REQUEST": "request", "OFFER": "offer"}[mode]
    if first in choice_ids(state, who):
        _walk_fails(state, who, [first], text)
    else:
        assert_illegal(state, who, first)
    short = _short_spec(text)
    prefix = {"REQUEST": "req:", "OFFER": "off:"}[mode]
    if short is not None:
        assert_illegal(state, who, prefix + short, listed=False)
    else:
        assert_illegal(state, who, prefix + text, listed=False)


def can_respond(state: dict[str, Any], who: str | int) -> bool:
    assert to_act(state) == seat_of(who), (to_act(state), who)
    return "respond" in choice_ids(state, who)


def respond(state: dict[str, Any], who: str | int, text: str) -> None:
    assert to_act(state) == seat_of(who), (to_act(state), who)
    act(state, who, "respond")
    _compose(state, who, text)


def assert_cannot_respond(state: dict[str, Any], who: str | int, text: str) -> None:
    """``who`` cannot give ``text`` as its response (composer or shortcut); state unchanged."""
    assert to_act(state) == seat_of(who), (to_act(state), who)
    if "respond" in choice_ids(state, who):
        _walk_fails(state, who, ["respond"], text)
    else:
        assert_illegal(state, who, "respond")
    short = _short_spec(text)
    assert short is not None
    assert_illegal(state, who, "resp:" + short, listed=False)


def pass_(state: dict[str, Any], who: str | int) -> None:
    """``who`` passes; a seat with an empty hand passes by itself (no prompt)."""
    if to_act(state) != seat_of(who) and not sum(state["hands"][seat_of(who)]):
        return
    act(state, who, "pass")


def accept(state: dict[str, Any], who: str | int, partner: str | int) -> list:
    """The active player accepts ``partner``'s response; returns the events."""
    return act(state, who, f"accept:{seat_of(partner)}")


def assert_cannot_accept(state: dict[str, Any], who: str | int, partner: str | int) -> None:
    assert_illegal(state, who, f"accept:{seat_of(partner)}")


def reject_all(state: dict[str, Any], who: str | int) -> None:
    act(state, who, "reject")


def _fulfilling(state: dict[str, Any], who: str | int) -> bool:
    w = waiting(state)
    return state["phase"] == "fulfil" and seat_of(who) in w


def give(state: dict[str, Any], who: str | int, cards: str) -> list:
    """``who`` selects ``cards`` card by card and confirms. A side with exactly one way to
    pay is handed over by the engine itself; then only the hands afterwards tell."""
    if not _fulfilling(state, who):
        return []
    for t, k in H(cards).items():
        for _ in range(k):
            act(state, who, f"pick:{KIND_CODE[t]}")
    return act(state, who, "confirm")


def assert_cannot_give(state: dict[str, Any], who: str | int, cards: str) -> None:
    """Selecting ``cards`` can never be confirmed, and the shortcut is refused."""
    assert _fulfilling(state, who), f"{who} is not selecting cards"
    trial = copy.deepcopy(state)
    picks = [f"pick:{KIND_CODE[t]}" for t, k in H(cards).items() for _ in range(k)]
    for tok in picks:
        if tok not in choice_ids(trial, who):
            assert_illegal(trial, who, tok)
            break
        act(trial, who, tok)
    else:
        assert_illegal(trial, who, "confirm")
    assert_illegal(state, who, "give:" + _short_multiset(H(cards)), listed=False)


def no_trade(state: dict[str, Any], who: str | int) -> None:
    act(state, who, "notrade")


def display(state: dict[str, Any], who: str | int, code: str) -> None:
    act(state, who, f"display:{code}")


def assert_cannot_display(state: dict[str, Any], who: str | int, code: str) -> None:
    assert_illegal(state, who, f"display:{code}")


def done_display(state: dict[str, Any], who: str | int) -> None:
    """Ends ``who``'s display step (nothing to do when the engine skipped it: no set)."""
    if state["phase"] in ("display", "final_display") and to_act(state) == seat_of(who):
        act(state, who, "done")


def draw(state: dict[str, Any], who: str | int, c: int, people: bool = True) -> None:
    """The draw step: ``c`` civilization cards (``people=False``: ``civx``, RP-V2 free)."""
    act(state, who, f"civ:{c}" if people else f"civx:{c}")


def assert_cannot_draw(state: dict[str, Any], who: str | int, c: int) -> None:
    assert_illegal(state, who, f"civ:{c}")


def civ_choices(state: dict[str, Any], who: str | int) -> set[int]:
    """The offered numbers of civilization cards (``civ:<c>``)."""
    return {int(c[4:]) for c in choice_ids(state, who) if c.startswith("civ:")}


def draw_choices(state: dict[str, Any], who: str | int) -> set[tuple[int, int]]:
    """Offered draws as (civilization cards, people cards) pairs (RP-7.3 and RP-V2)."""
    out = set()
    for c in choice_ids(state, who):
        if c.startswith("civ:"):
            k = int(c[4:])
            out.add((k, 1 if k <= 2 else 0))
        elif c.startswith("civx:"):
            out.add((int(c[5:]), 0))
    return out


def finish_final_display(
    state: dict[str, Any],
    expected_order: list[str] | None = None,
    sets: dict[str, list[str]] | None = None,
) -> list[int]:
    """Play the final display: each prompted seat displays its ``sets`` (codes) then ends.

    Checks that the prompted seats come in ``expected_order`` (seats with nothing to show may
    be skipped by the engine). Returns the prompted seats in order.
    """
    sets = sets or {}
    seen: list[int] = []
    while state["phase"] == "final_display":
        seat = to_act(state)
        assert isinstance(seat, int), seat
        seen.append(seat)
        for code in sets.get(f"P{seat + 1}", []):
            display(state, seat, code)
        done_display(state, seat)
    if expected_order is not None:
        order = [seat_of(w) for w in expected_order]
        assert seen == [s for s in order if s in seen], (seen, order)
        for w, codes in sets.items():
            assert seat_of(w) in seen, f"{w} was not asked to display {codes}"
    return seen


# --- reading --------------------------------------------------------------------------------


def hand(state: dict[str, Any], who: str | int) -> Counter:
    """``who``'s hand as a Counter by type id (from the state)."""
    counts = state["hands"][seat_of(who)]
    return Counter({TYPES[i]: n for i, n in enumerate(counts) if n})


def view(state: dict[str, Any], who: str | int | None) -> dict[str, Any]:
    return RULES.view(state, None if who is None else seat_of(who))


def public(state: dict[str, Any], who: str | int | None = None) -> dict[str, Any]:
    """The public facts (RP-10.1) from ``who``'s view, in the tests' vocabulary."""
    v = view(state, who)
    seats = v["seats"]
    trade = v.get("trade")
    out = {
        "hand_counts": [s["hand_count"] for s in seats],
        "tableaus": [
            [(CODE_TYPE[t["type"]], t["kind"], t["score"]) for t in s["tableau"]] for s in seats
        ],
        "settlements": [s["settlements"] for s in seats],
        "score_cards": [s["score_cards"] for s in seats],
        "people_deck": v["people_deck"],
        "civ_deck": v["civ_deck"],
        "city_stack": list(v["cities"]),
        "settlements_left": v["settlements"],
        "final_round": v["final_round"],
        "trigger": v["final"],
        "options": state["opts"],
        "totals": v.get("totals"),
        "last_exchange_counts": (
            {g["seat"]: g["count"] for g in trade["gave"]} if trade and trade.get("gave") else None
        ),
    }
    return out


def exchange_seen_by(state: dict[str, Any], who: str | int | None) -> dict[str, Counter] | None:
    """The exchanged cards as ``who`` sees them ({"P1": Counter, ...}), or None if hidden."""
    trade = view(state, who)["trade"]
    assert trade and trade["gave"], "no exchange this turn"
    if any(g["cards"] is None for g in trade["gave"]):
        assert all(g["cards"] is None for g in trade["gave"])
        return None
    return {
        f"P{g['seat'] + 1}": Counter({CODE_TYPE[c]: n for c, n in g["cards"].items() if n})
        for g in trade["gave"]
    }


def outcome(state: dict[str, Any]):
    return RULES.outcome(state)


def totals(state: dict[str, Any]) -> list[int]:
    """Final totals (score cards + pairs) per seat from the spectator view."""
    t = view(state, None)["totals"]
    assert t is not None, "the game is not over"
    return list(t)


# --- the engine's grammar functions (trade.py) ------------------------------------------------


def _counts(cards: Counter) -> list[int]:
    return [cards.get(t, 0) for t in TYPES]


def engine_valid(js: dict) -> bool:
    """Whether the engine accepts the RP-5.8 JSON spec; its long text form must agree."""
    try:
        _trade.from_json(js)
        ok = True
    except ValueError:
        ok = False
    text = f" {js['op']} ".join(f"{t['count']} {t['kind']}" for t in js["terms"])
    try:
        _trade.parse(text)
        ok_text = True
    except ValueError:
        ok_text = False
    assert ok == ok_text, f"from_json and parse disagree on {text!r}: {ok} vs {ok_text}"
    return ok


def engine_parse_text(text: str) -> dict:
    """trade.parse(text) as RP-5.8 JSON; raises ValueError (SpecError) when invalid."""
    return _trade.to_json(_trade.parse(text))


def engine_satisfies(cards: Counter, js: dict) -> bool:
    return bool(_trade.satisfies(_counts(cards), _trade.from_json(js)))


def engine_can_fulfil(hand_: Counter, js: dict) -> bool:
    return bool(_trade.can_fulfil(_counts(hand_), _trade.from_json(js)))
