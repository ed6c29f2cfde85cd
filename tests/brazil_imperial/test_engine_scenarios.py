"""Rulings §33 scenarios played through the engine (RULES.apply), BI-S01..BI-S25.

Payments are the canonical payment (BI-29.6); where a scenario pays by hand with another item,
the test says so and checks the canonical result."""

from __future__ import annotations

from engine_positions import P1, P2, act, deck, game, hand, ids, illegal, start, tile, top, unit

from engine.games.brazil_imperial import RULES
from engine.games.brazil_imperial import setup as SU
from engine.rng import Rng
from engine.rules import Config, SeatConfig, resolve_options


def pay_with(st: dict, seat: int, label: str) -> str:
    """The ``pay`` choice whose label is exactly ``label`` (BI-29.6)."""
    p = RULES.prompt(st, seat)
    assert p is not None and st["stack"][-1]["k"] == "pay", ids(st, seat)
    return next(c.id for c in p.choices if c.label == label)


def test_s01_capital_draft_and_first_player():
    """BI-S01 (BI-3.4, BI-3.11, BI-3.12, BI-3.13, BI-25.1, BI-25.2): the taker of tile A is the
    first player; each capital tile's items go to its taker's supply."""
    for seed in range(12):
        cfg = Config((SeatConfig("a"), SeatConfig("b")), resolve_options(RULES))
        st = RULES.setup(cfg, Rng.seeded(seed))
        first_picker = st["draft"][0]
        tiles = dict(st["capital_tiles"])
        while st["phase"] == "setup":
            s = RULES.waiting(st)[0]
            c = ids(st, s)
            choice = "h:4,-1" if "h:4,-1" in c else c[0]
            RULES.apply(st, s, choice, Rng(st["rng"]))
        a_taker = st["capital"].index(next(h for h, t in tiles.items() if t == "A"))
        assert st["first"] == a_taker and st["active"] == a_taker
        other = 1 - a_taker
        assert st["supply"][a_taker] == {"brazilwood": 1, "sugar_cane": 1}
        assert st["supply"][other] == {"brazilwood": 1, "sugar_cane": 1, "coffee": 1}
        assert st["capital"][first_picker] == "4,-1"
        assert st["token"] == [None, None]
        assert ids(st, a_taker)[:7] == [f"a:{a}" for a in SU.ARCH_ORDER]
        assert (
            all(len(m) == 3 for m in st["missions"])
            and st["gold"] == [[], []]
            and st["battle"] == [[], []]
        )


def test_s02_build_sawmill_and_build_extra_move():
    """BI-S02 (BI-4.2, BI-6.1-6.5, BI-6.11, BI-7.3, BI-10.2, BI-29.6): the "sugar cane or
    coffee" requirement paid with the coffee, chosen in the payment step."""
    st = game()
    st["supply"][P1] = {"sugar_cane": 1, "coffee": 1}
    unit(st, P1, 1, "-4,1")
    st["token"][P1] = "harbor"
    start(st)
    assert "a:harbor" not in ids(st, P1)
    act(st, P1, "a:build")
    act(st, P1, "b:sawmill")
    assert "h:-3,0" in ids(st, P1) and "h:-3,1" not in ids(st, P1)  # -3,1 is plains
    act(st, P1, "h:-3,0", stop_at_pay=True)
    act(st, P1, pay_with(st, P1, "coffee"))
    t = st["tiles"]["-3,0"]
    assert (t["id"], t["owner"], t["goods"]) == ("sawmill", P1, {"brazilwood": 2})
    assert st["supply"][P1] == {"sugar_cane": 1}
    assert st["pool"]["T1"] == 11
    act(st, P1, "to_movement", "extra")
    assert ids(st, P1) == ["u:0.1"]
    act(st, P1, "u:0.1")
    assert ids(st, P1) == ["h:-3,0"]  # (-4,0) holds no tile
    act(st, P1, "h:-3,0", "free", "u:0.1", "h:-2,0")
    assert st["units"][P1][0]["loc"] == "-2,0"


