"""Flow helper: set-up options — IS-V05 side bidding (auction and fixed), IS-V01 Spanish flags —
and the option list of the Rules object (IS-18)."""

from __future__ import annotations

import pytest

from engine.games.imperial_struggle import RULES
from engine.rng import Rng
from engine.rules import Config, IllegalAction, SeatConfig, resolve_options


def new_game(seed: int = 3, **opts):
    config = Config((SeatConfig("A"), SeatConfig("B")), resolve_options(RULES, opts))
    return RULES.setup(config, Rng.seeded(seed))


def ids(st, seat):
    p = RULES.prompt(st, seat)
    return [] if p is None else [c.id for c in p.choices]


def act(st, seat, *choices):
    out = []
    for c in choices:
        out += RULES.apply(st, seat, c, Rng(st["rng"]))
    return out


def test_options_are_is18_keys_defaults_first():
    """IS-18: the fourteen option keys with their defaults."""
    keys = {o.key: o.default for o in RULES.options}
    assert keys == {
        "spanish_empire": "off",
        "military_planning_swap": "off",
        "military_planning_deal": "off",
        "tougher_forts": "off",
        "side_bid": "off",
        "midturn_draw_reshuffle": "off",
        "set_to_one_flat": "off",
        "damaged_fort_anchor": "on",
        "conflicted_market_adjacency": "off",
        "war_unflag_conflicted": "off",
        "war_squadron_scope": "counting",
        "voltaire_timing": "always",
        "strict_action_sequence": "on",
        "autowin_includes_prestige": "off",
    }
    for o in RULES.options:
        assert o.values[0] == o.default and o.help and "IS-" not in o.help


def test_spanish_empire_flags_at_setup():
    """IS-V01: Spanish flags on Havana, Santiago and Puerto Principe (code 3), counting for nobody."""
    st = new_game(spanish_empire="on")
    assert {s: c for s, c in st["flags"].items() if c == 3} == {
        "havana": 3,
        "santiago": 3,
        "puerto_principe": 3,
    }


def test_auction_accept_gives_sides_and_trp():
    """IS-V05 on / IS-17.2: a random seat names a side and bids; the other accepts, plays the other
    side and takes the Treaty Points."""
    st = new_game(seed=4, side_bid="on")
    (opener,) = RULES.waiting(st)
    other = 1 - opener
    assert ids(st, opener) == ["side:france", "side:britain"]
    act(st, opener, "side:britain")
    assert ids(st, opener)[:3] == ["bid:0", "bid:1", "bid:2"]
    act(st, opener, "bid:2")
    assert RULES.waiting(st) == (other,)
    assert (
        ids(st, other)[0] == "accept"
        and "raise:3" in ids(st, other)
        and "raise:2" not in ids(st, other)
    )
    act(st, other, "accept")
    assert st["side_seat"] == [other, opener]  # France = the accepting seat
    assert st["trp"] == [2, 0]
    assert st["auction"] is None
    assert RULES.waiting(st) == (0, 1)  # the Ministry Phase, by seats
    fr_seat = other
    assert all(c.startswith("pick:M-") for c in ids(st, fr_seat))
    assert "pick:M-2" in ids(st, fr_seat) and "pick:M-5" in ids(st, opener)


def test_auction_raise_swaps_bidder():
    """IS-V05: the other player may bid more for the same side; the first then accepts and plays
    the other side with that many TRP."""
    st = new_game(seed=4, side_bid="on")
    (opener,) = RULES.waiting(st)
    other = 1 - opener
    act(st, opener, "side:france", "bid:1")
    act(st, other, "raise:3")
    assert RULES.waiting(st) == (opener,)
    with pytest.raises(IllegalAction):
        act(st, opener, "raise:3")
    act(st, opener, "accept")
    assert st["side_seat"] == [other, opener]
    assert st["trp"] == [0, 3]


def test_fixed_bid_values_parse():
    """IS-V05 fixed:<side>+<n> values are offered for both sides."""
    opt = next(o for o in RULES.options if o.key == "side_bid")
    assert opt.parse("fixed:france+2") == "fixed:france+2"
    st = new_game(side_bid="fixed:france+2")
    assert st["trp"] == [2, 0] and st["side_seat"] == [0, 1]
