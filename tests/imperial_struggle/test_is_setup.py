"""IS-3.11 set-up through ``Rules.setup`` (the real entry point), checked against the rulings and
the set-up lists of components.json: 17 French and 16 British flags, Squadrons, tracks,
Advantages, decks, Investment tiles, Award and Demand tiles, the WSS display.

After ``setup`` the game has run to its first decision (T1: Award, Global Demand, Reset and Deal
are automatic; nobody holds more than 3 cards, so the first decision is the Ministry Phase).
"""

from __future__ import annotations

import pytest
from is_helpers import BR, FR, B, choice_ids, rules, waiting_sides

from engine.rng import Rng
from engine.rules import Config, SeatConfig

FR_FLAGS = {
    "ireland_alliance_2",
    "bavaria",
    "austria_prestige_3_lower",
    "spain_alliance_3_upper",
    "algonquin",
    "quebec_montreal",
    "acadia",
    "cataraqui",
    "st_domingue",
    "port_de_paix",
    "martinique",
    "guadeloupe",
    "louisiana",
    "chandernagore",
    "plassey",
    "pondicherry",
    "karaikal",
}
BR_FLAGS = {
    "dutch_prestige_3",
    "german_states_alliance_3",
    "austria_alliance_2",
    "massachusetts_bay",
    "northern_colonies",
    "chesapeake",
    "hudson_valley",
    "carolinas",
    "georgia",
    "st_lucia",
    "barbados",
    "jamaica",
    "midnapore",
    "calcutta",
    "kanchipuram",
    "madras",
}


def new_game(seed=1, **options):
    r = rules()
    opts = {o.key: o.default for o in r.options}
    opts.update(options)
    cfg = Config((SeatConfig("A", "random"), SeatConfig("B", "random")), opts)
    return r.setup(cfg, Rng.seeded(seed))


@pytest.fixture(scope="module")
def st():
    return new_game()


def test_is_3_11a_flags_17_french_16_british(st):
    """IS-3.11a: exactly the set-up flags (17 French, 16 British), no Spanish/USA flags, no
    markers, no Forts."""
    assert len(FR_FLAGS) == 17 and len(BR_FLAGS) == 16
    assert {s for s, c in st["flags"].items() if c == FR} == FR_FLAGS
    assert {s for s, c in st["flags"].items() if c == BR} == BR_FLAGS
    assert set(st["flags"].values()) == {FR, BR}
    assert st["conflict"] == {} and st["damaged"] == {} and st["huguenots"] == {}
    assert not any(B().kind_of(s) == "fort" for s in st["flags"])


def test_is_3_11a_flags_match_the_data(st):
    """IS-3.11a: the lists are components.json setup.france/britain.flags."""
    from engine.games.imperial_struggle.data_components import COMPONENTS

    assert set(COMPONENTS["setup"]["france"]["flags"]) == FR_FLAGS
    assert set(COMPONENTS["setup"]["britain"]["flags"]) == BR_FLAGS


def test_is_3_11b_tracks(st):
    """IS-3.11b: vp 15, Debt 0, Debt Limit 6, TRP 0, Initiative France, Jacobite 0 / no Defeat."""
    assert st["vp"] == 15
    assert st["debt"] == [0, 0]
    assert st["limit"] == [6, 6]
    assert st["trp"] == [0, 0]
    assert st["initiative"] == FR
    assert st["jacobite"]["victories"] == 0
    assert st["jacobite"]["defeat"] is False
    assert st["jacobite"]["right"] is False
    assert st["ti"] == 0


def test_is_3_11c_squadrons(st):
    """IS-3.11c / IS-3.6: Britain 2 in the Navy Box + 6 Unbuilt; France 1 + 7; none on the map."""
    assert st["navy"] == [1, 2]
    assert st["unbuilt"] == [7, 6]
    assert st["squadrons"] == {}
    assert st["sq_removed"] == [0, 0]
    assert st["parked"] == []


def test_is_3_11d_advantages(st):
    """IS-3.11d: Wheat Britain, Algonquin Raids France, both unexhausted; all others unheld."""
    assert st["adv_holder"] == {"wheat": BR, "algonquin_raids": FR}
    assert st["adv_exhausted"] == {}


