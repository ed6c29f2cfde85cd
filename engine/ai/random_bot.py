"""The random bot: picks uniformly among the legal choices. Works for every game."""

from __future__ import annotations

from engine.rng import Rng
from engine.rules import Prompt, Rules, State


class RandomBot:
    """Uniform over ``prompt.choices``; reads nothing else (so it never needs a determinized state)."""

    name = "Random"
    needs_state = False

    def choose(self, rules: Rules, state: State, seat: int, prompt: Prompt, rng: Rng) -> str:
        return prompt.choices[rng.randbelow(len(prompt.choices))].id
