"""War rules beyond the scenarios: tile effects (IS-7.1.2 unflag with the isolation test),
keyword strength (IS-7.1.3, IS-A09), Jacobite Defeat (IS-7.3b, IS-A21), Antilles War losses
(IS-7.3g), CP on a Naval space (IS-7.2.1.1(b)), markers left after a War (IS-7.5(c), IS-A40).
"""

from __future__ import annotations

from is_helpers import (
    BR,
    FR,
    act,
    choice_ids,
    display,
    flag,
    offered_anywhere,
    pick_through,
    waiting_sides,
    war_position,
    war_run,
)


def test_is_7_1_2_unflag_tile_avoids_isolating_another_market():
    """IS-7.1.2 unflag: a Market whose removal would newly isolate another is not offered while
    other targets exist (hudson_valley links albany to northern_colonies)."""
    war = display("WSS", basic={3: (["fr_b13"], [])})
    st = war_position("WSS", 3, vp=17, war=war, flags={"albany": "britain"})
    war_run(st)
    assert FR in waiting_sides(st)
    targets = {i for i in choice_ids(st, FR) if i.startswith("target:")}
    assert targets == {"target:massachusetts_bay", "target:chesapeake", "target:albany"}
    act(st, FR, "target:chesapeake")
    assert flag(st, "chesapeake") is None


def test_is_7_1_2_unflag_tile_skips_conflicted_spaces():
    """IS-7.1.2 / IS-A11: the unflag target has no Conflict marker."""
    war = display("WSS", basic={3: (["fr_b13"], [])})
    st = war_position(
        "WSS", 3, vp=17, war=war, flags={"albany": "britain"}, conflict={"chesapeake": 1}
    )
    war_run(st)
    targets = {i for i in choice_ids(st, FR) if i.startswith("target:")}
    assert "target:chesapeake" not in targets
    assert "target:massachusetts_bay" in targets


def _wss2(ministries):
    flags = {"sardinia": None, "spain_alliance_3_upper": None, "spain_alliance_3_lower": None}
    st = war_position(
        "WSS", 2, vp=15, war=display("WSS"), flags=flags, ministries={"france": ministries}
    )
    war_run(st)
    return st


def test_is_7_1_3_keyword_strength_needs_a_face_up_card():
    """IS-7.1.3 / IS-A09 / IS-3.5c: WSS Spain lists Governance: one face-up Governance card = +1
    (France wins by 1: 1 VP, Britain 1 TRP); a face-down card's keyword gives nothing."""
    st = _wss2([["M-1", True], ["M-2", False]])
    assert st["vp"] == 16 and st["trp"][BR] == 1
    st = _wss2([["M-1", False], ["M-2", False]])
    assert st["vp"] == 15 and st["trp"] == [0, 0]


def test_is_7_3b_jacobite_defeat_removes_m4_and_leaves_the_slot_empty():
    """IS-7.3b / IS-A21: WAS Jacobite Rebellion, Britain by 2 → Jacobite Defeat: M-4 leaves the
    game from France's regular slot, which stays empty; no Jacobite right."""
    war = display("WAS", basic={4: ([], ["br_b00"])})
    st = war_position(
        "WAS",
        4,
        vp=15,
        war=war,
        flags={"ireland_alliance_2": None},
        ministries={"france": [["M-4", False], ["M-11", False]]},
    )
    war_run(st)
    assert st["vp"] == 13  # Britain's row 2: 2 VP
    assert st["trp"][FR] == 1
    assert st["jacobite"]["defeat"] is True
    assert st["jacobite"]["right"] is False
    assert "M-4" in st["min_removed"]
    assert [s["card"] for s in st["min_slots"][FR]] == [None, "M-11"]


def test_is_7_3g_antilles_war_loser_removes_squadrons():
    """IS-7.3g: AWI Antilles War won by 1 → the loser removes min(2, 1) = 1 Squadron from the
    game (its choice)."""
    war = display("AWI", basic={3: ([], ["br_b03"])})
    st = war_position(
        "AWI",
        3,
        war=war,
        flags={"spain_alliance_3_upper": None},
        navy={"france": 1, "britain": 2},
    )
    war_run(st)
    if FR in waiting_sides(st):
        ids = choice_ids(st, FR)
        assert "lose:navy_box" in ids
        act(st, FR, "lose:navy_box")
    assert st["sq_removed"][FR] == 1
    assert st["navy"][FR] == 0
    assert st["unbuilt"][FR] == 7


def test_is_7_2_1_1b_cp_on_a_naval_space_displaces():
    """IS-7.2.1.1(b): a CP on an opposing Naval space moves the winner's Squadron in (from its
    Navy Box) and sends the opposing one to its Navy Box."""
    war = display("WSS", basic={3: (["fr_b00", "fr_b01"], [])})
    st = war_position(
        "WSS",
        3,
        vp=17,
        war=war,
        squadrons={"gulf_of_maine": "britain"},
        navy={"france": 1, "britain": 1},
    )
    war_run(st)  # France 4 vs Britain 1 (gulf_of_maine): by 3 → 1 CP
    pick_through(st, FR, "cp:gulf_of_maine")
    if "from:navy_box" in choice_ids(st, FR):
        act(st, FR, "from:navy_box")
    assert flag(st, "gulf_of_maine") == "france"
    assert st["navy"] == [0, 2]


