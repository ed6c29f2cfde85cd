"""Res Publica state layout (README "State") and small read-only helpers.

The state is plain data: hands are lists of 10 counts (type index order, ``cards.TYPES``),
decks are lists of type indices with the top card last, the city stack lists values top last.
"""

from __future__ import annotations

from typing import Any

from engine.rules import Event, State

from .cards import CITY_VALUES, NT, SET_SIZE, SETTLEMENT_COUNT
from .state_types import ResPublicaState

PHASES = ("trade", "respond", "accept", "fulfil", "display", "draw", "final_display", "over")
BACK_LIMIT = 12
"""How many ``back`` steps one decision may use (README "Composer limits")."""


def new_state(opts: dict[str, Any], names: list[str], rng_cell: list[int]) -> ResPublicaState:
    """An empty table for ``len(names)`` seats: full score stacks, empty decks and hands.

    ``setup`` and ``position.build`` fill decks and hands. Source: RP-1.4, RP-2.1, RP-2.2.
    """
    n = len(names)
    return {
        "rng": rng_cell,
        "opts": dict(opts),
        "n": n,
        "names": list(names),
        "people_deck": [],
        "civ_deck": [],
        "cities": list(reversed(CITY_VALUES)),
        "settlements": SETTLEMENT_COUNT,
        "hands": [[0] * NT for _ in range(n)],
        "tableau": [[] for _ in range(n)],
        "known": [[[0] * NT for _ in range(n)] for _ in range(n)],
        "start": 0,
        "active": 0,
        "turn": 0,
        "phase": "trade",
        "draft": [],
        "backs": [0] * n,
        "trade": None,
        "picks": [None] * n,
        "committed": [False] * n,
        "closed": False,
        "final": -1,
        "final_left": 0,
        "fd": [],
        "stall": 0,
        "drawn": 0,
        "winners": [],
        "reason": "",
        "over": False,
    }


def ev(st: State, kind: str, seat: int | None = None, **args: Any) -> Event:
    """An event carrying the seat names (so ``describe`` needs no state)."""
    args["names"] = st["names"]
    return Event(kind, seat, args)


def left_of(st: State, seat: int) -> int:
    """The next seat clockwise (RP-2.6)."""
    return (seat + 1) % st["n"]


def hand_size(st: State, seat: int) -> int:
    """Cards in ``seat``'s hand (public, RP-A21)."""
    return sum(st["hands"][seat])


def score_cards(st: State, seat: int) -> int:
    """Sum of ``seat``'s settlements and cities (RP-9.1)."""
    return sum(v for _, v in st["tableau"][seat])


def settlements_of(st: State, seat: int) -> int:
    """Settlements ``seat`` owns (people sets displayed, RP-7.1)."""
    return sum(1 for t, _ in st["tableau"][seat] if t < 5)


def pairs(st: State, seat: int) -> int:
    """Pair points of ``seat``'s hand: floor(n/2) per type (RP-9.2)."""
    return sum(c // 2 for c in st["hands"][seat])


def total(st: State, seat: int) -> int:
    """Score cards plus pairs (RP-9.3)."""
    return score_cards(st, seat) + pairs(st, seat)


def sets_in_hand(st: State, seat: int) -> list[int]:
    """Types ``seat`` could display now (5 or more in hand, RP-6.1)."""
    return [t for t, c in enumerate(st["hands"][seat]) if c >= SET_SIZE]


def sub(a: list[int], b: list[int]) -> list[int]:
    """Per-type ``max(0, a - b)``."""
    return [max(0, x - y) for x, y in zip(a, b, strict=True)]


def add(a: list[int], b: list[int]) -> list[int]:
    """Per-type ``a + b``."""
    return [x + y for x, y in zip(a, b, strict=True)]


def in_final_round(st: State) -> bool:
    """True while final-round turns are played (RP-8.2)."""
    return st["final"] >= 0 and st["phase"] not in ("final_display", "over")
