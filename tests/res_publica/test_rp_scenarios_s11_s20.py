"""The scenarios RP-S11, RP-S12, RP-S13, RP-S14, RP-S15, RP-S16, RP-S17, RP-S18, RP-S19, RP-S20 of
shared/rules/res_publica.md section 15, step by step.

Same conventions as test_rp_scenarios.py: 4 players P1..P4 clockwise, P1 the start player,
default rules unless the scenario says otherwise.
"""

from __future__ import annotations

import pytest
from rp_helpers import (
    CIV,
    PEOPLE,
    H,
    accept,
    assert_cannot_draw,
    build,
    civ_choices,
    display,
    done_display,
    draw,
    finish_final_display,
    give,
    hand,
    no_trade,
    outcome,
    pass_,
    public,
    respond,
    seat_of,
    statement,
    step,
    to_act,
)


def _new_cards(before, after):
    """The cards in ``after`` that were not in ``before`` (a Counter), split by category."""
    new = after - before
    people = sum(n for t, n in new.items() if t in PEOPLE)
    civ = sum(n for t, n in new.items() if t in CIV)
    return people, civ


# --- RP-S11 -------------------------------------------------------------------------------


def test_rp_s11_two_sets_of_one_type_in_one_turn():
    """RP-S11 (RP-6.3, RP-6.4, RP-A23): two Chemistry sets take both 8 cities; hand VI; top 7."""
    state = build(
        {
            "active": "P3",
            "P1": {"hand": "GO", "sets": "AR:9"},
            "P2": "HU",
            "P3": "CH×10, VI",
            "P4": "AS",
            "city_stack": [8, 8, 7, 7, 6, 6, 5, 5, 4],
        }
    )
    no_trade(state, "P3")
    display(state, "P3", "CH")
    display(state, "P3", "CH")
    pub = public(state)
    assert hand(state, "P3") == H("VI")
    assert sorted(pub["tableaus"][seat_of("P3")]) == [
        ("CHEMISTRY", "city", 8),
        ("CHEMISTRY", "city", 8),
    ]
    assert pub["city_stack"] == [7, 7, 6, 6, 5, 5, 4]
    assert pub["score_cards"][seat_of("P3")] == 16


def test_rp_a23_six_of_a_kind_leaves_one_in_hand_and_four_is_no_set():
    """RP-6.1, RP-A23: a set is exactly 5: with 6 Vikings one stays in hand, 4 Huns are no set."""
    state = build({"active": "P1", "P1": "VI×6, HU×4", "P2": "GO", "P3": "AS", "P4": "LO"})
    no_trade(state, "P1")
    assert_cannot_display = __import__("rp_helpers").assert_cannot_display
    assert_cannot_display(state, "P1", "HU")
    display(state, "P1", "VI")
    assert hand(state, "P1") == H("VI, HU×4")
    assert_cannot_display(state, "P1", "VI")


# --- RP-S12, RP-S13, RP-S14: draw limits ----------------------------------------------------------


def test_rp_s12_draw_with_no_settlement():
    """RP-S12 (RP-7.1, RP-7.2, RP-7.3, RP-7.4): s = 0: c = 1 is illegal; c = 0 draws exactly 1
    people card."""
    state = build({"active": "P2", "step": "draw", "P2": "GO", "people_deck": 30, "civ_deck": 50})
    assert civ_choices(state, "P2") == {0}
    assert_cannot_draw(state, "P2", 1)
    before = hand(state, "P2")
    draw(state, "P2", 0)
    assert _new_cards(before, hand(state, "P2")) == (1, 0)
    pub = public(state)
    assert (pub["people_deck"], pub["civ_deck"]) == (29, 50)


@pytest.mark.parametrize("c, people, civ", [(2, 1, 2), (1, 1, 1), (0, 1, 0)])
def test_rp_s13_draw_with_two_settlements(c, people, civ):
    """RP-S13 (RP-7.2, RP-7.3, RP-7.4): s = 2: c = 3 is illegal; c = 2 gives 2 civilization + 1
    people
    (civilization deck 18, people deck 9); c = 1 gives 2 cards, c = 0 one people card."""
    state = build(
        {
            "active": "P2",
            "step": "draw",
            "P2": {"hand": "VI", "sets": "GO, HU"},
            "people_deck": 10,
            "civ_deck": 20,
        }
    )
    assert civ_choices(state, "P2") == {0, 1, 2}
    assert_cannot_draw(state, "P2", 3)
    before = hand(state, "P2")
    draw(state, "P2", c)
    assert _new_cards(before, hand(state, "P2")) == (people, civ)
    pub = public(state)
    assert (pub["civ_deck"], pub["people_deck"]) == (20 - civ, 10 - people)


