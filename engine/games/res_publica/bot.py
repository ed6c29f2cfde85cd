"""The Res Publica heuristic bot ("bot" in ``BOTS``).

It values a hand by how close each type is to five of a kind (RP-6.1: a set brings a settlement
or the top city, RP-6.4), plus pairs (RP-9.2) and a small worth per card (``bot_value``).
Settlements are worth extra while the civilization deck is full, since they open civilization
draws (RP-7.2). It trades like a player, judging every exchange by its position: its own gain
less a share (``1 / (n - 1)``, more for a leader) of what the partner gains (``bot_market``).
Each turn (``bot_plan``) it requests the cards that pair or finish its sets (two types joined by
OR when that reaches more holders) or offers the one card it misses least, whichever is expected
to pay more; it answers rivals' statements at a fair price (``bot_answer``: it asks for the
types it needs, at the fewest cards worth it, so never more than one card over what the trade is
worth to it), and it accepts any answer that improves its position, valuing what it gives with
what comes in (``bot_value.exchange``: it never pays with the type it receives). Specs
and card selections go through the same step-by-step choices a person uses, re-derived at each
prompt from what the seat knows. No clock and no random choices: the same seed gives the same
match, and every decision does a small, bounded amount of work.
"""

from __future__ import annotations

from engine.choices import split_choice
from engine.rng import Rng
from engine.rules import Prompt, Rules, State

from . import flow
from .bot_answer import plan_response
from .bot_plan import judge, next_step, plan_statement, spell
from .bot_value import Valuer, exchange, valuer
from .cards import CODES, NT


class ResPublicaBot:
    """Heuristic Res Publica bot (module doc). ``choose`` returns one of ``prompt``'s ids."""

    name = "Bot"

    def choose(self, rules: Rules, state: State, seat: int, prompt: Prompt, rng: Rng) -> str:
        """The choice id for ``seat``'s ``prompt`` in the (determinized) ``state``."""
        ids = [c.id for c in prompt.choices]
        offered = set(ids)
        pick = self._decide(state, seat, offered)
        if pick in offered:
            return pick
        for safe in ("send", "confirm", "done", "pass", "reject", "notrade"):
            if safe in offered:
                return safe
        forward = [i for i in ids if i != "back"]
        return (forward or ids)[0]

    # ---------------------------------------------------------------- dispatch
    def _decide(self, st: State, seat: int, offered: set[str]) -> str | None:
        ph = st["phase"]
        v = valuer(st, seat)
        if ph == "trade":
            plan = plan_statement(st, seat, v)
            if st["draft"]:
                if plan is None:
                    return "back"
                return next_step(st["draft"], spell(plan[0], plan[1]), offered)
            if plan is not None:
                return plan[0]
            return self._display(offered) or "notrade"
        if ph == "respond":
            answer = plan_response(st, seat, v)
            if st["draft"]:
                if answer is None:
                    return "back"
                return next_step(st["draft"], spell("respond", answer), offered)
            return "respond" if answer is not None and "respond" in offered else "pass"
        if ph == "accept":
            ok = [int(split_choice(c, "accept")) for c in offered if c.startswith("accept:")]
            partner = judge(st, seat, v, sorted(ok))
            return "reject" if partner is None else f"accept:{partner}"
        if ph == "fulfil":
            return self._give(st, seat, v)
        if ph in ("display", "final_display"):
            return self._display(offered) or "done"
        if ph == "draw":
            return self._draw(offered)
        return None

    def _display(self, offered: set[str]) -> str | None:
        """Display every set at once (RP-6.3): earlier sets take higher cities (RP-6.4)."""
        for code in CODES:
            if f"display:{code}" in offered:
                return f"display:{code}"
        return None

    def _give(self, st: State, seat: int, v: Valuer) -> str:
        """Pick, one card at a time, the cheapest cards that fulfil our side (RP-4.10), valued
        with what we receive (``bot_value.exchange``: never give the type coming in)."""
        spec = flow.giving_spec(st, seat)
        other = st["active"] if seat != st["active"] else st["trade"]["partner"]
        best = exchange(v, st["hands"][seat], spec, flow.giving_spec(st, other))
        picked = [0] * NT
        for t in st["picks"][seat]:
            picked[t] += 1
        if best is None:
            return "confirm"
        target = best[1]
        if any(p > g for p, g in zip(picked, target, strict=True)):
            return "back"
        for t in range(NT):
            if picked[t] < target[t]:
                return f"pick:{CODES[t]}"
        return "confirm"

    def _draw(self, offered: set[str]) -> str | None:
        """Draw as many cards as allowed, civilization cards first (RP-7.2/7.3): more cards
        mean more sets and pairs; civilization sets take cities worth 4-9."""
        best = None
        for cid in offered:
            head, _, arg = cid.partition(":")
            c = int(arg)
            people = head == "civ" and c <= 2
            key = (c + people, c)
            if best is None or key > best[0]:
                best = (key, cid)
        return None if best is None else best[1]
