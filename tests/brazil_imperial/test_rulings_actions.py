"""Rulings on action choices, payments, gains, limits and goods on tiles, each played through
the engine on a §33 position (engine_positions)."""

from __future__ import annotations

from engine_positions import P1, P2, act, deck, game, hand, ids, start, tile, top, unit

from engine.games.brazil_imperial import RULES
from engine.games.brazil_imperial import actions as A


def _build_menu(st: dict) -> list[str]:
    start(st)
    act(st, P1, "a:build")
    assert top(st) == "build.what"
    return ids(st, P1)


def test_bi_6_2_no_tile_left_in_the_pool():
    """BI-6.2: a building needs a tile of its type left in the pool. With the T1 pool empty,
    neither side of T1 (Sawmill, Sugar Cane Field) can be built; the Farm (T2) still can."""
    st = game()
    st["supply"][P1] = {"sugar_cane": 2, "coffee": 2, "brazilwood": 2, "cotton": 2}
    unit(st, P1, 1, "-4,1")
    offered = _build_menu(st)
    assert "b:sawmill" in offered and "b:farm" in offered
    st = game()
    st["supply"][P1] = {"sugar_cane": 2, "coffee": 2, "brazilwood": 2, "cotton": 2}
    unit(st, P1, 1, "-4,1")
    st["pool"]["T1"] = 0
    offered = _build_menu(st)
    assert "b:sawmill" not in offered and "b:sugar_cane_field" not in offered
    assert "b:farm" in offered


def test_bi_5_10_a_cost_not_payable_in_full_is_not_offered():
    """BI-5.10: a cost is paid in full or the option is not available: with an empty supply,
    no hand and no goods, Build offers only "Build nothing" and Deploy offers no unit from the
    slots (every first deployment costs something, BI-27)."""
    st = game()
    assert _build_menu(st) == ["none"]
    st = game()
    start(st)
    act(st, P1, "a:deploy")
    assert ids(st, P1) == ["none"]


def test_bi_a40_declined_deploy_still_draws_and_bi_5_2_gains_go_to_the_supply():
    """BI-A40, BI-4.3: declining Deploy's unit still takes its battle card (the top of the
    deck, into the hand, BI-5.2). Harbor's resource needs no payment and is always taken; it
    goes to the supply, never onto a tile (BI-5.2)."""
    st = game()
    deck(st, "battle", ["B07"])
    start(st)
    act(st, P1, "a:deploy", "none")
    assert st["battle"][P1] == ["B07"]
    st = game()
    tile(st, "-3,0", "sawmill", P1)
    start(st)
    act(st, P1, "a:harbor")
    assert top(st) == "gain.basic" and "none" not in ids(st, P1) and "skip" not in ids(st, P1)
    act(st, P1, ids(st, P1)[0])
    assert sum(st["supply"][P1].values()) == 1
    assert st["tiles"]["-3,0"]["goods"] == {}


def test_bi_8_2_hand_limit_drawn_card_may_be_discarded_and_is_public():
    """BI-8.2 (the hand limit, 3 cards), BI-A36: take all, then discard, so the card just drawn
    may itself be discarded; BI-5.9, BI-A35: the discarded card goes face up to the discard
    pile, which every seat's view shows."""
    st = game()
    hand(st, "battle", P1, ["B01", "B02", "B03"])
    deck(st, "battle", ["B24"])
    start(st)
    act(st, P1, "a:deploy", "none")
    assert top(st) == "limit.battle"
    assert ids(st, P1) == ["c:B01", "c:B02", "c:B03", "c:B24"]
    act(st, P1, "c:B24")
    assert sorted(st["battle"][P1]) == ["B01", "B02", "B03"]
    assert st["battle_discard"] == ["B24"]
    assert RULES.view(st, P2)["battle_discard"] == ["B24"]


