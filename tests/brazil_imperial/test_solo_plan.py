"""The solo bot's goal-seeking rules (``solo_plan.py``, BI-18.4, BI-18.6) on hand-built
positions: when it attacks the Dutch capital and what it values."""

from __future__ import annotations

from engine_positions import P1, game, hand, unit

from engine.games.brazil_imperial import solo_plan as SP


def _solo() -> dict:
    st = game(boards=("green_brazil",), monarchs=("oba_ii",))
    st["dutch"] = {"hex": "4,-1", "garrison": [2, 2]}
    st["solo_goals"] = [False, False, False]
    st["token"][P1] = "build"
    return st


def test_attack_only_when_the_army_beats_the_expected_defence():
    """BI-18.4: defence = 3 + garrison 2 + 2 + a flipped card (about 1) = 8. Cavalry 3 +
    cannon 3 with B21 and B23 (+3 each with those units, BI-22) reach 12 and attack; without
    cards (6) they wait; a lone archer never attacks."""
    st = _solo()
    unit(st, P1, 4, "3,-1")
    unit(st, P1, 5, "3,-1")
    unit(st, P1, 1, "3,-1")
    assert SP.dutch_defence(st) == 8
    assert SP.dest_score(st, [4, 5], "4,-1") < 0
    hand(st, "battle", P1, ["B21", "B23"])
    assert SP.attack_power(st, [4, 5]) == 12
    assert SP.dest_score(st, [4, 5], "4,-1") > 0
    assert SP.dest_score(st, [1], "4,-1") < 0


def test_value_rewards_the_goals():
    """BI-18.6: deploying a unit, revealing a mission and having all five units out are each
    worth more than holding the items they cost."""
    st = _solo()
    st["supply"][P1] = {"gold": 1, "coffee": 1}
    before = SP.solo_value(st)
    st["supply"][P1] = {}
    unit(st, P1, 4, "-4,1")
    assert SP.solo_value(st) > before
    four = SP.solo_value(st)
    for slot in (1, 2, 3, 5):
        unit(st, P1, slot, "-4,1")
    assert SP.solo_value(st) - four > 20  # the army goal is met at the end of this turn
    st["missions"][P1] = {"1": "MI-1", "2": "MII-1"}
    base = SP.solo_value(st)  # MI-1: 1 of 3 conditions met (a unit on the map)
    st["revealed"][P1].append("MI-1")
    assert SP.solo_value(st) > base + 5


def test_the_easier_mission_is_kept():
    """BI-18.2, BI-14.2: of MII-1 (3 units, 2 pentagon products, a city) and MII-6 (5
    buildings, 2 units, a gold card in hand) the solo bot keeps MII-6; of MI-1 (a unit, a
    Trading Post, a Farm) and MI-2 (2 Sugar Cane Fields, a Sawmill, a painting) it keeps MI-1."""
    assert SP.mission_difficulty("MII-6") < SP.mission_difficulty("MII-1")
    assert SP.mission_difficulty("MI-1") < SP.mission_difficulty("MI-2")
