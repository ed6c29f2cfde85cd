"""Imperial Struggle Ministry cards: the card-wide machinery (IS-3.5, IS-4.1.7, IS-4.1.11,
IS-7.3a/b, section 15).

Card names and exhaustion keys, slots, revealing a card (:func:`reveal`, with its reveal effects
:func:`on_reveal`), using an ability (:func:`use`), the Ministry Phase (:func:`selectable`,
:func:`begin_phase`, the Jacobite third slot), the Reset Phase, the Jacobite Defeat
(:func:`remove_m4`) and Remaining Powers (:func:`end_of_turn`). The round-side abilities are in
``ministries_round.py``, the purchase-side hooks in ``ministries_pay.py``; ``ministries.py``
re-exports all three (the contract and the hook list are there).
"""

from __future__ import annotations

from typing import Any

from engine.rules import Event

from . import board as B
from . import state as S

State = dict[str, Any]

TWO_ABILITY: frozenset[str] = frozenset(
    c for c, m in B.MINISTRIES.items() if m.get("abilities", 1) == 2
)
"""Cards whose abilities A and B exhaust separately (IS-3.5b): M-4, M-8, M-10, M-11, M-15."""

SIDE_KEY: tuple[str, str] = ("france", "britain")

SCOTLAND: tuple[str, ...] = B.COUNTRIES["scotland"]
IRELAND: tuple[str, ...] = B.COUNTRIES["ireland"]
SCOT_IRISH: tuple[str, ...] = SCOTLAND + IRELAND
"""The four Scotland/Ireland Political spaces (IS-MIN04, IS-MIN06, IS-MIN20)."""

FIRST_TURNS: frozenset[str] = frozenset({"T1", "T3", "T5"})
"""Peace Turns that open an Era (IS-2.1): full Ministry reselection (IS-4.1.7a)."""


def name(card: str) -> str:
    """Display name of Ministry ``card`` (``"M-5"`` -> ``"Robert Walpole"``)."""
    return B.MINISTRIES[card]["name"]


def card_of(key: str) -> str:
    """The card id of an exhaustion key (``"M-8A"`` -> ``"M-8"``, ``"M-5"`` -> ``"M-5"``)."""
    if key[-1] in "AB" and key[:-1] in TWO_ABILITY:
        return key[:-1]
    return key


# ---------------------------------------------------------------------------- exhaustion
def exhaust(st: State, key: str) -> None:
    """Mark ability ``key`` exhausted until the next Reset Phase (IS-3.5b)."""
    st["min_exhausted"][key] = 1


def is_exhausted(st: State, key: str) -> bool:
    """True when once-per-turn ability ``key`` was used this turn (``"M-17"``: both free Debt
    points used)."""
    if key == "M-17":
        return st["min_exhausted"].get(key, 0) >= 2
    return key in st["min_exhausted"]


def reset(st: State) -> None:
    """Reset Phase (IS-4.1.5a, d): refresh every Ministry ability and clear the Townshend Acts
    marker."""
    st["min_exhausted"].clear()
    st["townshend"] = None


def round_reset(st: State) -> None:
    """IS-5.0a: refresh "first time each Action Round" abilities and per-round marks. They live
    in ``st["round"]["mods"]`` (keys ``min…``/``m4…``); this drops any left in the current record,
    so calling it on a fresh round record is harmless."""
    rd = st.get("round")
    if rd is None:
        return
    mods = rd.setdefault("mods", {})
    for k in [k for k in mods if k.startswith(("min", "m4"))]:
        del mods[k]


def mods(st: State) -> dict[str, Any]:
    """The current round's transient modifiers (a throwaway dict outside an Action Round)."""
    rd = st.get("round")
    if rd is None:
        return {}
    return rd.setdefault("mods", {})


def in_slot(st: State, side: int, card: str) -> bool:
    """True when ``card`` sits in one of ``side``'s slots, face up or down."""
    return any(s["card"] == card for s in st["min_slots"][side])


def usable(st: State, side: int, key: str) -> bool:
    """True when ability ``key`` of ``side`` can be used now as far as the card goes: the card is
    in a slot (face up, or face down — using it reveals it, IS-3.5a), belongs to ``side`` and is
    not exhausted. Timing (own round, before the tile, …) is the caller's."""
    card = card_of(key)
    if B.MINISTRIES[card]["side"] != SIDE_KEY[side] or card in st["min_removed"]:
        return False
    return in_slot(st, side, card) and not is_exhausted(st, key)


def reveal(st: State, side: int, card: str, out: list[Event]) -> None:
    """Turn ``side``'s face-down Ministry ``card`` face up (IS-3.5a) and run its reveal effect
    (:func:`on_reveal`: IS-MIN20, IS-MIN24b). Raises ValueError if the card is not face down in a slot."""
    for s in st["min_slots"][side]:
        if s["card"] == card and not s["up"]:
            s["up"] = True
            out.append(S.ev(st, "reveal", side, card=card))
            on_reveal(st, side, card, out)
            return
    raise ValueError(f"{card} is not face down for {S.SIDE_NAMES[side]}")


def ensure_up(st: State, side: int, card: str, out: list[Event]) -> None:
    """Reveal ``card`` if it is face down (IS-3.5a: using an ability needs the card face up)."""
    if not S.face_up(st, side, card):
        reveal(st, side, card, out)


