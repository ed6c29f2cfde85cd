"""Action-Round scenarios of shared/rules/imperial_struggle.md section 20: IS-S01, IS-S02, IS-S03,
IS-S04, IS-S05, IS-S12, IS-S13, IS-S14, IS-S15, IS-S16, IS-S17, IS-S18,
S20, step by step through IS-17 choice ids.

IS-20 conventions: the IS-3.11 set-up position plus the scenario's additions, no markers, no
Ministry card face up, default options, Debt 0, TRP 0, Debt Limits of IS-13.5. "Illegal" = the
engine does not offer the choice (and refuses it, the state unchanged).
"""

from __future__ import annotations

import json

from is_helpers import (
    BR,
    FR,
    act,
    action_points,
    assert_illegal,
    buy,
    choice_ids,
    cost_of,
    display,
    end_round,
    find_action,
    flag,
    holder,
    next_round,
    offered_anywhere,
    pick_through,
    round_position,
    rules,
    seat,
    start_action,
    take_tile,
    to_menu,
    war_tiles,
)


def minor_finished(st, side) -> bool:
    """After a Minor purchase the Minor is over (IS-5.3.2(a)): not offered again in the menu."""
    to_menu(st, side)
    return "act:minor" not in choice_ids(st, side)


# ------------------------------------------------------------------------------------ IS-S01
def test_is_s01_region_surcharge_and_no_daisy_chaining():
    """IS-S01 (IS-5.3.4, IS-5.4.1, IS-5.4.1a, IS-5.4.2, IS-5.3.2(a), IS-5.7e, IS-6.1)."""
    st = round_position("T2", "britain")
    take_tile(st, BR, 0)  # Major E4, Minor D2
    start_action(st, BR, "major")
    # (1) antigua via British st_lucia (connected to British barbados): cost 2, EP left 2.
    assert cost_of(st, BR, "shift:antigua") == 2
    buy(st, BR, "shift:antigua")
    assert flag(st, "antigua") == "britain"
    assert action_points(st) == 2
    # (2) cumberland via the British Territory northern_colonies: 2 + 1 (second EP Region) = 3.
    assert cost_of(st, BR, "shift:cumberland") == 3
    buy(st, BR, "shift:cumberland")
    assert flag(st, "cumberland") == "britain"
    assert st["debt"][BR] == 1
    assert action_points(st) == 0
    # (3) allegheny: its only British neighbour cumberland changed status this round.
    assert not offered_anywhere(st, BR, "shift:allegheny")
    assert offered_anywhere(st, BR, "shift:albany")  # a legal neighbour (hudson_valley) still is
    # (4) Minor: scotland_alliance_2 costs 2 DP (first DP Region), then the Minor is finished.
    to_menu(st, BR)
    start_action(st, BR, "minor")
    assert cost_of(st, BR, "shift:scotland_alliance_2") == 2
    buy(st, BR, "shift:scotland_alliance_2")
    assert minor_finished(st, BR)
    assert {flag(st, s) for s in ("antigua", "cumberland", "scotland_alliance_2")} == {"britain"}
    assert st["debt"][BR] == 1
    assert st["vp"] == 15


# ------------------------------------------------------------------------------------ IS-S02
def _s02(**extra):
    spec = {
        "forts": {"louisbourg": "france"},
        "flags": {"georges_bank": "france"},
        "squadrons": {"gulf_of_maine": "britain"},
        "trp": {"france": 1, "britain": 0},
    }
    for k, v in extra.items():
        spec[k] = v
    st = round_position("T3", "france", **spec)
    take_tile(st, FR, 1)  # Major E4, Minor D2
    start_action(st, FR, "major")
    return st


