"""Brazil: Imperial positions for the board tests: random games (every seat picks uniformly
among its choices from a fixed seed) and the views of every seat along the way."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from typing import Any

from engine.games.brazil_imperial import RULES
from engine.rng import Rng
from engine.rules import Config, SeatConfig, resolve_options

NAMES = ["Ann", "Bea", "Cid", "Dot"]


def new_game(n: int, seed: int) -> dict[str, Any]:
    """A fresh ``n``-seat state from ``seed``."""
    cfg = Config(tuple(SeatConfig(NAMES[i]) for i in range(n)), resolve_options(RULES))
    return RULES.setup(cfg, Rng.seeded(seed))


def random_states(n: int, seed: int, steps: int, every: int = 1) -> Iterator[dict[str, Any]]:
    """The state after every ``every``-th of up to ``steps`` random choices (it is mutated
    in place: use it before asking for the next one)."""
    st = new_game(n, seed)
    pick = Rng.seeded(seed ^ 0x5EED)
    for k in range(steps):
        if RULES.outcome(st) is not None:
            yield st
            return
        seat = RULES.waiting(st)[0]
        p = RULES.prompt(st, seat)
        if k % every == 0:
            yield st
        RULES.apply(st, seat, p.choices[pick.randbelow(len(p.choices))].id, Rng(st["rng"]))
    yield st


def state_after(n: int, seed: int, steps: int) -> dict[str, Any]:
    """The state after ``steps`` random choices (or the end)."""
    return deque(random_states(n, seed, steps, every=10**9), maxlen=1)[0]
