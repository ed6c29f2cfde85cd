"""Imperial Struggle Ministry cards (IS-15) — placeholder hooks until the ministries module lands."""

from __future__ import annotations

from typing import Any

from engine.rules import Event


def on_reveal(st: dict[str, Any], side: int, card: str, out: list[Event]) -> None:
    """Reveal hook (IS-MIN20 Jacobite Defeat, IS-MIN24b Huguenots refresh)."""
    return None
