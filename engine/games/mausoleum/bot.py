"""The Mausoleum heuristic bot ("bot" in ``BOTS``).

It plans a whole turn on the determinized state it is handed (``engine.ai.decide``): every
Buy & Bury with every legal payment (MAU-3.5, 8.1), taking the discard pile's top card
(MAU-3.2) followed by its best play, and drawing from the deck, valued as the average over the
unseen cards (deck plus the other hands' cards not known, MAU-11.4) of the best play with that
card. Each play is resolved on a light copy (``bot_sim``) and scored by ``bot_value``; cards kept
in hand add a small keep value. Later prompts of the same turn (target, payment, order) re-run
the same plan, so the bot follows through. The work per decision is bounded by the number of
cards and targets (no clock), so the same seed gives the same match.
"""

from __future__ import annotations

from typing import Any

from engine.choices import split_choice
from engine.rng import Rng
from engine.rules import Prompt, Rules, State

from .bot_sim import Plan, apply_buy, apply_plan, light_copy, pay_order, payments, plans_for
from .bot_value import evaluate, hand_value
from .cards import CARDS, effect, kind, value


def _class_key(card: int) -> tuple[Any, ...]:
    """Cards that play alike (the 16 generic accidents, both Aunts …) share one key."""
    c = CARDS[card]
    return (c.kind, c.effect, c.value, c.key if c.kind == "heir" else "")


def choice_of(plan: Plan) -> str:
    """The ``target`` prompt choice id that carries out ``plan`` (README choice ids)."""
    _, card, arg = plan
    if kind(card) == "heir":
        return f"invite:{arg}"
    eff = effect(card)
    if kind(card) == "accident":
        return f"{'kidnap' if eff == 'kidnap' else 'kill'}:{arg}"
    return f"{eff}:{arg}"


class MausoleumBot:
    """Greedy one-turn planner with a hand-tuned evaluation (module doc)."""

    name = "Bot"

    # ---------------------------------------------------------------- scoring
    def _score_plan(self, st: State, seat: int, plan: Plan) -> float:
        sim = light_copy(st)
        apply_plan(sim, seat, plan)
        return evaluate(sim, seat)

    def _best_plan(self, st: State, seat: int, card: int) -> tuple[float, Plan]:
        """Best use of hand card ``card`` (a play or discarding it) and its score."""
        best: tuple[float, Plan] | None = None
        for plan in plans_for(st, card):
            sc = self._score_plan(st, seat, plan)
            if best is None or sc > best[0]:
                best = (sc, plan)
        assert best is not None
        return best

    def _play_step(self, st: State, seat: int) -> tuple[float, Plan | None]:
        """Best (score minus the card's keep value, plan) over the current hand."""
        best: tuple[float, Plan | None] = (float("-inf"), None)
        for card in dict.fromkeys(st["hands"][seat]):
            sc, plan = self._best_plan(st, seat, card)
            sc -= hand_value(card, st, seat)
            if sc > best[0]:
                best = (sc, plan)
        return best

    def _best_payment(self, st: State, seat: int, grave: int) -> tuple[float, list[int]]:
        best: tuple[float, list[int]] = (float("-inf"), [])
        for paid in payments(st["morgue"][seat], value(grave)):
            sim = light_copy(st)
            apply_buy(sim, seat, grave, paid)
            sc = evaluate(sim, seat)
            if sc > best[0]:
                best = (sc, paid)
        return best

    def _draw_value(self, st: State, seat: int, card: int, base: float, keep: float) -> float:
        """Turn value after drawing ``card`` into a hand whose best own play scores ``base``."""
        sim = dict(st)
        sim["hands"] = [list(h) for h in st["hands"]]
        sim["hands"][seat].append(card)
        own, _ = self._best_plan(sim, seat, card)
        return max(base + hand_value(card, st, seat), own) + keep

    def _turn_options(self, st: State, seat: int, ids: set[str]) -> dict[str, float]:
        hand = st["hands"][seat]
        keep = sum(hand_value(c, st, seat) for c in hand)
        out: dict[str, float] = {}
        for cid in sorted(ids):
            if cid.startswith("buy:"):
                out[cid] = self._best_payment(st, seat, int(split_choice(cid, "buy")))[0] + keep
        if "draw:none" in ids:
            out["draw:none"] = self._play_step(st, seat)[0] + keep
        if "draw:discard" in ids:
            top = st["discard"][-1]
            sim = dict(st)
            sim["discard"] = st["discard"][:-1]
            base = self._play_step(sim, seat)[0] if hand else float("-inf")
            out["draw:discard"] = self._draw_value(sim, seat, top, base, keep)
        if "draw:deck" in ids:
            pool: dict[tuple[Any, ...], list[int]] = {}
            for c in self._unseen(st, seat):
                pool.setdefault(_class_key(c), []).append(c)
            base = self._play_step(st, seat)[0] if hand else float("-inf")
            total = sum(len(v) for v in pool.values())
            ev = 0.0
            for key in sorted(pool):
                cards = pool[key]
                ev += len(cards) * self._draw_value(st, seat, cards[0], base, keep)
            out["draw:deck"] = ev / total if total else base + keep
        if "pass" in ids:
            out["pass"] = evaluate(light_copy(st), seat) + keep
        return out

    @staticmethod
    def _unseen(st: State, seat: int) -> list[int]:
        """Cards ``seat`` cannot see: the deck and other hands' cards not known (MAU-11.4)."""
        out = list(st["deck"])
        for s in range(st["n"]):
            if s == seat:
                continue
            known = list(st["known"][s])
            for c in st["hands"][s]:
                if c in known:
                    known.remove(c)
                else:
                    out.append(c)
        return out

    # ---------------------------------------------------------------- answers
    def choose(self, rules: Rules, state: State, seat: int, prompt: Prompt, rng: Rng) -> str:
        """A choice id of ``prompt`` for ``seat`` (always one of ``prompt.choices``)."""
        ids = [c.id for c in prompt.choices]
        pick = self._pick(state, seat, set(ids))
        return pick if pick in ids else ids[0]

    def _pick(self, st: State, seat: int, ids: set[str]) -> str | None:
        phase = st["phase"]
        if phase == "choose_start":
            return f"start:{seat}"
        if phase == "turn":
            opts = self._turn_options(st, seat, ids)
            return max(sorted(opts), key=lambda k: opts[k]) if opts else None
        if phase == "play":
            _, plan = self._play_step(st, seat)
            return None if plan is None else f"{plan[0]}:{plan[1]}"
        if phase == "target":
            best: tuple[float, str] | None = None
            for plan in plans_for(st, st["sel"]):
                cid = choice_of(plan) if plan[0] == "play" else "back"
                if cid not in ids or cid == "back":
                    continue
                sc = self._score_plan(st, seat, plan)
                if best is None or sc > best[0]:
                    best = (sc, cid)
            return None if best is None else best[1]
        if phase == "pay":
            _, paid = self._best_payment(st, seat, st["sel"])
            rest = [h for h in pay_order(paid) if h not in st["picks"]]
            if rest and f"pay:{rest[0]}" in ids:
                return f"pay:{rest[0]}"
            return "bury" if "bury" in ids else None
        if phase == "order":  # MAU-5.9: the most valuable victims reach the morgue first
            rest = [h for h in st["bomb"]["victims"] if h not in st["picks"]]
            rest.sort(key=lambda h: (-value(h), h))
            return f"order:{rest[0]}" if rest else None
        return None
