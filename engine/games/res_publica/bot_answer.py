"""How a Res Publica bot answers a rival's statement (RP-4.5, RP-4.6): at a fair price.

Request (RP-4.5 counter-request): if the bot can give what is asked, it prices what giving
costs it (the cheapest cards, ``bot_value.cheapest``, plus the rival's weighted gain,
``bot_market.rival_gain``) and asks for what it needs in return: the types that grow its sets
and pairs, two of them joined by OR so the asker can more likely pay (RP-4.9), or generic cards
when no type is worth it. For each kind it asks for the fewest cards that make the trade worth
more than ``MARGIN`` to it, so it never demands more than the trade is worth to it by more than
one card, and at most ``EXTRA`` cards more than it gives; among those answers it picks the best
expected gain (chance that the asker can pay, and takes it, times the net).

Offer (RP-4.5 counter-offer): if the offered cards are worth more than what the bot can spare,
it offers the cheapest cards it can spare, as many as it is offered (fewer if a fair count
would not pay), spelled by type where at most two types are given.
"""

from __future__ import annotations

from engine.rules import State

from . import trade as tr
from .bot_market import GENERIC, pay_chance, rival_gain, trade_net
from .bot_value import Valuer, cheapest, specific_cards
from .cards import K_ANY, NT
from .state import hand_size

MARGIN = 0.02
"""Least net worth (points) a bot wants from a trade it answers: a fair answer only has to
improve its position."""
EXTRA = 2
"""At most this many cards more than it gives does a counter-request ask for."""
TAKE_ODDS = (1.0, 0.1, 0.03)
"""Assumed chance that the asker takes an answer asking for 0, 1, 2 cards more than it gets
(about what bot-only matches show, ``scripts/rp_trade_stats.py``)."""
OFFER_TAKE_ODDS = (1.0, 0.5, 0.25)
"""Assumed chance that an offerer takes a counter-offer of 0, 1, 2 cards fewer than it gives."""
NAMED_ODDS = (0.2, 0.45)
"""Assumed chance that an asker able to pay a counter-request naming one type (first) or two
types joined by OR (second) is willing to: the type may be one of its own pairs or sets in the
making (about what bot-only matches show)."""
WANT_TYPES = 3
"""How many of its most wanted types the bot considers naming in a counter-request."""


def _cards(spec: tr.Spec) -> int:
    """The most cards ``spec`` can stand for (its largest alternative, RP-5.4)."""
    return max(spec.sizes())


def _fewest(
    st: State, seat: int, v: Valuer, give: tr.Spec, build, cap: int
) -> tuple[float, int, tr.Spec] | None:
    """The smallest ``k`` (1..cap) for which receiving ``build(k)`` against giving ``give`` is
    worth more than ``MARGIN`` to ``seat``'s position (``bot_market.trade_net`` with the active
    seat): ``(net, cards given, spec)``, or None."""
    for k in range(1, cap + 1):
        spec = build(k)
        if spec is None:
            return None
        got = trade_net(st, seat, st["active"], v, give, spec)
        if got is None:
            return None
        if got[0] > MARGIN:
            return got[0], sum(got[1]), spec
    return None


def counter_requests(st: State, seat: int, v: Valuer) -> list[tuple[float, tr.Spec]]:
    """Scored counter-requests to the running request (RP-4.5): ``(score, spec)``; empty when
    the bot cannot give what is asked (RP-4.6) or no answer pays."""
    active = st["active"]
    hand = st["hands"][seat]
    stmt = tr.parse_short(st["trade"]["spec"])
    pay = cheapest(v, hand, stmt)
    size = hand_size(st, active)
    if pay is None or size < 1:
        return []
    after = [h - g for h, g in zip(hand, pay[1], strict=True)]
    cap = min(size, sum(pay[1]) + EXTRA)
    wanted = sorted(
        (t for t in range(NT) if v.pool[t] > 0),
        key=lambda t: (-v.gain(after, t, 1), t),
    )[:WANT_TYPES]
    builds = [lambda k, t=t: tr.make([(k, t)]) if k <= v.pool[t] else None for t in wanted]
    for i, a in enumerate(wanted):
        for b in wanted[i + 1 :]:
            builds.append(
                lambda k, a=a, b=b: (
                    tr.make([(k, a), (k, b)], "OR") if k <= min(v.pool[a], v.pool[b]) else None
                )
            )
    builds += [lambda k, kind=kind: tr.make([(k, kind)]) for kind in GENERIC]
    out = []
    for build in builds:
        got = _fewest(st, seat, v, stmt, build, cap)
        if got is None:
            continue
        net, given, spec = got
        extra = max(0, _cards(spec) - given)
        odds = pay_chance(st, seat, active, spec, v) * TAKE_ODDS[min(extra, len(TAKE_ODDS) - 1)]
        if spec.terms[0][1] < NT:
            odds *= NAMED_ODDS[spec.op == "OR"]
        out.append((odds * net, spec))
    return out


def _spell_cards(sel: list[int]) -> tr.Spec:
    """A spec naming exactly the cards ``sel`` (one or two types), else ``k ANY``."""
    types = [t for t in range(NT) if sel[t]]
    if len(types) <= 2:
        return tr.make([(sel[t], t) for t in types], "AND" if len(types) == 2 else None)
    return tr.make([(sum(sel), K_ANY)])


def counter_offers(st: State, seat: int, v: Valuer) -> list[tuple[float, tr.Spec]]:
    """Scored counter-offers to the running offer (RP-4.5): ``(score, spec)``, giving the
    cheapest ``k`` cards for ``k`` up to the offer's size, never of a type offered (giving back
    what comes in is no trade); empty when none pays."""
    active = st["active"]
    hand = st["hands"][seat]
    stmt = tr.parse_short(st["trade"]["spec"])
    offered = min(stmt.sizes())
    spare = list(hand)
    for alt in stmt.alternatives():
        for _, kind in alt:
            if kind < NT:
                spare[kind] = 0
    incoming = specific_cards(stmt.alternatives()[0])
    kept = [h - s + i for h, s, i in zip(hand, spare, incoming, strict=True)]
    base = v.hand_value(hand)
    out = []
    for k in range(1, min(offered, sum(spare)) + 1):
        pay = cheapest(v, spare, tr.make([(k, K_ANY)]), kept)
        if pay is None:
            break
        sel = pay[1]
        after = [h - g for h, g in zip(hand, sel, strict=True)]
        worth = v.hand_value(after) - base + v.receive_value(after, stmt)
        net = worth - rival_gain(st, seat, active, v, sel)
        if net > MARGIN:
            odds = OFFER_TAKE_ODDS[min(offered - k, len(OFFER_TAKE_ODDS) - 1)]
            out.append((odds * net, _spell_cards(sel)))
    return out


def plan_response(st: State, seat: int, v: Valuer) -> tr.Spec | None:
    """The bot's answer to the running statement (RP-4.5/4.6), or None to pass: the best of
    :func:`counter_requests` or :func:`counter_offers` (the first of equal scores)."""
    if st["trade"]["mode"] == "request":
        options = counter_requests(st, seat, v)
    else:
        options = counter_offers(st, seat, v)
    best = None
    for score, spec in options:
        if best is None or score > best[0] + 1e-9:
            best = (score, spec)
    return None if best is None else best[1]
