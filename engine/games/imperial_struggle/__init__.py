"""Imperial Struggle (GMT): rules per ``shared/rules/imperial_struggle.md`` (IS-...).

Exports ``RULES`` (the :class:`~engine.rules.Rules` object) and ``BOTS`` (``"bot"``: the heuristic
bot of ``bot.py``; the generic random bot plays it too). Not shown in the app's game list until
the board exists (``playable``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .bot import ImperialStruggleBot
from .rules import ImperialStruggleRules

RULES = ImperialStruggleRules()
BOTS: dict[str, Callable[[], Any]] = {"bot": ImperialStruggleBot}

__all__ = ["BOTS", "RULES", "ImperialStruggleBot", "ImperialStruggleRules"]
