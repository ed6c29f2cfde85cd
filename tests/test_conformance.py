"""The engine's conformance suite, run on every registered game and every seat count.

Seeds come from hypothesis (derandomized, so CI is repeatable); set IMPERIA_CONFORMANCE=N to run
N seeds per check and seat count (default 4).
"""

from __future__ import annotations

import pytest
from conformance import (
    check_casual_barriers,
    check_illegal_and_leaks,
    check_play_and_replay,
    check_save_round_trip,
    check_undo_redo,
    env_int,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import registry

EXAMPLES = env_int("IMPERIA_CONFORMANCE", 4)
CASES = [
    pytest.param(g.id, n, id=f"{g.id}-{n}p")
    for g in registry.games()
    for n in range(g.min_seats, g.max_seats + 1)
]
SEEDS = st.integers(min_value=0, max_value=2**31)
SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@pytest.mark.parametrize(("game", "seats"), CASES)
@SETTINGS
@given(seed=SEEDS)
def test_random_play_ends_and_replays(game, seats, seed):
    assert check_play_and_replay(registry.get(game), seats, seed) > 0


@pytest.mark.parametrize(("game", "seats"), CASES)
@SETTINGS
@given(seed=SEEDS)
def test_undo_then_redo_is_identity(game, seats, seed):
    check_undo_redo(registry.get(game), seats, seed)


@pytest.mark.parametrize(("game", "seats"), CASES)
@SETTINGS
@given(seed=SEEDS)
def test_casual_undo_never_crosses_a_barrier(game, seats, seed):
    check_casual_barriers(registry.get(game), seats, seed)


@pytest.mark.parametrize(("game", "seats"), CASES)
@SETTINGS
@given(seed=SEEDS)
def test_illegal_choice_and_leaks(game, seats, seed):
    check_illegal_and_leaks(registry.get(game), seats, seed)


@pytest.mark.parametrize(("game", "seats"), CASES)
@SETTINGS
@given(seed=SEEDS)
def test_save_round_trip_and_torn_tail(game, seats, seed, tmp_path_factory):
    check_save_round_trip(registry.get(game), seats, seed, tmp_path_factory.mktemp("j"))
