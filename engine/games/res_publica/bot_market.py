"""What a trade is worth to a Res Publica bot seat: the rival's gain, the net of an exchange,
and the chance that a seat can pay a spec (RP-4.6, RP-4.9).

A trade is judged by the seat's *position*: its own hand value (``bot_value``) less a share of
what the partner gains. With ``n`` seats a trade that helps us and one rival equally still puts
us ahead of the ``n - 2`` others, so a rival's gain counts ``1 / (n - 1)`` (more for a rival
ahead on score cards). Everything reads only what the seat knows (its own hand, its ``known``
cards of other hands, public zones and sizes, the public trade), so every determinized world
gives the same numbers.
"""

from __future__ import annotations

from math import comb

from engine.rules import State

from . import trade as tr
from .bot_value import Valuer, exchange
from .cards import K_ANY, K_CIV, K_PAIR, K_PEOPLE, NT, SET_SIZE, kind_types
from .state import hand_size, score_cards

RIVAL_CARD = 0.45
"""Worth of one ordinary card to a rival (a future pair or set card, RP-9.2), before weighting."""
HINT_SHARE = 0.2
"""Chance assumed that a rival asking for 1-2 cards of one type (a one-term spec) holds the
rest of a set (RP-4.2: a request names what the asker wants; it may as well want a pair)."""
LEADER_WEIGHT = 1.5
"""Extra weight of the gain of a rival ahead of us on score cards (RP-9.3: the highest total
wins)."""


def rival_weight(st: State, seat: int, rival: int) -> float:
    """How much a point for ``rival`` costs ``seat``: ``1 / (n - 1)``, times ``LEADER_WEIGHT``
    when the rival leads us on score cards (RP-9.1; public, RP-10.1)."""
    w = 1.0 / max(1, st["n"] - 1)
    if score_cards(st, rival) > score_cards(st, seat):
        w *= LEADER_WEIGHT
    return w


def hinted(st: State, rival: int) -> tuple[list[bool], list[int]]:
    """What ``rival`` asked to receive by name in the running trade (RP-4.2, RP-4.5): per type,
    whether it named the type, and the cards it is guessed to hold there (asking for 1-2 cards
    of one type, in a one-term spec, hints at the rest of a set if its hand is big enough to
    hold it, RP-A21 public hand sizes). Only requests and
    counter-requests name what their maker wants; an OR names no need for sure."""
    asked_types = [False] * NT
    rest = [0] * NT
    trd = st["trade"]
    if not trd or trd["mode"] != "request":
        return asked_types, rest
    asked = []
    if st["active"] == rival:
        asked.append(trd["spec"])
    asked += [r for s, r in trd["responses"] if s == rival and r]
    for text in asked:
        spec = tr.parse_short(text)
        for alt in spec.alternatives():
            for count, kind in alt:
                if kind >= NT:
                    continue
                asked_types[kind] = True
                big_enough = hand_size(st, rival) >= SET_SIZE - count
                if spec.op != "OR" and count <= 2 and big_enough:
                    rest[kind] = max(rest[kind], SET_SIZE - count)
    return asked_types, rest


def rival_gain(st: State, seat: int, rival: int, v: Valuer, sel: list[int]) -> float:
    """Weighted worth to ``seat``'s position of handing ``sel`` (10 counts) to ``rival``: an
    ordinary card's worth per card, a set's worth where the cards finish a set ``seat`` knows
    of (its ``known`` cards of that hand, RP-4.11), ``HINT_SHARE`` of it where the rival's own
    request suggests one (:func:`hinted`); all times :func:`rival_weight`."""
    known = st["known"][seat][rival]
    hint = hinted(st, rival)[1]
    out = 0.0
    for t in range(NT):
        if not sel[t]:
            continue
        out += RIVAL_CARD * sel[t]
        if v.room[t] == 0:
            continue
        if known[t] % SET_SIZE + sel[t] >= SET_SIZE:
            out += v.set_value[t]
        elif hint[t] and hint[t] + sel[t] >= SET_SIZE:
            out += HINT_SHARE * v.set_value[t]
    return out * rival_weight(st, seat, rival)


def trade_net(
    st: State, seat: int, rival: int, v: Valuer, give: tr.Spec, get: tr.Spec
) -> tuple[float, list[int]] | None:
    """Worth to ``seat``'s position of giving ``rival`` cards for ``give`` and receiving cards
    for ``get`` (``bot_value.exchange``: swapping like for like is worth nothing, the seat does
    not give the type it receives), less :func:`rival_gain`; with the cards given. None if the
    hand cannot pay ``give`` (RP-5.6)."""
    got = exchange(v, st["hands"][seat], give, get)
    if got is None:
        return None
    worth, sel = got
    return worth - rival_gain(st, seat, rival, v, sel), sel


def holds_at_least(
    st: State, seat: int, h: int, types: tuple[int, ...], m: int, v: Valuer
) -> float:
    """Chance, as ``seat`` sees it, that seat ``h`` holds ``m`` or more cards whose types are in
    ``types``: its ``known`` cards of that hand, plus a binomial guess for the rest of the hand
    drawn from the cards ``seat`` cannot see (``v.pool``)."""
    known = st["known"][seat][h]
    have = sum(known[t] for t in types)
    if have >= m:
        return 1.0
    n = hand_size(st, h) - sum(known)
    total = sum(v.pool)
    if n <= 0 or not total:
        return 0.0
    p = sum(v.pool[t] for t in types) / total
    need = m - have
    if p >= 1.0:
        return 1.0 if n >= need else 0.0
    miss = sum(comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(min(need, n + 1)))
    return max(0.0, 1.0 - miss)


def pay_chance(st: State, seat: int, h: int, spec: tr.Spec, v: Valuer) -> float:
    """Chance, as ``seat`` sees it, that seat ``h`` can fulfil ``spec`` (RP-5.6): per term
    :func:`holds_at_least` (PAIR: a guess from the hand size), AND multiplies, OR combines as
    independent alternatives."""
    size = hand_size(st, h)
    alts = []
    for alt in spec.alternatives():
        p = 1.0
        for count, kind in alt:
            if kind == K_ANY:
                p *= 1.0 if size >= count else 0.0
            elif kind == K_PAIR:
                p *= 1.0 if size >= 4 * count else (0.5 if size >= 2 * count else 0.0)
            else:
                p *= holds_at_least(st, seat, h, kind_types(kind), count, v)
        if len(alt) == 2 and sum(c for c, _ in alt) > size:
            p = 0.0
        alts.append(p)
    miss = 1.0
    for p in alts:
        miss *= 1.0 - p
    return 1.0 - miss


GENERIC = (K_PEOPLE, K_CIV, K_ANY)
"""The generic kinds a bot asks for when no type is wanted (PAIR is left to people)."""
