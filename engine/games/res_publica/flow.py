"""Res Publica turn flow: trade protocol, display, draw, final round, final display, scoring.

Every function mutates the state and appends events to ``out``. Source: RP-3 (turn), RP-4 and
RP-11.1 (trade protocol), RP-6 (display), RP-7 (draw), RP-8 (end), RP-9 (scoring).
"""

from __future__ import annotations

from engine.rules import Event

from . import trade as tr
from .cards import NT, SET_SIZE, SETTLEMENT_VALUE
from .compose import only_selection, selected
from .state import (
    add,
    hand_size,
    left_of,
    pairs,
    score_cards,
    sets_in_hand,
    settlements_of,
    sub,
    total,
)
from .state import ev as _ev
from .state_types import ResPublicaState

Out = list[Event]


# ----------------------------------------------------------------------------- turns
def start_turn(st: ResPublicaState, seat: int, out: Out) -> None:
    """Begin ``seat``'s turn at the trade step (RP-3.1); an empty hand skips it (RP-A22)."""
    st.update(active=seat, phase="trade", trade=None, closed=False, draft=[], drawn=0)
    st["backs"] = [0] * st["n"]
    out.append(_ev(st, "turn", seat, final=st["final"] >= 0))
    if hand_size(st, seat) == 0:
        enter_display(st, out)


def enter_display(st: ResPublicaState, out: Out) -> None:
    """Close the trade step and go to the display step (RP-3.2); skipped without a set."""
    st["closed"] = True
    st["draft"] = []
    st["phase"] = "display"
    if not sets_in_hand(st, st["active"]):
        end_display(st, out)


def end_display(st: ResPublicaState, out: Out) -> None:
    """After the display step: the draw step, or the end of a final-round turn (RP-8.3)."""
    if st["final"] >= 0:
        if st["opts"]["final_round_draws"] == "on" and st["people_deck"]:
            draw(st, 0, True, out)
            return
        end_turn(st, out, was_final=True)
        return
    st["phase"] = "draw"


def draw_options(st: ResPublicaState) -> list[tuple[int, bool]]:
    """Legal draws ``(c, people)`` for the active seat (RP-7.2–7.4, RP-V2)."""
    s = settlements_of(st, st["active"])
    cmax = min(s, 3, len(st["civ_deck"]))
    people_left = bool(st["people_deck"])
    base = [(c, c <= 2 and people_left) for c in range(cmax + 1)]
    mode = st["opts"]["draw_mode"]
    if mode == "max":
        best = max(c + p for c, p in base)
        return [(c, p) for c, p in base if c + p == best]
    if mode == "free":
        return base + [(c, False) for c, p in base if p]
    return base


def draw(st: ResPublicaState, c: int, people: bool, out: Out) -> None:
    """Draw ``c`` civilization cards and the people card if ``people`` (RP-7), then check the
    end triggers (RP-7.6, RP-8.6) and end the turn."""
    seat = st["active"]
    was_final = st["final"] >= 0
    civ = [st["civ_deck"].pop() for _ in range(c)]
    p = st["people_deck"].pop() if people and st["people_deck"] else None
    for t in civ:
        st["hands"][seat][t] += 1
    if p is not None:
        st["hands"][seat][p] += 1
    st["drawn"] = len(civ) + (p is not None)
    out.append(_ev(st, "draw", seat, people=p, civ=civ))
    if not was_final:
        if c and not st["civ_deck"]:
            trigger(st, seat, "civ", out)
        else:
            if st["drawn"] or st["people_deck"]:
                st["stall"] = 0
            else:
                st["stall"] += 1
                if st["stall"] >= st["n"]:
                    trigger(st, seat, "stall", out)
    end_turn(st, out, was_final)


def trigger(st: ResPublicaState, seat: int, why: str, out: Out) -> None:
    """``seat`` becomes the trigger player; the final round follows (RP-8.1, RP-8.6)."""
    st["final"] = seat
    st["final_left"] = st["n"]
    out.append(_ev(st, "final_round", seat, why=why))


def end_turn(st: ResPublicaState, out: Out, was_final: bool) -> None:
    """Finish the active turn: next seat, the final display after the last final-round turn
    (RP-8.2, RP-8.4), or the turn cap (RP-8.7)."""
    st["turn"] += 1
    st["trade"] = None
    seat = st["active"]
    if was_final:
        st["final_left"] -= 1
        if st["final_left"] <= 0:
            start_final_display(st, out)
            return
    if st["turn"] >= st["opts"]["turn_cap"]:
        if st["final"] < 0:
            st["final"] = seat
        out.append(_ev(st, "final_round", seat, why="cap"))
        start_final_display(st, out)
        return
    start_turn(st, left_of(st, seat), out)