def test_s03_build_placement_bans():
    """BI-S03 (BI-6.3, BI-6.5, BI-6.6, BI-6.7)."""
    st = game()
    for h, b in (("-3,1", "sugar_cane_field"), ("-2,0", "farm"), ("-1,0", "sugar_cane_field")):
        tile(st, h, b, P1)
    for h, b in (("3,-1", "farm"), ("2,0", "sugar_cane_field"), ("1,0", "farm")):
        tile(st, h, b, P2)
    unit(st, P2, 1, "-1,-1")
    st["supply"][P1] = {"brazilwood": 2, "sugar_cane": 1, "coffee": 1}
    start(st)
    act(st, P1, "a:build")
    assert "b:gold_mine" not in ids(st, P1)  # (c) era II building in era I
    act(st, P1, "b:sugar_cane_field")
    legal = ids(st, P1)
    assert "h:0,0" not in legal  # (a) next to P2's Farm (1,0)
    assert "h:-1,-1" not in legal  # (b) P2's archer there
    assert "h:-1,1" in legal
    act(st, P1, "h:-1,1")
    assert st["supply"][P1] == {"brazilwood": 1, "sugar_cane": 1, "coffee": 1}
    assert st["tiles"]["-1,1"]["goods"] == {"sugar_cane": 2}


def test_s03d_farm_must_connect():
    """BI-S03 (d) (BI-6.5): a Coffee Farm on (-4,-1) is not adjacent to P1's capital or tiles."""
    st = game()
    st["supply"][P1] = {"brazilwood": 2, "sugar_cane": 1}
    start(st)
    act(st, P1, "a:build", "b:farm")
    assert "h:-4,-1" not in ids(st, P1)


def test_s04_build_upgrade_and_gold_card_build():
    """BI-S04 (BI-7.3, BI-7.8, BI-5.6, BI-8.4)."""
    st = game(era=2)
    st["products"][P1]["cachaca"] = "a:build"
    tile(st, "-3,0", "sawmill", P1)
    st["supply"][P1] = {"cotton": 2, "gold": 1}
    st["token"][P1] = "trade"
    start(st)
    act(st, P1, "a:build", "b:farm", "h:-4,0")
    assert st["tiles"]["-4,0"]["goods"] == {"coffee": 2}
    assert st["supply"][P1] == {"gold": 1}
    # (b)/(c): without the upgrade (a gold-card Build) the Farm is unaffordable
    st2 = game(era=2)
    st2["products"][P1]["cachaca"] = "a:build"
    tile(st2, "-3,0", "sawmill", P1)
    st2["supply"][P1] = {"cotton": 2}
    hand(st2, "gold", P1, ["G01"])
    start(st2)
    act(st2, P1, "g:G01")
    assert "b:farm" not in ids(st2, P1)


def test_s05_city_on_monarch_hex_with_tibirica():
    """BI-S05 (BI-6.15, BI-6.16, BI-19.5, BI-26.1, BI-5.3)."""
    st = game(monarchs=("tibirica", "afonso_i"))
    unit(st, P1, 3, "-2,2")
    st["supply"][P1] = {"brazilwood": 1, "sugar_cane": 1, "coffee": 1}
    st["city_stacks"] = [["sao_vicente", "olinda"], ["ouro_preto", "belem"]]
    st["token"][P1] = "manufacture"
    start(st)
    act(st, P1, "a:build")
    assert "city:1" in ids(st, P1) and "city:2" not in ids(st, P1)  # Ouro Preto unaffordable
    act(st, P1, "city:1", "h:-2,2")
    act(st, P1, "cotton", "brazilwood")
    t = st["tiles"]["-2,2"]
    assert (t["kind"], t["id"], t["owner"]) == ("city", "sao_vicente", P1)
    assert st["supply"][P1] == {"coffee": 1, "cotton": 1, "brazilwood": 1}
    assert st["city_stacks"][0] == ["olinda"]
    assert st["flags"][P1]["tibirica"] == 1


def test_s06_renovate_flip_paid_from_another_tile_and_renovate_move():
    """BI-S06 (BI-7.4, BI-5.6, BI-5.8, BI-10.2, BI-1.2)."""
    st = game()
    tile(st, "-3,0", "sawmill", P1)
    tile(st, "-3,1", "sugar_cane_field", P1, {"sugar_cane": 1})
    tile(st, "-2,0", "farm", P1, {"coffee": 1})
    unit(st, P1, 1, "-4,0")
    st["token"][P1] = "build"
    start(st)
    act(st, P1, "a:renovate")
    assert "h:-2,0" not in ids(st, P1)  # holds coffee
    act(st, P1, "h:-3,0", "flip:sugar_cane_field", stop_at_pay=True)
    act(st, P1, pay_with(st, P1, "sugar cane from (-3,1)"))
    assert st["tiles"]["-3,0"]["id"] == "sugar_cane_field"
    assert st["tiles"]["-3,0"]["goods"] == {"sugar_cane": 2}
    assert st["tiles"]["-3,1"]["goods"] == {}
    assert st["tiles"]["-2,0"]["goods"] == {"coffee": 1}
    act(st, P1, "to_movement", "extra", "u:0.1")
    assert "h:-5,0" in ids(st, P1) and "h:-3,-1" not in ids(st, P1)
    act(st, P1, "h:-5,0")