@pytest.mark.parametrize("c, people, civ", [(3, 0, 3), (2, 1, 2)])
def test_rp_s14_draw_with_four_settlements(c, people, civ):
    """RP-S14 (RP-7.2, RP-7.3, RP-7.4): s = 4: c = 4 is illegal (cap 3); c = 3 draws 3 civilization
    cards
    and no people card (civilization 17, people 10); c = 2 gives 2 civilization + 1 people."""
    state = build(
        {
            "active": "P3",
            "step": "draw",
            "P3": {"hand": "CH", "sets": "AS, GO, HU, LO"},
            "people_deck": 10,
            "civ_deck": 20,
        }
    )
    assert civ_choices(state, "P3") == {0, 1, 2, 3}
    assert_cannot_draw(state, "P3", 4)
    before = hand(state, "P3")
    draw(state, "P3", c)
    assert _new_cards(before, hand(state, "P3")) == (people, civ)
    pub = public(state)
    assert (pub["civ_deck"], pub["people_deck"]) == (20 - civ, 10 - people)


@pytest.mark.parametrize(
    "s, civ_deck, allowed",
    [
        (0, 60, {0}),
        (1, 60, {0, 1}),
        (2, 60, {0, 1, 2}),
        (3, 60, {0, 1, 2, 3}),
        (5, 60, {0, 1, 2, 3}),
        (3, 2, {0, 1, 2}),  # limited by the civilization deck (RP-7.2)
        (2, 1, {0, 1}),
    ],
)
def test_rp_7_2_civ_draw_limit(s, civ_deck, allowed):
    """RP-7.2, RP-7.4: 0 <= c <= min(s, 3, civilization deck)."""
    sets = ", ".join(["AS", "GO", "HU", "LO", "VI"][:s])
    state = build(
        {
            "active": "P1",
            "step": "draw",
            "P1": {"hand": "GO", "sets": sets},
            "people_deck": 10,
            "civ_deck": civ_deck,
        }
    )
    assert civ_choices(state, "P1") == allowed
    assert_cannot_draw(state, "P1", max(allowed) + 1)


# --- RP-S15 -------------------------------------------------------------------------------


def test_rp_s15_settlement_gained_this_turn_counts():
    """RP-S15 (RP-7.1, RP-6.4, RP-A12): display the Lombard set, then c = 1 is allowed: hand is CH
    plus 1 civilization and 1 people card; decks 39 and 11."""
    state = build(
        {
            "active": "P2",
            "P1": "GO",
            "P2": "LO×5, CH",
            "P3": "HU",
            "P4": "VI",
            "people_deck": 12,
            "civ_deck": 40,
        }
    )
    no_trade(state, "P2")
    display(state, "P2", "LO")
    assert public(state)["settlements"][seat_of("P2")] == 1
    done_display(state, "P2")
    assert civ_choices(state, "P2") == {0, 1}
    draw(state, "P2", 1)
    h = hand(state, "P2")
    assert sum(h.values()) == 3 and h["CHEMISTRY"] >= 1
    assert _new_cards(H("CH"), h) == (1, 1) or (
        h["CHEMISTRY"] == 2 and _new_cards(H("CH×2"), h) == (1, 0)
    )
    pub = public(state)
    assert (pub["civ_deck"], pub["people_deck"]) == (39, 11)


# --- RP-S16 -------------------------------------------------------------------------------


@pytest.mark.parametrize("c, civ", [(1, 1), (0, 0)])
def test_rp_s16_empty_people_deck(c, civ):
    """RP-S16 (RP-7.3, RP-7.5, RP-A10): people deck empty: c = 1 draws 1 civilization card and no
    people card, c = 0 draws nothing; the game goes on with P1's turn."""
    state = build(
        {
            "active": "P4",
            "step": "draw",
            "P1": "GO",
            "P4": {"hand": "AR", "sets": "VI"},
            "people_deck": 0,
            "civ_deck": 30,
        }
    )
    before = hand(state, "P4")
    draw(state, "P4", c)
    assert _new_cards(before, hand(state, "P4")) == (0, civ)
    pub = public(state)
    assert (pub["civ_deck"], pub["people_deck"]) == (30 - civ, 0)
    assert outcome(state) is None
    assert to_act(state) == seat_of("P1")
    assert step(state) == "trade"
    assert not pub["final_round"]


