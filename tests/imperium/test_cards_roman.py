"""Focused tests of the Roman cards (IMP-9.x) that the scenarios leave partly unexercised.

Expected values are computed by hand from the cited rules. Coverage of every card is checked in
test_cards.py.
"""

from __future__ import annotations

from fractions import Fraction

from imperium_helpers import (
    RULES,
    act,
    advance,
    assert_illegal,
    build,
    choice_ids,
    energy,
    points,
    pool,
    seat_of,
    side,
    summarize,
)


def _r(e: int, **spec) -> dict:
    return build({"active": "R", "phase": "action", "energy": e, **spec})


def test_legion_land_attack_gains_army_dominance():
    """IMP-9.1, IMP-6.1, IMP-6.2: gaining dominance destroys nothing and resets G's counters."""
    state = _r(5, army_dom="G", R={"play": ["legion"]}, G={"army": 2, "play": ["walls"]})
    act(state, "R", "tap:0")
    s = summarize(state)
    assert s["energy"] == 0
    assert s["R"]["play"] == ["legion(T)"]
    assert s["army_dom"] == "R"
    assert s["R"]["army"] == 0 and s["G"]["army"] == 0
    assert s["G"]["play"] == ["walls"]


def test_legion_pursuit_destroys_the_only_walls():
    """IMP-6.3, IMP-6.4, IMP-7.4: one Walls: destroyed without a prompt; only 1 counter."""
    state = _r(5, army_dom="R", R={"army": 1, "play": ["legion"]}, G={"play": ["walls", "farm"]})
    act(state, "R", "tap:0")
    s = summarize(state)
    assert s["R"]["army"] == 2
    assert s["G"]["play"] == ["farm"]
    assert s["G"]["discard"] == ["walls"]


def test_catapult_gaining_dominance_still_destroys_a_defense():
    """IMP-9.2, IMP-A38."""
    state = _r(6, army_dom="G", R={"play": ["catapult"]}, G={"army": 2, "play": ["walls", "farm"]})
    act(state, "R", "tap:0")
    s = summarize(state)
    assert s["army_dom"] == "R"
    assert s["R"]["army"] == 0 and s["G"]["army"] == 0
    assert s["G"]["play"] == ["farm"]
    assert s["G"]["discard"] == ["walls"]


def test_praetorian_without_eligible_target_then_land_attack():
    """IMP-9.3, IMP-7.3: no card of printed cost <= 7 -> nothing; tap cost 7."""
    state = _r(14, R={"hand": ["praetorian"]}, G={"play": ["alexander"]})
    act(state, "R", "play:praetorian")
    assert energy(state) == 7
    assert side(state, "G")["play"] == ["alexander"]
    act(state, "R", "tap:0")
    assert energy(state) == 0
    assert summarize(state)["army_dom"] == "R"


def test_farm_costs_4_and_adds_a_die_from_next_roll():
    """IMP-9.4, IMP-4.2, IMP-4.6."""
    state = _r(4, R={"hand": ["farm"]})
    act(state, "R", "play:farm")
    assert energy(state) == 0
    assert side(state, "R")["play"] == ["farm"]
    act(state, "R", "end", dice=[1, 1, 1])
    act(state, "G", "continue")
    act(state, "G", "end", dice=[1, 1, 1, 1])
    assert pool(state) == 4


def test_fort_returned_to_hand_causes_no_discard():
    """IMP-9.7, IMP-A26: returned by Heavy Galley (not destroyed) -> no discard decision."""
    state = build(
        {
            "active": "G",
            "phase": "action",
            "energy": 6,
            "G": {"play": ["heavy_galley"]},
            "R": {"play": ["fort"], "hand": ["galley"]},
        }
    )
    act(state, "G", "tap:0")
    s = summarize(state)
    assert s["R"]["hand"] == ["galley", "fort"]
    assert s["R"]["discard"] == []
    assert s["R"]["play"] == []
    assert RULES.waiting(state) == (seat_of(state, "G"),)


def test_fort_destroyed_first_and_owner_may_discard_the_fort_itself():
    """IMP-9.7, IMP-6.4, IMP-A26: Fort before Walls; its owner may discard the Fort."""
    state = build(
        {
            "active": "G",
            "phase": "action",
            "energy": 6,
            "army_dom": "G",
            "G": {"play": ["hoplite"]},
            "R": {"play": ["walls", "fort"], "hand": ["galley"]},
        }
    )
    act(state, "G", "tap:0")  # 5 + 1 (G holds Army Dominance)
    assert set(choice_ids(state, "R")) == {"discard:galley", "discard:fort"}
    act(state, "R", "discard:fort")
    s = summarize(state)
    assert s["energy"] == 0
    assert s["G"]["army"] == 1  # a Defense was destroyed: no second counter
    assert s["R"]["play"] == ["walls"]
    assert s["R"]["hand"] == ["galley"]
    assert s["R"]["discard"] == ["fort"]


def test_galley_gains_navy_dominance():
    """IMP-9.10, IMP-6.7, IMP-6.8: from nobody; counters start at 0."""
    state = _r(5, R={"play": ["galley"]})
    act(state, "R", "tap:0")
    s = summarize(state)
    assert s["energy"] == 0
    assert s["navy_dom"] == "R"
    assert s["R"]["navy"] == 0
    assert s["R"]["play"] == ["galley(T)"]


