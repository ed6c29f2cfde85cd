"""The scenarios RP-S01, RP-S02, RP-S03, RP-S04, RP-S05, RP-S06, RP-S07, RP-S08, RP-S09, RP-S10 of
shared/rules/res_publica.md section 15, step by step.

Each test builds exactly the scenario's position (P1..P4 clockwise, P1 the start player,
default rules), takes the scenario's actions through the offered choices and checks every value
the scenario states. S11..S20 are in test_rp_scenarios_s11_s20.py.
"""

from __future__ import annotations

import pytest
from rp_helpers import (
    H,
    accept,
    assert_cannot_accept,
    assert_cannot_compose,
    assert_cannot_give,
    assert_cannot_respond,
    build,
    can_respond,
    civ_choices,
    display,
    done_display,
    draw,
    give,
    hand,
    new_game,
    no_trade,
    pass_,
    public,
    respond,
    seat_of,
    statement,
    step,
    to_act,
    view,
)

# --- RP-S01 -------------------------------------------------------------------------------


@pytest.mark.parametrize("players, people_deck", [(3, 48), (4, 44), (5, 40)])
def test_rp_s01_setup(players, people_deck):
    """RP-S01 (RP-1.2, RP-1.3, RP-1.4, RP-1.5, RP-2.1, RP-2.2, RP-2.3, RP-2.4, RP-2.5, RP-2.6): 4
    people cards each, no civilization cards, decks
    60 - 4n people and 60 civilization, cities 9..4 top first, 10 settlements of 3."""
    state, seed_first = new_game(players, seed=11)
    pub = public(state)
    for p in range(players):
        h = hand(state, p)
        assert sum(h.values()) == 4
        assert all(t in H("AS GO HU LO VI") for t in h), h  # people cards only
        assert pub["hand_counts"][p] == 4
        assert pub["tableaus"][p] == []
    assert pub["people_deck"] == people_deck
    assert pub["civ_deck"] == 60
    assert pub["city_stack"] == [9, 8, 8, 7, 7, 6, 6, 5, 5, 4]
    assert pub["settlements_left"] == 10
    # Every people card is somewhere: hands + deck = 60 (RP-1.2).
    assert 4 * players + pub["people_deck"] == 60
    # The start player takes the first turn (trade step) and play goes clockwise (RP-2.6).
    first = seed_first
    for k in range(players + 1):
        seat = (first + k) % players
        assert to_act(state) == seat
        assert step(state) == "trade"
        no_trade(state, seat)
        done_display(state, seat)  # only if a set happens to be in hand
        draw(state, seat, 0)


# --- RP-S02 -------------------------------------------------------------------------------

S02 = {
    "active": "P1",
    "P1": "VI×2, HU, AR",
    "P2": "GO, HU×2, SH",
    "P3": "AS, LO, VI, CH",
    "P4": "GO×2, AR, ME",
}


def test_rp_s02_request_with_several_responses():
    """RP-S02 (RP-4.2, RP-4.5, RP-4.6, RP-4.7, RP-4.8, RP-4.9, RP-4.10, RP-4.11, RP-5.10, RP-A26):
    REQUEST 1 Goths; P2 and P4 respond, P3 must pass;
    P1 accepts P4: one Goth against one Architecture."""
    state = build(S02)
    statement(state, "P1", "REQUEST", "1 GOTHS")
    assert to_act(state) == seat_of("P2")  # clockwise from the active player's left (RP-4.5)
    respond(state, "P2", "1 HUNS")
    assert not can_respond(state, "P3")  # no Goth (RP-4.6)
    assert_cannot_respond(state, "P3", "1 HUNS")
    pass_(state, "P3")
    respond(state, "P4", "1 ARCHITECTURE")
    accept(state, "P1", "P4")
    give(state, "P4", "GO")
    give(state, "P1", "AR")
    assert hand(state, "P1") == H("VI×2, HU, GO")
    assert hand(state, "P4") == H("GO, AR×2, ME")
    assert hand(state, "P2") == H(S02["P2"])
    assert hand(state, "P3") == H(S02["P3"])
    # P2 and P3 see that one card went each way (RP-4.11), and the public specs.
    for who in ("P2", "P3"):
        counts = public(state, who)["last_exchange_counts"]
        assert counts == {seat_of("P1"): 1, seat_of("P4"): 1}
    # ... and (because the specs were specific) can deduce which: P1 now holds a Goth, P4 an
    # Architecture (RP-S02, RP-10.1).
    for who in ("P2", "P3"):
        seats = view(state, who)["seats"]
        assert seats[seat_of("P1")]["known"].get("GO", 0) >= 1
        assert seats[seat_of("P4")]["known"].get("AR", 0) >= 1
    # The trade step is over: the next decision is the display or the draw step (RP-3.2).
    assert step(state) in ("display", "draw")
    assert_cannot_compose(state, "P1", "REQUEST", "1 HUNS")


