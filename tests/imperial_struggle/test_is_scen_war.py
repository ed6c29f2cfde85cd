"""War scenarios of shared/rules/imperial_struggle.md section 20: IS-S06, IS-S07, IS-S08, IS-S19,
IS-S21 (war
order), S22, S23, S24 (war part), through the IS-17.9 choice ids (``target:``, ``cp:``,
``refuse``/``accept``, ``unflag:``, ``lose:``, ``usa:``, ``usa_fort:``, ``usa_done``,
``canada:``).

Positions: ``war_position`` builds the War Turn and starts it at one theater (alone unless
``only=False``); the display holds exactly the tiles given (``display``), so the Army Strengths
are the scenario's.
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


def answer_targets(st, side, *targets):
    """Answer ``side``'s effect-target prompts with ``targets`` in order (IS-17.9)."""
    for t in targets:
        assert side in waiting_sides(st), f"expected a prompt for side {side}"
        act(st, side, t)


# ------------------------------------------------------------------------------------ IS-S06
def _s06(only=True):
    war = display("WSS", basic={3: (["fr_b00"], ["br_b11"])}, bonus={3: (["WSS_france_0"], [])})
    st = war_position(
        "WSS",
        3,
        only=only,
        vp=17,
        war=war,
        forts={"louisbourg": "france"},
        squadrons={"gulf_of_maine": "britain"},
        conflict={"hudson_valley": 1, "cataraqui": 1},
    )
    war_run(st)
    # France (first actor, vp > 15) has no effect; Britain's tile must damage louisbourg.
    if BR in waiting_sides(st) and "target:louisbourg" in choice_ids(st, BR):
        assert set(choice_ids(st, BR)) == {"target:louisbourg"}
        act(st, BR, "target:louisbourg")
    assert st["damaged"].get("louisbourg") == 1
    return st


def test_is_s06_queen_annes_war_spoils():
    """IS-S06 (IS-7.1.1, IS-7.1.2, IS-7.1.3, IS-7.1.4, IS-7.2, IS-7.2.1.1, IS-6.3a): 6 vs 2, France
    wins by 4 → +1 VP (18), 1 CP,
    1 unflag; Britain +2 TRP; CP on hudson_valley (its marker leaves); unflag
    massachusetts_bay."""
    st = _s06()
    assert st["vp"] == 18
    assert st["trp"][BR] == 2
    assert FR in waiting_sides(st)
    assert offered_anywhere(st, FR, "cp:hudson_valley")
    pick_through(st, FR, "cp:hudson_valley")
    assert flag(st, "hudson_valley") == "france"
    assert "hudson_valley" not in st["conflict"]
    act(st, FR, "unflag:massachusetts_bay")
    assert flag(st, "massachusetts_bay") is None
    assert st["vp"] == 18


def test_is_s06_war_reset_removes_counting_markers_and_keeps_damage():
    """IS-S06 end / IS-7.5(c)(d): at the War Reset the marker on French cataraqui goes (Queen
    Anne's War counts Conflict markers); louisbourg stays Damaged."""
    st = _s06(only=False)
    pick_through(st, FR, "cp:hudson_valley")
    act(st, FR, "unflag:massachusetts_bay")
    for _ in range(20):  # theater 4 and the rest need no choice of ours unless asked
        ws = waiting_sides(st)
        if not ws:
            break
        ids = choice_ids(st, ws[0])
        act(st, ws[0], next((i for i in ids if i in ("cp_end", "accept")), ids[0]))
    assert "cataraqui" not in st["conflict"]
    assert st["damaged"].get("louisbourg") == 1


# ------------------------------------------------------------------------------------ IS-S07
def _s07():
    war = display("7YW", basic={3: (["fr_b03", "fr_b04"], ["br_b00", "br_b01", "br_b02"])})
    st = war_position(
        "7YW",
        3,
        vp=16,
        war=war,
        forts={"louisbourg": "britain"},
        squadrons={"antilles_channel": "france"},
    )
    war_run(st)
    return st


