"""Mausoleum (revised rules): rules per ``shared/rules/mausoleum.md`` (MAU-...).

Exports ``RULES`` (the :class:`~engine.rules.Rules` object) and ``BOTS`` (bot factories; the
heuristic bot is added in ``bot.py`` later).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .bot import MausoleumBot
from .rules import MausoleumRules

RULES = MausoleumRules()
BOTS: dict[str, Callable[[], Any]] = {"bot": MausoleumBot}

__all__ = ["BOTS", "RULES", "MausoleumRules"]
