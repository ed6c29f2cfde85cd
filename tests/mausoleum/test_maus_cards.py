"""Every one of the 54 cards in play (MAU-1.4, MAU-1.5, MAU-1.6, MAU-1.7): each heir invited and
spent, each of the 16 generic accidents, the H-Bomb, Botched Kidnapping, each event copy and each
grave.

Default position (MAU-15.1): 3 players, P0 active, the card under test in P0's hand.
"""

from __future__ import annotations

import pytest
from mausoleum_helpers import (
    act,
    build,
    buy,
    can_pay,
    choice_ids,
    draw,
    heirs,
    invite_seats,
    play,
    side,
    summarize,
    targets,
    view,
)

GRAVES = list(range(37, 46))
GRAVE_VALUE = dict(zip(GRAVES, [3, 3, 4, 4, 5, 5, 6, 6, 7], strict=True))  # MAU-1.6
HEIR_VALUE = {  # MAU-1.4
    1: 4, 10: 4, 2: 3, 11: 3, 3: 3, 12: 3, 4: 2, 13: 2, 5: 5, 14: 5,
    6: 1, 15: 1, 7: 2, 16: 2, 8: 0, 17: 0, 9: 4, 18: 6,
}  # fmt: skip
GENERIC = [*range(19, 27), *range(28, 36)]  # MAU-1.5: the 16 generic accidents


@pytest.mark.parametrize("heir", sorted(HEIR_VALUE))
def test_maus_card_each_heir_invited_then_spent_alone(heir):
    """MAU-1.4, MAU-4.1, MAU-8.1, MAU-8.2, MAU-8.3, MAU-8.4, MAU-8.5: every heir can be invited to a
    party (counted there at its value) and, alone in a morgue, buys exactly the graves its value
    reaches; a Black Sheep buys only graves worth 3, a Gardener (0) and a lone Husband or Wife (2)
    buy nothing."""
    state = build({"P0": {"hand": [heir, "Stairs#22", "Punch#23"]}, "deck": ["Maze#21"]})
    draw(state, 0, "deck")
    assert invite_seats(state, 0, heir) == {0, 1, 2}
    play(state, 0, heir, "invite:0")
    party = view(state, None)["seats"][0]["party"]
    assert [(h["card"], h["value"]) for h in party] == [(heir, HEIR_VALUE[heir])]

    spent = build({"P0": {"morgue": [heir]}})
    buyable = {g for g in GRAVES if can_pay(spent, 0, g, [heir])}
    assert buyable == {g for g in GRAVES if GRAVE_VALUE[g] <= HEIR_VALUE[heir]}
    assert {c for c in choice_ids(spent, 0) if c.startswith("buy:")} == {
        f"buy:{g}" for g in buyable
    }


@pytest.mark.parametrize("grave", GRAVES)
def test_maus_card_each_grave_bought_and_counted(grave):
    """MAU-1.6, MAU-8.1, MAU-8.7, MAU-9.1: each grave is bought from the shop with heirs worth at
    least its value and adds exactly its value to the buyer's mausoleum."""
    value = GRAVE_VALUE[grave]
    payment = {3: ["Sheep#3"], 4: ["Aunt#1"], 5: ["Uncle#5"], 6: ["Dowager#18"]}.get(
        value, ["Husband#4", "Wife#13"]
    )
    state = build({"P0": {"morgue": [*payment, "Brat#6"]}})
    assert not can_pay(state, 0, grave, ["Brat#6"])  # 1 is not enough for any grave
    buy(state, 0, grave, payment)
    s = summarize(state)
    assert s["P0"]["mausoleum"] == [f"{s['P0']['mausoleum'][0].split('#')[0]}#{grave}"]
    assert s["P0"]["morgue"] == ["Brat#6"]
    assert s["P0"]["printed"] == s["P0"]["counted"] == value
    assert view(state, None)["seats"][0]["printed"] == value
    assert grave not in s["shop"] and len(s["shop"]) == 8


@pytest.mark.parametrize("accident", GENERIC)
def test_maus_card_each_generic_accident_kills_into_the_owners_morgue(accident):
    """MAU-1.5, MAU-5.1, MAU-5.2, MAU-A12: all 16 generic accidents have the same rule."""
    state = build(
        {
            "P0": {"hand": [accident, "Aunt#10", "Brat#15"]},
            "P1": {"party": ["Uncle#14", "Cousin#16"]},
            "deck": ["Holiday#46"],
        }
    )
    draw(state, 0, "deck")
    assert heirs(targets(state, 0, accident), "kill") == {16}  # the Cousin shields the Uncle
    play(state, 0, accident, "kill:16")
    s = summarize(state)
    assert s["P1"]["party"] == ["Uncle#14"]
    assert s["P1"]["morgue"] == ["Cousin#16"]
    assert s["discard"][-1].endswith(f"#{accident}")
    assert side(state, 0)["morgue"] == []