def test_s07_renovate_upgrade_and_lakes():
    """BI-S07 (BI-7.4, BI-20.4, BI-6.12, BI-10.1, BI-10.2, BI-A06)."""
    st = game(era=2)
    st["products"][P1]["roasted_coffee"] = "a:renovate"
    st["paintings"][P1] = ["P04"]
    tile(st, "-4,2", "trading_post", P1)
    unit(st, P1, 1, "-2,3")
    st["token"][P1] = "deploy"
    start(st)
    act(st, P1, "a:renovate", "h:-4,2", "produce")
    assert st["tiles"]["-4,2"]["goods"] == {"brazilwood": 2, "gold": 1}
    act(st, P1, "to_movement")
    # the free move may not enter the lake
    act(st, P1, "free", "u:0.1")
    assert "h:-1,3" not in ids(st, P1)
    st["stack"].pop()
    act(st, P1, "extra", "u:0.1", "h:-1,3")
    assert st["units"][P1][0]["loc"] == "-1,3"
    assert "free" not in ids(st, P1)  # out of the lake only by the Renovate move


def test_s08_manufacture_dye_into_harbor_and_gold_move():
    """BI-S08 (BI-7.5, BI-7.8, BI-27.3, BI-10.2)."""
    st = game()
    st["supply"][P1] = {"brazilwood": 2, "coffee": 1}
    unit(st, P1, 1, "-3,1")
    st["token"][P1] = "frame"
    start(st)
    act(st, P1, "a:manufacture")
    assert "p:sugar" not in ids(st, P1)
    act(st, P1, "p:dye")
    assert ids(st, P1) == ["a:manufacture", "a:harbor"]
    act(st, P1, "a:harbor")
    assert st["supply"][P1] == {"coffee": 1}
    assert st["products"][P1]["dye"] == "a:harbor"
    act(st, P1, "to_movement", "extra", "u:0.1")
    assert ids(st, P1) == ["h:-2,1"]  # gold; (-2,0) is plains


def test_s09_manufacture_upgrade():
    """BI-S09 (BI-7.5, BI-A04, BI-27.3): Jewelry costs 1 gold + 1 science with the upgrade."""
    st = game(era=3)
    st["products"][P1].update(sugar="a:manufacture", dye="a:harbor")
    st["supply"][P1] = {"gold": 2, "science": 1, "coffee": 2}
    st["token"][P1] = "build"
    start(st)
    act(st, P1, "a:manufacture", "p:jewelry", "a:frame")
    assert st["supply"][P1] == {"gold": 1, "coffee": 2}
    assert st["products"][P1]["jewelry"] == "a:frame"


def test_s10_frame_refill_pedro_ii_and_forest_move():
    """BI-S10 (BI-7.2, BI-19.4, BI-20.3, BI-10.2, BI-A08)."""
    st = game(monarchs=("pedro_ii", "afonso_i"))
    st["display"] = ["P03", "P05", "P12", "P13", "P21", "P22"]
    st["paint_decks"]["red"] = [
        p for p in st["paint_decks"]["red"] if p not in ("P03", "P05", "P07")
    ] + ["P07"]
    st["supply"][P1] = {"gold": 1, "brazilwood": 1}
    tile(st, "-3,0", "sawmill", P1)
    unit(st, P1, 1, "-3,1")
    st["token"][P1] = "build"
    start(st)
    act(st, P1, "a:frame")
    assert "c:P13" in ids(st, P1)  # free
    act(st, P1, "c:P03", "coffee")
    assert st["paintings"][P1] == ["P03"]
    assert st["display"][0] == "P07"
    assert st["supply"][P1] == {"brazilwood": 1, "coffee": 1}
    act(st, P1, "to_movement", "extra", "u:0.1")
    assert "h:-3,2" in ids(st, P1) and "h:-3,0" not in ids(st, P1)  # (-3,0): a tile


def test_s11_frame_upgrade_discount():
    """BI-S11 (BI-7.2, BI-A03, BI-8.4)."""
    st = game(era=3)
    st["products"][P1]["jewelry"] = "a:frame"
    st["display"] = ["P04", "P09", "P15", "P24", "P06", "P21"]
    st["supply"][P1] = {"sugar_cane": 1}
    st["token"][P1] = "trade"
    start(st)
    act(st, P1, "a:frame")
    offered = ids(st, P1)
    assert {"c:P04", "c:P15", "c:P06"} <= set(offered)
    assert not {"c:P09", "c:P24", "c:P21"} & set(offered)
    act(st, P1, "c:P04")
    assert st["supply"][P1] == {}


