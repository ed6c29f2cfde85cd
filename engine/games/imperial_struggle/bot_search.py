"""The Imperial Struggle bot's lookahead (``bot.py``, ``bot_plan.py``): trying choices on clones of the state.

A :class:`Search` plays one side's choices on copies (``rules.clone``) through the frame stack
(``frames.act``, the same code the rules run) and values the result with
``bot_value.evaluate``. Decision frames are of two sorts:

* *anchors* — where a step of play is complete: the tile and S1 steps, the action menu, the top of
  an action (its purchase list, which offers ``done``), the Conquest Point loop, the Deal and
  Ministry steps;
* *steps* — the rest (a Region, a space, the payment with Debt or TRP, a theater, a target):
  always followed to the next anchor, so a purchase is valued as a whole path (region -> space ->
  pay) and never one step in isolation.

``value`` of a child is the evaluation at the next anchor reached after something changed (or
when the opponent decides, or the game ends); an anchor reached with nothing changed (the menu
-> an action's purchase list) is opened ``nav`` more levels. :meth:`Search.rollout` plays the
side greedily to the end of its Action Round (for the tile and S1 steps). Work is counted in
nodes (clone + apply), never in time, so a state always gets the same answer.
"""

from __future__ import annotations

from typing import Any

import msgpack

from . import frames as F
from .bot_value import evaluate, material

State = dict[str, Any]

ANCHORS = frozenset(
    {"is_s0", "is_s1", "is_menu", "war_cp", "deal_discard", "min_pick", "min_replace", "initiative"}
)
"""Frame kinds where a step of play is complete (``is_act`` counts when it offers ``done``)."""

MAX_DEPTH = 14
STEP_COST = 1e-4
"""Each level a path is opened costs this much, so of two equal plans the shorter is taken: a
toggle (a USA-flag selection, IS-7.3c) is never flipped back and forth without end."""
NEG = float("-inf")


class Search:
    """Bounded lookahead for ``side`` on clones of ``st``; ``budget`` caps the nodes (module doc).

    ``clone`` is the rules' deep copy (``ImperialStruggleRules.clone``)."""

    def __init__(self, clone: Any, side: int, budget: int):
        self.clone = clone
        self.side = side
        self.budget = budget
        self.nodes = 0

    # ---------------------------------------------------------------- primitives
    def frame(self, st: State) -> dict[str, Any] | None:
        """The frame ``side`` decides in now, or None (opponent, automatic, over)."""
        if st["over"]:
            return None
        return F.frame_of(st, self.side)

    def ids(self, st: State, fr: dict[str, Any]) -> list[str]:
        """The choice ids of ``fr`` for ``side`` except ``back`` (never worth trying)."""
        fn = F.HANDLERS[fr["k"]].choices
        return [c.id for c in fn(st, fr) if c.id != "back"]  # type: ignore[misc]

    def step(self, st: State, cid: str) -> State | None:
        """A clone of ``st`` with ``cid`` applied (None if the rules refuse it)."""
        self.nodes += 1
        s2 = self.clone(st)
        try:
            F.act(s2, self.side, cid, [])
        except Exception:  # noqa: BLE001 - a refused try is just not a candidate
            return None
        return s2

    def eval(self, st: State) -> float:
        """``bot_value.evaluate`` for ``side``."""
        return evaluate(st, self.side)

    @staticmethod
    def is_anchor(fr: dict[str, Any], ids: list[str]) -> bool:
        """True for an anchor frame (module doc)."""
        k = fr["k"]
        return k in ANCHORS or (k == "is_act" and "done" in ids)

    # ---------------------------------------------------------------- search
    def value(self, st: State, nav: int, depth: int, mat0: Any, path: set[bytes]) -> float:
        """Worth of ``st`` reached by a try: evaluated at the next anchor after a change.
        ``path`` holds the states (packed) on the way here: coming back to one (a toggle
        switched back) is not a candidate."""
        fr = self.frame(st)
        if fr is None:
            return self.eval(st)
        ids = self.ids(st, fr)
        if not ids:
            return NEG
        if self.nodes >= self.budget or depth >= MAX_DEPTH:
            return self.eval(st)
        if self.is_anchor(fr, ids):
            if nav <= 0 or material(st) != mat0:
                return self.eval(st)
            nav -= 1
        key = msgpack.packb(st)
        if key in path:
            return NEG
        path.add(key)
        best = NEG
        for cid in ids:
            s2 = self.step(st, cid)
            if s2 is None:
                continue
            v = self.value(s2, nav, depth + 1, mat0, path)
            if v > best:
                best = v
        path.discard(key)
        return best - STEP_COST if best > NEG else NEG

    def rank(self, st: State, ids: list[str], nav: int) -> list[tuple[float, str]]:
        """``(value, id)`` of each candidate in ``ids``, best first (ties keep ``ids`` order)."""
        mat0 = material(st)
        path = {msgpack.packb(st)}
        out = []
        for i, cid in enumerate(ids):
            s2 = self.step(st, cid)
            if s2 is None:
                continue
            out.append((self.value(s2, nav, 1, mat0, path), -i, cid))
        out.sort(reverse=True)
        return [(v, c) for v, _i, c in out]

    def best(self, st: State, ids: list[str], nav: int) -> str | None:
        """The best id of ``ids`` by :meth:`rank`, or None."""
        r = self.rank(st, ids, nav)
        return r[0][1] if r and r[0][0] > NEG else None

    # ---------------------------------------------------------------- rollout
    def rollout(self, st: State, policy: Any, cap: int = 40) -> float:
        """Play ``side`` with ``policy(search, st, fr, ids) -> id`` until its Action Round (or
        its turn of deciding) is over, then evaluate. ``cap`` bounds the steps."""
        ti = st["ti"]
        for _ in range(cap):
            if self.nodes >= self.budget:
                break
            fr = self.frame(st)
            if fr is None or st["ti"] != ti or fr["k"] == "is_s0":
                break
            ids = self.ids(st, fr)
            if not ids:
                break
            cid = policy(self, st, fr, ids)
            s2 = self.step(st, cid) if cid is not None else None
            if s2 is None:
                break
            st = s2
        return self.eval(st)
