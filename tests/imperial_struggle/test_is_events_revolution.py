"""Revolution Event cards IS-EV31 – IS-EV41: standard and bonus effects of every version, on
hand-checked positions (set-up position of IS-3.11 at T5 unless stated, plus the listed
changes)."""

from __future__ import annotations

from is_events_kit import BR, FR, TILE, act, actions, finish, game, ids, in_event, kw_up, play

from engine.games.imperial_struggle import state as S
from engine.games.imperial_struggle import war_tiles as W

NORTHERN = [
    "space:massachusetts_bay",
    "space:chesapeake",
    "space:hudson_valley",
    "space:albany",
    "space:cumberland",
    "space:allegheny",
    "space:niagara",
    "space:oswego",
    "space:iroquois",
    "space:sons_of_liberty",
]


def _drain_war_frames(st, side):
    """Answer free-draw placement prompts (first choice) until the card is over."""
    for _ in range(10):
        if not in_event(st):
            return
        act(st, side, ids(st, side)[0])


# IS-EV31 Nootka Incident ------------------------------------------------------------------
def test_is_ev31_britain_choice_and_bonus_spanish_alliances():
    flags = {"spain_alliance_3_upper": BR, "spain_alliance_3_lower": BR}
    st = game("T5", flags=flags, conflict={"spain_alliance_3_lower": 1}, ministries=kw_up(BR, 31))
    play(st, BR, 31, TILE["M"])
    assert ids(st, BR) == ["choice:a", "choice:b"]
    finish(st, BR, "choice:b")
    assert actions(st)[2] == ("E", "event", 2, [])
    assert st["vp"] == 13  # only the unconflicted space counts
    assert "spain_alliance_3_upper" not in st["flags"]
    assert st["flags"]["spain_alliance_3_lower"] == BR


def test_is_ev31_france_squadron_home_and_bonus_build():
    st = game("T5", squadrons={"cabot_strait": BR}, ministries=kw_up(FR, 31))
    play(st, FR, 31, TILE["M"])
    assert ids(st, FR) == ["squadron:cabot_strait"]
    finish(st, FR, "squadron:cabot_strait")
    assert st["navy"] == [2, 2] and st["unbuilt"][FR] == 6


# IS-EV32 Haitian Revolution ---------------------------------------------------------------
def test_is_ev32_plus_one_markers_with_bonus():
    st = game("T5")
    w = st["war"]
    w["theaters"]["2"]["bonus"][BR].append(w["bonus_pool"][BR].pop())
    play(st, BR, 32, TILE["D"])
    assert len(ids(st, BR)) == 9  # the Caribbean Sugar Markets
    finish(st, BR, "space:martinique", "space:antigua", "space:havana")
    assert st["conflict"] == {"martinique": 2, "antigua": 2, "havana": 2}


def test_is_ev32_one_marker_without_bonus():
    st = game("T5")
    play(st, FR, 32, TILE["D"])
    finish(st, FR, "space:st_lucia")
    assert st["conflict"] == {"st_lucia": 2}


# IS-EV33 Loge des Neuf Soeurs -------------------------------------------------------------
def test_is_ev33_britain_conflict_and_bonus_north_america_lead():
    st = game("T5", flags={"cumberland": BR}, ministries=kw_up(BR, 33))
    play(st, BR, 33, TILE["D"])
    assert ids(st, BR) == NORTHERN  # USA spaces unavailable before T6
    finish(st, BR, "space:niagara")
    assert st["vp"] == 12  # North America 5 vs 4


def test_is_ev33_britain_bonus_no_lead():
    st = game("T5", flags={"albany": FR}, ministries=kw_up(BR, 33))
    play(st, BR, 33, TILE["D"])
    finish(st, BR, "space:albany")  # France 4 (Albany conflicted) vs Britain 4
    assert st["vp"] == 15


