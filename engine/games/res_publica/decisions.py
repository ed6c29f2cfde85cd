"""Res Publica prompts: the choices, question and summary of the deciding seat in each phase
(README "Decisions and choice ids"), and the one-id legality test ``apply`` uses.

:func:`decision` builds the labelled list; :func:`legal` answers "is this id in it?" without
building it (``apply`` is the hot path). Both follow the same phase rules.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.rules import Choice

from . import flow
from . import trade as tr
from . import view as _view
from .cards import CODES
from .compose import (
    compose_choices,
    compose_legal,
    draft_text,
    give_choices,
    give_legal,
    selected,
)
from .state import sets_in_hand, settlements_of
from .state_types import ResPublicaState
from .text import display_label, draw_label, no_answer

Decision = tuple[list[Choice], str, str, bool]
"""(choices, question, summary, secret) of one seat's prompt."""

__all__ = ["Decision", "decision", "legal"]


def decision(st: ResPublicaState, seat: int) -> Decision:
    """The prompt of ``seat``, which the caller has checked is waiting (``rules.waiting``):
    a composing step while a draft is open (RP-4.3, RP-5.1), else the phase's choices; an empty
    list for a phase without decisions."""
    ph = st["phase"]
    if ph in ("trade", "respond") and st["draft"]:
        return _draft(st, seat)
    build = _BY_PHASE.get(ph)
    return build(st, seat) if build is not None else ([], "", "", False)


def _settle_choice(st: ResPublicaState, t: int) -> Choice:
    return Choice(f"display:{CODES[t]}", display_label(st, t), f"type:{CODES[t]}", "display")


def _draft(st: ResPublicaState, seat: int) -> Decision:
    """A composing step of a request, offer or answer (RP-4.3, RP-5.1, ``compose.py``)."""
    ph = st["phase"]
    trd = st["trade"]
    summary = draft_text(st["draft"])
    if ph == "respond":
        summary = f"{_view.statement_text(st)} · {summary}"
    first = st["draft"][0]
    if first == "respond":
        wants = trd["mode"] == "request"  # a counter-request names what one wants
        text = "Your answer: which cards do you " + (
            "want in return?" if wants else "give in return?"
        )
    else:
        text = "Which cards do you " + ("want?" if first == "request" else "give?")
    return compose_choices(st, seat), text, summary, False


def _trade(st: ResPublicaState, seat: int) -> Decision:
    """RP-4.1, RP-4.2: request, offer, no trade, or display a set at once (RP-3.2)."""
    out = []
    out.append(Choice("request", "Request cards", None, "trade", "Say what you want"))
    out.append(Choice("offer", "Offer cards", None, "trade", "Say what you give"))
    out.append(Choice("notrade", "No trade", None, "trade"))
    out += [_settle_choice(st, t) for t in sets_in_hand(st, seat)]
    return out, "Trade: request or offer cards, or skip", "", False


def _respond(st: ResPublicaState, seat: int) -> Decision:
    """RP-4.5, RP-4.6: answer, pass, or flag a leak (RP-V5)."""
    out = []
    can = flow.can_respond(st, seat)
    if can:
        out.append(Choice("respond", "Answer", f"seat:{st['active']}", "respond"))
    why = "" if can else no_answer(st, seat)
    out.append(Choice("pass", "Pass", None, "respond", why))
    if st["opts"]["leak_penalty"] == "forfeit_trade":
        out.append(
            Choice(
                "flag",
                "Flag a leak",
                f"seat:{st['active']}",
                "respond",
                "The trade ends with no trade",
            )
        )
    return (
        out,
        f"{_view.statement_text(st)}: answer or pass",
        _view.responses_text(st),
        False,
    )


def _accept(st: ResPublicaState, seat: int) -> Decision:
    """RP-4.8: accept one answer, reject all, or flag a leak by one (RP-V5)."""
    names = st["names"]
    trd = st["trade"]
    out = []
    mode = trd["mode"]
    for s in flow.acceptable(st):
        spec = tr.text(tr.parse_short(dict(trd["responses"])[s]))
        what = "wants" if mode == "request" else "gives"
        out.append(
            Choice(
                f"accept:{s}",
                f"Accept {names[s]}",
                f"seat:{s}",
                "accept",
                f"{names[s]} {what} {spec}",
            )
        )
    out.append(Choice("reject", "Reject all", None, "accept"))
    if st["opts"]["leak_penalty"] == "forfeit_trade":
        for s, r in trd["responses"]:
            if r is not None:
                out.append(
                    Choice(
                        f"flag:{s}",
                        f"Flag a leak by {names[s]}",
                        f"seat:{s}",
                        "accept",
                        "Their answer is removed",
                    )
                )
    return out, "Accept one answer or reject all", _view.responses_text(st), False


