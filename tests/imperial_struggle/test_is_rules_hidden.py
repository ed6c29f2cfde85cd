"""Hidden information at scenario level (IS-16.2, IS-16.4, IS-16.7): war tiles, simultaneous
secret choices, the determinize leak test on a played position.
"""

from __future__ import annotations

import json

from is_helpers import BR, FR, act, choice_ids, prompt, rules, seat

from engine.rng import Rng
from engine.rules import Config, SeatConfig


def new_game(seed=3):
    r = rules()
    opts = {o.key: o.default for o in r.options}
    cfg = Config((SeatConfig("A", "random"), SeatConfig("B", "random")), opts)
    return r.setup(cfg, Rng.seeded(seed))


def test_is_16_2_war_tiles_hidden_from_the_opponent():
    """IS-16.2 / IS-3.7b: a side's Basic and Bonus tiles in theaters and pools are its secret."""
    st = new_game()
    fr_view = json.dumps(rules().view(st, seat(st, FR)))
    br_view = json.dumps(rules().view(st, seat(st, BR)))
    assert "br_b" not in fr_view and "WSS_britain_" not in fr_view
    assert "fr_b" not in br_view and "WSS_france_" not in br_view
    assert "fr_b" in fr_view  # a side sees its own tiles
    spectator = json.dumps(rules().view(st, None))
    assert "fr_b" not in spectator and "br_b" not in spectator


def test_is_16_4_ministry_choices_are_secret_and_independent():
    """IS-16.4: Britain's prompt does not change when France picks; France's picks are not in
    Britain's view."""
    st = new_game()
    before = choice_ids(st, BR)
    p_before = prompt(st, BR)
    act(st, FR, "pick:M-9")
    assert choice_ids(st, BR) == before
    assert prompt(st, BR).text == p_before.text
    assert prompt(st, FR).secret and prompt(st, BR).secret
    br_view = json.dumps(rules().view(st, seat(st, BR)))
    fr_view = json.dumps(rules().view(st, seat(st, FR)))
    assert br_view.count("M-9") < fr_view.count("M-9") or "M-9" not in br_view


def test_is_16_7_determinize_keeps_the_view():
    """IS-16.7 leak test: after a few steps, each seat's view is identical on a determinized
    state."""
    st = new_game()
    act(st, FR, "pick:M-1", "pick:M-2", "confirm")
    act(st, BR, "pick:M-5", "pick:M-8", "confirm")
    for s in (FR, BR):
        v = rules().view(st, seat(st, s))
        d = rules().determinize(st, seat(st, s), Rng.seeded(7))
        assert rules().view(d, seat(st, s)) == v


def test_is_16_2_hands_and_face_down_ministries_hidden():
    """IS-16.1, IS-16.2: a side sees its own hand and face-down Ministry cards; of the opponent only
    the counts (hand size, number of face-down cards)."""
    st = new_game()
    act(st, FR, "pick:M-1", "pick:M-2", "confirm")
    act(st, BR, "pick:M-5", "pick:M-6", "confirm")
    fr = rules().view(st, seat(st, FR))
    assert fr["hands"][FR] == st["hands"][FR]
    assert fr["hands"][BR] is None
    assert fr["hand_counts"] == [3, 3]
    fr_cards = {s["card"] for s in fr["ministries"][FR]}
    assert fr_cards == {"M-1", "M-2"}
    assert {s["card"] for s in fr["ministries"][BR]} == {None}
    assert all(s["filled"] for s in fr["ministries"][BR])
    spectator = rules().view(st, None)
    assert spectator["hands"] == [None, None]


def test_is_16_7_leak_test_along_a_random_game():
    """IS-16.7: at many points of a random game, each seat's view of a determinized state equals
    its view of the real one (DESIGN leak test)."""
    import random

    r = rules()
    st = new_game(11)
    rnd = random.Random(11)
    for step in range(3000):
        if r.outcome(st) is not None:
            break
        if step % 20 == 0:
            for s in (0, 1):
                d = r.determinize(st, s, Rng.seeded(step))
                assert r.view(d, s) == r.view(st, s), f"step {step}, seat {s}"
        seat_ = r.waiting(st)[0]
        p = r.prompt(st, seat_)
        r.apply(st, seat_, rnd.choice(p.choices).id, Rng.seeded(step))
