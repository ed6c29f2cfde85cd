"""Empire Event cards IS-EV16 – IS-EV30: standard and bonus effects of every version, on
hand-checked positions (set-up position of IS-3.11 at T3 unless stated, plus the listed
changes)."""

from __future__ import annotations

from is_events_kit import BR, FR, TILE, act, actions, finish, game, ids, in_event, kw_up, play

from engine.games.imperial_struggle import board as B


def _bonus_tile(st, side, theater="1"):
    w = st["war"]
    w["theaters"][theater]["bonus"][side].append(w["bonus_pool"][side].pop())


# IS-EV16 Caribbean Slave Unrest -----------------------------------------------------------
def test_is_ev16_two_markers_with_more_bonus_tiles():
    st = game("T3")
    _bonus_tile(st, FR)
    play(st, FR, 16, TILE["D"])
    assert len(ids(st, FR)) == 16  # every Caribbean Market, one Region: no Region step
    act(st, FR, "space:georgia")
    assert "space:georgia" not in ids(st, FR)
    finish(st, FR, "space:antigua")
    assert st["conflict"] == {"georgia": 1, "antigua": 1}


def test_is_ev16_one_marker_without_bonus():
    st = game("T3")
    play(st, BR, 16, TILE["D"])
    finish(st, BR, "space:martinique")
    assert st["conflict"] == {"martinique": 1}


# IS-EV17 Pacte de Famille -----------------------------------------------------------------
def test_is_ev17_britain_discount_mod_and_bonus_dp():
    st = game("T3", ministries=kw_up(BR, 17))
    play(st, BR, 17, TILE["D"])
    assert st["round"]["mods"]["ev17"] == 1
    assert actions(st)[0] == ("D", "major", 4, [])


def test_is_ev17_france_refreshes_up_to_two_europe_advantages():
    flags = {"german_states_alliance_3": FR, "denmark_norway": FR, "prussia_alliance_2": FR}
    st = game("T3", flags=flags, ministries=kw_up(FR, 17))
    assert st["adv_holder"]["central_europe_conflict"] == FR
    assert st["adv_holder"]["baltic_trade"] == FR
    st["adv_exhausted"] = {"central_europe_conflict": 1, "baltic_trade": 1, "algonquin_raids": 1}
    play(st, FR, 17, TILE["D"])
    assert ids(st, FR) == ["adv:baltic_trade", "adv:central_europe_conflict", "stop"]
    act(st, FR, "adv:central_europe_conflict")
    finish(st, FR, "stop")
    assert st["adv_exhausted"] == {"baltic_trade": 1, "algonquin_raids": 1}
    assert actions(st)[0] == ("D", "major", 3, [(2, "countries:spain,austria")])


# IS-EV18 Byng's Trial ---------------------------------------------------------------------
def test_is_ev18_britain_places_byng_in_squadron_theater():
    st = game("T3")  # next War: WAS; theaters 2 and 3 count Squadrons
    play(st, BR, 18, TILE["D"])
    assert ids(st, BR) == ["theater:2", "theater:3"]
    finish(st, BR, "theater:3")
    assert st["byng"] == 3


def test_is_ev18_france_parks_british_squadron_until_next_peace_turn():
    st = game("T3", squadrons={"biscay": BR})
    play(st, FR, 18, TILE["D"])
    assert ids(st, FR) == ["squadron:biscay", "squadron:navy_box"]
    finish(st, FR, "squadron:navy_box")
    assert st["navy"][BR] == 0 and st["squadrons"] == {"biscay": BR}
    assert st["parked"] == [[BR, 1, B.TURN_IDS.index("T4")]]


# IS-EV19 Le Beau Monde --------------------------------------------------------------------
def test_is_ev19_britain_adds_demand_and_bonus_ep():
    st = game("T3", ministries=kw_up(BR, 19), demand=["furs", "spice", "fish"])
    play(st, BR, 19, TILE["E"])
    assert ids(st, BR) == ["demand:cotton", "stop"]
    finish(st, BR, "demand:cotton")
    assert st["demand"] == ["furs", "spice", "fish", "cotton"]
    assert actions(st)[0] == ("E", "major", 4, [])


def test_is_ev19_britain_may_decline():
    st = game("T3", demand=["sugar", "spice", "fish"])
    play(st, BR, 19, TILE["E"])
    assert ids(st, BR) == ["demand:furs", "demand:cotton", "stop"]
    finish(st, BR, "stop")
    assert st["demand"] == ["sugar", "spice", "fish"]


def test_is_ev19_france_europe_dp():
    st = game("T3", ministries=kw_up(FR, 19))
    play(st, FR, 19, TILE["D"])
    assert actions(st)[0] == ("D", "major", 3, [(1, "region:europe"), (2, "region:europe")])


