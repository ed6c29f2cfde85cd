"""Cut-off evaluations (engine/ai/evaluations.py) on hand-built positions."""

from __future__ import annotations

import pytest

from engine.ai.evaluations import DOUBT, evaluation
from engine.games.mausoleum import RULES as MAU
from engine.games.mausoleum.bot_value import hand_value
from engine.games.mausoleum.position import build as mau_build


def test_mausoleum_counts_what_a_hand_is_worth_keeping() -> None:
    # Two seats alike but for P1's hand: a Botched Kidnapping (MAU-5.10) is worth keeping (bot_value:
    # 1.5). The heuristic scores a turn as position + keep value, so must the cut-off; else
    # a purchase (which empties the morgue, MAU-8.1) always beats a draw.
    st = mau_build({"seats": 2, "P0": {"hand": []}, "P1": {"hand": ["Kidnap#36"]}})
    assert hand_value(st["hands"][1][0], st, 1) == pytest.approx(1.5)
    p0, p1 = evaluation("mausoleum")(MAU, st)
    assert p0 + p1 == pytest.approx(1.0)
    assert p1 > p0
    # 1.5 points at scale 1.5 is one logit: chances e/(1+e) before the shrink toward 1/2
    expected = (1 - DOUBT) * (2.718281828 / (1 + 2.718281828)) + DOUBT / 2
    assert p1 == pytest.approx(expected, abs=1e-6)
