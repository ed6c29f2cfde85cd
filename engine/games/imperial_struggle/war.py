"""Imperial Struggle War Turn (IS-7) and the war hooks other modules call.

Hooks (contract names): ``setup_display`` (flow, IS-3.11f), ``bonus_purchase_frames`` /
``upgrade_frames`` / ``free_bonus_draws`` / ``push_carry_over`` (round and events; defined in
``war_tiles.py`` and re-exported here).
"""

from __future__ import annotations

from .war_tiles import (
    bonus_count,
    bonus_purchase_frames,
    can_buy_bonus,
    can_upgrade,
    free_bonus_draws,
    place_byng,
    push_carry_over,
    return_bonus_tile,
    setup_display,
    upgrade_frames,
)

__all__ = [
    "bonus_count",
    "bonus_purchase_frames",
    "can_buy_bonus",
    "can_upgrade",
    "free_bonus_draws",
    "place_byng",
    "push_carry_over",
    "return_bonus_tile",
    "setup_display",
    "upgrade_frames",
]
