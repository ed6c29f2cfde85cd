"""Event machinery: IS-3.4.3 bonus test, IS-3.4.4 playability (IS-MIN08 B, IS-MIN25), IS-5.2 play
procedure (reveal step, one Event per round, card removed, IS-MIN26), IS-5.7b grants, IS-S14,
IS-S15."""

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
    play,
    start_round,
    top,
)

from engine.games.imperial_struggle import events as E
from engine.games.imperial_struggle import state as S


def _event_ids(st, side):
    return [c for c in ids(st, side) if c.startswith("event")]


def test_is_3_4_4_type_restriction_and_event_symbol():
    st = game("T1", hands={FR: [8, 1, 5]})  # 8 Economic, 1 any type, 5 Military
    start_round(st, FR, TILE["D"])  # Diplomatic 3, Event symbol
    assert _event_ids(st, FR) == ["event:1"]
    st = game("T1", hands={FR: [8, 1, 5]})
    start_round(st, FR, TILE["E"])
    assert _event_ids(st, FR) == ["event:8", "event:1"]
    st = game("T1", hands={FR: [8, 1, 5]})
    start_round(st, FR, TILE["noevent_E"])  # Economic 4, no Event symbol
    assert _event_ids(st, FR) == []


def test_is_min08b_bank_of_england_plays_economic_card_on_other_tile():
    st = game("T1", hands={BR: [8, 5]}, ministries={BR: [("M-8", True)]})
    start_round(st, BR, TILE["D"])
    assert _event_ids(st, BR) == ["event_bank:8"]
    act(st, BR, "event_bank:8")
    assert st["min_exhausted"].get("M-8B") == 1
    # Tax Reform at Debt 0 with the Finance bonus (M-8 shows Finance): r = 3 -> 3 EP, which
    # form an Event action because the tile's Major is Diplomatic (IS-5.7b).
    assert not in_event(st)
    assert 8 in st["removed"]
    assert actions(st)[2] == ("E", "event", 3, [])
    assert E.playable(st, BR) == []


def test_is_min08b_face_down_bank_is_revealed_on_use():
    st = game("T1", hands={BR: [8]}, ministries={BR: [("M-8", False)]})
    start_round(st, BR, TILE["M"])
    act(st, BR, "event_bank:8")
    assert S.face_up(st, BR, "M-8")


def test_is_min25_condorcet_allows_tile_without_symbol_type_still_checked():
    st = game("T5", hands={FR: [31, 34, 36]}, ministries={FR: [("M-25", True)]})
    start_round(st, FR, TILE["noevent_D"])  # Diplomatic 4, no symbol
    # 31 Military (type fails), 34 Diplomatic, 36 any type
    assert _event_ids(st, FR) == ["event_condorcet:34", "event_condorcet:36"]
    act(st, FR, "event_condorcet:36")
    assert st["min_exhausted"].get("M-25") == 1


def test_is_5_2_one_event_per_round_and_card_removed():
    st = game("T1", hands={FR: [15, 1]})
    out = play(st, FR, 15, TILE["E"])
    assert not in_event(st)
    assert 15 in st["removed"] and 15 not in st["hands"][FR]
    assert E.playable(st, FR) == []
    plays = [e for e in out if e.kind == "event_play"]
    assert plays[0].args == {"card": 15, "version": "both", "bonus": False, "side": FR}


def test_is_3_4_3_keyword_reveal_step_and_no_bonus():
    st = game("T1", ministries={BR: [("M-7", False), ("M-10", False)]}, debt=[0, 3])
    play(st, BR, 5, TILE["M"])  # Jenkins' Ear: Mercantilism
    assert top(st) == "ev_reveal"
    assert ids(st, BR) == ["reveal:M-7", "no_bonus"]
    act(st, BR, "no_bonus")
    assert not S.face_up(st, BR, "M-7")
    assert st["debt"] == [0, 1]  # standard only: Debt -2, no forced Debt on France


