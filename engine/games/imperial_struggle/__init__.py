"""Imperial Struggle (GMT): rules per ``shared/rules/imperial_struggle.md`` (IS-...).

Exports ``RULES`` (the :class:`~engine.rules.Rules` object) and ``BOTS`` (none yet: the generic
random bot plays it). Not shown in the app's game list until the board exists (``playable``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .rules import ImperialStruggleRules

RULES = ImperialStruggleRules()
BOTS: dict[str, Callable[[], Any]] = {}

__all__ = ["BOTS", "RULES", "ImperialStruggleRules"]
