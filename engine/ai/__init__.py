"""Bots. A bot answers a prompt from what its seat may know.

Contract: ``bot.choose(rules, state, seat, prompt, rng) -> choice id``. The engine calls it through
:func:`decide`, which hands the bot a *determinized* copy of the state (hidden cards resampled,
RNG reseeded), so no bot can read the opponent's hand or the future dice (DESIGN.md, IS-16.6).

Modules: ``random_bot`` (uniform choices, every game); ``ismcts`` (information-set Monte Carlo
tree search through the rules contract alone, :class:`~engine.ai.ismcts.ISMCTSBot`);
``levels`` (the seat kinds ``bot:easy``, ``bot:normal`` = ``bot``, ``bot:hard`` = ISMCTS 1 s,
``bot:expert`` = ISMCTS 5 s, and each game's search settings); ``evaluations`` (the games'
heuristic scores as win chances per seat, for cut-off rollouts); ``playouts`` (where a rollout
stops and how it plays, and the games' fast playout steps); ``flat`` (a root-only search whose
rollouts the game's heuristic plays, for every seat; iMperium's hard and expert levels, where
its heuristic is unsure). ``paired``
(the flat search for games of several seats: paired heuristic rollouts through the fast
playout step, only where the heuristic is unsure; Res Publica's hard level). The games' heuristic bots live in their packages (``bot.py``). A
time-boxed search runs in a worker process in the app and the table server
(``tui/bot_worker.py``); headless callers (tournaments, tests) run it in-process.
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
