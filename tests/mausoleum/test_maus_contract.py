"""Mausoleum: the package contract (README), setup, view, determinize,
decision flow details the scenario tests do not cover (rules in shared/rules/mausoleum.md)."""

from __future__ import annotations

import re

import pytest

from engine import registry
from engine.games.mausoleum import RULES
from engine.games.mausoleum.cards import CARDS, GRAVES
from engine.games.mausoleum.position import build, summarize
from engine.rng import Rng
from engine.rules import Config, IllegalAction, SeatConfig, resolve_options


def new_game(n: int, seed: int = 1, **opts) -> dict:
    cfg = Config(tuple(SeatConfig(f"P{i + 1}") for i in range(n)), resolve_options(RULES, opts))
    return RULES.setup(cfg, Rng.seeded(seed))


def ids(st: dict, seat: int) -> list[str]:
    p = RULES.prompt(st, seat)
    return [c.id for c in p.choices] if p else []


def act(st: dict, seat: int, choice: str, seed: int = 0) -> list:
    assert choice in ids(st, seat), (choice, ids(st, seat))
    return RULES.apply(st, seat, choice, Rng.seeded(seed))


def test_registered_with_every_variant_option_mau_v1_to_v5():
    rules = registry.get("mausoleum")
    assert rules is RULES and rules.min_seats == 2 and rules.max_seats == 10
    assert rules.rules_version >= 1
    opts = {o.key: o for o in rules.options}
    assert {k: opts[k].default for k in opts} == {
        "win_threshold": 10,
        "gardener_penalty": "on",
        "six_plus_graves": 9,
        "start_player": "random",
        "turn_cap": 500,
    }
    assert [opts[k].rule for k in opts] == ["MAU-V1", "MAU-V2", "MAU-V3", "MAU-V4", "MAU-V5"]
    assert all(o.help and "MAU" not in o.help for o in rules.options)


def test_card_data_matches_rulings_tables_mau_1_4_to_1_7():
    assert sum(CARDS[i].value for i in range(1, 19)) == 50  # MAU-1.4 total
    assert [CARDS[g].value for g in GRAVES] == [3, 3, 4, 4, 5, 5, 6, 6, 7]  # MAU-1.6
    assert CARDS[18].key == "grumpy_dowager" and CARDS[18].value == 6
    assert CARDS[27].effect == "kill_all" and CARDS[36].effect == "kidnap"
    assert CARDS[118].name == "Grumpy Dowager"  # MAU-1.10 second deck id
    assert CARDS[45].value_provenance.startswith("FOUND")


@pytest.mark.parametrize(("n", "hand", "deck"), [(2, 5, 35), (3, 5, 30), (4, 4, 29), (5, 3, 30)])
def test_setup_deals_by_seat_count_mau_2_4(n, hand, deck):
    st = new_game(n)
    assert [len(h) for h in st["hands"]] == [hand] * n
    assert len(st["deck"]) == deck and st["discard"] == []
    assert st["shop"] == list(GRAVES)
    assert 0 <= st["active"] == st["start"] < n
    assert st["phase"] == "turn"
    cards = st["deck"] + [c for h in st["hands"] for c in h]
    assert sorted(cards) == [c for c in range(1, 55) if c not in GRAVES]


def test_six_seats_use_a_second_deck_mau_2_7_and_v3():
    st = new_game(6)
    assert [len(h) for h in st["hands"]] == [5] * 6 and len(st["deck"]) == 60
    assert st["shop"] == list(GRAVES)
    st18 = new_game(6, six_plus_graves=18)
    assert st18["shop"] == [*GRAVES, *(g + 100 for g in GRAVES)]


def test_start_player_random_varies_and_host_choice_prompts_seat_0_mau_v4():
    assert len({new_game(4, seed)["start"] for seed in range(20)}) > 1
    st = new_game(3, start_player="host_choice")
    assert RULES.waiting(st) == (0,)
    assert ids(st, 0) == ["start:0", "start:1", "start:2"]
    act(st, 0, "start:2")
    assert st["active"] == 2 and st["start"] == 2 and RULES.waiting(st) == (2,)


