"""The scenarios MAU-S01..S10 of shared/rules/mausoleum.md section 15, step by step.

Each test builds exactly the scenario's position (MAU-15.1 conventions: 3 players, P0 active,
default rules), takes the scenario's action as choice ids and checks every value the scenario
states, including its "illegal" claims. S11..S20 are in test_maus_scenarios_s11_s20.py.
"""

from __future__ import annotations

from mausoleum_helpers import (
    RULES,
    act,
    assert_illegal,
    build,
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


def hand(state, seat):
    """A hand as a sorted list of short names (hand order is not a rule)."""
    return sorted(side(state, seat)["hand"])


def killable(state, seat):
    """{heir id: killable?} for ``seat``'s party, from the public view (MAU-5.5)."""
    return {h["card"]: h["killable"] for h in view(state, None)["seats"][seat]["party"]}


def test_maus_s01_draw_from_discard_invite_to_own_party():
    """MAU-S01 (MAU-3.1, MAU-3.2, MAU-3.3, MAU-4.1, MAU-3.8, MAU-A11, MAU-11.1)."""
    state = build(
        {
            "P0": {"hand": ["Aunt#1", "Croquet#19", "Brat#6"], "party": ["Grandpa#9"]},
            "discard": ["Boating#26", "Uncle#5"],
            "deck": ["Stairs#22"],
        }
    )
    # Only the top of the discard pile can be taken: there is no choice naming Boating#26.
    assert set(choice_ids(state, 0)) == {"draw:deck", "draw:discard"}
    assert_illegal(state, 0, "draw:26")
    draw(state, 0, "discard")
    assert "Uncle#5" in side(state, 0)["hand"]
    assert view(state, 2)["seats"][0]["known"] == [5]  # the pickup was public (MAU-11.1)
    play(state, 0, "Uncle#5", "invite:0")
    s = summarize(state)
    assert s["P0"]["party"] == ["Grandpa#9", "Uncle#5"]
    assert hand(state, 0) == sorted(["Aunt#1", "Croquet#19", "Brat#6"])
    assert s["discard"] == ["Boating#26"]
    assert s["deck_top"] == "Stairs#22"
    assert s["active"] == 1
    assert s["winners"] == []
    assert view(state, 2)["seats"][0]["known"] == []


def test_maus_s02_party_limit_and_inviting_to_another_party():
    """MAU-S02 (MAU-4.1, MAU-4.2, MAU-5.6, MAU-9.2)."""
    state = build(
        {
            "P0": {"hand": ["Brat#6", "Auto#20", "Gardener#8"]},
            "P1": {"party": ["Aunt#1", "Uncle#5", "Sheep#3", "Grandpa#9"]},
            "P2": {"party": ["Niece#11"]},
            "deck": ["Punch#23"],
        }
    )
    draw(state, 0, "deck")
    assert invite_seats(state, 0, "Gardener#8") == {0, 2}
    assert invite_seats(state, 0, "Brat#6") == {0, 2}
    act(state, 0, "play:8")
    assert_illegal(state, 0, "invite:1")  # P1's party holds 4 heirs
    act(state, 0, "invite:2")
    s = summarize(state)
    assert s["P2"]["party"] == ["Niece#11", "Gardener#8"]
    assert view(state, None)["seats"][2]["gardeners"] == 1  # belongs to P2 (MAU-4.1)
    assert s["P2"]["counted"] == 0  # no graves: 0 - 2 floors at 0 (MAU-9.2)
    assert hand(state, 0) == sorted(["Brat#6", "Auto#20", "Punch#23"])
    assert killable(state, 2) == {11: False, 8: True}  # Niece now protected (MAU-5.6)
    assert s["active"] == 1


def test_maus_s03_grumpy_dowager_locks_her_party_for_everyone():
    """MAU-S03 (MAU-4.3, MAU-4.1, MAU-A06)."""
    spec = {
        "active": 1,
        "P1": {"party": ["Dowager#18"], "hand": ["Brat#15", "Gardener#17", "Stairs#22"]},
        "P0": {"party": ["Uncle#5"]},
        "deck": ["Maze#21"],
    }
    state = build(spec)
    draw(state, 1, "deck")
    assert invite_seats(state, 1, "Brat#15") == {0, 2}
    assert invite_seats(state, 1, "Gardener#17") == {0, 2}
    assert view(state, None)["seats"][1]["locked"] is True
    act(state, 1, "play:17")
    assert_illegal(state, 1, "invite:1")
    act(state, 1, "invite:0")
    s = summarize(state)
    assert s["P0"]["party"] == ["Uncle#5", "Gardener#17"]
    assert s["P1"]["party"] == ["Dowager#18"]
    assert hand(state, 1) == sorted(["Brat#15", "Stairs#22", "Maze#21"])
    assert s["active"] == 2

    # Equally illegal for P0 and P2 (the lock binds every player, MAU-A06).
    for seat in (0, 2):
        other = build(
            {
                "active": seat,
                "P1": {"party": ["Dowager#18"]},
                f"P{seat}": {"hand": ["Brat#15", "Gardener#17", "Stairs#22"]},
                "deck": ["Maze#21"],
            }
        )
        draw(other, seat, "deck")
        assert invite_seats(other, seat, "Brat#15") == {0, 2}


def test_maus_s04_generic_accident_on_another_players_heir():
    """MAU-S04 (MAU-5.2, MAU-5.3, MAU-3.9, MAU-A12, MAU-A17)."""
    state = build(
        {
            "P0": {"hand": ["Croquet#19", "Aunt#10", "Holiday#46"]},
            "P1": {"party": ["Uncle#14", "Brat#6"], "morgue": ["Sheep#3"]},
            "discard": ["Misplaced#48"],
            "deck": ["Cousin#16"],
        }
    )
    draw(state, 0, "deck")
    play(state, 0, "Croquet#19", "kill:14")
    s = summarize(state)
    assert s["P1"]["party"] == ["Brat#6"]
    assert s["P1"]["morgue"] == ["Sheep#3", "Uncle#14"]
    assert s["P0"]["morgue"] == []
    assert s["discard"] == ["Misplaced#48", "Croquet#19"]
    assert hand(state, 0) == sorted(["Aunt#10", "Holiday#46", "Cousin#16"])
    assert s["active"] == 1


def test_maus_s05_morgue_overflow_discards_the_victim():
    """MAU-S05 (MAU-5.4, MAU-5.3, MAU-3.9, MAU-A24)."""
    state = build(
        {
            "P0": {"hand": ["Auto#29", "Wife#13", "Sheep#12"]},
            "P2": {
                "party": ["Aunt#1", "Grandpa#9"],
                "morgue": ["Brat#6", "Brat#15", "Gardener#8", "Cousin#7"],
            },
            "discard": ["Chandelier#24"],
            "deck": ["Hunting#25"],
        }
    )
    draw(state, 0, "deck")
    assert "kill:1" in targets(state, 0, "Auto#29")  # a kill into a full morgue is legal
    play(state, 0, "Auto#29", "kill:1")
    s = summarize(state)
    assert s["P2"]["party"] == ["Grandpa#9"]
    assert s["P2"]["morgue"] == ["Brat#6", "Brat#15", "Gardener#8", "Cousin#7"]
    assert s["discard"] == ["Chandelier#24", "Auto#29", "Aunt#1"]
    assert hand(state, 0) == sorted(["Wife#13", "Sheep#12", "Hunting#25"])
    assert s["active"] == 1
    draw(state, 1, "discard")  # P1 may take Aunt#1 next turn
    assert "Aunt#1" in side(state, 1)["hand"]


def test_maus_s06_clever_nephew_protected_while_not_alone():
    """MAU-S06 (MAU-5.5, MAU-5.6, MAU-3.4)."""
    state = build(
        {
            "P0": {"hand": ["Hunting#34", "Brat#15", "Doozy#50"]},
            "P1": {"party": ["Nephew#2", "Aunt#10"]},
            "deck": ["Boating#35"],
        }
    )
    draw(state, 0, "deck")
    assert heirs(targets(state, 0, "Hunting#34"), "kill") == {10}
    act(state, 0, "play:34")
    assert_illegal(state, 0, "kill:2")
    act(state, 0, "kill:10")
    s = summarize(state)
    assert s["P1"]["party"] == ["Nephew#2"]
    assert s["P1"]["morgue"] == ["Aunt#10"]
    assert s["discard"] == ["Hunting#34"]
    assert hand(state, 0) == sorted(["Brat#15", "Doozy#50", "Boating#35"])
    assert killable(state, 1) == {2: True}  # alone now: a legal target later
    assert s["active"] == 1


def test_maus_s07_clever_heirs_alone_can_be_killed():
    """MAU-S07 (MAU-5.6, MAU-3.2)."""
    spec = {
        "P0": {"hand": ["Punch#32", "Uncle#5", "Sheep#3"]},
        "P2": {"party": ["Nephew#2", "Niece#11"]},
        "discard": ["Brat#6"],
        "deck": ["Croquet#28"],
    }
    state = build(spec)
    draw(state, 0, "discard")
    assert heirs(targets(state, 0, "Punch#32"), "kill") == {2, 11}

    # Had P0 invited Uncle#5 to P2's party, neither Clever heir would be a legal target.
    branch = RULES.clone(state)
    play(branch, 0, "Uncle#5", "invite:2")
    assert killable(branch, 2) == {2: False, 11: False, 5: True}

    play(state, 0, "Punch#32", "kill:11")
    s = summarize(state)
    assert s["P2"]["party"] == ["Nephew#2"]
    assert s["P2"]["morgue"] == ["Niece#11"]
    assert s["discard"] == ["Punch#32"]
    assert hand(state, 0) == sorted(["Uncle#5", "Sheep#3", "Brat#6"])
    assert s["deck_top"] == "Croquet#28"
    assert s["active"] == 1


def test_maus_s08_meddling_cousin_shields_her_party():
    """MAU-S08 (MAU-5.7, MAU-5.6, MAU-5.5)."""
    state = build(
        {
            "P0": {"hand": ["Chandelier#33", "Maze#30", "Brat#15"]},
            "P1": {"party": ["Cousin#7", "Uncle#5", "Nephew#2"]},
            "deck": ["Auto#20"],
        }
    )
    draw(state, 0, "deck")
    assert heirs(targets(state, 0, "Chandelier#33"), "kill") == {7}
    act(state, 0, "play:33")
    assert_illegal(state, 0, "kill:5")
    assert_illegal(state, 0, "kill:2")
    act(state, 0, "kill:7")
    s = summarize(state)
    assert s["P1"]["party"] == ["Uncle#5", "Nephew#2"]
    assert s["P1"]["morgue"] == ["Cousin#7"]
    assert s["discard"] == ["Chandelier#33"]
    assert hand(state, 0) == sorted(["Maze#30", "Brat#15", "Auto#20"])
    assert killable(state, 1) == {5: True, 2: False}  # Nephew still Clever-protected
    assert s["active"] == 1


def test_maus_s09_playing_a_doozy():
    """MAU-S09 (MAU-6.2, MAU-7.1, MAU-7.6, MAU-3.4, MAU-A09, MAU-A15)."""
    state = build(
        {
            "P0": {
                "hand": ["Doozy#47", "Doozy#53", "Aunt#1"],
                "party": ["Uncle#5", "Brat#6+Doozy#50"],
            },
            "P1": {"party": ["Cousin#16"]},
            "discard": ["Croquet#19"],
            "deck": ["Sheep#12"],
        }
    )
    draw(state, 0, "deck")
    assert heirs(targets(state, 0, "Doozy#47"), "doozy") == {5, 16}
    act(state, 0, "play:47")
    assert_illegal(state, 0, "doozy:6")  # already shielded (MAU-7.1)
    act(state, 0, "doozy:5")
    s = summarize(state)
    assert s["P0"]["party"] == ["Uncle#5+Doozy#47", "Brat#6+Doozy#50"]
    assert len(view(state, None)["seats"][0]["party"]) == 2  # Doozies are not heirs (7.6)
    assert s["discard"] == ["Croquet#19"]
    assert hand(state, 0) == sorted(["Doozy#53", "Aunt#1", "Sheep#12"])
    assert s["active"] == 1


def test_maus_s10_accident_against_a_doozy_only_removes_the_doozy():
    """MAU-S10 (MAU-7.2, MAU-7.3, MAU-5.3, MAU-3.9, MAU-A10, MAU-A17)."""
    state = build(
        {
            "active": 1,
            "P1": {"hand": ["Stairs#31", "Dowager#18", "Misplaced#54"]},
            "P0": {"party": ["Uncle#5+Doozy#47", "Brat#6"], "morgue": ["Sheep#3"]},
            "discard": ["Aunt#10"],
            "deck": ["Hunting#25"],
        }
    )
    draw(state, 1, "deck")
    assert heirs(targets(state, 1, "Stairs#31"), "kill") == {5, 6}
    play(state, 1, "Stairs#31", "kill:5")
    s = summarize(state)
    assert s["P0"]["party"] == ["Uncle#5", "Brat#6"]
    assert s["P0"]["morgue"] == ["Sheep#3"]
    assert s["discard"] == ["Aunt#10", "Stairs#31", "Doozy#47"]
    assert hand(state, 1) == sorted(["Dowager#18", "Misplaced#54", "Hunting#25"])
    assert s["active"] == 2
