"""IS-V05 bidding for sides and hidden information (IS-16.2): the set-up happens before the
auction decides who plays France, so no seat may read France's set-up Bonus tile until the
auction ends, and then only France's seat."""

from __future__ import annotations

from engine.games.imperial_struggle import RULES
from engine.games.imperial_struggle import board as B
from engine.games.imperial_struggle.state import FR
from engine.match import Match
from engine.rules import Config, SeatConfig, resolve_options


def _auction_to(seed: int, france_seat: int) -> tuple[Match, str]:
    """A match with ``side_bid=on`` whose auction gives France to ``france_seat`` at 0 TRP;
    returns it and France's set-up Bonus tile (IS-3.11f, in Central Europe)."""
    opts = resolve_options(RULES, {"side_bid": "on"})
    m = Match(RULES, Config((SeatConfig("A"), SeatConfig("B")), opts), seed, "teaching")
    tile = m.state["war"]["theaters"]["1"]["bonus"][FR][0]
    while m.state.get("auction") is not None:
        seat = m.waiting()[0]
        ids = [c.id for c in m.prompt(seat).choices]
        if "side:france" in ids:
            m.act(seat, "side:france" if seat == france_seat else "side:britain")
        elif "bid:0" in ids:
            m.act(seat, "bid:0")
        else:
            m.act(seat, "accept")
    assert m.state["side_seat"][FR] == france_seat
    return m, tile


def test_is_v05_set_up_log_says_only_what_each_final_seat_knows():
    """IS-16.2 / IS-16.5: the auction gives France to seat 1. Seat 0 (Britain) never reads the
    name of France's set-up Bonus tile; seat 1 (France) reads it once the auction is over."""
    for seed in range(4):
        m, tile = _auction_to(seed, france_seat=1)
        name = B.BONUS_TILES[tile]["name"]
        britain = [m.describe(item, 0) for item in m.log]
        france = [m.describe(item, 1) for item in m.log]
        spectator = [m.describe(item, None) for item in m.log]
        assert not any(name in line for line in britain + spectator), seed
        assert (
            "France draws a Bonus War tile at set-up and places it in Central Europe (WSS 1)"
            in britain
        )
        assert any(name in line and "at set-up you drew" in line for line in france), seed


def test_is_v05_no_seat_sees_either_sides_secrets_during_the_auction():
    """IS-16.2: while the auction runs neither seat plays France yet, so neither sees France's
    set-up tiles; afterwards France's seat does and Britain's does not."""
    opts = resolve_options(RULES, {"side_bid": "on"})
    m = Match(RULES, Config((SeatConfig("A"), SeatConfig("B")), opts), 2, "teaching")
    for seat in (0, 1):
        th = m.view(seat)["war"]["theaters"]["1"]
        assert th["bonus"][FR] == {"count": 1, "known": []}
        assert th["basic"][FR] == {"count": 1, "known": []}
    m, tile = _auction_to(2, france_seat=1)
    assert m.view(1)["war"]["theaters"]["1"]["bonus"][FR] == [tile]
    assert m.view(0)["war"]["theaters"]["1"]["bonus"][FR] == {"count": 1, "known": []}