def test_maus_card_hbomb_always_playable_even_on_an_empty_table():
    """MAU-1.5 H-Bomb, MAU-3.4, MAU-A21: needs no target; with no heir anywhere it affects
    nothing."""
    state = build({"P0": {"hand": ["HBomb#27", "Croquet#19", "Holiday#46"]}, "deck": ["Maze#21"]})
    draw(state, 0, "deck")
    offered = choice_ids(state, 0)
    assert "play:27" in offered
    assert "play:19" not in offered and "play:46" not in offered  # no heir to target
    act(state, 0, "play:27")
    s = summarize(state)
    assert s["discard"] == ["HBomb#27"]
    assert all(s[f"P{i}"]["party"] == [] and s[f"P{i}"]["morgue"] == [] for i in range(3))
    assert s["active"] == 1


def test_maus_card_botched_kidnapping_obeys_protections():
    """MAU-1.5 Botched Kidnapping, MAU-5.8, MAU-A07: Clever and Meddling protection bind it too."""
    state = build(
        {
            "P0": {"hand": ["Kidnap#36", "Aunt#10", "Brat#15"]},
            "P1": {"party": ["Nephew#2", "Uncle#5"]},
            "P2": {"party": ["Cousin#7", "Grandpa#9"]},
            "deck": ["Maze#21"],
        }
    )
    draw(state, 0, "deck")
    assert heirs(targets(state, 0, "Kidnap#36"), "kidnap") == {5, 7}


@pytest.mark.parametrize("holiday", [46, 49, 52])
def test_maus_card_each_on_holiday_discards_a_party_heir(holiday):
    """MAU-1.7 On Holiday, MAU-6.1, MAU-A15: any party heir, your own included, goes to the discard
    pile (not a morgue); the event is discarded first."""
    state = build(
        {
            "P0": {"hand": [holiday, "Aunt#10", "Brat#15"], "party": ["Uncle#5"]},
            "P1": {"party": ["Dowager#18"]},
            "deck": ["Maze#21"],
        }
    )
    draw(state, 0, "deck")
    assert heirs(targets(state, 0, holiday), "holiday") == {5, 18}
    play(state, 0, holiday, "holiday:5")
    s = summarize(state)
    assert s["P0"]["party"] == [] and s["P0"]["morgue"] == []
    assert s["discard"] == [f"Holiday#{holiday}", "Uncle#5"]


@pytest.mark.parametrize("doozy", [47, 50, 53])
def test_maus_card_each_doozy_attaches_and_absorbs_one_kill(doozy):
    """MAU-1.7 Doozy, MAU-6.2, MAU-7.2, MAU-A15: attaches to an heir in another player's party and
    later absorbs one kill, then goes to the discard pile."""
    state = build(
        {
            "P0": {"hand": [doozy, "Aunt#10", "Brat#15"]},
            "P1": {"party": ["Grandpa#9"], "hand": ["Croquet#19", "Auto#20", "Maze#21"]},
            "deck": ["Punch#23", "Stairs#22"],
        }
    )
    draw(state, 0, "deck")
    play(state, 0, doozy, "doozy:9")
    assert summarize(state)["P1"]["party"] == [f"Grandpa#9+Doozy#{doozy}"]
    assert view(state, None)["seats"][1]["party"][0]["doozy"] == doozy
    draw(state, 1, "deck")
    play(state, 1, "Croquet#19", "kill:9")
    s = summarize(state)
    assert s["P1"]["party"] == ["Grandpa#9"] and s["P1"]["morgue"] == []
    assert s["discard"] == ["Croquet#19", f"Doozy#{doozy}"]


@pytest.mark.parametrize("misplaced", [48, 51, 54])
def test_maus_card_each_misplaced_discards_a_morgue_heir(misplaced):
    """MAU-1.7 Misplaced, MAU-6.3, MAU-A15: any morgue heir, your own included; with no heir in any
    morgue it cannot be played (MAU-3.4)."""
    state = build(
        {
            "P0": {"hand": [misplaced, "Aunt#10", "Brat#15"], "morgue": ["Sheep#3"]},
            "P2": {"morgue": ["Uncle#14", "Dowager#18"], "party": ["Gardener#17"]},
            "deck": ["Maze#21"],
        }
    )
    draw(state, 0, "deck")
    assert heirs(targets(state, 0, misplaced), "misplaced") == {3, 14, 18}
    play(state, 0, misplaced, "misplaced:3")
    s = summarize(state)
    assert s["P0"]["morgue"] == []
    assert s["discard"] == [f"Misplaced#{misplaced}", "Sheep#3"]

    empty = build({"P0": {"hand": [misplaced, "Aunt#10", "Brat#15"]}, "deck": ["Maze#21"]})
    draw(empty, 0, "deck")
    assert targets(empty, 0, misplaced) == set()
    assert f"discard:{misplaced}" in choice_ids(empty, 0)
