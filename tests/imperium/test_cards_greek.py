"""Focused tests of the Greek cards (IMP-10.x) that the scenarios leave partly unexercised.

Expected values are computed by hand from the cited rules. Coverage of every card is checked in
test_cards.py.
"""

from __future__ import annotations

from fractions import Fraction

from imperium_helpers import (
    act,
    advance,
    assert_illegal,
    build,
    choice_ids,
    energy,
    points,
    pool,
    side,
    summarize,
    winner,
)


def _g(e: int, **spec) -> dict:
    return build({"active": "G", "phase": "action", "energy": e, **spec})


def test_hoplite_tap_cost_5_then_6_with_army_dominance():
    """IMP-10.1, IMP-5.8: 5 to gain dominance, then 6 (checked when paying); pursuit +2."""
    state = _g(11, G={"play": ["hoplite", "hoplite"]})
    act(state, "G", "tap:0")
    assert energy(state) == 6
    assert summarize(state)["army_dom"] == "G"
    act(state, "G", "tap:1")
    assert energy(state) == 0
    assert side(state, "G")["army"] == 2


def test_hoplite_costs_6_with_dominance_so_5_energy_is_not_enough():
    """IMP-10.1."""
    state = _g(5, army_dom="G", G={"play": ["hoplite"]})
    assert_illegal(state, "G", "tap:0")


def test_cavalry_land_attack_then_draw():
    """IMP-10.2."""
    state = _g(6, G={"play": ["cavalry"], "deck": ["farm", "walls"]})
    act(state, "G", "tap:0")
    s = summarize(state)
    assert s["energy"] == 0
    assert s["army_dom"] == "G"
    assert s["G"]["hand"] == ["farm"]
    assert s["G"]["deck"] == ["walls"]


def test_greek_farm_and_walls_against_army_dominance():
    """IMP-10.3, IMP-10.5, IMP-4.3: 2 Farms, 1 Walls, R holds Army Dominance -> 3 + 2 - 1."""
    state = build(
        {
            "active": "G",
            "phase": "energy",
            "army_dom": "R",
            "G": {"play": ["farm", "farm", "walls"]},
        }
    )
    advance(state, dice=[1, 1, 1, 1])
    assert pool(state) == 4


def test_orchard_tap_with_one_card_deck():
    """IMP-10.4, IMP-7.10: draw 2 from a 1-card deck draws 1; Orchard is tapped."""
    state = _g(5, G={"play": ["orchard"], "deck": ["walls"]})
    act(state, "G", "tap:0")
    g = side(state, "G")
    assert g["play"] == ["orchard(T)"]
    assert g["hand"] == ["walls"]
    assert energy(state) == 0


def test_trader_with_a_two_card_deck():
    """IMP-10.6, IMP-A20: draw 2 first; then the empty deck has no top card to move."""
    state = _g(5, G={"hand": ["trader"], "deck": ["farm", "walls"]})
    act(state, "G", "play:trader")
    g = side(state, "G")
    assert g["hand"] == ["farm", "walls"]
    assert g["deck"] == []
    assert g["discard"] == ["trader"]


def test_port_with_empty_discard_and_with_one_card():
    """IMP-10.7, IMP-A21: nothing to put back / the only card goes back without a prompt."""
    state = _g(5, G={"hand": ["port"], "deck": ["farm", "walls", "hoplite"]})
    act(state, "G", "play:port")
    g = side(state, "G")
    assert g["hand"] == ["farm", "walls"]
    assert g["deck"] == ["hoplite"]
    assert g["discard"] == ["port"]

    state = _g(5, G={"hand": ["port"], "deck": ["farm", "walls", "hoplite"], "discard": ["farm"]})
    act(state, "G", "play:port")
    g = side(state, "G")
    assert g["deck"] == ["farm", "hoplite"]
    assert g["discard"] == ["port"]


def test_trireme_scuttle_tapped_or_untapped_only_on_own_turn():
    """IMP-10.8, IMP-5.7: free, from play to discard, only in your own Action phase."""
    state = _g(0, G={"play": ["trireme", "trireme(T)"]})
    act(state, "G", "scuttle:1")
    assert side(state, "G")["play"] == ["trireme"]
    assert side(state, "G")["discard"] == ["trireme"]
    act(state, "G", "scuttle:0")
    assert side(state, "G")["play"] == []
    assert side(state, "G")["discard"] == ["trireme", "trireme"]
    assert energy(state) == 0

    state = build({"active": "R", "phase": "action", "energy": 0, "G": {"play": ["trireme"]}})
    assert_illegal(state, "G", "scuttle:0")


def test_democracy_needs_four_navy_cards():
    """IMP-10.11, IMP-7.12: 3 Navy cards are not enough, Farms don't count."""
    state = _g(
        11,
        navy_dom="G",
        G={"play": ["trireme", "trireme(T)", "fire_raft", "farm"], "hand": ["democracy"]},
    )
    assert_illegal(state, "G", "play:democracy")
    assert winner(state) is None


