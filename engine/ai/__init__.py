"""Bots. A bot answers a prompt from what its seat may know.

Contract: ``bot.choose(rules, state, seat, prompt, rng) -> choice id``. The engine calls it through
:func:`decide`, which hands the bot a *determinized* copy of the state (hidden cards resampled,
RNG reseeded), so no bot can read the opponent's hand or the future dice (DESIGN.md, IS-16.6).
"""

from __future__ import annotations

from typing import Any, Protocol

from engine.rng import Rng
from engine.rules import Prompt, Rules, State


class Bot(Protocol):
    """A bot. ``name`` is shown in the UI ("Random", "Bot")."""

    name: str

    def choose(self, rules: Rules, state: State, seat: int, prompt: Prompt, rng: Rng) -> str: ...


def decide(bot: Any, rules: Rules, state: State, seat: int, rng: Rng) -> str:
    """Ask ``bot`` for ``seat``'s choice in ``state`` (which is not modified).

    The bot sees ``rules.determinize(state, seat, rng)`` unless it declares
    ``needs_state = False`` (the random bot only reads the prompt). Raises ValueError if ``seat``
    has no prompt.
    """
    prompt = rules.prompt(state, seat)
    if prompt is None:
        raise ValueError(f"seat {seat} has nothing to decide")
    if getattr(bot, "needs_state", True):
        state = rules.determinize(state, seat, rng)
    return bot.choose(rules, state, seat, prompt, rng)
