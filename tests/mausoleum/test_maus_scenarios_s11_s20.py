"""The scenarios MAU-S11..S20 of shared/rules/mausoleum.md section 15, step by step.

Same conventions as test_maus_scenarios.py (3 players, P0 active, default rules unless the
scenario says otherwise). Variant branches named in a scenario (S17 with MAU-V1 = 12, MAU-S18 with
MAU-V2 = off) are separate tests.
"""

from __future__ import annotations

import pytest
from mausoleum_helpers import (
    RULES,
    build,
    buy,
    can_pay,
    choice_ids,
    draw,
    heirs,
    invite_seats,
    pass_turn,
    play,
    side,
    summarize,
    targets,
    view,
)

from engine.games.mausoleum.state import payment_value

GRAVES = list(range(37, 46))
GRAVE_VALUE = dict(zip(GRAVES, [3, 3, 4, 4, 5, 5, 6, 6, 7], strict=True))  # MAU-1.6


def hand(state, seat):
    return sorted(side(state, seat)["hand"])


def test_maus_s11_on_holiday_ignores_protection_and_doozy():
    """MAU-S11 (MAU-6.1, MAU-5.8, MAU-7.5, MAU-3.9, MAU-A09, MAU-A19)."""
    state = build(
        {
            "P0": {"hand": ["Holiday#49", "Brat#6", "Auto#20"]},
            "P2": {"party": ["Cousin#7", "Niece#11+Doozy#53", "Aunt#1"]},
            "discard": ["Maze#21"],
            "deck": ["Sheep#12"],
        }
    )
    draw(state, 0, "deck")
    assert heirs(targets(state, 0, "Auto#20"), "kill") == {7}  # Niece: Clever and Meddling
    assert heirs(targets(state, 0, "Holiday#49"), "holiday") == {7, 11, 1}
    play(state, 0, "Holiday#49", "holiday:11")
    s = summarize(state)
    assert s["P2"]["party"] == ["Cousin#7", "Aunt#1"]
    assert s["P2"]["morgue"] == []
    assert s["discard"] == ["Maze#21", "Holiday#49", "Doozy#53", "Niece#11"]
    assert hand(state, 0) == sorted(["Brat#6", "Auto#20", "Sheep#12"])
    assert s["active"] == 1


def test_maus_s12_misplaced_discards_a_morgue_heir():
    """MAU-S12 (MAU-6.3, MAU-3.9, MAU-A15)."""
    state = build(
        {
            "P0": {"hand": ["Misplaced#51", "Cousin#16", "Croquet#28"], "morgue": ["Gardener#8"]},
            "P1": {"morgue": ["Husband#4", "Wife#13"]},
            "discard": ["Punch#23"],
            "deck": ["Stairs#22"],
        }
    )
    draw(state, 0, "deck")
    assert heirs(targets(state, 0, "Misplaced#51"), "misplaced") == {4, 13, 8}
    play(state, 0, "Misplaced#51", "misplaced:13")
    s = summarize(state)
    assert s["P1"]["morgue"] == ["Husband#4"]
    assert s["P0"]["morgue"] == ["Gardener#8"]
    assert s["discard"] == ["Punch#23", "Misplaced#51", "Wife#13"]
    assert hand(state, 0) == sorted(["Cousin#16", "Croquet#28", "Stairs#22"])
    assert s["active"] == 1


def test_maus_s13_botched_kidnapping_takes_the_victim_to_your_morgue():
    """MAU-S13 (MAU-5.10, MAU-5.3, MAU-A12)."""
    state = build(
        {
            "P0": {"hand": ["Kidnap#36", "Brat#15", "Holiday#52"], "morgue": ["Uncle#5"]},
            "P1": {"party": ["Grandpa#9", "Brat#6"], "morgue": ["Aunt#1"]},
            "discard": ["Chandelier#24"],
            "deck": ["Boating#26"],
        }
    )
    draw(state, 0, "deck")
    assert heirs(targets(state, 0, "Kidnap#36"), "kidnap") == {9, 6}
    play(state, 0, "Kidnap#36", "kidnap:9")
    s = summarize(state)
    assert s["P1"]["party"] == ["Brat#6"]
    assert s["P1"]["morgue"] == ["Aunt#1"]
    assert s["P0"]["morgue"] == ["Uncle#5", "Grandpa#9"]
    assert s["discard"] == ["Chandelier#24", "Kidnap#36"]
    assert hand(state, 0) == sorted(["Brat#15", "Holiday#52", "Boating#26"])
    # On a later turn P0 may pay 9 for any grave.
    pass_turn(state, 1)
    pass_turn(state, 2)
    assert all(can_pay(state, 0, g, [5, 9]) for g in GRAVES)


