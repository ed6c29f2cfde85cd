"""Succession Event cards IS-EV01 – IS-EV15: standard and bonus effects of every version, on
hand-checked positions (set-up position of IS-3.11 plus the listed changes)."""

from __future__ import annotations

from is_events_kit import (
    BR,
    FR,
    TILE,
    act,
    actions,
    finish,
    game,
    ids,
    in_event,
    kw_up,
    play,
)

from engine.games.imperial_struggle import frames as F
from engine.games.imperial_struggle import war_tiles as W


# IS-EV01 Carnatic War ---------------------------------------------------------------------
def test_is_ev01_standard_counts_unconflicted_local_alliances():
    st = game("T1", flags={"maratha": FR, "nizam": FR, "mysore": FR}, conflict={"mysore": 1})
    play(st, FR, 1, TILE["D"])
    opts = ids(st, FR)
    assert "space:mysore" not in opts and "space:maratha" in opts and "space:madras" not in opts
    assert F.text_of(st, FR)[0].endswith("(1/2)")
    finish(st, FR, "space:kanchipuram", "space:midnapore")
    assert st["conflict"] == {"mysore": 1, "kanchipuram": 1, "midnapore": 1}


def test_is_ev01_no_local_alliance_no_marker():
    st = game("T1")
    play(st, FR, 1, TILE["D"])
    assert not in_event(st) and st["conflict"] == {}


def test_is_ev01_bonus_damages_opposing_india_fort():
    st = game("T1", flags={"maratha": BR, "vandavasi": FR}, ministries=kw_up(BR, 1))
    play(st, BR, 1, TILE["D"])
    act(st, BR, "space:plassey")
    assert ids(st, BR) == [
        "space:vandavasi",
        "space:plassey",
        "space:west_bengal",
        "space:kurpa",
        "space:vellore",
        "space:karaikal",
    ]
    finish(st, BR, "space:vandavasi")
    assert st["damaged"] == {"vandavasi": 1} and st["flags"]["vandavasi"] == FR


def test_is_ev01_bonus_shifts_cotton_market():
    st = game("T1", flags={"maratha": FR}, ministries=kw_up(FR, 1))
    play(st, FR, 1, TILE["D"])
    act(st, FR, "space:maratha")
    assert "space:plassey" not in ids(st, FR)  # already French
    finish(st, FR, "space:midnapore")
    assert "midnapore" not in st["flags"]


# IS-EV02 Acts of Union --------------------------------------------------------------------
def test_is_ev02_britain_restricted_dp_and_bonus_vp():
    st = game("T1", flags={"scotland_prestige_3": BR})
    play(st, BR, 2, TILE["D"])
    assert not in_event(st)
    assert actions(st)[0] == ("D", "major", 3, [(1, "political_europe_unflag")])
    assert st["vp"] == 13


def test_is_ev02_france_dp_and_bonus_unflag_outside_spain_austria():
    st = game("T1", flags={"ireland_prestige_3": FR})
    play(st, FR, 2, TILE["D"])
    assert ids(st, FR) == ["space:dutch_prestige_3", "space:german_states_alliance_3"]
    finish(st, FR, "space:german_states_alliance_3")
    assert "german_states_alliance_3" not in st["flags"]
    assert actions(st)[0] == ("D", "major", 5, [])


def test_is_ev02_france_without_bonus():
    st = game("T1")
    play(st, FR, 2, TILE["D"])
    assert not in_event(st) and st["flags"]["german_states_alliance_3"] == BR


# IS-EV03 Tropical Diseases ----------------------------------------------------------------
def test_is_ev03_france_standard_and_bonus():
    st = game("T1", ministries=kw_up(FR, 3))
    play(st, FR, 3, TILE["E"])
    assert ids(st, FR) == ["space:georgia", "space:st_lucia"]
    act(st, FR, "space:st_lucia")
    assert ids(st, FR) == ["space:port_de_paix", "space:martinique"]  # own flags: compulsory
    act(st, FR, "space:martinique")
    finish(st, FR, "space:georgia")
    for s in ("st_lucia", "martinique", "georgia"):
        assert s not in st["flags"]
    assert st["flags"]["port_de_paix"] == FR


def test_is_ev03_britain_without_bonus():
    st = game("T1")
    play(st, BR, 3, TILE["E"])
    act(st, BR, "space:port_de_paix")
    finish(st, BR, "space:georgia")
    assert st["flags"]["martinique"] == FR and st["flags"]["st_lucia"] == BR


