"""Imperial Struggle Event cards (IS-3.4, IS-5.2, section 14): playability, the bonus test and
the event frames. The 41 card programs live in ``events_succession.py``, ``events_empire.py``
and ``events_revolution.py`` (written in the step language of ``events_steps.py``).

Hooks (contract):
* :func:`playable` ``(st, side) -> list[Choice]`` — ``event:<n>`` (IS-3.4.4: type match and the
  Event symbol), ``event_bank:<n>`` (IS-MIN08 B: an Economic card on a non-Economic tile),
  ``event_condorcet:<n>`` (IS-MIN25: a tile without the Event symbol); only in the side's own
  round, one Event per round, before any other use of the tile (IS-5.2).
* :func:`start` ``(st, side, card, how, out)`` — plays the card: pushes the ``ev`` frame.

Frames: ``ev`` (automatic: bonus test, standard steps, bonus steps, end), ``ev_reveal``
(IS-17.6 S2: ``reveal:<M-x>`` | ``no_bonus``; IS-EV34 French bonus: ``reveal:<M-x>`` |
``no_reveal``), ``ev_ask`` (every card step, IS-17.7; long space lists split ``region:<id>`` →
``space:<id>`` with ``back``).

End of a card (IS-5.2 steps 4–5): every AP grant goes to ``round.grant`` (IS-5.7b), the card is
removed from the game, IS-MIN26 Lavoisier adds +1 to the tile's Major and Minor when France got
the bonus, then ``round.event_done``. Log events: ``event_play`` {card, version, bonus},
``event_end`` {card}, ``ev_grant``, ``ev_note`` and the effect kinds of ``events_steps``.
"""

from __future__ import annotations

from typing import Any

from engine.rules import Choice, Event

from . import board as B
from . import events_empire as _empire  # noqa: F401  (fills PROGRAMS)
from . import events_revolution as _revolution  # noqa: F401
from . import events_succession as _succession  # noqa: F401
from . import events_text as _text  # noqa: F401  (log lines)
from . import frames
from . import ministries as M
from . import round_record as R
from . import state as S
from . import war_tiles as W
from .events_steps import PROGRAMS, Ask, Version

St = dict[str, Any]
Fr = dict[str, Any]

HOW: dict[str, str] = {
    "event": "event",
    "event_bank": "event_bank",
    "event_condorcet": "event_condorcet",
    "normal": "event",
    "bank": "event_bank",
    "condorcet": "event_condorcet",
}
"""``how`` of :func:`start` -> the choice-id prefix of the play (IS-17.6 S1); `round.py`
passes the short forms."""

REGION_SPLIT = 12
"""Space lists longer than this (spanning several Regions) are asked Region first (IS-17.1)."""


# ---------------------------------------------------------------------------- small lookups
def version_key(card: int, side: int) -> str:
    """The version ``side`` plays: ``both`` or its own side's (IS-3.4.2)."""
    vers = B.EVENTS[card]["versions"]
    return "both" if "both" in vers else B.SIDES_DATA[side]


def card_name(card: int) -> str:
    """The card's name."""
    return B.EVENTS[card]["name"]