def test_s12_harbor_upgrade_leopoldina_and_limits():
    """BI-S12 (BI-7.6, BI-20.14, BI-5.3, BI-5.4, BI-12.6)."""
    st = game(era=2)
    st["products"][P1]["dye"] = "a:harbor"
    st["paintings"][P1] = ["P14"]
    st["supply"][P1] = {"brazilwood": 2, "sugar_cane": 1, "gold": 1}
    hand(st, "gold", P1, ["G13", "G17", "G04"])
    deck(st, "gold", ["G19"])
    st["token"][P1] = "build"
    start(st)
    act(st, P1, "a:harbor", "coffee", "cotton")
    assert top(st) == "limit.return"
    act(st, P1, "r:brazilwood")
    assert top(st) == "limit.gold"
    act(st, P1, "c:G04")
    assert st["supply"][P1] == {
        "brazilwood": 1,
        "sugar_cane": 1,
        "gold": 1,
        "coffee": 1,
        "cotton": 1,
    }
    assert sorted(st["gold"][P1]) == ["G13", "G17", "G19"]
    assert st["gold_discard"][-1] == "G04"
    from engine.games.brazil_imperial.moves import fixed_bonus

    assert (
        fixed_bonus(st, P1, False, "attack", set()) == 2
        and fixed_bonus(st, P1, True, "attack", set()) == 1
    )


def test_s13_trade_tile_goods_exact_inputs_pombal():
    """BI-S13 (BI-7.7, BI-5.7, BI-20.12, BI-5.3)."""
    st = game(era=2)
    st["paintings"][P1] = ["P12"]
    st["supply"][P1] = {"cotton": 1, "sugar_cane": 1}
    tile(st, "-4,0", "farm", P1, {"coffee": 2})
    hand(st, "battle", P1, ["B01", "B09"])
    deck(st, "gold", ["G12", "G05"])
    st["token"][P1] = "frame"
    start(st)
    act(st, P1, "a:trade")
    assert st["supply"][P1] == {"cotton": 1, "sugar_cane": 1, "gold": 1}
    act(st, P1, "T-2:cotton+coffee")
    assert st["supply"][P1] == {"sugar_cane": 1, "gold": 3}
    assert st["tiles"]["-4,0"]["goods"] == {"coffee": 1}
    assert st["gold"][P1] == ["G12"]
    assert "T-3" not in ids(st, P1)  # gold cannot stand in for Trade inputs
    act(st, P1, "T-4:B01+B09")
    assert st["supply"][P1] == {"sugar_cane": 1, "gold": 4}
    assert st["gold"][P1] == ["G12", "G05"] and st["battle_discard"][-2:] == ["B01", "B09"]
    act(st, P1, "T-1:sugar_cane")
    assert st["supply"][P1] == {"gold": 5}
    assert st["tiles"]["-4,0"]["goods"] == {"coffee": 1}


def test_s14_deploy_pedro_i_and_teleport():
    """BI-S14 (BI-7.1, BI-19.3, BI-10.2, BI-5.6)."""
    st = game(monarchs=("pedro_i", "afonso_i"))
    unit(st, P1, 1, "-1,1")
    st["flags"][P1]["pedro_i"] = ["archer"]
    st["supply"][P1] = {"gold": 1, "brazilwood": 1}
    deck(st, "gold", ["G06"])
    deck(st, "battle", ["B15"])
    st["token"][P1] = "build"
    start(st)
    act(st, P1, "a:deploy", "u:0.3", "h:-4,1")
    assert st["supply"][P1] == {"brazilwood": 1}
    assert st["units"][P1][2]["loc"] == "-4,1" and st["units"][P1][2]["once"]
    assert st["gold"][P1] == ["G06"] and st["battle"][P1] == ["B15"]
    act(st, P1, "to_movement", "extra", "u:0.1")
    assert ids(st, P1) == ["h:-4,1"]  # a teleport to (-3,1) is not offered
    act(st, P1, "h:-4,1", "free", "u:0.3", "h:-3,1")
    assert st["units"][P1][2]["loc"] == "-3,1"


