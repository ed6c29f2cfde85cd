"""Actions (IMP-5.x) and military (IMP-6.x): selling, costs, flips, Homeros charges, the navy
threshold, dominance changes and Fire Raft. Values are computed by hand from the cited rules.
"""

from __future__ import annotations

from fractions import Fraction

from imperium_helpers import (
    RULES,
    act,
    assert_illegal,
    build,
    choice_ids,
    energy,
    points,
    seat_of,
    side,
    summarize,
    view,
)


def _action(energy_: int = 0, **sides) -> dict:
    spec = {"phase": "action", "energy": energy_}
    spec.update(sides)
    spec.setdefault("active", "R")
    return build(spec)


# --- Selling (IMP-5.6, IMP-9.5, IMP-A13, IMP-A41) ------------------------------------------------


def test_sell_discards_face_up_for_one_energy():
    """IMP-5.6, IMP-A13: +1 energy, the card goes to the (public) discard pile."""
    state = _action(0, R={"hand": ["legion", "farm"]})
    act(state, "R", "sell:farm")
    r = side(state, "R")
    assert energy(state) == 1
    assert r["hand"] == ["legion"]
    assert r["discard"] == ["farm"]
    assert view(state, "G")["seats"][seat_of(state, "R")]["discard"] == ["farm"]
    assert_illegal(state, "R", "sell:legion")  # once per turn


def test_granary_sell_and_hand_sell_share_the_one_sell():
    """IMP-5.6, IMP-9.5: selling from hand uses the turn's sell; the Granary can't sell again."""
    state = _action(0, R={"hand": ["legion"], "play": ["granary"]})
    act(state, "R", "sell:legion")
    assert energy(state) == 1
    assert_illegal(state, "R", "sellg")
    assert side(state, "R")["play"] == ["granary"]


def test_tapped_granary_cannot_sell():
    """IMP-A41: only an untapped Granary can be tapped for the sell."""
    state = _action(0, R={"hand": [], "play": ["granary(T)"]})
    assert_illegal(state, "R", "sellg")
    assert_illegal(state, "R", "sell:farm")  # no card in hand either


def test_sell_is_available_again_next_turn():
    """IMP-5.6: one sell per turn, not per game."""
    state = _action(0, R={"hand": ["legion", "farm"]})
    act(state, "R", "sell:farm")
    act(state, "R", "end", dice=[1, 1, 1])
    act(state, "G", "continue")
    act(state, "G", "end", dice=[1, 1, 1])
    act(state, "R", "continue")
    act(state, "R", "sell:legion")
    assert energy(state) == 3  # 1 + 1 rolled, +1 sold
    assert side(state, "R")["discard"] == ["farm", "legion"]


# --- Costs (IMP-5.5, IMP-5.8, IMP-A09, IMP-A25) -----------------------------------------------


def test_flip_cost_is_always_8():
    """IMP-5.5, IMP-5.8: neither The Parthenon nor a Homeros charge changes the flip cost."""
    spec = {"active": "G", "G": {"play": ["parthenon", "colossus(FD)"]}}
    state = _action(7, **spec)
    assert_illegal(state, "G", "flip:1")
    state = build({**spec, "phase": "action", "energy": 7, "homeros": 3})
    assert_illegal(state, "G", "flip:1")
    state = _action(8, **spec)
    act(state, "G", "flip:1")
    assert energy(state) == 0
    assert side(state, "G")["play"] == ["parthenon", "colossus"]
    assert points(state, "G") == Fraction(2, 6)


def test_wonder_flipped_in_the_turn_it_is_played():
    """IMP-A25, IMP-7.6: 5 + 8 = 13 energy, reachable with 12 and a sell."""
    state = _action(12, R={"hand": ["colosseum", "legion"]})
    act(state, "R", "sell:legion")
    act(state, "R", "play:colosseum")
    assert energy(state) == 8
    assert side(state, "R")["play"] == ["colosseum(FD)"]
    assert points(state, "R") == 0  # face down scores nothing
    act(state, "R", "flip:0")
    assert energy(state) == 0
    assert side(state, "R")["play"] == ["colosseum"]
    assert points(state, "R") == Fraction(1, 4)


def test_homeros_charge_sets_cost_to_zero_after_increases():
    """IMP-5.8, IMP-A09: Hoplite 5 + 1 (Army Dominance) + 2 (Hadrian's Wall) = 8, a charge -> 0."""
    state = build(
        {
            "active": "G",
            "phase": "action",
            "energy": 7,
            "homeros": 1,
            "army_dom": "G",
            "G": {"play": ["hoplite"]},
            "R": {"play": ["hadrians_wall"]},
        }
    )
    assert_illegal(state, "G", "tap:0")  # 8 > 7
    act(state, "G", "taph:0")
    s = summarize(state)
    assert s["energy"] == 7
    assert view(state, None)["homeros"] == 0
    assert s["G"]["play"] == ["hoplite(T)"]
    assert s["G"]["army"] == 2  # pursuit, R has no Defense


