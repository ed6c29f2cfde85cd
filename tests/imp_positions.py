"""Hand-checked iMperium positions shared by the bot tests of several folders (tests/imperium,
tests/ai); build them with ``engine.games.imperium.position.build``.

At the top of tests/ (on ``sys.path`` by tests/conftest.py) so every folder can import it.
"""

from __future__ import annotations

from typing import Any


def republic_win() -> dict[str, Any]:
    """IMP-9.12: five dice-increase cards in play, 11 energy, the Republic in the Roman hand:
    playing it wins at once. A new spec dict on every call."""
    return {
        "active": "R",
        "phase": "action",
        "energy": 11,
        "R": {
            "play": ["farm", "farm", "farm", "farm", "granary"],
            "hand": ["legion", "republic", "caravan"],
        },
    }


def swapped_hidden_hand() -> tuple[dict[str, Any], dict[str, Any], int]:
    """``(state, swapped, seat)`` for the searches' hidden-information tests: Rome (``seat``)
    to act with 10 energy against Greece (army 3, hoplite and farm in play, three cards in
    hand), and the same state with Greece's hand exchanged card for card with its deck. Rome's
    view is the same in both (checked here), Greece's hand is not."""
    from engine.games.imperium import RULES as IMP
    from engine.games.imperium.position import build

    st = build(
        {
            "active": "R",
            "phase": "action",
            "energy": 10,
            "army_dom": "G",
            "R": {"hand": ["farm", "walls", "legion", "caravan"]},
            "G": {"army": 3, "play": ["hoplite", "farm"], "hand": ["farm", "walls", "trireme"]},
        }
    )
    seat = st["decks"].index("roman")
    swapped = IMP.clone(st)
    hand, deck = swapped["hand"][1 - seat], swapped["deck"][1 - seat]
    k = min(len(hand), len(deck))
    hand[:k], deck[:k] = deck[:k], hand[:k]
    assert sorted(swapped["hand"][1 - seat]) != sorted(st["hand"][1 - seat])
    assert IMP.view(swapped, seat) == IMP.view(st, seat)
    return st, swapped, seat