def test_s16_era_token_bonuses_and_peek_privacy():
    """BI-S16 (BI-16.5, BI-4.2, BI-5.3, BI-28.5)."""
    st = game(era=3)
    st["under"][P1] = {"frame": [1], "deploy": [2]}
    st["token"][P1] = "build"
    hand(st, "battle", P1, ["B01", "B02"])
    deck(st, "battle", ["B05", "B06"])
    st["fog"]["0,1"] = "X16"
    start(st)
    assert "a:build" not in ids(st, P1)
    act(st, P1, "a:deploy", "none")
    assert top(st) == "limit.battle"
    assert sorted(st["battle"][P1]) == ["B01", "B02", "B05", "B06"]
    act(st, P1, "c:B01")
    assert sorted(st["battle"][P1]) == ["B02", "B05", "B06"]
    act(st, P1, "to_movement", "end")
    start(st)
    act(st, P1, "a:frame", "h:0,1", "none")
    assert st["peeks"][P1] == {"0,1": "X16"} and st["fog"]["0,1"] == "X16"
    v1, v2 = RULES.view(st, P1), RULES.view(st, P2)
    assert v1["my_peeks"] == {"0,1": "X16"}
    assert "X16" not in repr(v2) or "0,1" in v2["peeked"][P1]
    assert v2["peeked"][P1] == ["0,1"] and "my_peeks" in v2 and v2["my_peeks"] == {}


def test_s17_combat_with_cards_and_carry_occupation():
    """BI-S17 (BI-10.4, BI-12.2-12.9, BI-22.1, BI-22.9, BI-22.21, BI-13.2)."""
    st = game(era=2)
    unit(st, P1, 4, "0,0")
    unit(st, P1, 1, "0,0")
    hand(st, "battle", P1, ["B21", "B01"])
    tile(st, "1,0", "farm", P2, {"coffee": 1})
    tile(st, "2,0", "sugar_cane_field", P2)
    tile(st, "3,-1", "farm", P2)
    unit(st, P2, 1, "1,0")
    hand(st, "battle", P2, ["B09"])
    st["token"][P2] = "frame"
    start(st)
    act(st, P1, "a:manufacture", "none", "to_movement", "free", "u:0.4", "u:0.1", "h:1,0")
    act(st, P1, "c:B21", "c:B01")
    act(st, P2, "c:B09")
    assert st["units"][P2][0]["loc"] == "supply" and st["units"][P2][0]["once"]
    assert st["units"][P1][3]["loc"] == "1,0" and st["units"][P1][0]["loc"] == "1,0"
    from engine.games.brazil_imperial.board import controller

    assert controller(st, "1,0") == P1 and st["tiles"]["1,0"]["owner"] == P2
    assert sorted(st["battle_discard"][-3:]) == ["B01", "B09", "B21"]


def test_s18_tie_goes_to_defender_with_winners_loss():
    """BI-S18 (BI-12.3-12.8, BI-12.6, BI-20.5, BI-20.19, BI-22.15, BI-22.19): 11 vs 11."""
    st = game(era=2)
    tile(st, "3,0", "sawmill", P2)
    unit(st, P2, 1, "3,0")
    unit(st, P2, 2, "3,0")
    st["token"][P2] = "harbor"
    st["paintings"][P2] = ["P05"]
    hand(st, "battle", P2, ["B19"])
    unit(st, P1, 4, "2,0")
    unit(st, P1, 5, "2,0")
    st["paintings"][P1] = ["P19"]
    hand(st, "battle", P1, ["B15"])
    st["token"][P1] = "build"
    start(st)
    ev = act(st, P1, "a:trade", "done", "to_movement", "free", "u:0.4", "u:0.5", "h:3,0", "c:B15")
    ev += act(st, P2, "c:B19")
    combat = next(e for e in ev if e.kind == "combat")
    assert (combat.args["att"], combat.args["dfn"], combat.args["won"]) == (11, 11, False)
    assert st["units"][P1][3]["loc"] == "supply" and st["units"][P1][4]["loc"] == "supply"
    assert top(st) == "combat.loss" and st["stack"][-1]["seat"] == P2
    act(st, P2, "u:1.1")
    assert st["units"][P2][0]["loc"] == "supply" and st["units"][P2][1]["loc"] == "3,0"


def test_s19_bombard_then_lone_tile_attack_and_capital_immunity():
    """BI-S19 (BI-12.13, BI-12.3, BI-12.10, BI-10.2, BI-22.23, BI-12.12)."""
    st = game(era=2)
    unit(st, P1, 5, "2,-1")
    unit(st, P1, 1, "2,0")
    hand(st, "battle", P1, ["B23"])
    tile(st, "3,-1", "farm", P2)
    unit(st, P2, 1, "3,-1")
    st["token"][P2] = "frame"
    start(st)
    act(st, P1, "a:build", "none", "to_movement", "bombard", "u:0.5")
    assert ids(st, P1) == ["h:3,-1"]  # never the capital (4,-1)
    ev = act(st, P1, "h:3,-1", "c:B23")
    combat = next(e for e in ev if e.kind == "combat")
    assert (combat.args["att"], combat.args["dfn"], combat.args["won"]) == (6, 3, True)
    assert st["units"][P2][0]["loc"] == "supply" and st["units"][P1][4]["loc"] == "2,-1"
    ev = act(st, P1, "extra", "u:0.1", "h:3,-1")
    combat = next(e for e in ev if e.kind == "combat")
    assert (combat.args["att"], combat.args["dfn"], combat.args["won"]) == (1, 2, False)
    assert st["units"][P1][0]["loc"] == "supply"


