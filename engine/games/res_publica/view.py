"""Res Publica views and determinization (RP-10: public and private information).

A seat sees its own hand, every hand size, the public zones (deck sizes, score stacks,
tableaus), the trade's statement, answers and acceptance, the number of cards each side gave,
and which cards changed hands only if it was one of the two partners (or under RP-V4 open).
It also sees ``known``: cards it knows another seat holds (cards it handed over, or deduced).
"""

from __future__ import annotations

import random
from typing import Any

from engine.rng import RandomSource
from engine.rules import Outcome, Prompt, State, View, prompt_dict

from . import trade as tr
from .cards import CODES, NT
from .compose import draft_text, selected
from .state import hand_size, pairs, score_cards, settlements_of, sub, total

_DETERMINIZE_TRIES = 40


def _counts(c: list[int]) -> dict[str, int]:
    return {CODES[t]: n for t, n in enumerate(c) if n}


def statement_text(st: State) -> str:
    """ "P1 requests 2 Goths" for the current trade ("" without one)."""
    trd = st["trade"]
    if not trd:
        return ""
    verb = "requests" if trd["mode"] == "request" else "offers"
    return f"{st['names'][st['active']]} {verb} {tr.text(tr.parse_short(trd['spec']))}"


def responses_text(st: State) -> str:
    """The answers so far in order: "P2: 1 Hun · P3: pass"."""
    trd = st["trade"]
    if not trd or not trd["responses"]:
        return ""
    parts = []
    for s, spec in trd["responses"]:
        parts.append(f"{st['names'][s]}: {tr.text(tr.parse_short(spec)) if spec else 'pass'}")
    return " · ".join(parts)


def _trade_view(st: State, seat: int | None) -> dict[str, Any] | None:
    trd = st["trade"]
    if not trd:
        return None
    open_ex = st["opts"]["exchange_visibility"] == "open"
    gave = None
    if trd["gave"]:
        traders = {s for s, _ in trd["gave"]}
        see = open_ex or seat in traders or (seat is None and st["over"])
        gave = [
            {"seat": s, "count": sum(c), "cards": _counts(c) if see else None}
            for s, c in trd["gave"]
        ]
    gives = None
    if trd["partner"] >= 0:
        from .flow import giving_spec

        gives = []
        for s in (st["active"], trd["partner"]):
            spec = giving_spec(st, s)
            gives.append({"seat": s, "spec": tr.short(spec), "text": tr.text(spec)})
    return {
        "mode": trd["mode"],
        "active": st["active"],
        "gives": gives,
        "spec": trd["spec"],
        "text": tr.text(tr.parse_short(trd["spec"])),
        "responses": [
            {"seat": s, "spec": r, "text": tr.text(tr.parse_short(r)) if r else "passes"}
            for s, r in trd["responses"]
        ],
        "next": trd["next"] if trd["next"] >= 0 else None,
        "partner": trd["partner"] if trd["partner"] >= 0 else None,
        "rejected": trd["rejected"],
        "gave": gave,
    }


def view(
    st: State,
    seat: int | None,
    prompt: Prompt | None,
    waiting: tuple[int, ...],
    outcome: Outcome | None,
) -> View:
    """The README view of ``st`` for ``seat`` (None = spectator; every hand once over)."""
    n = st["n"]
    omni = seat is None and st["over"]
    fulfil = st["phase"] == "fulfil"
    seats = []
    for s in range(n):
        own = omni or seat == s
        seats.append(
            {
                "hand": _counts(st["hands"][s]) if own else None,
                "hand_count": hand_size(st, s),
                "known": _counts(st["known"][seat][s]) if seat is not None and seat != s else {},
                "tableau": [
                    {"type": CODES[t], "score": v, "kind": "settlement" if t < 5 else "city"}
                    for t, v in st["tableau"][s]
                ],
                "score_cards": score_cards(st, s),
                "settlements": settlements_of(st, s),
                "cities": [v for t, v in st["tableau"][s] if t >= 5],
                "committed": st["committed"][s] if fulfil and st["picks"][s] is not None else None,
            }
        )
    drafting = seat is not None and seat in waiting and st["draft"]
    picks = st["picks"][seat] if seat is not None and fulfil else None
    return {
        "game": "res_publica",
        "viewer": seat,
        "n": n,
        "names": list(st["names"]),
        "active": st["active"],
        "start": st["start"],
        "turn": st["turn"],
        "phase": st["phase"],
        "waiting": list(waiting),
        "people_deck": len(st["people_deck"]),
        "civ_deck": len(st["civ_deck"]),
        "cities": list(reversed(st["cities"])),
        "city_next": st["cities"][-1] if st["cities"] else None,
        "settlements": st["settlements"],
        "final": st["final"] if st["final"] >= 0 else None,
        "final_round": st["final"] >= 0 and not st["over"] and st["phase"] != "final_display",
        "final_left": st["final_left"],
        "closed": st["closed"],
        "quiet": st["phase"] in ("respond", "accept", "fulfil"),
        "seats": seats,
        "trade": _trade_view(st, seat),
        "draft": {"tokens": list(st["draft"]), "text": draft_text(st["draft"])}
        if drafting
        else None,
        "selection": _counts(selected(picks)) if picks is not None else None,
        "prompt": prompt_dict(prompt),
        "outcome": None
        if outcome is None
        else {
            "winners": list(outcome.winners),
            "reason": outcome.reason,
            "scores": [str(x) for x in outcome.scores],
        },
        "totals": [total(st, s) for s in range(n)] if st["over"] else None,
        "pairs": [pairs(st, s) for s in range(n)] if st["over"] else None,
    }


