"""Deterministic random numbers whose whole state is one integer inside the game state.

The generator is SplitMix64 (Steele, Lea & Flood 2014): the state is a single unsigned 64-bit
integer, every step adds a constant and mixes the result. It is written in plain integer
arithmetic, so it gives the same numbers on every platform and every Python version, and its
state packs into msgpack as one number (compare the ~3 KB of Python's Mersenne Twister).

The state lives in a one-element list (the *cell*) stored in the game state, e.g.
``state["rng"] = [seed]``. :class:`Rng` reads and writes that cell, so cloning or snapshotting
the game state clones the generator with it: replaying a journal or undoing then redoing gives
the same dice and shuffles (DESIGN.md "The rules contract").
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Protocol, TypeVar

MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
T = TypeVar("T")


def new_cell(seed: int) -> list[int]:
    """Return a fresh generator cell ``[state]`` for ``seed`` (any int; reduced mod 2**64)."""
    return [seed & MASK64]


class RandomSource(Protocol):
    """What rules may ask of randomness. :class:`Rng` implements it; tests script it."""

    def randbelow(self, n: int) -> int: ...

    def die(self, sides: int = 6) -> int: ...

    def shuffle(self, items: MutableSequence[T]) -> None: ...

    def choice(self, items: Sequence[T]) -> T: ...


class Rng:
    """SplitMix64 over a state cell (a one-element list holding a 64-bit unsigned int).

    Args:
        cell: the list ``[state]`` kept in the game state; it is mutated on every draw.
    """

    __slots__ = ("cell",)

    def __init__(self, cell: list[int]):
        self.cell = cell

    @classmethod
    def seeded(cls, seed: int) -> Rng:
        """A generator with its own new cell, for engine-side uses (determinize, bots)."""
        return cls(new_cell(seed))

    def next64(self) -> int:
        """Advance and return the next unsigned 64-bit output."""
        s = (self.cell[0] + _GOLDEN) & MASK64
        self.cell[0] = s
        z = s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` by rejection (no modulo bias). Raises ValueError if n < 1."""
        if n < 1:
            raise ValueError("randbelow needs n >= 1")
        limit = ((MASK64 + 1) // n) * n
        cell = self.cell
        while True:  # next64, inlined (the hottest call of random play)
            s = (cell[0] + _GOLDEN) & MASK64
            cell[0] = s
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            r = z ^ (z >> 31)
            if r < limit:
                return r % n

    def die(self, sides: int = 6) -> int:
        """One roll of a ``sides``-sided die: an int in ``[1, sides]``."""
        return self.randbelow(sides) + 1

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle of ``items`` in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[T]) -> T:
        """One element of a non-empty sequence, uniformly. Raises IndexError when empty."""
        if not items:
            raise IndexError("choice from an empty sequence")
        return items[self.randbelow(len(items))]

    def fork(self) -> Rng:
        """A new independent generator seeded from this one (advances this one once)."""
        return Rng.seeded(self.next64())


class ScriptedRng:
    """A :class:`RandomSource` for tests: dice come from a script, everything else from a seed.

    Args:
        dice: the die results to return, in order; ``die()`` raises AssertionError when the
            script runs out, so a test notices an unexpected roll.
        seed: seed for non-dice draws (shuffles, choices).
    """

    def __init__(self, dice: Sequence[int] = (), seed: int = 0):
        self.dice = list(dice)
        self.rolled: list[int] = []
        self._rng = Rng.seeded(seed)

    def die(self, sides: int = 6) -> int:
        if not self.dice:
            raise AssertionError("ScriptedRng: a die was rolled but the script is empty")
        value = self.dice.pop(0)
        self.rolled.append(value)
        return value

    def randbelow(self, n: int) -> int:
        return self._rng.randbelow(n)

    def shuffle(self, items: MutableSequence[T]) -> None:
        self._rng.shuffle(items)

    def choice(self, items: Sequence[T]) -> T:
        return self._rng.choice(items)
