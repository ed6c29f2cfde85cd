"""Brazil: Imperial: rules per ``shared/rules/brazil_imperial.md`` (BI-…), 1-4 seats and the
solo mode against the Dutch. Most component contents are a reconstruction, not the printed
game (see README.md).

Exports ``RULES`` and ``BOTS``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .bot import BrazilBot
from .rules import BrazilImperialRules

RULES = BrazilImperialRules()
BOTS: dict[str, Callable[[], Any]] = {"bot": BrazilBot}

__all__ = ["BOTS", "RULES", "BrazilImperialRules"]
