"""Final scoring and the tiebreak (BI-17.3, BI-17.4, BI-D16) with scenario BI-S25's numbers, the
palace end bonuses (BI-15.3), the end-scoring paintings (BI-20.16, 20.20, 20.22-20.24, BI-O08),
Treasures (BI-21.13-21.16), exploration VP (BI-24), crowns (BI-19.1/19.2/19.7), Victoria
(BI-19.9), Dom Obá II (BI-19.6) and the solo Dutch capital (BI-18.8)."""

from __future__ import annotations

import pytest
from brazil_positions import P1, P2, blank, building, city, make, put

from engine.games.brazil_imperial.scoring import (
    final_scores,
    palace_vp,
    public_estimate,
    score,
    tiebreak,
    tile_vp,
    winners,
)


def s25():
    """The final position of BI-S25."""
    st = blank(monarchs=("oba_ii", "manuel_i"), era=3)
    # P1 (Dom Obá II)
    building(st, "-3,0", "sawmill", P1, palace="II")
    building(st, "-3,1", "farm", P1, palace="V")
    building(st, "-4,0", "church", P1)
    building(st, "-2,0", "university", P1, goods={"science": 2})
    city(st, "-2,2", "sao_vicente", P1)
    building(st, "-4,2", "trading_post", P1, palace="III")
    put(st, P1, 1, "-3,0")
    put(st, P1, 2, "supply")
    put(st, P1, 3, "-2,2")
    put(st, P1, 4, "supply")
    make(st, P1, {"dye": "a:harbor", "sugar": "a:manufacture", "jewelry": "a:frame"})
    st["paintings"][P1] = ["P03", "P22"]
    st["gold"][P1] = ["G13"]
    st["explored"][P1] = ["X05"]
    st["missions"][P1] = {"1": "MI-1", "2": "MII-3", "3": "MIII-1"}
    st["revealed"][P1] = ["MI-1", "MII-3", "MIII-1"]
    st["supply"][P1] = {"science": 1, "gold": 1}
    # P2 (Manuel I)
    building(st, "3,0", "sawmill", P2, palace="II", crown=True)
    building(st, "4,-2", "sawmill", P2, palace="III", crown=True)
    building(st, "3,-2", "university", P2)
    building(st, "3,-3", "gold_mine", P2)
    city(st, "4,0", "olinda", P2)
    put(st, P2, 1, "supply")
    put(st, P2, 2, "3,0")
    put(st, P2, 3, "4,0")
    put(st, P2, 4, "-4,2")  # the heavy cavalry occupies P1's Trading Post
    make(st, P2, {"dye": "a:harbor", "roasted_coffee": "a:build", "textiles": "a:deploy"})
    st["paintings"][P2] = ["P02", "P13", "P19", "P20"]
    st["gold"][P2] = ["G17"]
    st["explored"][P2] = ["X13"]
    st["missions"][P2] = {"1": "MI-8", "2": "MII-5", "3": "MIII-4"}
    st["revealed"][P2] = ["MI-8", "MII-5"]
    st["supply"][P2] = {"science": 2, "gold": 1}
    return st


def test_bi_s25_full_scoring_table():
    """BI-S25 (BI-17.3, BI-15.3, BI-19.1, BI-19.6, BI-20.19, BI-20.20, BI-20.22, BI-6.14,
    BI-13.2, BI-23.17, BI-23.20)."""
    p1, p2 = final_scores(s25())
    assert p1 == {"units": 7, "products": 5, "paintings": 5, "gold_cards": 2, "exploration": 1,
                  "missions": 16, "palaces": 7, "tiles": 10, "total": 53}  # fmt: skip
    assert p2 == {"units": 8, "products": 6, "paintings": 6, "gold_cards": 0, "exploration": 3,
                  "missions": 12, "palaces": 5, "tiles": 13, "total": 53}  # fmt: skip


def test_bi_s25_tiebreak_science_on_the_map():
    """BI-S25, BI-17.4, BI-D16: science goods on the map break the tie; else shared."""
    st = s25()
    assert (tiebreak(st, P1), tiebreak(st, P2)) == (2, 0)  # supply science does not count
    assert winners(st) == [P1]
    st["tiles"]["-2,0"]["goods"] = {}
    assert winners(st) == [P1, P2]  # still tied: a shared victory


