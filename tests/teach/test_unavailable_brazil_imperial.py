"""Brazil: Imperial "why not?" reasons on hand-built positions (rulings BI-4.2, BI-5.10,
BI-6.3, BI-7.1), and that they depend only on the seat's view."""

from __future__ import annotations

import sys
from pathlib import Path

from teach_helpers import assert_seat_view_only, reasons

from engine.games.brazil_imperial import RULES

sys.path.insert(0, str(Path(__file__).parents[1] / "brazil_imperial"))
from engine_positions import act, game, ids, start  # noqa: E402


def test_arch_under_the_own_action_token_bi_4_2():
    st = game()
    st["token"][0] = "build"
    start(st)
    assert "a:build" not in ids(st, 0)
    assert reasons(RULES, st, 0) == {
        "Build": "Your action token is already on it: never the same arch twice running (BI-4.2)"
    }


def test_first_turn_of_an_era_has_every_arch_bi_4_2():
    st = game()
    start(st)
    assert reasons(RULES, st, 0) == {}


def test_buildings_by_era_and_cost_bi_6_3_bi_5_10():
    st = game()
    start(st)
    st["supply"][0] = {"gold": 1}
    act(st, 0, "a:build")
    r = reasons(RULES, st, 0)
    assert r["Gold Mine (1 brazilwood + 1 sugar cane or coffee)"] == (
        "An era II building: it is era I (BI-6.3)"
    )
    assert r["Church (1 cotton + 1 gold)"] == "An era III building: it is era I (BI-6.3)"
    # one gold covers the single brazilwood of a Sugar Cane Field (BI-5.6): it is offered
    assert "b:sugar_cane_field" in ids(st, 0)
    assert "Sugar Cane Field (1 brazilwood)" not in r
    assert r["Coffee Farm (1 brazilwood + 1 sugar cane or coffee)"] == (
        "Cannot be paid in full from your supply (1 gold), your tiles' goods and 0 gold cards"
        " (BI-5.10)"
    )


def test_units_too_dear_to_deploy_bi_7_1():
    st = game()
    start(st)
    act(st, 0, "a:deploy")
    r = reasons(RULES, st, 0)
    assert r["Monarch (1 gold)"] == (
        "Its first deployment cannot be paid in full from your supply (empty), your tiles' goods"
        " and 0 gold cards (BI-5.10)"
    )


def test_reasons_depend_only_on_the_seat_view():
    st = game()
    st["token"][0] = "build"
    start(st)
    assert_seat_view_only(RULES, st, 0)
    st = game()
    start(st)
    act(st, 0, "a:build")
    assert_seat_view_only(RULES, st, 0)