# ---------------------------------------------------------------------------- playability
def playable(st: St, side: int) -> list[Choice]:
    """Event plays open to ``side`` now (IS-3.4.4, IS-5.2, IS-MIN08 B, IS-MIN25).

    Empty unless it is ``side``'s Action Round, a tile is taken, no Event was played and the Event
    is not forfeited (:func:`forfeited`). ``event:<n>`` needs the Event symbol and, for a typed card, the tile's
    Major of that type; ``event_bank:<n>`` (Britain, Bank of England face up and ability B not
    used this turn) lets an Economic card go on a tile with the symbol whose Major is not
    Economic; ``event_condorcet:<n>`` (France, Condorcet face up, not used this turn) lets a card
    meeting the type rule go on a tile without the symbol.
    """
    rd = st.get("round")
    if not rd or rd["side"] != side or rd.get("tile") is None:
        return []
    if rd.get("event") is not None or forfeited(rd):
        return []
    tile = B.INVEST[rd["tile"]]
    major = tile["major"]["type"]
    sym = bool(tile["event_symbol"])
    bank = side == S.BR and M.usable(st, S.BR, "M-8B")
    condorcet = side == S.FR and M.usable(st, S.FR, "M-25")
    out: list[Choice] = []
    for card in st["hands"][side]:
        typ = B.EVENTS[card]["action_symbol"]
        type_ok = typ is None or typ == major
        name = card_name(card)
        if sym and type_ok:
            out.append(Choice(f"event:{card}", f"Play {name}", group="event"))
        elif sym and bank and typ == "economic":
            out.append(
                Choice(
                    f"event_bank:{card}",
                    f"Play {name} (Bank of England)",
                    group="event",
                    detail="Bank of England lets this Economic event go on this tile",
                )
            )
        if not sym and condorcet and type_ok:
            out.append(
                Choice(
                    f"event_condorcet:{card}",
                    f"Play {name} (Condorcet)",
                    group="event",
                    detail="Condorcet lets an event go on a tile without the event symbol",
                )
            )
    return out


def forfeited(rd: dict[str, Any]) -> bool:
    """IS-5.2: the round's Event is forfeited once an Advantage was used, AP were spent (an action
    started) or the Upgrade was performed. The Cardinal Ministers use the tile (no pass) but come
    "before any Event" (IS-MIN01, IS-17.6 S1), so ``tile_used`` alone does not forfeit it."""
    return (
        bool(rd.get("adv_used"))
        or rd.get("upgrade") == "done"
        or any(a.get("state", "new") != "new" for a in rd.get("actions", []))
    )


def start(st: St, side: int, card: int, how: str, out: list[Event]) -> None:
    """Play Event ``card`` for ``side`` (IS-5.2): take it from the hand, record the round's Event
    (the tile counts as used), exhaust Bank of England B / Condorcet when ``how`` says so, and
    push the ``ev`` frame (run by ``frames.advance``). Raises ValueError for an unknown ``how``
    or a card not in hand."""
    if how not in HOW:
        raise ValueError(f"unknown event play {how!r}")
    how = HOW[how]
    st["hands"][side].remove(card)
    rd = st.get("round")
    if rd is not None:
        rd["event"] = card
        rd["tile_used"] = True
    if how == "event_bank":
        M.use(st, S.BR, "M-8B", out)
    elif how == "event_condorcet":
        M.use(st, S.FR, "M-25", out)
    frames.push(
        st,
        "ev",
        side=side,
        card=card,
        ver=version_key(card, side),
        how=how,
        bonus=None,
        part="std",
        pc=0,
        vars={},
        grants=[],
    )


# ---------------------------------------------------------------------------- bonus test
def bonus_holds(st: St, side: int, card: int) -> bool | None:
    """IS-3.4.3 bonus condition of ``card`` for ``side`` now. None = a keyword condition not met
    face up while ``side`` has face-down Ministry cards: the player is asked (``ev_reveal``).

    The question is put whenever ``side`` has any face-down card, not only one showing the
    keyword, so the opponent cannot learn from the prompt that such a card exists (IS-16.2);
    without a matching card the only answer is ``no_bonus``.
    """
    cond = B.EVENTS[card]["bonus_condition"]
    if cond is None:
        return False
    t = cond["type"]
    o = S.other(side)
    if t == "keyword":
        kw = cond["keyword"]
        if S.has_keyword_up(st, side, kw):
            return True
        if S.face_down_cards(st, side):
            return None
        return False
    if t == "more_available_debt":
        return S.available_debt(st, side) > S.available_debt(st, o)
    if t == "available_debt_lead_3":
        return S.available_debt(st, side) >= S.available_debt(st, o) + 3
    if t == "more_bonus_war_tiles_next_war":
        if S.next_war(st) is None:
            return False
        return W.bonus_count(st, side) > W.bonus_count(st, o)
    if t == "more_prestige_in_scotland_ireland":
        ps = ("ireland_prestige_3", "scotland_prestige_3")
        return S.count_controlled(st, side, ps) > S.count_controlled(st, o, ps)
    if t == "controls_advantage":
        adv = "mediterranean_intrigue"
        spaces = B.ADVANTAGES[adv]["connected_spaces"]
        return st["adv_holder"].get(adv) == side and not any(s in st["conflict"] for s in spaces)
    raise ValueError(f"unknown bonus condition {t!r}")