# IS-EV20 Hyder Ali ------------------------------------------------------------------------
def test_is_ev20_take_control_of_local_alliance_and_bonus():
    st = game("T3", flags={"maratha": BR}, ministries=kw_up(FR, 20))
    play(st, FR, 20, TILE["E"])
    assert ids(st, FR) == ["choice:a", "choice:b"]
    act(st, FR, "choice:a")
    assert ids(st, FR) == ["space:maratha", "space:nizam", "space:mysore"]
    finish(st, FR, "space:maratha")
    assert st["flags"]["maratha"] == FR
    assert actions(st)[0] == ("E", "major", 3, [(2, "region:india")])


def test_is_ev20_two_markers_on_unprotected_spaces():
    st = game("T3", flags={"vandavasi": FR})  # protects French Karaikal
    play(st, BR, 20, TILE["E"])
    act(st, BR, "choice:b")
    assert "space:karaikal" not in ids(st, BR) and "space:plassey" in ids(st, BR)
    act(st, BR, "space:plassey")
    finish(st, BR, "space:nizam")
    assert st["conflict"] == {"plassey": 1, "nizam": 1}


# IS-EV21 Co-Hong System -------------------------------------------------------------------
def test_is_ev21_draw_and_replace_demand_and_bonus():
    st = game("T3", ministries=kw_up(FR, 21), demand=["furs", "spice", "fish"])
    out = play(st, FR, 21, TILE["D"])
    new = [e.args["commodity"] for e in out if e.kind == "demand_draw"][0]
    assert new in ("tobacco", "sugar", "cotton")
    assert ids(st, FR) == ["demand:furs", "demand:spice", "demand:fish"]
    finish(st, FR, "demand:spice")
    assert st["demand"] == ["furs", new, "fish"]
    assert actions(st)[2] == ("E", "event", 0, [(2, "region:india")])


# IS-EV22 Corsican Crisis ------------------------------------------------------------------
def test_is_ev22_britain_shift_and_bonus_when_no_french_squadron_in_europe():
    st = game("T3", ministries=kw_up(BR, 22))
    play(st, BR, 22, TILE["D"])
    assert ids(st, BR) == ["space:sardinia", "space:savoy"]
    finish(st, BR, "space:savoy")
    assert st["flags"]["savoy"] == BR and st["vp"] == 14


def test_is_ev22_britain_bonus_fails_with_french_squadron_in_europe():
    st = game("T3", squadrons={"balearic": FR}, ministries=kw_up(BR, 22))
    play(st, BR, 22, TILE["D"])
    finish(st, BR, "space:sardinia")
    assert st["vp"] == 15


def test_is_ev22_france_unflag_and_bonus_no_british_spain():
    st = game("T3", ministries=kw_up(FR, 22))
    play(st, FR, 22, TILE["D"])
    assert ids(st, FR) == [
        "space:dutch_prestige_3",
        "space:german_states_alliance_3",
        "space:austria_alliance_2",
    ]
    finish(st, FR, "space:austria_alliance_2")
    assert "austria_alliance_2" not in st["flags"] and st["vp"] == 16


def test_is_ev22_france_bonus_fails_with_british_spain():
    st = game("T3", flags={"spain_prestige_2": BR}, ministries=kw_up(FR, 22))
    play(st, FR, 22, TILE["D"])
    finish(st, FR, "space:dutch_prestige_3")
    assert st["vp"] == 15


# IS-EV23 European Panic -------------------------------------------------------------------
def test_is_ev23_vp_for_debt_difference_and_bonus_unflag():
    st = game("T3", debt=[1, 4])  # France Available 9, Britain 6: lead 3
    play(st, FR, 23, TILE["E"])
    assert st["vp"] == 18
    finish(st, FR, "space:dutch_prestige_3")
    assert "dutch_prestige_3" not in st["flags"]


def test_is_ev23_capped_at_four_and_no_bonus():
    st = game("T3", debt=[8, 0])
    play(st, BR, 23, TILE["E"])
    assert st["vp"] == 11  # 8 more: capped at 4
    finish(st, BR, "space:bavaria")  # bonus: Britain's Available Debt lead is 8
    assert "bavaria" not in st["flags"]
    st = game("T3", debt=[0, 2])
    play(st, BR, 23, TILE["E"])
    assert st["vp"] == 15 and not in_event(st)  # no bonus: France has more Available Debt


# IS-EV24 West African Gold Mining ---------------------------------------------------------
def test_is_ev24_ep_and_bonus():
    st = game("T3", debt=[0, 1])
    play(st, FR, 24, TILE["D"])
    assert actions(st)[2] == ("E", "event", 1, [(2, "region:caribbean")])
    st = game("T3")
    play(st, FR, 24, TILE["D"])
    assert actions(st)[2] == ("E", "event", 1, [])


