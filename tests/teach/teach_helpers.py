"""Shared checks for the "why not?" tests (the ``unavailable`` hook, engine/rules.py).

Not called ``helpers.py``: the test folders have no ``__init__.py`` (see tests/imperium).
"""

from __future__ import annotations

from typing import Any

from engine.rng import Rng
from engine.rules import Rules, unavailable_choices


def reasons(rules: Rules, state: dict[str, Any], seat: int) -> dict[str, str]:
    """``{label: reason}`` of ``seat``'s unavailable choices now."""
    return dict(unavailable_choices(rules, state, seat))


def assert_seat_view_only(rules: Rules, state: dict[str, Any], seat: int, worlds: int = 8) -> None:
    """The reasons are identical in ``worlds`` determinized worlds of ``seat`` (whose hidden
    parts differ from the real state), and none names a choice the prompt offers."""
    base = unavailable_choices(rules, state, seat)
    prompt = rules.prompt(state, seat)
    offered = {c.label for c in prompt.choices} if prompt else set()
    assert not offered & {label for label, _ in base}
    for k in range(worlds):
        world = rules.determinize(state, seat, Rng.seeded(1000 + k))
        assert unavailable_choices(rules, world, seat) == base