def test_bi_17_4_science_on_an_occupied_tile_counts_for_the_occupier():
    """BI-17.4, BI-13.2: an occupied tile's science counts for the occupier."""
    st = s25()
    st["tiles"]["-4,2"]["goods"] = {"science": 1, "gold": 1}
    assert (tiebreak(st, P1), tiebreak(st, P2)) == (2, 1)


def test_bi_15_3_palace_end_bonuses():
    """BI-15.3, BI-15.6, BI-13.3: palace base VP and end bonuses while controlled."""
    st = blank(era=2)
    building(st, "0,0", "cotton_plantation", P1, palace="IV")
    building(st, "1,0", "cotton_plantation", P1)
    building(st, "2,0", "gold_mine", P1, palace="III")
    building(st, "3,0", "gold_mine", P1)
    city(st, "4,0", "recife", P1, palace="VI")
    put(st, P1, 1, "supply")
    put(st, P1, 3, "4,0")
    assert palace_vp(st, P1, "IV") == 2 + 2 * 2
    assert palace_vp(st, P1, "III") == 2 + 2
    assert palace_vp(st, P1, "VI") == 2 + 2  # two units with deployed_once
    assert palace_vp(st, P1, "II") == 2
    make(st, P1, {"dye": "a:harbor"})
    assert palace_vp(st, P1, "V") == 2 + 1
    assert score(st, P1)["palaces"] == 6 + 4 + 4
    # An occupied Gold Mine no longer counts for Palace III; the occupied palace scores nothing.
    put(st, P2, 1, "3,0")
    assert palace_vp(st, P1, "III") == 3
    put(st, P2, 2, "0,0")
    assert score(st, P1)["palaces"] == 3 + 4


def test_bi_20_end_scoring_paintings():
    """BI-20.16, BI-20.20, BI-20.22, BI-20.23, BI-20.24, BI-D04, BI-O08."""
    st = blank(era=3)
    building(st, "0,0", "farm", P1, palace="V")
    city(st, "1,0", "recife", P1, palace="VI")
    city(st, "2,0", "olinda", P1)
    put(st, P1, 1, "0,0")
    put(st, P1, 2, "2,0")
    put(st, P1, 3, "supply")
    st["revealed"][P1] = ["MI-1", "MII-1"]
    st["monarch"][P1] = "pedro_i"
    base = score(st, P1)["paintings"]
    assert base == 0
    for card, extra in (("P16", 1 + 2), ("P22", 1 + 2), ("P23", 1 + 2), ("P24", 1 + 4)):
        st["paintings"][P1] = [card]
        assert score(st, P1)["paintings"] == extra, card
    # P20: +2 once with a painting of each colour (BI-D04); per set under BI-O08.
    st["paintings"][P1] = ["P20", "P01"]
    assert score(st, P1)["paintings"] == 1 + 1
    st["paintings"][P1] = ["P20", "P01", "P09"]
    assert score(st, P1)["paintings"] == 1 + 1 + 1 + 2
    st["paintings"][P1] = ["P20", "P01", "P09", "P02", "P10", "P21"]
    assert score(st, P1)["paintings"] == 1 + 1 + 1 + 1 + 2 + 3 + 2
    st["opts"]["isabel_scoring"] = "per_set"
    assert score(st, P1)["paintings"] == 1 + 1 + 1 + 1 + 2 + 3 + 4


def test_bi_20_printed_painting_vp():
    """BI-17.3 #3: printed painting VP (BI-20 table)."""
    st = blank()
    st["paintings"][P1] = [f"P{i:02d}" for i in range(1, 25) if i not in (16, 20, 22, 23, 24)]
    # BI-20 table VP of the 19 cards without end effects.
    assert score(st, P1)["paintings"] == (1 + 1 + 1 + 1 + 1 + 0 + 0 + 0 + 1 + 2 + 1 + 1 + 0 + 1
                                          + 1 + 2 + 2 + 2 + 3)  # fmt: skip


def test_bi_21_treasures_score_two_each_in_hand():
    """BI-21.13, BI-21.14, BI-21.15, BI-21.16, BI-8.6, BI-17.5."""
    st = blank()
    st["gold"][P1] = ["G13", "G14", "G15"]
    st["gold"][P2] = ["G16", "G01", "G17", "G19"]
    assert (score(st, P1)["gold_cards"], score(st, P2)["gold_cards"]) == (6, 2)
    assert public_estimate(st, P1) == score(st, P1)["total"] - 6


