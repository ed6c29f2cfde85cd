"""Brazil: Imperial "why not?" reasons on hand-built positions (rulings BI-4.2, BI-5.6, BI-5.10,
BI-6.3, BI-6.4, BI-6.6, BI-6.7, BI-6.15, BI-7.1, BI-7.4, BI-7.5, BI-7.7, BI-8.6), and that they
depend only on the seat's view.

The 2-player map (maps.json "by_players" 2): the hexes next to P1's capital (-4,1) are plains
(-4,0), (-3,1), (-5,2) and forest (-3,0), (-5,1), (-4,2)."""

from __future__ import annotations

import sys
from pathlib import Path

from teach_helpers import assert_seat_view_only, reasons

from engine.games.brazil_imperial import RULES

sys.path.insert(0, str(Path(__file__).parents[1] / "brazil_imperial"))
from engine_positions import act, game, hand, ids, start, tile, unit  # noqa: E402


def test_arch_under_the_own_action_token_bi_4_2():
    st = game()
    st["token"][0] = "build"
    start(st)
    assert "a:build" not in ids(st, 0)
    assert reasons(RULES, st, 0)["Build"] == (
        "Your action token is already on it: never the same arch twice running (BI-4.2)"
    )


def test_arches_that_would_do_nothing_are_noted_bi_7():
    """Empty supply, no tiles, no cards: every arch is legal (BI-4.5) but Deploy can only draw
    (every first deployment costs something, BI-7.1), nothing can be built, renovated (no
    tile, BI-7.4), made (every product costs, BI-7.5) or traded (BI-7.7). Frame is not noted:
    Chica da Silva (P13) on display is free; Harbor always gains."""
    st = game()
    start(st)
    assert "P13" in st["display"]
    r = reasons(RULES, st, 0)
    assert set(r) == {
        "Deploy: a unit",
        "Build: a building or city",
        "Renovate: a tile",
        "Manufacture: a product",
        "Trade: an exchange",
    }
    assert r["Renovate: a tile"] == "You own no building tile (BI-7.4)"
    # green_brazil's slot 1 Archer costs 1 brazilwood (units.json): one item, the first
    assert r["Deploy: a unit"] == (
        "You would only draw a battle card: no unit you can pay to deploy; the nearest, Archer"
        " (1 brazilwood), lacks 1 brazilwood (BI-7.1, BI-5.10)"
    )
    # Dye and Sugar both lack 2 items (products.json costs); Dye comes first on the board
    assert r["Manufacture: a product"] == (
        "No product you can pay for; the nearest, Dye (2 brazilwood), lacks 2 brazilwood"
        " (BI-7.5, BI-5.10)"
    )
    assert r["Trade: an exchange"] == (
        "Every exchange needs basic resources (your supply or your tiles' goods) or 2 battle"
        " cards: you have 0 basic resources and 0 battle cards (BI-7.7)"
    )


def test_frame_names_the_nearest_painting_bi_7_2():
    """Chica da Silva (P13, free) taken off the display: with an empty supply no painting can
    be paid; Sepé Tiaraju (P05) costs a single any basic and comes first of the one-item
    costs on display."""
    st = game()
    st["display"] = ["P05", "P03", "P16", None, "P21", "P24"]
    start(st)
    assert reasons(RULES, st, 0)["Frame: a painting"] == (
        "No painting on display you can pay for; the nearest, Sepé Tiaraju (1 any basic),"
        " lacks 1 any basic (BI-7.2, BI-5.10)"
    )


def test_buildings_and_cities_say_what_is_missing_bi_6_3_bi_5_6_bi_6_15():
    st = game()
    start(st)
    st["supply"][0] = {"gold": 1}
    act(st, 0, "a:build")
    r = reasons(RULES, st, 0)
    assert r["Gold Mine (1 brazilwood + 1 sugar cane or coffee)"] == (
        "An era II building: it is era I (BI-6.3)"
    )
    assert r["Church (1 cotton + 1 gold)"] == "An era III building: it is era I (BI-6.3)"
    # one gold covers the single brazilwood of a Sugar Cane Field (BI-5.6): it is offered
    assert "b:sugar_cane_field" in ids(st, 0)
    assert "Sugar Cane Field (1 brazilwood)" not in r
    # the gold pays the brazilwood; the "sugar cane or coffee" is what is missing
    assert r["Coffee Farm (1 brazilwood + 1 sugar cane or coffee)"] == (
        "You are short of 1 sugar cane or coffee: you have 1 gold in your supply, no goods on"
        " your tiles, no gold cards (BI-5.10)"
    )
    # the tops of the two city stacks: the Monarch is still in its slot
    monarch = "A city is founded where your Monarch stands: deploy it first (BI-6.15)"
    cities = {k: v for k, v in r.items() if k.startswith("City ")}
    assert len(cities) == 2 and set(cities.values()) == {monarch}


def test_goods_on_tiles_count_in_what_you_have_bi_5_6():
    """A Sawmill of P1 at (-3,0) holding 1 brazilwood: Church (era III, so only the cost
    matters) lacks its cotton; the gold card pays the gold."""
    st = game(era=3)
    tile(st, "-3,0", "sawmill", 0, goods={"brazilwood": 1})
    hand(st, "gold", 0, ["G01"])
    start(st)
    act(st, 0, "a:build")
    r = reasons(RULES, st, 0)
    assert r["Church (1 cotton + 1 gold)"] == (
        "You are short of 1 cotton: you have an empty supply, 1 brazilwood on your tiles,"
        " 1 gold card (BI-5.10)"
    )