def start_final_display(st: ResPublicaState, out: Out) -> None:
    """RP-8.4: each seat from the left of the trigger player, trigger player last."""
    t = st["final"]
    st["fd"] = [(t + 1 + k) % st["n"] for k in range(st["n"])]
    st.update(phase="final_display", trade=None, draft=[])
    out.append(_ev(st, "final_display", t))
    next_final_display(st, out)


def next_final_display(st: ResPublicaState, out: Out) -> None:
    """Move to the next seat of the final display that has a set; score when done."""
    while st["fd"] and not sets_in_hand(st, st["fd"][0]):
        st["fd"].pop(0)
    if st["fd"]:
        st["active"] = st["fd"][0]
        return
    score(st, out)


def score(st: ResPublicaState, out: Out) -> None:
    """RP-9: totals, winners (RP-9.4 shared ties or RP-V1 highest city), the end."""
    n = st["n"]
    totals = [total(st, s) for s in range(n)]
    best = max(totals)
    winners = [s for s in range(n) if totals[s] == best]
    how = "shared"
    if len(winners) > 1 and st["opts"]["tiebreak"] == "highest_city":
        top = {s: max((v for t, v in st["tableau"][s] if t >= 5), default=0) for s in winners}
        hi = max(top.values())
        if hi > 0:  # the best city decides; players still tied on it share (RP-V1)
            winners = [s for s in winners if top[s] == hi]
            how = "city"
    st.update(phase="over", over=True, winners=winners)
    names = st["names"]
    if len(winners) == 1:
        extra = " (the highest city breaks the tie)" if how == "city" else ""
        st["reason"] = f"{names[winners[0]]} wins with {best} points{extra}"
    else:
        who = ", ".join(names[s] for s in winners[:-1]) + f" and {names[winners[-1]]}"
        extra = " (also tied on the highest city)" if how == "city" else ""
        st["reason"] = f"{who} share the victory with {best} points{extra}"
    out.append(
        _ev(
            st,
            "end",
            None,
            totals=totals,
            winners=winners,
            cards=[score_cards(st, s) for s in range(n)],
            pairs=[pairs(st, s) for s in range(n)],
        )
    )


# ----------------------------------------------------------------------------- display
def display(st: ResPublicaState, seat: int, t: int, out: Out) -> None:
    """Display a set of type ``t`` and take its score card (RP-6.1, 6.4, 6.5)."""
    st["hands"][seat][t] -= SET_SIZE
    if t < 5:
        st["settlements"] -= 1
        value, kind = SETTLEMENT_VALUE, "settlement"
    else:
        value, kind = st["cities"].pop(), "city"
    st["tableau"][seat].append([t, value])
    for v in range(st["n"]):
        k = st["known"][v][seat]
        k[t] = max(0, k[t] - SET_SIZE)
    out.append(_ev(st, "display", seat, type=t, score=value, score_kind=kind))


# ----------------------------------------------------------------------------- trading
def giving_spec(st: ResPublicaState, seat: int) -> tr.Spec:
    """The spec ``seat`` (active or partner) must fulfil (RP-5.10)."""
    trd = st["trade"]
    stmt = tr.parse_short(trd["spec"])
    resp = tr.parse_short(dict(trd["responses"])[trd["partner"]])
    active_gives_statement = trd["mode"] == "offer"
    if seat == st["active"]:
        return stmt if active_gives_statement else resp
    return resp if active_gives_statement else stmt


def state_statement(st: ResPublicaState, mode: str, spec: tr.Spec, out: Out) -> None:
    """Make the statement (RP-4.2) and open the response round (RP-4.5)."""
    seat = st["active"]
    st["trade"] = {
        "mode": mode,
        "spec": tr.short(spec),
        "responses": [],
        "next": seat,
        "partner": -1,
        "rejected": False,
        "gave": None,
    }
    st["closed"] = True
    st["draft"] = []
    if mode == "offer":
        _proven(st, seat, spec)
    out.append(_ev(st, "statement", seat, mode=mode, spec=tr.short(spec)))
    next_responder(st, out)


def _proven(st: ResPublicaState, seat: int, spec: tr.Spec) -> None:
    """``seat`` just showed it can pay ``spec`` (RP-4.4, RP-4.6): everyone else now knows it
    holds the cards every alternative names by type."""
    need = tr.proven_cards(spec)
    for v in range(st["n"]):
        if v != seat:
            k = st["known"][v][seat]
            st["known"][v][seat] = [max(a, b) for a, b in zip(k, need, strict=True)]


