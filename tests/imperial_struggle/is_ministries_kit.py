"""Helpers shared by the Ministry-card tests: bare states with chosen slots and choice-id lists
(the ``grants`` fixture is in this folder's conftest.py)."""

from __future__ import annotations

from typing import Any

from engine.games.imperial_struggle import board as B
from engine.games.imperial_struggle import state as S
from engine.rng import new_cell

FR, BR = S.FR, S.BR


def mk(
    turn: str = "T1", fr=(), br=(), flags=None, rnd: int | None = None, tile=None
) -> dict[str, Any]:
    """A bare state on ``turn`` with Ministry slots ``[(card, up), ...]`` per side, ``flags``
    ``{space: code}``, and an Action Round record of side ``rnd`` (with ``tile``) when given."""
    st = S.new_state({}, ["a", "b"], new_cell(1))
    st["ti"] = B.TURN_IDS.index(turn)
    st["min_slots"] = [
        [{"card": c, "up": u} for c, u in fr],
        [{"card": c, "up": u} for c, u in br],
    ]
    for sp, code in (flags or {}).items():
        S.set_flag(st, sp, code, [])
    if rnd is not None:
        st["round"] = {
            "side": rnd,
            "no": 1,
            "tile": tile,
            "mods": {},
            "event": None,
            "tile_used": False,
            "actions": [],
            "changed": {},
            "gained_adv": {},
            "sq_moved": {},
        }
    return st


def ids(chs) -> list[str]:
    """The ids of a choice list."""
    return [c.id for c in chs]