def test_is_s02_shifting_into_a_protected_market():
    """IS-S02 (IS-3.2.8, IS-5.4.1, IS-5.4.2, IS-5.3.2(b), IS-5.7e, IS-9.1)."""
    st = _s02()
    assert st["limit"][FR] == 10
    # (1) unflag massachusetts_bay: 3 + 1 (Protected by the British Squadron) = 4; EP 0.
    assert cost_of(st, FR, "shift:massachusetts_bay") == 4
    buy(st, FR, "shift:massachusetts_bay")
    assert flag(st, "massachusetts_bay") is None
    assert action_points(st) == 0
    # (2) flag it: empty, not Protected, not Isolated: 3, paid 1 TRP + 2 Debt.
    assert cost_of(st, FR, "shift:massachusetts_bay", pay=("trp",)) == 3
    buy(st, FR, "shift:massachusetts_bay", pay=("trp",))
    assert flag(st, "massachusetts_bay") == "france"
    assert st["trp"][FR] == 0
    assert st["debt"][FR] == 2
    # (3) Minor: no unflag of an unconflicted opposing space.
    to_menu(st, FR)
    start_action(st, FR, "minor")
    assert not offered_anywhere(st, FR, "shift:dutch_prestige_3")
    assert_illegal(st, FR, "shift:dutch_prestige_3")


def test_is_s02_variant_conflicted_protected_market():
    """IS-S02 variant: with a Conflict marker, the unflag costs 1 + 1 = 2 and the marker leaves
    with the British flag (IS-3.8.2)."""
    st = _s02(conflict={"massachusetts_bay": 1})
    assert cost_of(st, FR, "shift:massachusetts_bay") == 2
    buy(st, FR, "shift:massachusetts_bay")
    assert flag(st, "massachusetts_bay") is None
    assert "massachusetts_bay" not in st["conflict"]


# ------------------------------------------------------------------------------------ IS-S03
def _s03():
    st = round_position(
        "T3",
        "france",
        flags={"bahamas_run_west": "britain", "bahamas_run_north": "britain", "caicos": "france"},
    )
    return st


def test_is_s03_part_a_isolation_fixed_at_round_start():
    """IS-S03 A (IS-5.0a, IS-5.4.1, IS-5.4.1b, IS-5.4.2): both unflags legal via caicos; 2 then 3 —
    the
    second Market was not Isolated at the start of the round; total 5 → 1 Debt."""
    st = _s03()
    take_tile(st, FR, 2)  # Major E4, Minor M2
    start_action(st, FR, "major")
    assert "bahamas_run_north" not in st["round"]["isolated"]
    assert cost_of(st, FR, "shift:bahamas_run_west") == 2
    buy(st, FR, "shift:bahamas_run_west")
    assert cost_of(st, FR, "shift:bahamas_run_north") == 3
    buy(st, FR, "shift:bahamas_run_north")
    assert flag(st, "bahamas_run_west") is None
    assert flag(st, "bahamas_run_north") is None
    assert st["debt"][FR] == 1


def _s03_b_first_round(st):
    take_tile(st, FR, 2)
    start_action(st, FR, "major")
    buy(st, FR, "shift:bahamas_run_west")
    end_round(st, FR)


def test_is_s03_part_b_isolated_next_round_costs_1():
    """IS-S03 B: at the start of Britain's round and France's next round bahamas_run_north is
    Isolated; France's unflag then costs 1 EP."""
    st = _s03()
    _s03_b_first_round(st)
    next_round(st, BR)
    assert "bahamas_run_north" in st["round"]["isolated"]
    take_tile(st, BR, 23)
    act(st, BR, "pass")
    next_round(st, FR)
    assert "bahamas_run_north" in st["round"]["isolated"]
    take_tile(st, FR, 0)  # Major E4
    start_action(st, FR, "major")
    assert cost_of(st, FR, "shift:bahamas_run_north") == 1


def test_is_s03_part_b_reflagged_link_costs_3_again():
    """IS-S03 B, last sentence: had Britain re-flagged bahamas_run_west in between, the unflag of
    bahamas_run_north costs 3 again."""
    st = _s03()
    _s03_b_first_round(st)
    next_round(st, BR)
    take_tile(st, BR, 0)  # Major E4
    start_action(st, BR, "major")
    buy(st, BR, "shift:bahamas_run_west")  # via British carolinas
    assert flag(st, "bahamas_run_west") == "britain"
    end_round(st, BR)
    next_round(st, FR)
    assert "bahamas_run_north" not in st["round"]["isolated"]
    take_tile(st, FR, 1)
    start_action(st, FR, "major")
    assert cost_of(st, FR, "shift:bahamas_run_north") == 3


