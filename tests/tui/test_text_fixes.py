"""Wording (issue 21 item 11): no "1 cards", and Dominance is said once after a tap."""

from __future__ import annotations

from engine import registry
from engine.rules import Event
from tui.boards import res_publica_text as rp_text


def test_one_card_is_singular() -> None:
    maus = registry.get("mausoleum")
    line = maus.describe(Event("reshuffle", None, {"count": 1}), None)
    assert line == "The discard pile is shuffled into a new deck (1 card)"
    line = maus.describe(Event("reshuffle", None, {"count": 12}), None)
    assert line == "The discard pile is shuffled into a new deck (12 cards)"
    people = rp_text.pile_markdown("deck:people", {"people_deck": 1})
    assert people is not None and "1 card left, face down." in people
    civ = rp_text.pile_markdown("deck:civ", {"civ_deck": 2})
    assert civ is not None and "2 cards left, face down." in civ


def test_a_seat_with_one_pair_reads_one_pair() -> None:
    view = {
        "viewer": 0,
        "seats": [{"hand_count": 2, "hand": {"GO": 2}, "score_cards": 0, "settlements": 0}],
    }
    text = rp_text.seat_markdown(0, view, "Ann") or ""
    assert "(1 pair)" in text and "pairs)" not in text
