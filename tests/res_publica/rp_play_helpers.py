"""Helpers for the Res Publica contract, text and view tests (positions, acting by choice id)."""

from __future__ import annotations

from engine.games.res_publica import RULES
from engine.games.res_publica.position import build
from engine.rng import Rng
from engine.rules import State


def act(st: State, seat: int, *choices: str) -> list:
    """Apply ``choices`` in order for ``seat``; returns all events."""
    out = []
    for c in choices:
        out += RULES.apply(st, seat, c, Rng(st["rng"]))
    return out


def ids(st: State, seat: int) -> list[str]:
    """Choice ids of ``seat``'s prompt ([] when not deciding)."""
    p = RULES.prompt(st, seat)
    return [c.id for c in p.choices] if p else []


def s02() -> State:
    """RP-S02's hands, P1 active, 4 seats."""
    return build(
        {
            "hands": {
                "P1": "VI×2, HU, AR",
                "P2": "GO, HU×2, SH",
                "P3": "AS, LO, VI, CH",
                "P4": "GO×2, AR, ME",
            },
            "people_deck": 30,
            "civ_deck": 40,
        }
    )
