"""Flow helper: views (IS-16.1 public / IS-16.2 private) and determinize (IS-16.7): the leak test
(a seat's view is unchanged by determinizing for that seat) and what gets resampled."""

from __future__ import annotations

import json

from engine.games.imperial_struggle import RULES
from engine.games.imperial_struggle import board as B
from engine.games.imperial_struggle.position import build
from engine.rng import Rng
from engine.rules import Config, SeatConfig


def new_game(seed: int = 7, **opts):
    return RULES.setup(Config((SeatConfig("A"), SeatConfig("B")), opts), Rng.seeded(seed))


def same_view(st, seat, k=1):
    a = json.dumps(RULES.view(st, seat), sort_keys=True, default=str)
    b = json.dumps(
        RULES.view(RULES.determinize(st, seat, Rng.seeded(k)), seat), sort_keys=True, default=str
    )
    return a == b


def test_view_shows_own_hand_only_and_counts():
    """IS-16.2: own hand listed, the opponent's as a count; deck as a size; spectators see no hand."""
    st = new_game()
    v0, v1, vs = RULES.view(st, 0), RULES.view(st, 1), RULES.view(st, None)
    assert v0["hands"][0] == st["hands"][0] and v0["hands"][1] is None
    assert v1["hands"][1] == st["hands"][1] and v1["hands"][0] is None
    assert vs["hands"] == [None, None] and vs["prompt"] is None
    assert v0["hand_counts"] == [3, 3] and v0["deck_count"] == len(st["deck"])
    assert "deck" not in v0 and v0["investments"]["stack"] == sorted(st["inv_stack"])


def test_view_hides_face_down_ministries_and_war_tiles():
    """IS-16.2: face-down Ministry cards and war tiles are seen by their owner only; the opponent
    sees that a slot is filled, and tile counts per theater."""
    rules, st = build(
        {
            "turn": "T2",
            "at": "none",
            "ministries": {
                "france": [["M-2", True], ["M-3", False]],
                "britain": [["M-5", False], ["M-6", False]],
            },
        }
    )
    v0 = RULES.view(st, 0)
    assert v0["ministries"][0] == [
        {"card": "M-2", "up": True, "filled": True},
        {"card": "M-3", "up": False, "filled": True},
    ]
    assert v0["ministries"][1] == [{"card": None, "up": False, "filled": True}] * 2
    v1 = RULES.view(st, 1)
    assert v1["ministries"][0][0]["card"] == "M-2" and v1["ministries"][0][1]["card"] is None
    th = v0["war"]["theaters"]["1"]
    assert th["basic"][0] == sorted(st["war"]["theaters"]["1"]["basic"][0])
    assert th["basic"][1] == {"count": 1, "known": []}
    assert v0["war"]["basic_pool"][1] == {"count": len(st["war"]["basic_pool"][1]), "known": []}


def test_awards_next_tile_hidden():
    """IS-16.3: the face-down Award tile of each Region is hidden from both (only its presence)."""
    st = new_game()
    v = RULES.view(st, 0)
    assert v["awards"] == {r: st["awards"][r][0] for r in B.REGIONS}
    assert v["awards_next"] == {r: True for r in B.REGIONS}
    assert "awards_hidden" not in v


def test_leak_test_during_simultaneous_ministry_picks():
    """IS-16.4 / IS-16.7: France's pending picks are not in Britain's view, and determinizing for
    Britain resamples them (Britain's view unchanged)."""
    st = new_game()
    RULES.apply(st, 0, "pick:M-2", Rng(st["rng"]))
    assert "M-2" not in json.dumps(RULES.view(st, 1), default=str)
    for seat in (0, 1, None):
        for k in range(4):
            assert same_view(st, seat, k)
    worlds = {
        tuple(RULES.determinize(st, 1, Rng.seeded(k))["stack"][-1]["frames"][0]["picked"])
        for k in range(30)
    }
    assert len(worlds) > 1


