"""engine.rng: the same numbers on every platform, pinned for fixed seeds."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from engine.rng import Rng, ScriptedRng, new_cell


def test_splitmix64_reference_output():
    # Published SplitMix64 reference: seed 0 gives 0xe220a8397b1dcdaf first.
    assert Rng.seeded(0).next64() == 0xE220A8397B1DCDAF


def test_pinned_outputs_for_seed_42():
    r = Rng.seeded(42)
    assert [r.next64() for _ in range(3)] == [
        13679457532755275413,
        2949826092126892291,
        5139283748462763858,
    ]
    r = Rng.seeded(42)
    assert [r.die() for _ in range(10)] == [2, 2, 1, 1, 5, 1, 2, 3, 2, 3]
    items = list(range(10))
    Rng.seeded(7).shuffle(items)
    assert items == [8, 1, 5, 9, 0, 4, 3, 2, 6, 7]


def test_state_is_one_number_in_the_cell():
    cell = new_cell(5)
    r = Rng(cell)
    r.die()
    assert len(cell) == 1 and isinstance(cell[0], int) and cell[0] != 5
    copy = [cell[0]]
    assert Rng(copy).next64() == Rng(list(cell)).next64()


@given(seed=st.integers(0, 2**64 - 1), n=st.integers(1, 1000))
def test_randbelow_in_range(seed, n):
    assert 0 <= Rng.seeded(seed).randbelow(n) < n


def test_dice_are_roughly_uniform():
    r = Rng.seeded(1)
    counts = [0] * 6
    for _ in range(60_000):
        counts[r.die() - 1] += 1
    assert all(9_500 < c < 10_500 for c in counts), counts


def test_scripted_rng_returns_script_and_fails_when_empty():
    s = ScriptedRng([6, 1])
    assert (s.die(), s.die()) == (6, 1)
    try:
        s.die()
    except AssertionError:
        pass
    else:
        raise AssertionError("an unscripted die must fail the test")