# --- RP-S03 -------------------------------------------------------------------------------

S03 = {
    "active": "P1",
    "P1": "VI×2, GO",
    "P2": "CH×3, ME×4, VI",
    "P3": "CH×2, ME×2, AS",
    "P4": "CO, SH",
}


def test_rp_s03_or_request_giver_chooses():
    """RP-S03 (RP-4.10, RP-5.4, RP-5.5, RP-5.7, RP-A01): REQUEST 3 Chemistry OR 3 Metalwork; P2
    picks the
    Metalwork side; a mixed selection CH×2 + ME is refused."""
    state = build(S03)
    statement(state, "P1", "REQUEST", "3 CHEMISTRY OR 3 METALWORK")
    respond(state, "P2", "2 VIKINGS")
    assert not can_respond(state, "P3")  # neither 3 CH nor 3 ME
    pass_(state, "P3")
    assert not can_respond(state, "P4")
    pass_(state, "P4")
    accept(state, "P1", "P2")
    assert_cannot_give(state, "P2", "CH×2, ME")  # mixes the two alternatives (RP-5.5)
    assert_cannot_give(state, "P2", "ME×4")  # counts are exact
    give(state, "P2", "ME×3")
    give(state, "P1", "VI×2")
    assert hand(state, "P1") == H("GO, ME×3")
    assert hand(state, "P2") == H("CH×3, ME, VI×3")


def test_rp_s03_chemistry_side_also_valid():
    """RP-S03 / RP-A01: the other alternative is equally valid; P1 cannot insist on either."""
    state = build(S03)
    statement(state, "P1", "REQUEST", "3 CHEMISTRY OR 3 METALWORK")
    respond(state, "P2", "2 VIKINGS")
    pass_(state, "P3")
    pass_(state, "P4")
    accept(state, "P1", "P2")
    give(state, "P1", "VI×2")
    give(state, "P2", "CH×3")
    assert hand(state, "P1") == H("GO, CH×3")
    assert hand(state, "P2") == H("ME×4, VI×3")


# --- RP-S04 -------------------------------------------------------------------------------

S04 = {
    "active": "P2",
    "P1": "VI",
    "P2": "AR×3, CO, GO",
    "P3": "SH, GO, AS, CH",
    "P4": "LO×2, AS, CH",
}


def test_rp_s04_offer_with_counter_offers():
    """RP-S04 (RP-4.2, RP-4.4, RP-4.5, RP-4.6, RP-4.8, RP-4.10, RP-5.5, RP-5.10): OFFER 2
    Architecture; P3 and P4
    counter-offer, P1 passes; P2 accepts P4, who must give exactly its three people cards."""
    state = build(S04)
    statement(state, "P2", "OFFER", "2 ARCHITECTURE")
    assert to_act(state) == seat_of("P3")  # P3, P4, P1 (clockwise from P2's left)
    respond(state, "P3", "1 SHIPBUILDING AND 1 GOTHS")
    # P4 cannot counter-offer what it does not hold (RP-4.6): 4 people cards, 3 held.
    assert_cannot_respond(state, "P4", "4 PEOPLE")
    respond(state, "P4", "3 PEOPLE")
    assert to_act(state) == seat_of("P1")
    pass_(state, "P1")
    accept(state, "P2", "P4")
    give(state, "P2", "AR×2")
    give(state, "P4", "LO×2, AS")
    assert hand(state, "P2") == H("AR, CO, GO, LO×2, AS")
    assert hand(state, "P4") == H("CH, AR×2")
    assert hand(state, "P3") == H(S04["P3"])
    assert hand(state, "P1") == H(S04["P1"])


