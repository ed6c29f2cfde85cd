"""Mission conditions against positions (BI-14.2, BI-14.3, BI-23, BI-A21, BI-A25, BI-O07) and the
palaces a reveal may place (BI-15.2, BI-15.3, BI-A24), with scenarios BI-S23 and BI-S24. Every
mission card (BI-23.1-23.24) is checked in a position built from its printed conditions, and in
the same position missing one condition."""

from __future__ import annotations

import pytest
from brazil_positions import P1, P2, blank, building, city, make, put

from engine.games.brazil_imperial.cards import MISSIONS as CARDS
from engine.games.brazil_imperial.missions import (
    condition_holds,
    conditions_met,
    controlled,
    controller,
    held,
    mission_holds,
    owner_controlled,
    palace_sites,
    revealable,
)

SLOTS = {"square": ["a:manufacture", "a:harbor"], "pentagon": ["a:build", "a:renovate"],
         "octagon": ["a:deploy", "a:frame"]}  # fmt: skip
SHAPE = {"dye": "square", "sugar": "square", "cachaca": "pentagon", "roasted_coffee": "pentagon",
         "textiles": "octagon", "jewelry": "octagon"}  # fmt: skip


def position(units=0, buildings=(), cities=0, products=(), paintings=(), supply=None, gold=(),
             palaces=0, era=3):  # fmt: skip
    """P1 (green, Dom Obá II) with the given things; everything owner-controlled."""
    st = blank(era=era)
    for i in range(units):
        put(st, P1, i + 1, f"{i},5")
    for i, b in enumerate(buildings):
        building(st, f"{i},-5", b, P1)
    for i in range(cities):
        city(st, f"{i},6", ["sao_vicente", "olinda", "recife"][i], P1)
    used = {"square": 0, "pentagon": 0, "octagon": 0}
    for p in products:
        make(st, P1, {p: SLOTS[SHAPE[p]][used[SHAPE[p]]]})
        used[SHAPE[p]] += 1
    st["paintings"][P1] = list(paintings)
    st["supply"][P1] = dict(supply or {})
    st["gold"][P1] = list(gold)
    for i in range(palaces):
        st["tiles"][f"{i},-5"]["palace"] = ["II", "III"][i]
    return st


SCF, SAW, FARM, TP = "sugar_cane_field", "sawmill", "farm", "trading_post"
GM, CP, CH, UNI = "gold_mine", "cotton_plantation", "church", "university"