def test_maus_s14_hbomb_with_protections_and_a_doozy():
    """MAU-S14 (MAU-5.9, MAU-5.6, MAU-5.7, MAU-7.2, MAU-7.4, MAU-A07, MAU-A08, MAU-A18, MAU-A25)."""
    state = build(
        {
            "P0": {
                "hand": ["HBomb#27", "Aunt#10", "Sheep#3"],
                "party": ["Nephew#2", "Aunt#1+Doozy#47"],
            },
            "P1": {"party": ["Cousin#7", "Uncle#5", "Brat#6"], "morgue": ["Sheep#12"]},
            "P2": {"party": ["Niece#11", "Gardener#8"]},
            "discard": ["Croquet#19"],
            "deck": ["Maze#30"],
        }
    )
    draw(state, 0, "deck")
    play(state, 0, "HBomb#27")  # no target step
    s = summarize(state)
    assert s["P0"]["party"] == ["Nephew#2", "Aunt#1"]
    assert s["P1"]["party"] == ["Uncle#5", "Brat#6"]
    assert s["P1"]["morgue"] == ["Sheep#12", "Cousin#7"]
    assert s["P2"]["party"] == ["Niece#11"]  # survives although she ends alone (MAU-5.9 step 4)
    assert s["P2"]["morgue"] == ["Gardener#8"]
    assert s["discard"] == ["Croquet#19", "HBomb#27", "Doozy#47"]
    assert hand(state, 0) == sorted(["Aunt#10", "Sheep#3", "Maze#30"])
    # No player is asked for an order: the turn simply passed on.
    assert s["active"] == 1
    assert s["phase"] == "turn"
    assert RULES.waiting(state) == (1,)


def test_maus_s15_buy_and_bury_with_a_gardener_and_overpayment():
    """MAU-S15 (MAU-3.5, MAU-8.1, MAU-8.5, MAU-8.6, MAU-8.7, MAU-8.8, MAU-A03, MAU-A23)."""
    state = build(
        {
            "P0": {
                "hand": ["Brat#6", "Croquet#19", "Holiday#46"],
                "morgue": ["Uncle#5", "Gardener#8", "Aunt#1"],
            },
            "discard": ["Auto#20"],
            "deck": ["Stairs#22"],
        }
    )
    assert not any(can_pay(state, 0, g, ["Gardener#8"]) for g in GRAVES)
    assert {g for g in GRAVES if can_pay(state, 0, g, ["Aunt#1"])} == {37, 38, 39, 40}
    assert all(can_pay(state, 0, g, ["Uncle#5", "Aunt#1"]) for g in GRAVES)
    hand_before = hand(state, 0)
    buy(state, 0, "Obelisk#41", ["Gardener#8", "Uncle#5"])
    s = summarize(state)
    assert s["P0"]["morgue"] == ["Aunt#1"]
    assert s["P0"]["mausoleum"] == ["Obelisk#41"]
    assert s["shop"] == [g for g in GRAVES if g != 41]
    assert s["discard"] == ["Auto#20", "Gardener#8", "Uncle#5"]
    assert hand(state, 0) == hand_before  # no draw on a Buy & Bury turn
    assert s["deck_top"] == "Stairs#22"
    assert s["P0"]["counted"] == 5
    assert s["winners"] == []
    assert s["active"] == 1


