"""iMperium "why not?" reasons on hand-built positions (rulings IMP-3.4, 3.7, 4.9, 5.5, 5.6,
8.4), and that they depend only on the seat's view."""

from __future__ import annotations

from teach_helpers import assert_seat_view_only, reasons

from engine.games.imperium import RULES
from engine.games.imperium.position import build


def _action(**extra):
    spec = {
        "active": "R",
        "phase": "action",
        "energy": 3,
        "R": {
            "play": ["legion (T)", "farm", "hadrians_wall (FD)"],
            "hand": ["legion", "walls", "republic"],
        },
        "G": {"hand": ["hoplite", "hoplite", "farm"]},
    }
    spec.update(extra)
    return build(spec)


def test_unaffordable_play_names_cost_and_energy_imp_4_9():
    r = reasons(RULES, _action(), 0)
    assert r["Play Legion (5)"] == "Costs 5: you have 3 energy (IMP-4.9)"
    assert r["Play Walls (4)"] == "Costs 4: you have 3 energy (IMP-4.9)"


def test_government_condition_not_met_imp_8_4():
    r = reasons(RULES, _action(energy=11), 0)
    assert r["Play Republic (11)"] == "Its condition is not met: 1/5 dice-increase cards (IMP-8.4)"
    assert "Play Legion (5)" not in r  # affordable at 11: it is in the prompt


def test_tapped_card_and_flip_cost_imp_3_7_imp_5_5():
    r = reasons(RULES, _action(), 0)
    assert r["Tap Legion"] == "Already tapped: nothing untaps while it stays in play (IMP-3.7)"
    assert r["Flip Hadrian's Wall (8)"] == "Costs 8: you have 3 energy (IMP-5.5)"


def test_second_sale_and_late_extra_draw_imp_5_6_imp_3_4():
    r = reasons(RULES, _action(sold=True), 0)
    assert r["Sell a card (+1)"] == "You have already sold this turn: once per turn (IMP-5.6)"
    assert r["Extra draw"].endswith("(IMP-3.4)")
    assert "Sell a card (+1)" not in reasons(RULES, _action(), 0)


def test_extra_draw_any_time_variant_lists_no_extra_draw_reason_imp_v4():
    st = _action(options={"extra_draw_timing": "any_time"})
    assert "Extra draw" not in reasons(RULES, st, 0)


def test_non_active_seat_has_no_reasons():
    assert reasons(RULES, _action(), 1) == {}


def test_reasons_depend_only_on_the_seat_view():
    assert_seat_view_only(RULES, _action(), 0)
    assert_seat_view_only(RULES, _action(energy=11, sold=True), 0)


def test_actions_wait_for_continue_at_the_extra_draw_decision_imp_3_4():
    st = _action(phase="extra")
    assert reasons(RULES, st, 0) == {
        "Play, tap or sell a card": (
            "Choose Continue first: actions come after the extra-draw decision (IMP-3.4)"
        )
    }
