"""Mausoleum's fast playout step for the search (engine/ai/playouts.py; issue 18).

The same decisions and effects as :meth:`MausoleumRules.prompt` and
:meth:`MausoleumRules.apply`, minus what a search never reads: no :class:`Prompt`, no second
build of the decision to check a choice taken from :func:`ids` (``apply`` builds it once more
to check), and no seat names stamped on the events (they are dropped).
tests/ai/test_playouts.py checks both agree with the rules contract move by move.
"""

from __future__ import annotations

from engine.rng import RandomSource
from engine.rules import State

from .decisions import decision
from .rules import MausoleumRules

_RULES = MausoleumRules()


def ids(st: State, seat: int) -> list[str]:
    """The choice ids of ``prompt(st, seat)``, in its order ([] when ``seat`` has none)."""
    d = decision(st, seat)
    return [] if d is None else [c.id for c in d[1]]


def apply(st: State, seat: int, choice: str, rng: RandomSource) -> None:
    """``apply(st, seat, choice, rng)`` for a ``choice`` in :func:`ids` (not checked)."""
    verb, _, arg = choice.partition(":")
    phase = st["phase"]
    r = _RULES
    if phase == "choose_start":
        st["start"] = st["active"] = int(arg)
        st["phase"] = "turn"
    elif phase == "turn":
        r._turn(st, seat, verb, arg, rng)
    elif phase == "play":
        r._play(st, seat, verb, int(arg), rng)
    elif phase == "target":
        r._target(st, seat, verb, arg, rng)
    elif phase == "pay":
        r._pay(st, seat, verb, arg, rng)
    elif phase == "order":
        r._order(st, seat, verb, arg, rng)
    else:  # pragma: no cover - every phase with a decision is listed above
        raise ValueError(f"no decision in phase {phase}")