def test_homeros_charge_only_for_army_and_navy_costs():
    """IMP-5.8, IMP-10.17: not for Orchard's tap, a Farm or a Great Person."""
    state = build(
        {
            "active": "G",
            "phase": "action",
            "energy": 0,
            "homeros": 2,
            "G": {"play": ["orchard"], "hand": ["farm", "aristotle", "hoplite"]},
        }
    )
    assert_illegal(state, "G", "taph:0")
    assert_illegal(state, "G", "playh:farm")
    assert_illegal(state, "G", "playh:aristotle")
    act(state, "G", "playh:hoplite")
    assert view(state, None)["homeros"] == 1


def test_homeros_charges_expire_at_end_of_turn():
    """IMP-3.6, IMP-10.17: unused charges are gone on the next turn."""
    state = build(
        {
            "active": "G",
            "phase": "action",
            "energy": 0,
            "homeros": 2,
            "G": {"hand": ["hoplite", "hoplite"]},
        }
    )
    act(state, "G", "end", dice=[1, 1, 1])
    act(state, "R", "continue")
    act(state, "R", "end", dice=[1, 1, 1])
    act(state, "G", "continue")
    assert view(state, None)["homeros"] == 0
    assert_illegal(state, "G", "playh:hoplite")
    assert_illegal(state, "G", "play:hoplite")  # 5 > 2


def test_only_the_active_player_acts():
    """IMP-5.10: the non-active player has no prompt and cannot act."""
    state = _action(10, R={"hand": ["legion"]})
    assert choice_ids(state, "G") == []
    assert_illegal(state, "G", "end")
    assert_illegal(state, "G", "continue")


# --- Military (IMP-6.x) ------------------------------------------------------------------------


def test_navy_threshold_with_empty_hand_and_discard():
    """IMP-6.9, IMP-6.10, IMP-A18: recover nothing, counter 2 -> reset to 0, dominance kept."""
    state = _action(5, navy_dom="R", R={"navy": 1, "play": ["galley"]}, G={"hand": []})
    act(state, "R", "tap:0")
    s = summarize(state)
    assert s["R"]["navy"] == 0
    assert s["navy_dom"] == "R"
    assert s["R"]["hand"] == []
    assert s["G"]["hand"] == []


def test_naval_pursuit_below_threshold_keeps_opponent_hand():
    """IMP-6.9, IMP-7.2: recover a chosen card, 1 navy counter, no discard yet."""
    state = _action(
        5,
        navy_dom="R",
        R={"navy": 0, "play": ["galley"], "discard": ["farm", "walls"]},
        G={"hand": ["hoplite"]},
    )
    act(state, "R", "tap:0")
    assert set(choice_ids(state, "R")) == {"recover:farm", "recover:walls"}
    act(state, "R", "recover:walls")
    s = summarize(state)
    assert s["R"]["hand"] == ["walls"]
    assert s["R"]["discard"] == ["farm"]
    assert s["R"]["navy"] == 1
    assert s["G"]["hand"] == ["hoplite"]


def test_only_attacks_move_dominance():
    """IMP-6.13: a naval attack moves only Navy Dominance; returning R's Legion to hand does
    not take Army Dominance or R's army counters away.
    """
    state = _action(
        6,
        active="G",
        army_dom="R",
        navy_dom="R",
        R={"army": 2, "navy": 1, "play": ["legion", "farm"]},
        G={"play": ["heavy_galley"]},
    )
    act(state, "G", "tap:0")
    assert set(choice_ids(state, "G")) == {"ret:0", "ret:1"}
    act(state, "G", "ret:0")
    s = summarize(state)
    assert s["navy_dom"] == "G"
    assert s["R"]["navy"] == 0
    assert s["army_dom"] == "R"
    assert s["R"]["army"] == 2
    assert s["R"]["hand"] == ["legion"]
    assert s["R"]["play"] == ["farm"]


def test_fire_raft_returns_also_on_a_pursuit():
    """IMP-10.10, IMP-A15: the untapped Fire Raft returns even when the attack is a pursuit."""
    state = _action(
        5,
        navy_dom="R",
        R={"navy": 0, "play": ["galley"], "discard": ["caravan"]},
        G={"play": ["fire_raft", "trireme"]},
    )
    act(state, "R", "tap:0")
    s = summarize(state)
    assert s["G"]["hand"] == ["fire_raft"]
    assert s["G"]["play"] == ["trireme"]
    assert s["R"]["navy"] == 1
    assert s["R"]["hand"] == ["caravan"]
    assert s["navy_dom"] == "R"


def test_fire_raft_own_naval_attack():
    """IMP-10.10: (T) + 4: naval attack."""
    state = _action(4, active="G", G={"play": ["fire_raft"]})
    act(state, "G", "tap:0")
    s = summarize(state)
    assert s["energy"] == 0
    assert s["G"]["play"] == ["fire_raft(T)"]
    assert s["navy_dom"] == "G"
    assert RULES.outcome(state) is None
