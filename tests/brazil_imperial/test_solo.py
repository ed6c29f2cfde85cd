"""Solo mode against the Dutch (BI-18.3-18.6, BI-A44-A46, BI-D05, BI-O13) with the rulings'
numbers: Dutch capital strength 3, garrison 2 + 2, +1 reinforcements after turns 6, 12, 18,
20 turns."""

from __future__ import annotations

from brazil_positions import P1, blank, put

from engine.games.brazil_imperial.combat import Fighter, Side, resolve
from engine.games.brazil_imperial.solo import (
    bombardable,
    captured,
    dutch_controls,
    dutch_side,
    garrison_after,
    missions_goal,
    outcome,
    reinforce,
    reinforcement_due,
    units_goal,
    update_goals,
)

CAV = Fighter("cav", "heavy_cavalry", 3)
CANNON = Fighter("can", "cannon", 3)
ARCHER = Fighter("arc", "archer", 1)
MONARCH = Fighter("mon", "monarch", 2)


def solo():
    st = blank(boards=("green_brazil",), monarchs=("pedro_i",))
    st["dutch"] = {"hex": "4,-1", "garrison": [2, 2], "held": True}
    st["missions"][P1] = {"1": "MI-1", "2": "MII-1"}
    return st


def test_bi_18_4_starting_dutch_defence_is_seven_plus_a_flipped_card():
    """BI-18.4, BI-18.6, BI-22.20: 3 + 2 + 2 + the flipped card."""
    side = dutch_side([2, 2], True, "B05")
    green = Side(units=(CAV, CANNON, MONARCH), cards=("B21",))  # 3 + 3 + 2 + 3
    r = resolve(green, side)
    assert (r.attack, r.defence) == (11, 3 + 2 + 2 + 1)
    assert r.attacker_wins and r.occupies and captured(r)
    assert garrison_after([2, 2], r) == []
    # An Ambush flipped for the Dutch counts +3 (BI-22.20): 10 against 9, and they win by 1.
    r = resolve(
        Side(units=(CAV, CANNON, ARCHER), cards=("B01", "B02")), dutch_side([2, 2], True, "B20")
    )
    assert (r.attack, r.defence, r.attacker_wins) == (9, 10, False)
    assert r.winner_loses_one and garrison_after([2, 2], r) == [2]
    assert not captured(r)


def test_bi_18_4_dutch_lose_their_weakest_unit_when_winning_narrowly():
    """BI-18.4, BI-A46, BI-12.8."""
    r = resolve(Side(units=(CAV, CANNON, ARCHER, MONARCH)), dutch_side([2, 2, 1], True, "B18"))
    assert (r.attack, r.defence, r.margin) == (9, 11, 2)
    assert garrison_after([2, 2, 1], r) == [2, 2, 1]
    r = resolve(Side(units=(CAV, CANNON, ARCHER, MONARCH), cards=("B09",)),
                dutch_side([2, 2, 1], True, "B18"))  # fmt: skip
    assert (r.attack, r.defence, r.margin, r.attacker_wins) == (11, 11, 0, False)
    assert garrison_after([2, 2, 1], r) == [2, 2]


def test_bi_18_3_bombard_while_garrisoned_takes_no_control():
    """BI-18.3, BI-12.13, BI-A15, BI-A46."""
    assert bombardable([2, 2]) and not bombardable([])
    r = resolve(Side(units=(CANNON,), cards=("B23", "B15")), dutch_side([2], True, None), "bombard")
    assert (r.attack, r.defence, r.attacker_wins) == (9, 5, True)
    assert not captured(r)  # a bombard never puts a unit on the hex
    assert garrison_after([2], r) == []


def test_bi_18_4_occupied_capital_adds_no_tile_strength():
    """BI-18.4, BI-18.3: tile strength only while the Dutch control it."""
    st = solo()
    assert dutch_controls(st)
    put(st, P1, 4, "4,-1")
    assert not dutch_controls(st)
    assert dutch_side([1], dutch_controls(st), None).tile == 0
    assert dutch_side([1], True, None).tile == 3


def test_bi_18_5_reinforcements_after_turns_6_12_18_unless_occupied():
    """BI-18.5, BI-A46."""
    due = [t for t in range(1, 21) if reinforcement_due(t, occupied=False)]
    assert due == [6, 12, 18]
    assert not reinforcement_due(12, occupied=True)
    garrison = [2, 2]
    for t in range(1, 21):
        if reinforcement_due(t, occupied=False):
            garrison = reinforce(garrison)
    assert garrison == [2, 2, 1, 1, 1]
    assert 3 + sum(garrison) == 10  # the Dutch defence rises from 7 to 10 by turn 18


def test_bi_18_6_goals_stay_achieved_and_the_result():
    """BI-18.6, BI-A44, BI-D05."""
    st = solo()
    assert update_goals(st) == [False, False, False]
    st["revealed"][P1] = ["MI-1"]
    assert not missions_goal(st)
    st["revealed"][P1].append("MII-1")
    assert missions_goal(st)
    for slot in range(1, 6):
        put(st, P1, slot, f"{slot - 3},0")
    assert units_goal(st)
    st["solo_goals"] = update_goals(st)
    assert st["solo_goals"] == [True, True, False]
    put(st, P1, 1, "supply")  # goal 2 stays achieved once met
    assert not units_goal(st)
    st["solo_goals"] = update_goals(st, capture=True)
    assert st["solo_goals"] == [True, True, True]
    assert outcome(st["solo_goals"], 7) == "win"
    assert outcome([True, True, False], 19) is None
    assert outcome([True, True, False], 20) == "lose"
    assert outcome([True, True, True], 20) == "win"


def test_bi_o13_deployed_reading_of_goal_two():
    """BI-O13, BI-18.6, BI-D05."""
    st = solo()
    for slot in range(1, 6):
        put(st, P1, slot, "supply")
    assert not units_goal(st)
    st["opts"]["solo_units_goal"] = "deployed"
    assert units_goal(st)
    st["units"][P1][4]["once"] = False
    st["units"][P1][4]["loc"] = "slot"
    assert not units_goal(st)