# ------------------------------------------------------------------------------------ IS-S04
def test_is_s04_fort_build_needs_adjacency_since_round_start():
    """IS-S04 (IS-5.6.3, IS-5.4.1, IS-5.3, IS-5.7e)."""
    st = round_position("T2", "france", forts={"louisbourg": "france"})
    take_tile(st, FR, 2)  # Major E4, Minor M2
    start_action(st, FR, "major")
    assert cost_of(st, FR, "shift:georges_bank") == 2  # via louisbourg
    buy(st, FR, "shift:georges_bank")
    assert cost_of(st, FR, "shift:northeast_channel") == 3  # via acadia / louisbourg
    buy(st, FR, "shift:northeast_channel")
    assert st["debt"][FR] == 1
    to_menu(st, FR)
    start_action(st, FR, "minor")
    # halifax touches georges_bank, gulf_of_maine, northeast_channel: none held at round start.
    assert not offered_anywhere(st, FR, "fort:halifax")
    assert_illegal(st, FR, "fort:halifax")
    end_round(st, FR)
    # France's next round: a Minor M2 + 1 Debt builds halifax (cost 3).
    next_round(st, BR)
    take_tile(st, BR, 23)
    act(st, BR, "pass")
    next_round(st, FR)
    take_tile(st, FR, 3)  # Major E4, Minor M2
    start_action(st, FR, "minor")
    assert cost_of(st, FR, "fort:halifax") == 3
    buy(st, FR, "fort:halifax")
    assert flag(st, "halifax") == "france"
    assert "halifax" not in st["damaged"]
    assert st["debt"][FR] == 2


# ------------------------------------------------------------------------------------ IS-S05
def _s05(tile):
    st = round_position(
        "T4",
        "britain",
        squadrons={"biscay": "france", "hooghly_river": "france", "balearic": "britain"},
        navy={"france": 0, "britain": 1},
        unbuilt={"france": 6, "britain": 6},
        debt={"france": 0, "britain": 3},
    )
    take_tile(st, BR, tile)
    return st


def test_is_s05_squadron_deployment_and_displacement_costs():
    """IS-S05 (IS-5.6.6, IS-5.3.2(b), IS-5.7e; IS-3.2.7: one Squadron per Naval space, so a
    deployment onto an occupied one sends the French Squadron home)."""
    st = _s05(16)  # Major M4, Minor E2
    assert st["limit"][BR] == 10
    start_action(st, BR, "major")
    # (1) Navy Box -> occupied biscay: 3 MP; the French Squadron goes to the French Navy Box.
    assert cost_of(st, BR, "deploy:biscay", pay=("from:navy_box",)) == 3
    buy(st, BR, "deploy:biscay", pay=("from:navy_box",))
    assert flag(st, "biscay") == "britain"
    assert st["navy"][FR] == 1
    # (2) balearic -> occupied hooghly_river: 2 MP; 1 MP left -> 1 Debt.
    assert cost_of(st, BR, "deploy:hooghly_river", pay=("from:balearic",)) == 2
    buy(st, BR, "deploy:hooghly_river", pay=("from:balearic",))
    assert st["debt"][BR] == 4
    assert st["navy"][FR] == 2
    assert flag(st, "balearic") is None
    assert flag(st, "hooghly_river") == "britain"
    # (3) the Squadron now on biscay already moved this round.
    if offered_anywhere(st, BR, "deploy:atlantic_passage"):
        probe = rules().clone(st)
        pick_through(probe, BR, "deploy:atlantic_passage")
        assert "from:biscay" not in choice_ids(probe, BR)


def test_is_s05_variant_minor_military():
    """IS-S05 variant: with a Minor M2 a displacement is illegal and a deployment to an empty
    Naval space costs 1 (1 point forfeited)."""
    st = _s05(2)  # Major E4, Minor M2
    start_action(st, BR, "minor")
    if offered_anywhere(st, BR, "deploy:biscay"):
        probe = rules().clone(st)
        pick_through(probe, BR, "deploy:biscay")
        assert "from:navy_box" not in choice_ids(probe, BR)
        assert "from:balearic" not in choice_ids(probe, BR)
    assert cost_of(st, BR, "deploy:atlantic_passage", pay=("from:navy_box",)) == 1
    buy(st, BR, "deploy:atlantic_passage", pay=("from:navy_box",))
    assert flag(st, "atlantic_passage") == "britain"
    assert st["debt"][BR] == 3
    assert minor_finished(st, BR)