def test_view_shape_and_hidden_hands_mau_11():
    st = build({"P0": {"hand": [1, 19, 6]}, "P1": {"hand": [5, 20]}, "discard": [26, 14]})
    act(st, 0, "draw:discard")  # Uncle#14 becomes a known card in P0's hand
    v0, v1, spec = RULES.view(st, 0), RULES.view(st, 1), RULES.view(st, None)
    assert v0["seats"][0]["hand"] == [1, 19, 6, 14] and v0["seats"][0]["drawn"] == 14
    assert v1["seats"][0]["hand"] is None and v1["seats"][0]["drawn"] is None
    assert v1["seats"][0]["known"] == [14] and v1["seats"][0]["hand_count"] == 4
    assert spec["seats"][1]["hand"] is None and spec["prompt"] is None
    assert v0["prompt"]["seat"] == 0 and v1["prompt"] is None
    assert v0["discard"] == [26] and v0["discard_top"] == 26
    for key in ("deck_count", "shop", "seats", "phase", "active", "threshold", "waiting"):
        assert key in v0
    seat = v0["seats"][0]
    for key in ("party", "morgue", "mausoleum", "printed", "counted", "locked", "gardeners"):
        assert key in seat


def test_deck_draw_is_named_only_to_the_drawer_mau_11_3():
    st = build({"P0": {"hand": [1, 19, 6]}, "deck": [22]})
    (ev,) = act(st, 0, "draw:deck")
    assert "Tumble Down the Stairs" in RULES.describe(ev, 0)
    for viewer in (1, 2, None):
        line = RULES.describe(ev, viewer)
        assert "Stairs" not in line and "draws a card" in line


def test_determinize_keeps_known_cards_sizes_and_view_mau_11_4():
    st = build({"P0": {"hand": [1, 19, 6]}, "P1": {"hand": [5, 20, 30]}, "discard": [26, 14]})
    act(st, 0, "draw:discard")
    act(st, 0, "discard:19")
    seen = RULES.view(st, 1)
    changed = False
    for k in range(10):
        world = RULES.determinize(st, 1, Rng.seeded(k))
        assert RULES.view(world, 1) == seen
        assert 14 in world["hands"][0] and len(world["hands"][0]) == 3
        assert world["hands"][1] == st["hands"][1]
        assert len(world["deck"]) == len(st["deck"])
        changed |= world["hands"][0] != st["hands"][0]
    assert changed


def test_choice_targets_name_board_things_and_texts_have_no_rule_ids():
    pattern = re.compile(
        r"^(deck|discard|hand:\d+|party:\d+|heir:\d+:\d+|morgue:\d+:\d+|grave:\d+|seat:\d+)$"
    )
    rng = Rng.seeded(5)
    for n in (2, 3, 5):
        st = new_game(n, seed=n)
        while RULES.waiting(st):
            (seat,) = RULES.waiting(st)
            p = RULES.prompt(st, seat)
            assert "MAU" not in p.text + p.summary
            for c in p.choices:
                assert c.target is None or pattern.match(c.target), c
                assert "MAU" not in c.label + c.detail and c.label
            choice = p.choices[rng.randbelow(len(p.choices))].id
            for e in RULES.apply(st, seat, choice, Rng(st["rng"])):
                for viewer in (None, *range(n)):
                    assert "MAU" not in RULES.describe(e, viewer)
        out = RULES.outcome(st)
        assert out is not None and out.winners and len(out.scores) == n
        assert "MAU" not in out.reason


def test_target_step_back_returns_to_the_play_step():
    st = build({"P0": {"hand": [19, 1, 6]}, "P1": {"party": [5]}, "deck": [22]})
    act(st, 0, "draw:deck")
    act(st, 0, "play:19")
    assert ids(st, 0) == ["kill:5", "back"]
    act(st, 0, "back")
    assert st["phase"] == "play" and 19 in st["hands"][0]