def test_bi_24_exploration_tile_vp():
    """BI-17.3 #5, BI-24: exploration tiles' VP (X01-X16)."""
    st = blank()
    st["explored"][P1] = [f"X{i:02d}" for i in range(1, 17)]
    # 0+0+1+1+1+1+1+1+1+3+3 (immediate) + 2+3+3+4+5 (flags)
    assert score(st, P1)["exploration"] == 30


def test_bi_19_crowned_tiles_and_flipped_crowns():
    """BI-19.1, BI-19.2, BI-19.7, BI-A26, BI-6.14: crowned VP only on the crowned side."""
    st = blank(boards=("yellow_spain", "red_portugal"), monarchs=("nassau", "manuel_i"))
    building(st, "0,0", "sugar_cane_field", P1, crown=True)
    building(st, "1,0", "sawmill", P1, crown=True)  # flipped: Nassau's crown shows no field
    building(st, "5,0", "sawmill", P2, crown=True)
    building(st, "6,0", "sawmill", P2)
    assert [tile_vp(st, h) for h in ("0,0", "1,0", "5,0", "6,0")] == [3, 1, 2, 1]
    st["monarch"][P1] = "isabella_i"
    building(st, "2,0", "trading_post", P1, crown=True)
    assert tile_vp(st, "2,0") == 3
    # Whoever controls a crowned tile scores its crowned VP (BI-19.1).
    put(st, P1, 1, "5,0")
    assert score(st, P1)["tiles"] == 1 + 1 + 3 + 2  # field now plain (Isabella), 2,0 crowned


def test_bi_17_3_units_products_victoria_and_oba():
    """BI-17.3 #1, #2, #6, BI-19.9, BI-19.6, BI-12.7: units, products, Victoria, Dom Obá II."""
    st = blank(boards=("blue_france", "green_brazil"), monarchs=("victoria", "oba_ii"))
    put(st, P1, 5, "supply")  # a defeated cannon still scores
    put(st, P1, 1, "0,0")
    make(st, P1, {"textiles": "victoria", "dye": "a:harbor"})
    s = score(st, P1)
    assert (s["units"], s["products"]) == (3 + 1, 3 + 1 + 1)
    st["revealed"][P2] = ["MI-2"]
    st["missions"][P2] = {"1": "MI-2", "2": "MII-2", "3": "MIII-2"}
    assert score(st, P2)["missions"] == 3 + 1  # MIII-2 meets nothing; Dom Obá +1
    st["revealed"][P2] += ["MII-2", "MIII-2"]
    assert score(st, P2)["missions"] == 3 + 5 + 2


def test_bi_18_8_occupied_dutch_capital_scores_three():
    """BI-18.8: an occupied Dutch capital scores as a city worth 3; BI-18.2: no era III
    mission in solo."""
    st = blank(boards=("green_brazil",), monarchs=("pedro_i",))
    st["dutch"] = {"hex": "4,-1", "garrison": [], "held": False}
    assert score(st, P1)["tiles"] == 0
    put(st, P1, 4, "4,-1")
    assert score(st, P1)["tiles"] == 3
    assert score(st, P1)["units"] == 3
    st["missions"][P1] = {"1": "MI-1", "2": "MII-1"}
    st["revealed"][P1] = ["MI-1"]
    assert score(st, P1)["missions"] == 3


@pytest.mark.parametrize("cat", ["units", "tiles", "palaces"])
def test_nothing_scores_in_an_empty_position(cat):
    """BI-17.3: the capital scores nothing; an empty position scores 0."""
    assert score(blank(), P1)[cat] == 0


def test_bi_14_7_unrevealed_era_one_and_two_missions_score_nothing():
    """BI-14.7, BI-14.5, BI-A23: a completed but unrevealed era I/II mission scores nothing; the
    era III mission scores at the end, revealed or not."""
    st = blank(era=3)
    building(st, "0,0", "trading_post", P1)
    building(st, "1,0", "farm", P1)
    building(st, "2,0", "church", P1)
    put(st, P1, 1, "0,0")
    st["missions"][P1] = {"1": "MI-1", "2": "MII-1", "3": "MIII-1"}
    assert score(st, P1)["missions"] == 2  # MIII-1: own Church (1 of 3), unrevealed
    st["revealed"][P1] = ["MI-1"]
    assert score(st, P1)["missions"] == 3 + 2 + 1  # Dom Obá II +1 for the revealed one
    assert public_estimate(st, P1) == score(st, P1)["total"] - 2