def can_respond(st: ResPublicaState, seat: int) -> bool:
    """RP-4.6: may ``seat`` answer (Request: it can fulfil the statement; Offer: any card)."""
    hand = st["hands"][seat]
    if not sum(hand):
        return False
    trd = st["trade"]
    if trd["mode"] == "request":
        return tr.can_fulfil(hand, tr.parse_short(trd["spec"]))
    return True


def next_responder(st: ResPublicaState, out: Out) -> None:
    """Advance the response round clockwise; empty hands pass by themselves (RP-4.6)."""
    trd = st["trade"]
    seat = trd["next"]
    while True:
        seat = left_of(st, seat)
        if seat == st["active"]:
            break
        if hand_size(st, seat):
            trd["next"] = seat
            st["phase"] = "respond"
            st["draft"] = []
            return
        trd["responses"].append([seat, None])
        out.append(_ev(st, "pass", seat, auto=True))
    trd["next"] = -1
    if any(r is not None for _, r in trd["responses"]):
        st["phase"] = "accept"
        return
    out.append(_ev(st, "no_trade", st["active"]))
    enter_display(st, out)


def respond(st: ResPublicaState, seat: int, spec: tr.Spec | None, out: Out) -> None:
    """Record ``seat``'s response or pass (RP-4.5, public RP-4.7)."""
    st["trade"]["responses"].append([seat, tr.short(spec) if spec else None])
    st["draft"] = []
    if spec is not None:
        mode = st["trade"]["mode"]
        _proven(st, seat, tr.parse_short(st["trade"]["spec"]) if mode == "request" else spec)
    if spec is None:
        out.append(_ev(st, "pass", seat, auto=False))
    else:
        out.append(_ev(st, "respond", seat, spec=tr.short(spec), mode=st["trade"]["mode"]))
    next_responder(st, out)


def acceptable(st: ResPublicaState) -> list[int]:
    """Responders the active seat may accept (RP-4.9)."""
    trd = st["trade"]
    hand = st["hands"][st["active"]]
    out = []
    for seat, spec in trd["responses"]:
        if spec is None:
            continue
        if trd["mode"] == "offer" or tr.can_fulfil(hand, tr.parse_short(spec)):
            out.append(seat)
    return out


def accept(st: ResPublicaState, partner: int | None, out: Out) -> None:
    """Accept ``partner``'s response (None = reject all, RP-4.8/4.14); start fulfilment."""
    active = st["active"]
    trd = st["trade"]
    if partner is None:
        trd["rejected"] = True
        answered = [s for s, r in trd["responses"] if r is not None]
        out.append(_ev(st, "reject", active, answered=answered))
        enter_display(st, out)
        return
    trd["partner"] = partner
    out.append(_ev(st, "accept", active, partner=partner))
    st["phase"] = "fulfil"
    for s in (active, partner):
        st["picks"][s] = []
        st["committed"][s] = False
        only = only_selection(st["hands"][s], giving_spec(st, s))
        if only is not None:
            st["picks"][s] = [t for t in range(NT) for _ in range(only[t])]
            st["committed"][s] = True
    maybe_exchange(st, out)


def commit(st: ResPublicaState, seat: int, out: Out) -> None:
    """``seat`` confirms its selection (RP-4.10); exchange once both have."""
    st["committed"][seat] = True
    maybe_exchange(st, out)


def maybe_exchange(st: ResPublicaState, out: Out) -> None:
    """Swap the two selections at once (RP-4.10, RP-A31) and update who knows what
    (RP-4.11, RP-V4); then the display step."""
    trd = st["trade"]
    a, p = st["active"], trd["partner"]
    if not (st["committed"][a] and st["committed"][p]):
        return
    ga, gp = selected(st["picks"][a]), selected(st["picks"][p])
    st["hands"][a] = add(sub(st["hands"][a], ga), gp)
    st["hands"][p] = add(sub(st["hands"][p], gp), ga)
    trd["gave"] = [[a, ga], [p, gp]]
    open_ex = st["opts"]["exchange_visibility"] == "open"
    sa, sp = giving_spec(st, a), giving_spec(st, p)
    mina, maxa = tr.given_bounds(sa, sum(ga))
    minp, maxp = tr.given_bounds(sp, sum(gp))
    known = st["known"]
    for v in range(st["n"]):
        if v in (a, p) or open_ex:
            known[v][a] = add(sub(known[v][a], ga), gp) if v != a else known[v][a]
            known[v][p] = add(sub(known[v][p], gp), ga) if v != p else known[v][p]
        else:
            known[v][a] = add(sub(known[v][a], maxa), minp)
            known[v][p] = add(sub(known[v][p], maxp), mina)
    for s in (a, p):
        st["picks"][s] = None
        st["committed"][s] = False
    out.append(_ev(st, "exchange", a, partner=p, gave=ga, got=gp, open=open_ex))
    enter_display(st, out)
