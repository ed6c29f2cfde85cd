"""Ambiguity rulings that had no test of their own (shared/rules/imperial_struggle.md
section 19) — IS-A31 La Gabelle targets, IS-A32 Father le Loutre (France) targets, IS-A36
Austro-Spanish Rivalry (British bonus), IS-A44 South Sea Speculation discount, IS-A48 Charles
Hanbury Williams' scope, IS-A53 Huguenots markers, IS-A54 restricted MP "in North America", IS-A55
Malabar Coast sub-region — and IS-7.1.3 / IS-7.1.4 Bonus Strength on a hand-built theater.
Values are hand-checked against the set-up position (IS-3.11) and the data (map.json).
"""

from __future__ import annotations

import json

from is_helpers import (
    BR,
    FR,
    act,
    action_points,
    all_targets,
    build,
    buy,
    choice_ids,
    cost_of,
    current_action,
    display,
    prompt,
    rules,
    seat,
    strength_free_flags,
    war_position,
    war_run,
)

ADVANTAGES = [
    "baltic_trade",
    "central_europe_conflict",
    "german_diplomacy",
    "italy_influence",
    "mediterranean_intrigue",
    "naval_bastion",
    "silesia_negotiations",
    "algonquin_raids",
    "fur_trade",
    "iroquois_raids",
    "patriot_agitation",
    "wheat",
    "fruit",
    "letters_of_marque",
    "pirate_havens",
    "rum",
    "slaving_contracts",
    "power_struggle",
    "raids_and_incursions",
    "separatist_wars",
    "silk",
    "textiles",
]


def _event_choices(st, side, card):
    """Play ``card`` from S1 and return the first prompt's choice ids."""
    act(st, side, f"event:{card}")
    return choice_ids(st, side)


def test_is_a31_la_gabelle_any_unexhausted_advantage():
    """IS-A31 / IS-EV34 (Britain): "any unexhausted Advantage tile, held by either side or
    unheld". T5, set-up holders (Algonquin Raids France, Wheat Britain), Wheat exhausted: the
    21 other tiles are offered (through the Region step); Britain exhausts France's Algonquin
    Raids and the unheld Naval Bastion."""
    st = build(
        {
            "turn": "T5",
            "at": "action",
            "side": "britain",
            "inv_avail": [12],
            "hands": {"britain": [34], "france": []},
            "adv_exhausted": ["wheat"],
        }
    )
    act(st, BR, "tile:12")
    ids = _event_choices(st, BR, 34)
    found: set[str] = set()
    for reg in [i for i in ids if i.startswith("region:")]:
        probe = rules().clone(st)
        act(probe, BR, reg)
        found |= {i[4:] for i in choice_ids(probe, BR) if i.startswith("adv:")}
    assert found == set(ADVANTAGES) - {"wheat"}
    act(st, BR, "region:north_america", "adv:algonquin_raids", "region:europe", "adv:naval_bastion")
    assert set(st["adv_exhausted"]) == {"wheat", "algonquin_raids", "naval_bastion"}
    assert st["adv_holder"]["algonquin_raids"] == FR


def test_is_a32_father_le_loutre_france_any_british_market():
    """IS-A32 / IS-EV28 (France): a Conflict marker on any British-flagged Market in any Region:
    at the T3 set-up those are the 7 British Markets of North America, the Caribbean and India."""
    st = build(
        {
            "turn": "T3",
            "at": "action",
            "side": "france",
            "inv_avail": [20],
            "hands": {"france": [28], "britain": []},
        }
    )
    act(st, FR, "tile:20")
    ids = _event_choices(st, FR, 28)
    assert {i[6:] for i in ids if i.startswith("space:")} == {
        "massachusetts_bay",
        "chesapeake",
        "hudson_valley",
        "georgia",
        "st_lucia",
        "midnapore",
        "kanchipuram",
    }


def _rivalry():
    war = display(
        "WSS",
        bonus={1: (["WSS_france_0", "WSS_france_1"], []), 3: (["WSS_france_2"], ["WSS_britain_0"])},
    )
    st = build(
        {
            "turn": "T1",
            "at": "action",
            "side": "britain",
            "inv_avail": [4, 5],
            "hands": {"britain": [7], "france": []},
            "ministries": {"britain": [["M-5", True], ["M-6", True]]},
            "war": war,
        }
    )
    act(st, BR, "tile:4", "event:7", "space:spain_alliance_3_upper")
    return st


