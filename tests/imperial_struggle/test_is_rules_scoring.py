"""Scoring Phase rules (IS-4.1.12) beyond IS-S09, IS-S10, IS-S25: the Global Demand reward table of
IS-4.1.12d row by row (three Eras), the Award tile values of IS-4.1.12 and IS-3.9, USA and
Spanish flags counting for nobody (IS-4.1.12a), Prestige with the USA spaces on T6 (IS-4.1.12c,
IS-A51), ties.
"""

from __future__ import annotations

import importlib

import pytest
from is_helpers import BR, FR, PKG, B, build

# commodity: {era turn: (vp, trp, debt change)} — the table printed in IS-4.1.12d.
REWARDS = {
    "furs": {"T1": (2, 1, 0), "T3": (2, 1, 0), "T5": (1, 0, 0)},
    "spice": {"T1": (1, 0, -1), "T3": (2, 0, -1), "T5": (3, 0, -1)},
    "fish": {"T1": (2, 0, 1), "T3": (2, 0, 0), "T5": (2, 0, 0)},
    "tobacco": {"T1": (3, 0, 1), "T3": (2, 0, 1), "T5": (1, 0, 1)},
    "sugar": {"T1": (2, 0, 0), "T3": (3, 1, 0), "T5": (3, 0, 0)},
    "cotton": {"T1": (2, 1, 0), "T3": (2, 1, 0), "T5": (3, 0, 0)},
}


def scoring():
    return importlib.import_module(f"{PKG}.scoring")


@pytest.mark.parametrize("turn", ["T1", "T3", "T5"])
@pytest.mark.parametrize("commodity", sorted(REWARDS))
def test_is_4_1_12d_reward_table(commodity, turn):
    """IS-4.1.12d: France, the only side with a Market of the commodity, gets the Era's reward
    (France Debt starts at 1 so that −1 and +1 both show)."""
    markets = B().commodity_markets(commodity)
    flags = {m: None for m in markets}
    flags[markets[0]] = "france"
    st = build({"turn": turn, "at": "none", "flags": flags, "debt": {"france": 1}})
    out: list = []
    assert scoring().score_demand(st, commodity, out) == FR
    vp, trp, debt = REWARDS[commodity][turn]
    assert st["vp"] == 15 + vp
    assert st["trp"] == [trp, 0]
    assert st["debt"] == [1 + debt, 0]


def test_is_4_1_12d_tie_nobody():
    """IS-4.1.12d: a tie scores nothing (set-up Furs 1–1)."""
    st = build({"turn": "T1", "at": "none"})
    out: list = []
    assert scoring().score_demand(st, "furs", out) is None
    assert st["vp"] == 15 and st["trp"] == [0, 0]


def test_is_3_9_award_tile_values():
    """IS-4.1.12 / IS-3.9: 0 = 3 VP (margin 2); 1 = 2 VP (margin 2); 2, 3 = 1 VP; 4, 5 = 1 VP +
    1 TRP; 6, 7 = 1 TRP (margin 1 unless stated)."""
    want = {
        0: (3, 0, 2),
        1: (2, 0, 2),
        2: (1, 0, 1),
        3: (1, 0, 1),
        4: (1, 1, 1),
        5: (1, 1, 1),
        6: (0, 1, 1),
        7: (0, 1, 1),
    }
    got = {k: (t["vp"], t["trp"], t["min_margin"]) for k, t in B().AWARDS.items()}
    assert got == want


def test_is_4_1_12a_usa_and_spanish_flags_count_for_nobody():
    """IS-4.1.12a: USA and Spanish flags count for nobody (Caribbean set-up 5–5)."""
    st = build({"turn": "T6", "at": "none"})
    assert scoring().award_counts(st, "caribbean") == (5, 5)
    st = build({"turn": "T6", "at": "none", "flags": {"carolinas": "usa", "havana": "spain"}})
    assert scoring().award_counts(st, "caribbean") == (5, 4)


def test_is_4_1_12a_award_counts_every_kind_of_space():
    """IS-4.1.12a: Markets, Forts (damaged too), Political spaces, Territories and Squadrons
    count; conflicted spaces do not."""
    st = build(
        {
            "turn": "T2",
            "at": "none",
            "forts": {"halifax": "britain", "louisbourg": "france"},
            "damaged": ["halifax"],
            "squadrons": {"gulf_of_maine": "britain"},
            "conflict": {"algonquin": 1},
        }
    )
    # North America set-up 4–4; Britain +halifax +gulf_of_maine; France +louisbourg −algonquin.
    assert scoring().award_counts(st, "north_america") == (4, 6)


def test_is_4_1_12c_prestige_with_usa_spaces_on_t6():
    """IS-4.1.12c / IS-A51: on T6 with a USA flag the two USA Political spaces are Prestige."""
    flags = {"carolinas": "usa", "usa_prestige_2": "france", "usa_prestige_3": "france"}
    st = build({"turn": "T6", "at": "none", "flags": flags})
    assert scoring().prestige_counts(st) == (3, 1)
    st = build({"turn": "T6", "at": "none", "flags": {"minorca": "britain"}})
    assert scoring().prestige_counts(st) == (1, 2)


def test_is_4_1_12c_prestige_two_vp_and_tie():
    """IS-4.1.12c: 2 VP to the side with more Prestige spaces; the set-up 1–1 tie scores nothing."""
    st = build({"turn": "T2", "at": "none"})
    out: list = []
    assert scoring().score_prestige(st, out) is None
    st = build({"turn": "T2", "at": "none", "flags": {"sweden": "britain", "russia": "britain"}})
    assert scoring().score_prestige(st, out) == BR
    assert st["vp"] == 13


def test_is_10_2_usa_political_spaces_count_for_north_america():
    """IS-10.2 / IS-A39: on T6 with a USA flag, usa_prestige_2/3 are North American Political
    spaces counted in that Award (set-up 4–4; northern_colonies USA: Britain 3)."""
    flags = {"northern_colonies": "usa", "usa_prestige_2": "france"}
    st = build({"turn": "T6", "at": "none", "flags": flags})
    assert scoring().award_counts(st, "north_america") == (5, 3)
