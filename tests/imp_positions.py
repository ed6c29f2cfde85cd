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