# ------------------------------------------------------------------------------------ IS-S12
def test_is_s12_a_minor_military_and_conflicted_unflag():
    """IS-S12 A (IS-5.3.2, IS-5.6.6, IS-5.7e)."""
    st = round_position(
        "T1",
        "france",
        squadrons={"balearic": "britain"},
        navy={"france": 1, "britain": 1},
        conflict={"austria_alliance_2": 1},
    )
    take_tile(st, FR, 13)  # Major D3, Minor M2, Event
    start_action(st, FR, "minor")
    # (1) displacement needs a Major action.
    if offered_anywhere(st, FR, "deploy:balearic"):
        probe = rules().clone(st)
        pick_through(probe, FR, "deploy:balearic")
        assert "from:navy_box" not in choice_ids(probe, FR)
    # (2) deploy to biscay: cost 1, 1 MP forfeited, Minor finished.
    assert cost_of(st, FR, "deploy:biscay", pay=("from:navy_box",)) == 1
    buy(st, FR, "deploy:biscay", pay=("from:navy_box",))
    assert flag(st, "biscay") == "france"
    assert minor_finished(st, FR)
    # (3) Major: unflag the conflicted austria_alliance_2 for 1, then flag it for 2.
    start_action(st, FR, "major")
    assert cost_of(st, FR, "shift:austria_alliance_2") == 1
    buy(st, FR, "shift:austria_alliance_2")
    assert flag(st, "austria_alliance_2") is None
    assert "austria_alliance_2" not in st["conflict"]
    assert cost_of(st, FR, "shift:austria_alliance_2") == 2
    buy(st, FR, "shift:austria_alliance_2")
    assert flag(st, "austria_alliance_2") == "france"
    assert action_points(st) == 0
    assert st["debt"][FR] == 0


def _s12_b(swift_up: bool):
    st = round_position(
        "T1",
        "britain",
        flags={"ireland_prestige_3": "britain"},
        ministries={"britain": [["M-6", True] if swift_up else ["M-7", False], ["M-5", False]]},
    )
    take_tile(st, BR, 0)  # Major E4, Minor D2
    start_action(st, BR, "minor")
    return st


def test_is_s12_b_swift_lets_a_minor_unflag():
    """IS-S12 B (IS-MIN06): with Swift face up and an Ireland space, the Minor D2 unflags bavaria
    (printed 3): 2 DP + 1 Debt; Minor finished."""
    st = _s12_b(True)
    assert cost_of(st, BR, "shift:bavaria") == 3
    buy(st, BR, "shift:bavaria")
    assert flag(st, "bavaria") is None
    assert st["debt"][BR] == 1
    assert minor_finished(st, BR)


def test_is_s12_b_without_swift_minor_unflag_illegal():
    """IS-S12 B: without Swift the same Minor unflag is illegal (IS-5.3.2(b)). (A face-down
    Swift could be revealed while paying, IS-3.5a, so the check uses other cards.)"""
    st = _s12_b(False)
    assert not offered_anywhere(st, BR, "shift:bavaria")


# ------------------------------------------------------------------------------------ IS-S13
def test_is_s13_removing_conflict_markers():
    """IS-S13 (IS-5.6.2, IS-3.2.8, IS-EV32): 1 (Protected by a Fort), 1 (Protected by a Squadron),
    3 (plus-one, unprotected) → 1 TRP + 1 Debt."""
    st = round_position(
        "T5",
        "france",
        forts={"vandavasi": "france"},
        squadrons={"hooghly_river": "france"},
        navy={"france": 0, "britain": 2},
        flags={"malacca_route": "france"},
        conflict={"karaikal": 1, "malacca_route": 1, "port_de_paix": 2},
        trp={"france": 1, "britain": 0},
    )
    take_tile(st, FR, 20)  # Major M3, Minor E2
    start_action(st, FR, "major")
    assert cost_of(st, FR, "conflict:karaikal") == 1
    buy(st, FR, "conflict:karaikal")
    assert cost_of(st, FR, "conflict:malacca_route") == 1
    buy(st, FR, "conflict:malacca_route")
    assert cost_of(st, FR, "conflict:port_de_paix", pay=("trp",)) == 3
    buy(st, FR, "conflict:port_de_paix", pay=("trp",))
    assert st["conflict"] == {}
    assert st["trp"][FR] == 0
    assert st["debt"][FR] == 1
    assert {flag(st, s) for s in ("karaikal", "malacca_route", "port_de_paix")} == {"france"}


