"""Mausoleum "why not?" reasons on hand-built positions (rulings MAU-3.2, 3.4, 4.2, 4.3, 5.5,
6.3, 8.1), and that they depend only on the seat's view."""

from __future__ import annotations

from teach_helpers import assert_seat_view_only, reasons

from engine.games.mausoleum import RULES
from engine.games.mausoleum.position import build


def test_graves_the_morgue_cannot_pay_for_mau_8_1():
    # Uncle $5m + Brat $1m: at most $6m; the shop's Gothic Chapel costs $7m (MAU-8.1)
    st = build({"seats": 3, "P0": {"morgue": [5, 6]}, "discard": [19]})
    r = reasons(RULES, st, 0)
    assert r["Buy Gothic Chapel ($7m)"] == (
        "Costs $7m: the heirs in your morgue pay at most $6m (MAU-8.1)"
    )
    assert "Buy Family Crypt ($6m)" not in r  # payable: it is in the prompt


def test_black_sheep_pays_only_with_black_sheep_mau_8_4():
    # Black Sheep $3m + Uncle $5m may not be spent together: at most $5m
    st = build({"seats": 3, "P0": {"morgue": [3, 5]}, "discard": [19]})
    assert reasons(RULES, st, 0)["Buy Family Crypt ($6m)"].endswith("pay at most $5m (MAU-8.1)")


def test_empty_morgue_and_empty_discard_pile_mau_8_1_mau_3_2():
    st = build({"seats": 3})
    r = reasons(RULES, st, 0)
    assert r["Buy a grave"] == "Your morgue is empty: graves are paid with its heirs (MAU-8.1)"
    assert r["Take from the discard pile"] == "The discard pile is empty (MAU-3.2)"


def test_cards_without_a_target_at_the_play_step_mau_3_4():
    # every party full except one locked by a Dowager; no heir in any morgue
    full = [1, 2, 4, 9]
    st = build(
        {
            "seats": 2,
            "phase": "play",
            "drew": "deck",
            "P0": {"hand": [5, 48], "party": [18]},
            "P1": {"party": full},
        }
    )
    r = reasons(RULES, st, 0)
    assert r["Invite Long-Lost Uncle ($5m)"] == (
        "No party can take it: 1 full with 4 heirs (MAU-4.2), 1 locked by a Grumpy Dowager"
        " (MAU-4.3)"
    )
    assert r["Play Misplaced"] == "No heir is in any morgue (MAU-6.3)"


def test_other_seats_have_no_reasons():
    assert reasons(RULES, build({"seats": 3}), 1) == {}


def test_reasons_depend_only_on_the_seat_view():
    assert_seat_view_only(RULES, build({"seats": 3, "P0": {"morgue": [5, 6]}, "discard": [19]}), 0)
    assert_seat_view_only(RULES, build({"seats": 3}), 0)
