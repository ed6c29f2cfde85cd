"""The variants IMP-V1..V10 (section 12) as setup options: each changes the outcome of a
position in the way its row says, compared with the default.

More variant branches live with their scenarios: IMP-V1 in IMP-S02, IMP-V2 in IMP-S05, IMP-V5 in
IMP-S20 and IMP-A01 (test_rules_general.py), IMP-V9 in test_rules_general.py.
"""

from __future__ import annotations

import pytest
from imperium_helpers import (
    RULES,
    act,
    advance,
    assert_illegal,
    build,
    choice_ids,
    energy,
    pool,
    seat_of,
    side,
    view,
    winner,
)

from engine.rng import Rng
from engine.rules import Config, SeatConfig, resolve_options


@pytest.mark.parametrize("steal_mode, g_pool", [("transfer", 5), ("deny", 3)])
def test_v1_steal_mode(steal_mode, g_pool):
    """IMP-V1: R's 2 unprotected Farms are stolen; transfer adds them to G's roll, deny not."""
    state = build(
        {
            "active": "G",
            "phase": "energy",
            "army_dom": "G",
            "R": {"play": ["farm", "farm"]},
            "options": {"steal_mode": steal_mode},
        }
    )
    advance(state, dice=[1] * g_pool)
    assert pool(state) == g_pool


@pytest.mark.parametrize("mode, army, won", [("immediate", 5, True), ("start_of_turn", 6, False)])
def test_v2_army_win_timing(mode, army, won):
    """IMP-V2, IMP-6.6: a Legion pursuit from 4 counters (no Defense)."""
    state = build(
        {
            "active": "R",
            "phase": "action",
            "energy": 5,
            "army_dom": "R",
            "R": {"army": 4, "play": ["legion"]},
            "options": {"army_win_timing": mode},
        }
    )
    act(state, "R", "tap:0")
    assert side(state, "R")["army"] == army
    assert winner(state) == ("R" if won else None)


HOMEROS_SPEC = {
    "active": "G",
    "phase": "action",
    "energy": 12,
    "G": {"hand": ["homeros", "hoplite", "hoplite", "trireme"]},
}


def test_v3_three_turns_declaration_makes_every_cost_zero():
    """IMP-V3: no on-enter charges; once declared, every Army/Navy play and tap cost is 0 for
    the rest of the turn, with no limit on the number of uses (5 zero-cost payments here)."""
    state = build({**HOMEROS_SPEC, "options": {"homeros_mode": "three_turns"}})
    act(state, "G", "play:homeros")
    assert energy(state) == 0
    assert view(state, None)["homeros"] == 0
    assert_illegal(state, "G", "playh:hoplite")
    assert_illegal(state, "G", "play:hoplite")  # 5 > 0 before the declaration
    act(state, "G", "homeros")
    assert "homeros" not in choice_ids(state, "G")  # at most once per turn
    for card in ("hoplite", "hoplite", "trireme"):
        act(state, "G", f"play:{card}")
    act(state, "G", "tap:1")  # Hoplite: land attack
    act(state, "G", "tap:3")  # Trireme: naval attack
    s = side(state, "G")
    assert energy(state) == 0
    assert s["play"] == ["homeros", "hoplite(T)", "hoplite", "trireme(T)"]
    assert view(state, None)["army_dom"] == seat_of(state, "G")
    assert view(state, None)["navy_dom"] == seat_of(state, "G")


def test_v3_default_has_no_declaration_and_three_charges():
    """IMP-10.17 default: three charges, the fourth Army/Navy cost is paid in full."""
    state = build(HOMEROS_SPEC)
    act(state, "G", "play:homeros")
    assert_illegal(state, "G", "homeros")
    for card in ("hoplite", "hoplite", "trireme"):
        act(state, "G", f"playh:{card}")
    assert view(state, None)["homeros"] == 0
    assert_illegal(state, "G", "taph:1")
    assert_illegal(state, "G", "tap:1")  # 5 > 0