def test_maus_s16_black_sheep_pay_only_with_black_sheep():
    """MAU-S16 (MAU-8.4, MAU-8.7, MAU-9.5, MAU-A05)."""
    state = build(
        {
            "active": 1,
            "P1": {
                "party": ["Cousin#16"],
                "morgue": ["Sheep#3", "Aunt#10", "Sheep#12", "Brat#15"],
                "mausoleum": ["Simple#37"],
            },
            "discard": ["Hunting#34"],
        }
    )
    shop = GRAVES[1:]
    assert not any(can_pay(state, 1, g, ["Sheep#3", "Aunt#10"]) for g in shop)
    assert not can_pay(state, 1, "Carved#38", ["Sheep#3", "Brat#15"])
    assert can_pay(state, 1, "Carved#38", ["Sheep#3"])
    assert not can_pay(state, 1, "Angel#39", ["Sheep#3"])  # one Black Sheep pays 3 only
    assert {g for g in shop if can_pay(state, 1, g, ["Aunt#10", "Brat#15"])} == {
        38,
        39,
        40,
        41,
        42,
    }
    assert {g for g in shop if can_pay(state, 1, g, ["Sheep#3", "Sheep#12"])} == {
        g for g in shop if GRAVE_VALUE[g] <= 6
    }
    buy(state, 1, "Crypt#43", ["Sheep#12", "Sheep#3"])
    s = summarize(state)
    assert s["P1"]["morgue"] == ["Aunt#10", "Brat#15"]
    assert s["P1"]["mausoleum"] == ["Simple#37", "Crypt#43"]
    assert s["P1"]["printed"] == 9
    assert s["discard"] == ["Hunting#34", "Sheep#12", "Sheep#3"]
    assert s["winners"] == []  # 9 < 10
    assert s["active"] == 2


S17 = {
    "P0": {
        "party": ["Uncle#14"],
        "morgue": ["Husband#4", "Brat#6", "Wife#13"],
        "mausoleum": ["Carved#38"],
    },
    "P1": {"mausoleum": ["Crypt#43"]},
    "discard": ["Maze#21"],
}


def _s17_common(state):
    assert payment_value([4]) == 2
    assert payment_value([4, 6]) == 3
    assert payment_value([4, 13]) == 8
    assert payment_value([4, 13, 6]) == 9
    shop = [g for g in GRAVES if g not in (38, 43)]
    assert not any(can_pay(state, 0, g, ["Husband#4"]) for g in shop)
    assert {g for g in shop if can_pay(state, 0, g, ["Husband#4", "Brat#6"])} == {37}
    assert can_pay(state, 0, "Chapel#45", ["Husband#4", "Wife#13"])
    deck_before = state["deck"][:]
    buy(state, 0, "Chapel#45", ["Husband#4", "Wife#13"])
    s = summarize(state)
    assert s["P0"]["morgue"] == ["Brat#6"]
    assert s["P0"]["mausoleum"] == ["Carved#38", "Chapel#45"]
    assert s["P0"]["printed"] == 10
    assert s["P0"]["counted"] == 10
    assert s["discard"] == ["Maze#21", "Husband#4", "Wife#13"]
    assert state["deck"] == deck_before
    return s


def test_maus_s17_couple_bonus_and_the_win_check():
    """MAU-S17 (MAU-8.2, MAU-8.3, MAU-9.4, MAU-9.5, MAU-9.6, MAU-A01, MAU-A04): P0 reaches 10 and
    wins at once."""
    state = build(S17)
    s = _s17_common(state)
    assert s["winners"] == [0]
    assert s["end"] == "threshold"
    assert RULES.waiting(state) == ()
    assert RULES.outcome(state).winners == (0,)


def test_maus_s17_v1_threshold_12_no_winner():
    """MAU-S17 with MAU-V1 = 12: the same changes, no winner, P1 active (MAU-9.4, MAU-A01)."""
    state = build({**S17, "options": {"win_threshold": 12}})
    s = _s17_common(state)
    assert s["winners"] == []
    assert RULES.outcome(state) is None
    assert s["active"] == 1


S18 = {
    "P0": {
        "hand": ["Croquet#28", "Brat#15", "Sheep#12"],
        "party": ["Aunt#1", "Gardener#17"],
        "morgue": ["Brat#6", "Uncle#5"],
        "mausoleum": ["Sarcophagus#44", "Cross#40"],
    },
    "P1": {"party": ["Gardener#8"], "mausoleum": ["Chapel#45"]},
    "discard": ["Maze#21"],
    "deck": ["Punch#32"],
}