def test_rp_s04_offer_needs_the_offered_cards():
    """RP-4.4: P2 cannot offer 4 Architecture with 3 in hand."""
    state = build(S04)
    assert_cannot_compose(state, "P2", "OFFER", "4 ARCHITECTURE")
    statement(state, "P2", "OFFER", "3 ARCHITECTURE")  # still allowed afterwards


# --- RP-S05 -------------------------------------------------------------------------------

S05_INVALID = [
    ("REQUEST", "1 GOTHS AND 1 HUNS AND 1 ANGLO_SAXONS"),  # three terms
    ("REQUEST", "1 CIVILIZATION EXCEPT CHEMISTRY"),  # exclusion not expressible
    ("OFFER", "1 GOTHS FOR 1 HUNS"),  # two modes
    ("OFFER", "2 GOTHS AND 1 GOTHS"),  # same kind twice
    ("REQUEST", "0 VIKINGS"),  # count 0
    ("REQUEST", "1 SETTLEMENT"),  # not a kind
]


@pytest.mark.parametrize("mode, text", S05_INVALID, ids=list("abcdef"))
def test_rp_s05_invalid_statements(mode, text):
    """RP-S05 (RP-4.3, RP-5.1, RP-5.2, RP-5.3, RP-5.9): each is refused and the state is unchanged;
    the active
    player may then still make one valid statement."""
    state = build({"active": "P1", "P1": "GO×3, HU×2, VI", "P2": "HU, AS", "P3": "CH"})
    assert_cannot_compose(state, "P1", mode, text)
    statement(state, "P1", "REQUEST", "1 HUNS")
    assert to_act(state) == seat_of("P2")


def test_rp_s05_all_rejections_leave_the_attempt():
    """RP-S05: after all six refusals in a row, the one trade attempt is still available."""
    state = build({"active": "P1", "P1": "GO×3, HU×2, VI", "P2": "HU, AS", "P3": "CH"})
    for mode, text in S05_INVALID:
        assert_cannot_compose(state, "P1", mode, text)
    assert step(state) == "trade"
    statement(state, "P1", "OFFER", "2 GOTHS")
    assert to_act(state) == seat_of("P2")


# --- RP-S06 -------------------------------------------------------------------------------

S06 = {"active": "P1", "P1": "HU, AR", "P2": "VI, AR", "P3": "VI×2, CH", "P4": "GO"}


def test_rp_s06a_responders_must_deliver_specific():
    """RP-S06 (a) (RP-4.6, RP-5.6, RP-A04): REQUEST 2 Vikings: only P3 may respond."""
    state = build(S06)
    statement(state, "P1", "REQUEST", "2 VIKINGS")
    assert not can_respond(state, "P2")
    assert_cannot_respond(state, "P2", "1 ARCHITECTURE")
    pass_(state, "P2")
    assert can_respond(state, "P3")
    respond(state, "P3", "1 ARCHITECTURE")
    assert not can_respond(state, "P4")
    assert_cannot_respond(state, "P4", "1 HUNS")
    pass_(state, "P4")


def test_rp_s06b_responders_must_deliver_or():
    """RP-S06 (b): REQUEST 1 Vikings OR 2 Huns: P2 and P3 may respond, P4 may not."""
    state = build(S06)
    statement(state, "P1", "REQUEST", "1 VIKINGS OR 2 HUNS")
    assert can_respond(state, "P2")
    respond(state, "P2", "1 HUNS")
    assert can_respond(state, "P3")
    respond(state, "P3", "1 ARCHITECTURE")
    assert not can_respond(state, "P4")
    pass_(state, "P4")


# --- RP-S07 -------------------------------------------------------------------------------

S07 = {"active": "P1", "P1": "CH, GO×2", "P2": "HU, AR", "P3": "HU×2, SH", "P4": "AS"}


