"""Res Publica (Reiner Knizia, 3-5 players): rules per ``shared/rules/res_publica.md`` (RP-...).

Exports ``RULES`` (the :class:`~engine.rules.Rules` object) and ``BOTS`` (bot factories; the
heuristic bot will live in ``bot.py``). The package contract is ``README.md``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .bot import ResPublicaBot
from .rules import ResPublicaRules

RULES = ResPublicaRules()
BOTS: dict[str, Callable[[], Any]] = {"bot": ResPublicaBot}

__all__ = ["BOTS", "RULES", "ResPublicaRules"]