def test_bi_a51_pombal_gold_at_the_start_of_trade():
    """BI-A51 (Marquês de Pombal, P12): the gold comes at the start of the Trade action, so it
    is in the supply when the first exchange is chosen."""
    st = game()
    st["paintings"][P1] = ["P12"]
    start(st)
    act(st, P1, "a:trade")
    assert top(st) == "trade" and st["supply"][P1] == {"gold": 1}


def test_bi_a48_trade_uses_only_goods_on_tiles_you_control():
    """BI-A48: only goods on tiles you control feed a trade; BI-5.11: goods stay on a tile whose
    controller changes and the current controller (an occupier) may spend them."""
    st = game()
    tile(st, "2,-1", "cotton_plantation", P2, goods={"cotton": 1})
    start(st)
    act(st, P1, "a:trade")
    assert ids(st, P1) == ["done"]
    st = game()
    tile(st, "2,-1", "cotton_plantation", P2, goods={"cotton": 1})
    unit(st, P1, 1, "2,-1")  # P1 occupies P2's tile
    start(st)
    act(st, P1, "a:trade")
    assert "T-1:cotton" in ids(st, P1)
    act(st, P1, "T-1:cotton")
    assert st["tiles"]["2,-1"]["goods"] == {} and st["supply"][P1].get("gold") == 1


def test_bi_6_13_renovate_needs_an_empty_tile():
    """BI-6.13, BI-A50: a building produces again only by Renovate, which needs the tile to hold
    no goods (goods cannot be discarded): a sawmill with brazilwood on it is not a target, an
    empty one is."""
    st = game()
    st["supply"][P1] = {"cotton": 1}
    tile(st, "-3,0", "sawmill", P1, goods={"brazilwood": 1})
    tile(st, "-4,2", "sawmill", P1)
    fr = {"seat": P1, "card": None}
    assert A.renovate_targets(st, P1, fr) == ["-4,2"]
    start(st)
    act(st, P1, "a:renovate")
    assert ids(st, P1) == ["h:-4,2", "none"]


def test_bi_a55_capital_is_a_deploy_destination():
    """BI-A55, BI-7.1: the capital counts as a city for Deploy destinations; a unit from the
    supply deploys free to it. BI-29.5 (Deploy): ``deploy.unit`` -> ``deploy.dest`` (capital
    and cities) -> the draw."""
    st = game()
    st["units"][P1][0]["loc"] = "supply"
    start(st)
    act(st, P1, "a:deploy", "u:0.1")
    assert ids(st, P1) == ["h:-4,1"]
    act(st, P1, "h:-4,1")
    assert st["units"][P1][0]["loc"] == "-4,1" and st["supply"][P1] == {}
    assert len(st["battle"][P1]) == 1


def test_bi_a05_build_upgrade_turns_only_basics_into_any_basic():
    """BI-A05, BI-7.3: with a product in the Build arch's slot, the Church's cotton (a basic)
    may be paid with any basic resource, but its gold stays gold; the Farm's "sugar cane or
    coffee" becomes "any basic" too. Taken through a gold card, the action is not upgraded
    (BI-7.8)."""
    st = game()
    st["products"][P1]["sugar"] = "a:build"
    fr = {"seat": P1, "card": None}
    church = A.build_cost(st, P1, {"cotton": 1, "gold": 1}, fr)
    assert church == {"any_basic": 1, "gold": 1}
    assert A.build_cost(st, P1, {"gold": 1, "science": 1}, fr) == {"gold": 1, "science": 1}
    assert A.build_cost(st, P1, {"brazilwood": 1, "sugar_cane|coffee": 1}, fr) == {"any_basic": 2}
    via_card = {"seat": P1, "card": "G01"}
    assert A.build_cost(st, P1, {"cotton": 1, "gold": 1}, via_card) == {"cotton": 1, "gold": 1}