@pytest.mark.parametrize("timing", ["before_actions", "any_time"])
def test_v4_extra_draw_timing(timing):
    """IMP-V4: with any_time the extra draw can follow a sell and ends the turn."""
    state = build(
        {
            "active": "G",
            "phase": "energy",
            "G": {"hand": ["farm"], "deck": ["walls"]},
            "options": {"extra_draw_timing": timing},
        }
    )
    advance(state, dice=[1, 1, 1])
    # Contract reading: with any_time the separate extra/continue decision may be folded into
    # the Action phase (README lists `extra` among the action ids), so `continue` is optional.
    if timing == "before_actions" or "continue" in choice_ids(state, "G"):
        act(state, "G", "continue")
    act(state, "G", "sell:farm")
    if timing == "before_actions":
        assert_illegal(state, "G", "extra")
        return
    act(state, "G", "extra", dice=[1, 1, 1])  # R's roll follows
    assert side(state, "G")["hand"] == ["walls"]
    assert view(state, None)["active"] == seat_of(state, "R")


def test_v5_reshuffle_turn_draw():
    """IMP-V5 reshuffle: the empty deck is rebuilt from the discard pile before the draw."""
    state = build(
        {
            "active": "R",
            "phase": "start",
            "R": {"deck": [], "discard": ["farm", "walls"]},
            "options": {"empty_deck": "reshuffle"},
        }
    )
    advance(state, dice=[1, 1, 1])
    r = side(state, "R")
    assert len(r["hand"]) == 1
    assert sorted(r["hand"] + r["deck"]) == ["farm", "walls"]
    assert r["discard"] == []


def test_v5_lose_not_triggered_by_trader_top_card_move():
    """IMP-V5 lose: only a draw loses; Trader's top-card move on an empty deck does not."""
    state = build(
        {
            "active": "G",
            "phase": "action",
            "energy": 5,
            "G": {"hand": ["trader"], "deck": ["farm", "walls"]},
            "options": {"empty_deck": "lose"},
        }
    )
    act(state, "G", "play:trader")
    g = side(state, "G")
    assert g["hand"] == ["farm", "walls"]
    assert g["discard"] == ["trader"]
    assert winner(state) is None


@pytest.mark.parametrize("limit", ["none", 2])
def test_v6_hand_limit_at_end_of_turn(limit):
    """IMP-V6, IMP-3.6: discard down to N at the end of the turn, the player's choice."""
    state = build(
        {
            "active": "R",
            "phase": "action",
            "energy": 0,
            "R": {"hand": ["farm", "legion", "walls", "galley"]},
            "options": {"hand_limit": limit},
        }
    )
    if limit == "none":
        act(state, "R", "end", dice=[1, 1, 1])
        assert side(state, "R")["hand"] == ["farm", "legion", "walls", "galley"]
        return
    act(state, "R", "end")
    assert RULES.waiting(state) == (seat_of(state, "R"),)
    assert {c for c in choice_ids(state, "R")} == {
        "discard:farm",
        "discard:legion",
        "discard:walls",
        "discard:galley",
    }
    act(state, "R", "discard:farm")
    act(state, "R", "discard:walls", dice=[1, 1, 1])  # then G's turn
    r = side(state, "R")
    assert r["hand"] == ["legion", "galley"]
    assert r["discard"] == ["farm", "walls"]
    assert view(state, None)["active"] == seat_of(state, "G")


def test_v6_hand_limit_applies_after_extra_draw():
    """IMP-V6 with IMP-3.4: the extra draw goes to the End phase, so the limit applies."""
    state = build(
        {
            "active": "R",
            "phase": "energy",
            "R": {"hand": ["farm", "legion"], "deck": ["walls"]},
            "options": {"hand_limit": 2},
        }
    )
    advance(state, dice=[1, 1, 1])
    act(state, "R", "extra")
    assert side(state, "R")["hand"] == ["farm", "legion", "walls"]
    act(state, "R", "discard:legion", dice=[1, 1, 1])
    assert side(state, "R")["hand"] == ["farm", "walls"]