def test_is_s07_territory_conquest_through_a_conquest_line():
    """IS-S07 (IS-7.2, IS-7.2.1.2, IS-7.2.2): Britain 7 vs France 4 → row 3–4: +1 VP (15), 2 CP,
    France
    +3 TRP; acadia via louisbourg (accepted); guadeloupe illegal; minorca (Additional Territory,
    empty, no refusal)."""
    st = _s07()
    assert st["vp"] == 15
    assert st["trp"][FR] == 3
    assert offered_anywhere(st, BR, "cp:acadia")
    assert offered_anywhere(st, BR, "cp:quebec_montreal")
    assert not offered_anywhere(st, BR, "cp:guadeloupe")
    pick_through(st, BR, "cp:acadia")
    assert set(choice_ids(st, FR)) >= {"refuse", "accept"}
    act(st, FR, "accept")
    assert flag(st, "acadia") == "britain"
    assert not offered_anywhere(st, BR, "cp:guadeloupe")
    pick_through(st, BR, "cp:minorca")
    assert FR not in waiting_sides(st) or "refuse" not in choice_ids(st, FR)
    assert flag(st, "minorca") == "britain"
    assert st["vp"] == 15


# ------------------------------------------------------------------------------------ IS-S08
def test_is_s08_refusing_to_cede_twice_in_one_war():
    """IS-S08 (IS-7.2.1.2, IS-7.2.2, IS-7.2): refusals cost 3 then 5 VP (16 → 13 → 8); a refused
    Territory cannot be targeted again; France TRP +4."""
    war = display(
        "7YW",
        basic={2: ([], ["br_b00", "br_b01"]), 3: (["fr_b03"], ["br_b02", "br_b03"])},
    )
    st = war_position(
        "7YW",
        2,
        only=False,
        vp=16,
        war=war,
        forts={"vandavasi": "britain", "louisbourg": "britain"},
    )
    war_run(st)
    # Theater 2: Britain by 5 → 2 CP, 1 unflag, France +3 TRP.
    assert st["trp"][FR] == 3
    pick_through(st, BR, "cp:pondicherry")
    act(st, FR, "refuse")
    assert st["vp"] == 13
    assert flag(st, "pondicherry") == "france"
    assert not offered_anywhere(st, BR, "cp:pondicherry")
    pick_through(st, BR, "cp:karaikal")
    assert FR not in waiting_sides(st) or "refuse" not in choice_ids(st, FR)
    assert flag(st, "karaikal") == "britain"
    act(st, BR, "unflag:plassey")
    assert flag(st, "plassey") is None
    # Theater 3: Britain by 2 → 1 CP, 1 unflag, France +1 TRP.
    assert st["trp"][FR] == 4
    pick_through(st, BR, "cp:quebec_montreal")
    act(st, FR, "refuse")
    assert st["vp"] == 8
    assert flag(st, "quebec_montreal") == "france"


# ------------------------------------------------------------------------------------ IS-S19
def _s19(watt: bool):
    war = display("AWI", basic={2: (["fr_b07", "fr_b08"], [])})
    spec = {"vp": 14, "war": war, "debt": {"britain": 13}, "limit": {"britain": 14}}
    if watt:
        spec["ministries"] = {"britain": [["M-19", True], ["M-17", False]]}
    st = war_position("AWI", 2, **spec)
    war_run(st)
    return st


def test_is_s19_forced_debt_in_war_overflows_to_vp():
    """IS-S19 (IS-7.1.2, IS-6.3a): Britain takes 1 Debt (14); the second does not fit → France +1 VP
    (15). The theater is tied 0–0: no spoils."""
    st = _s19(False)
    assert st["debt"][BR] == 14
    assert st["vp"] == 15


def test_is_s19_variant_james_watt():
    """IS-S19 variant (IS-MIN19(a)): James Watt face up → Debt 14, vp stays 14."""
    st = _s19(True)
    assert st["debt"][BR] == 14
    assert st["vp"] == 14


# ------------------------------------------------------------------------------------ IS-S21
def _first_debt_side(vp: int, first: str) -> int:
    war = display("WAS", basic={1: (["fr_b07"], ["br_b07"])})
    st = war_position("WAS", 1, vp=vp, first=first, war=war)
    events = war_run(st)
    debts = [e for e in events if e.kind == "debt" and e.args.get("n", 0) > 0]
    assert len(debts) >= 2
    return debts[0].args["side"]


def test_is_s21_war_first_actor_at_15_is_the_last_first_player():
    """IS-S21 / IS-7.1.2: with vp 15 the first actor is the side that went first in the preceding
    Peace Turn: its opponent takes the first forced Debt."""
    assert _first_debt_side(15, "britain") == FR
    assert _first_debt_side(15, "france") == BR