def reveal_candidates(st: St, side: int, keyword: str) -> list[str]:
    """``side``'s face-down Ministry cards showing ``keyword`` (IS-3.4.3 reveal step)."""
    return [c for c in S.face_down_cards(st, side) if keyword in B.MINISTRIES[c]["keywords"]]


# ---------------------------------------------------------------------------- the ev frame
def program(fr: Fr) -> Version:
    """The program of the card version an ``ev`` frame plays."""
    return PROGRAMS[fr["card"]][fr["ver"]]


def current_step(fr: Fr) -> Any:
    """The step an ``ev`` frame is at."""
    prog = program(fr)
    steps = prog.std if fr["part"] == "std" else prog.bonus
    return steps[fr["pc"]]


def _ev_run(st: St, fr: Fr, out: list[Event]) -> None:
    side, card = fr["side"], fr["card"]
    if fr["bonus"] is None:
        held = bonus_holds(st, side, card)
        if held is None and not fr.get("asked"):
            fr["asked"] = True
            kw = B.EVENTS[card]["bonus_condition"]["keyword"]
            frames.push(st, "ev_reveal", side=side, kw=kw, key="bonus")
            return
        fr["bonus"] = bool(held)
        out.append(S.ev(st, "event_play", side, card=card, version=fr["ver"], bonus=fr["bonus"]))
    prog = program(fr)
    while True:
        steps = prog.std if fr["part"] == "std" else prog.bonus
        while fr["pc"] < len(steps):
            if not steps[fr["pc"]].enter(st, fr, out):
                return
            fr["pc"] += 1
            fr.pop("s", None)
            if st["stack"][-1] is not fr:  # the effect pushed frames (free draws): run them first
                return
        if fr["part"] == "std" and fr["bonus"] and prog.bonus:
            fr["part"], fr["pc"] = "bonus", 0
            continue
        break
    _finish(st, fr, out)


def _finish(st: St, fr: Fr, out: list[Event]) -> None:
    side, card = fr["side"], fr["card"]
    for typ, pts, why in fr["grants"]:
        R.grant(st, side, typ, pts, why=why)
    st["removed"].append(card)
    if side == S.FR and fr["bonus"] and S.face_up(st, S.FR, "M-26"):
        _lavoisier(st, out)
    out.append(S.ev(st, "event_end", side, card=card))
    frames.pop(st, fr)
    R.event_done(st, out)


def _lavoisier(st: St, out: list[Event]) -> None:
    """IS-MIN26: +1 AP to the tile's Major and +1 to its Minor (IS-5.7c, ``round.grant`` to the
    tile)."""
    tile = B.INVEST[st["round"]["tile"]]
    for part in ("major", "minor"):
        R.grant(st, S.FR, B.TYPE_LETTER[tile[part]["type"]], 1, to="tile")
    out.append(S.ev(st, "ev_note", S.FR, card=None, what="lavoisier"))


def _ev_parent(st: St) -> Fr:
    """The ``ev`` frame right under the asking frame on top."""
    fr = st["stack"][-2]
    if fr["k"] != "ev":
        raise RuntimeError("event step without its event frame")
    return fr


