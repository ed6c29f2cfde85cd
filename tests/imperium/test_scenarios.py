"""The scenarios IMP-S01..S10 of shared/rules/imperium.md section 15, step by step.

Each test sets up exactly the scenario's position with ``build``, takes the scenario's actions
as choice ids and checks every value the scenario states. Variant branches named in a
scenario are separate tests. S11..S20 are in test_scenarios_s11_s20.py.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from imperium_helpers import (
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
    view,
    waiting,
    winner,
)


def test_imp_s01_farm_orchard_dice_orchard_draw_trader():
    """IMP-S01 (IMP-4.2, IMP-4.5, IMP-4.7, IMP-10.3, IMP-10.4, IMP-10.6, IMP-7.5)."""
    state = build(
        {
            "active": "G",
            "phase": "energy",
            "G": {
                "play": ["farm", "farm", "orchard"],
                "hand": ["trader"],
                "deck": ["walls", "hoplite", "farm", "port", "trireme", "cavalry"],
            },
        }
    )
    advance(state, dice=[1, 2, 2, 3, 5, 5])  # pool 3 + 3 = 6 dice
    assert pool(state) == 6
    assert energy(state) == 10  # 5 + 5
    assert set(choice_ids(state, "G")) == {"extra", "continue"}
    act(state, "G", "continue")

    act(state, "G", "tap:2")  # Orchard
    g = side(state, "G")
    assert energy(state) == 5
    assert g["play"] == ["farm", "farm", "orchard(T)"]
    assert g["hand"] == ["trader", "walls", "hoplite"]

    act(state, "G", "play:trader")
    g = side(state, "G")
    assert energy(state) == 0
    assert g["hand"] == ["walls", "hoplite", "farm", "port"]
    assert g["discard"] == ["trireme", "trader"]
    assert g["deck"] == ["cavalry"]

    # Next G turn: the tapped Orchard still gives its die (pool 6). R's turn in between:
    # empty board, no dominance -> 3 dice.
    act(state, "G", "end", dice=[1, 1, 1])
    act(state, "R", "continue")
    act(state, "R", "end", dice=[1, 1, 1, 1, 1, 2])
    assert pool(state) == 6
    assert side(state, "G")["hand"][-1] == "cavalry"  # the turn draw


S02_BOARD = {
    "army_dom": "G",
    "R": {"play": ["farm", "farm", "farm", "farm", "walls", "cicero"]},
    "G": {"play": ["farm", "colossus"], "army": 1},
}


def _rolled_pool(spec: dict, who: str, expected: int) -> int:
    """Build ``spec`` at ``who``'s Energy phase, roll exactly ``expected`` dice, return the pool."""
    state = build({**spec, "active": who, "phase": "energy"})
    advance(state, dice=[1] * expected)  # one die more or less fails inside advance
    return pool(state)


@pytest.mark.parametrize(
    "steal_mode, fort, r_pool, g_pool",
    [
        ("transfer", False, 5, 8),  # R: 3+4+1-3; G: 3+1+1+3 stolen
        ("deny", False, 5, 5),  # IMP-V1 deny: the stolen dice only leave R's pool
        ("transfer", True, 6, 7),  # Fort protects a second Farm: stolen 2
    ],
    ids=["transfer", "deny", "fort"],
)
def test_imp_s02_stealing_with_walls_cicero_colossus(steal_mode, fort, r_pool, g_pool):
    """IMP-S02 (IMP-4.2, IMP-4.3, IMP-4.4, IMP-4.5, IMP-9.6, IMP-9.15, IMP-10.19, IMP-V1)."""
    spec = {
        **S02_BOARD,
        "R": {"play": S02_BOARD["R"]["play"] + (["fort"] if fort else [])},
        "options": {"steal_mode": steal_mode},
    }
    assert _rolled_pool(spec, "R", r_pool) == r_pool
    assert _rolled_pool(spec, "G", g_pool) == g_pool