def test_is_7_1_2_first_actor_by_vp():
    """IS-7.1.2: France acts first above 15, Britain below 15."""
    assert _first_debt_side(17, "britain") == BR
    assert _first_debt_side(13, "france") == FR


# ------------------------------------------------------------------------------------ IS-S22
def _s22():
    flags = {
        s: "britain"
        for s in (
            "northern_colonies",
            "massachusetts_bay",
            "chesapeake",
            "hudson_valley",
            "carolinas",
            "georgia",
            "bahamas_run_west",
        )
    }
    flags.update({s: "france" for s in ("quebec_montreal", "cataraqui", "acadia", "algonquin")})
    flags.update({"st_lucia": None, "port_de_paix": None, "martinique": None})
    war = display("AWI", basic={1: (["fr_b00", "fr_b01", "fr_b02"], [])})
    st = war_position(
        "AWI",
        1,
        vp=12,
        war=war,
        flags=flags,
        forts={"halifax": "britain", "louisbourg": "france"},
        squadrons={"gulf_of_maine": "britain"},
    )
    war_run(st)
    return st


def _usa_steps(st, territories, forts):
    for t in territories:
        act(st, FR, f"usa:{t}")
    for f in forts:
        if f"usa_fort:{f}" not in choice_ids(st, FR):
            act(st, FR, "usa_done")
        act(st, FR, f"usa_fort:{f}")
    if "usa_done" in choice_ids(st, FR):
        act(st, FR, "usa_done")


def test_is_s22_usa_and_canada():
    """IS-S22 (IS-7.3c, IS-7.3d, IS-10, IS-7.2): France by 5 → +4 VP (16), Britain +3 TRP; USA
    flags;
    newly Isolated Markets lose their flags; Canada isolates cataraqui."""
    st = _s22()
    assert st["vp"] == 16
    assert st["trp"][BR] == 3
    _usa_steps(st, ("northern_colonies", "carolinas"), ("halifax",))
    assert flag(st, "northern_colonies") == "usa"
    assert flag(st, "carolinas") == "usa"
    assert flag(st, "halifax") is None
    for m in ("chesapeake", "hudson_valley", "georgia", "bahamas_run_west"):
        assert flag(st, m) is None, m
    assert flag(st, "massachusetts_bay") == "britain"
    assert flag(st, "cataraqui") == "france"
    act(st, FR, "canada:yes")
    assert flag(st, "quebec_montreal") == "usa"
    assert flag(st, "cataraqui") is None
    assert st["vp"] == 16


def test_is_s22_declining_canada_keeps_cataraqui():
    """IS-S22 last sentence: France could decline Canada and keep cataraqui."""
    st = _s22()
    _usa_steps(st, ("northern_colonies", "carolinas"), ("halifax",))
    act(st, FR, "canada:no")
    assert flag(st, "quebec_montreal") == "france"
    assert flag(st, "cataraqui") == "france"


def test_is_s22_usa_spaces_available_on_t6_with_a_usa_flag():
    """IS-S22 / IS-3.2.1c / IS-10.2: on T6 with a USA flag on the map usa_prestige_2/3 are
    available; without one, or before T6, they are not."""
    from is_helpers import S, build

    st = build({"turn": "T6", "at": "none", "flags": {"carolinas": "usa"}})
    assert S().available(st, "usa_prestige_2") and S().available(st, "usa_prestige_3")
    st = build({"turn": "T6", "at": "none"})
    assert not S().available(st, "usa_prestige_2")
    st = build({"turn": "T5", "at": "none", "flags": {"carolinas": "usa"}})
    assert not S().available(st, "usa_prestige_3")


# ------------------------------------------------------------------------------------ IS-S23
def test_is_s23_a_atlantic_dominance_margin_1_nothing():
    """IS-S23 A (IS-7.3f, IS-A41): France 5, Britain 4 → nothing (no tile, no losses)."""
    war = display("7YW", basic={1: (["fr_b00", "fr_b01", "fr_b03"], ["br_b00", "br_b01"])})
    st = war_position("7YW", 1, war=war)
    vp0, sq0 = st["vp"], (list(st["navy"]), list(st["unbuilt"]))
    war_run(st)
    assert not waiting_sides(st)
    assert st["war"]["atlantic"] is None
    assert st["vp"] == vp0
    assert (st["navy"], st["unbuilt"]) == sq0