# IS-EV04 South Sea Speculation ------------------------------------------------------------
def test_is_ev04_unflag_that_isolates_nothing_and_bonus_discount():
    st = game("T1", flags={"albany": BR}, ministries=kw_up(FR, 4))
    play(st, FR, 4, TILE["M"])
    opts = ids(st, FR)
    assert "space:hudson_valley" not in opts  # would newly isolate British Albany
    assert "space:albany" in opts and "space:massachusetts_bay" in opts
    finish(st, FR, "space:albany")
    assert "albany" not in st["flags"]
    assert st["round"]["mods"]["ev04_squadron"] == 1


def test_is_ev04_britain_no_bonus_no_discount():
    st = game("T1")
    play(st, BR, 4, TILE["M"])
    finish(st, BR, "space:cataraqui")
    assert "ev04_squadron" not in st["round"]["mods"]


# IS-EV05 War of Jenkins' Ear --------------------------------------------------------------
def test_is_ev05_france_conflict_and_bonus_dp():
    st = game("T1", ministries=kw_up(FR, 5))
    play(st, FR, 5, TILE["M"])
    assert ids(st, FR) == ["space:georgia", "space:st_lucia"]
    finish(st, FR, "space:georgia")
    assert st["conflict"] == {"georgia": 1}
    assert actions(st)[2] == ("D", "event", 1, [])


# IS-EV06 Native American Alliances (British: IS-S14 in the core tests) --------------------
def test_is_ev06_france_bonus_unflags_british_local_alliance():
    st = game("T1", flags={"iroquois": BR}, ministries=kw_up(FR, 6))
    play(st, FR, 6, TILE["D"])
    assert ids(st, FR) == ["space:iroquois"]
    finish(st, FR, "space:iroquois")
    assert "iroquois" not in st["flags"]


def test_is_ev06_britain_bonus_wheat_becomes_pending():
    st = game("T1", ministries=kw_up(BR, 6))
    play(st, BR, 6, TILE["D"])
    act(st, BR, "space:algonquin")  # unflags the French Local Alliance
    assert "algonquin" not in st["flags"]
    assert ids(st, BR) == ["adv:wheat"]  # compulsory: the only usable tile
    finish(st, BR, "adv:wheat")
    assert st["round"]["mods"]["pending_adv"] == ["wheat"]
    assert "wheat" not in st["adv_exhausted"]


# IS-EV07 Austro-Spanish Rivalry -----------------------------------------------------------
def test_is_ev07_britain_conflict_and_bonus_returns_french_tile():
    st = game("T1", ministries=kw_up(BR, 7))
    assert len(W.bonus_in(st, FR, "1")) == 1
    pool = len(st["war"]["bonus_pool"][FR])
    play(st, BR, 7, TILE["D"])
    assert ids(st, BR) == [
        "space:spain_alliance_3_upper",
        "space:spain_prestige_2",
        "space:spain_alliance_3_lower",
        "space:spain_prestige_3",
    ]
    act(st, BR, "space:spain_prestige_2")
    assert ids(st, BR) == ["theater:1"]
    finish(st, BR, "theater:1")
    assert st["conflict"] == {"spain_prestige_2": 1}
    assert W.bonus_in(st, FR, "1") == [] and len(st["war"]["bonus_pool"][FR]) == pool + 1


def test_is_ev07_france_unflag_dutch_and_bonus_choice():
    st = game("T1", ministries=kw_up(FR, 7))
    play(st, FR, 7, TILE["E"])
    act(st, FR, "space:dutch_prestige_3")
    assert ids(st, FR) == ["choice:a", "choice:b"]
    finish(st, FR, "choice:a")
    assert "dutch_prestige_3" not in st["flags"]
    assert actions(st)[2] == ("D", "event", 0, [(2, "region:india")])


# IS-EV09 Great Northern War ---------------------------------------------------------------
def test_is_ev09_britain_shift_then_both_german_states_vp_and_bonus():
    st = game("T1", ministries=kw_up(BR, 9))
    play(st, BR, 9, TILE["M"])
    assert ids(st, BR) == ["space:german_states_alliance_2"]
    finish(st, BR, "space:german_states_alliance_2")
    assert st["vp"] == 13
    assert actions(st)[2] == ("D", "event", 1, [])


def test_is_a37_great_northern_war_both_already_british():
    """IS-A37, IS-EV09: both German States spaces already British: no shift, Britain scores
    the 2 VP (15 → 13)."""
    st = game("T1", flags={"german_states_alliance_2": BR})
    play(st, BR, 9, TILE["M"])
    assert not in_event(st) and st["vp"] == 13