@pytest.mark.parametrize("mode", ["off", "on"])
def test_v7_open_hands(mode):
    """IMP-V7, IMP-11.2: with open hands the opponent sees the hand."""
    state = build(
        {
            "active": "R",
            "phase": "action",
            "energy": 0,
            "R": {"hand": ["legion", "farm"]},
            "options": {"open_hands": mode},
        }
    )
    seen = view(state, "G")["seats"][seat_of(state, "R")]
    assert seen["hand_count"] == 2
    assert seen["hand"] == (["legion", "farm"] if mode == "on" else None)


def _setup(options: dict, seed: int = 4) -> dict:
    opts = resolve_options(RULES, options)
    return RULES.setup(Config((SeatConfig("A"), SeatConfig("B")), opts), Rng.seeded(seed))


def test_v8_mirror_allowed():
    """IMP-V8: both seats may use the Roman deck (two copies)."""
    state = _setup({"deck_assignment": "mirror_allowed", "decks": "roman_roman"})
    seats = view(state, None)["seats"]
    assert [s["deck"] for s in seats] == ["roman", "roman"]
    assert [s["deck_count"] + s["hand_count"] for s in seats] == [38, 38]


def test_v8_mirror_refused_by_default():
    """IMP-2.1, IMP-A36: one Roman and one Greek deck under default rules."""
    with pytest.raises(ValueError):
        _setup({"decks": "roman_roman"})


@pytest.mark.parametrize("mode", ["allowed", "summoning_sickness"])
def test_v10_enter_tap(mode):
    """IMP-V10, IMP-A03: with summoning sickness a card can't tap the turn it entered play."""
    state = build(
        {
            "active": "R",
            "phase": "action",
            "energy": 10,
            "R": {"hand": ["legion"], "play": ["galley"], "deck": []},
            "options": {"enter_tap": mode},
        }
    )
    act(state, "R", "play:legion")
    assert energy(state) == 5
    if mode == "allowed":
        act(state, "R", "tap:1")
        assert view(state, None)["army_dom"] == seat_of(state, "R")
        return
    assert_illegal(state, "R", "tap:1")
    act(state, "R", "tap:0")  # the Galley was already in play
    act(state, "R", "end", dice=[1, 1, 1])
    act(state, "G", "continue")
    act(state, "G", "end", dice=[3, 3, 1])
    act(state, "R", "continue")
    act(state, "R", "tap:1")  # a later turn
    assert view(state, None)["army_dom"] == seat_of(state, "R")


def test_v10_free_played_card_cannot_tap_that_turn():
    """IMP-V10, IMP-A29: the Hoplite put into play by Alexander entered this turn."""
    state = build(
        {
            "active": "G",
            "phase": "action",
            "energy": 18,
            "G": {"hand": ["alexander", "hoplite"]},
            "options": {"enter_tap": "summoning_sickness"},
        }
    )
    act(state, "G", "play:alexander")
    act(state, "G", "free:hoplite")
    assert energy(state) == 6
    assert_illegal(state, "G", "tap:1")


def test_v3_declaration_on_at_most_three_turns():
    """IMP-V3: the declaration is available on up to 3 of your turns, once each."""
    state = build(
        {
            "active": "G",
            "phase": "action",
            "energy": 12,
            "G": {"hand": ["homeros"], "deck": []},
            "R": {"deck": []},
            "options": {"homeros_mode": "three_turns"},
        }
    )
    act(state, "G", "play:homeros")
    for turn in range(3):
        if turn:
            act(state, "G", "continue")
        act(state, "G", "homeros")  # turns 1, 2, 3
        act(state, "G", "end", dice=[1, 1, 1])  # R: empty board
        act(state, "R", "continue")
        act(state, "R", "end", dice=[1, 1, 1])  # G: Homeros gives no die
    act(state, "G", "continue")
    assert_illegal(state, "G", "homeros")