def test_s21_exploration_with_cabral_and_capital_immunity():
    """BI-S21 (BI-11.2, BI-11.3, BI-20.7, BI-24.5, BI-5.3, BI-12.12)."""
    st = game()
    st["fog"]["0,1"] = "X05"
    st["paintings"][P1] = ["P07"]
    unit(st, P1, 1, "0,0")
    unit(st, P1, 4, "4,0")
    unit(st, P1, 5, "3,-1")
    st["supply"][P1] = {"brazilwood": 2, "sugar_cane": 2, "coffee": 1}
    unit(st, P2, 2, "4,-1")
    start(st)
    act(st, P1, "a:build", "none", "to_movement")
    assert "bombard" not in ids(st, P1)
    act(st, P1, "free", "u:0.4")
    assert "h:4,-1" not in ids(st, P1)
    st["stack"].pop()
    act(st, P1, "free", "u:0.1", "h:0,1", "cotton", "r:brazilwood", "r:cotton")
    assert st["explored"][P1] == ["X05"] and "0,1" not in st["fog"]
    assert st["supply"][P1] == {"brazilwood": 1, "sugar_cane": 2, "coffee": 1, "science": 1}


def test_s22_flag_fight_fails_then_succeeds():
    """BI-S22 (BI-11.4, BI-11.5, BI-24.13, BI-22.19, BI-A13, BI-A14)."""
    st = game()
    st["fog"]["-2,-2"] = "X13"
    unit(st, P1, 1, "-2,-1")
    hand(st, "battle", P1, ["B19", "B01"])
    start(st)
    ev = act(st, P1, "a:frame", "none", "to_movement", "free", "u:0.1", "h:-2,-2", "c:B01", "c:B19")
    flag = next(e for e in ev if e.kind == "flag")
    assert (flag.args["att"], flag.args["won"]) == (2, False)
    assert st["units"][P1][0]["loc"] == "supply" and st["bandeira"] == {"-2,-2": "X13"}
    from engine.games.brazil_imperial.board import terrain

    assert terrain(st, "-2,-2") == "bandeira"
    act(st, P1, "end")
    unit(st, P1, 4, "-2,-1")
    unit(st, P1, 1, "-2,-1")
    start(st)
    ev = act(st, P1, "a:build", "none", "to_movement", "free", "u:0.4", "u:0.1", "h:-2,-2")
    flag = next(e for e in ev if e.kind == "flag")
    assert (flag.args["att"], flag.args["won"]) == (4, True)
    assert st["explored"][P1] == ["X13"] and st["bandeira"] == {}
    assert st["supply"][P1] == {"gold": 1}
    assert st["units"][P1][3]["loc"] == "-2,-2" and st["units"][P1][0]["loc"] == "-2,-2"


def test_s23_mission_palace_ii_and_era_change():
    """BI-S23 (BI-14.2-14.6, BI-15.2-15.4, BI-16.3, BI-23.1, BI-4.2, BI-12.6)."""
    st = game(monarchs=("pedro_ii", "afonso_i"))
    st["missions"][P1] = {"1": "MI-1", "2": "MII-1", "3": "MIII-1"}
    st["missions"][P2] = {"1": "MI-2", "2": "MII-2", "3": "MIII-2"}
    tile(st, "-3,0", "trading_post", P1)
    tile(st, "-3,1", "farm", P1, {"coffee": 2})
    unit(st, P1, 1, "-2,0")
    st["supply"][P1] = {"gold": 1, "coffee": 1}
    st["token"][P2] = "harbor"
    start(st)
    act(st, P1, "a:build", "none", "to_movement", "end", "m:MI-1")
    assert sorted(ids(st, P1)) == ["p:II", "p:III", "p:V"]
    act(st, P1, "p:II")
    assert ids(st, P1) == ["h:-3,0", "h:-3,1"]
    act(st, P1, "h:-3,0", "p:sugar", "a:manufacture")
    assert st["mission_vp"][P1] == 3 and st["revealed"][P1] == ["MI-1"]
    assert st["supply"][P1] == {"gold": 1, "coffee": 1, "sugar_cane": 1}
    assert st["products"][P1]["sugar"] == "a:manufacture"
    assert "flip:sawmill" not in str(st["tiles"]["-3,0"])  # palace: no flip later
    act(st, P1, "a:frame")
    act(st, P2, "a:deploy")
    assert (
        st["era"] == 2 and st["under"][P1] == {"frame": [1]} and st["under"][P2] == {"deploy": [1]}
    )
    assert st["token"] == [None, None]
    assert "a:harbor" in ids(st, P2) and len([i for i in ids(st, P2) if i.startswith("a:")]) == 7