def test_is_ev09_britain_no_vp_when_one_conflicted():
    st = game("T1", conflict={"german_states_alliance_3": 1})
    play(st, BR, 9, TILE["M"])
    finish(st, BR, "space:german_states_alliance_2")
    assert st["vp"] == 15


def test_is_ev09_france_shifts_russia_or_scores():
    st = game("T1")
    play(st, FR, 9, TILE["M"])
    assert st["flags"]["russia"] == FR and st["vp"] == 15
    st = game("T1", flags={"russia": FR}, ministries=kw_up(FR, 9))
    play(st, FR, 9, TILE["M"])
    assert st["vp"] == 17
    assert actions(st)[2] == ("D", "event", 1, [])


# IS-EV10 Vatican Politics -----------------------------------------------------------------
def test_is_ev10_britain_restricted_grants():
    st = game("T1", ministries=kw_up(BR, 10))
    play(st, BR, 10, TILE["D"])
    assert actions(st)[0] == (
        "D",
        "major",
        3,
        [(2, "countries:german_states,prussia,dutch_republic"), (1, "region:europe")],
    )


def test_is_ev10_france_shift_and_bonus_vp_when_no_british_left():
    st = game("T1", ministries=kw_up(FR, 10))
    play(st, FR, 10, TILE["D"])
    opts = ids(st, FR)
    assert "space:spain_alliance_3_upper" not in opts and "space:austria_alliance_2" in opts
    finish(st, FR, "space:austria_alliance_2")
    assert "austria_alliance_2" not in st["flags"] and st["vp"] == 17


def test_is_ev10_france_bonus_fails_with_british_space_left():
    st = game("T1", ministries=kw_up(FR, 10))
    play(st, FR, 10, TILE["D"])
    finish(st, FR, "space:spain_prestige_2")
    assert st["flags"]["spain_prestige_2"] == FR and st["vp"] == 15


# IS-EV11 Calico Acts ----------------------------------------------------------------------
def test_is_ev11_britain_grant_and_optional_cotton_scoring():
    """IS-EV11, IS-A38: the British bonus scores Cotton at once, to the side with more Cotton
    Markets: France (2) beats Britain (1) and gets 2 VP and 1 TRP."""
    st = game("T1", ministries=kw_up(BR, 11))
    play(st, BR, 11, TILE["E"])
    assert ids(st, BR) == ["choice:a", "stop"]
    finish(st, BR, "choice:a")
    # Cotton: France plassey + karaikal (2) vs Britain midnapore (1): France wins 2 VP + 1 TRP
    assert st["vp"] == 17 and st["trp"] == [1, 0]
    assert actions(st)[0] == ("E", "major", 3, [(2, "unflag_market")])


def test_is_a38_calico_acts_britain_may_decline():
    """IS-A38: Britain may decline the Cotton scoring (``stop``): nothing is scored."""
    st = game("T1", ministries=kw_up(BR, 11))
    play(st, BR, 11, TILE["E"])
    finish(st, BR, "stop")
    assert st["vp"] == 15 and st["trp"] == [0, 0]


def test_is_ev11_france_unflag_cotton_and_bonus_squadron_home():
    st = game("T1", squadrons={"biscay": BR}, ministries=kw_up(FR, 11))
    play(st, FR, 11, TILE["E"])
    assert ids(st, FR) == ["space:midnapore"]
    act(st, FR, "space:midnapore")
    assert ids(st, FR) == ["squadron:biscay"]
    finish(st, FR, "squadron:biscay")
    assert "midnapore" not in st["flags"] and "biscay" not in st["squadrons"]
    assert st["navy"][BR] == 2


# IS-EV12 Military Spending Overruns -------------------------------------------------------
def _ev12_position():
    st = game("T1", flags={"halifax": BR}, squadrons={"gulf_of_maine": BR}, debt=[0, 1])
    w = st["war"]
    w["theaters"]["2"]["bonus"][BR].append(w["bonus_pool"][BR].pop())
    return st


def test_is_ev12_opponent_chooses_twice_with_bonus():
    st = _ev12_position()
    play(st, FR, 12, TILE["M"])
    assert ids(st, FR) == []
    assert ids(st, BR) == ["option:fort", "option:squadron", "option:tile"]
    act(st, BR, "option:squadron")
    assert ids(st, BR) == ["squadron:gulf_of_maine"]
    act(st, BR, "squadron:gulf_of_maine")
    assert ids(st, BR) == ["option:fort", "option:tile"]  # bonus: more Available Debt
    act(st, BR, "option:fort")
    finish(st, BR, "space:halifax")
    assert st["damaged"] == {"halifax": 1} and st["squadrons"] == {} and st["navy"][BR] == 2