# --- RP-S17 -------------------------------------------------------------------------------

S17 = {
    "active": "P2",
    "step": "draw",
    "P1": "AS",
    "P2": {"hand": "GO", "sets": "HU, LO"},
    "P3": "VI",
    "P4": "AR",
    "civ_deck": 1,
    "people_deck": 8,
}


def _plain_turn(state, who):
    """A final-round turn with no trade and no display."""
    assert to_act(state) == seat_of(who)
    assert step(state) == "trade"
    no_trade(state, who)
    if to_act(state) == seat_of(who) and step(state) == "display":
        done_display(state, who)


def test_rp_s17_trigger_and_final_round_order():
    """RP-S17 (RP-7.2, RP-7.6, RP-8.1, RP-8.2, RP-8.3, RP-8.4, RP-A13, RP-A14): P2 draws the last
    civilization card (c = 2 illegal) and
    its people card; final round P3, P4, P1, P2 without draws (people deck stays 7); then the
    final display and scoring."""
    state = build(S17)
    assert civ_choices(state, "P2") == {0, 1}
    assert_cannot_draw(state, "P2", 2)
    draw(state, "P2", 1)
    pub = public(state)
    assert (pub["civ_deck"], pub["people_deck"]) == (0, 7)
    assert pub["final_round"]
    assert pub["trigger"] == seat_of("P2")
    for who in ("P3", "P4", "P1", "P2"):
        _plain_turn(state, who)
        assert public(state)["people_deck"] == 7  # no draw step (RP-8.3)
    # Final display: nobody holds a set; then the game is scored.
    finish_final_display(state, expected_order=["P3", "P4", "P1", "P2"])
    assert outcome(state) is not None


def test_rp_s17_c0_does_not_trigger():
    """RP-S17: had P2 chosen c = 0, only the people card is drawn and play goes on normally."""
    state = build(S17)
    draw(state, "P2", 0)
    pub = public(state)
    assert (pub["civ_deck"], pub["people_deck"]) == (1, 7)
    assert not pub["final_round"]
    assert to_act(state) == seat_of("P3")
    no_trade(state, "P3")
    if step(state) == "display":
        done_display(state, "P3")
    assert step(state) == "draw"  # a normal turn keeps its draw step


# --- RP-S18 -------------------------------------------------------------------------------


def test_rp_s18_final_display_order_decides_cities():
    """RP-S18 (RP-8.4, RP-6.4, RP-A15): final display in order P3, P4, P1, P2 from a 5, 4 city
    stack: P4 takes the 5, P1 the 4."""
    state = build(
        {
            "step": "final_display",
            "trigger": "P2",
            "P1": "SH×5",
            "P2": "AS",
            "P3": "VI",
            "P4": "CO×5",
            "city_stack": [5, 4],
        }
    )
    finish_final_display(
        state, expected_order=["P3", "P4", "P1", "P2"], sets={"P4": ["CO"], "P1": ["SH"]}
    )
    pub = public(state)
    assert pub["tableaus"][seat_of("P4")] == [("COMMERCE", "city", 5)]
    assert pub["tableaus"][seat_of("P1")] == [("SHIPBUILDING", "city", 4)]
    assert pub["city_stack"] == []
    assert outcome(state) is not None


def test_rp_s18_via_final_round_trades():
    """RP-S18 with its history, RP-4.17, RP-A28: in P1's final turn P4 (whose final turn is over)
    trades it its fifth Commerce; in P2's final turn P1 gets its fifth Shipbuilding. Neither
    may display outside its own turn; the final display then gives P4 the 5 and P1 the 4."""
    state = build(
        {
            "active": "P1",
            "final_round": True,
            "trigger": "P2",
            "P1": "SH×4, CO",
            "P2": "SH, AS",
            "P3": "VI",
            "P4": "CO×4, GO",
            "city_stack": [5, 4],
        }
    )
    statement(state, "P1", "OFFER", "1 COMMERCE")
    pass_(state, "P2")
    pass_(state, "P3")
    respond(state, "P4", "1 GOTHS")
    accept(state, "P1", "P4")
    give(state, "P1", "CO")
    give(state, "P4", "GO")
    assert hand(state, "P4") == H("CO×5")
    done_display(state, "P1")  # P1 has no set; no draw step in the final round
    assert to_act(state) == seat_of("P2")
    statement(state, "P2", "OFFER", "1 SHIPBUILDING")
    pass_(state, "P3")
    pass_(state, "P4")
    respond(state, "P1", "1 GOTHS")
    accept(state, "P2", "P1")
    give(state, "P2", "SH")
    give(state, "P1", "GO")
    assert hand(state, "P1") == H("SH×5")
    done_display(state, "P2")
    finish_final_display(
        state, expected_order=["P3", "P4", "P1", "P2"], sets={"P4": ["CO"], "P1": ["SH"]}
    )
    pub = public(state)
    assert pub["tableaus"][seat_of("P4")] == [("COMMERCE", "city", 5)]
    assert pub["tableaus"][seat_of("P1")] == [("SHIPBUILDING", "city", 4)]
    assert pub["city_stack"] == []