def test_s24_earlier_era_mission_keeps_the_era():
    """BI-S24 (BI-14.3, BI-14.6, BI-15.2, BI-15.3, BI-13.3, BI-23.8)."""
    st = game(era=2)
    st["missions"][P2] = {"1": "MI-8", "2": "MII-3", "3": "MIII-1"}
    st["missions"][P1] = {"1": "MI-1", "2": "MII-1", "3": "MIII-2"}
    tile(st, "3,0", "sawmill", P2)
    unit(st, P1, 1, "3,0")
    tile(st, "3,-1", "farm", P2)
    tile(st, "4,-2", "sawmill", P2)
    st["supply"][P2] = {"brazilwood": 1, "sugar_cane": 1, "coffee": 1}
    st["token"][P2] = "trade"
    start(st, P2)
    act(st, P2, "a:build", "none", "to_movement", "end")
    assert ids(st, P2) == ["m:MI-8", "keep"]
    act(st, P2, "m:MI-8")
    assert sorted(ids(st, P2)) == ["p:II", "p:III", "p:V"]
    act(st, P2, "p:II")
    assert ids(st, P2) == ["h:4,-2", "h:3,-1"]  # never the occupied (3,0)
    st["stack"].pop()
    from engine.games.brazil_imperial.frames import push

    push(st, "palace.which", P2)
    act(st, P2, "p:V", "h:3,-1")
    assert st["mission_vp"][P2] == 3 and st["era"] == 2


def test_solo_setup_and_dutch_defence():
    """BI-18.1-18.4: the solo set-up (green board, capital (-4,1), 5 fog tiles, two missions) and
    the Dutch capital's defence 3 + garrison + flipped card."""
    cfg = Config((SeatConfig("me"),), resolve_options(RULES))
    st = RULES.setup(cfg, Rng.seeded(3))
    while st["phase"] == "setup":
        RULES.apply(st, 0, ids(st, 0)[0], Rng(st["rng"]))
    assert st["board"] == ["green_brazil"] and st["capital"] == ["-4,1"]
    assert st["supply"][0] == {"brazilwood": 1, "sugar_cane": 1}
    assert len(st["fog"]) == 5 and len(st["box"]) == 11
    assert sorted(st["missions"][0]) == ["1", "2"]
    assert st["dutch"] == {"hex": "4,-1", "garrison": [2, 2]}
    st["turn"]["arch"] = None
    for slot in (4, 5):
        unit(st, 0, slot, "3,-1")
    deck(st, "battle", ["B19"])
    st["stack"] = []
    start(st, 0)
    ev = act(st, 0, "a:build", "none", "to_movement", "free", "u:0.4", "u:0.5", "h:4,-1")
    combat = next(e for e in ev if e.kind == "combat")
    assert combat.args["dfn"] == 3 + 4 + 3 and not combat.args["won"]


def test_illegal_choice_changes_nothing():
    """BI-29.1: a choice not offered is rejected."""
    st = game()
    start(st)
    assert illegal(st, P1, "a:nowhere") and illegal(st, P2, "a:build")


def test_log_names_the_change_in_game_terms():
    """BI-28.8: "Green deploys an Archer to (-4,1)"; a drawn battle card is named only to its
    owner."""
    st = game()
    st["supply"][P1] = {"brazilwood": 1}
    deck(st, "battle", ["B15"])
    start(st)
    ev = act(st, P1, "a:deploy", "u:0.1", "h:-4,1")
    lines = [RULES.describe(e, P2) for e in ev]
    assert "Green deploys an Archer to (-4,1)" in lines
    assert "Green gains 1 battle card (Deploy)" in lines
    assert "Green gains First Guararapes (B15) (Deploy)" in [RULES.describe(e, P1) for e in ev]