def test_imp_s03_granary_sell_one_sell_per_turn_caravan():
    """IMP-S03 (IMP-5.6, IMP-9.5, IMP-9.8, IMP-7.5, IMP-A41)."""
    state = build(
        {
            "active": "R",
            "phase": "action",
            "energy": 7,
            "R": {
                "play": ["granary", "farm"],
                "hand": ["caravan", "legion"],
                "deck": ["farm", "galley", "walls"],
            },
        }
    )
    act(state, "R", "sellg")
    assert energy(state) == 8
    assert side(state, "R")["play"] == ["granary(T)", "farm"]
    assert side(state, "R")["hand"] == ["caravan", "legion"]

    assert_illegal(state, "R", "sell:legion")  # already sold this turn

    act(state, "R", "play:caravan")
    r = side(state, "R")
    assert energy(state) == 3
    assert r["hand"] == ["legion", "farm", "galley"]
    assert r["discard"] == ["caravan"]
    assert r["deck"] == ["walls"]
    assert_illegal(state, "R", "play:legion")  # cost 5 > 3

    # A later turn: the tapped Granary still adds a die (3 + Granary + Farm = 5) but cannot sell.
    act(state, "R", "end", dice=[1, 1, 1])  # G: empty board, 3 dice
    act(state, "G", "continue")
    act(state, "G", "end", dice=[1, 1, 1, 1, 1])
    assert pool(state) == 5
    act(state, "R", "continue")
    assert "sellg" not in choice_ids(state, "R")
    assert "sell:legion" in choice_ids(state, "R")


def test_imp_s04_alexander_takes_army_dominance_and_free_plays_hoplite():
    """IMP-S04 (IMP-10.13, IMP-6.1, IMP-6.2, IMP-7.7, IMP-10.1, IMP-5.8)."""
    state = build(
        {
            "active": "G",
            "phase": "action",
            "energy": 12,
            "army_dom": "R",
            "R": {"army": 2},
            "G": {"hand": ["alexander", "hoplite", "cavalry"]},
        }
    )
    act(state, "G", "play:alexander")
    # Land attack resolved: G gains Army Dominance, R loses it and its counters.
    s = summarize(state)
    assert s["army_dom"] == "G"
    assert s["R"]["army"] == 0 and s["G"]["army"] == 0
    assert set(choice_ids(state, "G")) == {"free:hoplite", "free:cavalry", "skip"}

    act(state, "G", "free:hoplite")
    g = side(state, "G")
    assert energy(state) == 0
    assert g["play"] == ["alexander", "hoplite"]  # Hoplite untapped, unpaid
    assert g["hand"] == ["cavalry"]
    assert points(state, "G") == Fraction(1, 6)
    assert_illegal(state, "G", "tap:1")  # Hoplite now costs 6 (G holds Army Dominance) > 0


S05_SPEC = {
    "active": "R",
    "phase": "start",
    "army_dom": "R",
    "R": {"army": 3, "play": ["legion", "farm"], "deck": ["farm", "caravan"]},
    "G": {"play": ["farm", "farm"], "deck": ["walls"]},
}


def test_imp_s05_army_upkeep_legion_pursuit_immediate_victory():
    """IMP-S05 (IMP-3.2, IMP-6.3, IMP-6.5, IMP-6.6, IMP-8.2, IMP-9.1, IMP-4.5)."""
    state = build(S05_SPEC)
    advance(state, dice=[6, 5, 4, 2, 1, 1])  # pool 3 + 1 + 2 stolen = 6
    r = side(state, "R")
    assert r["army"] == 4  # upkeep
    assert r["hand"] == ["farm"]  # turn draw
    assert pool(state) == 6
    assert energy(state) == 11
    act(state, "R", "continue")
    act(state, "R", "tap:0")
    r = side(state, "R")
    assert energy(state) == 6
    assert r["play"] == ["legion(T)", "farm"]
    assert r["army"] == 5  # the pursuit's second counter is never gained
    assert winner(state) == "R"
    assert waiting(state) == set()