def test_is_7_5c_markers_on_empty_spaces_stay_after_the_war():
    """IS-7.5(c) / IS-A40: at the Reset only markers on French/British-flagged spaces of the
    conflict-counting theaters' Regions go; a marker on an empty space stays."""
    war = display("WSS", basic={3: (["fr_b03"], [])})
    st = war_position(
        "WSS",
        3,
        only=False,
        war=war,
        conflict={"oswego": 1, "cataraqui": 1, "hudson_valley": 1},
    )
    war_run(st)
    for _ in range(40):
        ws = waiting_sides(st)
        if not ws or st["over"]:
            break
        ids = choice_ids(st, ws[0])
        act(st, ws[0], next((i for i in ids if i in ("cp_end", "accept")), ids[0]))
    assert st["conflict"].get("oswego") == 1
    assert "cataraqui" not in st["conflict"]


def test_is_7_6c_was_carry_over_is_counted_at_the_was():
    """IS-7.6c: each side is owed min(3, its Bonus tiles in WAS theaters when the WAS was
    resolved): France 4 → 3, Britain 1 → 1; the 7YW display is laid out."""
    bonus = {
        1: (["WAS_france_0", "WAS_france_1"], ["WAS_britain_0"]),
        2: (["WAS_france_2"], []),
        3: (["WAS_france_3"], []),
    }
    st = war_position("WAS", 1, only=False, war=display("WAS", bonus=bonus))
    war_run(st)
    for _ in range(60):
        ws = waiting_sides(st)
        if not ws or st["over"]:
            break
        ids = choice_ids(st, ws[0])
        act(st, ws[0], next((i for i in ids if i in ("cp_end", "accept")), ids[0]))
    assert st["war"]["id"] == "7YW"
    assert st["war"]["carry"] == [3, 1]


def test_is_7_6c_carry_over_draws_before_the_first_t4_tile():
    """IS-7.6c / IS-5.0a / IS-17.6 S0: in France's first T4 round the owed draws are placed
    (``theater:<n>``) before the tile is chosen; they are not purchases."""
    from is_helpers import round_position

    st = round_position("T4", "france", war={**display("7YW"), "carry": [2, 0]})
    for _ in range(2):
        ids = choice_ids(st, FR)
        assert any(i.startswith("theater:") for i in ids)
        assert not any(i.startswith("tile:") for i in ids)
        act(st, FR, next(i for i in ids if i.startswith("theater:")))
    placed = sum(len(st["war"]["theaters"][n]["bonus"][FR]) for n in st["war"]["theaters"])
    assert placed == 2
    assert any(i.startswith("tile:") for i in choice_ids(st, FR))
    assert st["round"]["bonus_bought"] == 0


def test_is_min09a_huguenots_territory_costs_2_cp():
    """IS-7.2.1.2 / IS-MIN09(a): a Territory with a Huguenots marker costs 2 CP: with 1 CP
    Britain cannot take acadia, but quebec_montreal (no marker) is offered."""
    war = display("7YW", basic={3: ([], ["br_b00", "br_b03"])})
    st = war_position(
        "7YW",
        3,
        war=war,
        forts={"louisbourg": "britain"},
        flags={"spain_alliance_3_upper": None},
        huguenots={"acadia": 1},
    )
    war_run(st)  # Britain 2 + 1 + louisbourg 1 = 4 vs 0 → row 3–4: 2 CP
    assert offered_anywhere(st, BR, "cp:acadia")  # 2 CP available: legal
    pick_through(st, BR, "cp:quebec_montreal")
    if FR in waiting_sides(st):
        act(st, FR, "accept")
    assert not offered_anywhere(st, BR, "cp:acadia")  # 1 CP left


def test_is_a18_conquered_damaged_fort_stays_damaged():
    """IS-7.2.1.1(a) / IS-A18: a Damaged Fort taken with CP changes owner and stays Damaged."""
    war = display("WSS", basic={3: (["fr_b00", "fr_b03"], [])})
    st = war_position("WSS", 3, vp=17, war=war, forts={"halifax": "britain"}, damaged=["halifax"])
    war_run(st)  # France 3 vs 0 (a Damaged Fort gives nothing) → row 3: 1 CP
    pick_through(st, FR, "cp:halifax")
    assert flag(st, "halifax") == "france"
    assert st["damaged"].get("halifax") == 1


def test_is_7_2_1_1a_cp_on_an_empty_fort_space_builds_an_intact_fort():
    """IS-7.2.1.1(a): an empty Fort space taken with CP becomes an intact Fort of the winner."""
    war = display("WSS", basic={3: (["fr_b00", "fr_b03"], [])})
    st = war_position("WSS", 3, vp=17, war=war)
    war_run(st)
    pick_through(st, FR, "cp:ohio_forks")
    assert flag(st, "ohio_forks") == "france"
    assert "ohio_forks" not in st["damaged"]


