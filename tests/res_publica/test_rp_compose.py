"""Composing statements in the game (RP-4.3, 5.1-5.3, 5.9, 11.2, 11.4): every seed example can
be said step by step; no forbidden spec can be (the composer offers no way, the
whole-statement shortcut is refused and changes nothing)."""

from __future__ import annotations

import pytest
from rp_helpers import assert_cannot_compose, build, seat_of, statement, to_act
from test_rp_grammar import INVALID, VALID

# --- composing in the game (RP-4.3, 11.2, 11.4) --------------------------------------------

RICH_HAND = "GO×4, HU×3, AS×2, VI, LO, CH×3, ME×3, AR×2, SH×2, CO×2"


@pytest.mark.parametrize("text", VALID[:10])
@pytest.mark.parametrize("mode", ["REQUEST"])
def test_rp_5_9_seed_examples_can_be_stated(mode, text):
    """RP-5.9: every seed example can be stated as a request by an active player."""
    state = build({"active": "P1", "P1": RICH_HAND, "P2": RICH_HAND, "P3": "HU", "P4": "VI"})
    statement(state, "P1", mode, text)
    assert to_act(state) == seat_of("P2")


@pytest.mark.parametrize("text, why", INVALID, ids=[t for t, _ in INVALID])
def test_rp_5_3_invalid_specs_cannot_be_composed(text, why):
    """RP-5.3, 11.4: the composer offers no way to state a forbidden spec."""
    state = build({"active": "P1", "P1": RICH_HAND, "P2": RICH_HAND, "P3": "HU", "P4": "VI"})
    assert_cannot_compose(state, "P1", "REQUEST", text)
