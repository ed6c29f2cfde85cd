"""Energy and dice (IMP-4.x): the pool formula, the energy value and pool timing.

Every expected pool below is computed by hand from IMP-4.5:
pool(P) = 3 + stealable(P) + unstealable(P) - stolen(P) + (stolen(O) if P holds Army Dominance),
stolen(P) = stealable(P) - min(stealable(P), defenses(P)) while O holds Army Dominance.
"""

from __future__ import annotations

import pytest
from imperium_helpers import act, advance, build, energy, pool, side

POOL_CASES = [
    # id, roller, R play, G play, army dominance, steal_mode, expected pool (hand computation)
    ("empty_board", "R", [], [], None, "transfer", 3),
    ("two_farms", "R", ["farm", "farm"], [], None, "transfer", 5),
    ("tapped_granary_counts", "R", ["granary(T)", "farm"], [], None, "transfer", 5),
    ("walls_add_no_dice", "R", ["walls", "walls", "walls"], [], None, "transfer", 3),
    ("walls_protect_one", "R", ["farm", "farm", "walls"], [], "G", "transfer", 4),  # 3+2-1
    ("holder_takes_stolen", "G", ["farm", "farm", "walls"], [], "G", "transfer", 4),  # 3+1
    ("holder_deny", "G", ["farm", "farm", "walls"], [], "G", "deny", 3),
    ("victim_deny", "R", ["farm", "farm", "walls"], [], "G", "deny", 4),
    ("cicero_unstealable", "R", ["farm", "granary(T)", "cicero"], [], "G", "transfer", 4),
    ("holder_vs_cicero", "G", ["farm", "granary(T)", "cicero"], ["farm"], "G", "transfer", 6),
    ("extra_defenses_idle", "R", ["farm", "walls", "walls", "walls"], [], "G", "transfer", 4),
    ("holder_vs_walls", "G", ["farm", "walls", "walls", "walls"], [], "G", "transfer", 3),
    ("fort_and_walls", "R", ["farm", "farm", "farm", "fort", "walls"], [], "G", "transfer", 5),
    ("holder_vs_fort", "G", ["farm", "farm", "farm", "fort", "walls"], [], "G", "transfer", 4),
    # R holds Army Dominance; G: stealable 2 (Farm, Orchard), 1 protected, Colossus unstealable
    ("r_holder", "R", ["farm", "farm"], ["farm", "orchard(T)", "walls", "colossus"], "R",
     "transfer", 6),
    ("g_victim", "G", ["farm", "farm"], ["farm", "orchard(T)", "walls", "colossus"], "R",
     "transfer", 5),
    ("holder_own_farms_kept", "R", ["farm", "farm"], ["farm", "farm"], "R", "deny", 5),
    ("face_down_colossus", "G", [], ["colossus(FD)", "farm"], None, "transfer", 4),
    ("colossus_never_stolen", "G", [], ["colossus"], "R", "transfer", 4),
    ("nothing_to_steal", "R", [], ["colossus", "walls"], "R", "transfer", 3),
    ("orchard", "G", [], ["orchard"], None, "transfer", 4),
]  # fmt: skip


@pytest.mark.parametrize(
    "roller, r_play, g_play, army_dom, steal_mode, expected",
    [c[1:] for c in POOL_CASES],
    ids=[c[0] for c in POOL_CASES],
)
def test_dice_pool_formula(roller, r_play, g_play, army_dom, steal_mode, expected):
    """IMP-4.1, IMP-4.2, IMP-4.3, IMP-4.4, IMP-4.5, IMP-6.12 (the Army Dominance holder steals),
    IMP-A04, IMP-A05, IMP-A06, IMP-A42, IMP-7.6 (face-down Wonders do nothing), IMP-V1."""
    state = build(
        {
            "active": roller,
            "phase": "energy",
            "army_dom": army_dom,
            "R": {"play": r_play},
            "G": {"play": g_play},
            "options": {"steal_mode": steal_mode},
        }
    )
    advance(state, dice=[1] * expected)  # exactly `expected` dice must be rolled
    assert pool(state) == expected


@pytest.mark.parametrize(
    "farms, dice, expected",
    [
        (0, [1, 1, 1], 2),
        (0, [6, 6, 6], 12),
        (0, [3, 1, 5], 8),
        (1, [2, 6, 1, 6], 12),
        (2, [1, 5, 2, 4, 3], 9),
        (3, [1, 2, 2, 3, 5, 5], 10),  # IMP-S01
    ],
)
def test_energy_is_sum_of_two_highest_dice(farms, dice, expected):
    """IMP-4.7."""
    state = build({"active": "R", "phase": "energy", "R": {"play": ["farm"] * farms}})
    advance(state, dice=dice)
    assert energy(state) == expected


def test_pool_fixed_at_energy_phase_board_changes_apply_next_roll():
    """IMP-4.6: gaining Army Dominance and playing a Farm mid-turn do not change this turn's
    energy; the next roll uses the new board (upkeep counter, IMP-6.5).

    Hand computation: turn 1 R has 2 Farms stolen by G -> 3 dice [6,6,1] = 12; Legion 5 -> 7;
    Farm 4 -> 3. Turn 3: R holds Army Dominance, 3 Farms, nothing to steal -> 6 dice.
    """
    state = build(
        {
            "active": "R",
            "phase": "energy",
            "army_dom": "G",
            "R": {"play": ["farm", "farm", "legion"], "hand": ["farm"]},
        }
    )
    advance(state, dice=[6, 6, 1])
    assert pool(state) == 3
    assert energy(state) == 12
    act(state, "R", "continue")
    act(state, "R", "tap:2")
    assert energy(state) == 7
    act(state, "R", "play:farm")
    assert energy(state) == 3
    assert pool(state) == 3
    act(state, "R", "end", dice=[1, 1, 1])
    act(state, "G", "continue")
    act(state, "G", "end", dice=[1, 1, 1, 1, 1, 1])
    assert pool(state) == 6
    assert side(state, "R")["army"] == 1