def use(st: State, side: int, key: str, out: list[Event], *, once: bool = True) -> None:
    """Use ability ``key``: reveal its card if needed, exhaust it when ``once`` (IS-3.5b), and log
    ``ministry_use`` {card, ability}."""
    card = card_of(key)
    ensure_up(st, side, card, out)
    if once:
        exhaust(st, key)
    out.append(S.ev(st, "ministry_use", side, card=card, ability=key[len(card) :] or None))


# ---------------------------------------------------------------------------- Ministry Phase
def valid_cards(st: State, side: int) -> list[str]:
    """``side``'s cards valid in the current Era (IS-13.4), not removed from the game."""
    era = S.era(st)
    return [
        c
        for c, m in B.MINISTRIES.items()
        if m["side"] == SIDE_KEY[side] and era in m["eras"] and c not in st["min_removed"]
    ]


def has_jacobite_right(st: State) -> bool:
    """IS-7.3a: France holds the Jacobite right (and no Jacobite Defeat has happened)."""
    jac = st["jacobite"]
    return bool(jac["right"]) and not jac["defeat"] and "M-4" not in st["min_removed"]


def selectable(st: State, side: int) -> list[str]:
    """IS-4.1.7: cards ``side`` may put into a slot now — valid for the Era, not already in one
    of its slots, not removed from the game (M-4 after a Jacobite Defeat), and for France not M-4
    while the Jacobite right places it automatically. Card-number order."""
    slots = {s["card"] for s in st["min_slots"][side]}
    out = [c for c in valid_cards(st, side) if c not in slots]
    if side == S.FR and has_jacobite_right(st):
        out = [c for c in out if c != "M-4"]
    return out


def begin_phase(st: State, out: list[Event]) -> None:
    """Start of a Ministry Phase (IS-4.1.7). On the first turn of an Era every card returns to
    its owner: each side gets 2 empty slots (IS-4.1.7a). Otherwise slots are kept (at least 2 per
    side). Then the Jacobite third slot is settled (:func:`jacobite_slot`)."""
    first = S.turn_id(st) in FIRST_TURNS
    for side in (S.FR, S.BR):
        slots = st["min_slots"][side]
        if first:
            slots[:] = [{"card": None, "up": False}, {"card": None, "up": False}]
        while len(slots) < 2:
            slots.append({"card": None, "up": False})
    jacobite_slot(st, out)


def jacobite_slot(st: State, out: list[Event]) -> None:
    """IS-7.3a, IS-4.1.7a/b, IS-A20: while France holds the Jacobite right, M-4 sits face up in a
    third French slot. If M-4 was one of France's two regular cards, that slot becomes empty (to be
    filled in this Ministry Phase). Logs ``jacobite_slot`` when something changed."""
    if not has_jacobite_right(st):
        return
    slots = st["min_slots"][S.FR]
    while len(slots) < 2:
        slots.append({"card": None, "up": False})
    if len(slots) >= 3 and slots[2]["card"] == "M-4" and slots[2]["up"]:
        return
    for s in slots[:2]:
        if s["card"] == "M-4":
            s["card"], s["up"] = None, False
    if len(slots) < 3:
        slots.append({"card": "M-4", "up": True})
    else:
        slots[2] = {"card": "M-4", "up": True}
    out.append(S.ev(st, "jacobite_slot", S.FR, card="M-4"))


def remove_m4(st: State, out: list[Event]) -> None:
    """Jacobite Defeat (IS-7.3b, IS-MIN20, IS-A21): mark the Defeat, end the Jacobite right and
    remove M-4 from the game from any French slot, face up or down. A third slot holding it
    disappears; a regular slot holding it stays empty until the next Ministry Phase."""
    jac = st["jacobite"]
    already = jac["defeat"]
    jac["defeat"] = True
    jac["right"] = False
    if not already:
        out.append(S.ev(st, "jacobite_defeat", None))
    if "M-4" in st["min_removed"]:
        return
    st["min_removed"]["M-4"] = 1
    slots = st["min_slots"][S.FR]
    for i in range(len(slots) - 1, -1, -1):
        if slots[i]["card"] == "M-4":
            if i >= 2:
                del slots[i]
            else:
                slots[i] = {"card": None, "up": False}
    out.append(S.ev(st, "ministry_removed", S.FR, card="M-4"))


def on_reveal(st: State, side: int, card: str, out: list[Event]) -> None:
    """Reveal effects, run by :func:`reveal` after ``card`` turned face up.

    * M-20 Papacy-Hanover Negotiations: Jacobite Defeat at once (IS-MIN20, IS-7.3b).
    * M-24 North American Trade: every spent Huguenots marker becomes fresh (IS-MIN24 b, IS-A25).
    """
    if card == "M-20" and side == S.BR:
        remove_m4(st, out)
    elif card == "M-24" and side == S.FR:
        spent = [t for t, v in st["huguenots"].items() if v == 2]
        for t in spent:
            st["huguenots"][t] = 1
        if spent:
            out.append(S.ev(st, "huguenots_refresh", S.FR, n=len(spent), spaces=spent))


# ---------------------------------------------------------------------------- end of turn
def end_of_turn(st: State, out: list[Event]) -> None:
    """Resolve Remaining Powers (IS-4.1.11): John Law (IS-MIN02), if face up, lowers French Debt
    by 1, or by 2 when France controls a Scotland space (conflicted ignored, IS-0.5). Not
    exhausted. No other card acts here."""
    if not S.face_up(st, S.FR, "M-2"):
        return
    n = 2 if any(S.counts_for(st, S.FR, s) for s in SCOTLAND) else 1
    S.reduce_debt(st, S.FR, n, out, "john_law")
