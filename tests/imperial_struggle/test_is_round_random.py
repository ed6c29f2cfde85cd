"""Random choices through whole Action Phases (8 rounds) never meet a decision without choices
(IS-17.1: no dead ends) and never raise, on T1, T2, T4 and T6 (Events left out: their frames are
the events module's)."""

from __future__ import annotations

import random

import pytest
from is_round_kit import FR, F, mk

from engine.games.imperial_struggle import round as R
from engine.games.imperial_struggle import war


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("turn", ["T1", "T2", "T4", "T6"])
def test_random_action_phase_has_no_dead_end(seed, turn):
    rnd = random.Random(seed)
    st = mk(turn, FR, start=False)
    out: list = []
    war.setup_display(st, out)
    F.advance(st, out)
    st["inv_avail"] = rnd.sample(range(24), 9)
    for r in range(8):
        R.push_action_round(st, r % 2)
        F.advance(st, out)
        steps = 0
        while st["stack"]:
            ds = F.deciders(st)
            assert ds
            side, _fr = ds[0]
            ch = [c for c in F.choices_of(st, side) if not c.id.startswith("event")]
            assert ch
            F.act(st, side, rnd.choice(ch).id, out)
            steps += 1
            assert steps < 2000
    assert st["rounds_done"] == [4, 4]
    assert all(st["debt"][s] <= st["limit"][s] for s in (0, 1))
