"""Debt and Treaty Points (IS-6, IS-9), passing (IS-5.1b, IS-A07, IS-A19) and AP bookkeeping limits
(IS-5.7e, IS-5.7f, IS-A13). IS-S02, IS-S13 (TRP spent), IS-S10, IS-S19 (forced Debt) and IS-S20
(pass, TRP cap) are
in the scenario files.
"""

from __future__ import annotations

from is_helpers import (
    BR,
    FR,
    S,
    act,
    build,
    choice_ids,
    offered_anywhere,
    pick_through,
    round_position,
    start_action,
    take_tile,
    to_menu,
)


def minor_d2(side, **spec):
    st = round_position("T1", side, **spec)
    take_tile(st, side, 0)  # Major E4, Minor D2
    start_action(st, side, "minor")
    return st


def test_is_6_1_voluntary_debt_never_exceeds_the_limit():
    """IS-6.1: at Debt 6 / Limit 6 a 3-DP shift cannot be paid from a Minor D2 (not offered);
    at Debt 5 it can (2 DP + 1 Debt)."""
    st = minor_d2("france", debt={"france": 6})
    assert offered_anywhere(st, FR, "shift:scotland_alliance_2")  # 2 DP: covered
    assert not offered_anywhere(st, FR, "shift:ireland_prestige_3")  # 3 DP: needs Debt 7
    st = minor_d2("france", debt={"france": 5})
    pick_through(st, FR, "shift:ireland_prestige_3")
    act(st, FR, "debt", "confirm")
    assert st["debt"][FR] == 6


def test_is_a13_no_debt_or_trp_when_the_purchase_is_covered():
    """IS-5.7e / IS-A13: Debt/TRP only for a shortfall: a covered purchase offers neither."""
    st = minor_d2("france", trp={"france": 2})
    pick_through(st, FR, "shift:scotland_alliance_2")
    ids = choice_ids(st, FR)
    assert "confirm" in ids
    assert "debt" not in ids and "trp" not in ids


def test_is_9_1_trp_covers_a_shortfall():
    """IS-9.1: each TRP adds 1 point to the current action."""
    st = minor_d2("france", trp={"france": 2})
    pick_through(st, FR, "shift:ireland_prestige_3")
    assert "confirm" not in choice_ids(st, FR)
    act(st, FR, "trp", "confirm")
    assert st["trp"][FR] == 1
    assert st["debt"][FR] == 0


def test_is_5_7f_no_military_action_no_military_purchase():
    """IS-5.7f: a tile without a Military action gives no way to buy MP (nor Upgrade)."""
    st = round_position("T1", "france")
    take_tile(st, FR, 0)
    to_menu(st, FR)
    ids = choice_ids(st, FR)
    assert "act:major" in ids and "act:minor" in ids
    assert not any(i.startswith(("act:event_M", "act:bought")) for i in ids)
    assert "upgrade" not in ids
    start_action(st, FR, "major")
    ids = choice_ids(st, FR)
    assert not any(i.startswith(("fort:", "deploy:", "conflict:")) for i in ids)
    assert "build_squadron" not in ids and "bonus_tile" not in ids


def test_is_5_1b_pass_reduces_debt_by_at_most_2():
    """IS-5.1b / IS-6.2: passing reduces Debt by min(2, Debt): 1 → 0."""
    st = round_position("T1", "britain", debt={"britain": 1})
    take_tile(st, BR, 0)
    act(st, BR, "pass")
    assert st["debt"][BR] == 0


def test_is_5_1b_no_pass_once_the_tile_is_used():
    """IS-5.1b: pass only right after taking the tile; not from the action menu."""
    st = round_position("T1", "britain", debt={"britain": 3})
    take_tile(st, BR, 0)
    act(st, BR, "actions")
    assert "pass" not in choice_ids(st, BR)


def test_is_a19_t6_upgrade_trp_kept_when_passing():
    """IS-A19: on T6 the Upgrade symbol's TRP is gained when the tile is taken, even if the side
    then passes."""
    st = round_position("T6", "france", debt={"france": 2})
    take_tile(st, FR, 22)  # Major M2, Minor E2, Event + Upgrade
    assert st["trp"][FR] == 1
    act(st, FR, "pass")
    assert st["trp"][FR] == 1
    assert st["debt"][FR] == 0


def test_is_6_3a_forced_debt_overflow_scores_for_the_opponent():
    """IS-6.3a: forced Debt takes min(n, Available Debt); each point beyond gives the opponent
    1 VP."""
    st = build({"turn": "T1", "at": "none", "debt": {"france": 5}})
    out: list = []
    S().forced_debt(st, FR, 3, out)
    assert st["debt"][FR] == 6
    assert st["vp"] == 13


def test_is_6_4_available_debt():
    """IS-6.4: Available Debt = Debt Limit − Debt."""
    st = build({"turn": "T3", "at": "none", "debt": {"france": 4, "britain": 10}})
    assert S().available_debt(st, FR) == 6
    assert S().available_debt(st, BR) == 0
