"""The turn and its actions (IMP-3.1, IMP-3.3, IMP-3.5, IMP-4.9, IMP-5.1, IMP-5.2, IMP-5.4,
IMP-5.9, IMP-7.1), the hand with no limit (IMP-A12) and whole-pool rerolls (IMP-A24).

Positions are built with ``position.build``; dice are scripted, so every die the rulings say
is rolled must be rolled (a missing or extra die fails the test). Energies are computed by hand
from the printed costs of IMP-1.10 / IMP-1.11.
"""

from __future__ import annotations

from imperium_helpers import (
    act,
    advance,
    assert_illegal,
    build,
    choice_ids,
    energy,
    side,
    summarize,
)


def test_imp_3_1_phases_in_order_start_energy_extra_action_end():
    """IMP-3.1, IMP-5.9, IMP-3.6, IMP-3.2, IMP-3.3: R ends its turn (End phase: energy lost).
    G's turn runs Start (army upkeep, then the turn draw), Energy (3 dice [2, 5, 4] -> 9),
    then stops at the Extra-draw decision; continuing opens the Action phase."""
    state = build(
        {
            "active": "R",
            "phase": "action",
            "energy": 6,
            "army_dom": "G",
            "G": {"army": 1, "deck": ["walls", "farm"], "hand": []},
        }
    )
    events = act(state, "R", "end", dice=[2, 5, 4])
    kinds = [(e.kind, e.seat) for e in events]
    assert kinds == [("end", 0), ("turn", 1), ("counter", 1), ("draw", 1), ("roll", 1)]
    s = summarize(state)
    assert (s["phase"], s["active"], s["energy"]) == ("extra", "G", 9)
    assert side(state, "G")["army"] == 2 and side(state, "G")["hand"] == ["walls"]
    assert set(choice_ids(state, "G")) == {"extra", "continue"}
    act(state, "G", "continue")
    assert summarize(state)["phase"] == "action"
    assert "end" in choice_ids(state, "G")


def test_imp_5_1_every_kind_of_action_is_offered_and_taken_in_any_order():
    """IMP-5.1, IMP-3.5, IMP-4.9: G with 20 energy is offered (A) plays, (B) taps, (C) a flip,
    (D) sells, (E) a scuttle and (F) the end. Taken as sell, flip, play, tap: 20 + 1 - 8 - 5 - 5
    = 3; with 3 left nothing costing more is offered, while the free scuttle still is."""
    state = build(
        {
            "active": "G",
            "phase": "action",
            "energy": 20,
            "G": {
                "hand": ["hoplite", "farm"],
                "play": ["trireme", "orchard", "colossus(FD)"],
                "deck": ["walls", "port", "farm"],
            },
        }
    )
    assert set(choice_ids(state, "G")) == {
        "play:hoplite", "play:farm", "tap:0", "tap:1", "flip:2", "end", "scuttle:0",
        "sell:hoplite", "sell:farm",
    }  # fmt: skip
    act(state, "G", "sell:farm")
    assert energy(state) == 21
    act(state, "G", "flip:2")
    assert energy(state) == 13
    act(state, "G", "play:hoplite")
    assert energy(state) == 8
    act(state, "G", "tap:1")  # Orchard: draw 2
    assert energy(state) == 3
    g = side(state, "G")
    assert g["play"] == ["trireme", "orchard(T)", "colossus", "hoplite"]
    assert g["hand"] == ["walls", "port"]
    assert set(choice_ids(state, "G")) == {"end", "scuttle:0"}
    assert_illegal(state, "G", "tap:0")  # Trireme costs 5 > 3 (IMP-4.9: no borrowing)
    assert_illegal(state, "G", "tap:3")  # Hoplite 5
    assert_illegal(state, "G", "play:walls")  # 4


def test_imp_4_9_costs_are_paid_in_full_and_selling_adds_one():
    """IMP-4.9: with 4 energy the Farm (4) can be played and the Legion (5) cannot; after the
    Farm energy is 0, never negative; selling the Legion then gives exactly 1."""
    state = build(
        {"active": "R", "phase": "action", "energy": 4, "R": {"hand": ["legion", "farm"]}}
    )
    assert "play:farm" in choice_ids(state, "R")
    assert_illegal(state, "R", "play:legion")
    act(state, "R", "play:farm")
    assert energy(state) == 0
    assert_illegal(state, "R", "play:legion")
    act(state, "R", "sell:legion")
    assert energy(state) == 1
    assert side(state, "R")["discard"] == ["legion"]