# --- RP-S19 -------------------------------------------------------------------------------


def test_rp_s19_scoring_with_pairs():
    """RP-S19 (RP-9.1, RP-9.2, RP-9.3, RP-A16): score cards 3 + 8 + 5 = 16, pairs GO 1 + HU 1 + CH 2
    = 4
    (tableau and score cards never pair): total 20."""
    state = build(
        {
            "step": "final_display",
            "trigger": "P4",
            "P1": {"hand": "GO×3, HU×2, VI, CH×4, AR", "sets": "GO, AR:8, SH:5"},
            "P2": "AS",
            "P3": "LO",
            "P4": "ME",
            "city_stack": [9, 8, 7, 7, 6, 6, 5, 4],
        }
    )
    finish_final_display(state, expected_order=["P1", "P2", "P3", "P4"])
    res = outcome(state)
    assert res is not None
    assert res.scores[seat_of("P1")] == 20
    assert public(state)["score_cards"][seat_of("P1")] == 16


# --- RP-S20 -------------------------------------------------------------------------------

S20 = {
    "step": "final_display",
    "trigger": "P4",
    "P1": {"hand": "GO×3, HU×2, VI, CH×4, AR", "sets": "GO, AR:8, SH:5"},  # 16 + 4 = 20
    "P2": {"hand": "VI", "sets": "LO, ME:8, CO:7"},  # 18 + 0 = 18
    "P3": {"hand": "AS×2, LO×2, HU×2, VI×2", "sets": "CH:9, SH:7"},  # 16 + 4 = 20
    "P4": {"hand": "GO", "sets": "CO:6, ME:5"},  # 11 + 0 = 11
    "city_stack": [6, 4],
}


@pytest.mark.parametrize("tiebreak, winners", [("shared", ["P1", "P3"]), ("highest_city", ["P3"])])
def test_rp_s20_ties(tiebreak, winners):
    """RP-S20 (RP-9.3, RP-9.4, RP-A17, RP-V1): totals 20, 18, 20, 11; P1's highest city 8, P3's 9.
    Default: P1 and P3 share the win; highest_city: P3 wins."""
    state = build({**S20, "options": {"tiebreak": tiebreak}})
    finish_final_display(state, expected_order=["P1", "P2", "P3", "P4"])
    res = outcome(state)
    assert list(res.scores) == [20, 18, 20, 11]
    assert sorted(res.winners) == sorted(seat_of(w) for w in winners)


def test_rp_a15_trigger_player_displays_last():
    """RP-8.2, RP-8.4, RP-A15: after the trigger player's (P2's) final-round turn, in which it keeps
    its Chemistry set, the final display goes P3, P4, P1, P2: P3 takes the 6 city, P1 the 5
    and P2, last, the 4."""
    state = build(
        {
            "active": "P2",
            "final_round": True,
            "trigger": "P2",
            "P1": "ME×5",
            "P2": "CH×5",
            "P3": "AR×5",
            "P4": "GO",
            "city_stack": [6, 5, 4],
        }
    )
    no_trade(state, "P2")
    done_display(state, "P2")  # keeps the set for now
    assert step(state) == "final_display"
    seen = finish_final_display(
        state,
        expected_order=["P3", "P4", "P1", "P2"],
        sets={"P1": ["ME"], "P2": ["CH"], "P3": ["AR"]},
    )
    assert seen == [seat_of("P3"), seat_of("P1"), seat_of("P2")]
    pub = public(state)
    assert pub["tableaus"][seat_of("P3")] == [("ARCHITECTURE", "city", 6)]
    assert pub["tableaus"][seat_of("P1")] == [("METALWORK", "city", 5)]
    assert pub["tableaus"][seat_of("P2")] == [("CHEMISTRY", "city", 4)]
