"""Mausoleum's table-driven heuristic helpers agree with their references over random play.

``bot_value.progress`` (the heuristic's and the search's evaluation, MAU-8.2-8.4, 5.5-5.7,
9.2) is written over card tables for speed; ``progress_reference`` is the same formula over
the rule helpers of ``state.py``. Both must give the same float at every position of seeded
random matches (2, 4 and 6 seats, gardener penalty on and off).
"""

from __future__ import annotations

import pytest

from engine import registry
from engine.games.mausoleum import bot_value
from engine.rng import Rng
from engine.rules import Config, SeatConfig, resolve_options


@pytest.mark.parametrize(("seats", "opts"), [(4, {}), (2, {"gardener_penalty": "off"}), (6, {})])
@pytest.mark.parametrize("seed", [1, 2])
def test_progress_matches_its_reference(seats: int, opts: dict, seed: int) -> None:
    rules = registry.get("mausoleum")
    cfg = Config(
        tuple(SeatConfig(f"P{i}", "random") for i in range(seats)), resolve_options(rules, opts)
    )
    st = rules.setup(cfg, Rng.seeded(seed))
    pick = Rng.seeded(seed + 50)
    checked = 0
    while rules.waiting(st):
        for s in range(seats):
            for threshold in (10, 12):
                fast = bot_value.progress(st, s, threshold)
                assert fast == bot_value.progress_reference(st, s, threshold)
                checked += 1
        seat = rules.waiting(st)[0]
        ids = [c.id for c in rules.prompt(st, seat).choices]
        rules.apply(st, seat, ids[pick.randbelow(len(ids))], Rng(st["rng"]))
    assert checked > 100