# IS-EV25 War of the Quadruple Alliance ----------------------------------------------------
def test_is_ev25_britain_parks_scores_and_bonus_pays_trp():
    st = game("T3", trp=[0, 1], ministries=kw_up(BR, 25))
    play(st, BR, 25, TILE["D"])
    assert ids(st, BR) == ["squadron:navy_box"]
    act(st, BR, "squadron:navy_box")
    assert st["vp"] == 13 and st["navy"][BR] == 2  # 2 - 1 parked + 1 from Unbuilt
    assert ids(st, BR) == ["choice:a", "choice:b"]
    finish(st, BR, "choice:b")
    assert st["trp"][BR] == 0 and st["debt"][BR] == 0 and st["unbuilt"][BR] == 5


def test_is_ev25_britain_bonus_without_trp_takes_debt():
    st = game("T3", ministries=kw_up(BR, 25))
    play(st, BR, 25, TILE["D"])
    finish(st, BR, "squadron:navy_box")
    assert st["debt"][BR] == 1 and st["unbuilt"][BR] == 5


def test_is_ev25_britain_without_squadron_no_vp():
    st = game("T3", navy=[1, 0])
    play(st, BR, 25, TILE["D"])
    assert not in_event(st) and st["vp"] == 15


def test_is_ev25_france_shift_spain_and_bonus():
    st = game("T3", ministries=kw_up(FR, 25))
    play(st, FR, 25, TILE["D"])
    assert ids(st, FR) == [
        "space:spain_prestige_2",
        "space:spain_alliance_3_lower",
        "space:spain_prestige_3",
    ]
    finish(st, FR, "space:spain_prestige_3")
    assert st["flags"]["spain_prestige_3"] == FR
    assert actions(st)[0] == ("D", "major", 4, [])


# IS-EV26 Salon d'Hercule ------------------------------------------------------------------
def test_is_ev26_britain_forced_debt_overflow():
    st = game("T3", debt=[9, 0], ministries=kw_up(BR, 26))
    play(st, BR, 26, TILE["D"])
    assert st["debt"][FR] == 10 and st["vp"] == 13  # 1 fits, 2 overflow: Britain scores 2


def test_is_ev26_france_dp():
    st = game("T3", ministries=kw_up(FR, 26))
    play(st, FR, 26, TILE["D"])
    assert actions(st)[0] == ("D", "major", 3, [(2, "region:europe"), (2, "region:europe")])


# IS-EV27 Bengal Famine --------------------------------------------------------------------
def test_is_ev27_up_to_two_markers():
    st = game("T3")
    play(st, FR, 27, TILE["E"])
    assert ids(st, FR)[-1] == "stop"
    act(st, FR, "space:mysore")
    finish(st, FR, "stop")
    assert st["conflict"] == {"mysore": 1}
    st = game("T3")
    play(st, BR, 27, TILE["E"])
    finish(st, BR, "space:plassey", "space:karaikal")
    assert st["conflict"] == {"plassey": 1, "karaikal": 1}


# IS-EV28 Father le Loutre -----------------------------------------------------------------
def test_is_ev28_britain_fish_conflict_and_bonus_mp():
    st = game("T3", ministries=kw_up(BR, 28))
    play(st, BR, 28, TILE["M"])
    assert ids(st, BR) == [
        "space:gulf_of_st_lawrence",
        "space:northeast_channel",
        "space:georges_bank",
        "space:massachusetts_bay",
    ]
    finish(st, BR, "space:georges_bank")
    assert st["conflict"] == {"georges_bank": 1}
    assert actions(st)[0] == ("M", "major", 3, [(2, "region:north_america")])


def test_is_ev28_france_bonus_ep():
    st = game("T3", ministries=kw_up(FR, 28))
    play(st, FR, 28, TILE["M"])
    finish(st, FR, "space:chesapeake")
    assert st["conflict"] == {"chesapeake": 1}
    assert actions(st)[2] == ("E", "event", 0, [(2, "region:north_america")])


# IS-EV29 War of the Polish Succession -----------------------------------------------------
def test_is_ev29_britain_trp_and_bonus_russia():
    st = game("T3", ministries=kw_up(BR, 29))
    play(st, BR, 29, TILE["M"])
    assert st["trp"][BR] == 2 and st["flags"]["russia"] == BR


def test_is_ev29_france_vp_and_bonus_shift():
    st = game("T3", flags={"russia": FR}, ministries=kw_up(FR, 29))
    play(st, FR, 29, TILE["M"])
    assert st["vp"] == 17
    assert ids(st, FR) == ["space:sweden"]
    finish(st, FR, "space:sweden")
    assert st["flags"]["sweden"] == FR


# IS-EV30 Jonathan's Coffee-House ----------------------------------------------------------
def test_is_ev30_ep_and_bonus():
    st = game("T3", debt=[2, 0], ministries=kw_up(FR, 30))
    play(st, FR, 30, TILE["E"])
    assert actions(st)[0] == ("E", "major", 6, []) and st["debt"][FR] == 1
    st = game("T3", debt=[2, 0])
    play(st, BR, 30, TILE["E"])
    assert actions(st)[0] == ("E", "major", 5, []) and st["debt"][BR] == 0
