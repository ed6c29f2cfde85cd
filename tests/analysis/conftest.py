"""Fixtures of the analysis tests (the saves of analysis_kit.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from analysis_kit import planted_match

from engine.session import new_match, parse_seats, play_out


@pytest.fixture
def planted_save(tmp_path: Path) -> Path:
    """A save of :func:`planted_match`."""
    save = tmp_path / "planted.imperia"
    planted_match(save)
    return save


@pytest.fixture
def highcard_save(tmp_path: Path) -> Path:
    """A finished High Card match (two random seats, 3 rounds, seed 4)."""
    save = tmp_path / "hc.imperia"
    seats = parse_seats("random,random", "highcard")
    match = new_match("highcard", seats, {"rounds": 3}, 4, save_path=save)
    play_out(match)
    match.close_journal()
    return save