# ----------------------------------------------------------------------------- determinize
def _constraints(st: State, seat: int | None) -> list[tuple[int, tr.Spec]]:
    """Public facts a resampled hand must keep: who proved they can pay what (RP-4.4/4.6/4.9)."""
    trd = st["trade"]
    if not trd or st["phase"] not in ("respond", "accept", "fulfil"):
        return []
    out = []
    stmt = tr.parse_short(trd["spec"])
    active = st["active"]
    if trd["mode"] == "offer" and active != seat:
        out.append((active, stmt))
    for s, r in trd["responses"]:
        if r is None or s == seat:
            continue
        out.append((s, stmt if trd["mode"] == "request" else tr.parse_short(r)))
    if st["phase"] == "fulfil" and trd["mode"] == "request" and active != seat:
        out.append((active, tr.parse_short(dict(trd["responses"])[trd["partner"]])))
    return out


def determinize(st: State, seat: int | None, rng: RandomSource, world: State) -> State:
    """``world`` (a copy of ``st``) with every card ``seat`` cannot see resampled: the other
    hands (keeping sizes, the cards ``seat`` knows of, and proven abilities to pay), both deck
    orders and contents; the RNG cell reseeded. Other seats' unfinished drafts and selections
    are reset; a committed selection is replaced by a valid one of the new hand."""
    r = random.Random(rng.randbelow(2**62))
    world["rng"] = [rng.randbelow(2**63)]
    others = [s for s in range(st["n"]) if s != seat]
    if st["over"]:
        others = []
    known = [list(st["known"][seat][h]) if seat is not None else [0] * NT for h in range(st["n"])]
    unknown = {h: sub(st["hands"][h], known[h]) for h in others}
    people = list(st["people_deck"])
    civ = list(st["civ_deck"])
    for h in others:
        for t in range(NT):
            (people if t < 5 else civ).extend([t] * unknown[h][t])
    cons = _constraints(st, seat)
    n_people, n_civ = len(st["people_deck"]), len(st["civ_deck"])
    ok = False
    for _ in range(_DETERMINIZE_TRIES):
        r.shuffle(people)
        r.shuffle(civ)
        rest = people[n_people:] + civ[n_civ:]
        r.shuffle(rest)
        hands = {}
        i = 0
        for h in others:
            size = sum(unknown[h])
            hand = list(known[h])
            for t in rest[i : i + size]:
                hand[t] += 1
            i += size
            hands[h] = hand
        if all(tr.can_fulfil(hands[s], spec) for s, spec in cons if s in hands):
            ok = True
            break
    if ok:
        world["people_deck"] = people[:n_people]
        world["civ_deck"] = civ[:n_civ]
        for h in others:
            world["hands"][h] = hands[h]
    else:  # keep the real hands (consistent by definition), only reorder the decks
        r.shuffle(world["people_deck"])
        r.shuffle(world["civ_deck"])
    n = st["n"]
    for v in range(n):
        if v == seat:
            continue
        for h in range(n):
            world["known"][v][h] = [
                min(k, c) for k, c in zip(world["known"][v][h], world["hands"][h], strict=True)
            ]
    _reset_hidden_steps(st, seat, world)
    return world


def _reset_hidden_steps(st: State, seat: int | None, world: State) -> None:
    """In ``world``: another seat's unfinished draft is dropped, and during fulfilment another
    trader's selection is emptied, or, once committed, replaced by a valid selection from its
    new hand (RP-4.10, RP-4.11: the cards given stay hidden)."""
    if world["draft"] and st["phase"] in ("trade", "respond"):
        composer = st["active"] if st["phase"] == "trade" else st["trade"]["next"]
        if composer != seat:
            world["draft"] = []
    if st["phase"] == "fulfil":
        from .flow import giving_spec

        for s in (st["active"], st["trade"]["partner"]):
            if s == seat:
                continue
            if world["committed"][s]:
                sel = next(tr.selections(world["hands"][s], giving_spec(world, s), limit=1))
                world["picks"][s] = [t for t in range(NT) for _ in range(sel[t])]
            else:
                world["picks"][s] = []