# mission -> (position meeting all three conditions, the same missing exactly one), from BI-23.
MISSIONS = {
    # BI-23.1
    "MI-1": (dict(units=1, buildings=[TP, FARM]), dict(units=0, buildings=[TP, FARM])),
    # BI-23.2
    "MI-2": (dict(buildings=[SCF, SCF, SAW], paintings=["P01"]),
             dict(buildings=[SCF, SAW], paintings=["P01"])),
    # BI-23.3
    "MI-3": (dict(units=2, buildings=[SAW], products=["dye"]),
             dict(units=2, buildings=[SAW])),
    # BI-23.4
    "MI-4": (dict(buildings=[SCF, SAW, FARM], paintings=["P05"], supply={"gold": 2}),
             dict(buildings=[SCF, SAW, FARM], paintings=["P05"], supply={"gold": 1})),
    # BI-23.5
    "MI-5": (dict(units=1, products=["sugar"], buildings=[FARM]),
             dict(units=1, products=["cachaca"], buildings=[FARM])),
    # BI-23.6
    "MI-6": (dict(buildings=[TP, SCF], paintings=["P01", "P09"]),
             dict(buildings=[TP, SCF], paintings=["P01"])),
    # BI-23.7
    "MI-7": (dict(units=2, buildings=[SCF, SAW], gold=["G17"]),
             dict(units=2, buildings=[SCF, SCF], gold=["G17"])),
    # BI-23.8
    "MI-8": (dict(buildings=[SAW, FARM], supply={"brazilwood": 1, "coffee": 1, "cotton": 1}),
             dict(buildings=[SAW, FARM], supply={"brazilwood": 1, "coffee": 1, "gold": 3})),
    # BI-23.9
    "MII-1": (dict(units=3, products=["cachaca", "roasted_coffee"], cities=1),
              dict(units=3, products=["cachaca", "dye"], cities=1)),
    # BI-23.10
    "MII-2": (dict(buildings=[GM, CP], paintings=["P01", "P09"]),
              dict(buildings=[GM, CP], paintings=["P01", "P02"])),
    # BI-23.11
    "MII-3": (dict(cities=1, products=["dye", "sugar"], buildings=[SCF, SAW, FARM, TP]),
              dict(cities=1, products=["dye", "sugar"], buildings=[SCF, SAW, FARM])),
    # BI-23.12
    "MII-4": (dict(units=3, buildings=[CP], paintings=["P01", "P02", "P03"]),
              dict(units=3, buildings=[GM], paintings=["P01", "P02", "P03"])),
    # BI-23.13
    "MII-5": (dict(buildings=[GM], products=["cachaca"], cities=1),
              dict(buildings=[GM], products=["cachaca"])),
    # BI-23.14
    "MII-6": (dict(buildings=[SCF] * 5, units=2, gold=["G01"]),
              dict(buildings=[SCF] * 5, units=2)),
    # BI-23.15
    "MII-7": (dict(buildings=[CP, CP], products=["dye", "roasted_coffee"]),
              dict(buildings=[CP, CP], products=["dye", "jewelry"])),
    # BI-23.16
    "MII-8": (dict(cities=1, buildings=[GM], units=3), dict(cities=1, buildings=[GM], units=2)),
    # BI-23.17
    "MIII-1": (dict(buildings=[CH, UNI], products=["jewelry"]),
               dict(buildings=[CH, CH], products=["jewelry"])),
    # BI-23.18
    "MIII-2": (dict(units=4, cities=2, paintings=["P01", "P02", "P03", "P04"]),
               dict(units=4, cities=1, paintings=["P01", "P02", "P03", "P04"])),
    # BI-23.19
    "MIII-3": (dict(palaces=2, buildings=[SCF] * 6, products=["textiles"]),
               dict(palaces=1, buildings=[SCF] * 6, products=["textiles"])),
    # BI-23.20
    "MIII-4": (dict(products=["dye", "sugar", "cachaca", "textiles"], buildings=[UNI], units=3),
               dict(products=["dye", "sugar", "cachaca"], buildings=[UNI], units=3)),
    # BI-23.21
    "MIII-5": (dict(buildings=[CH, CH], paintings=["P01", "P09", "P17"], cities=1),
               dict(buildings=[CH, CH], paintings=["P01", "P09", "P10"], cities=1)),
    # BI-23.22
    "MIII-6": (dict(units=5, buildings=[GM, GM], supply={"science": 2}),
               dict(units=4, buildings=[GM, GM], supply={"science": 2})),
    # BI-23.23
    "MIII-7": (dict(buildings=[CP, CP, CH], products=["cachaca", "roasted_coffee"]),
               dict(buildings=[CP, CH], products=["cachaca", "roasted_coffee"])),
    # BI-23.24
    "MIII-8": (dict(buildings=[SCF] * 8, paintings=["P01", "P02", "P03", "P04", "P05"], cities=2),
               dict(buildings=[SCF] * 7, paintings=["P01", "P02", "P03", "P04", "P05"], cities=2)),
}  # fmt: skip


@pytest.mark.parametrize("mid", sorted(MISSIONS))
def test_bi_23_every_mission_card(mid):
    """BI-23 (every card, table MISSIONS), BI-14.2: each card met, and missing one condition."""
    full, short = MISSIONS[mid]
    st = position(**full)
    assert mission_holds(st, P1, mid)
    assert conditions_met(st, P1, mid) == 3
    st = position(**short)
    assert not mission_holds(st, P1, mid)
    assert conditions_met(st, P1, mid) == 2
    assert conditions_met(blank(era=3), P1, mid) == 0


def test_bi_s23_mi_1_holds_and_palace_choices():
    """BI-S23 (BI-14.3, BI-15.2, BI-15.3, BI-23.1)."""
    st = blank(monarchs=("pedro_ii", "afonso_i"))
    building(st, "-3,0", TP, P1)
    building(st, "-3,1", FARM, P1, goods={"coffee": 2})
    put(st, P1, 1, "-2,0")
    st["missions"][P1] = {"1": "MI-1", "2": "MII-1", "3": "MIII-1"}
    assert revealable(st, P1) == ["MI-1"]
    # Legal palaces: II and III on (-3,0) or (-3,1), V on (-3,1); IV and VI none.
    assert palace_sites(st, P1) == {"II": ["-3,0", "-3,1"], "III": ["-3,0", "-3,1"], "V": ["-3,1"]}


def test_bi_s24_occupied_tile_does_not_count_and_earlier_era_mission():
    """BI-S24 (BI-14.3, BI-13.3, BI-15.2, BI-15.3, BI-23.8)."""
    st = blank(era=2)
    building(st, "3,0", SAW, P2)
    building(st, "3,-1", FARM, P2)
    building(st, "4,-2", SAW, P2)
    put(st, P1, 1, "3,0")  # P1's archer occupies P2's Sawmill (3,0)
    st["supply"][P2] = {"brazilwood": 1, "sugar_cane": 1, "coffee": 1}
    st["missions"][P2] = {"1": "MI-8", "2": "MII-6", "3": "MIII-1"}
    assert owner_controlled(st, P2, "building") == ["4,-2", "3,-1"]  # (r, q) order
    assert mission_holds(st, P2, "MI-8")
    # Legal palaces were II or III on (4,-2) or (3,-1) and V on (3,-1); none on (3,0).
    assert palace_sites(st, P2) == {"II": ["4,-2", "3,-1"], "III": ["4,-2", "3,-1"], "V": ["3,-1"]}
    # One own Sawmill only: a mission needing two own buildings of its kind would fail.
    assert controlled(st, P1) == ["3,0"]


