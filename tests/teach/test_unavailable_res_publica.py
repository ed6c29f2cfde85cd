"""Res Publica "why not?" reasons on hand-built positions (rulings RP-4.6, 4.9, 6.1, 7.2), and
that they depend only on the seat's view."""

from __future__ import annotations

from teach_helpers import assert_seat_view_only, reasons

from engine.games.res_publica import RULES
from engine.games.res_publica.position import build


def _trade(st, mode: str, spec: str, responses, next_seat: int, phase: str):
    st["phase"] = phase
    st["closed"] = True
    st["trade"] = {
        "mode": mode,
        "spec": spec,
        "responses": responses,
        "next": next_seat,
        "partner": -1,
        "rejected": False,
        "gave": None,
    }
    return st


def test_no_set_to_display_rp_6_1():
    st = build(
        {
            "seats": 3,
            "phase": "trade",
            "hands": {"P1": "GO×3, HU, AR", "P2": "VI", "P3": "LO"},
            "civ_deck": 20,
            "people_deck": 20,
        }
    )
    r = reasons(RULES, st, 0)
    assert r == {
        "Display a set": "Your most of one type is 3 Goths: a set is 5 cards of one type (RP-6.1)"
    }


def test_a_set_in_hand_gives_no_reason_rp_6_1():
    st = build(
        {
            "seats": 3,
            "phase": "trade",
            "hands": {"P1": "GO×5", "P2": "VI", "P3": "LO"},
            "civ_deck": 20,
            "people_deck": 20,
        }
    )
    assert reasons(RULES, st, 0) == {}


def test_answer_needs_the_requested_cards_rp_4_6():
    st = build(
        {
            "seats": 3,
            "hands": {"P1": "GO×2", "P2": "VI×2, AR", "P3": "HU×2"},
            "civ_deck": 20,
            "people_deck": 20,
        }
    )
    _trade(st, "request", "2HU", [], 1, "respond")
    r = reasons(RULES, st, 1)
    assert r == {
        "Answer": "You hold no 2 Huns to give: to answer you must be able to give it (RP-4.6)"
    }
    st["trade"]["next"] = 2
    assert reasons(RULES, st, 2) == {}  # P3 holds two Huns: Answer is offered


def test_accept_needs_what_the_answer_wants_rp_4_9():
    st = build(
        {
            "seats": 3,
            "hands": {"P1": "GO×2", "P2": "HU×2", "P3": "HU×2"},
            "civ_deck": 20,
            "people_deck": 20,
        }
    )
    _trade(st, "request", "2HU", [[1, "1VI"], [2, "1GO"]], 0, "accept")
    r = reasons(RULES, st, 0)
    assert r == {"Accept P2": "They want 1 Viking: your hand cannot give it (RP-4.9)"}


def test_draw_limit_by_settlements_rp_7_2():
    st = build(
        {
            "seats": 3,
            "phase": "draw",
            "hands": {"P1": "GO", "P2": "VI", "P3": "LO"},
            "civ_deck": 20,
            "people_deck": 20,
        }
    )
    r = reasons(RULES, st, 0)
    assert r == {
        "Draw 1 civilization card": "You own 0 settlements: at most one civilization card per settlement (RP-7.2)"
    }


def test_reasons_depend_only_on_the_seat_view():
    st = build(
        {
            "seats": 3,
            "phase": "trade",
            "hands": {"P1": "GO×3, HU, AR", "P2": "VI×4", "P3": "LO×2"},
            "civ_deck": 20,
            "people_deck": 20,
        }
    )
    assert_seat_view_only(RULES, st, 0)
    st2 = build(
        {
            "seats": 3,
            "hands": {"P1": "GO×2", "P2": "VI×2, AR", "P3": "HU×2"},
            "civ_deck": 20,
            "people_deck": 20,
        }
    )
    assert_seat_view_only(RULES, _trade(st2, "request", "2HU", [], 1, "respond"), 1)