def test_is_3_4_3_keyword_reveal_gives_bonus():
    st = game("T1", ministries={BR: [("M-7", False)]}, debt=[0, 3])
    play(st, BR, 5, TILE["M"])
    act(st, BR, "reveal:M-7")
    assert S.face_up(st, BR, "M-7")
    assert st["debt"] == [1, 1]


def test_is_3_4_3_face_up_keyword_needs_no_prompt():
    st = game("T1", ministries={BR: [("M-7", True)]}, debt=[0, 3])
    play(st, BR, 5, TILE["M"])
    assert not in_event(st)
    assert st["debt"] == [1, 1]


def test_is_3_4_3_debt_conditions():
    st = game("T1", debt=[2, 0])
    assert E.bonus_holds(st, BR, 12) is True  # 6 > 4
    assert E.bonus_holds(st, FR, 12) is False
    assert E.bonus_holds(st, BR, 23) is False  # lead 2 < 3
    st["debt"] = [3, 0]
    assert E.bonus_holds(st, BR, 23) is True  # lead 3


def test_is_3_4_3_prestige_in_scotland_ireland_ignores_conflict():
    st = game("T1", flags={"scotland_prestige_3": BR, "ireland_prestige_3": FR})
    assert E.bonus_holds(st, BR, 2) is False  # 1 vs 1
    st["conflict"]["ireland_prestige_3"] = 1
    assert E.bonus_holds(st, BR, 2) is True  # 1 vs 0 (IS-0.5)


def test_is_3_4_3_controls_mediterranean_intrigue():
    st = game("T5", flags={"savoy": FR, "spain_prestige_3": FR})
    assert st["adv_holder"]["mediterranean_intrigue"] == FR
    assert E.bonus_holds(st, FR, 40) is True
    assert E.bonus_holds(st, BR, 40) is False
    st["conflict"]["savoy"] = 1
    assert E.bonus_holds(st, FR, 40) is False


def test_is_3_4_3_bonus_tiles_next_war_and_t6():
    st = game("T3")
    w = st["war"]
    w["theaters"]["1"]["bonus"][FR].append(w["bonus_pool"][FR].pop())
    assert E.bonus_holds(st, FR, 16) is True
    assert E.bonus_holds(st, BR, 16) is False
    st6 = game("T6")
    assert E.bonus_holds(st6, FR, 32) is False


def test_is_s15_tax_reform_shortfall_with_finance():
    st = game("T2", debt=[1, 0], ministries={FR: [("M-2", True)]})
    play(st, FR, 8, 5)  # tile 5: Economic 3, Military 2, Event
    assert st["debt"][FR] == 0
    assert actions(st)[0] == ("E", "major", 5, [])


def test_is_s15_tax_reform_without_finance():
    st = game("T2", debt=[1, 0])
    play(st, FR, 8, 5)
    assert st["debt"][FR] == 0
    assert actions(st)[0] == ("E", "major", 4, [])


def test_is_s14_native_american_alliances_keyword_and_ordered_advantage():
    st = game("T1", ministries={BR: [("M-7", False), ("M-10", False)]})
    play(st, BR, 6, 14)  # tile 14: Diplomatic 2, Economic 2, Event + Upgrade
    act(st, BR, "reveal:M-7")
    assert S.face_up(st, BR, "M-7")
    act(st, BR, "space:iroquois")
    assert st["flags"]["iroquois"] == BR
    assert st["adv_holder"]["iroquois_raids"] == BR
    assert "adv:iroquois_raids" in ids(st, BR)
    act(st, BR, "adv:iroquois_raids")
    finish(st, BR, "space:albany")
    assert st["conflict"]["albany"] == 1
    assert "iroquois_raids" not in st["adv_exhausted"]
    assert st["round"]["adv_used"] == ["iroquois_raids"]
    assert 6 in st["removed"]
    from engine.games.imperial_struggle import advantages as A

    assert not A.can_use(st, BR, "wheat")  # North America already used this round