def test_build_where_names_the_rule_each_hex_breaks_bi_6_4_bi_6_6_bi_6_7():
    """A Trading Post (forest) next to P1's capital: the plains hexes break BI-6.4; with a P2
    tile at (-2,-1), forest (-3,0) beside it breaks BI-6.6; a P2 Archer on forest (-4,2)
    breaks BI-6.7. Only (-5,1) is offered."""
    st = game()
    tile(st, "-2,-1", "sugar_cane_field", 1)
    unit(st, 1, 1, "-4,2")
    start(st)
    st["supply"][0] = {"brazilwood": 1, "coffee": 1}
    act(st, 0, "a:build", "b:trading_post")
    assert ids(st, 0) == ["h:-5,1"]
    r = reasons(RULES, st, 0)
    assert r == {
        "(-4,0), (-3,1), (-5,2)": "A Trading Post stands on forest; these are plains (BI-6.4)",
        "(-3,0)": "Next to another player's tile or capital (BI-6.6)",
        "(-4,2)": "Another player's unit stands there (BI-6.7)",
    }


def test_units_too_dear_to_deploy_bi_7_1():
    st = game()
    start(st)
    act(st, 0, "a:deploy")
    r = reasons(RULES, st, 0)
    assert r["Monarch (1 gold)"] == (
        "Its first deployment: you are short of 1 gold: you have an empty supply, no goods on"
        " your tiles, no gold cards (BI-5.10)"
    )


def test_renovate_tiles_with_goods_bi_7_4_bi_6_13():
    """P1 owns an empty Sugar Cane Field at (-4,0) (offered, paid with the brazilwood) and a
    Sawmill at (-3,0) still holding 2 brazilwood (not offered)."""
    st = game()
    tile(st, "-4,0", "sugar_cane_field", 0)
    tile(st, "-3,0", "sawmill", 0, goods={"brazilwood": 2})
    start(st)
    st["supply"][0] = {"brazilwood": 1}
    act(st, 0, "a:renovate")
    assert "h:-4,0" in ids(st, 0) and "h:-3,0" not in ids(st, 0)
    assert reasons(RULES, st, 0) == {
        "Sawmill at (-3,0)": "It still holds goods (2 brazilwood): only an empty tile (BI-6.13)"
    }


def test_products_short_of_their_cost_bi_7_5():
    """1 brazilwood in supply: Dye (2 brazilwood) lacks 1 brazilwood; Sugar (2 sugar cane)
    lacks both. Nothing is offered but "Manufacture nothing"."""
    st = game()
    start(st)
    st["supply"][0] = {"brazilwood": 1}
    act(st, 0, "a:manufacture")
    assert ids(st, 0) == ["none"]
    r = reasons(RULES, st, 0)
    assert r["Dye (2 brazilwood)"].startswith("You are short of 1 brazilwood: ")
    assert r["Sugar (2 sugar cane)"].startswith("You are short of 2 sugar cane: ")
    assert len(r) == 6  # every product is still on the board


def test_trade_exchanges_without_inputs_bi_7_7():
    """1 coffee: T-1 is offered (1 coffee → 1 gold); T-2 needs 2 of cotton/coffee, T-3 4 basic
    resources, T-4 2 battle cards."""
    st = game()
    start(st)
    st["supply"][0] = {"coffee": 1}
    act(st, 0, "a:trade")
    assert "T-1:coffee" in ids(st, 0)
    assert reasons(RULES, st, 0) == {
        "2 cotton/coffee → 2 gold + gold card": (
            "Needs 2 of cotton and coffee: you have 0 cotton, 1 coffee (BI-7.7)"
        ),
        "4 basic resources → 1 science + 1 gold + gold card": (
            "Needs 4 basic resources: you have 1 basic resource (BI-7.7)"
        ),
        "2 battle cards → 1 gold + gold card": "Needs 2 battle cards: you hold 0 (BI-7.7)",
    }


def test_a_treasure_has_no_play_effect_bi_8_6():
    st = game()
    hand(st, "gold", 0, ["G13"])
    start(st)
    assert "g:G13" not in ids(st, 0)
    assert reasons(RULES, st, 0)["Play Treasure Chest"] == (
        "A Treasure has no play effect: 2 VP if still in hand at the end (BI-8.6)"
    )


def test_reasons_depend_only_on_the_seat_view():
    st = game()
    st["token"][0] = "build"
    start(st)
    assert_seat_view_only(RULES, st, 0)
    st = game()
    start(st)
    act(st, 0, "a:build")
    assert_seat_view_only(RULES, st, 0)


def test_movement_says_why_a_move_is_missing_bi_10_2_bi_12_13():
    """P1's Archer at (-3,1) after a Harbor: the free move is offered (BI-10.1); Harbor gives
    no extra move (BI-10.2); a bombard needs a cannon or grenadier (BI-12.13). After the free
    move, the free move and the bombard (which uses it) are both spent."""
    st = game()
    unit(st, 0, 1, "-3,1")
    start(st)
    act(st, 0, "a:harbor", "brazilwood", "to_movement")
    assert ids(st, 0) == ["free", "end"]
    assert reasons(RULES, st, 0) == {
        "Extra move": "Harbor gives no extra move (BI-10.2)",
        "Bombard": "It needs a cannon or grenadier of yours on the map (BI-12.13)",
    }
    act(st, 0, "free", "u:0.1", "h:-3,0")
    r = reasons(RULES, st, 0)
    assert r["Free move"] == "You have made your free move this turn (BI-10.1)"
    assert r["Bombard"] == "A bombard uses the free move, made already this turn (BI-12.13)"
