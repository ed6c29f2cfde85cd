"""The Imperial Struggle heuristic bot ("bot" in ``BOTS``).

It decides on the determinized state ``engine.ai.decide`` hands it (IS-16.7): the opponent's
hand, face-down Ministries and unseen War tiles are a random sample, never the real ones. Each
prompt is dispatched by its frame kind to a policy of ``bot_plan`` (tile and S1 steps by playing
the round out on clones, purchases as whole region -> space -> payment paths, cards and
Ministries by their worth this Era, everything else by trying each choice), valued by
``bot_value.evaluate`` (VP, this turn's Award / Prestige / Demand margins, the next War's
theaters, Debt against its Limit, TRP). Work is bounded by a node budget per decision (no clock),
so a given state and seed always give the same choice. Whatever happens inside, ``choose``
returns one of the prompt's choice ids.
"""

from __future__ import annotations

from typing import Any

from engine.rng import Rng
from engine.rules import Prompt, Rules, State

from . import bot_plan as P
from .bot_search import Search
from .state import side_of

BUDGET = 2500
"""Nodes (clone + apply) one decision may try."""

SAFE = ("confirm", "done", "keep", "keep_all", "no_bonus", "cp_end", "end_round", "actions")
"""Fallback ids, in order, when a policy finds nothing (never ``back``)."""


class ImperialStruggleBot:
    """Heuristic Imperial Struggle bot (module doc). ``choose`` returns one of ``prompt``'s ids."""

    name = "Bot"

    def __init__(self, budget: int = BUDGET):
        self.budget = budget

    def choose(self, rules: Rules, state: State, seat: int, prompt: Prompt, rng: Rng) -> str:
        """The choice id for ``seat``'s ``prompt`` in the (determinized) ``state``."""
        ids = [c.id for c in prompt.choices]
        offered = set(ids)
        try:
            pick = self._decide(rules, state, seat, [i for i in ids if i != "back"])
        except Exception:  # noqa: BLE001 - never dead-end: fall back to a safe choice
            pick = None
        if pick in offered:
            return pick  # type: ignore[return-value]
        for safe in SAFE:
            if safe in offered:
                return safe
        forward = [i for i in ids if i != "back"]
        return (forward or ids)[0]

    # ---------------------------------------------------------------- dispatch
    def _decide(self, rules: Any, st: State, seat: int, ids: list[str]) -> str | None:
        if not ids:
            return None
        if len(ids) == 1:
            return ids[0]
        if st.get("auction") is not None:
            return P.choose_auction(ids)
        side = side_of(st, seat)
        search = Search(rules.clone, side, self.budget)
        fr = search.frame(st)
        if fr is None:
            return None
        k = fr["k"]
        if k == "is_s0":
            return P.choose_tile(search, st, ids)
        if k == "is_s1":
            return P.choose_s1(search, st, ids)
        if k == "deal_discard":
            return P.choose_discard(st, side, ids)
        if k in ("min_pick", "min_replace"):
            return P.choose_ministry(st, side, ids)
        if k == "initiative":
            return P.choose_initiative(side, ids)
        nav = 1 if k == "is_menu" else 0
        return search.best(st, ids, nav)