def test_s15_deploy_upgrade_free_redeploy_and_napoleon_restriction():
    """BI-S15 (BI-7.1, BI-19.10, BI-A30, BI-A52, BI-12.7): the card drawn during this Deploy
    (B10) may not pay; B02 + B03 make the virtual science."""
    st = game(boards=("green_brazil", "blue_france"), monarchs=("oba_ii", "napoleon"), era=3)
    st["flags"][P2]["napoleon"] = True
    st["products"][P2]["jewelry"] = "a:deploy"
    unit(st, P2, 2, "supply")
    st["supply"][P2] = {"gold": 1}
    hand(st, "battle", P2, ["B02", "B03"])
    deck(st, "battle", ["B10", "B16"])
    st["token"][P2] = "harbor"
    start(st, P2)
    act(st, P2, "a:deploy", "u:1.2", "h:4,-1")
    assert sorted(st["battle"][P2]) == ["B02", "B03", "B10"]
    from engine.games.brazil_imperial.payment import plan

    p = plan(st, P2, {"gold": 1, "science": 1})
    assert p is not None and sorted(p["convert"]) == ["B02", "B03"]
    act(st, P2, "u:1.5", "h:4,-1")
    assert sorted(st["battle"][P2]) == ["B10", "B16"]
    assert st["battle_discard"][-2:] == ["B02", "B03"] and st["supply"][P2] == {}
    assert st["units"][P2][1]["loc"] == "4,-1" and st["units"][P2][4]["loc"] == "4,-1"
    assert st["units"][P2][4]["once"]


def test_s20_occupation_control_and_retaking():
    """BI-S20 (BI-13.2-13.6, BI-6.5, BI-6.6, BI-7.4, BI-12.3)."""
    st = game(era=2)
    tile(st, "1,0", "farm", P2, {"coffee": 1})
    tile(st, "2,0", "sugar_cane_field", P2)
    tile(st, "3,-1", "farm", P2)
    unit(st, P1, 4, "1,0")
    unit(st, P1, 1, "1,0")
    tile(st, "-1,0", "sugar_cane_field", P1)
    st["supply"][P1] = {"brazilwood": 1}
    unit(st, P2, 4, "2,0")
    hand(st, "battle", P2, ["B16"])
    deck(st, "battle", ["B01"])
    st["token"] = ["manufacture", "frame"]
    start(st)
    act(st, P1, "a:build", "b:farm")
    assert "h:0,0" not in ids(st, P1)  # next to P2-owned (1,0), though P1 controls it
    act(st, P1, "h:-1,1")
    assert st["tiles"]["-1,1"]["goods"] == {"coffee": 2}
    assert st["tiles"]["1,0"]["goods"] == {} and st["supply"][P1] == {}
    from engine.games.brazil_imperial.actions import renovate_targets
    from engine.games.brazil_imperial.board import controller

    assert "1,0" not in renovate_targets(st, P1, {}) and "1,0" not in renovate_targets(st, P2, {})
    act(st, P1, "to_movement", "end")
    assert st["active"] == P2
    ev = act(st, P2, "a:deploy", "none", "to_movement", "free", "u:1.4", "h:1,0", "c:B16", "done")
    combat = next(e for e in ev if e.kind == "combat")
    assert (combat.args["att"], combat.args["dfn"], combat.args["won"]) == (6, 4, True)
    assert st["units"][P1][3]["loc"] == "supply" and st["units"][P1][0]["loc"] == "supply"
    assert controller(st, "1,0") == P2


def test_s25_era_iii_reveal_ends_after_the_round():
    """BI-S25 / BI-17.1, BI-17.3, BI-A47: the first era III reveal by the first player gives the
    last seat one more turn, then the game ends and is scored (scores = scoring.score)."""
    from engine.games.brazil_imperial import scoring

    st = game(era=3)
    st["missions"][P1] = {"1": "MI-1", "2": "MII-3", "3": "MIII-1"}
    st["missions"][P2] = {"1": "MI-8", "2": "MII-5", "3": "MIII-4"}
    tile(st, "-4,0", "church", P1)
    tile(st, "-2,0", "university", P1, {"science": 2})
    st["products"][P1]["textiles"] = "a:deploy"
    start(st)
    act(st, P1, "a:build", "none", "to_movement", "end", "m:MIII-1")
    assert st["end"] == {"trigger": P1, "last": P2} and st["active"] == P2
    assert RULES.outcome(st) is None
    act(st, P2, "a:frame", "none", "to_movement", "end")
    o = RULES.outcome(st)
    assert o is not None and st["phase"] == "over"
    assert list(o.scores) == [scoring.score(st, s)["total"] for s in (P1, P2)]
    assert o.winners == (P1,)
    # MIII-1: 3 conditions x 2 VP; Church 2 + University 3; Textiles 3
    assert scoring.score(st, P1)["missions"] == 6 + 1  # + 1 for Dom Oba II's first reveal