def test_is_ev33_france_uses_exhausted_advantage_and_bonus():
    st = game("T5", ministries=kw_up(FR, 33))
    st["adv_exhausted"]["algonquin_raids"] = 1
    play(st, FR, 33, TILE["D"])
    assert ids(st, FR) == ["adv:algonquin_raids"]
    act(st, FR, "adv:algonquin_raids")
    finish(st, FR, "space:hudson_valley")
    assert st["conflict"] == {"hudson_valley": 1}
    assert st["round"]["adv_used"] == ["algonquin_raids"]
    assert actions(st)[0] == ("D", "major", 5, [])


# IS-EV34 La Gabelle -----------------------------------------------------------------------
def test_is_ev34_britain_exhausts_two_and_bonus():
    st = game("T5", debt=[1, 0], ministries={FR: [("M-13", True)]})
    st["adv_exhausted"]["fruit"] = 1
    play(st, BR, 34, TILE["D"])
    act(st, BR, "region:caribbean")
    assert "adv:fruit" not in ids(st, BR) and "adv:rum" in ids(st, BR)
    finish(st, BR, "adv:rum", "region:north_america", "adv:wheat")
    assert st["adv_exhausted"] == {"fruit": 1, "wheat": 1, "rum": 1}
    assert st["trp"] == [0, 0]  # not a use by France (IS-A29)
    assert actions(st)[2] == ("E", "event", 2, [])


def test_is_ev34_france_bonus_two_or_three_vp():
    st = game("T5", debt=[0, 1])
    play(st, FR, 34, TILE["D"])
    assert st["vp"] == 17 and actions(st)[2] == ("E", "event", 2, [])
    st = game("T5", debt=[0, 1], ministries={FR: [("M-25", True)]})
    play(st, FR, 34, TILE["D"])
    assert st["vp"] == 18


def test_is_ev34_france_may_reveal_governance():
    st = game("T5", debt=[0, 1], ministries={FR: [("M-25", False)]})
    play(st, FR, 34, TILE["D"])
    assert ids(st, FR) == ["reveal:M-25", "no_reveal"]
    finish(st, FR, "reveal:M-25")
    assert st["vp"] == 18 and S.face_up(st, FR, "M-25")


# IS-EV35 Jesuit Abolition -----------------------------------------------------------------
def test_is_ev35_britain_unflag_sugar_and_bonus():
    st = game("T5", ministries=kw_up(BR, 35))
    play(st, BR, 35, TILE["E"])
    assert ids(st, BR) == ["space:port_de_paix", "space:martinique"]
    finish(st, BR, "space:martinique")
    assert "martinique" not in st["flags"]
    assert actions(st)[0] == ("E", "major", 3, [(3, "region:caribbean")])


def test_is_ev35_france_debt_and_bonus_vp():
    st = game("T5", debt=[3, 0], ministries=kw_up(FR, 35))
    play(st, FR, 35, TILE["E"])
    assert st["debt"][FR] == 1 and st["vp"] == 17


# IS-EV36 Wealth of Nations ----------------------------------------------------------------
def test_is_ev36_britain_debt_and_bonus_ep():
    st = game("T5", debt=[0, 1], ministries=kw_up(BR, 36))
    play(st, BR, 36, TILE["E"])
    assert st["debt"][BR] == 0 and actions(st)[0] == ("E", "major", 6, [])


# IS-EV37 Debt Crisis ----------------------------------------------------------------------
def test_is_ev37_ep_when_more_available_debt_and_bonus():
    st = game("T5", debt=[0, 3])
    play(st, FR, 37, TILE["E"])
    assert actions(st)[0] == ("E", "major", 3, [(3, "unflag_market")])
    assert st["vp"] == 17


def test_is_ev37_nothing_when_equal():
    st = game("T5")
    play(st, BR, 37, TILE["E"])
    assert actions(st)[0] == ("E", "major", 3, []) and st["vp"] == 15


# IS-EV38 East Asia Piracy -----------------------------------------------------------------
def test_is_ev38_india_presence():
    flags = {"arcot": FR, "maratha": BR, "nizam": BR}
    st = game("T5", flags=flags, squadrons={"hooghly_river": FR}, conflict={"nizam": 1})
    play(st, FR, 38, TILE["M"])
    assert st["vp"] == 18  # France 2 (Squadron, Fort) vs Britain 1 (Nizam conflicted)
    st = game("T5", flags=flags, squadrons={"hooghly_river": FR})
    play(st, FR, 38, TILE["M"])
    assert st["vp"] == 15  # 2 vs 2


