"""Random legal play reaches an outcome at every seat count and in solo, with the default and
with every option switched (BI-O01..O13); the engine never leaves a seat without a choice
(BI-29.1, BI-4.5). The 1,000-game run is scripts/bi_random_games.py."""

from __future__ import annotations

import pytest
from conformance import option_sets

from engine.games.brazil_imperial import RULES
from engine.rng import Rng
from engine.rules import Config, SeatConfig, resolve_options


def play(n: int, seed: int, options: dict) -> dict:
    cfg = Config(tuple(SeatConfig(f"P{i + 1}") for i in range(n)), options)
    st = RULES.setup(cfg, Rng.seeded(seed))
    pick = Rng.seeded(seed + 1)
    for _ in range(60_000):
        if RULES.outcome(st) is not None:
            return st
        seats = RULES.waiting(st)
        assert seats, "dead end: nobody waits and there is no outcome"
        p = RULES.prompt(st, seats[0])
        assert p is not None and p.choices
        RULES.apply(st, seats[0], p.choices[pick.randbelow(len(p.choices))].id, Rng(st["rng"]))
    raise AssertionError("no outcome")


@pytest.mark.parametrize("n", [1, 2, 3, 4])
@pytest.mark.parametrize("which", ["default", "switched"])
def test_random_games_end(n, which):
    opts = resolve_options(RULES) if which == "default" else option_sets(RULES, 1)[0]
    for seed in range(2):
        st = play(n, seed + 10 * n, opts)
        o = RULES.outcome(st)
        assert o is not None and st["phase"] == "over"
        if n == 1:
            assert o.winners in ((), (0,))
            assert st["turns"][0] <= 20
        else:
            assert len(o.scores) == n and all(isinstance(v, int) for v in o.scores)
            assert set(o.winners) <= set(range(n)) and o.winners
            assert max(o.scores) == o.scores[o.winners[0]]
        assert RULES.waiting(st) == ()


def test_round_cap_option():
    """BI-O12, BI-17.2, BI-A43: with a round cap of 3 a two-seat random game ends by round 3."""
    opts = resolve_options(RULES, {"round_cap": 3})
    st = play(2, 5, opts)
    assert st["result"]["why"] in ("cap", "end") and st["round"] <= 3
