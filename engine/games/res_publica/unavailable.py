"""Res Publica "why not?": the choices a player would expect now and why they are missing.

The rules contract's optional ``unavailable`` hook (engine/rules.py). Reasons read only the
seat's own hand and the public table (statements, answers, tableaus, deck sizes; RP-10.1), so
they are the same in every world ``determinize`` gives for the seat.
"""

from __future__ import annotations

from . import flow
from . import trade as tr
from .cards import SET_SIZE, TYPES
from .state import sets_in_hand, settlements_of
from .state_types import ResPublicaState

Reason = tuple[str, str]


def unavailable(st: ResPublicaState, seat: int) -> list[Reason]:
    """``[(label, reason)]`` for ``seat`` now: a set to display when none is complete (RP-6.1),
    an answer its hand cannot back (RP-4.6), an answer the active seat cannot pay for
    (RP-4.9), more civilization cards than its settlements allow (RP-7.2). Empty when ``seat``
    is not deciding, or while composing a statement."""
    ph = st["phase"]
    if st["draft"] or ph == "over":
        return []
    if ph == "respond":
        if st["trade"]["next"] != seat or flow.can_respond(st, seat):
            return []
        return [("Answer", _no_answer(st, seat))]
    if seat != st["active"]:
        return []
    if ph in ("trade", "display", "final_display"):
        return _no_set(st, seat)
    if ph == "accept":
        return _unpayable(st, seat)
    if ph == "draw":
        return _draw_limit(st, seat)
    return []


def _no_answer(st: ResPublicaState, seat: int) -> str:
    if not sum(st["hands"][seat]):
        return "Your hand is empty: a seat with no cards passes (RP-4.6)"
    spec = tr.text(tr.parse_short(st["trade"]["spec"]))
    if st["trade"]["mode"] == "request":
        return f"You hold no {spec} to give: to answer you must be able to give it (RP-4.6)"
    return "Nothing in your hand could back a counter-offer (RP-4.6)"


def _no_set(st: ResPublicaState, seat: int) -> list[Reason]:
    """A set to display when no type reaches 5 in hand (RP-6.1)."""
    if sets_in_hand(st, seat):
        return []
    hand = st["hands"][seat]
    if not sum(hand):
        return [("Display a set", "Your hand is empty: a set is 5 cards of one type (RP-6.1)")]
    most = max(range(len(hand)), key=lambda t: hand[t])
    n = hand[most]
    name = TYPES[most].name if n != 1 else TYPES[most].singular
    why = f"Your most of one type is {n} {name}: a set is {SET_SIZE} cards of one type (RP-6.1)"
    return [("Display a set", why)]


def _unpayable(st: ResPublicaState, seat: int) -> list[Reason]:
    """Answers to a request that the active seat's hand cannot give (RP-4.9)."""
    trd = st["trade"]
    if trd["mode"] != "request":
        return []
    ok = set(flow.acceptable(st))
    out: list[Reason] = []
    for s, spec in trd["responses"]:
        if spec is None or s in ok:
            continue
        wants = tr.text(tr.parse_short(spec))
        out.append(
            (f"Accept {st['names'][s]}", f"They want {wants}: your hand cannot give it (RP-4.9)")
        )
    return out


def _draw_limit(st: ResPublicaState, seat: int) -> list[Reason]:
    """One more civilization card than allowed: by settlements, the limit of 3 or the deck
    (RP-7.2)."""
    s = settlements_of(st, seat)
    deck = len(st["civ_deck"])
    allowed = min(s, 3, deck)
    if allowed >= 3:
        return []
    more = allowed + 1
    label = f"Draw {more} civilization card{'s' if more != 1 else ''}"
    if deck < more and deck < s:
        why = f"The civilization deck holds {deck} (RP-7.2)"
    else:
        own = f"{s} settlement{'s' if s != 1 else ''}"
        why = f"You own {own}: at most one civilization card per settlement (RP-7.2)"
    return [(label, why)]
