"""General rules of Res Publica beyond the scenarios: seats and supply, trading limits,
display of every card type, draws, the stall guard, the turn cap, scoring and visibility."""

from __future__ import annotations

from collections import Counter

import pytest
from rp_helpers import (
    CODES,
    RULES,
    TYPES,
    H,
    assert_cannot_accept,
    assert_cannot_compose,
    assert_cannot_display,
    assert_illegal,
    build,
    choice_ids,
    display,
    done_display,
    draw,
    finish_final_display,
    hand,
    new_game,
    no_trade,
    outcome,
    pass_,
    public,
    reject_all,
    respond,
    seat_of,
    statement,
    step,
    to_act,
    totals,
    view,
)


def test_rp_1_1_seat_counts():
    """RP-1.1: 3, 4 or 5 players."""
    assert (RULES.min_seats, RULES.max_seats) == (3, 5)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_rp_1_2_supply_is_twelve_of_each_type(players):
    """RP-1.2, RP-1.3, RP-2.3, RP-2.4: 12 cards of each type: people in hands and the people deck,
    civilization cards all in their deck."""
    state, _ = new_game(players, seed=players)
    total = Counter()
    for p in range(players):
        total += hand(state, p)
    total += Counter(TYPES[i] for i in state["people_deck"])
    total += Counter(TYPES[i] for i in state["civ_deck"])
    assert total == Counter({t: 12 for t in TYPES})
    assert {TYPES[i] for i in state["civ_deck"]} == set(TYPES[5:])


# --- trading limits -------------------------------------------------------------------------


def test_rp_a22_empty_hand_cannot_trade():
    """RP-4.4, RP-A22: an active player with no cards cannot start a trade; it still draws."""
    state = build(
        {
            "active": "P1",
            "P1": "",
            "P2": "GO",
            "P3": "HU",
            "P4": "VI",
            "people_deck": 9,
            "civ_deck": 9,
        }
    )
    assert to_act(state) == seat_of("P1")
    assert "request" not in choice_ids(state, "P1")
    assert "offer" not in choice_ids(state, "P1")
    assert step(state) == "draw"
    draw(state, "P1", 0)
    assert sum(hand(state, "P1").values()) == 1


def test_rp_a22_empty_hand_responder_passes():
    """RP-4.6, RP-A22: a responder with an empty hand always passes (here without a prompt)."""
    state = build({"active": "P1", "P1": "HU", "P2": "", "P3": "GO", "P4": "VI"})
    statement(state, "P1", "REQUEST", "1 GOTHS")
    assert to_act(state) == seat_of("P3")
    first = view(state, None)["trade"]["responses"][0]
    assert (first["seat"], first["spec"]) == (seat_of("P2"), None)


def test_rp_a31_received_cards_cannot_pay_and_reject_all():
    """RP-4.9, RP-4.14, RP-A31: P1 (no Hun) cannot accept a counter-request for a Hun even though
    it would receive one; rejecting all ends the trade step with hands unchanged."""
    state = build({"active": "P1", "P1": "GO, AS", "P2": "HU×2", "P3": "VI", "P4": "LO"})
    statement(state, "P1", "REQUEST", "1 HUNS")
    respond(state, "P2", "1 HUNS")
    pass_(state, "P3")
    pass_(state, "P4")
    assert_cannot_accept(state, "P1", "P2")
    reject_all(state, "P1")
    assert hand(state, "P1") == H("GO, AS")
    assert hand(state, "P2") == H("HU×2")
    assert step(state) in ("display", "draw")
    assert "request" not in choice_ids(state, "P1")


def test_rp_4_7_responses_are_public_as_made():
    """RP-4.7, RP-A19: the statement and earlier responses are in every seat's view; the later
    responder sees them before answering."""
    state = build({"active": "P1", "P1": "VI×2, HU, AR", "P2": "GO, HU×2", "P3": "GO", "P4": "ME"})
    statement(state, "P1", "REQUEST", "1 GOTHS")
    respond(state, "P2", "2 VIKINGS")
    for who in ("P3", "P4", None):
        t = view(state, who)["trade"]
        assert t["mode"] == "request" and t["spec"] == "1GO"
        assert [(r["seat"], r["spec"]) for r in t["responses"]] == [(1, "2VI")]


def test_rp_6_2_no_display_outside_own_turn():
    """RP-6.2: a responder holding a set cannot display it during another player's turn."""
    state = build({"active": "P1", "P1": "HU", "P2": "GO×5", "P3": "VI", "P4": "LO"})
    statement(state, "P1", "OFFER", "1 HUNS")
    assert to_act(state) == seat_of("P2")
    assert_illegal(state, "P2", "display:GO")