def test_imp_s05_variant_start_of_turn_wins_at_next_upkeep():
    """IMP-S05 with IMP-V2 = start_of_turn (IMP-A01)."""
    state = build({**S05_SPEC, "options": {"army_win_timing": "start_of_turn"}})
    advance(state, dice=[6, 5, 4, 2, 1, 1])
    act(state, "R", "continue")
    act(state, "R", "tap:0")
    assert side(state, "R")["army"] == 6  # 5 then 6: G has no Defense
    assert winner(state) is None
    # G's turn: G's two Farms are stolen -> 3 dice.
    act(state, "R", "end", dice=[1, 1, 1])
    act(state, "G", "continue")
    act(state, "G", "end")  # R's upkeep -> 7 with Army Dominance: R wins, no roll
    r = side(state, "R")
    assert r["army"] == 7
    assert winner(state) == "R"
    assert r["deck"] == ["caravan"]  # the win comes after upkeep, before the turn draw


S06_SPEC = {
    "active": "R",
    "phase": "action",
    "energy": 10,
    "army_dom": "R",
    "R": {"army": 1, "play": ["catapult"]},
    "G": {"play": ["walls", "walls", "farm"]},
}


def test_imp_s06_catapult_ignores_walls_then_destroys_one():
    """IMP-S06 (IMP-9.2, IMP-6.3, IMP-6.4, IMP-7.4)."""
    state = build(S06_SPEC)
    act(state, "R", "tap:0")
    assert energy(state) == 4
    assert side(state, "R")["play"] == ["catapult(T)"]
    assert side(state, "R")["army"] == 3  # 2 counters: G treated as having no Defense
    assert set(choice_ids(state, "R")) == {"destroy:0", "destroy:1"}  # attacker picks
    act(state, "R", "destroy:0")
    g = side(state, "G")
    assert g["play"] == ["walls", "farm"]
    assert g["discard"] == ["walls"]
    assert side(state, "R")["army"] == 3


def test_imp_s06_comparison_legion_gives_one_counter_and_destroys():
    """IMP-S06 comparison: a Legion pursuit against Walls (IMP-6.3, IMP-6.4)."""
    state = build({**S06_SPEC, "R": {"army": 1, "play": ["legion"]}})
    act(state, "R", "tap:0")
    assert energy(state) == 5
    act(state, "R", "destroy:1")
    assert side(state, "R")["army"] == 2
    assert side(state, "G")["play"] == ["walls", "farm"]
    assert side(state, "G")["discard"] == ["walls"]


def test_imp_s07_praetorian_returns_face_down_wonder_janus_draws():
    """IMP-S07 (IMP-9.3, IMP-9.19, IMP-7.3, IMP-5.3, IMP-11.2, IMP-A19)."""
    state = build(
        {
            "active": "R",
            "phase": "action",
            "energy": 12,
            "R": {"play": ["temple_of_janus"], "hand": ["praetorian"], "deck": ["farm", "walls"]},
            "G": {"play": ["colossus(FD)", "alexander", "hoplite(T)"]},
        }
    )
    g_seat_in_r_view = view(state, "R")["seats"][seat_of(state, "G")]
    assert g_seat_in_r_view["play"][0]["card"] is None  # identity hidden from R
    assert g_seat_in_r_view["play"][0]["face_down"] is True

    act(state, "R", "play:praetorian")
    assert energy(state) == 5
    assert set(choice_ids(state, "R")) == {"ret:0", "ret:2"}  # not Alexander (12)
    act(state, "R", "ret:0")
    r, g = side(state, "R"), side(state, "G")
    assert g["play"] == ["alexander", "hoplite(T)"]
    assert g["hand"] == ["colossus"]
    assert r["hand"] == ["farm"]  # Janus draw
    assert r["deck"] == ["walls"]
    assert r["play"] == ["temple_of_janus", "praetorian"]
    seen_by_r = view(state, "R")["seats"][seat_of(state, "G")]
    assert seen_by_r["hand"] is None
    assert seen_by_r["hand_count"] == 1
    assert "colossus" not in seen_by_r["known_hand"]  # still hidden after the return
    assert_illegal(state, "R", "tap:1")  # Praetorian tap cost 7 > 5