# ------------------------------------------------------------------------------------ IS-S14
def _s14():
    """IS-S14 position, plus (for the Wheat check) a Conflict marker on French cataraqui and a
    British link to it (niagara, next to a British Fort on ohio_forks)."""
    return round_position(
        "T1",
        "britain",
        ministries={"britain": [["M-7", False], ["M-10", False]]},
        hands={"britain": [6], "france": []},
        flags={"niagara": "britain", "ohio_forks": "britain"},
        conflict={"cataraqui": 1},
    )


def test_is_s14_event_keyword_bonus_and_immediate_advantage():
    """IS-S14 (IS-5.2, IS-3.4.3, IS-3.4.4, IS-3.5a, IS-8.2, IS-8.2c, IS-EV06)."""
    st = _s14()
    take_tile(st, BR, 14)  # Major D2, Minor E2, Event + Upgrade
    act(st, BR, "event:6")
    assert "reveal:M-7" in choice_ids(st, BR)
    act(st, BR, "reveal:M-7")
    assert any(s["card"] == "M-7" and s["up"] for s in st["min_slots"][BR])
    pick_through(st, BR, "space:iroquois")
    assert flag(st, "iroquois") == "britain"
    assert holder(st, "iroquois_raids") == "britain"
    act(st, BR, "adv:iroquois_raids")
    pick_through(st, BR, "space:albany")
    assert st["conflict"].get("albany") == 1
    assert "iroquois_raids" not in st["adv_exhausted"]
    rd = st["round"]
    assert "iroquois_raids" in rd["adv_used"]
    assert "north_america" in rd["adv_regions"]
    assert 6 in st["removed"]
    assert 6 not in st["hands"][BR]
    # Wheat (North America) can no longer be used this round: not offered while paying the
    # Minor's unflag of the conflicted French cataraqui (offered without the Event: below).
    to_menu(st, BR)
    start_action(st, BR, "minor")
    pick_through(st, BR, "shift:cataraqui")
    assert "adv:wheat" not in choice_ids(st, BR)


def test_is_s14_control_wheat_offered_without_the_event():
    """IS-S14 control: same position, no Event: Wheat is offered for that unflag (IS-8.3.12)."""
    st = _s14()
    take_tile(st, BR, 14)
    start_action(st, BR, "minor")
    pick_through(st, BR, "shift:cataraqui")
    assert "adv:wheat" in choice_ids(st, BR)


# ------------------------------------------------------------------------------------ IS-S15
def _s15(ministries):
    st = round_position(
        "T2",
        "france",
        debt={"france": 1, "britain": 0},
        ministries=ministries,
        hands={"france": [8], "britain": []},
    )
    take_tile(st, FR, 5)  # Major E3, Minor M2, Event
    act(st, FR, "event:8")
    ids = choice_ids(st, FR)
    if "no_bonus" in ids:
        act(st, FR, "no_bonus")
    return st


def test_is_s15_tax_reform_shortfall_with_finance():
    """IS-S15 (IS-EV08, IS-5.2, IS-5.7b): Finance face up → r = 3; Debt 1 → 0; 2 unused → +2 EP on
    the Major (E 5)."""
    st = _s15({"france": [["M-2", True], ["M-1", False]]})
    assert st["debt"][FR] == 0
    assert find_action(st, "E", "major")["pts"] == 5
    assert 8 in st["removed"]


def test_is_s15_tax_reform_without_finance():
    """IS-S15: without a Finance card r = 2 → Debt 0 and +1 EP (E 4)."""
    st = _s15({"france": [["M-1", False], ["M-3", False]]})
    assert st["debt"][FR] == 0
    assert find_action(st, "E", "major")["pts"] == 4


# ------------------------------------------------------------------------------------ IS-S16
STD_BASIC = {1: (["fr_b03"], ["br_b14"]), 2: (["fr_b04"], ["br_b05"]), 3: (["fr_b05"], ["br_b06"])}
STD_BASIC[4] = (["fr_b06"], ["br_b07"])
STD_WAS_BASIC = STD_BASIC