def test_caesar_pursuit_without_return_target():
    """IMP-9.14, IMP-7.3, IMP-6.3: only Aristotle (12) in G's play -> no return; pursuit +2."""
    state = _r(12, army_dom="R", R={"army": 1, "hand": ["caesar"]}, G={"play": ["aristotle"]})
    act(state, "R", "play:caesar")
    s = summarize(state)
    assert s["energy"] == 0
    assert s["R"]["army"] == 3
    assert s["G"]["play"] == ["aristotle"]
    assert points(state, "R") == Fraction(1, 4)


def test_cicero_with_empty_discard_recovers_nothing():
    """IMP-9.15, IMP-7.2: recover does nothing on an empty pile."""
    state = _r(12, R={"hand": ["cicero"]})
    act(state, "R", "play:cicero")
    r = side(state, "R")
    assert energy(state) == 0
    assert r["hand"] == []
    assert r["play"] == ["cicero"]
    assert points(state, "R") == Fraction(1, 4)


def test_hadrians_wall_only_raises_army_tap_costs():
    """IMP-9.16, IMP-A32: Trireme tap 5, Hoplite play 5, Hoplite tap 5 + 2 = 7."""
    state = build(
        {
            "active": "G",
            "phase": "action",
            "energy": 17,
            "G": {"play": ["trireme"], "hand": ["hoplite"]},
            "R": {"play": ["hadrians_wall"]},
        }
    )
    act(state, "G", "tap:0")
    assert energy(state) == 12
    act(state, "G", "play:hoplite")
    assert energy(state) == 7
    act(state, "G", "tap:1")
    assert energy(state) == 0
    assert summarize(state)["army_dom"] == "G"


def test_hadrians_wall_face_down_has_no_effect():
    """IMP-7.6: a face-down Wonder has no effect."""
    state = build(
        {
            "active": "G",
            "phase": "action",
            "energy": 5,
            "G": {"play": ["hoplite"]},
            "R": {"play": ["hadrians_wall(FD)"]},
        }
    )
    act(state, "G", "tap:0")
    assert energy(state) == 0


def test_trajans_column_on_gain_not_on_pursuit():
    """IMP-9.17, IMP-A35: +1 when gaining Army Dominance; a pursuit gives only its own 2."""
    state = _r(10, R={"play": ["trajans_column", "legion", "legion"]})
    act(state, "R", "tap:1")
    assert side(state, "R")["army"] == 1
    act(state, "R", "tap:2")
    assert side(state, "R")["army"] == 3


def test_colosseum_rerolls_down_to_one_die():
    """IMP-9.18, IMP-4.7, IMP-A23: 3 -> 2 -> 1 die; with one die energy is that die."""
    state = build({"active": "R", "phase": "energy", "R": {"play": ["colosseum"]}})
    advance(state, dice=[1, 1, 1])
    assert energy(state) == 2
    act(state, "R", "reroll", dice=[1, 2])
    assert energy(state) == 3
    act(state, "R", "reroll", dice=[4])
    assert energy(state) == 4
    assert "reroll" not in choice_ids(state, "R")  # a pool of 1 cannot reroll
    if "stop" in choice_ids(state, "R"):
        act(state, "R", "stop")
    assert energy(state) == 4
    assert set(choice_ids(state, "R")) == {"extra", "continue"}


def test_colosseum_face_down_gives_no_reroll():
    """IMP-7.6, IMP-4.8."""
    state = build({"active": "R", "phase": "energy", "R": {"play": ["colosseum(FD)"]}})
    advance(state, dice=[1, 1, 1])
    assert set(choice_ids(state, "R")) == {"extra", "continue"}


def test_temple_of_janus_draws_for_army_and_navy_only():
    """IMP-9.19, IMP-A34: Legion and Galley draw, Farm does not."""
    state = _r(
        14,
        R={
            "play": ["temple_of_janus"],
            "hand": ["farm", "legion", "galley"],
            "deck": ["walls", "caravan", "corvus"],
        },
    )
    act(state, "R", "play:farm")
    assert side(state, "R")["hand"] == ["legion", "galley"]
    act(state, "R", "play:legion")
    assert side(state, "R")["hand"] == ["galley", "walls"]
    act(state, "R", "play:galley")
    r = side(state, "R")
    assert energy(state) == 0
    assert r["hand"] == ["walls", "caravan"]
    assert r["deck"] == ["corvus"]


def test_temple_of_janus_face_down_does_not_draw():
    """IMP-7.6, IMP-9.19."""
    state = _r(5, R={"play": ["temple_of_janus(FD)"], "hand": ["legion"], "deck": ["walls"]})
    act(state, "R", "play:legion")
    assert side(state, "R")["hand"] == []
    assert side(state, "R")["deck"] == ["walls"]


def test_tapped_granary_keeps_its_die():
    """IMP-9.5, IMP-A41, IMP-A42."""
    state = build({"active": "R", "phase": "energy", "R": {"play": ["granary(T)"]}})
    advance(state, dice=[1, 1, 1, 1])
    assert pool(state) == 4
    act(state, "R", "continue")
    assert_illegal(state, "R", "sellg")
