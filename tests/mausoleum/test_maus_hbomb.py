"""The H-Bomb's resolution order (MAU-5.9, MAU-3.9, MAU-3.10, MAU-A08, MAU-A25): parties in seat
order from the active player, Doozies first, victims in arrival order unless the owner's morgue
overflows with two or more victims, when that owner (possibly not the active player) chooses the
order.
"""

from __future__ import annotations

from mausoleum_helpers import (
    RULES,
    act,
    assert_illegal,
    build,
    choice_ids,
    draw,
    play,
    summarize,
    view,
)


def _blast():
    """P1 active plays the H-Bomb; P2 (1 free morgue place, 3 victims) and P0 (full morgue,
    2 victims) must both order their victims; P1's own heir is saved by its Doozy."""
    state = build(
        {
            "active": 1,
            "P1": {
                "hand": ["HBomb#27", "Croquet#19", "Maze#21"],
                "party": ["Brat#6+Doozy#47"],
            },
            "P2": {
                "party": ["Aunt#1", "Grandpa#9", "Uncle#14"],
                "morgue": ["Brat#15", "Gardener#8", "Gardener#17"],
            },
            "P0": {
                "party": ["Uncle#5", "Aunt#10"],
                "morgue": ["Sheep#3", "Sheep#12", "Cousin#16", "Wife#13"],
            },
            "deck": ["Punch#23"],
        }
    )
    draw(state, 1, "deck")
    play(state, 1, "HBomb#27")
    return state


def test_maus_5_9_owners_order_their_victims_in_seat_order_from_the_active_player():
    """MAU-5.9 steps 1-3, MAU-3.9, MAU-3.10, MAU-A08, MAU-A25."""
    state = _blast()
    # P1's party came first: its Doozy is already on the pile; now P2 (next clockwise) orders.
    assert summarize(state)["discard"] == ["HBomb#27", "Doozy#47"]
    assert RULES.waiting(state) == (2,)
    assert state["phase"] == "order"
    assert view(state, 0)["bomb"] == {"seat": 2, "victims": [1, 9, 14]}
    assert set(choice_ids(state, 2)) >= {"order:1", "order:9", "order:14"}
    assert_illegal(state, 1, "order:1")  # only the owner decides (MAU-3.10)
    act(state, 2, "order:14")
    act(state, 2, "back")
    assert state["picks"] == []
    act(state, 2, "order:14")
    act(state, 2, "order:9")  # Aunt#1 is placed last by itself
    s = summarize(state)
    assert s["P2"]["party"] == []
    assert s["P2"]["morgue"] == ["Brat#15", "Gardener#8", "Gardener#17", "Uncle#14"]
    assert s["discard"] == ["HBomb#27", "Doozy#47", "Grandpa#9", "Aunt#1"]
    # Then P0, whose morgue is full.
    assert RULES.waiting(state) == (0,)
    act(state, 0, "order:10")
    s = summarize(state)
    assert s["P0"]["party"] == []
    assert s["P0"]["morgue"] == ["Sheep#3", "Sheep#12", "Cousin#16", "Wife#13"]
    assert s["discard"] == ["HBomb#27", "Doozy#47", "Grandpa#9", "Aunt#1", "Aunt#10", "Uncle#5"]
    assert s["P1"]["party"] == ["Brat#6"]
    # The turn (P1's) is over: P2 is active.
    assert (s["active"], s["phase"]) == (2, "turn")
    assert sorted(summarize(state)["P1"]["hand"]) == sorted(["Croquet#19", "Maze#21", "Punch#23"])


def test_maus_5_9_no_order_without_overflow_or_with_one_victim():
    """MAU-5.9 3b, MAU-A08: victims that all fit enter in arrival order; a single victim meeting a
    full morgue is discarded; nobody is asked."""
    state = build(
        {
            "P0": {"hand": ["HBomb#27", "Croquet#19", "Maze#21"]},
            "P1": {"party": ["Grandpa#9", "Aunt#1"], "morgue": ["Brat#15", "Brat#6"]},
            "P2": {
                "party": ["Uncle#5"],
                "morgue": ["Sheep#3", "Sheep#12", "Gardener#8", "Gardener#17"],
            },
            "deck": ["Punch#23"],
        }
    )
    draw(state, 0, "deck")
    play(state, 0, "HBomb#27")
    s = summarize(state)
    assert s["P1"]["morgue"] == ["Brat#15", "Brat#6", "Grandpa#9", "Aunt#1"]
    assert s["P2"]["party"] == []
    assert s["discard"] == ["HBomb#27", "Uncle#5"]
    assert (s["active"], s["phase"]) == (1, "turn")


def test_maus_5_9_step4_protection_is_judged_before_the_blast():
    """MAU-5.9 step 4, MAU-5.6, MAU-5.7: a Cousin and a Gardener die, but the heirs they protected
    before the blast survive (the Nephew stays although he ends alone)."""
    state = build(
        {
            "P0": {"hand": ["HBomb#27", "Croquet#19", "Maze#21"]},
            "P1": {"party": ["Cousin#7", "Uncle#5", "Grandpa#9"]},
            "P2": {"party": ["Nephew#2", "Gardener#8"]},
            "deck": ["Punch#23"],
        }
    )
    draw(state, 0, "deck")
    play(state, 0, "HBomb#27")
    s = summarize(state)
    assert s["P1"]["party"] == ["Uncle#5", "Grandpa#9"]
    assert s["P1"]["morgue"] == ["Cousin#7"]
    assert s["P2"]["party"] == ["Nephew#2"]
    assert s["P2"]["morgue"] == ["Gardener#8"]


def test_maus_5_9_active_owner_orders_after_doozies_in_arrival_order():
    """MAU-5.9 3a-3b, MAU-A25: within a party the Doozies go first, in arrival order; then the
    owner (here the active player) orders two victims that meet a full morgue."""
    state = build(
        {
            "P0": {
                "hand": ["HBomb#27", "Croquet#19", "Maze#21"],
                "party": ["Aunt#1+Doozy#50", "Grandpa#9", "Uncle#5+Doozy#47", "Brat#6"],
                "morgue": ["Sheep#3", "Sheep#12", "Cousin#16", "Wife#13"],
            },
            "deck": ["Punch#23"],
        }
    )
    draw(state, 0, "deck")
    play(state, 0, "HBomb#27")
    assert RULES.waiting(state) == (0,)
    assert view(state, 1)["bomb"] == {"seat": 0, "victims": [9, 6]}
    act(state, 0, "order:6")
    s = summarize(state)
    assert s["P0"]["party"] == ["Aunt#1", "Uncle#5"]
    assert s["discard"] == ["HBomb#27", "Doozy#50", "Doozy#47", "Brat#6", "Grandpa#9"]
    assert s["active"] == 1
