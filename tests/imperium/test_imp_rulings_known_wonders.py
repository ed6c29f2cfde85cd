"""IMP-A44: playing a card face down makes the opponent forget every Wonder it knew in the hand.

Held back from branch rulings-a: it fails on the engine at ad70180 (the known-hand bookkeeping
is another helper's work). Copy into tests/imperium/ once that lands.
"""

from __future__ import annotations

import pytest
from imperium_helpers import act, build, seat_of, view


@pytest.mark.parametrize("card", ["hadrians_wall", "colosseum"])
def test_imp_a44_a_face_down_play_forgets_every_known_wonder(card):
    """IMP-A44, IMP-11.2: G knows R holds Hadrian's Wall, Trajan's Column and a Legion. R plays
    a Wonder face down, the known Hadrian's Wall or the unknown Colosseum: either way G now
    knows only the Legion, so the two cases look the same."""
    state = build(
        {
            "active": "R",
            "phase": "action",
            "energy": 10,
            "R": {
                "hand": ["hadrians_wall", "colosseum", "trajans_column", "legion", "farm"],
                "known_hand": ["hadrians_wall", "trajans_column", "legion"],
            },
        }
    )
    act(state, "R", f"play:{card}")
    seen = view(state, "G")["seats"][seat_of(state, "R")]
    assert seen["known_hand"] == ["legion"]
    assert [c["card"] for c in seen["play"]] == [None]
