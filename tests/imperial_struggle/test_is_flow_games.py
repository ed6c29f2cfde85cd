"""Flow helper: whole random games with every rules module (IS-2.1 turn track, IS-2.4 endings)."""

from __future__ import annotations

import pytest

from engine.games.imperial_struggle import RULES
from engine.games.imperial_struggle import board as B
from engine.rng import Rng
from engine.rules import Config, SeatConfig, resolve_options


def play(seed: int, **opts):
    st = RULES.setup(
        Config((SeatConfig("A"), SeatConfig("B")), resolve_options(RULES, opts)), Rng.seeded(seed)
    )
    events = list(RULES.setup_events(st))
    pick = Rng.seeded(seed + 77)
    steps = 0
    while not st["over"]:
        waiting = RULES.waiting(st)
        assert waiting, "dead end"
        seat = waiting[pick.randbelow(len(waiting))]
        p = RULES.prompt(st, seat)
        assert p is not None and p.choices
        events += RULES.apply(
            st, seat, p.choices[pick.randbelow(len(p.choices))].id, Rng(st["rng"])
        )
        steps += 1
        assert steps < 20_000
    return st, events


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_game_follows_the_turn_track_and_ends(seed):
    """IS-2.1: turns start in track order without gaps; the game ends once (IS-2.4) with a winner,
    a reason and an outcome naming the winning seat."""
    st, events = play(seed)
    turns = [e.args["turn"] for e in events if e.kind == "turn"]
    assert turns == list(B.TURN_IDS[: len(turns)])
    assert turns[-1] == B.TURN_IDS[st["ti"]]
    ends = [e for e in events if e.kind == "game_over"]
    assert len(ends) == 1 and ends[0].args["winner"] == st["winner"]
    o = RULES.outcome(st)
    assert o.winners == (st["side_seat"][st["winner"]],)
    if st["reason"] == "vp_threshold":
        assert st["vp"] <= 0 or st["vp"] >= 30
    if st["reason"].startswith("final"):
        assert turns[-1] == "T6"
    assert RULES.waiting(st) == () and RULES.prompt(st, 0) is None


def test_random_game_with_every_option_switched():
    """IS-18: a whole game with every non-default option value."""
    opts = {
        "spanish_empire": "on",
        "military_planning_swap": "on",
        "military_planning_deal": "on",
        "tougher_forts": "on",
        "side_bid": "on",
        "midturn_draw_reshuffle": "on",
        "set_to_one_flat": "on",
        "damaged_fort_anchor": "off",
        "conflicted_market_adjacency": "on",
        "war_unflag_conflicted": "on",
        "war_squadron_scope": "region",
        "voltaire_timing": "if_awarded",
        "strict_action_sequence": "off",
        "autowin_includes_prestige": "on",
    }
    st, events = play(9, **opts)
    assert st["over"] and st["winner"] in (0, 1)
    assert any(e.kind == "auction_accept" for e in events)