def test_bi_a53_city_hex_is_the_monarchs_land_hex():
    """BI-A53, BI-6.15: a city goes on the hex of your Monarch, which must be on the map, on
    land (any distance from your tiles), never on a lake."""
    from engine.games.brazil_imperial import board as B

    st = game()
    assert B.city_hex(st, P1) is None  # the Monarch is still in its slot
    unit(st, P1, 3, "2,-3")  # plains far from the capital
    assert B.city_hex(st, P1) == "2,-3"
    unit(st, P1, 3, "1,-3")  # a lake
    assert B.printed(st, "1,-3") == "lake" and B.city_hex(st, P1) is None
    unit(st, P1, 3, "1,-4")  # gold: land
    assert B.city_hex(st, P1) == "1,-4"


def test_bi_a27_tibirica_counts_builds_on_forest_only():
    """BI-A27, BI-19.5: Tibiriçá's bonus counts a build on a hex whose current terrain is forest
    (the first one gives 1 basic resource of your choice); a build on plains does not count."""
    st = game(monarchs=("tibirica", "afonso_i"))
    st["supply"][P1] = {"coffee": 1}
    start(st)
    act(st, P1, "a:build", "b:sawmill", "h:-3,0")  # (-3,0) is forest
    assert st["flags"][P1]["tibirica"] == 1 and top(st) == "gain.basic"
    st = game(monarchs=("tibirica", "afonso_i"))
    st["supply"][P1] = {"brazilwood": 1}
    start(st)
    act(st, P1, "a:build", "b:sugar_cane_field", "h:-3,1")  # (-3,1) is plains
    assert st["flags"][P1]["tibirica"] == 0 and top(st) == "after"


def _buy_first_red(st: dict) -> str:
    """P1 buys the red painting in display position 0 (supply given to pay it)."""
    from engine.games.brazil_imperial import catalog as C

    pid = st["display"][0]
    assert C.PAINTINGS[pid]["colour"] == "red"
    supply: dict[str, int] = {}
    for k, v in C.PAINTINGS[pid]["cost"].items():
        k = "brazilwood" if k == "any_basic" else k.split("|")[0]
        supply[k] = supply.get(k, 0) + v
    st["supply"][P1] = supply
    start(st)
    act(st, P1, "a:frame")
    cid = next(c for c in ids(st, P1) if c.endswith(pid))
    act(st, P1, cid)
    return pid


def test_bi_a32_refill_from_another_colour_chosen_by_the_buyer():
    """BI-A32, BI-7.2: when the bought painting's colour deck is empty, the buyer chooses among
    the non-empty other decks; the top of the chosen deck fills the position. With every deck
    empty the position stays empty."""
    st = game()
    st["paint_decks"]["red"] = []
    blue_top = st["paint_decks"]["blue"][-1]
    pid = _buy_first_red(st)
    assert top(st) == "frame.refill" and ids(st, P1) == ["pink", "blue"]
    act(st, P1, "blue")
    assert st["display"][0] == blue_top and pid in st["paintings"][P1]
    st = game()
    st["paint_decks"] = {"red": [], "pink": [], "blue": []}
    _buy_first_red(st)
    assert st["display"][0] is None and top(st) != "frame.refill"


def test_bi_5_12_earlier_gains_pay_later_costs():
    """BI-5.12: the brazilwood Harbor gave this turn pays, in window B, the Sugar Cane Field of
    a Royal Charter's extra Build (1 brazilwood). (Its second half, a payment never using what
    its own step is about to give, is not checked here.)"""
    st = game()
    hand(st, "gold", P1, ["G01"])
    start(st)
    act(st, P1, "a:harbor", "brazilwood")
    assert top(st) == "after" and st["supply"][P1] == {"brazilwood": 1}
    act(st, P1, "g:G01")
    assert "b:sugar_cane_field" in ids(st, P1)
    act(st, P1, "b:sugar_cane_field", "h:-3,1")
    assert st["tiles"]["-3,1"]["id"] == "sugar_cane_field" and st["supply"][P1] == {}
