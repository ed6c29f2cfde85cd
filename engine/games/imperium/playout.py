"""iMperium's fast playout step for the search (engine/ai/playouts.py; issue 18).

The same decisions and the same effects as :meth:`ImperiumRules.prompt` and
:meth:`ImperiumRules.apply`, minus what a search never reads: no :class:`Prompt` (no summary,
no memoised :class:`Choice` tuple) and no legality check of a choice taken from :func:`ids`.
The events ``apply`` returns are still built by the rule code (they are its side channel) but
dropped. tests/ai/test_playouts.py checks both agree with the rules contract move by move.
"""

from __future__ import annotations

from engine.rng import RandomSource
from engine.rules import State

from .rules import ImperiumRules, apply_unchecked

_RULES = ImperiumRules()


def ids(st: State, seat: int) -> list[str]:
    """The choice ids of ``prompt(st, seat)``, in its order ([] when ``seat`` has none)."""
    d = _RULES._decision(st, seat)
    if d is None:
        return []
    return [o[0] if o.__class__ is tuple else o.id for o in d[1]]


def apply(st: State, seat: int, choice: str, rng: RandomSource) -> None:
    """``apply(st, seat, choice, rng)`` for a ``choice`` in :func:`ids` (not checked)."""
    apply_unchecked(st, seat, choice, rng)