def test_bi_14_3_only_current_or_earlier_era_missions():
    """BI-14.3, BI-A22, BI-23.17: only current- or earlier-era missions, once."""
    st = position(buildings=[CH, UNI], products=["jewelry"], units=1, era=1)
    st["missions"][P1] = {"1": "MI-3", "2": "MII-5", "3": "MIII-1"}
    assert mission_holds(st, P1, "MIII-1")
    assert revealable(st, P1) == []  # MIII-1 holds but era III has not begun (BI-A22)
    st["era"] = 3
    assert revealable(st, P1) == ["MIII-1"]
    st["revealed"][P1].append("MIII-1")
    assert revealable(st, P1) == []


def test_bi_a21_goods_on_controlled_tiles_count_unless_supply_only():
    """BI-A21, BI-D03, BI-O07, BI-13.2, BI-13.3, BI-23.4, BI-23.8."""
    st = position(buildings=[SAW, FARM], supply={"brazilwood": 1})
    st["tiles"]["1,-5"]["goods"] = {"coffee": 2}
    building(st, "7,7", SCF, P2, goods={"gold": 2})
    put(st, P1, 1, "7,7")  # P1 occupies P2's field: its goods count for P1 (BI-13.2)
    st["supply"][P1]["gold"] = 1
    assert held(st, P1, ("gold",)) == 3
    assert held(st, P1, ("brazilwood", "sugar_cane", "coffee", "cotton")) == 3
    assert mission_holds(st, P1, "MI-8")
    st["opts"]["mission_goods_scope"] = "supply_only"  # BI-O07
    assert held(st, P1, ("gold",)) == 1
    assert not mission_holds(st, P1, "MI-8")
    assert held(st, P2, ("gold",)) == 0  # P2 may not count goods on its occupied tile


def test_bi_a25_palaces_count_only_on_controlled_tiles():
    """BI-A25, BI-13.3, BI-23.19: palaces count only on tiles you control."""
    st = position(buildings=[SCF, SAW], palaces=2)
    cond = next(c for c in CARDS["MIII-3"].conditions if c.type == "palaces_on_map")
    assert condition_holds(st, P1, cond)
    put(st, P2, 1, "0,-5")  # P2 occupies the tile carrying Palace II
    assert not condition_holds(st, P1, cond)


def test_cities_and_units_counts():
    """BI-14.2, BI-1.8, BI-13.3, BI-23.16: units in the supply and occupied cities do not count."""
    st = position(units=2, cities=1)
    put(st, P1, 3, "supply")  # defeated units in the supply are not on the map
    city(st, "9,9", "recife", P1)
    put(st, P2, 1, "9,9")  # an occupied city is not "own"
    # MII-8: 1 own city (the occupied Recife does not count) holds; no Gold Mine; 2 units < 3.
    assert conditions_met(st, P1, "MII-8") == 1
    city(st, "0,6", "recife", P1)  # replace São Vicente by an occupied city: no own city left
    put(st, P2, 2, "0,6")
    assert conditions_met(st, P1, "MII-8") == 0


def test_conditions_given_as_data_records():
    """BI-14.2: conditions may be given as data records; unknown types are refused."""
    st = position(units=2, buildings=[SAW])
    assert condition_holds(st, P1, {"type": "units_on_map", "min": 2})
    assert not condition_holds(st, P1, {"type": "own_building", "building": "farm", "min": 1})
    assert condition_holds(st, P1, {"type": "paintings", "min": 0, "distinct_colours": True})
    with pytest.raises(ValueError, match="unknown mission condition"):
        condition_holds(st, P1, {"type": "war", "min": 1})


def test_bi_1_7_and_bi_13_5_control_follows_units_and_returns_to_the_owner():
    """BI-1.7, BI-13.5, BI-13.6: the occupier controls; control returns when it leaves."""
    st = blank(era=2)
    building(st, "3,-1", FARM, P2)
    put(st, P2, 1, "3,-1")  # the owner's own units do not change anything
    assert controller(st, "3,-1") == P2
    put(st, P2, 1, "supply")
    put(st, P1, 4, "3,-1")
    assert controller(st, "3,-1") == P1
    assert owner_controlled(st, P2) == [] and controlled(st, P1) == ["3,-1"]
    put(st, P1, 4, "2,-1")  # the last occupying unit leaves
    assert controller(st, "3,-1") == P2
    assert controller(st, "0,0") is None  # no tile there