# IS-EV39 Stamp Act ------------------------------------------------------------------------
def test_is_ev39_britain_debt_and_bonus():
    st = game("T5", debt=[0, 3], ministries=kw_up(BR, 39))
    play(st, BR, 39, TILE["E"])
    assert st["debt"][BR] == 1 and actions(st)[0] == ("E", "major", 5, [])


def test_is_ev39_france_three_markers_with_bonus():
    st = game("T5", ministries=kw_up(FR, 39))
    play(st, FR, 39, TILE["E"])
    assert ids(st, FR) == NORTHERN
    finish(st, FR, "space:albany", "space:iroquois", "space:chesapeake")
    assert st["conflict"] == {"albany": 1, "iroquois": 1, "chesapeake": 1}


# IS-EV40 Falklands Crisis -----------------------------------------------------------------
def test_is_ev40_britain_vp_and_bonus_unflag():
    st = game("T5", flags={"savoy": BR, "spain_prestige_3": BR})
    assert st["adv_holder"]["mediterranean_intrigue"] == BR
    play(st, BR, 40, TILE["D"])
    assert st["vp"] == 14
    assert ids(st, BR) == ["space:spain_alliance_3_upper"]
    finish(st, BR, "space:spain_alliance_3_upper")
    assert "spain_alliance_3_upper" not in st["flags"]


def test_is_ev40_france_mp_per_spain_space_and_bonus_removal():
    st = game("T5", flags={"savoy": FR, "spain_prestige_3": FR})
    play(st, FR, 40, TILE["D"])
    assert ids(st, FR) == ["squadron:navy_box"]
    finish(st, FR, "squadron:navy_box")
    assert actions(st)[2] == ("M", "event", 2, [])  # Spain: upper Alliance + Prestige 3
    assert st["sq_removed"][BR] == 1 and st["navy"][BR] == 1


def test_is_ev40_no_bonus_without_the_advantage():
    st = game("T5")
    play(st, BR, 40, TILE["D"])
    assert not in_event(st) and st["vp"] == 15


# IS-EV41 Cook and Bougainville ------------------------------------------------------------
def test_is_a33_ev41_britain_half_squadrons_and_bonus_draw():
    st = game("T5", navy=[1, 3], squadrons={"biscay": BR}, ministries=kw_up(BR, 41))
    play(st, BR, 41, TILE["E"])
    _drain_war_frames(st, BR)
    assert actions(st)[0] == ("E", "major", 5, [])  # S = 3 + 1 = 4 -> 2 EP
    assert W.bonus_count(st, BR) == 1


def test_is_ev41_britain_bonus_nothing_on_t6():
    st = game("T6", ministries=kw_up(BR, 41))
    play(st, BR, 41, TILE["E"])
    assert not in_event(st)
    assert actions(st)[0] == ("E", "major", 4, [])  # S = 2 -> 1 EP


def test_is_ev41_france_unbuilt_squadron_and_bonus():
    st = game("T5", debt=[3, 0], ministries=kw_up(FR, 41))
    play(st, FR, 41, TILE["E"])
    assert st["navy"][FR] == 2 and st["unbuilt"][FR] == 6 and st["debt"][FR] == 1


def test_is_17_1_la_gabelle_long_advantage_list_split_by_region():
    st = game("T5", debt=[1, 0])
    play(st, BR, 34, TILE["D"])
    assert ids(st, BR) == [
        "region:europe",
        "region:north_america",
        "region:caribbean",
        "region:india",
        "stop",
    ]
    act(st, BR, "region:india")
    assert ids(st, BR) == [
        "adv:power_struggle",
        "adv:raids_and_incursions",
        "adv:separatist_wars",
        "adv:silk",
        "adv:textiles",
        "back",
    ]
    act(st, BR, "adv:silk", "region:europe", "adv:baltic_trade")
    assert st["adv_exhausted"] == {"silk": 1, "baltic_trade": 1}
    assert not in_event(st)