def test_determinize_resamples_opponent_hand_and_keeps_counts():
    """IS-16.7a: the opponent's hand is redrawn from the cards not seen by the seat (same size); the
    seat's own hand, the discard pile and the card set are unchanged."""
    rules, st = build({"turn": "T2", "at": "deal", "hands": {"france": [1, 2], "britain": [3]}})
    hands = set()
    for k in range(20):
        d = RULES.determinize(st, 0, Rng.seeded(k))
        assert d["hands"][0] == st["hands"][0]
        assert len(d["hands"][1]) == len(st["hands"][1]) and len(d["deck"]) == len(st["deck"])
        assert sorted(d["hands"][1] + d["deck"]) == sorted(st["hands"][1] + st["deck"])
        assert d["discard"] == st["discard"]
        hands.add(tuple(sorted(d["hands"][1])))
        assert same_view(st, 0, k)
    assert len(hands) > 1


def test_determinize_opponent_ministries_valid_for_era():
    """IS-16.7b: the opponent's face-down cards become other cards of its side valid this Era (not
    its face-up ones)."""
    rules, st = build(
        {"turn": "T3", "at": "none", "ministries": {"britain": [["M-15", False], ["M-7", True]]}}
    )
    seen = set()
    for k in range(30):
        d = RULES.determinize(st, 0, Rng.seeded(k))
        card = d["min_slots"][1][0]["card"]
        assert card in ("M-15", "M-16", "M-17", "M-18")
        assert d["min_slots"][1][1] == {"card": "M-7", "up": True}
        seen.add(card)
    assert len(seen) > 1


def test_determinize_war_tiles_keep_counts():
    """IS-16.7c: the opponent's unseen war tiles are shuffled among its theater slots, pools and
    removed tiles (counts kept); the seat's own tiles stay."""
    st = new_game()
    w = st["war"]
    moved = set()
    for k in range(10):
        d = RULES.determinize(st, 0, Rng.seeded(k))
        dw = d["war"]
        for key, th in w["theaters"].items():
            assert dw["theaters"][key]["basic"][0] == th["basic"][0]
            assert len(dw["theaters"][key]["basic"][1]) == len(th["basic"][1])
        br_now = [t for th in dw["theaters"].values() for t in th["basic"][1]] + dw["basic_pool"][1]
        br_was = [t for th in w["theaters"].values() for t in th["basic"][1]] + w["basic_pool"][1]
        assert sorted(br_now) == sorted(br_was) and len(br_now) == 16
        moved.add(tuple(dw["theaters"]["1"]["basic"][1]))
        assert same_view(st, 0, k)
    assert len(moved) > 1


def test_leak_test_through_random_play():
    """The DESIGN leak test on a random game: every 7th step, for both seats and the spectator."""
    st = new_game(seed=11)
    pick = Rng.seeded(5)
    steps = 0
    while not st["over"] and steps < 400:
        seat = RULES.waiting(st)[pick.randbelow(len(RULES.waiting(st)))]
        p = RULES.prompt(st, seat)
        RULES.apply(st, seat, p.choices[pick.randbelow(len(p.choices))].id, Rng(st["rng"]))
        steps += 1
        if steps % 7 == 0:
            for s in (0, 1, None):
                assert same_view(st, s, steps), f"leak at step {steps} for seat {s}"


def test_clone_is_deep_and_equal():
    """clone: a msgpack round trip, equal and independent."""
    st = new_game()
    c = RULES.clone(st)
    assert c == st
    c["hands"][0].append(99)
    assert 99 not in st["hands"][0]


def test_determinize_no_succession_card_in_hand_from_t5():
    """IS-16.7a: from T5 the resampled hand holds no Succession card (they stay in the pile)."""
    rules, st = build(
        {
            "turn": "T5",
            "at": "none",
            "hands": {"britain": [31, 32, 33]},
            "deck": [1, 2, 3, 4, 40, 41],
        }
    )
    for k in range(20):
        d = RULES.determinize(st, 0, Rng.seeded(k))
        assert all(c > 15 for c in d["hands"][1]) and len(d["hands"][1]) == 3
        assert sorted(d["hands"][1] + d["deck"]) == sorted(st["hands"][1] + st["deck"])
        assert same_view(st, 0, k)