def test_alexander_skip_free_play_and_no_prompt_without_army():
    """IMP-10.13, IMP-A29: the free play is optional; no Army card in hand -> no decision."""
    state = _g(12, G={"hand": ["alexander", "hoplite"]})
    act(state, "G", "play:alexander")
    assert set(choice_ids(state, "G")) == {"free:hoplite", "skip"}
    act(state, "G", "skip")
    assert side(state, "G")["hand"] == ["hoplite"]
    assert side(state, "G")["play"] == ["alexander"]

    state = _g(12, G={"hand": ["alexander", "farm"]})
    act(state, "G", "play:alexander")
    assert "skip" not in choice_ids(state, "G")
    assert "end" in choice_ids(state, "G")
    assert summarize(state)["army_dom"] == "G"


def test_alexander_pursuit_ignores_hadrians_wall():
    """IMP-10.13, IMP-A32, IMP-6.3: a Great Person's attack; pursuit +1 and the Walls destroyed."""
    state = _g(
        12,
        army_dom="G",
        G={"army": 2, "hand": ["alexander"]},
        R={"play": ["hadrians_wall", "walls"]},
    )
    act(state, "G", "play:alexander")
    s = summarize(state)
    assert s["energy"] == 0
    assert s["G"]["army"] == 3
    assert s["R"]["play"] == ["hadrians_wall"]
    assert s["R"]["discard"] == ["walls"]


def test_aristotle_draws_four_at_full_cost():
    """IMP-10.14: cost 12 without The Parthenon."""
    deck = ["farm", "walls", "hoplite", "port", "trader"]
    state = _g(11, G={"hand": ["aristotle"], "deck": deck})
    assert_illegal(state, "G", "play:aristotle")
    state = _g(12, G={"hand": ["aristotle"], "deck": deck})
    act(state, "G", "play:aristotle")
    g = side(state, "G")
    assert energy(state) == 0
    assert g["hand"] == ["farm", "walls", "hoplite", "port"]
    assert g["deck"] == ["trader"]


def test_archimedes_gains_navy_dominance_and_skips_free_play():
    """IMP-10.15, IMP-6.7."""
    state = _g(12, navy_dom="R", R={"navy": 1}, G={"hand": ["archimedes", "trireme"]})
    act(state, "G", "play:archimedes")
    s = summarize(state)
    assert s["navy_dom"] == "G"
    assert s["R"]["navy"] == 0 and s["G"]["navy"] == 0
    assert set(choice_ids(state, "G")) == {"free:trireme", "skip"}
    act(state, "G", "skip")
    assert side(state, "G")["hand"] == ["trireme"]


def test_pericles_single_option_puts_wonder_face_up():
    """IMP-10.16, IMP-A30: only option (a) is possible -> used without a decision."""
    state = _g(12, G={"hand": ["pericles", "parthenon"]})
    act(state, "G", "play:pericles")
    g = side(state, "G")
    assert energy(state) == 0
    assert g["play"] == ["pericles", "parthenon"]  # placed, then the on-enter: face up
    assert g["hand"] == []
    assert points(state, "G") == Fraction(2, 6)


def test_pericles_placement_wins_before_its_on_enter_effect():
    """IMP-5.3, IMP-8.3, IMP-A39: the 6th scoring card wins when placed."""
    state = _g(
        12,
        G={
            "play": ["alexander", "aristotle", "archimedes", "homeros", "colossus"],
            "hand": ["pericles", "parthenon"],
        },
    )
    assert points(state, "G") == Fraction(5, 6)
    act(state, "G", "play:pericles")
    assert winner(state) == "G"
    assert points(state, "G") == 1
    assert side(state, "G")["hand"] == ["parthenon"]  # the on-enter effect never resolved


def test_great_lighthouse_face_down_gives_no_reroll():
    """IMP-10.18, IMP-7.6."""
    state = build(
        {
            "active": "G",
            "phase": "energy",
            "G": {"play": ["great_lighthouse(FD)"], "hand": ["farm"]},
        }
    )
    advance(state, dice=[1, 1, 1])
    assert set(choice_ids(state, "G")) == {"extra", "continue"}


def test_parthenon_scope():
    """IMP-10.20, IMP-A33: own Great Persons only, face up only; not Wonders, not the opponent."""
    state = _g(4, G={"play": ["parthenon"], "hand": ["colossus"]})
    assert_illegal(state, "G", "play:colossus")  # Wonder stays 5
    state = _g(11, G={"play": ["parthenon(FD)"], "hand": ["aristotle"]})
    assert_illegal(state, "G", "play:aristotle")  # face down: no discount
    state = build(
        {
            "active": "R",
            "phase": "action",
            "energy": 11,
            "R": {"hand": ["caesar"]},
            "G": {"play": ["parthenon"]},
        }
    )
    assert_illegal(state, "R", "play:caesar")  # not for the opponent


def test_alexander_free_played_hoplite_may_tap_the_same_turn():
    """IMP-10.13, IMP-A29, IMP-10.1: it enters untapped; tap cost 6 (G now holds dominance)."""
    state = _g(18, G={"hand": ["alexander", "hoplite"]})
    act(state, "G", "play:alexander")
    act(state, "G", "free:hoplite")
    assert energy(state) == 6
    act(state, "G", "tap:1")
    g = side(state, "G")
    assert energy(state) == 0
    assert g["play"] == ["alexander", "hoplite(T)"]
    assert g["army"] == 2  # pursuit, R has no Defense