def test_rp_s07_accept_only_what_you_can_pay():
    """RP-S07 (RP-4.9, RP-4.10, RP-5.7, RP-A05): accepting P2's 2 Chemistry is illegal (one held);
    accepting P3's 1 people card is legal and P1 chooses to give a Goth."""
    state = build(S07)
    statement(state, "P1", "REQUEST", "1 HUNS")
    respond(state, "P2", "2 CHEMISTRY")
    respond(state, "P3", "1 PEOPLE")
    assert not can_respond(state, "P4")
    pass_(state, "P4")
    assert_cannot_accept(state, "P1", "P2")
    accept(state, "P1", "P3")
    give(state, "P3", "HU")
    give(state, "P1", "GO")
    assert hand(state, "P1") == H("CH, GO, HU")
    assert hand(state, "P3") == H("HU, SH, GO")
    assert hand(state, "P2") == H("HU, AR")


# --- RP-S08 -------------------------------------------------------------------------------


def test_rp_s08_only_one_attempt():
    """RP-S08 (RP-4.1, RP-4.14, RP-3.2): an offer nobody answers ends the trade step; a second
    statement is illegal; the Goth set can still be displayed, then the draw."""
    state = build(
        {
            "active": "P1",
            "P1": "LO, GO×5",
            "P2": "HU",
            "P3": "AS",
            "P4": "VI",
            "people_deck": 20,
            "civ_deck": 30,
        }
    )
    statement(state, "P1", "OFFER", "1 LOMBARDS")
    pass_(state, "P2")
    pass_(state, "P3")
    pass_(state, "P4")
    assert to_act(state) == seat_of("P1")
    assert step(state) == "display"
    assert_cannot_compose(state, "P1", "REQUEST", "1 HUNS")
    display(state, "P1", "GO")
    assert public(state)["settlements"][seat_of("P1")] == 1
    assert hand(state, "P1") == H("LO")
    done_display(state, "P1")
    assert step(state) == "draw"
    assert civ_choices(state, "P1") == {0, 1}


# --- RP-S09 -------------------------------------------------------------------------------


def test_rp_s09_display_closes_trading():
    """RP-S09 (RP-3.2, RP-6.2, RP-A24, RP-A12): display before any trade; the offer is then illegal;
    with the new settlement the draw allows 0 or 1 civilization card plus the people card."""
    state = build(
        {
            "active": "P1",
            "P1": "GO×5, VI",
            "P2": "HU",
            "P3": "AS",
            "P4": "CH",
            "people_deck": 20,
            "civ_deck": 30,
        }
    )
    display(state, "P1", "GO")  # straight to display (RP-3.2)
    assert public(state)["settlements"][seat_of("P1")] == 1
    assert_cannot_compose(state, "P1", "OFFER", "1 VIKINGS")
    done_display(state, "P1")
    assert civ_choices(state, "P1") == {0, 1}
    draw(state, "P1", 1)
    pub = public(state)
    assert pub["civ_deck"] == 29
    assert pub["people_deck"] == 19
    h = hand(state, "P1")
    assert sum(h.values()) == 3  # VI + 1 civilization + 1 people
    assert h["VIKINGS"] >= 1


# --- RP-S10 -------------------------------------------------------------------------------


def test_rp_s10_people_set_and_civilization_set():
    """RP-S10 (RP-6.1, RP-6.3, RP-6.4, RP-6.5, RP-2.1): a Goth set earns a settlement (3), an
    Architecture set
    the 9 city; hand HU; city stack top 8; settlements left 9; score cards 12."""
    state = build({"active": "P1", "P1": "GO×5, AR×5, HU", "P2": "VI", "P3": "AS", "P4": "LO"})
    no_trade(state, "P1")
    display(state, "P1", "GO")
    display(state, "P1", "AR")
    pub = public(state)
    p1 = seat_of("P1")
    assert hand(state, "P1") == H("HU")
    assert sorted(pub["tableaus"][p1]) == sorted(
        [("GOTHS", "settlement", 3), ("ARCHITECTURE", "city", 9)]
    )
    assert pub["city_stack"][0] == 8
    assert pub["city_stack"] == [8, 8, 7, 7, 6, 6, 5, 5, 4]
    assert pub["settlements_left"] == 9
    assert pub["score_cards"][p1] == 12