# ---------------------------------------------------------------------------- ev_reveal
def _reveal_choices(st: St, fr: Fr) -> list[Choice]:
    ch = [
        Choice(f"reveal:{c}", f"Reveal {B.MINISTRIES[c]['name']}", group="reveal")
        for c in reveal_candidates(st, fr["side"], fr["kw"])
    ]
    no = "no_bonus" if fr["key"] == "bonus" else "no_reveal"
    ch.append(Choice(no, "No bonus" if no == "no_bonus" else "Do not reveal", group="reveal"))
    return ch


def _reveal_text(st: St, fr: Fr) -> tuple[str, str]:
    parent = _ev_parent(st)
    kw = fr["kw"].capitalize()
    why = "for the bonus" if fr["key"] == "bonus" else "for 3 VP instead of 2"
    return (
        f"{card_name(parent['card'])}: reveal a Ministry card showing {kw} {why}?",
        f"{S.SIDE_NAMES[parent['side']]}'s event",
    )


def _reveal_apply(st: St, fr: Fr, cid: str, out: list[Event]) -> None:
    parent = _ev_parent(st)
    frames.pop(st, fr)
    got = cid.startswith("reveal:")
    if got:
        M.reveal(st, fr["side"], cid.split(":", 1)[1], out)
    if fr["key"] == "bonus":
        parent["bonus"] = got
        out.append(
            S.ev(
                st,
                "event_play",
                parent["side"],
                card=parent["card"],
                version=parent["ver"],
                bonus=got,
            )
        )
    else:
        parent["vars"][fr["key"]] = got


# ---------------------------------------------------------------------------- ev_ask
def _region_of_choice(c: Choice) -> str | None:
    """The Region a ``space:`` or ``adv:`` choice points at (None for other choices)."""
    kind, _, x = c.id.partition(":")
    if kind == "space":
        return B.region_of(x)
    if kind == "adv":
        return B.ADVANTAGES[x]["region"]
    return None


def _ask_choices(st: St, fr: Fr) -> list[Choice]:
    parent = _ev_parent(st)
    step: Ask = current_step(parent)
    opts = step.options(st, parent)
    where = [_region_of_choice(c) for c in opts]
    regions = set(where)
    tail = [Choice("stop", "Stop", group="stop")] if step.optional else []
    if len(opts) > REGION_SPLIT and len(regions) > 1 and None not in regions:
        if fr["region"] is None:
            return [
                Choice(f"region:{r}", B.REGION_NAMES[r], group="region")
                for r in B.REGIONS
                if r in regions
            ] + tail
        return [c for c, r in zip(opts, where, strict=True) if r == fr["region"]] + [
            Choice("back", "Back", group="back")
        ]
    return opts + tail


def _ask_text(st: St, fr: Fr) -> tuple[str, str]:
    parent = _ev_parent(st)
    step: Ask = current_step(parent)
    s = parent.get("s", {"i": 0, "n": 1})
    count = f" ({s['i'] + 1}/{s['n']})" if s["n"] > 1 else ""
    part = "bonus effect" if parent["part"] == "bonus" else "event"
    who = S.SIDE_NAMES[parent["side"]]
    return f"{card_name(parent['card'])}: {step.prompt}{count}", f"{who}'s {part}"


def _ask_apply(st: St, fr: Fr, cid: str, out: list[Event]) -> None:
    if cid.startswith("region:"):
        fr["region"] = cid.split(":", 1)[1]
        return
    if cid == "back":
        fr["region"] = None
        return
    parent = _ev_parent(st)
    step: Ask = current_step(parent)
    frames.pop(st, fr)
    s = parent["s"]
    if cid == "stop":
        s["i"] = s["n"]
        return
    s["i"] += 1
    s["picked"].append(cid)
    step.apply_fn(st, parent, cid, out)


frames.register("ev", run=_ev_run)
frames.register(
    "ev_reveal",
    side=lambda st, fr: fr["side"],
    choices=_reveal_choices,
    text=_reveal_text,
    apply=_reveal_apply,
)
frames.register(
    "ev_ask",
    side=lambda st, fr: fr["side"],
    choices=_ask_choices,
    text=_ask_text,
    apply=_ask_apply,
)
