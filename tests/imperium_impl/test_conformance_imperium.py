"""The engine's conformance checks run directly on iMperium (independent of the registry)."""

from __future__ import annotations

import pytest
from conformance import (
    check_casual_barriers,
    check_illegal_and_leaks,
    check_play_and_replay,
    check_save_round_trip,
    check_undo_redo,
)

from engine.games.imperium import RULES

SEEDS = [1, 7, 123, 2024, 99991]


@pytest.mark.parametrize("seed", SEEDS)
def test_play_and_replay(seed):
    assert check_play_and_replay(RULES, 2, seed) > 0


@pytest.mark.parametrize("seed", SEEDS)
def test_undo_redo(seed):
    check_undo_redo(RULES, 2, seed)


@pytest.mark.parametrize("seed", SEEDS)
def test_casual_barriers(seed):
    check_casual_barriers(RULES, 2, seed)


@pytest.mark.parametrize("seed", SEEDS)
def test_illegal_and_leaks(seed):
    check_illegal_and_leaks(RULES, 2, seed, every=1)


@pytest.mark.parametrize("seed", SEEDS[:2])
def test_save_round_trip(seed, tmp_path):
    from engine import registry

    registry.register(RULES)  # loading a save looks the game up by id
    check_save_round_trip(RULES, 2, seed, tmp_path)
