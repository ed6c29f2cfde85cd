"""Every city tile, exploration tile, gold card, product and crown monarch through the engine
(BI-21, BI-24, BI-26, BI-27.3, BI-19.1/19.2/19.7/19.8/19.9/19.10)."""

from __future__ import annotations

import pytest
from engine_positions import P1, act, deck, game, hand, ids, start, tile, top, unit

from engine.games.brazil_imperial import catalog as C

CITY_BONUS = {
    "sao_vicente": ("basic", None),
    "olinda": ("battle", None),
    "salvador": ("gold_card", None),
    "recife": ("item", {"gold": 1}),
    "sao_paulo": ("item", {"science": 1}),
    "belem": ("gold_card", None),
    "ouro_preto": ("none", None),
    "rio_de_janeiro": ("none", None),
}


@pytest.mark.parametrize("city", sorted(C.CITIES))
def test_each_city_cost_value_and_bonus(city):
    """BI-6.15, BI-26: the city on the Monarch's hex costs its printed cost, is worth its VP
    and gives its on-build bonus."""
    st = game()
    unit(st, P1, 3, "-3,1")
    st["supply"][P1] = dict(C.CITIES[city]["cost"])
    st["city_stacks"] = [[city], []]
    start(st)
    act(st, P1, "a:build", "city:1", "h:-3,1")
    kind, items = CITY_BONUS[city]
    if kind == "basic":
        act(st, P1, "cotton")
        assert st["supply"][P1] == {"cotton": 1}
    elif kind == "item":
        assert st["supply"][P1] == items
    else:
        assert st["supply"][P1] == {}
    assert len(st["battle"][P1]) == (kind == "battle")
    assert len(st["gold"][P1]) == (kind == "gold_card")
    from engine.games.brazil_imperial.board import tile_value

    assert tile_value(st, "-3,1") == C.CITIES[city]["vp"] and st["city_stacks"][0] == []


@pytest.mark.parametrize("x", sorted(C.EXPLORATION))
def test_each_exploration_tile(x):
    """BI-11.2-11.5, BI-24: an archer (strength 1) entering a fog hex: immediate tiles are
    taken with their reward; a flag beats it (F >= 2) and stays as a Bandeira."""
    st = game()
    st["fog"]["0,1"] = x
    unit(st, P1, 1, "0,0")
    deck(st, "gold", ["G19"])
    deck(st, "battle", ["B05"])
    start(st)
    act(st, P1, "a:build", "none", "to_movement", "free", "u:0.1", "h:0,1")
    rec = C.EXPLORATION[x]
    if rec.get("flag_strength"):
        assert st["bandeira"] == {"0,1": x} and st["units"][P1][0]["loc"] == "supply"
        assert st["explored"][P1] == []
        return
    reward = dict(rec.get("reward") or {})
    if reward.get("any_basic"):
        for _ in range(reward.pop("any_basic")):
            act(st, P1, "coffee")
        reward["coffee"] = rec["reward"]["any_basic"]
    assert st["explored"][P1] == [x] and "0,1" not in st["fog"]
    assert st["gold"][P1] == (["G19"] if reward.pop("gold_card", 0) else [])
    assert st["battle"][P1] == (["B05"] if reward.pop("battle_card", 0) else [])
    assert st["supply"][P1] == reward


@pytest.mark.parametrize("g", sorted(C.GOLD_CARDS))
def test_each_gold_card(g):
    """BI-8.3-8.6, BI-21: extra-action cards start that arch's base action (once per turn);
    immediate gains add their items; treasures are not playable (2 VP kept)."""
    st = game()
    hand(st, "gold", P1, [g])
    start(st)
    eff = C.GOLD_CARDS[g]["effect"]
    if eff["type"] == "end_vp":
        assert f"g:{g}" not in ids(st, P1)
        from engine.games.brazil_imperial import scoring

        assert scoring.score(st, P1)["gold_cards"] == 2
        return
    act(st, P1, f"g:{g}")
    assert st["gold_discard"] == [g]
    if eff["type"] == "extra_action":
        first = {
            "build": "build.what",
            "deploy": "deploy.unit",
            "frame": "frame.card",
            "renovate": "renovate.tile",
            "manufacture": "manufacture.product",
            "harbor": "gain.basic",
        }
        assert top(st) == first[eff["action"]]
        assert st["turn"]["gold_action"]
    else:
        if "any_basic" in eff["gain"]:
            act(st, P1, "coffee", "cotton")
            assert st["supply"][P1] == {"coffee": 1, "cotton": 1}
        else:
            assert st["supply"][P1] == eff["gain"]
        assert top(st) == "action"


