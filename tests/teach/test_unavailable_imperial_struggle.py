"""Imperial Struggle "why not?" reasons on hand-built positions (rulings IS-5.1, IS-5.1b,
IS-3.4.4, IS-5.3.3), and that they depend only on the seat's view."""

from __future__ import annotations

from teach_helpers import assert_seat_view_only, reasons

from engine.games.imperial_struggle.events import card_name as _name
from engine.games.imperial_struggle.position import build
from engine.rng import Rng


def _round(tiles=(0, 5, 6), hand=(1, 5, 8)):
    rules, st = build(
        {
            "turn": "T2",
            "at": "action",
            "side": "france",
            "inv_avail": list(tiles),
            "hands": {"france": list(hand), "britain": [2]},
        }
    )
    return rules, st, st["side_seat"][0]


def test_tile_taken_this_turn_is_5_1():
    rules, st, seat = _round()
    st["inv_taken"]["5"] = [1, 1]  # Britain took tile 5 in its round 1
    assert reasons(rules, st, seat) == {
        "Tile 5: Economic 3 · Military 2 · Event": (
            "Taken by Britain in round 1: each tile once a turn (IS-5.1)"
        )
    }


def test_events_on_a_tile_without_the_symbol_is_3_4_4():
    rules, st, seat = _round()
    rules.apply(st, seat, "tile:0", Rng.seeded(1))  # Economic 4, no Event symbol
    r = reasons(rules, st, seat)
    assert r["Play Carnatic War"] == "This tile has no Event symbol (IS-3.4.4)"
    assert len(r) == 3


def test_typed_event_needs_a_matching_major_action_is_3_4_4():
    rules, st, seat = _round()
    rules.apply(st, seat, "tile:5", Rng.seeded(1))  # Economic major, Event symbol
    r = reasons(rules, st, seat)
    # card 5 is Military: not on an Economic tile; card 1 (untyped) and 8 (Economic) are offered
    assert list(r) == ["Play " + _name(5)]
    assert r["Play " + _name(5)] == (
        "A Military card needs a tile whose Major action is Military; this one is Economic"
        " (IS-3.4.4)"
    )


def test_no_upgrade_symbol_and_late_pass_is_5_3_3_is_5_1b():
    rules, st, seat = _round()
    rules.apply(st, seat, "tile:0", Rng.seeded(1))
    rules.apply(st, seat, "actions", Rng.seeded(1))
    r = reasons(rules, st, seat)
    assert r["Military Upgrade"] == "This tile has no Military Upgrade symbol (IS-5.3.3)"


def test_the_other_side_has_no_reasons():
    rules, st, seat = _round()
    assert reasons(rules, st, 1 - seat) == {}


def test_reasons_depend_only_on_the_seat_view():
    rules, st, seat = _round()
    st["inv_taken"]["5"] = [1, 1]
    assert_seat_view_only(rules, st, seat)
    rules.apply(st, seat, "tile:6", Rng.seeded(1))
    assert_seat_view_only(rules, st, seat)