def test_imp_5_2_each_category_enters_as_the_rule_says():
    """IMP-5.2, IMP-7.5, IMP-8.4: an Army (Legion) and a Farm enter face up and untapped, a
    Wonder (Hadrian's Wall) face down, a Merchant (Caravan) resolves (draw 2) and goes to the
    discard pile; the Republic is not offered while its condition is unmet. 5 + 4 + 5 + 5 = 19."""
    state = build(
        {
            "active": "R",
            "phase": "action",
            "energy": 30,
            "R": {
                "hand": ["legion", "farm", "hadrians_wall", "caravan", "republic"],
                "deck": ["walls", "fort", "galley"],
            },
        }
    )
    assert_illegal(state, "R", "play:republic")
    for card in ("legion", "farm", "hadrians_wall", "caravan"):
        act(state, "R", f"play:{card}")
    r = side(state, "R")
    assert r["play"] == ["legion", "farm", "hadrians_wall(FD)"]
    assert r["discard"] == ["caravan"]
    assert r["hand"] == ["republic", "walls", "fort"]
    assert r["deck"] == ["galley"]
    assert energy(state) == 30 - 19


def test_imp_5_4_tap_the_turn_it_entered_then_never_again():
    """IMP-5.4, IMP-3.7: a Legion played this turn may tap at once (5 energy: land attack, R
    gains Army Dominance); tapped, it is not offered again, this turn or R's next one."""
    state = build(
        {
            "active": "R",
            "phase": "action",
            "energy": 10,
            "R": {"hand": ["legion"], "deck": ["farm", "walls"]},
            "G": {"deck": ["farm", "walls"]},
        }
    )
    act(state, "R", "play:legion")
    assert "tap:0" in choice_ids(state, "R")
    act(state, "R", "tap:0")
    assert energy(state) == 0
    assert summarize(state)["army_dom"] == "R"
    assert side(state, "R")["play"] == ["legion(T)"]
    act(state, "R", "end", dice=[1, 1, 1])
    act(state, "G", "continue")
    act(state, "G", "end", dice=[6, 6, 6])
    act(state, "R", "continue")
    assert energy(state) == 12
    assert side(state, "R")["play"] == ["legion(T)"]
    assert_illegal(state, "R", "tap:0")


def test_imp_7_1_draw_n_takes_the_top_cards_in_order():
    """IMP-7.1: the Caravan's draw 2 moves the deck's top card, then the next, to the hand."""
    state = build(
        {
            "active": "R",
            "phase": "action",
            "energy": 5,
            "R": {"hand": ["caravan"], "deck": ["walls", "fort", "galley"]},
        }
    )
    act(state, "R", "play:caravan")
    r = side(state, "R")
    assert (r["hand"], r["deck"]) == (["walls", "fort"], ["galley"])


def test_imp_a12_no_hand_limit_by_default():
    """IMP-A12, IMP-3.6: R ends its turn holding 12 cards; nothing is discarded and G's turn
    begins (the limit exists only with IMP-V6)."""
    hand = ["legion"] * 5 + ["farm"] * 7
    state = build({"active": "R", "phase": "action", "energy": 0, "R": {"hand": hand}})
    act(state, "R", "end", dice=[1, 1, 1])
    assert side(state, "R")["hand"] == hand
    assert side(state, "R")["discard"] == []
    assert summarize(state)["active"] == "G"


def test_imp_a24_a_reroll_rolls_every_die_of_the_pool():
    """IMP-A24, IMP-4.8, IMP-10.18: G's pool is 4 dice (3 + Farm); [1, 1, 1, 2] gives 3. The
    Great Lighthouse reroll (discarding the Hoplite) rolls all 4 dice again: [6, 6, 1, 1] gives
    12, the old dice are gone."""
    state = build(
        {
            "active": "G",
            "phase": "energy",
            "G": {"hand": ["hoplite", "farm"], "play": ["great_lighthouse", "farm"]},
        }
    )
    advance(state, dice=[1, 1, 1, 2])
    assert energy(state) == 3
    act(state, "G", "reroll:hoplite", dice=[6, 6, 1, 1])
    s = summarize(state)
    assert (s["energy"], s["dice"]) == (12, [6, 6, 1, 1])
    assert side(state, "G")["discard"] == ["hoplite"]
