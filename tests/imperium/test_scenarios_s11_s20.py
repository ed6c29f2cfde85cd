"""The scenarios IMP-S11..S20 of shared/rules/imperium.md section 15, step by step.

Same conventions as test_scenarios.py (S01..S10).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
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
    view,
    winner,
)

GOVERNMENT_CASES = [
    # (id, who, government, board, legal) -- IMP-S11 (a)..(d), each check independent
    ("a_republic", "R", "republic",
     {"army_dom": "G", "R": {"play": ["farm", "farm", "farm", "granary", "cicero"]}}, True),
    ("a_republic_four_farms", "R", "republic",
     {"army_dom": "G", "R": {"play": ["farm", "farm", "farm", "farm"]}}, False),
    ("b_principatus", "R", "principatus",
     {"army_dom": "R", "R": {"play": ["legion(T)", "legion(T)", "legion(T)", "catapult(T)"]}},
     True),
    ("b_principatus_g_dominance", "R", "principatus",
     {"army_dom": "G", "R": {"play": ["legion(T)", "legion(T)", "legion(T)", "catapult(T)"]}},
     False),
    ("b_principatus_three_armies", "R", "principatus",
     {"army_dom": "R", "R": {"play": ["legion(T)", "legion(T)", "legion(T)"]}}, False),
    ("c_democracy", "G", "democracy",
     {"navy_dom": "G",
      "G": {"play": ["trireme(T)", "trireme", "heavy_galley(T)", "fire_raft"]}}, True),
    ("c_democracy_r_navy", "G", "democracy",
     {"navy_dom": "R",
      "G": {"play": ["trireme(T)", "trireme", "heavy_galley(T)", "fire_raft"]}}, False),
]  # fmt: skip


@pytest.mark.parametrize(
    "who, government, board, legal",
    [c[1:] for c in GOVERNMENT_CASES],
    ids=[c[0] for c in GOVERNMENT_CASES],
)
def test_imp_s11_the_four_governments(who, government, board, legal):
    """IMP-S11 (a)-(c) (IMP-8.4, IMP-9.12, IMP-9.13, IMP-10.11, IMP-7.11, IMP-7.12)."""
    spec = {**board, "active": who, "phase": "action", "energy": 11}
    spec[who] = {**board.get(who, {}), "hand": [government]}
    state = build(spec)
    if legal:
        act(state, who, f"play:{government}")
        assert winner(state) == who
        assert RULES.outcome(state).winners == (seat_of(state, who),)
    else:
        assert_illegal(state, who, f"play:{government}")
        assert winner(state) is None


@pytest.mark.parametrize("e, legal", [(10, False), (11, True)])
def test_imp_s11d_oligarchy_cost_not_reduced_by_parthenon(e, legal):
    """IMP-S11 (d) (IMP-10.12, IMP-10.20, IMP-5.8, IMP-A33)."""
    state = build(
        {
            "active": "G",
            "phase": "action",
            "energy": e,
            "navy_dom": "G",
            "G": {
                "play": ["parthenon", "alexander", "homeros", "aristotle"],
                "hand": ["oligarchy"],
            },
        }
    )
    assert points(state, "G") == Fraction(4, 6)
    assert winner(state) is None
    if legal:
        act(state, "G", "play:oligarchy")
        assert winner(state) == "G"
    else:
        assert_illegal(state, "G", "play:oligarchy")


def test_imp_s12_archimedes_pursues_and_free_plays_fire_raft():
    """IMP-S12 (IMP-10.15, IMP-6.8, IMP-6.9, IMP-7.7, IMP-10.10)."""
    state = build(
        {
            "active": "G",
            "phase": "action",
            "energy": 12,
            "navy_dom": "G",
            "G": {"navy": 0, "hand": ["archimedes", "fire_raft", "trireme"], "discard": ["port"]},
            "R": {"play": ["galley"]},
        }
    )
    act(state, "G", "play:archimedes")  # pursuit: Port is the only card to recover
    assert set(choice_ids(state, "G")) == {"free:fire_raft", "free:trireme", "skip"}
    act(state, "G", "free:fire_raft")
    g = side(state, "G")
    assert energy(state) == 0
    assert g["play"] == ["archimedes", "fire_raft"]
    assert g["hand"] == ["trireme", "port"]
    assert g["discard"] == []
    assert g["navy"] == 1
    assert summarize(state)["navy_dom"] == "G"
    assert points(state, "G") == Fraction(1, 6)


def test_imp_s13_cicero_recovers_face_down_scores_nothing_flip_wins():
    """IMP-S13 (IMP-9.15, IMP-7.2, IMP-7.6, IMP-7.13, IMP-8.3, IMP-5.5)."""
    state = build(
        {
            "active": "R",
            "phase": "action",
            "energy": 12,
            "R": {
                "play": ["caesar", "trajans_column", "hadrians_wall(FD)"],
                "hand": ["cicero"],
                "discard": ["legion", "farm"],
                "deck": ["walls"],
            },
            "G": {"deck": ["farm"]},
        }
    )
    act(state, "R", "play:cicero")
    assert set(choice_ids(state, "R")) == {"recover:legion", "recover:farm"}
    act(state, "R", "recover:legion")
    r = side(state, "R")
    assert energy(state) == 0
    assert points(state, "R") == Fraction(3, 4)
    assert winner(state) is None
    assert r["hand"] == ["legion"]
    assert r["discard"] == ["farm"]

    act(state, "R", "end", dice=[1, 1, 1])  # G: 3 dice
    act(state, "G", "continue")
    act(state, "G", "end", dice=[5, 3, 2, 1])  # R: 3 + Cicero = 4 dice
    assert pool(state) == 4
    assert energy(state) == 8
    act(state, "R", "continue")
    act(state, "R", "flip:2")
    assert energy(state) == 0
    assert points(state, "R") == 1
    assert winner(state) == "R"


def test_imp_s14_caesar_returns_walls_then_takes_army_dominance():
    """IMP-S14 (IMP-9.14, IMP-7.3, IMP-6.1, IMP-6.2)."""
    state = build(
        {
            "active": "R",
            "phase": "action",
            "energy": 12,
            "army_dom": "G",
            "R": {"hand": ["caesar"]},
            "G": {"army": 3, "play": ["hoplite(T)", "walls", "farm", "aristotle"]},
        }
    )
    act(state, "R", "play:caesar")
    assert set(choice_ids(state, "R")) == {"ret:0", "ret:1", "ret:2"}  # not Aristotle
    act(state, "R", "ret:1")
    s = summarize(state)
    assert s["energy"] == 0
    assert s["G"]["hand"] == ["walls"]
    assert s["G"]["play"] == ["hoplite(T)", "farm", "aristotle"]
    assert s["army_dom"] == "R"
    assert s["R"]["army"] == 0 and s["G"]["army"] == 0
    assert points(state, "R") == Fraction(1, 4)


def test_imp_s15_pericles_flips_lighthouse_then_paid_reroll():
    """IMP-S15 (IMP-10.16, IMP-10.18, IMP-4.8, IMP-7.6, IMP-A30)."""
    state = build(
        {
            "active": "G",
            "phase": "action",
            "energy": 12,
            "G": {
                "play": ["great_lighthouse(FD)"],
                "hand": ["pericles", "parthenon", "farm", "walls"],
                "deck": ["farm", "trader"],
            },
            "R": {"deck": ["farm"]},
        }
    )
    act(state, "G", "play:pericles")
    assert set(choice_ids(state, "G")) == {"wonder:parthenon", "flipfree:0"}
    act(state, "G", "flipfree:0")
    g = side(state, "G")
    assert energy(state) == 0
    assert g["play"] == ["great_lighthouse", "pericles"]
    assert points(state, "G") == Fraction(2, 6)

    act(state, "G", "end", dice=[1, 1, 1])  # R: 3 dice
    act(state, "R", "continue")
    act(state, "R", "end", dice=[1, 2, 1])  # G: 3 dice
    assert side(state, "G")["hand"] == ["parthenon", "farm", "walls", "farm"]
    assert energy(state) == 3
    assert set(choice_ids(state, "G")) == {
        "reroll:parthenon",
        "reroll:farm",
        "reroll:walls",
        "stop",
    }
    act(state, "G", "reroll:walls", dice=[6, 5, 1])
    assert energy(state) == 11
    act(state, "G", "stop")
    g = side(state, "G")
    assert energy(state) == 11
    assert g["discard"][-1] == "walls"
    assert g["hand"] == ["parthenon", "farm", "farm"]
    assert set(choice_ids(state, "G")) == {"extra", "continue"}


def test_imp_s15_lighthouse_reroll_illegal_with_empty_hand():
    """IMP-S15 last sentence (IMP-10.18, IMP-A22): no reroll without a card to discard."""
    state = build({"active": "G", "phase": "energy", "G": {"play": ["great_lighthouse"]}})
    advance(state, dice=[1, 2, 1])
    assert energy(state) == 3
    assert not [c for c in choice_ids(state, "G") if c.startswith("reroll")]
    assert_illegal(state, "G", "reroll:farm")


def test_imp_s16_hadrians_wall_hoplite_surcharge_cavalry_fort():
    """IMP-S16 (IMP-9.16, IMP-10.1, IMP-10.2, IMP-9.7, IMP-5.6, IMP-5.8, IMP-6.3, IMP-6.4,
    IMP-A26)."""
    state = build(
        {
            "active": "G",
            "phase": "action",
            "energy": 7,
            "army_dom": "G",
            "G": {
                "army": 2,
                "play": ["hoplite", "cavalry"],
                "hand": ["trader", "farm"],
                "deck": ["orchard"],
            },
            "R": {"play": ["hadrians_wall", "fort", "walls", "farm"], "hand": ["galley", "farm"]},
        }
    )
    assert_illegal(state, "G", "tap:0")  # 5 + 1 + 2 = 8 > 7
    assert_illegal(state, "G", "tap:1")  # 6 + 2 = 8 > 7
    act(state, "G", "sell:farm")
    assert energy(state) == 8
    assert side(state, "G")["discard"] == ["farm"]

    act(state, "G", "tap:1")  # Fort must be destroyed: no choice for G
    assert energy(state) == 0
    assert side(state, "G")["play"] == ["hoplite", "cavalry(T)"]
    assert side(state, "G")["army"] == 3
    assert side(state, "R")["hand"] == ["galley", "farm", "fort"]
    assert side(state, "R")["play"] == ["hadrians_wall", "walls", "farm"]
    assert RULES.waiting(state) == (seat_of(state, "R"),)
    assert set(choice_ids(state, "R")) == {"discard:galley", "discard:farm", "discard:fort"}

    act(state, "R", "discard:farm")
    s = summarize(state)
    assert s["R"]["play"] == ["hadrians_wall", "walls", "farm"]
    assert s["R"]["hand"] == ["galley", "fort"]
    assert s["R"]["discard"] == ["farm"]
    assert s["G"]["hand"] == ["trader", "orchard"]  # Cavalry's draw after the attack
    assert RULES.waiting(state) == (seat_of(state, "G"),)


def test_imp_s17_colosseum_reroll_with_one_die_fewer():
    """IMP-S17 (IMP-9.18, IMP-4.7, IMP-4.8)."""
    state = build({"active": "R", "phase": "energy", "R": {"play": ["colosseum", "farm", "farm"]}})
    advance(state, dice=[1, 1, 2, 2, 1])
    assert energy(state) == 4
    assert set(choice_ids(state, "R")) == {"reroll", "stop"}
    act(state, "R", "reroll", dice=[3, 6, 2, 1])  # 4 dice
    assert pool(state) == 4
    act(state, "R", "stop")
    assert energy(state) == 9
    assert set(choice_ids(state, "R")) == {"extra", "continue"}
    # Next turn R rolls 5 dice again.
    act(state, "R", "continue")
    act(state, "R", "end", dice=[1, 1, 1])
    act(state, "G", "continue")
    act(state, "G", "end", dice=[1, 1, 1, 1, 1])
    assert pool(state) == 5


def test_imp_s18_navy_redraw_trireme_scuttle_recovery_port():
    """IMP-S18 (IMP-3.2(c), IMP-10.8, IMP-6.9, IMP-10.7, IMP-7.2, IMP-5.7, IMP-A17, IMP-11.2)."""
    state = build(
        {
            "active": "G",
            "phase": "start",
            "navy_dom": "G",
            "G": {
                "navy": 0,
                "play": ["trireme(T)", "trireme"],
                "hand": ["homeros"],
                "discard": ["trader"],
                "deck": ["farm", "port", "walls", "hoplite", "cavalry"],
            },
        }
    )
    advance(state)  # turn draw, then the redraw decision (before the roll)
    assert side(state, "G")["hand"] == ["homeros", "farm"]
    assert set(choice_ids(state, "G")) == {"redraw", "keep"}
    act(state, "G", "redraw", dice=[5, 5, 2])
    g = side(state, "G")
    assert g["discard"] == ["trader", "farm"]
    assert g["hand"] == ["homeros", "port"]
    assert energy(state) == 10
    act(state, "G", "continue")

    act(state, "G", "scuttle:0")
    assert side(state, "G")["discard"] == ["trader", "farm", "trireme"]
    assert side(state, "G")["play"] == ["trireme"]

    act(state, "G", "tap:0")
    assert energy(state) == 5
    assert set(choice_ids(state, "G")) == {"recover:trader", "recover:farm", "recover:trireme"}
    act(state, "G", "recover:trireme")
    assert side(state, "G")["navy"] == 1

    act(state, "G", "play:port")
    assert set(choice_ids(state, "G")) == {"top:trader", "top:farm"}  # not Port itself
    act(state, "G", "top:farm")
    g = side(state, "G")
    assert energy(state) == 0
    assert g["hand"] == ["homeros", "trireme", "walls", "hoplite"]
    assert g["deck"] == ["farm", "cavalry"]
    assert g["discard"] == ["trader", "port"]
    assert g["play"] == ["trireme(T)"]
    assert g["navy"] == 1
    assert view(state, "R")["seats"][seat_of(state, "G")]["known_top"] == ["farm"]


def test_imp_s19_homeros_parthenon_heavy_galley_charges_run_out():
    """IMP-S19 (IMP-10.17, IMP-10.20, IMP-10.9, IMP-5.8, IMP-6.7, IMP-7.3, IMP-A08)."""
    state = build(
        {
            "active": "G",
            "phase": "action",
            "energy": 12,
            "navy_dom": "R",
            "G": {
                "play": ["parthenon"],
                "hand": ["homeros", "heavy_galley", "fire_raft", "trireme"],
            },
            "R": {"navy": 1, "play": ["farm", "galley(T)", "legion"]},
        }
    )
    act(state, "G", "play:homeros")
    assert energy(state) == 1  # 12 - 1
    assert view(state, None)["homeros"] == 3

    act(state, "G", "playh:heavy_galley")
    assert energy(state) == 1
    assert view(state, None)["homeros"] == 2

    act(state, "G", "taph:2")
    assert view(state, None)["homeros"] == 1
    s = summarize(state)
    assert s["navy_dom"] == "G"
    assert s["R"]["navy"] == 0 and s["G"]["navy"] == 0
    assert set(choice_ids(state, "G")) == {"ret:0", "ret:1", "ret:2"}
    act(state, "G", "ret:2")
    s = summarize(state)
    assert s["R"]["hand"] == ["legion"]
    assert s["R"]["play"] == ["farm", "galley(T)"]

    act(state, "G", "playh:fire_raft")
    assert view(state, None)["homeros"] == 0
    assert energy(state) == 1
    assert side(state, "G")["play"] == ["parthenon", "homeros", "heavy_galley(T)", "fire_raft"]
    assert_illegal(state, "G", "play:trireme")  # 5 > 1
    assert_illegal(state, "G", "playh:trireme")  # no charge left
    assert points(state, "G") == Fraction(2, 6)


S20_SPEC = {
    "active": "G",
    "phase": "action",
    "energy": 11,
    "G": {
        "play": ["parthenon"],
        "hand": ["aristotle"],
        "deck": ["walls", "farm", "hoplite"],
        "discard": ["trader", "port"],
    },
    "R": {"deck": ["farm"]},
}


def test_imp_s20_aristotle_draws_from_short_deck():
    """IMP-S20 (IMP-10.14, IMP-10.20, IMP-7.10, IMP-A10): the 4th draw does nothing."""
    state = build(S20_SPEC)
    act(state, "G", "play:aristotle")
    g = side(state, "G")
    assert energy(state) == 0
    assert g["hand"] == ["walls", "farm", "hoplite"]
    assert g["deck"] == []
    assert g["discard"] == ["trader", "port"]
    assert points(state, "G") == Fraction(2, 6)
    assert winner(state) is None
    # G's next turn draw does nothing either.
    act(state, "G", "end", dice=[1, 1, 1])
    act(state, "R", "continue")
    act(state, "R", "end", dice=[1, 1, 1])
    g = side(state, "G")
    assert g["hand"] == ["walls", "farm", "hoplite"]
    assert g["deck"] == []
    assert view(state, None)["active"] == seat_of(state, "G")


def test_imp_s20_variant_reshuffle():
    """IMP-S20 with IMP-V5 = reshuffle: the 4th draw shuffles Trader and Port into a deck."""
    state = build({**S20_SPEC, "options": {"empty_deck": "reshuffle"}})
    act(state, "G", "play:aristotle")
    g = side(state, "G")
    assert g["hand"][:3] == ["walls", "farm", "hoplite"]
    assert len(g["hand"]) == 4
    assert g["hand"][3] in ("trader", "port")
    assert sorted(g["hand"][3:] + g["deck"]) == ["port", "trader"]
    assert g["discard"] == []
    assert winner(state) is None


def test_imp_s20_variant_lose():
    """IMP-S20 with IMP-V5 = lose: G loses at the 4th draw (IMP-8.5)."""
    state = build({**S20_SPEC, "options": {"empty_deck": "lose"}})
    act(state, "G", "play:aristotle")
    assert winner(state) == "R"
    assert RULES.outcome(state).winners == (seat_of(state, "R"),)
    assert side(state, "G")["hand"] == ["walls", "farm", "hoplite"]