def test_rp_3_2_declining_closes_the_trade_step():
    """RP-3.2, RP-A24: after declining to trade, no statement is possible this turn."""
    state = build({"active": "P1", "P1": "GO×5, HU", "P2": "HU", "P3": "VI", "P4": "LO"})
    no_trade(state, "P1")
    assert step(state) == "display"
    assert_illegal(state, "P1", "request")
    assert_illegal(state, "P1", "req:1HU", listed=False)
    display(state, "P1", "GO")
    done_display(state, "P1")
    assert step(state) == "draw"


def test_rp_10_hands_private_sizes_public():
    """RP-10.1, RP-10.2, RP-A21: others see hand sizes, not hand contents."""
    state = build({"active": "P1", "P1": "GO×2, CH", "P2": "HU", "P3": "VI", "P4": "LO"})
    v = view(state, "P2")
    assert v["seats"][0]["hand"] is None
    assert v["seats"][0]["hand_count"] == 3
    assert view(state, "P1")["seats"][0]["hand"] == {"GO": 2, "CH": 1}


# --- display: every card type ---------------------------------------------------------------


@pytest.mark.parametrize("code", CODES)
def test_rp_6_4_every_type_displays(code):
    """RP-6.1, RP-6.4: five of any people type earn a settlement (3), five of any civilization
    type the top city (9); all ten card types."""
    state = build({"active": "P1", "P1": f"{code}×5, HU", "P2": "GO", "P3": "VI", "P4": "LO"})
    no_trade(state, "P1")
    display(state, "P1", code)
    pub = public(state)
    people = code in CODES[:5]
    assert pub["tableaus"][0] == [
        (TYPES[CODES.index(code)], "settlement" if people else "city", 3 if people else 9)
    ]
    assert pub["settlements_left"] == (9 if people else 10)
    assert pub["city_stack"] == (
        [9, 8, 8, 7, 7, 6, 6, 5, 5, 4] if people else [8, 8, 7, 7, 6, 6, 5, 5, 4]
    )
    assert sum(hand(state, "P1").values()) == 1
    assert_cannot_display(state, "P1", code)


def test_rp_7_7_no_hand_limit():
    """RP-7.7: a 30-card hand still draws."""
    state = build(
        {
            "active": "P1",
            "step": "draw",
            "P1": "GO×4, HU×4, AS×4, LO×4, VI×4, CH×4, ME×4, CO×2",
            "people_deck": 5,
            "civ_deck": 20,
        }
    )
    draw(state, "P1", 0)
    assert sum(hand(state, "P1").values()) == 31


# --- stall guard and turn cap ---------------------------------------------------------------


def _quiet_turn(state, seat):
    assert to_act(state) == seat
    if step(state) == "trade":
        no_trade(state, seat)
    done_display(state, seat)
    if step(state) == "draw" and to_act(state) == seat:
        draw(state, seat, 0)


def test_rp_8_6_stall_guard_triggers_after_n_empty_turns():
    """RP-8.6, RP-A25: people deck empty and no settlements: after N = 4 turns without a draw
    the final round starts, the player of the 4th turn being the trigger player."""
    state = build(
        {
            "active": "P1",
            "P1": "GO",
            "P2": "HU",
            "P3": "VI",
            "P4": "LO",
            "people_deck": 0,
            "civ_deck": 60,
        }
    )
    for seat in range(3):
        _quiet_turn(state, seat)
        assert not public(state)["final_round"]
    _quiet_turn(state, 3)
    pub = public(state)
    assert pub["final_round"] and pub["trigger"] == 3
    assert pub["civ_deck"] == 60
    for seat in range(4):  # final round P1..P4, no draw step
        assert to_act(state) == seat and step(state) == "trade"
        no_trade(state, seat)
        done_display(state, seat)
    finish_final_display(state)
    assert outcome(state) is not None


@pytest.mark.parametrize("c, triggered", [(1, False), (0, True)])
def test_rp_8_6_a_draw_resets_the_count(c, triggered):
    """RP-8.6: with the count at 3 (of 4), a turn that draws resets it; one that draws nothing
    triggers the final round."""
    state = build(
        {
            "active": "P4",
            "step": "draw",
            "P4": {"hand": "GO", "sets": "HU"},
            "P1": "VI",
            "P2": "AS",
            "P3": "LO",
            "people_deck": 0,
            "civ_deck": 30,
            "stall": 3,
        }
    )
    draw(state, "P4", c)
    pub = public(state)
    assert pub["final_round"] is triggered
    if c:
        assert state["stall"] == 0