def test_is_a10_remove_squadron_reaches_counting_naval_spaces():
    """IS-7.1.2 / IS-A10: Atlantic Dominance (Europe) — Britain's damage/remove tile may reach a
    French Squadron on antilles_channel (it counts in that theater), not one in India."""
    war = display("7YW", basic={1: ([], ["br_b11"])})
    st = war_position(
        "7YW",
        1,
        vp=13,
        war=war,
        squadrons={"antilles_channel": "france", "hooghly_river": "france"},
        navy={"france": 0, "britain": 2},
    )
    war_run(st)
    assert BR in waiting_sides(st)
    ids = {i for i in choice_ids(st, BR) if i.startswith("target:")}
    assert "target:antilles_channel" in ids
    assert "target:hooghly_river" not in ids
    act(st, BR, "target:antilles_channel")
    assert flag(st, "antilles_channel") is None
    assert st["navy"][FR] == 1


def test_is_7_3f_loser_with_too_few_squadrons_moves_all():
    """IS-7.3f: margin 5+ → the loser moves 2 Squadrons to Unbuilt; with only 1 it moves 1."""
    war = display("7YW", basic={1: ([], ["br_b00", "br_b01", "br_b03"])})
    st = war_position(
        "7YW", 1, war=war, navy={"france": 1, "britain": 2}, unbuilt={"france": 7, "britain": 6}
    )
    war_run(st)
    if FR in waiting_sides(st):
        act(st, FR, "lose:navy_box")
    assert st["navy"][FR] == 0
    assert st["unbuilt"][FR] == 8
    assert st["war"]["atlantic"] == BR


def test_is_17_1_long_cp_target_list_is_split_by_region():
    """IS-17.1 / IS-17.9: a long list of CP targets spanning several Regions (Antilles War:
    the Caribbean plus hudson_bay and acadia) is offered as ``region:<id>`` then ``cp:<space>``."""
    war = display("AWI", basic={3: (["fr_b00", "fr_b01"], [])})
    st = war_position("AWI", 3, war=war, flags={"spain_alliance_3_upper": None})
    war_run(st)  # France 4 vs 0 → 2 CP
    ids = choice_ids(st, FR)
    cps = [i for i in ids if i.startswith("cp:")]
    regions = [i for i in ids if i.startswith("region:")]
    assert len(cps) <= 12 or regions, f"{len(cps)} CP targets offered in one list"


def test_is_7_2_1_1c_a_squadron_enters_by_cp_once_per_war():
    """IS-7.2.1.1(c) / IS-A42: France's only Squadron enters atlantic_passage with the first CP;
    it may not take cabot_strait with the second (no eligible Squadron left)."""
    war = display("7YW", basic={3: (["fr_b00", "fr_b01"], [])})
    st = war_position(
        "7YW",
        3,
        war=war,
        squadrons={"atlantic_passage": "britain", "cabot_strait": "britain"},
        navy={"france": 1, "britain": 0},
        unbuilt={"france": 7, "britain": 6},
    )
    war_run(st)  # France 4 + 1 (Spain) = 5 vs 2 → row 3–4: 2 CP
    assert offered_anywhere(st, FR, "cp:cabot_strait")
    pick_through(st, FR, "cp:atlantic_passage")
    if "from:navy_box" in choice_ids(st, FR):
        act(st, FR, "from:navy_box")
    assert flag(st, "atlantic_passage") == "france"
    assert not offered_anywhere(st, FR, "cp:cabot_strait")
    assert FR in waiting_sides(st)  # the second CP still has other targets


def test_is_7_2_1_2_usa_territory_never_a_cp_target():
    """IS-7.2.1.2 / IS-10.1: a USA-flagged Territory cannot be taken with CP (Antilles War, Britain
    by 4 → 2 CP; USA carolinas is not offered, French martinique is)."""
    war = display("AWI", basic={3: ([], ["br_b00", "br_b01"])})
    st = war_position(
        "AWI",
        3,
        war=war,
        flags={"carolinas": "usa", "spain_alliance_3_upper": None},
    )
    war_run(st)
    assert BR in waiting_sides(st)
    assert not offered_anywhere(st, BR, "cp:carolinas")
    assert offered_anywhere(st, BR, "cp:martinique")


def test_is_7_3c_usa_fort_removal_clears_the_damage():
    """IS-7.3c (2): France may remove the flag and any Damaged marker from a Fort of the Northern
    Colonies."""
    war = display("AWI", basic={1: (["fr_b00", "fr_b01", "fr_b02"], [])})
    st = war_position(
        "AWI",
        1,
        vp=12,
        war=war,
        forts={"halifax": "britain"},
        damaged=["halifax"],
    )
    war_run(st)
    assert FR in waiting_sides(st)
    if not offered_anywhere(st, FR, "usa_fort:halifax"):
        act(st, FR, "usa_done")
    pick_through(st, FR, "usa_fort:halifax")
    assert flag(st, "halifax") is None
    assert "halifax" not in st["damaged"]