def test_is_a36_austro_spanish_rivalry_britain_picks_a_theater():
    """IS-A36 / IS-EV07 (Britain, Walpole's Governance face up): Britain picks a theater holding
    a French Bonus tile (1 or 3, not 2 or 4); one of France's two tiles in Central Europe goes
    back to France's pool unrevealed — France's log line names it, Britain's does not, and
    Britain's view does not show which."""
    st = _rivalry()
    assert set(choice_ids(st, BR)) == {"theater:1", "theater:3"}
    events = act(st, BR, "theater:1")
    left = st["war"]["theaters"]["1"]["bonus"][FR]
    assert len(left) == 1 and left[0] in ("WSS_france_0", "WSS_france_1")
    gone = ({"WSS_france_0", "WSS_france_1"} - set(left)).pop()
    assert gone in st["war"]["bonus_pool"][FR] and len(st["war"]["bonus_pool"][FR]) == 10
    name = rules().describe
    lines_fr = [name(e, seat(st, FR)) for e in events]
    lines_br = [name(e, seat(st, BR)) for e in events]
    assert any("goes back" in ln for ln in lines_br)
    tile_name = [ln for ln in lines_fr if ln and "goes back" in ln][0]
    assert tile_name not in lines_br
    assert gone not in json.dumps(rules().view(st, seat(st, BR)), default=str)


def test_is_a44_south_sea_speculation_discount_for_one_squadron():
    """IS-A44 / IS-EV04 bonus (France, John Law's Finance face up): the first Squadron of the
    round costs 4 − 2 = 2 MP, the second 4 MP again."""
    st = build(
        {
            "turn": "T1",
            "at": "action",
            "side": "france",
            "inv_avail": [22],
            "hands": {"france": [4], "britain": []},
            "ministries": {"france": [["M-2", True], ["M-3", True]]},
            "unbuilt": {"france": 3},
        }
    )
    act(st, FR, "tile:22", "event:4", "space:chesapeake", "act:major")
    assert cost_of(st, FR, "build_squadron") == 2
    buy(st, FR, "build_squadron")
    assert (st["debt"][FR], action_points(st)) == (0, 0)
    assert cost_of(st, FR, "build_squadron") == 4


def test_is_a48_hanbury_williams_scope():
    """IS-A48 / IS-MIN16: after Britain activates M-16, unflagging a French space of Prussia (all
    four, Empire Era), the German States or Russia costs 1 DP less; Sweden, Bavaria and flagging
    an empty German States space do not change."""
    spaces = [
        "prussia_alliance_2",
        "prussia_prestige_3",
        "prussia_empire_alliance_2",
        "prussia_empire_prestige_3",
        "russia",
        "german_states_alliance_2",
        "sweden",
        "bavaria",
    ]
    flags: dict = {s: "france" for s in spaces}
    flags["german_states_alliance_3"] = None
    st = build(
        {
            "turn": "T3",
            "at": "action",
            "side": "britain",
            "inv_avail": [11],
            "flags": flags,
            "ministries": {"britain": [["M-16", True], ["M-17", True]]},
        }
    )
    act(st, BR, "tile:11", "actions", "ability:M-16", "act:major")
    got = {s: cost_of(st, BR, f"shift:{s}") for s in [*spaces, "german_states_alliance_3"]}
    assert got == {
        "prussia_alliance_2": 1,
        "prussia_prestige_3": 2,
        "prussia_empire_alliance_2": 1,
        "prussia_empire_prestige_3": 2,
        "russia": 2,
        "german_states_alliance_2": 1,
        "sweden": 2,
        "bavaria": 3,
        "german_states_alliance_3": 3,
    }


