"""Per-game rollout rules for the search (:mod:`engine.ai.ismcts`): where a rollout stops and
how it plays until then.

The games' heuristic evaluations score a position *at the end of a turn* (iMperium's
``ImperiumBot.evaluate``, Mausoleum's ``bot_value.evaluate`` "after its own turn"). So a rollout
stops at the first turn boundary (:data:`BOUNDARY`: the turn counter and the active seat), and in
iMperium it gets there by ending the turn at once (:func:`end_turn_policy`): a leaf is then
scored as "this line of actions, then end the turn", the way the heuristic compares its plans.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.rng import Rng
from engine.rules import Prompt, Rules, State


def end_turn_policy(rules: Rules, state: State, seat: int, prompt: Prompt, rng: Rng) -> str:
    """``"end"`` when the prompt offers it (IMP-3.7: ending the action phase), else a uniform
    random choice (a target, a discard, an opponent's reaction)."""
    for ch in prompt.choices:
        if ch.id == "end":
            return "end"
    return prompt.choices[rng.randbelow(len(prompt.choices))].id


BOUNDARY: dict[str, Callable[[State], Any]] = {
    "imperium": lambda st: (st["turn"], st["active"]),
    "mausoleum": lambda st: st["turns"],
    "res_publica": lambda st: (st["turn"], st["active"]),
}
"""The turn key of each game's state (a rollout stops when it changes)."""

POLICY: dict[str, Callable[[Rules, State, int, Prompt, Rng], str]] = {
    "imperium": end_turn_policy,
}
"""A game's own rollout policy (used for every rollout choice); others roll out at random."""
