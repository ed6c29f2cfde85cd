"""Every mutation of a save of every game loads to the original's state (or a reported prefix
after a torn tail), or is refused in one line, and the file is never changed (issue 14).

The mutations and the judging are in tests/journal_mutants.py; scripts/save_mutants.py runs
10,000 of them and prints the counts.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from journal_mutants import BAD, KINDS, SEATS, make_save, mutate, outcome


@pytest.fixture(scope="module")
def originals(tmp_path_factory):
    folder = tmp_path_factory.mktemp("originals")
    return {game: make_save(game, folder, seed=2, entries=40) for game in SEATS}


def test_the_originals_are_closed_format_2_saves(originals):
    for orig in originals.values():
        assert orig.records[-1][0] == 4 and orig.data[:1] != b"" and len(orig.bounds) >= 10


@settings(
    max_examples=120,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(game=st.sampled_from(sorted(SEATS)), kind=st.sampled_from(KINDS), seed=st.integers(0, 2**32))
def test_a_mutant_is_loaded_faithfully_or_refused(originals, tmp_path, game, kind, seed):
    orig = originals[game]
    data, clean_cut = mutate(orig, kind, random.Random(seed))
    got, detail = outcome(orig, data, clean_cut, tmp_path)
    assert got not in BAD, f"{game} {kind} seed {seed}: {got}: {detail}"


@pytest.mark.parametrize("kind", ["bitflip", "swap", "header", "header_crc", "duplicate"])
def test_damage_is_refused_not_cut(originals, tmp_path, kind):
    orig = originals["imperium"]
    refused = 0
    for seed in range(20):
        data, _ = mutate(orig, kind, random.Random(seed))
        if data == orig.data:
            continue
        got, detail = outcome(orig, data, False, tmp_path)
        assert got in ("refused", "same"), f"{kind} {seed}: {got} {detail}"
        refused += got == "refused"
    assert refused >= 15
