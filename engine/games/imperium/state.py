"""iMperium state layout and small helpers: card lookup, costs, dice pool, points, zone moves.

The state is plain data (README "State"). Card instances are ints ``seat * 100 + i``; a seat only
ever owns its own instances (IMP-1.2), so ``play[s]``, ``hand[s]``, ``deck[s]`` and
``discard[s]`` hold only ``s``'s cards. Decks are stored top card last.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from engine.rules import Event

from .cards import (
    ARMY,
    CIVILIZATION,
    EXPANDED_CARDS,
    GREAT_PERSON,
    NAVY,
    PTS12,
    STEALABLE,
    UNSTEALABLE,
    WONDER,
    Card,
)

State = dict[str, Any]

TAPPED = 1  # play-area flag bits (README)
FACE_DOWN = 2
NEW = 4  # entered play this turn (IMP-V10)

BASE_DICE = 3  # IMP-4.1
ARMY_WIN = 5  # IMP-6.6
NAVY_THRESHOLD = 2  # IMP-6.10
POINTS_WIN12 = 12  # 1 point in twelfths (IMP-8.3)


def card(st: State, iid: int) -> Card:
    """The :class:`Card` of instance ``iid``."""
    return EXPANDED_CARDS[st["decks"][iid // 100]][iid % 100]


def cid(st: State, iid: int) -> str:
    """The card id of instance ``iid``."""
    return EXPANDED_CARDS[st["decks"][iid // 100]][iid % 100].id


def civ(st: State, seat: int) -> str:
    """Display name of a seat: its civilization, numbered in a mirror match (IMP-V8)."""
    d = st["decks"]
    name = CIVILIZATION[d[seat]]
    return name if d[0] != d[1] else f"{name} {seat + 1}"


def ev(st: State, kind: str, seat: int | None, /, **args: Any) -> Event:
    """An :class:`Event`; ``args["decks"]`` (the state's deck names) lets ``describe`` name
    the seats without the state."""
    args["decks"] = st["decks"]
    return Event(kind, seat, args)


# ---------------------------------------------------------------- play-area queries


def face_up_ids(st: State, seat: int) -> list[str]:
    """Card ids of ``seat``'s face-up cards in play (IMP-7.8 permanents work only face up)."""
    cards = EXPANDED_CARDS[st["decks"][seat]]
    base = seat * 100
    return [cards[iid - base].id for iid, f in st["play"][seat] if not f & FACE_DOWN]


def has_up(st: State, seat: int, card_id: str) -> bool:
    """True if ``seat`` has a face-up ``card_id`` in play."""
    cards = EXPANDED_CARDS[st["decks"][seat]]
    base = seat * 100
    for iid, f in st["play"][seat]:  # noqa: SIM110 (a loop beats any() on this hot path)
        if not f & FACE_DOWN and cards[iid - base].id == card_id:
            return True
    return False


def count_category(st: State, seat: int, category: str) -> int:
    """Face-up cards of ``category`` in ``seat``'s play area, tapped included (IMP-7.12)."""
    cards = EXPANDED_CARDS[st["decks"][seat]]
    base = seat * 100
    return sum(
        1
        for iid, f in st["play"][seat]
        if not f & FACE_DOWN and cards[iid - base].category == category
    )


def dice_increase_cards(st: State, seat: int) -> int:
    """Dice-increase cards in play (IMP-7.11, IMP-A31): face-up cards with any dice bonus."""
    cards = EXPANDED_CARDS[st["decks"][seat]]
    base = seat * 100
    return sum(
        1
        for iid, f in st["play"][seat]
        if not f & FACE_DOWN and cards[iid - base].dice_bonus != "none"
    )


def points12(st: State, seat: int) -> int:
    """Point total in twelfths: face-up Great Persons and Wonders only (IMP-7.13, IMP-A07)."""
    pts = PTS12[st["decks"][seat]]
    base = seat * 100
    total = 0
    for iid, f in st["play"][seat]:
        if not f & FACE_DOWN:
            total += pts[iid - base]
    return total


def points(st: State, seat: int) -> Fraction:
    """Exact point total as a Fraction (IMP-7.13)."""
    return Fraction(points12(st, seat), 12)


def fmt_points(value: Fraction) -> str:
    """A fraction string: "0", "1/4", "1"."""
    return str(value)


def points_units(st: State, seat: int) -> str:
    """``seat``'s points in its deck's units: "2/6 points" (Greek cards score 1/6), "1/4 points"
    (Roman cards score 1/4), so the count of scoring cards reads directly (IMP-7.13)."""
    unit = 4 if st["decks"][seat] == "roman" else 6
    n = points12(st, seat) * unit
    if n % 12:
        return f"{points(st, seat)} points"
    return f"{n // 12}/{unit} points"


# ---------------------------------------------------------------- dice (section 4)


def _dice_parts(st: State, seat: int) -> tuple[int, int, int]:
    """(stealable, unstealable, defenses) of ``seat``'s play area (IMP-4.2, IMP-4.3)."""
    cards = EXPANDED_CARDS[st["decks"][seat]]
    base = seat * 100
    stl = uns = dfn = 0
    for iid, f in st["play"][seat]:
        if f & FACE_DOWN:
            continue
        c = cards[iid - base]
        if c.dice_bonus == STEALABLE:
            stl += 1
        elif c.dice_bonus == UNSTEALABLE:
            uns += 1
        elif c.is_defense:
            dfn += 1
    return stl, uns, dfn


def stolen_dice(st: State, seat: int) -> int:
    """Dice stolen from ``seat`` (IMP-4.4): unprotected stealable dice if the opponent holds
    Army Dominance, else 0."""
    if st["army_dom"] != 1 - seat:
        return 0
    stl, _uns, dfn = _dice_parts(st, seat)
    return stl - min(stl, dfn)


def dice_pool(st: State, seat: int) -> int:
    """The dice pool of ``seat``'s energy roll (IMP-4.5; IMP-V1 steal_mode)."""
    stl, uns, dfn = _dice_parts(st, seat)
    pool = BASE_DICE + stl + uns
    if st["army_dom"] == 1 - seat:
        pool -= stl - min(stl, dfn)
    elif st["army_dom"] == seat and st["opts"]["steal_mode"] == "transfer":
        pool += stolen_dice(st, 1 - seat)
    return pool


def energy_of(dice: list[int]) -> int:
    """Sum of the two highest dice, or the single die (IMP-4.7)."""
    if len(dice) == 1:
        return dice[0]
    a = b = 0
    for d in dice:
        if d > a:
            a, b = d, a
        elif d > b:
            b = d
    return a + b


# ---------------------------------------------------------------- costs (IMP-5.8)


def cost_context(st: State, seat: int) -> tuple[bool, bool, bool, bool]:
    """What current costs depend on (IMP-5.8): (own Parthenon face up, opponent's Hadrian's
    Wall face up, ``seat`` holds Army Dominance, IMP-V3 Homeros declaration made)."""
    return (
        has_up(st, seat, "parthenon"),
        has_up(st, 1 - seat, "hadrians_wall"),
        st["army_dom"] == seat,
        st["homeros_free"],
    )


def play_cost_in(ctx: tuple[bool, bool, bool, bool], c: Card) -> int:
    """Play cost of ``c`` under :func:`cost_context` ``ctx``, without a Homeros charge."""
    cat = c.category
    if cat == GREAT_PERSON:
        return c.cost - 1 if ctx[0] else c.cost  # IMP-10.20 (12 -> 11)
    if ctx[3] and cat in (ARMY, NAVY):
        return 0  # IMP-V3 declaration
    return c.cost


def tap_cost_in(ctx: tuple[bool, bool, bool, bool], c: Card) -> int:
    """Tap cost of ``c`` under ``ctx`` without a Homeros charge: additions first, then
    "set to 0" last (IMP-5.8, IMP-A09)."""
    cost = c.tap_cost or 0
    cat = c.category
    if cat == ARMY:
        if ctx[3]:
            return 0
        if ctx[2] and c.id == "hoplite":
            cost += 1  # IMP-10.1
        if ctx[1]:
            cost += 2  # IMP-9.16, IMP-A32
    elif cat == NAVY and ctx[3]:
        return 0
    return cost


def play_cost(st: State, seat: int, c: Card) -> int:
    """Current play cost of ``c`` for ``seat`` without a Homeros charge (IMP-5.8)."""
    return play_cost_in(cost_context(st, seat), c)


def tap_cost(st: State, seat: int, c: Card) -> int:
    """Current tap cost of ``c`` for ``seat`` without a Homeros charge (IMP-5.8, IMP-A09)."""
    return tap_cost_in(cost_context(st, seat), c)


# ---------------------------------------------------------------- zones


def hand_ids(st: State, seat: int) -> list[str]:
    """Card ids in ``seat``'s hand, in hand order."""
    cards = EXPANDED_CARDS[st["decks"][seat]]
    base = seat * 100
    return [cards[i - base].id for i in st["hand"][seat]]


def distinct(ids: list[str]) -> list[str]:
    """``ids`` without repeats, first-seen order."""
    seen: list[str] = []
    for x in ids:
        if x not in seen:
            seen.append(x)
    return seen


def take_from_hand(st: State, seat: int, card_id: str) -> int:
    """Remove one ``card_id`` from ``seat``'s hand and return its instance.

    Prefers an instance the opponent knows (so knowledge never outlives the card it is about);
    raises ValueError if none is there.
    """
    hand = st["hand"][seat]
    known = st["known"][seat]
    pick = -1
    for iid in reversed(hand):
        if cid(st, iid) == card_id:
            if iid in known:
                pick = iid
                break
            if pick < 0:
                pick = iid
    if pick < 0:
        raise ValueError(f"{card_id} not in hand")
    hand.remove(pick)
    if pick in known:
        known.remove(pick)
    return pick


def forget_known_wonders(st: State, seat: int) -> None:
    """IMP-A44: a card played face down makes the opponent forget every Wonder it knew in
    ``seat``'s hand (they become unknown cards), so which Wonder went face down cannot be told;
    other known cards stay known."""
    cards = EXPANDED_CARDS[st["decks"][seat]]
    base = 100 * seat
    known = st["known"][seat]
    known[:] = [iid for iid in known if cards[iid - base].category != WONDER]


def take_from_discard(st: State, seat: int, card_id: str) -> int:
    """Remove the most recent ``card_id`` from ``seat``'s discard pile and return it."""
    pile = st["discard"][seat]
    for k in range(len(pile) - 1, -1, -1):
        if cid(st, pile[k]) == card_id:
            return pile.pop(k)
    raise ValueError(f"{card_id} not in discard")


def to_hand(st: State, seat: int, iid: int, known: bool) -> None:
    """Put ``iid`` into its owner's hand; ``known`` = its identity is known to the opponent."""
    st["hand"][seat].append(iid)
    if known:
        st["known"][seat].append(iid)


def discard_hand(st: State, seat: int) -> list[int]:
    """Move ``seat``'s whole hand to its discard pile (IMP-6.10); returns the instances."""
    cards = list(st["hand"][seat])
    st["discard"][seat].extend(cards)
    st["hand"][seat] = []
    st["known"][seat] = []
    return cards


def index_of(st: State, seat: int, iid: int) -> int:
    """Index of ``iid`` in ``seat``'s play area, or -1."""
    for k, e in enumerate(st["play"][seat]):
        if e[0] == iid:
            return k
    return -1