@pytest.mark.parametrize(
    "discard, hand, final_discard",
    [
        (["legion", "farm", "caravan"], ["walls", "galley", "legion"], ["farm", "caravan"]),
        (["farm", "caravan"], ["walls", "galley"], ["farm", "caravan"]),  # no Legion
    ],
    ids=["legion", "no_legion"],
)
def test_imp_s08_barracks(discard, hand, final_discard):
    """IMP-S08 (IMP-9.9, IMP-7.2, IMP-7.5)."""
    state = build(
        {
            "active": "R",
            "phase": "action",
            "energy": 9,
            "R": {"hand": ["barracks"], "deck": ["walls", "galley", "farm"], "discard": discard},
        }
    )
    act(state, "R", "play:barracks")  # the only Legion is recovered without a prompt
    r = side(state, "R")
    assert energy(state) == 3
    assert r["hand"] == hand
    assert r["discard"] == final_discard + ["barracks"]
    assert r["deck"] == ["farm"]


def test_imp_s09_galleys_trajans_column_navy_threshold():
    """IMP-S09 (IMP-9.10, IMP-9.17, IMP-6.7, IMP-6.8, IMP-6.9, IMP-6.10, IMP-7.2, IMP-A18)."""
    state = build(
        {
            "active": "R",
            "phase": "action",
            "energy": 10,
            "navy_dom": "G",
            "R": {"play": ["trajans_column", "galley", "galley"], "discard": ["caravan"]},
            "G": {"navy": 1, "hand": ["farm", "port", "hoplite"]},
        }
    )
    act(state, "R", "tap:1")
    s = summarize(state)
    assert s["energy"] == 5
    assert s["navy_dom"] == "R"
    assert s["G"]["navy"] == 0
    assert s["R"]["navy"] == 1  # Trajan's Column

    act(state, "R", "tap:2")  # pursuit: recover Caravan (only card), counter 2 -> threshold
    s = summarize(state)
    assert s["energy"] == 0
    assert s["R"]["hand"] == ["caravan"]
    assert s["R"]["discard"] == []
    assert s["G"]["hand"] == []
    assert s["G"]["discard"] == ["farm", "port", "hoplite"]
    assert s["R"]["navy"] == 0
    assert s["navy_dom"] == "R"
    assert s["R"]["play"] == ["trajans_column", "galley(T)", "galley(T)"]


@pytest.mark.parametrize("raft_tapped", [False, True], ids=["untapped", "tapped"])
def test_imp_s10_corvus_against_fire_raft(raft_tapped):
    """IMP-S10 (IMP-9.11, IMP-10.10, IMP-6.8, IMP-6.7, IMP-A15)."""
    raft = "fire_raft(T)" if raft_tapped else "fire_raft"
    state = build(
        {
            "active": "R",
            "phase": "action",
            "energy": 6,
            "navy_dom": "G",
            "R": {"play": ["corvus"], "deck": ["farm"]},
            "G": {"navy": 1, "play": [raft, "trireme(T)"]},
        }
    )
    act(state, "R", "tap:0")
    s = summarize(state)
    assert s["energy"] == 0
    assert s["R"]["play"] == ["corvus(T)"]
    assert s["navy_dom"] == "R"
    assert s["G"]["navy"] == 0 and s["R"]["navy"] == 0
    assert s["R"]["hand"] == ["farm"]  # Corvus draws after the attack
    if raft_tapped:
        assert s["G"]["play"] == ["fire_raft(T)", "trireme(T)"]
        assert s["G"]["hand"] == []
    else:
        assert s["G"]["play"] == ["trireme(T)"]
        assert s["G"]["hand"] == ["fire_raft"]