def test_is_s16_military_upgrade_keep_new_remove_old():
    """IS-S16 (IS-5.3.3, IS-5.3.3a, IS-16.2): the drawn tile replaces br_b14 in theater 1; br_b14 is
    out
    of the game (Britain owns 15 ≥ 4); France sees neither identity."""
    st = round_position("T1", "britain", war=display("WSS", basic=STD_BASIC))
    pool_before = list(st["war"]["basic_pool"][BR])
    assert "br_b14" not in pool_before
    take_tile(st, BR, 7)  # Major E2, Minor M2, Event + Upgrade
    to_menu(st, BR)
    act(st, BR, "upgrade", "theater:1")
    act(st, BR, "keep:new")
    assert "reject:remove" in choice_ids(st, BR)
    events = act(st, BR, "reject:remove")
    lines = [rules().describe(e, seat(st, FR)) for e in events if e.kind == "upgrade"]
    assert len(lines) == 1
    assert "replaced" in lines[0] and "removed" in lines[0]  # IS-16.5 example
    assert "-1" not in lines[0] and "+2" not in lines[0] and "+1" not in lines[0]
    new = war_tiles(st, 1, BR, "basic")
    assert len(new) == 1 and new[0] != "br_b14" and new[0] in pool_before
    assert "br_b14" in st["war"]["basic_out"][BR]
    assert len(st["war"]["basic_pool"][BR]) == len(pool_before) - 1
    seen_by_france = json.dumps(rules().view(st, seat(st, FR)))
    assert '"br_b14"' not in seen_by_france
    assert f'"{new[0]}"' not in seen_by_france


def test_is_s16_variant_four_basic_tiles_must_return_to_pool():
    """IS-S16 variant (IS-5.3.3a): owning exactly 4 Basic tiles, the rejected tile must go back to
    the pool."""
    out = [f"br_b{k:02d}" for k in range(16) if k not in (14, 5, 6, 1)]
    basic = {1: ([], ["br_b14"]), 2: ([], ["br_b05"]), 3: ([], ["br_b06"])}
    war = display("WSS", basic=basic, basic_out=([], out))
    assert war["basic_pool"][BR] == ["br_b01"]
    st = round_position("T1", "britain", war=war)
    take_tile(st, BR, 7)
    to_menu(st, BR)
    act(st, BR, "upgrade", "theater:1", "keep:new")
    assert "reject:remove" not in choice_ids(st, BR)
    act(st, BR, "reject:pool")
    assert war_tiles(st, 1, BR, "basic") == ["br_b01"]
    assert st["war"]["basic_pool"][BR] == ["br_b14"]


def test_is_s16_variant_t6_upgrade_symbol_gives_trp():
    """IS-S16 variant T6 (IS-5.1a, IS-5.3.3c): taking tile 7 gives Britain 1 TRP at once; no
    Upgrade exists."""
    st = round_position("T6", "britain")
    take_tile(st, BR, 7)
    assert st["trp"][BR] == 1
    to_menu(st, BR)
    assert "upgrade" not in choice_ids(st, BR)


# ------------------------------------------------------------------------------------ IS-S17
def test_is_s17_bonus_war_tile_purchases():
    """IS-S17 (IS-5.6.1, IS-5.6.1a): second tile moves an incumbent out of full theater 2 (to 3);
    two per round; final counts 2/2/1/0."""
    bonus = {1: (["WAS_france_1"], []), 2: (["WAS_france_2", "WAS_france_3"], [])}
    war = display("WAS", basic=STD_WAS_BASIC, bonus=bonus)
    st = round_position("T2", "france", war=war)
    take_tile(st, FR, 18)  # Major M4, Minor D2
    start_action(st, FR, "major")
    buy(st, FR, "bonus_tile")
    act(st, FR, "theater:2")
    moves = [i for i in choice_ids(st, FR) if i.startswith("move:")]
    assert moves, "theater 2 is full: an incumbent must move"
    act(st, FR, moves[0])
    assert {"to:1", "to:3", "to:4"} <= set(choice_ids(st, FR))
    assert "to:2" not in choice_ids(st, FR)
    act(st, FR, "to:3")
    if "confirm" in choice_ids(st, FR):
        act(st, FR, "confirm")
    assert action_points(st) == 2
    buy(st, FR, "bonus_tile")
    act(st, FR, "theater:1")
    if "confirm" in choice_ids(st, FR):
        act(st, FR, "confirm")
    assert action_points(st) == 0
    assert "bonus_tile" not in choice_ids(st, FR)
    assert st["debt"][FR] == 0
    counts = [len(war_tiles(st, n, FR)) for n in (1, 2, 3, 4)]
    assert counts == [2, 2, 1, 0]