def test_pay_step_offers_only_completable_picks_and_back_mau_8_4():
    st = build({"P0": {"morgue": ["Sheep#3", "Aunt#10", "Brat#15"]}})
    assert "buy:43" not in ids(st, 0)  # 6: Aunt + Brat = 5, one Sheep = 3
    act(st, 0, "buy:41")  # 5: only Aunt + Brat can pay
    assert ids(st, 0) == ["pay:10", "pay:15", "back"]
    act(st, 0, "pay:15")
    assert ids(st, 0) == ["pay:10", "back"]
    act(st, 0, "back")
    act(st, 0, "back")
    assert st["phase"] == "turn" and st["sel"] == 0


def test_hbomb_overflow_owner_orders_victims_mau_5_9():
    st = build(
        {
            "P0": {"hand": ["HBomb#27", 1, 6]},
            "P1": {"party": ["Uncle#5", "Grandpa#9", "Brat#15"], "morgue": [10, 3, 12]},
            "discard": [22],
            "deck": [20],
        }
    )
    act(st, 0, "draw:deck")
    act(st, 0, "play:27")
    assert RULES.waiting(st) == (1,) and st["phase"] == "order"
    assert ids(st, 1) == ["order:5", "order:9", "order:15"]
    with pytest.raises(IllegalAction):
        RULES.apply(st, 0, "order:5", Rng.seeded(0))
    act(st, 1, "order:15")
    assert ids(st, 1) == ["order:5", "order:9", "back"]
    act(st, 1, "order:9")  # Uncle#5 is last: placed by itself
    s = summarize(st)
    assert s["P1"]["morgue"] == ["Aunt#10", "Sheep#3", "Sheep#12", "Brat#15"]
    assert s["discard"] == ["Stairs#22", "HBomb#27", "Grandpa#9", "Uncle#5"]
    assert s["active"] == 1 and s["phase"] == "turn"


def test_pass_and_play_without_draw_mau_3_7_a28():
    st = build({"P0": {"hand": []}, "P1": {"hand": [1]}, "deck": [], "deck_exact": True})
    st["discard"] = []
    assert ids(st, 0) == ["pass"]
    act(st, 0, "pass")
    assert st["active"] == 1 and ids(st, 1) == ["draw:none"]
    act(st, 1, "draw:none")
    assert "play:1" in ids(st, 1)


def test_shop_empty_tie_is_shared_mau_10_5():
    st = build(
        {
            "P0": {"hand": [19], "mausoleum": [45], "morgue": [6]},
            "P1": {"mausoleum": [43, 38], "morgue": []},
            "P2": {"mausoleum": [44, 37], "morgue": [15]},
            "shop": [],
            "deck": [20],
        }
    )
    # P0 7, P1 9, P2 9: P1 and P2 tie on value; morgue values 0 and 1 -> P2 wins
    act(st, 0, "draw:deck")
    act(st, 0, "discard:19")
    out = RULES.outcome(st)
    assert out.winners == (2,) and st["end"] == "shop"
    assert out.scores == ("$7m", "$9m", "$9m")
    st2 = build({"P1": {"mausoleum": [43]}, "P2": {"mausoleum": [44]}, "shop": [], "deck": [20]})
    act(st2, 0, "draw:deck")
    act(st2, 0, "discard:20")
    assert RULES.outcome(st2).winners == (1, 2)
    assert "share" in RULES.outcome(st2).reason


def test_turn_cap_ends_and_ranks_mau_10_6():
    st = build({"P1": {"mausoleum": [37]}, "options": {"turn_cap": 3}, "turns": 2, "deck": [20]})
    act(st, 0, "draw:deck")
    act(st, 0, "discard:20")
    assert st["end"] == "cap" and RULES.outcome(st).winners == (1,)
