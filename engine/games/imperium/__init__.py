"""iMperium (Rome vs Greece card game): rules per ``shared/rules/imperium.md`` (IMP-...).

Exports ``RULES`` (the :class:`~engine.rules.Rules` object) and ``BOTS`` (bot factories; the
heuristic bot lives in ``bot.py`` when written).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .bot import ImperiumBot
from .rules import ImperiumRules

RULES = ImperiumRules()
BOTS: dict[str, Callable[[], Any]] = {"bot": ImperiumBot}

__all__ = ["BOTS", "RULES", "ImperiumRules"]
