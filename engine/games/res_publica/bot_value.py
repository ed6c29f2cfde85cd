"""Hand valuation for the Res Publica bot: what a hand is worth to its seat, what receiving a
spec is worth, and the cheapest cards to give for a spec.

Everything here reads only what the seat may know (its own hand, the tableaus, the score stacks,
deck sizes, public hand sizes), so plans built on it are the same in every determinized world.

The value of a hand is a sum over the 10 types (RP-9): sets of 5 are worth their score card
(RP-6.4: a settlement, 3 points plus the civilization draws it opens, RP-7.2; or the top city),
cards left over score their pairs (RP-9.2), and a partial set earns a share of a set's worth
while the game still has time and enough cards of that type are outside the tableaus (RP-1.5:
at most two sets per type).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.rules import State

from . import trade as tr
from .cards import COPIES, K_ANY, K_CIV, K_PAIR, K_PEOPLE, NT, SET_SIZE, kind_types
from .state import settlements_of

PROGRESS = (0.0, 0.08, 0.2, 0.35, 0.55)
"""Chance credited to 0..4 cards of a type of growing into a set while one is reachable: they
then earn that share of what the set adds over their pairs."""
CARD_BONUS = 0.08
"""Small worth of any card (more cards, more future pairs and trade goods)."""


@dataclass(frozen=True, slots=True)
class Valuer:
    """Per-type worth of card counts for one seat at one moment.

    Attributes:
        set_value: points one more set of each type would bring (settlement or top city).
        room: sets of each type still displayable (RP-1.5: at most two per type).
        outside: cards of each type not in the own hand nor in any tableau (could still come).
        horizon: 0..1, how much time remains to complete a set (0 in the final display).
        pool: weights of the cards the seat cannot see (by type), for generic receipts.
    """

    set_value: tuple[float, ...]
    room: tuple[int, ...]
    outside: tuple[int, ...]
    horizon: float
    pool: tuple[int, ...]

    def type_value(self, t: int, c: int) -> float:
        """Worth of holding ``c`` cards of type ``t``."""
        sets = min(c // SET_SIZE, self.room[t])
        rem = c - SET_SIZE * sets
        v = sets * self.set_value[t] + (rem // 2) + CARD_BONUS * rem
        if rem < SET_SIZE and sets < self.room[t] and self.outside[t] + rem >= SET_SIZE:
            v += PROGRESS[rem] * self.horizon * max(0.0, self.set_value[t] - rem // 2)
        return v

    def hand_value(self, hand: Sequence[int]) -> float:
        """Worth of a whole hand (10 counts)."""
        return sum(self.type_value(t, c) for t, c in enumerate(hand))

    def gain(self, hand: Sequence[int], t: int, k: int = 1) -> float:
        """Change in worth when ``k`` cards of type ``t`` are added (negative ``k``: removed)."""
        return self.type_value(t, hand[t] + k) - self.type_value(t, hand[t])

    def gain_with(self, hand: Sequence[int], plus: Sequence[int], t: int, k: int) -> float:
        """:meth:`gain` on the hand with the cards ``plus`` (10 counts) added."""
        c = hand[t] + plus[t]
        return self.type_value(t, c + k) - self.type_value(t, c)

    def generic_gain(self, hand: Sequence[int], kind: int) -> float:
        """Expected worth of one unseen card of ``kind`` (two for PAIR: one pair)."""
        types = kind_types(kind)
        k = 2 if kind == K_PAIR else 1
        w = sum(self.pool[t] for t in types)
        if not w:
            return CARD_BONUS * k
        return sum(self.pool[t] * self.gain(hand, t, k) for t in types) / w

    def receive_value(self, hand: Sequence[int], spec: tr.Spec) -> float:
        """Worth of receiving cards for ``spec`` chosen by the giver (RP-5.7): the mean over
        its alternatives (the giver picks the one cheapest to it, which we cannot tell);
        generic terms count at the expected worth of an unseen card."""
        alts = spec.alternatives()
        out = 0.0
        for alt in alts:
            h = list(hand)
            v = 0.0
            for count, kind in alt:
                if kind < NT:
                    v += self.gain(h, kind, count)
                    h[kind] += count
                else:
                    v += count * self.generic_gain(h, kind)
            out += v
        return out / len(alts)


def valuer(st: State, seat: int) -> Valuer:
    """The :class:`Valuer` of ``seat`` in ``st`` (public facts and the own hand only)."""
    hand = st["hands"][seat]
    shown = [0] * NT
    for tab in st["tableau"]:
        for t, _ in tab:
            shown[t] += 1
    room = tuple(max(0, 2 - s) for s in shown)
    outside = tuple(COPIES - SET_SIZE * shown[t] - hand[t] for t in range(NT))
    known = [0] * NT
    for h in range(st["n"]):
        if h != seat:
            for t in range(NT):
                known[t] += st["known"][seat][h][t]
    pool = tuple(max(0, outside[t] - known[t]) for t in range(NT))
    civ_left = len(st["civ_deck"])
    if st["phase"] in ("final_display", "over"):
        horizon = 0.0
    elif st["final"] >= 0:
        horizon = 0.15
    else:
        horizon = min(1.0, 0.25 + civ_left / 30)
    city = st["cities"][-1] if st["cities"] else 4
    draws = 0.0
    if st["final"] < 0 and settlements_of(st, seat) < 3:
        draws = 3.5 * min(1.0, civ_left / 30)
    sv = tuple(3.0 + draws if t < 5 else float(city) for t in range(NT))
    return Valuer(sv, room, outside, horizon, pool)


# ----------------------------------------------------------------------------- giving
_ORDER = {K_PEOPLE: 1, K_CIV: 1, K_PAIR: 2, K_ANY: 3}


def _greedy(
    v: Valuer, hand: Sequence[int], alt: Sequence[tuple[int, int]], plus: Sequence[int]
) -> list[int] | None:
    """Cards for one alternative, each generic card the cheapest to lose (valued on the hand
    plus the cards ``plus`` about to be received); None on failure."""
    rest = list(hand)
    sel = [0] * NT
    for count, kind in sorted(alt, key=lambda term: _ORDER.get(term[1], 0)):
        if kind < NT:
            if rest[kind] < count:
                return None
            rest[kind] -= count
            sel[kind] += count
            continue
        step = 2 if kind == K_PAIR else 1
        for _ in range(count):
            options = [t for t in kind_types(kind) if rest[t] >= step]
            if not options:
                return None
            t = min(options, key=lambda t: (-v.gain_with(rest, plus, t, -step), t))
            rest[t] -= step
            sel[t] += step
    return sel


def cheapest(
    v: Valuer, hand: Sequence[int], spec: tr.Spec, plus: Sequence[int] | None = None
) -> tuple[float, list[int]] | None:
    """The selection from ``hand`` satisfying ``spec`` that loses the least worth, and that
    loss; None when ``hand`` cannot fulfil ``spec`` (RP-5.6). With ``plus`` (10 counts: cards
    about to be received, which cannot pay, RP-A31) the loss is valued on the hand with them,
    so a seat does not give away the type it is receiving. Deterministic."""
    if not tr.can_fulfil(hand, spec):
        return None
    plus = plus or [0] * NT
    full = [h + p for h, p in zip(hand, plus, strict=True)]
    base = v.hand_value(full)
    best: tuple[float, list[int]] | None = None
    cands = []
    for alt in spec.alternatives():
        sel = _greedy(v, hand, alt, plus)
        if sel is not None and tr.satisfies(sel, spec):
            cands.append(sel)
    if not cands:
        cands = list(tr.selections(hand, spec, limit=200))
    for sel in cands:
        loss = base - v.hand_value([h - s for h, s in zip(full, sel, strict=True)])
        if best is None or loss < best[0] - 1e-9:
            best = (loss, sel)
    return best


def specific_cards(alt: Sequence[tuple[int, int]]) -> list[int]:
    """The cards (10 counts) an alternative names by type; generic terms add none."""
    out = [0] * NT
    for count, kind in alt:
        if kind < NT:
            out[kind] += count
    return out


def exchange(
    v: Valuer, hand: Sequence[int], give: tr.Spec, get: tr.Spec
) -> tuple[float, list[int]] | None:
    """Worth of giving cards for ``give`` while receiving cards for ``get`` (RP-4.10), and the
    cards to give; None when ``hand`` cannot fulfil ``give``. Both selections are secret and
    simultaneous, and the other side picks its alternative and generic cards (RP-5.7): each
    candidate selection (the cheapest for each alternative of ``get`` received) is valued over
    all alternatives (``Valuer.receive_value``), and the best candidate is kept."""
    cands = []
    alts = get.alternatives()
    for alt in alts:
        pay = cheapest(v, hand, give, specific_cards(alt))
        if pay is None:
            return None
        if pay[1] not in cands:
            cands.append(pay[1])
    base = v.hand_value(hand)
    best: tuple[float, list[int]] | None = None
    for sel in cands:
        after = [h - s for h, s in zip(hand, sel, strict=True)]
        worth = v.hand_value(after) - base + v.receive_value(after, get)
        if best is None or worth > best[0] + 1e-9:
            best = (worth, sel)
    return best