@pytest.mark.parametrize("pid", sorted(C.PRODUCTS))
def test_each_product_cost_and_slot(pid):
    """BI-7.5, BI-27.3: a product paid at its printed cost goes to a slot of its shape."""
    st = game(era=3)
    st["supply"][P1] = dict(C.PRODUCTS[pid]["cost"])
    start(st)
    act(st, P1, "a:manufacture", f"p:{pid}")
    shape = C.PRODUCTS[pid]["shape"]
    slots = [f"a:{a}" for a, sh in C.SLOT_SHAPE.items() if sh == shape]
    assert ids(st, P1) == slots
    act(st, P1, slots[0])
    assert st["products"][P1][pid] == slots[0] and st["supply"][P1] == {}


@pytest.mark.parametrize(
    ("monarch", "board", "building", "output", "vp"),
    [
        ("manuel_i", "red_portugal", "sawmill", {"brazilwood": 2, "gold": 1}, 2),
        ("nassau", "yellow_spain", "sugar_cane_field", {"sugar_cane": 3}, 3),
        ("isabella_i", "yellow_spain", "trading_post", {"brazilwood": 1, "gold": 2}, 3),
    ],
)
def test_crowned_buildings(monarch, board, building, output, vp):
    """BI-19.1, BI-19.2, BI-19.7: the first Build-placed tile of that building is crowned."""
    st = game(boards=(board, "green_brazil"), monarchs=(monarch, "oba_ii"))
    st["supply"][P1] = {"gold": 3}
    start(st)
    act(st, P1, "a:build", f"b:{building}")
    h = ids(st, P1)[0][2:]
    act(st, P1, f"h:{h}")
    t = st["tiles"][h]
    from engine.games.brazil_imperial.board import tile_value

    assert t["crown"] and t["goods"] == output and tile_value(st, h) == vp


def test_victoria_board_gives_science():
    """BI-19.9: a product may go on Victoria's board for 1 science; +1 VP at the end."""
    st = game(boards=("blue_france", "green_brazil"), monarchs=("victoria", "oba_ii"))
    st["supply"][P1] = {"brazilwood": 2}
    start(st)
    act(st, P1, "a:manufacture", "p:dye")
    assert ids(st, P1) == ["a:manufacture", "a:harbor", "victoria"]
    act(st, P1, "victoria")
    from engine.games.brazil_imperial import scoring

    assert st["supply"][P1] == {"science": 1} and scoring.score(st, P1)["products"] == 2


def test_napoleon_first_deploy_extra_card():
    """BI-19.10 (a): the first Deploy action draws one extra battle card, once."""
    st = game(boards=("blue_france", "green_brazil"), monarchs=("napoleon", "oba_ii"))
    start(st)
    act(st, P1, "a:deploy", "none")
    assert len(st["battle"][P1]) == 2 and st["flags"][P1]["napoleon"]


def test_afonso_converts_battle_cards_once_per_turn():
    """BI-19.8: 1 card -> 1 virtual gold, once per turn."""
    st = game(boards=("red_portugal", "green_brazil"), monarchs=("afonso_i", "oba_ii"))
    hand(st, "battle", P1, ["B01", "B02"])
    start(st)
    act(st, P1, "a:deploy", "u:0.3", "h:-4,1")  # the Monarch costs 1 gold
    assert st["battle_discard"] == ["B01"] and st["units"][P1][2]["loc"] == "-4,1"
    assert st["flags"][P1]["afonso_turn"] == st["turns"][P1]


def test_unit_types_strength_and_first_costs():
    """BI-27.1: each board's five units with their strengths; deploying pays the first cost."""
    for b, rec in C.BOARDS.items():
        st = game(boards=(b, "green_brazil"), monarchs=(rec["monarchs"][0], "oba_ii"))
        assert [(u["type"], u["str"]) for u in st["units"][P1]] == [
            (u["type"], u["strength"]) for u in rec["units"]
        ]
        st["supply"][P1] = dict(rec["units"][0]["first_deploy_cost"])
        start(st)
        act(st, P1, "a:deploy", "u:0.1", "h:-4,1")
        assert st["supply"][P1] == {} and st["units"][P1][0]["once"]