def test_is_min26_lavoisier_adds_to_tile_actions_when_bonus():
    st = game("T5", ministries={FR: [("M-26", True)]}, debt=[3, 0])
    play(st, FR, 36, TILE["E"])  # Wealth of Nations: Debt -2, bonus +3 EP
    assert st["debt"][FR] == 1
    assert actions(st)[:2] == [("E", "major", 3 + 3 + 1, []), ("D", "minor", 3, [])]


def test_is_min26_lavoisier_nothing_without_bonus():
    st = game("T5", ministries={FR: [("M-26", True)]}, debt=[3, 0])
    play(st, FR, 35, TILE["E"])  # Jesuit Abolition needs Governance: no bonus
    assert actions(st)[:2] == [("E", "major", 3, []), ("D", "minor", 2, [])]


def test_is_5_7b_event_action_for_other_type():
    st = game("T1")
    play(st, FR, 6, TILE["D"])  # French version: 2 EP [North America], tile Major D
    assert actions(st)[2] == ("E", "event", 0, [(2, "region:north_america")])


def test_is_17_1_long_space_list_region_step():
    extra = ["albany", "cumberland", "oswego", "niagara", "antigua", "caicos", "kurpa"]
    st = game("T3", flags={s: BR for s in extra})
    play(st, FR, 28, TILE["M"])  # French Father le Loutre: British Market, any Region
    assert ids(st, FR) == ["region:north_america", "region:caribbean", "region:india"]
    act(st, FR, "region:india")
    assert ids(st, FR) == ["space:midnapore", "space:kurpa", "space:kanchipuram", "back"]
    act(st, FR, "back", "region:caribbean", "space:antigua")
    assert st["conflict"] == {"antigua": 1}
    assert not in_event(st)


def test_is_16_2_reveal_question_also_without_matching_card():
    """The S2 question is asked whenever a face-down card exists, so its presence does not tell
    the opponent that a matching keyword card is held (IS-16.2)."""
    st = game("T1", ministries={BR: [("M-10", False)]}, debt=[0, 3])
    play(st, BR, 5, TILE["M"])  # Mercantilism; M-10 shows Scholarship
    assert ids(st, BR) == ["no_bonus"]
    finish(st, BR, "no_bonus")
    assert st["debt"] == [0, 1]
    st = game("T1", debt=[0, 3])  # no Ministry card at all: no question
    play(st, BR, 5, TILE["M"])
    assert not in_event(st)


def test_is_v01_spanish_flags_count_as_opposing_for_event_unflags():
    """IS-V01 / IS-3.2.8: a Spanish flag is opposing for both sides (IS-EV03 step 1)."""
    st = game("T1", opts={"spanish_empire": "on"})
    play(st, FR, 3, TILE["E"])
    assert ids(st, FR) == [
        "space:georgia",
        "space:puerto_principe",
        "space:st_lucia",
        "space:havana",
        "space:santiago",
    ]
    act(st, FR, "space:havana")
    assert "havana" not in st["flags"]


def test_is_min01_event_still_playable_after_cardinal_ministers():
    """IS-17.6 S1 / IS-MIN01: the Cardinal comes before any Event; it uses the tile (no pass) but
    does not forfeit the Event (IS-5.2 lists Advantage use, AP spending and the Upgrade)."""
    st = game("T1", hands={FR: [1]}, flags={"savoy": FR}, ministries={FR: [("M-1", True)]})
    start_round(st, FR, TILE["D"])
    act(st, FR, "cardinal:yes")
    assert st["round"]["tile_used"]
    assert [c.id for c in E.playable(st, FR)] == ["event:1"]
    assert ids(st, FR) == ["event:1", "actions"]  # the S1 menu itself: Event yes, pass no


def test_is_5_2_advantage_use_forfeits_event():
    st = game("T1", hands={FR: [1]})
    start_round(st, FR, TILE["D"])
    st["round"]["adv_used"].append("algonquin_raids")
    assert E.playable(st, FR) == []
