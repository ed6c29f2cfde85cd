"""Res Publica's fast playout step for the search's rollouts (engine/ai/playouts.py; issue 18).

A step-by-step Res Publica turn is long: a request or an answer is composed token by token
(``n:1``, ``k:GO``, ``send``, with ``back`` and ``more``), a fulfilment card by card, so a
uniformly random game takes about 1,400 decisions, most of them composing. The rollouts here
choose whole statements instead, through the shortcuts ``apply`` accepts (README "Choice ids":
``req:``, ``off:``, ``resp:``, ``give:``) — *macro choices*, each one a legal sequence of
prompt choices:

* trade step: ``notrade``, ``display:<T>`` for every set in hand, ``req:1<T>`` for every type
  (RP-4.2: a request names any cards), ``off:1<T>`` for every type held (RP-4.4);
* answer: ``pass``; when the seat may answer (RP-4.6) ``resp:1<T>`` for every type (to a
  request: the counter-request; to an offer: for every type it holds, the counter-offer);
* fulfilment: ``give:<cards>`` for up to :data:`GIVE_LIMIT` selections satisfying the spec
  (RP-5.7, RP-4.10);
* accept, display and draw: the prompt's own ids.

While a draft is open (a rollout that starts mid-composition) the composer's own ids are
listed without ``back`` and ``more``, so the statement ends within a few steps. ``apply``
makes the shortcut's statement, answer or selection through the same flow functions as
:meth:`ResPublicaRules.apply` (no legality check, no events kept). So this step is for
*rollouts only*: its ids are not the prompt's (``ROLLOUT_ONLY``), the search's tree still
decides through the rules contract. tests/ai/test_playouts.py checks that every macro choice
is legal for ``rules.apply`` and leaves the same state.
"""

from __future__ import annotations

from typing import cast

from engine.rng import RandomSource
from engine.rules import State

from . import flow
from . import trade as tr
from .cards import CODES, NT
from .compose import compose_choices, only_selection
from .rules import ResPublicaRules
from .state import sets_in_hand
from .state_types import ResPublicaState

ROLLOUT_ONLY = True
"""The ids are macro choices (shortcuts), not the prompt's: use this step in rollouts only."""

GIVE_LIMIT = 6
"""Most card selections listed for one fulfilment."""

_RULES = ResPublicaRules()
_REQ = [f"req:1{c}" for c in CODES]
_RESP = [f"resp:1{c}" for c in CODES]


def ids(st: State, seat: int) -> list[str]:
    """The macro choice ids of ``seat`` now ([] when it has none; see the module doc)."""
    s = cast(ResPublicaState, st)
    if seat not in _RULES.waiting(s):
        return []
    ph = s["phase"]
    if ph in ("trade", "respond") and s["draft"]:
        return [c.id for c in compose_choices(s, seat) if c.id != "back" and c.id != "more"] or [
            "back"
        ]
    hand = s["hands"][seat]
    if ph == "trade":
        out = ["notrade"]
        out += [f"display:{CODES[t]}" for t in sets_in_hand(s, seat)]
        out += _REQ
        out += [f"off:1{CODES[t]}" for t in range(NT) if hand[t]]
        return out
    if ph == "respond":
        if not flow.can_respond(s, seat):
            return ["pass"]
        if s["trade"]["mode"] == "request":
            return ["pass", *_RESP]
        return ["pass", *[f"resp:1{CODES[t]}" for t in range(NT) if hand[t]]]
    if ph == "fulfil":
        spec = flow.giving_spec(s, seat)
        return [
            "give:" + "+".join(f"{n}{CODES[t]}" for t, n in enumerate(sel) if n)
            for sel in tr.selections(hand, spec, limit=GIVE_LIMIT)
        ]
    if ph == "accept":
        return [*(f"accept:{p}" for p in flow.acceptable(s)), "reject"]
    if ph in ("display", "final_display"):
        return [*(f"display:{CODES[t]}" for t in sets_in_hand(s, seat)), "done"]
    if ph == "draw":
        free = s["opts"]["draw_mode"] == "free"
        people = bool(s["people_deck"])
        return [
            f"civx:{c}" if free and not p and c <= 2 and people else f"civ:{c}"
            for c, p in flow.draw_options(s)
        ]
    return []


def apply(st: State, seat: int, choice: str, rng: RandomSource) -> None:
    """``rules.apply(st, seat, choice, rng)`` for a ``choice`` in :func:`ids`, events
    dropped (not checked). Accepting an answer (RP-4.8) finds a side's only way to pay a
    spec of card types at once instead of by enumerating selections (``flow.accept``)."""
    if choice.startswith("accept:"):
        _accept(cast(ResPublicaState, st), int(choice[7:]))
        return
    _RULES.apply(st, seat, choice, rng)


def _only(hand: list[int], spec: tr.Spec) -> list[int] | None:
    """``compose.only_selection(hand, spec)``: a spec of card types joined by AND (or one
    term) is paid by exactly its cards; anything else goes to the general search."""
    if spec.op != "OR" and all(k < NT for _, k in spec.terms):
        need = [0] * NT
        for c, k in spec.terms:
            need[k] += c
        if all(n <= h for n, h in zip(need, hand, strict=True)):
            return need
    return only_selection(hand, spec)


def _accept(st: ResPublicaState, partner: int) -> None:
    """``rules.apply(st, active, "accept:<partner>")`` (``_act_accept`` then ``flow.accept``
    with :func:`_only`), events dropped."""
    st["backs"] = [0] * st["n"]
    st["trade"]["partner"] = partner
    st["phase"] = "fulfil"
    for s in (st["active"], partner):
        only = _only(st["hands"][s], flow.giving_spec(st, s))
        if only is None:
            st["picks"][s] = []
            st["committed"][s] = False
        else:
            st["picks"][s] = [t for t in range(NT) for _ in range(only[t])]
            st["committed"][s] = True
    flow.maybe_exchange(st, [])
