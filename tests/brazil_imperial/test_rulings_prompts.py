"""Rulings on the prompts (BI-29), gold-card windows, the capital draft, city stacks and
Napoleon's first Deploy, played through the engine."""

from __future__ import annotations

from engine_positions import P1, P2, act, game, hand, ids, start, tile, top, unit

from engine.games.brazil_imperial import RULES
from engine.games.brazil_imperial import setup as SU
from engine.rng import Rng
from engine.rules import Config, SeatConfig, resolve_options


def test_bi_4_4_gold_card_windows_and_bi_a33_one_extra_action_per_turn():
    """BI-4.4, BI-29.3: in window A the action menu offers every legal arch (not the one the
    token left last turn) and each gold card playable for its effect; a Treasure (end VP) is not
    playable. BI-A33: immediate-gain cards are unlimited but only one extra-action card per
    turn; BI-28.4: a played gold card goes face up to the discard pile. Window B (``after``)
    offers the gold cards still playable plus ``to_movement``."""
    st = game()
    st["token"][P1] = "harbor"
    hand(st, "gold", P1, ["G01", "G04", "G13", "G19"])
    start(st)
    arches = [f"a:{a}" for a in SU.ARCH_ORDER if a != "harbor"]
    assert ids(st, P1) == [*arches, "g:G01", "g:G04", "g:G19"]
    act(st, P1, "g:G19")
    assert st["supply"][P1] == {"science": 1} and st["gold_discard"] == ["G19"]
    act(st, P1, "g:G04", "none")  # Levy: a Deploy action, declining the unit
    assert top(st) == "action"
    assert ids(st, P1) == arches  # G01 is an extra-action card too: no second one this turn
    act(st, P1, "a:build", "none")
    assert top(st) == "after" and ids(st, P1) == ["to_movement"]
    assert sorted(RULES.view(st, P2)["gold_discard"]) == ["G04", "G19"]


def test_bi_a29_napoleon_first_deploy_of_any_kind():
    """BI-A29, BI-19.10: Napoleon's extra battle card comes with the first Deploy action of any
    kind (here a Levy card), even when no unit is deployed; a later Deploy gives only its own
    card."""
    st = game(boards=("blue_france", "red_portugal"), monarchs=("napoleon", "afonso_i"))
    hand(st, "gold", P1, ["G04"])
    start(st)
    act(st, P1, "g:G04", "none")
    assert len(st["battle"][P1]) == 2 and st["flags"][P1]["napoleon"]
    act(st, P1, "a:deploy", "none")
    assert len(st["battle"][P1]) == 3


def test_bi_a38_capital_draft_random_first_then_seat_order():
    """BI-A38 (option BI-O02): the first capital picker is random, then seat order; with
    ``seat1`` P1 picks first. BI-29.2: set-up prompts come in the order missions, monarch,
    capital."""
    firsts = set()
    for seed in range(10):
        cfg = Config(tuple(SeatConfig(f"p{i}") for i in range(3)), resolve_options(RULES))
        st = RULES.setup(cfg, Rng.seeded(seed))
        f = st["draft"][0]
        assert st["draft"] == [f, (f + 1) % 3, (f + 2) % 3]
        firsts.add(f)
        kinds = [fr["k"] for fr in reversed(st["stack"])]
        assert kinds == ["setup.mission"] * 9 + ["setup.monarch"] * 3 + ["setup.capital"] * 3
    assert len(firsts) > 1
    opts = resolve_options(RULES, {"capital_first_picker": "seat1"})
    st = RULES.setup(Config((SeatConfig("a"), SeatConfig("b")), opts), Rng.seeded(4))
    assert st["draft"] == [P1, P2]


def test_bi_a37_only_the_tops_of_the_city_stacks_are_public():
    """BI-A37 (option BI-O09): a view shows only the top of each city stack (and the counts);
    with ``all`` it shows the whole stacks."""
    st = game()
    start(st)
    v = RULES.view(st, P2)
    assert v["city_stacks"] == [s[:1] for s in st["city_stacks"]]
    assert v["city_counts"] == [len(s) for s in st["city_stacks"]] == [4, 4]
    assert st["city_stacks"][0][1] not in repr(v["city_stacks"])
    st = game(options={"city_stacks_visible": "all"})
    start(st)
    assert RULES.view(st, P2)["city_stacks"] == st["city_stacks"]


def test_bi_29_7_supply_limit_prompt_one_item_at_a_time():
    """BI-29.7, BI-5.1: over the supply limit (5) after a gain, ``limit.return`` offers the item
    types in the supply, one prompt per item to return."""
    st = game()
    st["supply"][P1] = {"coffee": 3, "cotton": 2}
    start(st)
    act(st, P1, "a:harbor", "brazilwood")
    assert top(st) == "limit.return"
    assert ids(st, P1) == ["r:brazilwood", "r:coffee", "r:cotton"]
    act(st, P1, "r:coffee")
    assert st["supply"][P1] == {"brazilwood": 1, "coffee": 2, "cotton": 2}
    assert top(st) == "after"