def _fulfil(st: ResPublicaState, seat: int) -> Decision:
    """RP-4.10, RP-4.11: choose the cards given, secretly."""
    spec = flow.giving_spec(st, seat)
    picked = selected(st["picks"][seat])
    sel = tr.cards_text(picked) if any(picked) else "nothing yet"
    return (
        give_choices(st, seat, spec),
        f"Choose the cards you give: {tr.text(spec)}",
        f"Selected: {sel}",
        True,
    )


def _display(st: ResPublicaState, seat: int) -> Decision:
    """RP-6.1..6.3 (and RP-8.4's final display): display sets or be done."""
    out = [_settle_choice(st, t) for t in sets_in_hand(st, seat)]
    out.append(Choice("done", "Done displaying", None, "display"))
    text = "Final display: show your sets" if st["phase"] == "final_display" else "Display sets?"
    return out, text, "", False


def _draw(st: ResPublicaState, seat: int) -> Decision:
    """RP-7.1..7.4 with RP-V2's drawing modes: how many civilization cards, with the people
    card."""
    out = []
    free = st["opts"]["draw_mode"] == "free"
    for c, p in flow.draw_options(st):
        x = free and not p and c <= 2 and bool(st["people_deck"])
        cid = f"civx:{c}" if x else f"civ:{c}"
        out.append(Choice(cid, draw_label(c, p), "deck:civ" if c else "deck:people", "draw"))
    s = settlements_of(st, seat)
    summary = (
        f"{s} settlement{'s' if s != 1 else ''} · civilization deck {len(st['civ_deck'])}"
        f" · people deck {len(st['people_deck'])}"
    )
    return out, "Draw cards to end your turn", summary, False


_BY_PHASE: dict[str, Callable[[ResPublicaState, int], Decision]] = {
    "trade": _trade,
    "respond": _respond,
    "accept": _accept,
    "fulfil": _fulfil,
    "display": _display,
    "final_display": _display,
    "draw": _draw,
}


def legal(st: ResPublicaState, seat: int, choice: str) -> bool:
    """Is ``choice`` among the ids of ``decision(st, seat)``? Checks that one id only: the
    same answer without building the labelled list (``apply`` is the hot path)."""
    ph = st["phase"]
    if ph in ("trade", "respond") and st["draft"]:
        return compose_legal(st, seat, choice)
    if ph == "trade":
        if choice in ("request", "offer", "notrade"):
            return True
        return choice in {f"display:{CODES[t]}" for t in sets_in_hand(st, seat)}
    if ph == "respond":
        if choice == "respond":
            return flow.can_respond(st, seat)
        if choice == "flag":
            return st["opts"]["leak_penalty"] == "forfeit_trade"
        return choice == "pass"
    if ph == "accept":
        if choice == "reject":
            return True
        head, _, arg = choice.partition(":")
        if head == "accept":
            return choice in {f"accept:{s}" for s in flow.acceptable(st)}
        if head == "flag" and st["opts"]["leak_penalty"] == "forfeit_trade":
            return choice in {f"flag:{s}" for s, r in st["trade"]["responses"] if r is not None}
        return False
    if ph == "fulfil":
        return give_legal(st, seat, flow.giving_spec(st, seat), choice)
    if ph in ("display", "final_display"):
        if choice == "done":
            return True
        return choice in {f"display:{CODES[t]}" for t in sets_in_hand(st, seat)}
    if ph == "draw":
        free = st["opts"]["draw_mode"] == "free"
        ids = set()
        for c, p in flow.draw_options(st):
            x = free and not p and c <= 2 and bool(st["people_deck"])
            ids.add(f"civx:{c}" if x else f"civ:{c}")
        return choice in ids
    return False
