"""Rulings on the prompts (BI-29), gold-card windows, the capital draft, city stacks and
Napoleon's first Deploy, played through the engine."""

from __future__ import annotations

from engine_positions import P1, P2, act, game, hand, ids, start, top

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