def test_is_3_11e_event_deck_after_the_t1_deal(st):
    """IS-3.11e + IS-4.1.6b: cards 1–15 shuffled (3 dealt to each side), 16–41 set aside."""
    assert sorted(st["aside"]) == list(range(16, 42))
    assert [len(h) for h in st["hands"]] == [3, 3]
    in_play = sorted([*st["deck"], *st["hands"][0], *st["hands"][1], *st["discard"]])
    assert in_play == list(range(1, 16))
    assert len(st["deck"]) == 9
    assert st["removed"] == []


def test_is_3_11e_investment_awards_demand(st):
    """IS-3.11e + T1 phases: 24 Investment tiles (9 available, 15 in the stack); Award tiles two
    per Region, all 8 distinct (IS-4.1.3); three distinct Global Demand tiles (IS-4.1.4)."""
    assert len(st["inv_avail"]) == 9
    assert sorted([*st["inv_avail"], *st["inv_stack"]]) == list(range(24))
    assert st["inv_used"] == [] and st["inv_taken"] == {}
    tiles = [t for r in B().REGIONS for t in st["awards"][r]]
    assert sorted(tiles) == list(range(8))
    assert len(st["demand"]) == 3 and len(set(st["demand"])) == 3
    assert set(st["demand"]) <= set(B().DEMAND_ORDER)


def test_is_3_11f_war_display(st):
    """IS-3.11f: WSS is the next War; one Basic tile per side in each of the 4 theaters, 12 left
    in each Basic pool; Bonus pools = the 12 WSS tiles, France's random one in theater 1."""
    w = st["war"]
    assert w["id"] == "WSS"
    for n in ("1", "2", "3", "4"):
        for side, pre in ((FR, "fr_b"), (BR, "br_b")):
            basic = w["theaters"][n]["basic"][side]
            assert len(basic) == 1 and basic[0].startswith(pre)
    for side, pre in ((FR, "fr_b"), (BR, "br_b")):
        placed = [w["theaters"][n]["basic"][side][0] for n in ("1", "2", "3", "4")]
        assert sorted([*placed, *w["basic_pool"][side]]) == sorted(
            f"{pre}{k:02d}" for k in range(16)
        )
    fr_bonus_1 = w["theaters"]["1"]["bonus"][FR]
    assert len(fr_bonus_1) == 1 and fr_bonus_1[0].startswith("WSS_france_")
    assert sorted([*fr_bonus_1, *w["bonus_pool"][FR]]) == sorted(
        f"WSS_france_{k}" for k in range(12)
    )
    assert sorted(w["bonus_pool"][BR]) == sorted(f"WSS_britain_{k}" for k in range(12))
    others = [w["theaters"][n]["bonus"][s] for n in ("2", "3", "4") for s in (FR, BR)]
    assert all(t == [] for t in others)
    assert w["theaters"]["1"]["bonus"][BR] == []
    assert w["atlantic"] is None


def test_is_3_11g_first_decision_is_the_ministry_phase(st):
    """IS-3.11g / IS-4.1.7a: no Ministry card chosen yet; both sides now pick (secretly)."""
    assert all(s["card"] is None for side in (FR, BR) for s in st["min_slots"][side])
    assert sorted(waiting_sides(st)) == [FR, BR]
    fr_ids = choice_ids(st, FR)
    assert {f"pick:M-{k}" for k in (1, 2, 3, 4, 9)} == {i for i in fr_ids if i.startswith("pick:")}
    br_ids = choice_ids(st, BR)
    assert {f"pick:M-{k}" for k in (5, 6, 7, 8, 10)} == {i for i in br_ids if i.startswith("pick:")}
    assert rules().prompt(st, st["side_seat"][FR]).secret is True


def test_is_v01_spanish_flags_at_set_up():
    """IS-V01 (IS-18): Spanish flags start on havana, santiago, puerto_principe."""
    st = new_game(spanish_empire="on")
    assert {s for s, c in st["flags"].items() if c == 3} == {
        "havana",
        "santiago",
        "puerto_principe",
    }
    assert len([c for c in st["flags"].values() if c == FR]) == 17


def test_is_v05_fixed_bid_gives_trp():
    """IS-V05 ``fixed:<side>+<n>``: n TRP to that side at the start."""
    st = new_game(side_bid="fixed:britain+2")
    assert st["trp"] == [0, 2]


def test_is_3_11_seeds_shuffle_decks():
    """IS-3.11e: the Event deck and Investment stack are shuffled (two seeds differ somewhere)."""
    a, b = new_game(1), new_game(2)
    assert (a["deck"], a["inv_stack"], a["demand"]) != (b["deck"], b["inv_stack"], b["demand"])