def test_is_s23_b_atlantic_dominance_margin_3():
    """IS-S23 B: Britain 7, France 4 (2 tiles + 2 Squadrons) → France moves one Squadron (the
    Navy Box one) to Unbuilt; Britain's Atlantic Dominance goes to theater 3."""
    war = display(
        "7YW", basic={1: (["fr_b03", "fr_b04"], ["br_b00", "br_b01", "br_b02", "br_b03"])}
    )
    st = war_position(
        "7YW",
        1,
        war=war,
        squadrons={"biscay": "france", "cabot_strait": "france"},
        navy={"france": 1, "britain": 2},
        unbuilt={"france": 5, "britain": 6},
    )
    war_run(st)
    ids = choice_ids(st, FR)
    assert {"lose:navy_box", "lose:biscay", "lose:cabot_strait"} <= set(ids)
    act(st, FR, "lose:navy_box")
    assert st["navy"][FR] == 0
    assert st["unbuilt"][FR] == 6
    assert flag(st, "biscay") == "france" and flag(st, "cabot_strait") == "france"
    assert st["war"]["atlantic"] == BR


# ------------------------------------------------------------------------------------ IS-S24
def test_is_s24_jacobite_victory_gives_the_right():
    """IS-S24 war part (IS-7.3a, WAS theater 4): France by 2 → row 2–3: +3 VP (17), Britain +2
    TRP, France unflags a British Political space in Europe; Jacobite markers 2; right."""
    war = display("WAS", basic={4: (["fr_b03"], [])})
    st = war_position(
        "WAS",
        4,
        vp=14,
        war=war,
        jacobite={"victories": 1, "right": False, "defeat": False},
        ministries={"france": [["M-11", False], ["M-4", False]]},
    )
    war_run(st)
    assert st["vp"] == 17
    assert st["trp"][BR] == 2
    act(st, FR, "unflag:dutch_prestige_3")
    assert flag(st, "dutch_prestige_3") is None
    assert st["jacobite"]["victories"] == 2
    assert st["jacobite"]["right"] is True
    assert st["jacobite"]["defeat"] is False


def _fi_war(atlantic):
    war = display("7YW", basic={3: (["fr_b03"], [])})
    war["atlantic"] = atlantic
    st = war_position("7YW", 3, war=war)
    war_run(st)
    return st


def test_is_s23_atlantic_dominance_gives_2_in_french_and_indian_war():
    """IS-S23 B end / IS-7.1.3: British Atlantic Dominance is +2 for Britain in theater 3. France
    has 2 (fr_b03 + spain_alliance_3_upper): without the tile France wins by 2 (Britain +1 TRP);
    with it the theater is tied (no spoils)."""
    st = _fi_war(None)
    assert st["trp"][BR] == 1
    st = _fi_war(BR)
    assert st["trp"] == [0, 0]
    assert not waiting_sides(st)


def test_is_s08_third_refusal_impossible():
    """IS-S08 / IS-7.2.2: after two refusals in this War, France cannot refuse a third time."""
    war = display("7YW", basic={3: ([], ["br_b00", "br_b01", "br_b02"])})
    war["refusals"] = [2, 0]
    st = war_position("7YW", 3, vp=16, war=war, forts={"louisbourg": "britain"})
    war_run(st)
    pick_through(st, BR, "cp:quebec_montreal")
    assert "refuse" not in choice_ids(st, FR)
    if FR in waiting_sides(st):
        act(st, FR, "accept")
    assert flag(st, "quebec_montreal") == "britain"


def test_is_s22_already_isolated_market_keeps_its_flag_and_usa_clears_huguenots():
    """IS-7.3c step 3 / IS-10.1: only Markets *newly* Isolated by the USA flags lose their flags
    (British york_factory was Isolated before: it stays); a USA flag clears the Huguenots marker
    of its Territory."""
    flags = {"york_factory": "britain", "san_agustin": "france"}
    war = display("AWI", basic={1: (["fr_b00", "fr_b01", "fr_b02"], [])})
    st = war_position(
        "AWI",
        1,
        vp=12,
        war=war,
        flags=flags,
        huguenots={"san_agustin": 1},
    )
    war_run(st)
    _usa_steps(st, ("northern_colonies", "san_agustin"), ())
    assert flag(st, "san_agustin") == "usa"
    assert "san_agustin" not in st["huguenots"]
    assert flag(st, "york_factory") == "britain"
    assert flag(st, "chesapeake") is None  # newly Isolated
