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


class Stepper:
    """How a search moves through a world: ``ids(state, seat) -> [choice id]`` (those of
    ``rules.prompt(state, seat)``, in order; [] when the seat has none) and ``apply(state,
    seat, choice, rng)`` (``rules.apply`` with its events dropped). ``rules`` may be None for a
    game in :data:`FAST` (else ValueError). The default goes through
    the rules contract; a game with a fast playout module (:data:`FAST`) skips the prompt's
    labels and the legality check of a choice taken from ``ids``."""

    __slots__ = ("apply", "fast", "ids", "rollout_only")

    def __init__(self, rules: Rules | None, game_id: str | None = None) -> None:
        mod = _fast_module(game_id) if game_id else None
        self.fast = mod is not None
        self.rollout_only = bool(getattr(mod, "ROLLOUT_ONLY", False))
        """True when the ids are macro choices (whole statements, Res Publica), not the
        prompt's: the search's tree then goes through the rules contract."""
        if mod is not None:
            self.ids: Callable[[State, int], list[str]] = mod.ids
            self.apply: Callable[[State, int, str, Any], None] = mod.apply
            return
        if rules is None:
            raise ValueError(f"no fast playout step for {game_id!r}: pass the rules")

        def ids(state: State, seat: int) -> list[str]:
            p = rules.prompt(state, seat)
            return [] if p is None else [ch.id for ch in p.choices]

        def apply(state: State, seat: int, choice: str, rng: Any) -> None:
            rules.apply(state, seat, choice, rng)

        # A choice taken from ``ids`` needs no second check (the rules' optional hook).
        unchecked = getattr(rules, "apply_unchecked", None)
        self.ids, self.apply = ids, apply if unchecked is None else unchecked


FAST: dict[str, str] = {
    "imperium": "engine.games.imperium.playout",
    "mausoleum": "engine.games.mausoleum.playout",
    "res_publica": "engine.games.res_publica.playout",
}
"""Games with a fast playout step (module path; functions ``ids`` and ``apply``; a module
with ``ROLLOUT_ONLY = True`` lists macro choices and is used in rollouts only)."""


def _fast_module(game_id: str) -> Any:
    import importlib

    path = FAST.get(game_id)
    return None if path is None else importlib.import_module(path)


def end_turn_ids(ids: list[str], rng: Rng) -> str:
    """:func:`end_turn_policy` over choice ids: ``"end"`` when offered, else a uniform pick."""
    return "end" if "end" in ids else ids[rng.randbelow(len(ids))]


ID_POLICY: dict[str, Callable[[list[str], Rng], str]] = {"imperium": end_turn_ids}
""":data:`POLICY` over choice ids alone (no prompt needed: the fast rollouts use it)."""


def _imperium_reply() -> Any:
    from engine.games.imperium.bot import ImperiumBot

    return ImperiumBot(work_budget=40, max_depth=2)


REPLY: dict[str, Callable[[], Any]] = {"imperium": _imperium_reply}
"""A cheaper heuristic for the opponents' reply turn of a search's horizon (levels ``reply``;
a game without one replies with its full heuristic)."""
