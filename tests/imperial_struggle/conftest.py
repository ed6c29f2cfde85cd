"""Fixtures of the Imperial Struggle tests (the ministries' grant recorder)."""

from __future__ import annotations

import pytest

from engine.games.imperial_struggle import ministries_round as MR


@pytest.fixture
def grants(monkeypatch):
    """Records ``round.grant`` calls made by the ministries as (side, type, pts, why, to)."""
    got: list = []

    def fake(st, side, letter, pts, why=None, to=None):
        got.append((side, letter, pts, why, to))

    monkeypatch.setattr(MR, "_grant", fake)
    return got