@pytest.mark.parametrize("pid", sorted(C.PAINTINGS))
def test_each_painting_bought_and_its_production_bonus(pid):
    """BI-7.2, BI-20: every painting can be bought from the display at its cost; production
    bonuses add their extra to that building's output (BI-6.12)."""
    from engine.games.brazil_imperial.board import output
    from engine.games.brazil_imperial.state import count

    st = game(era=3)
    others = [p for p in st["display"] if p != pid]
    st["display"] = [pid, *others[:5]]
    for d in st["paint_decks"].values():
        if pid in d:
            d.remove(pid)
    st["supply"][P1] = {"gold": 2, "science": 1, "brazilwood": 2}
    start(st)
    before = count(st["supply"][P1])
    act(st, P1, "a:frame", f"c:{pid}")
    if pid == "P08":
        act(st, P1, "coffee", "coffee")
        assert top(st) == "limit.return"  # 7 items: take all, then return (BI-5.3)
        act(st, P1, "r:coffee", "r:coffee")
    assert st["paintings"][P1] == [pid] and pid not in st["display"]
    cost = sum(C.PAINTINGS[pid]["cost"].values())
    gained = 2 if pid == "P08" else 0
    assert count(st["supply"][P1]) == min(before - cost + gained, 5)
    eff = C.PAINTINGS[pid]["effect"]
    if eff["type"] == "production_bonus":
        tile(st, "-3,1", eff["building"], P1)
        base = dict(C.BUILDINGS[eff["building"]]["produces"])
        for k, v in eff["extra"].items():
            base[k] = base.get(k, 0) + v
        assert output(st, "-3,1") == base


@pytest.mark.parametrize("n", [3, 4])
def test_capital_tiles_c_and_d(n):
    """BI-3.14, BI-25: every drafted capital tile's items go to its taker; A's taker starts."""
    from engine.games.brazil_imperial import RULES
    from engine.rng import Rng
    from engine.rules import Config, SeatConfig, resolve_options

    cfg = Config(tuple(SeatConfig(f"P{i}") for i in range(n)), resolve_options(RULES))
    st = RULES.setup(cfg, Rng.seeded(n))
    tiles = dict(st["capital_tiles"])
    assert sorted(tiles.values()) == list("ABCD"[:n])
    while st["phase"] == "setup":
        s = RULES.waiting(st)[0]
        RULES.apply(st, s, ids(st, s)[-1], Rng(st["rng"]))
    for s in range(n):
        t = tiles[st["capital"][s]]
        assert st["supply"][s] == C.CAPITAL_TILES[t]["gives"]
        assert (st["first"] == s) == (t == "A")


def test_build_over_and_building_on_fog():
    """BI-6.9, BI-A20: an era III building over your own era I tile returns the old tile to the
    pool and loses its goods; BI-6.10, BI-11.6: building on a fog hex boxes its tile unseen."""
    st = game(era=3)
    tile(st, "-3,1", "sugar_cane_field", P1, {"sugar_cane": 2})
    st["supply"][P1] = {"cotton": 1, "gold": 1}
    pool_t1 = st["pool"]["T1"]
    start(st)
    act(st, P1, "a:build", "b:church")
    assert "h:-3,1" in ids(st, P1)
    act(st, P1, "h:-3,1")
    t = st["tiles"]["-3,1"]
    assert t["id"] == "church" and t["goods"] == {"gold": 1, "science": 1}
    assert st["pool"]["T1"] == pool_t1 + 1
    st2 = game()
    tile(st2, "-1,1", "sugar_cane_field", P1)
    fog_tile = st2["fog"]["0,1"]
    st2["supply"][P1] = {"brazilwood": 1}
    start(st2)
    act(st2, P1, "a:build", "b:sugar_cane_field", "h:0,1")
    assert "0,1" not in st2["fog"] and fog_tile in st2["box"] and st2["explored"][P1] == []


