"""The Res Publica bot trades like a player (issue 18): fair answers, fair acceptance.

Hand-built positions (``position.build``, P1 = seat 0; decks mid-game). The bot is asked
through ``engine.ai.decide`` one prompt at a time, as in a match (``bot_steps``), so every spec
comes out of the step-by-step composer. Rule IDs: shared/rules/res_publica.md.
"""

from __future__ import annotations

from test_rp_bot import DECKS, bot_steps

from engine.games.res_publica import RULES
from engine.games.res_publica.position import build, summarize
from engine.games.res_publica.trade import can_fulfil, parse_multiset, parse_short
from engine.rng import Rng


def _answer(st: dict, seat: int) -> str | None:
    """Let the bot at ``seat`` answer the running statement; its response (short form) or
    None for a pass (RP-4.5)."""
    bot_steps(st, seat, lambda s: s["phase"] != "respond" or s["trade"]["next"] != seat)
    return dict(st["trade"]["responses"])[seat]


def test_rp_bot_says_yes_to_a_fair_offer_that_pairs_its_goth():
    """RP-4.5 (Offer), RP-9.2: P1 offers one Goth; the bot (P2) holds a lone Goth, a lone
    Viking and a Chemistry pair. The Goth makes a pair, so it counter-offers one card, the
    lone Viking: one for one, never the Goth it is getting, never its pair."""
    st = build({**DECKS, "hands": {"P1": "GO, AS×2", "P2": "GO, VI, CH×2"}})
    RULES.apply(st, 0, "off:1GO", Rng.seeded(1))
    assert _answer(st, 1) == "1VI"
    RULES.apply(st, 0, "accept:1", Rng.seeded(1))  # the offerer takes it (RP-4.8)
    bot_steps(st, 1, lambda s: s["phase"] != "fulfil")
    assert summarize(st)["hands"]["P2"] == "GO×2, CH×2"


def test_rp_bot_accepts_a_fair_answer_to_its_request():
    """RP-4.8, RP-4.10: the bot (P1) asked for one Goth (it holds one: a pair in the making);
    P2 answers '1 people card'. One card for one is fair and helps it, so it accepts, and at
    fulfilment gives its lone Viking, not the Goth (RP-5.7: the giver picks; RP-A31)."""
    st = build({**DECKS, "hands": {"P1": "GO, VI, CH×2", "P2": "GO×2, AS"}})
    RULES.apply(st, 0, "req:1GO", Rng.seeded(1))
    RULES.apply(st, 1, "resp:1PEO", Rng.seeded(1))
    assert st["phase"] == "accept"  # P3 and P4 hold nothing: they pass by themselves
    assert bot_steps(st, 0, lambda s: s["phase"] != "accept") == ["accept:1"]
    bot_steps(st, 0, lambda s: s["phase"] != "fulfil")
    if st["phase"] == "fulfil":
        RULES.apply(st, 1, "give:1GO", Rng.seeded(1))
    assert summarize(st)["hands"]["P1"] == "GO×2, CH×2"


def test_rp_bot_does_not_demand_five_any_cards():
    """RP-4.5 (Request): P1 asks for one Goth; the bot (P2) has a lone Goth it can spare. Its
    counter-request asks for one card (what it needs: an Architecture or a Shipbuilding to pair
    its lone ones, RP-9.2), never a pile of any cards; and P1 can accept it (RP-4.9)."""
    st = build(
        {**DECKS, "hands": {"P1": "GO×3, AS, HU, AR, SH", "P2": "GO, AR, SH, LO", "P3": "VI"}}
    )
    RULES.apply(st, 0, "req:1GO", Rng.seeded(1))
    resp = _answer(st, 1)
    assert resp is not None
    spec = parse_short(resp)
    assert max(spec.sizes()) == 1
    assert all(kind != 12 for _, kind in spec.terms)  # not "ANY"
    assert can_fulfil(parse_multiset("GO×3, AS, HU, AR, SH"), spec)


def test_rp_bot_answers_a_cheap_request_at_a_fair_price():
    """RP-4.5, RP-4.6: P1, holding three cards (too few to be one Commerce short of a set,
    RP-A21), asks for one Commerce; the bot has a lone one it does not need. It answers with a
    one-card counter-request (what it needs), P1 can pay it and takes it, and the bot ends
    with its Commerce gone and one card in its place (RP-4.10)."""
    st = build({**DECKS, "hands": {"P1": "AS, GO, HU", "P2": "CO, AS, GO, VI×2"}})
    RULES.apply(st, 0, "req:1CO", Rng.seeded(1))
    resp = _answer(st, 1)
    assert resp is not None
    spec = parse_short(resp)
    assert max(spec.sizes()) == 1  # one card for one
    assert can_fulfil(parse_multiset("AS, GO, HU"), spec)
    RULES.apply(st, 0, "accept:1", Rng.seeded(1))
    bot_steps(st, 1, lambda s: s["phase"] != "fulfil")
    if st["phase"] == "fulfil":
        give = next(c for c in ("AS", "GO", "HU") if can_fulfil(parse_multiset(c), spec))
        RULES.apply(st, 0, f"give:1{give}", Rng.seeded(1))
    hand = summarize(st)["counts"]["P2"]
    assert hand.get("CO", 0) == 0 and sum(hand.values()) == 5


def test_rp_bot_refuses_an_answer_that_breaks_its_pair_for_nothing():
    """RP-4.8: the bot (P1) asked for one Goth; P2 wants its two Chemistry for it (breaking the
    bot's only civilization pair for a card of a type it holds once) and P3 wants four any
    cards. Both hurt the bot; it rejects all, and its hand is unchanged (RP-4.14)."""
    st = build({**DECKS, "hands": {"P1": "GO, AS, CH×2, VI", "P2": "GO×2", "P3": "GO, HU"}})
    RULES.apply(st, 0, "req:1GO", Rng.seeded(1))
    RULES.apply(st, 1, "resp:2CH", Rng.seeded(1))
    RULES.apply(st, 2, "resp:4ANY", Rng.seeded(1))
    assert st["phase"] == "accept"
    assert bot_steps(st, 0, lambda s: s["phase"] != "accept") == ["reject"]
    assert summarize(st)["hands"]["P1"] == "AS, GO, VI, CH×2"