@pytest.mark.parametrize(
    "penalty, before", [("on", (10, 8, 7, 5)), ("off", (10, 10, 7, 7))], ids=["on", "off"]
)
def test_maus_s18_gardener_penalty_killing_your_own_gardener(penalty, before):
    """MAU-S18 (MAU-9.2, MAU-9.5, MAU-5.2, MAU-V2, MAU-A03); ``off`` is the MAU-V2 branch."""
    state = build({**S18, "options": {"gardener_penalty": penalty}})
    s = summarize(state)
    assert (s["P0"]["printed"], s["P0"]["counted"]) == before[:2]
    assert (s["P1"]["printed"], s["P1"]["counted"]) == before[2:]
    draw(state, 0, "deck")
    play(state, 0, "Croquet#28", "kill:17")  # P0's own heir
    s = summarize(state)
    assert s["P0"]["party"] == ["Aunt#1"]
    assert s["P0"]["morgue"] == ["Brat#6", "Uncle#5", "Gardener#17"]
    assert s["discard"] == ["Maze#21", "Croquet#28"]
    assert hand(state, 0) == sorted(["Brat#15", "Sheep#12", "Punch#32"])
    assert s["P0"]["counted"] == 10
    assert s["P1"]["counted"] == before[3]
    assert s["winners"] == [0]
    assert RULES.outcome(state).winners == (0,)


def test_maus_s19_deck_runs_out_and_the_discard_pile_is_reshuffled():
    """MAU-S19 (MAU-10.1, MAU-3.2, MAU-3.3, MAU-3.4, MAU-3.8, MAU-A11, MAU-A21)."""
    state = build(
        {
            "P0": {"hand": ["Auto#20", "Aunt#1", "Sheep#3"]},
            "deck": ["Brat#15"],
            "deck_exact": True,
            "discard": ["Croquet#19", "Holiday#46", "Uncle#5"],
        }
    )
    draw(state, 0, "deck")
    assert targets(state, 0, "Auto#20") == set()  # no heir in any party
    assert set(choice_ids(state, 0)) == {
        "play:1",
        "play:3",
        "play:15",
        "discard:20",
        "discard:1",
        "discard:3",
        "discard:15",
    }
    for heir in ("Aunt#1", "Sheep#3", "Brat#15"):
        assert invite_seats(state, 0, heir) == {0, 1, 2}
    play(state, 0, "Auto#20", "discard")
    s = summarize(state)
    assert hand(state, 0) == sorted(["Aunt#1", "Sheep#3", "Brat#15"])
    assert s["winners"] == []
    assert s["discard"] == []
    assert s["deck_count"] == 4
    assert sorted(state["deck"]) == [5, 19, 20, 46]
    assert s["active"] == 1
    assert choice_ids(state, 1) == ["draw:deck"]


def test_maus_s20_last_grave_bought_nobody_at_the_threshold():
    """MAU-S20 (MAU-10.4, MAU-10.5, MAU-9.2, MAU-9.5, MAU-A13): 5 players; the shop empties."""
    state = build(
        {
            "seats": 5,
            "shop": ["Simple#37"],
            "P0": {"morgue": ["Grandpa#9", "Brat#6"], "mausoleum": ["Crypt#43"]},
            "P1": {"mausoleum": ["Chapel#45"]},
            "P2": {
                "party": ["Gardener#8", "Gardener#17"],
                "mausoleum": ["Sarcophagus#44", "Statue#42"],
            },
            "P3": {"mausoleum": ["Obelisk#41", "Carved#38"]},
            "P4": {"mausoleum": ["Angel#39", "Cross#40"]},
            "discard": ["Stairs#22"],
        }
    )
    buy(state, 0, "Simple#37", ["Grandpa#9"])
    s = summarize(state)
    assert s["P0"]["morgue"] == ["Brat#6"]
    assert s["P0"]["mausoleum"] == ["Crypt#43", "Simple#37"]
    assert s["shop"] == []
    assert s["discard"] == ["Stairs#22", "Grandpa#9"]
    assert [s[f"P{i}"]["counted"] for i in range(5)] == [9, 7, 7, 8, 8]
    assert s["P2"]["printed"] == 11
    assert s["end"] == "shop"
    assert s["winners"] == [0]
    assert RULES.outcome(state).winners == (0,)
    assert RULES.waiting(state) == ()
    assert view(state, None)["seats"][2]["counted"] == 7