def test_draws_reshuffle_the_discard():
    """BI-8.1, BI-9.1, BI-A34: an empty deck is refilled from its discard pile; with both empty
    the draw is lost."""
    st = game()
    st["battle_discard"] = list(st["battle_deck"])
    st["battle_deck"] = []
    start(st)
    act(st, P1, "a:deploy", "none")
    assert (
        len(st["battle"][P1]) == 1 and st["battle_discard"] == [] and len(st["battle_deck"]) == 23
    )
    st2 = game()
    st2["battle_deck"], st2["battle_discard"] = [], []
    start(st2)
    act(st2, P1, "a:deploy", "none")
    assert st2["battle"][P1] == []


def test_hidden_information_in_views():
    """BI-28.1-28.3, BI-28.7: another seat's hand, missions and face-down tiles stay out of a
    view; determinizing leaves the view byte-identical."""
    import msgpack

    from engine.games.brazil_imperial import RULES
    from engine.rng import Rng

    st = game()
    hand(st, "gold", P1, ["G13"])
    hand(st, "battle", P1, ["B15"])
    st["missions"][P1] = {"1": "MI-1", "2": "MII-1", "3": "MIII-1"}
    start(st)
    v2 = RULES.view(st, 1)
    assert (
        v2["gold_count"][P1] == 1 and v2["battle_count"][P1] == 1 and v2["mission_counts"][P1] == 3
    )
    blob = repr(v2)
    assert "G13" not in blob and "B15" not in blob and "MI-1" not in blob
    assert all(st["fog"][h] not in blob for h in st["fog"])
    assert RULES.view(st, P1)["my_gold"] == ["G13"]
    for seat in (P1, 1, None):
        world = RULES.determinize(st, seat, Rng.seeded(5))
        assert msgpack.packb(RULES.view(world, seat)) == msgpack.packb(RULES.view(st, seat))


def test_solo_era_ii_mission_moves_to_era_iii():
    """BI-18.7, BI-A45: in solo the era II mission changes the era to III; no end trigger."""
    st = game(boards=("green_brazil",), monarchs=("pedro_ii",), era=2)
    st["dutch"] = {"hex": "4,-1", "garrison": [2, 2]}
    st["missions"][P1] = {"1": "MI-1", "2": "MII-6"}
    st["revealed"][P1] = ["MI-1"]
    for h, b in (
        ("-3,0", "sawmill"),
        ("-3,1", "sugar_cane_field"),
        ("-4,2", "sawmill"),
        ("-4,0", "farm"),
        ("-5,1", "farm"),
    ):
        tile(st, h, b, P1)
    unit(st, P1, 1, "-3,2")
    unit(st, P1, 2, "-2,2")
    hand(st, "gold", P1, ["G13"])
    start(st)
    act(st, P1, "a:build", "none", "to_movement", "end", "m:MII-6")
    for _ in range(10):  # palace, its product, the era token: first choices
        if top(st) == "action":
            break
        act(st, P1, ids(st, P1)[0])
    assert top(st) == "action" and st["turns"][P1] == 1
    assert st["era"] == 3 and st["end"] is None and st["phase"] == "play"


def test_a_bot_world_depends_only_on_its_view():
    """BI-28.6: a bot decides only from ``view(state, seat)``: two states that differ only in
    what ``seat`` cannot see (which gold and battle cards the other seat holds, the order of the
    decks, which tile lies face down where) have the same view, and so give the same
    determinized world for one seed."""
    import msgpack

    from engine.games.brazil_imperial import RULES
    from engine.rng import Rng

    a, b = game(), game()
    hand(a, "gold", 1, ["G13", "G14"])
    hand(a, "battle", 1, ["B15"])
    hand(b, "gold", 1, ["G02", "G05"])  # other cards in the hidden hand
    hand(b, "battle", 1, ["B03"])
    start(a)
    start(b)
    b["gold_deck"].reverse()  # another deck order
    b["battle_deck"].reverse()
    fog = sorted(b["fog"])
    b["fog"][fog[0]], b["fog"][fog[1]] = b["fog"][fog[1]], b["fog"][fog[0]]
    assert a != b
    assert msgpack.packb(RULES.view(a, P1)) == msgpack.packb(RULES.view(b, P1))
    for salt in (5, 6):
        wa = RULES.determinize(a, P1, Rng.seeded(salt))
        wb = RULES.determinize(b, P1, Rng.seeded(salt))
        assert msgpack.packb(wa) == msgpack.packb(wb)
