"""Composing statements in the game (RP-4.3, RP-5.1, RP-5.2, RP-5.3, RP-5.9, RP-11.2, RP-11.4):
every seed example can
be said step by step; no forbidden spec can be (the composer offers no way, the
whole-statement shortcut is refused and changes nothing)."""

from __future__ import annotations

import pytest
from rp_helpers import (
    act,
    assert_cannot_compose,
    build,
    choice_ids,
    pass_,
    respond,
    seat_of,
    statement,
    step,
    to_act,
)
from test_rp_grammar import INVALID, VALID

# --- composing in the game (RP-4.3, RP-11.2, RP-11.4) --------------------------------------------

RICH_HAND = "GO×4, HU×3, AS×2, VI, LO, CH×3, ME×3, AR×2, SH×2, CO×2"


@pytest.mark.parametrize("text", VALID[:10])
@pytest.mark.parametrize("mode", ["REQUEST"])
def test_rp_5_9_seed_examples_can_be_stated(mode, text):
    """RP-5.9: every seed example can be stated as a request by an active player."""
    state = build({"active": "P1", "P1": RICH_HAND, "P2": RICH_HAND, "P3": "HU", "P4": "VI"})
    statement(state, "P1", mode, text)
    assert to_act(state) == seat_of("P2")


@pytest.mark.parametrize("text, why", INVALID, ids=[t for t, _ in INVALID])
def test_rp_5_3_invalid_specs_cannot_be_composed(text, why):
    """RP-5.3, RP-11.4: the composer offers no way to state a forbidden spec."""
    state = build({"active": "P1", "P1": RICH_HAND, "P2": RICH_HAND, "P3": "HU", "P4": "VI"})
    assert_cannot_compose(state, "P1", "REQUEST", text)


@pytest.mark.parametrize(
    "held, text",
    [
        ("ME×3", "1 METALWORK AND 2 ANY"),  # RP-A08: the "other" cards may be Metalwork
        ("GO×4", "2 PAIR"),  # RP-A07: two pairs of one type
        ("AR, GO, HU, VI", "1 ARCHITECTURE OR 2 PAIR"),  # RP-5.6: one payable side is enough
        ("CH×3, ME×4", "3 CHEMISTRY OR 3 METALWORK"),
    ],
)
def test_rp_4_4_offers_the_own_hand_can_fulfil(held, text):
    """RP-4.4, RP-5.6, RP-A07, RP-A08: an offer is possible exactly when the own hand can fulfil
    it."""
    state = build({"active": "P1", "P1": held, "P2": RICH_HAND, "P3": "HU", "P4": "VI"})
    statement(state, "P1", "OFFER", text)
    assert to_act(state) == seat_of("P2")


@pytest.mark.parametrize("held", ["AR, GO, HU, VI", "AR, GO"])
def test_rp_5_6_or_offer_payable_by_its_second_term(held):
    """RP-4.4, RP-5.6, RP-5.8: an OR offer is feasible if either alternative is, whatever order the
    terms are said in (the canonical form sorts them): 2 PAIR OR 1 ARCHITECTURE with one
    Architecture and no pair is a valid offer."""
    state = build({"active": "P1", "P1": held, "P2": RICH_HAND, "P3": "HU", "P4": "VI"})
    statement(state, "P1", "OFFER", "2 PAIR OR 1 ARCHITECTURE")
    assert to_act(state) == seat_of("P2")


def test_rp_5_3_generic_count_above_12_can_be_offered():
    """RP-5.3 (other counts at most 60), RP-4.4: with 14 cards in hand, OFFER 13 ANY is a
    valid, payable statement."""
    state = build(
        {"active": "P1", "P1": "GO×4, HU×4, AS×3, VI×3", "P2": "LO", "P3": "CH", "P4": "ME"}
    )
    statement(state, "P1", "OFFER", "13 ANY")
    assert to_act(state) == seat_of("P2")


def test_rp_4_4_request_nobody_can_answer_is_still_a_statement():
    """RP-4.2, RP-4.4, RP-4.14: REQUEST 3 GOTHS is valid even if nobody holds 3 cards; everyone
    must pass and the attempt is used up."""
    state = build({"active": "P1", "P1": "GO×4", "P2": "LO, GO", "P3": "CH", "P4": "ME"})
    statement(state, "P1", "REQUEST", "3 GOTHS")
    for who in ("P2", "P3", "P4"):
        assert choice_ids(state, who) == ["pass"]
        pass_(state, who)
    assert step(state) in ("display", "draw")


def test_rp_4_6_counter_request_only_needs_the_responder_to_deliver():
    """RP-4.5, RP-4.6, RP-4.9: in Request mode a responder who can fulfil the request may ask for
    anything valid (here 2 Vikings from a one-card hand); the active player then cannot
    accept it and must reject."""
    state = build({"active": "P1", "P1": "GO", "P2": "GO, VI×3", "P3": "CH", "P4": "ME"})
    statement(state, "P1", "REQUEST", "1 GOTHS")
    respond(state, "P2", "2 VIKINGS")
    pass_(state, "P3")
    pass_(state, "P4")
    assert choice_ids(state, "P1") == ["reject"]


def test_rp_5_3_request_above_12_any():
    """RP-5.3 (non-type counts up to 60), RP-4.4: REQUEST 13 ANY is a valid statement even
    when no other hand holds 13 cards; everyone must then pass."""
    state = build({"active": "P1", "P1": "GO×4", "P2": "LO", "P3": "CH", "P4": "ME"})
    statement(state, "P1", "REQUEST", "13 ANY")
    for who in ("P2", "P3", "P4"):
        assert choice_ids(state, who) == ["pass"]
        pass_(state, who)


def test_rp_4_4_not_held_detail_names_only_unpayable_first_terms():
    """RP-4.4, RP-5.6: offering 2 of a kind, the kinds P1's hand (GO×2, HU) cannot pay say so
    in their detail (they may still open an OR); the ones it can pay say nothing. The detail
    is made when read (a LazyChoice), with the same words as before."""
    from engine.games.res_publica import RULES
    from engine.games.res_publica.text import NOT_HELD_DETAIL
    from engine.rules import Choice

    state = build({"active": "P1", "P1": "GO×2, HU", "P2": RICH_HAND, "P3": "HU", "P4": "VI"})
    act(state, "P1", "offer")
    act(state, "P1", "n:2")
    details = {c.id: c.detail for c in RULES.prompt(state, 0).choices if c.id.startswith("k:")}
    assert details["k:GO"] == ""  # two Goths held
    assert details["k:PEO"] == ""  # three people cards held
    assert details["k:ANY"] == ""
    assert details["k:HU"] == NOT_HELD_DETAIL  # one Hun only
    assert details["k:AR"] == NOT_HELD_DETAIL
    assert details["k:PAIR"] == NOT_HELD_DETAIL  # "2 pairs" needs two pairs: GO×2 is one
    assert all(isinstance(c, Choice) for c in RULES.prompt(state, 0).choices)