# ------------------------------------------------------------------------------------ IS-S18
def test_is_s18_advantage_limits_and_pompadour():
    """IS-S18 (IS-8.1, IS-8.2, IS-MIN13)."""
    st = round_position(
        "T4",
        "france",
        flags={
            "german_states_alliance_3": "france",
            "bavaria": "france",
            "savoy": "france",
            "spain_prestige_3": "france",
            "austria_alliance_3": "france",
        },
        ministries={"france": [["M-13", True], ["M-11", False]]},
    )
    assert holder(st, "central_europe_conflict") == "france"
    assert holder(st, "mediterranean_intrigue") == "france"
    assert holder(st, "algonquin_raids") == "france"
    take_tile(st, FR, 9)  # Major D4, Minor E2
    to_menu(st, FR)
    # (1) Central Europe Conflict on British austria_alliance_2: +1 TRP (Pompadour).
    act(st, FR, "adv:central_europe_conflict")
    pick_through(st, FR, "space:austria_alliance_2")
    assert st["conflict"].get("austria_alliance_2") == 1
    assert st["trp"][FR] == 1
    # (2) a second Europe Advantage this round is illegal.
    to_menu(st, FR)
    assert "adv:mediterranean_intrigue" not in choice_ids(st, FR)
    # (3) Algonquin Raids (North America) on British hudson_valley: legal.
    act(st, FR, "adv:algonquin_raids")
    pick_through(st, FR, "space:hudson_valley")
    assert st["conflict"].get("hudson_valley") == 1
    # (4) flag sardinia (2 DP): France gains Italy Influence but cannot use it this round.
    to_menu(st, FR)
    start_action(st, FR, "major")
    buy(st, FR, "shift:sardinia")
    assert holder(st, "italy_influence") == "france"
    pick_through(st, FR, "shift:austria_alliance_2")
    assert "adv:italy_influence" not in choice_ids(st, FR)
    assert st["trp"][FR] == 1


# ------------------------------------------------------------------------------------ IS-S20
def test_is_s20_passing_reduces_debt_then_trp_cap():
    """IS-S20 (IS-5.1b, IS-6.2, IS-4.1.10, IS-9.2, IS-A07, IS-A08): Britain's fourth round: take
    tile 23,
    pass → Debt 1, the tile is taken; the Reduce TRP Phase then cuts Britain 6 → 4, France 3
    stays."""
    st = round_position(
        "T3",
        "britain",
        first="britain",
        debt={"france": 0, "britain": 3},
        trp={"france": 3, "britain": 6},
        rounds_done={"france": 3, "britain": 3},
    )
    take_tile(st, BR, 23)  # Major M2, Minor D2, Event + Upgrade
    assert "pass" in choice_ids(st, BR)
    act(st, BR, "pass")
    assert st["debt"][BR] == 1
    assert st["inv_taken"]["23"][0] == BR
    assert st["rounds_done"][BR] == 4
    assert st["trp"] == [3, 6]
    assert st["war"]["theaters"]["1"]["basic"][BR]  # no Upgrade happened: display untouched
    # France's last round: take a tile and pass; the Action Phase ends, Reduce TRP follows.
    next_round(st, FR)
    take_tile(st, FR, 22)
    events = act(st, FR, "pass")
    cuts = [e for e in events if e.kind == "trp" and e.args.get("n", 0) < 0]
    assert cuts, "no TRP reduction after the Action Phase"
    first = cuts[0]
    assert first.args["side"] == BR and first.args["n"] == -2 and first.args["total"] == 4
    assert all(e.args["side"] != FR for e in cuts[:1])


def test_is_s20_variant_no_pass_after_an_event():
    """IS-S20 variant: after an Event in the round, ``pass`` is no longer offered."""
    st = round_position("T3", "britain", hands={"britain": [17], "france": []})
    take_tile(st, BR, 23)
    act(st, BR, "event:17")
    for _ in range(10):
        ids = choice_ids(st, BR)
        if "no_bonus" in ids:
            act(st, BR, "no_bonus")
        elif "stop" in ids:
            act(st, BR, "stop")
        else:
            break
    assert "pass" not in choice_ids(st, BR)