def test_rp_8_7_turn_cap_skips_to_final_display():
    """RP-8.7: after the 500th turn the game goes straight to the final display, the player
    whose turn ended acting last (order P3, P4, P1, P2)."""
    state = build(
        {
            "active": "P2",
            "step": "draw",
            "turn": 499,
            "P1": "SH×5",
            "P2": "GO",
            "P3": "CO×5",
            "P4": "VI",
            "people_deck": 10,
            "civ_deck": 30,
        }
    )
    draw(state, "P2", 0)
    assert step(state) == "final_display"
    assert public(state)["trigger"] == seat_of("P2")
    finish_final_display(
        state, expected_order=["P3", "P4", "P1", "P2"], sets={"P3": ["CO"], "P1": ["SH"]}
    )
    pub = public(state)
    assert pub["tableaus"][seat_of("P3")] == [("COMMERCE", "city", 9)]
    assert pub["tableaus"][seat_of("P1")] == [("SHIPBUILDING", "city", 8)]
    assert outcome(state) is not None


def test_rp_8_7_turn_499_is_not_the_cap():
    """RP-8.7: after 499 turns play goes on normally."""
    state = build(
        {
            "active": "P2",
            "step": "draw",
            "turn": 498,
            "P2": "GO",
            "P3": "VI",
            "people_deck": 10,
            "civ_deck": 30,
        }
    )
    draw(state, "P2", 0)
    assert step(state) == "trade" and to_act(state) == seat_of("P3")


# --- scoring --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "cards, pairs",
    [
        ("GO×3, HU×2, VI, CH×4, AR", 4),  # RP-S19
        ("GO, HU, VI, CH, AR", 0),  # mixed types never pair
        ("ME×7", 3),
        ("AS×2, SH×2", 2),  # people and civilization cards both pair (RP-A16)
        ("", 0),
    ],
)
def test_rp_9_2_pairs(cards, pairs):
    """RP-9.2, RP-A16: floor(n/2) per type for cards in hand."""
    state = build(
        {
            "players": 3,
            "step": "final_display",
            "trigger": "P3",
            "P1": cards,
            "P2": "LO",
            "P3": "CO",
            "city_stack": [9, 8, 8, 7, 7, 6, 6, 5, 5, 4],
        }
    )
    finish_final_display(state)
    assert totals(state)[0] == pairs


def test_rp_a16_settlements_do_not_pair_and_declining_keeps_pairs():
    """RP-A16: two settlements are 6 points, not a pair; a player may keep GO×5 in hand in
    the final display (2 pairs) instead of displaying it (a settlement, 3)."""
    state = build(
        {
            "players": 3,
            "step": "final_display",
            "trigger": "P3",
            "P1": {"hand": "GO×5", "sets": "HU, VI"},
            "P2": {"hand": "GO×5"},
            "P3": "CO",
        }
    )
    finish_final_display(state, sets={"P2": ["GO"]})
    assert totals(state)[:2] == [6 + 2, 3]
    assert list(outcome(state).winners) == [0]


def test_rp_9_3_single_winner():
    """RP-9.3: the highest total wins alone."""
    state = build(
        {
            "players": 3,
            "step": "final_display",
            "trigger": "P3",
            "P1": {"hand": "GO", "sets": "AR:9"},
            "P2": {"hand": "HU×2", "sets": "VI"},
            "P3": "CO",
        }
    )
    finish_final_display(state)
    assert totals(state) == [9, 4, 0]
    assert list(outcome(state).winners) == [0]


@pytest.mark.parametrize("first, second", [("AR", "CH"), ("CH", "AR")])
def test_rp_6_3_display_order_is_the_players_choice(first, second):
    """RP-6.3, RP-6.4: sets are displayed one at a time in the order the player chooses; the
    first civilization set takes the 9 city, the second the 8."""
    state = build({"active": "P1", "P1": "AR×5, CH×5", "P2": "GO", "P3": "HU", "P4": "VI"})
    no_trade(state, "P1")
    display(state, "P1", first)
    display(state, "P1", second)
    got = dict((t, v) for t, _, v in public(state)["tableaus"][0])
    assert got == {TYPES[CODES.index(first)]: 9, TYPES[CODES.index(second)]: 8}


def test_rp_4_13_tableau_cards_cannot_be_traded():
    """RP-4.13, RP-6.5: displayed cards are out of the hand for good: with a Goth set in the
    tableau and one Goth in hand, offering 2 Goths is impossible; 1 Goth is fine."""
    state = build({"active": "P1", "P1": {"hand": "GO, HU", "sets": "GO"}, "P2": "VI", "P3": "AS"})
    assert_cannot_compose(state, "P1", "OFFER", "2 GOTHS")
    assert_cannot_compose(state, "P1", "OFFER", "1 PAIR")
    statement(state, "P1", "OFFER", "1 GOTHS")