def test_is_ev12_tile_option_returns_chosen_tile():
    st = _ev12_position()
    tile = W.bonus_in(st, BR, "2")[0]
    st["debt"] = [1, 0]  # no bonus for France
    play(st, FR, 12, TILE["M"])
    act(st, BR, "option:tile")
    finish(st, BR, f"tile:{tile}")
    assert W.bonus_in(st, BR, "2") == [] and tile in st["war"]["bonus_pool"][BR]


def test_is_ev12_nothing_to_give():
    st = game("T1")  # Britain has no Fort, no Squadron on the map and no Bonus War tile
    play(st, FR, 12, TILE["M"])
    assert not in_event(st)


# IS-EV13 Alberoni's Ambition --------------------------------------------------------------
def test_is_ev13_britain_restricted_ep_and_bonus():
    st = game("T1", ministries=kw_up(BR, 13))
    play(st, BR, 13, TILE["E"])
    why = "flag_empty_market_next_to_british"
    assert actions(st)[0] == ("E", "major", 3, [(2, why), (1, why)])


def test_is_ev13_france_shift_and_savoy_sardinia_bonus():
    st = game("T1", flags={"savoy": FR, "sardinia": FR}, ministries=kw_up(FR, 13))
    play(st, FR, 13, TILE["D"])
    assert ids(st, FR) == [
        "space:dutch_alliance_2",
        "space:austria_alliance_2",
        "space:austria_alliance_3",
        "space:spain_alliance_3_lower",
    ]
    finish(st, FR, "space:austria_alliance_3")
    assert st["flags"]["austria_alliance_3"] == FR and st["vp"] == 18


def test_is_ev13_france_bonus_needs_both():
    st = game("T1", flags={"savoy": FR}, ministries=kw_up(FR, 13))
    play(st, FR, 13, TILE["D"])
    finish(st, FR, "space:dutch_alliance_2")
    assert st["vp"] == 15


# IS-EV14 Famine in Ireland ----------------------------------------------------------------
def test_is_ev14_britain_unflags_french_ireland_space():
    st = game("T1", flags={"scotland_alliance_2": FR})
    play(st, BR, 14, TILE["E"])
    assert ids(st, BR) == ["space:ireland_alliance_2", "space:scotland_alliance_2"]
    finish(st, BR, "space:ireland_alliance_2")
    assert "ireland_alliance_2" not in st["flags"]


def test_is_ev14_france_draws_into_jacobite_theater():
    st = game("T1", flags={"ireland_prestige_3": FR})
    pool = len(st["war"]["bonus_pool"][FR])
    play(st, FR, 14, TILE["E"])
    # two free draws go to WSS theater 4 (each may need a placement decision)
    for _ in range(6):
        if not in_event(st) and not any(f["k"].startswith("war") for f in st["stack"]):
            break
        choice = ids(st, FR)[0]
        act(st, FR, choice)
    assert len(W.bonus_in(st, FR, "4")) == 2
    assert len(st["war"]["bonus_pool"][FR]) == pool - 2
    assert not in_event(st)


def test_is_ev14_france_nothing_without_jacobite_theater():
    st = game("T4")  # next War: Seven Years' War (no Jacobite Rebellion)
    play(st, FR, 14, TILE["E"])
    assert not in_event(st) and W.bonus_count(st, FR) == 0


# IS-EV15 Interest Payments ----------------------------------------------------------------
def test_is_ev15_opponent_at_limit_and_bonus():
    """IS-EV15, IS-A52: Britain at its Debt Limit (6 of 6: Available Debt 0) loses 1 Debt and
    France scores 1 VP; Britain's limit drops to 5; France's bonus lowers its Debt by 2."""
    st = game("T1", debt=[3, 6])
    play(st, FR, 15, TILE["E"])
    assert st["debt"] == [1, 5]  # Britain -1 Debt; France bonus -2
    assert st["vp"] == 16 and st["limit"] == [6, 5]


def test_is_a52_interest_payments_opponent_below_limit():
    """IS-A52, IS-EV15: Britain at Debt 2 of 6 (Available Debt 4) is not "at Debt Limit": no
    Debt lost, no VP; its limit still drops to 5."""
    st = game("T1", debt=[5, 2])
    play(st, FR, 15, TILE["E"])
    assert st["debt"] == [5, 2] and st["vp"] == 15 and st["limit"] == [6, 5]