def test_bi_29_11_end_step_chain_and_era_change():
    """The BI-S23 position. BI-29.11, BI-4.6: after the movement phase the end step asks
    ``mission.reveal`` (eligible missions + keep) -> ``palace.which`` -> ``palace.tile`` ->
    ``palace.product`` (BI-15.4: Dye or Sugar, placed without paying; a manufactured product
    goes to an empty slot) -> the era change, ``era.under`` to every player in turn order from
    the revealer (BI-29.12), each offered all 7 arches; then the next player's turn begins.
    BI-14.4: the revealed mission lies face up in every view. BI-A42: the Harbor token comes off
    at the era change, so its combat bonus ends. BI-16.4, BI-A41: the era tokens stay under
    their arches, and the era I token's peek is offered on placement before the action."""
    from engine.games.brazil_imperial.combat import arch_bonus

    st = game(monarchs=("pedro_ii", "afonso_i"))
    st["missions"][P1] = {"1": "MI-1", "2": "MII-1", "3": "MIII-1"}
    st["missions"][P2] = {"1": "MI-2", "2": "MII-2", "3": "MIII-2"}
    tile(st, "-3,0", "trading_post", P1)
    tile(st, "-3,1", "farm", P1, {"coffee": 2})
    unit(st, P1, 1, "-2,0")
    st["supply"][P1] = {"gold": 1, "coffee": 1}
    st["token"][P2] = "harbor"
    assert arch_bonus(st["token"][P2], "defend") == 2
    start(st)
    act(st, P1, "a:build", "none", "to_movement", "end")
    assert top(st) == "mission.reveal" and ids(st, P1) == ["m:MI-1", "keep"]
    act(st, P1, "m:MI-1")
    assert top(st) == "palace.which"
    act(st, P1, "p:II")
    assert top(st) == "palace.tile" and ids(st, P1) == ["h:-3,0", "h:-3,1"]
    act(st, P1, "h:-3,0")
    assert top(st) == "palace.product" and ids(st, P1) == ["p:dye", "p:sugar"]
    act(st, P1, "p:sugar", "a:manufacture")
    assert st["supply"][P1] == {"gold": 1, "coffee": 1, "sugar_cane": 1}  # nothing paid
    arches = [f"a:{a}" for a in SU.ARCH_ORDER]
    assert top(st) == "era.under" and list(RULES.waiting(st)) == [P1]
    assert sorted(ids(st, P1)) == sorted(arches)
    act(st, P1, "a:frame")
    assert top(st) == "era.under" and list(RULES.waiting(st)) == [P2]
    act(st, P2, "a:deploy")
    assert st["era"] == 2 and st["token"] == [None, None]
    assert arch_bonus(st["token"][P2], "defend") == 0
    assert RULES.view(st, P2)["revealed"][P1] == ["MI-1"]
    assert top(st) == "action" and st["active"] == P2
    act(st, P2, "a:deploy")
    assert top(st) == "peek"  # the era I token's bonus comes before Deploy's unit prompt
    act(st, P2, "skip")
    assert top(st) == "deploy.unit"
    assert st["under"] == [{"frame": [1]}, {"deploy": [1]}]


def test_bi_29_9_combat_card_prompts_attacker_then_defender():
    """BI-29.9, BI-29.12 (the defender is asked for its own cards): ``combat.card`` goes first
    to the attacker (``c:`` per card in hand, or ``done``), then to the defender, whose view shows
    only how many cards the attacker placed (BI-28.3)."""

    st = game(era=2)
    unit(st, P1, 4, "0,0")
    hand(st, "battle", P1, ["B21", "B01"])
    unit(st, P2, 1, "1,0")
    hand(st, "battle", P2, ["B09"])
    start(st)
    act(st, P1, "a:manufacture", "none", "to_movement", "free", "u:0.4", "h:1,0")
    assert top(st) == "combat.card" and list(RULES.waiting(st)) == [P1]
    assert ids(st, P1) == ["c:B01", "c:B21", "done"]
    act(st, P1, "c:B21", "done")
    assert top(st) == "combat.card" and list(RULES.waiting(st)) == [P2]
    assert ids(st, P2) == ["c:B09", "done"]
    v2 = RULES.view(st, P2)
    assert v2["combat"]["acards"] == 1 and "B21" not in repr(v2)
    assert RULES.view(st, P1)["combat"]["acards"] == ["B21"]


def test_bi_a31_palace_ii_product_may_go_on_victorias_board():
    """BI-A31, BI-15.4: Palace II's free product is placed "as usual", so with Victoria it may
    go on Victoria's board, which gives its science (BI-19.9); nothing is paid."""
    st = game(boards=("blue_france", "red_portugal"), monarchs=("victoria", "afonso_i"))
    st["missions"][P1] = {"1": "MI-1", "2": "MII-1", "3": "MIII-1"}
    st["missions"][P2] = {"1": "MI-2", "2": "MII-2", "3": "MIII-2"}
    tile(st, "-3,0", "trading_post", P1)
    tile(st, "-3,1", "farm", P1, {"coffee": 2})
    unit(st, P1, 1, "-2,0")
    st["supply"][P1] = {"gold": 1, "coffee": 1}
    start(st)
    act(st, P1, "a:build", "none", "to_movement", "end", "m:MI-1", "p:II", "h:-3,0", "p:sugar")
    assert top(st) == "product.place" and "victoria" in ids(st, P1)
    act(st, P1, "victoria")
    assert st["products"][P1]["sugar"] == "victoria"
    assert st["supply"][P1] == {"gold": 1, "coffee": 1, "sugar_cane": 1, "science": 1}
