"""The engine's conformance suite, run on every registered game and every seat count.

Seeds come from hypothesis (derandomized, so CI is repeatable); set IMPERIA_CONFORMANCE=N to run
N seeds per check and seat count (default 4).
"""

from __future__ import annotations

import pytest
from conformance import (
    check_casual_barriers,
    check_determinize_varies,
    check_illegal_and_leaks,
    check_log_names,
    check_play_and_replay,
    check_save_round_trip,
    check_undo_redo,
    env_int,
    option_sets,
    stuck_zones,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import registry
from engine.rules import resolve_options

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


# ---------------------------------------------------------------- hidden information
HIDDEN = [pytest.param(g.id, id=g.id) for g in registry.games() if hasattr(g, "secrets")]


def _option_sets(rules) -> list[dict]:
    """The defaults, then option sets that switch every option (conformance.option_sets)."""
    return [resolve_options(rules), *option_sets(rules, 2)]


@pytest.mark.parametrize("game", HIDDEN)
def test_determinize_varies_every_secret(game):
    """Every zone hidden from a viewer that could hold something else (the game's ``secrets``:
    other hands, deck and pool orders, the viewer's own hidden pools, cards held inside
    pending decisions) takes two or more values over repeated determinizations, at most
    positions where it is listed, along random matches with the default and switched options,
    at the fewest and the most seats."""
    rules = registry.get(game)
    tally: dict[str, list[int]] = {}
    for i, opts in enumerate(_option_sets(rules)):
        for seats in sorted({rules.min_seats, rules.max_seats}):
            for zone, (n, v) in check_determinize_varies(rules, seats, 11 + i, opts).items():
                row = tally.setdefault(zone, [0, 0])
                row[0] += n
                row[1] += v
    assert tally, "no hidden zone was listed along the matches"
    assert not stuck_zones(tally), f"determinize never (or rarely) varies: {stuck_zones(tally)}"


@pytest.mark.parametrize("game", HIDDEN)
def test_log_lines_name_nothing_hidden(game):
    """Every log line a seat or a spectator is given (the set-up's too), when it appears and
    over the next plies, names nothing hidden from it (the game's ``hidden_names``), along
    random matches with every option switched."""
    rules = registry.get(game)
    checked = sum(
        check_log_names(rules, rules.min_seats, 21 + i, opts)
        for i, opts in enumerate(option_sets(rules, 2))
    )
    if checked == 0:
        pytest.skip(f"{game} names no hidden thing (hidden_names is always empty)")