def test_is_a53_huguenots_marker_on_a_flag_shift_after_m9_left():
    """IS-A53 / IS-MIN09 (b): on T3 (M-9 is a Succession card, out of play) a fresh Huguenots
    marker on French Acadia still lowers a French Market shift in North America by 1 — here
    flagging the empty Gulf of St. Lawrence (3 EP → 2) — and is then spent."""
    st = build(
        {
            "turn": "T3",
            "at": "action",
            "side": "france",
            "inv_avail": [0],
            "huguenots": {"acadia": 1},
            "flags": {"acadia": "france"},
        }
    )
    act(st, FR, "tile:0", "actions", "act:major")
    assert cost_of(st, FR, "shift:gulf_of_st_lawrence") == 3
    assert cost_of(st, FR, "shift:gulf_of_st_lawrence", pay=("huguenots:acadia",)) == 2
    buy(st, FR, "shift:gulf_of_st_lawrence", pay=("huguenots:acadia",))
    assert action_points(st) == 2
    assert st["huguenots"]["acadia"] != 1  # spent


def test_is_a54_north_american_mp_not_for_squadron_construction():
    """IS-A54 / IS-EV28 (Britain, Pitt's Governance face up): the bonus 2 MP "in North America"
    join the Military Major as restricted points; a Squadron construction (no location) cannot
    use them: 3 MP + 1 Debt pay for it, the 2 restricted MP stay."""
    st = build(
        {
            "turn": "T3",
            "at": "action",
            "side": "britain",
            "inv_avail": [20],
            "hands": {"britain": [28], "france": []},
            "ministries": {"britain": [["M-15", True], ["M-17", True]]},
            "unbuilt": {"britain": 3},
        }
    )
    act(st, BR, "tile:20", "event:28")
    while "act:major" not in choice_ids(st, BR):  # the Fish Market for the marker
        act(st, BR, [i for i in choice_ids(st, BR) if i != "back"][0])
    act(st, BR, "act:major")
    a = current_action(st)
    assert (a["pts"], sum(r["pts"] for r in a["restricted"])) == (3, 2)
    buy(st, BR, "build_squadron")
    a = current_action(st)
    assert st["debt"][BR] == 1
    assert (a["pts"], sum(r["pts"] for r in a["restricted"])) == (0, 2)


def test_is_a55_malabar_coast_is_carnatic_coast():
    """IS-A55 (map.json): Calicut and Mangalore lie in the Carnatic Coast sub-region, so Power
    Struggle (IS-8.3.18) reaches the 7 Carnatic Coast Markets, and no Hooghly River Market."""
    st = build(
        {
            "turn": "T2",
            "at": "action",
            "side": "france",
            "inv_avail": [0],
            "flags": {"mysore": "france"},
        }
    )
    act(st, FR, "tile:0", "actions")
    assert all_targets(st, FR, "adv:power_struggle") == {
        "calicut",
        "kanchipuram",
        "karaikal",
        "kurpa",
        "mangalore",
        "tiruchirappalli",
        "vellore",
    }


def test_is_7_1_3_bonus_strength_forts_squadrons_and_conflict_markers():
    """IS-7.1.3 / IS-7.1.4: Queen Anne's War (WSS 3; Conflicts, Forts, Squadrons NA). France:
    Louisbourg (+1), Halifax Damaged (0), markers on British Massachusetts Bay and Chesapeake
    (+2) = 3. Britain: Ohio Forks (+1), Squadron on Gulf of Maine (+1), marker on French
    Cataraqui (+1) = 3; the marker on empty Albany counts for nobody. Tied: no spoils."""
    flags = strength_free_flags("WSS", 3)
    flags.update(
        {
            "louisbourg": "france",
            "halifax": "france",
            "ohio_forks": "britain",
            "massachusetts_bay": "britain",
            "chesapeake": "britain",
            "albany": None,
            "cataraqui": "france",
        }
    )
    st = war_position(
        "WSS",
        3,
        vp=17,
        war=display("WSS"),
        flags=flags,
        damaged=["halifax"],
        squadrons={"gulf_of_maine": "britain"},
        conflict={"massachusetts_bay": 1, "chesapeake": 1, "albany": 1, "cataraqui": 1},
    )
    vp = st["vp"]
    events = war_run(st)
    res = [e for e in events if e.kind == "theater_result"][0].args
    assert res["bonus"] == [3, 3]
    assert res["winner"] is None and st["vp"] == vp
    assert prompt(st, FR) is None and prompt(st, BR) is None
