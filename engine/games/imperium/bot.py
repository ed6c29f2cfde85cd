"""The iMperium heuristic bot (``ImperiumBot``, shown as "Bot").

How it decides
--------------
The engine hands the bot a *determinized* copy of the state (hidden cards resampled, IMP-11.4).
For a decision of its own turn the bot runs a short depth-first search over its own choices:
every candidate is applied to a clone with ``RULES.apply`` and the best line found within the
turn is scored by :meth:`ImperiumBot.evaluate`, a static evaluation of the position at the end
of the bot's turn (unspent energy is lost, IMP-3.6 / IMP-4.10). Sub-decisions that an action
opens (return-to-hand targets IMP-7.3, recover IMP-7.2, free plays IMP-7.7, Pericles
IMP-10.16, the Defense to destroy IMP-6.4) are searched like actions. A line stops being
expanded once it has drawn unknown cards from the deck (the determinized deck order is only a
sample, so the bot must not plan with it); the draws are then valued at the mean value of the
cards left in the deck. The search is bounded by a work budget (rule applications plus
evaluations), not by the clock, so the bot is deterministic: the same seed replays the same
match.

A few decisions use direct rules instead of search: the secret opening discard (IMP-2.5), the
navy redraw (IMP-3.2(c)), the energy rerolls (IMP-9.18 / IMP-10.18, optimal stopping over the
value of the best plan at each energy), Port's top card (IMP-10.7) and the discards forced on
the bot outside its turn (Fort IMP-9.7, hand limit IMP-V6).

The evaluation (bot's seat minus opponent) counts: the expected energy of each dice pool
(IMP-4.5, stolen dice included, so Army Dominance and Walls matter through it), dominance and
counters (IMP-6), untapped Army/Navy cards (future attacks), points (IMP-7.13, IMP-8.3),
progress toward each Government of the deck (IMP-9.12, 9.13, 10.11, 10.12), Defense cards,
permanents, the hand, and — most heavily — the probability that either player wins during
its next turn (army upkeep + pursuits IMP-3.2(a)/6.3, flips IMP-5.5, Great Persons, playable
Governments), computed from the exact distribution of the two-highest-dice energy (IMP-4.7).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any

from engine.choices import split_choice
from engine.rng import Rng
from engine.rules import IllegalAction, Prompt, Rules, State

from .cards import (
    ARMY,
    CARDS,
    DEFENSE,
    EXPANDED_CARDS,
    FLIP_COST,
    GOVERNMENT_COST,
    GREAT_PERSON,
    NAVY,
    STEALABLE,
    UNSTEALABLE,
    WONDER,
    Card,
)
from .state import (
    BASE_DICE,
    FACE_DOWN,
    TAPPED,
    play_cost_in,
    tap_cost_in,
)

# ---------------------------------------------------------------- energy distribution (IMP-4.7)

_MAX_DICE = 30


def _energy_tables() -> tuple[list[list[float]], list[list[float]], list[float]]:
    """Exact distribution of the energy (sum of the two highest dice, or the single die) for
    every pool size 1.._MAX_DICE (IMP-4.7). Returns (dist, at_least, mean), indexed by pool."""
    dist: list[list[float]] = [[1.0] + [0.0] * 12]
    cur: dict[tuple[int, int], float] = {(d, 0): 1 / 6 for d in range(1, 7)}
    for _n in range(1, _MAX_DICE + 1):
        e = [0.0] * 13
        for (a, b), p in cur.items():
            e[a + b] += p
        dist.append(e)
        nxt: dict[tuple[int, int], float] = {}
        for (a, b), p in cur.items():
            for d in range(1, 7):
                if d > a:
                    k = (d, a)
                elif d > b:
                    k = (a, d)
                else:
                    k = (a, b)
                nxt[k] = nxt.get(k, 0.0) + p / 6
        cur = nxt
    at_least = []
    for e in dist:
        tail = [0.0] * 14
        for k in range(12, -1, -1):
            tail[k] = tail[k + 1] + e[k]
        at_least.append(tail)
    mean = [sum(i * p for i, p in enumerate(e)) for e in dist]
    return dist, at_least, mean


DIST, AT_LEAST, MEAN_ENERGY = _energy_tables()


def p_energy_at_least(pool: int, need: int) -> float:
    """P(energy >= need) for a roll of ``pool`` dice (IMP-4.7)."""
    if need <= 0:
        return 1.0
    if need > 12:
        return 0.0
    return AT_LEAST[max(1, min(pool, _MAX_DICE))][need]


# ---------------------------------------------------------------- weights

WIN = 1_000_000.0
DRAW_SCORE = -500.0  # a turn-cap draw (IMP-3.8) is a failure against any opponent


@dataclass(frozen=True)
class Weights:
    """Evaluation weights, in units of roughly one energy (override some to try variants)."""

    econ: float = 9.5  # one point of expected energy per turn (IMP-4.5, IMP-4.7)
    untapped_army: float = 8.0  # an untapped Army card in play: a future land attack (IMP-6.2)
    tapped_army: float = 1.0
    untapped_navy: float = 6.0  # an untapped Navy card: a future naval attack (IMP-6.8)
    tapped_navy: float = 1.5
    army_dom: float = 9.0  # Army Dominance: upkeep counters and stealing (IMP-6.5, IMP-6.12)
    counters: tuple[float, ...] = (0.0, 6.0, 13.0, 22.0, 34.0)  # army counters 0..4 (IMP-6.6)
    navy_dom: float = 6.0  # Navy Dominance: redraw (IMP-3.2(c)) and pursuits (IMP-6.9)
    navy_ctr_per_card: float = 1.5  # 1 navy counter: next pursuit empties the hand (IMP-6.10)
    opp_card: float = 3.5  # a card in the opponent's hand
    defense: float = 2.5  # a Defense card (IMP-4.3, IMP-6.3) ...
    defense_threat: float = 3.5  # ... plus this while the opponent threatens land attacks
    loss: float = 260.0  # the opponent's chance to win in its next turn
    win: float = 70.0  # the bot's chance to win in its next turn
    me_next: float = 0.6  # the opponent plays first: the bot's next-turn chance is discounted
    energy_left: float = 0.35  # energy left after a line that drew unknown cards
    pts_lin: float = 70.0  # points (IMP-7.13): value of a fraction f < 1 is lin*f + sq*f*f
    pts_sq: float = 40.0
    fd_share: float = 0.35  # a face-down Wonder: this share of the value of its flip (IMP-7.6)


DEFAULT_WEIGHTS = Weights()

# Government progress tables (index = cards counted toward the condition)
REPUBLIC = (0.0, 0.5, 1.5, 4.0, 8.0, 14.0)  # dice-increase cards (IMP-9.12)
FOUR_OF = (0.0, 0.5, 1.5, 4.0, 8.0)  # Principatus / Democracy (IMP-9.13, IMP-10.11)
OLIGARCHY = (0.0, 2.0, 6.0, 12.0)  # Great Persons (IMP-10.12)

# hand values of cards (context adjustments in ``_hand_value``)
HAND_VALUE: dict[str, dict[str, float]] = {
    "roman": {
        "legion": 4.5,
        "catapult": 5.0,
        "praetorian": 5.0,
        "farm": 3.5,
        "granary": 3.5,
        "walls": 2.5,
        "fort": 3.0,
        "caravan": 4.0,
        "barracks": 4.5,
        "galley": 3.5,
        "corvus": 4.0,
        "republic": 2.0,
        "principatus": 2.0,
        "caesar": 6.0,
        "cicero": 6.0,
        "hadrians_wall": 4.5,
        "trajans_column": 4.5,
        "colosseum": 4.5,
        "temple_of_janus": 4.5,
    },
    "greek": {
        "hoplite": 4.5,
        "cavalry": 5.0,
        "farm": 3.5,
        "orchard": 4.0,
        "walls": 2.5,
        "trader": 4.0,
        "port": 4.0,
        "trireme": 3.5,
        "heavy_galley": 4.5,
        "fire_raft": 3.5,
        "democracy": 2.0,
        "oligarchy": 2.0,
        "alexander": 6.0,
        "aristotle": 6.0,
        "archimedes": 6.0,
        "pericles": 6.0,
        "homeros": 6.0,
        "great_lighthouse": 4.0,
        "colossus": 4.0,
        "parthenon": 4.0,
    },
}

# opening discard (IMP-2.5): how much a card is worth in the first turns
OPENING_VALUE: dict[str, float] = {
    "legion": 5.0,
    "catapult": 4.0,
    "praetorian": 3.5,
    "hoplite": 5.0,
    "cavalry": 4.5,
    "farm": 5.0,
    "granary": 4.5,
    "orchard": 4.5,
    "walls": 3.0,
    "fort": 3.0,
    "caravan": 4.0,
    "barracks": 4.0,
    "trader": 4.0,
    "port": 3.5,
    "galley": 3.5,
    "corvus": 3.5,
    "trireme": 3.5,
    "heavy_galley": 3.5,
    "fire_raft": 3.0,
    "republic": 2.0,
    "principatus": 2.0,
    "democracy": 2.0,
    "oligarchy": 1.5,
    "caesar": 2.5,
    "cicero": 2.5,
    "alexander": 2.5,
    "aristotle": 2.5,
    "archimedes": 2.5,
    "pericles": 2.0,
    "homeros": 2.0,
    "hadrians_wall": 3.0,
    "trajans_column": 3.0,
    "colosseum": 3.0,
    "temple_of_janus": 3.0,
    "great_lighthouse": 3.0,
    "colossus": 3.0,
    "parthenon": 3.0,
}

# permanents of face-up cards, beyond what other terms count
PERMANENT: dict[str, float] = {
    "colosseum": 3.0,  # IMP-9.18 rerolls
    "temple_of_janus": 3.0,  # IMP-9.19 draws
    "trajans_column": 2.0,  # IMP-9.17
    "great_lighthouse": 3.0,  # IMP-10.18
    "parthenon": 2.0,  # IMP-10.20
}

GOVERNMENTS = {"roman": ("republic", "principatus"), "greek": ("democracy", "oligarchy")}
WONDER_PTS12 = {"roman": 3, "greek": 2}  # 1/4 and 1/6 in twelfths (IMP-7.13)


def _points_value(w: Weights, pts12: int) -> float:
    """Value of a point total (in twelfths) below 1 point (IMP-8.3)."""
    f = min(pts12, 11) / 12
    return w.pts_lin * f + w.pts_sq * f * f


class _Scan:
    """One seat's play area summarised in one pass (shared by the evaluation terms)."""

    __slots__ = (
        "armies",
        "army_taps",
        "board",
        "ctx",
        "fd",
        "granary",
        "hadrian",
        "n_army",
        "n_def",
        "n_gp",
        "n_navy",
        "navies",
        "navy_taps",
        "parthenon",
        "pool",
        "presence",
        "pts12",
        "retake",
        "sell",
        "stealable",
        "unstealable",
    )

    def __init__(self) -> None:
        self.armies: list[Card] = []  # untapped Army cards
        self.navies: list[Card] = []  # untapped Navy cards
        self.army_taps: list[tuple[int, str]] = []
        self.navy_taps: list[int] = []
        self.board = 0.0
        self.ctx: tuple[bool, bool, bool, bool] = (False, False, False, False)
        self.fd = self.n_army = self.n_def = self.n_gp = self.n_navy = 0
        self.pts12 = self.stealable = self.unstealable = self.pool = self.sell = 0
        self.granary = self.hadrian = self.parthenon = False
        self.presence = 0.0
        self.retake = -1.0


class ImperiumBot:
    """Heuristic player for iMperium (both decks, every rule option).

    Args:
        work_budget: search work for one decision, counted in rule applications plus
            position evaluations (about 0.1-0.3 ms each); it bounds the decision time.
        max_depth: maximum number of actions in one planned line (sub-decisions are free).
        time_budget: optional soft limit in seconds for one decision; past it the search
            stops expanding. None (the default) keeps the bot deterministic: the same seed and
            position always give the same choice, so headless matches repeat exactly; the
            work budget alone bounds the time.
        weights: evaluation weights (default :data:`DEFAULT_WEIGHTS`).
    """

    name = "Bot"

    def __init__(
        self,
        work_budget: int = 600,
        max_depth: int = 4,
        time_budget: float | None = None,
        weights: Weights | None = None,
    ):
        self.w = weights or DEFAULT_WEIGHTS
        self.work_budget = work_budget
        self.max_depth = max_depth
        self.time_budget = time_budget
        # per-decision context
        self.rules: Any = None
        self.seat = 0
        self.opp = 1
        self.deadline = 0.0
        self.work = 0
        self.memo: dict[Any, float] = {}
        self.root_seen: set[int] = set()
        self.root_deck_len = 0
        self.draw_value = 3.5
        self.hv_cache: dict[str, float] = {}
        self.prob_cache: dict[tuple, float] = {}

    # ------------------------------------------------------------ entry point

    def choose(self, rules: Rules, state: State, seat: int, prompt: Prompt, rng: Rng) -> str:
        """The bot's choice id for ``prompt`` (engine/ai contract). ``state`` is read only."""
        ids = [c.id for c in prompt.choices]
        if len(ids) == 1:
            return ids[0]
        self._begin(rules, state, seat)
        direct = self._direct(state, seat, ids)
        return direct if direct is not None else self._search_root(state, ids)

    def rank(
        self, rules: Rules, state: State, seat: int, prompt: Prompt
    ) -> list[tuple[float, str]] | None:
        """The bot's own value of each candidate of a decision it searches (an action or the
        extra draw of its turn, IMP-3.4 / IMP-3.7), best first, ties in the order
        :meth:`choose` breaks them, so ``rank(...)[0][1]`` is :meth:`choose`'s choice. Values
        are in evaluation units (about one energy; a win is :data:`WIN`). None for a decision
        taken by a direct rule (the opening discard, rerolls, discards) or a single choice;
        for a line that wins at once, that choice alone (IMP-8.2)."""
        ids = [c.id for c in prompt.choices]
        if len(ids) == 1:
            return None
        self._begin(rules, state, seat)
        if self._direct(state, seat, ids) is not None:
            return None
        cands = self._candidates(state, ids, root=True)
        win = self._winning(state, cands)
        if win is not None:
            return [(WIN, win)]
        vals = [
            (self._value_of_choice(state, c, self.max_depth), i, c) for i, c in enumerate(cands)
        ]
        vals.sort(key=lambda t: (-t[0], t[1]))
        return [(v, c) for v, _i, c in vals]

    def _direct(self, state: State, seat: int, ids: list[str]) -> str | None:
        """The choice of a decision taken by a direct rule, else None (searched)."""
        if state["phase"] == "opening":
            return self._opening(state, ids)
        # decisions recognised by their choice ids (README "Choice ids")
        if "redraw" in ids:
            return self._redraw(state)
        if "stop" in ids and any(c.startswith("reroll") for c in ids):
            return self._reroll(state, ids)
        if ids[0].startswith("top:"):
            return self._best_card_choice(state, ids, "top:", highest=True)
        if ids[0].startswith("discard:"):  # Fort (IMP-9.7) or hand limit (IMP-V6)
            return self._best_card_choice(state, ids, "discard:", highest=False)
        if state["active"] != seat:
            return ids[0]
        return None

    def _begin(self, rules: Rules, st: State, seat: int) -> None:
        self.rules = rules
        self.seat = seat
        self.opp = 1 - seat
        budget = self.time_budget
        self.deadline = math.inf if budget is None else time.perf_counter() + budget
        self.work = 0
        self.memo = {}
        self.hv_cache = {}
        self.prob_cache = {}
        self.root_seen = set(st["hand"][seat]) | set(st["discard"][seat])
        self.root_seen.update(e[0] for e in st["play"][seat])
        self.root_deck_len = len(st["deck"][seat])
        deck = st["deck"][seat]
        if deck:
            cards = EXPANDED_CARDS[st["decks"][seat]]
            base = 100 * seat
            self.draw_value = sum(self._hand_value(st, cards[i - base].id) for i in deck) / len(
                deck
            )
        else:
            self.draw_value = 0.0

    # ------------------------------------------------------------ search

    def _apply(self, st: State, seat: int, choice: str) -> State | None:
        self.work += 1
        child = self.rules.clone(st)
        try:
            self.rules.apply(child, seat, choice, Rng(child["rng"]))
        except IllegalAction:
            return None
        return child

    def _search_root(self, st: State, ids: list[str]) -> str:
        cands = self._candidates(st, ids, root=True)
        win = self._winning(st, cands)
        if win is not None:
            return win
        best_id = cands[0]
        best = -float("inf")
        for c in cands:
            v = self._value_of_choice(st, c, self.max_depth)
            if v > best:
                best, best_id = v, c
        return best_id

    def _winning(self, st: State, cands: list[str]) -> str | None:
        """The first candidate that wins at once (IMP-8.2), else None."""
        for c in cands:
            if c not in ("end", "extra"):
                child = self._apply(st, self.seat, c)
                if child is not None and child["winner"] == self.seat:
                    return c
        return None

    def _value_of_choice(self, st: State, choice: str, depth: int) -> float:
        """Value of taking ``choice`` now (``end`` and ``extra`` are scored without applying)."""
        if choice == "end":
            return self.evaluate(st)
        if choice == "extra":
            if not st["deck"][self.seat] and st["opts"]["empty_deck"] == "lose":
                return -WIN  # IMP-V5 lose: drawing from an empty deck loses
            return self.evaluate(st) + self._extra_draw_gain(st) - 0.25
        child = self._apply(st, self.seat, choice)
        if child is None:
            return -WIN
        action_like = st["phase"] == "action" and not self._frame_waiting(st)
        return self._search(child, depth - 1 if action_like else depth)

    def _frame_waiting(self, st: State) -> bool:
        """True when the prompt is a sub-decision of an effect (a pending frame waits), not
        the Action phase or the extra-draw decision."""
        return bool(st["pending"])

    def _search(self, st: State, depth: int) -> float:
        w = st["winner"]
        if w != -1:
            return self._terminal(w, depth)
        seat = self.seat
        if st["active"] != seat:
            return self.evaluate(st)
        waiting = self.rules.waiting(st)
        if not waiting:
            return self.evaluate(st)
        key = _key(st, seat)
        got = self.memo.get(key)
        if got is not None:
            return got
        ws = waiting[0]
        prompt = self.rules.prompt(st, ws)
        ids = [c.id for c in prompt.choices]
        if ws != seat:  # the opponent decides inside the bot's turn (Fort discard, IMP-9.7)
            child = self._apply(st, ws, self._opponent_default(st, ws, ids))
            v = self._search(child, depth) if child is not None else self.evaluate(st)
            self.memo[key] = v
            return v
        over = self.work >= self.work_budget or time.perf_counter() > self.deadline
        framed = self._frame_waiting(st)
        if not framed and (len(st["deck"][seat]) < self.root_deck_len or depth <= 0 or over):
            # a line that drew unknown cards, or the search horizon: score it as ending here
            v = self.evaluate(st)
            if st["phase"] == "action" and len(st["deck"][seat]) < self.root_deck_len:
                v += self.w.energy_left * st["energy"]
            self.memo[key] = v
            return v
        cands = [ids[0]] if framed and over else self._candidates(st, ids, root=False)
        best = -float("inf")
        for c in cands:
            v = self._value_of_choice(st, c, depth)
            if v > best:
                best = v
            if time.perf_counter() > self.deadline:  # hard stop: keep the best line so far
                break
        self.memo[key] = best
        return best

    def _terminal(self, winner: int, depth: int = 0) -> float:
        if winner == self.seat:
            return WIN + depth  # a sooner win is preferred
        if winner == self.opp:
            return -WIN
        return DRAW_SCORE

    def _candidates(self, st: State, ids: list[str], root: bool) -> list[str]:
        """Choices worth searching: one sell (the least useful card, IMP-5.6), no scuttles
        (IMP-5.7), identical untapped cards tapped once (IMP-5.4)."""
        if st["phase"] != "action" or self._frame_waiting(st):
            return ids
        seat = self.seat
        cards = EXPANDED_CARDS[st["decks"][seat]]
        base = 100 * seat
        out: list[str] = []
        sells: list[str] = []
        seen_taps: set[str] = set()
        play = st["play"][seat]
        for c in ids:
            verb, _, arg = c.partition(":")
            if verb == "sell" or verb == "sellg":
                sells.append(c)
            elif verb == "scuttle":
                continue
            elif verb in ("tap", "taph"):
                k = verb + cards[play[int(arg)][0] - base].id
                if k in seen_taps:
                    continue
                seen_taps.add(k)
                out.append(c)
            else:
                out.append(c)
        if sells:
            if "sellg" in sells:
                out.append("sellg")
            else:  # the card whose loss hurts least (Governments keep their route value)
                out.append(max(sells, key=lambda s: self._static_after(st, s)))
        # cheap first: a winning line found early is kept (ties go to the first)
        order = {"play": 0, "playh": 0, "flip": 1, "tap": 2, "taph": 2, "homeros": 3}
        out.sort(key=lambda c: order.get(c.partition(":")[0], 4))
        return out

    def _static_after(self, st: State, choice: str) -> float:
        child = self._apply(st, self.seat, choice)
        return -WIN if child is None else self.evaluate(child)

    def _opponent_default(self, st: State, seat: int, ids: list[str]) -> str:
        """The opponent's forced discard inside the bot's turn: its cheapest card."""
        table = HAND_VALUE[st["decks"][seat]]

        def worth(choice: str, missing: float) -> float:
            if not choice.startswith("discard:"):
                return missing
            return table.get(split_choice(choice, "discard"), missing)

        best = ids[0]
        for c in ids:
            if c.startswith("discard:") and worth(c, 3.0) < worth(best, 99.0):
                best = c
        return best

    # ------------------------------------------------------------ direct decisions

    def _opening(self, st: State, ids: list[str]) -> str:
        """IMP-2.5: discard the two cards least useful in the first turns; Governments and
        Great Persons are late cards (and stay recoverable from the discard, IMP-7.2)."""
        if "confirm" in ids:
            return "confirm"
        picks = [c for c in ids if c.startswith("pick:")]
        hand = [
            EXPANDED_CARDS[st["decks"][self.seat]][i - 100 * self.seat].id
            for i in st["hand"][self.seat]
        ]

        def val(choice: str) -> float:
            c = split_choice(choice, "pick")
            v = OPENING_VALUE.get(c, 3.0)
            if c in ("farm", "legion", "hoplite") and hand.count(c) >= 3:
                v -= 1.0  # diminishing returns for a third copy
            return v

        return min(picks, key=val)

    def _redraw(self, st: State) -> str:
        """IMP-3.2(c): replace the turn draw when it is worth less than an average draw."""
        seat = self.seat
        drawn = EXPANDED_CARDS[st["decks"][seat]][st["hand"][seat][-1] - 100 * seat].id
        # the replacement comes from the deck without the drawn card
        return "redraw" if self._hand_value(st, drawn) < self.draw_value - 0.3 else "keep"

    def _best_card_choice(self, st: State, ids: list[str], prefix: str, highest: bool) -> str:
        cands = [c for c in ids if c.startswith(prefix)] or ids

        def key(c: str) -> float:
            return self._hand_value(st, c[len(prefix) :])

        return max(cands, key=key) if highest else min(cands, key=key)

    def _plan_value(self, st: State, energy: int) -> float:
        """Value of the best turn plan if the energy roll gave ``energy`` (used for rerolls)."""
        child = self._apply(st, self.seat, "stop")
        if child is None or child["winner"] != -1 or child["active"] != self.seat:
            return self.evaluate(st)
        child["energy"] = energy
        saved = self.work_budget
        self.work_budget = min(saved, self.work + saved // 14)
        try:
            self.memo = {}
            return self._search(child, 2)
        finally:
            self.work_budget = saved

    def _reroll(self, st: State, ids: list[str]) -> str:
        """Rerolls (IMP-4.8): The Colosseum rerolls with one die fewer (IMP-9.18), The Great
        Lighthouse costs a hand card (IMP-10.18). The value of each energy 2..12 is the value
        of the best plan with it; the bot rerolls when the expected value is higher."""
        e0 = st["energy"]
        values = {}
        for e in range(1, 13):
            values[e] = self._plan_value(st, e)
        u0 = values.get(e0, self._plan_value(st, e0))
        if "reroll" in ids:  # Colosseum: optimal stopping over shrinking pools
            pool = st["pool"] - 1
            cont = sum(p * values[max(1, k)] for k, p in enumerate(DIST[1]) if p)
            for n in range(2, pool + 1):
                cont = sum(p * max(values[max(1, k)], cont) for k, p in enumerate(DIST[n]) if p)
            if pool >= 1 and cont > u0 + 0.5:
                return "reroll"
            return "stop"
        lh = [c for c in ids if c.startswith("reroll:")]
        if lh:
            worst = min(lh, key=lambda c: self._hand_value(st, split_choice(c, "reroll")))
            pool = st["pool"]
            exp = sum(p * values[max(1, k)] for k, p in enumerate(DIST[pool]) if p)
            if exp - self._hand_value(st, split_choice(worst, "reroll")) > u0 + 1.0:
                return worst
        return "stop"

    # ------------------------------------------------------------ evaluation

    def evaluate(self, st: State) -> float:
        """Score of ``st`` for the bot's seat, seen at the end of its turn."""
        w = st["winner"]
        if w != -1:
            return self._terminal(w)
        self.work += 1
        s, o = self.seat, self.opp
        mine, theirs = self._scan(st, s), self._scan(st, o)
        self._finish(st, s, mine, theirs)
        self._finish(st, o, theirs, mine)
        v = self._side(st, s, True, mine, theirs) - self._side(st, o, False, theirs, mine)
        opp_army, opp_other = self.win_chance(st, o, theirs, mine)
        p_opp = max(opp_army, opp_other)
        if p_opp >= 1.0:
            return -WIN / 10 + v
        w = self.w
        my_army, my_other = self.win_chance(st, s, mine, theirs)
        if my_army > 0:  # the opponent may take Army Dominance back first (IMP-6.1)
            my_army *= 1.0 - self._retake_chance(st, o, theirs)
        p_me = max(my_army, my_other * w.me_next) * (1.0 - p_opp)
        return v - w.loss * p_opp + w.win * p_me

    def _scan(self, st: State, p: int) -> _Scan:
        """One pass over ``p``'s play area (face-down Wonders count for nothing, IMP-7.6)."""
        w = self.w
        cards = EXPANDED_CARDS[st["decks"][p]]
        base = 100 * p
        sc = _Scan()
        board = 0.0
        for iid, f in st["play"][p]:
            c = cards[iid - base]
            if f & FACE_DOWN:
                sc.fd += 1
                continue
            sc.pts12 += c.pts12
            bonus = c.dice_bonus
            if bonus == STEALABLE:
                sc.stealable += 1
            elif bonus == UNSTEALABLE:
                sc.unstealable += 1
            cat = c.category
            tapped = f & TAPPED
            if cat == ARMY:
                sc.n_army += 1
                if tapped:
                    board += w.tapped_army
                else:
                    board += w.untapped_army
                    sc.armies.append(c)
            elif cat == NAVY:
                sc.n_navy += 1
                if tapped:
                    board += w.tapped_navy
                else:
                    board += w.untapped_navy
                    sc.navies.append(c)
            elif cat == DEFENSE:
                sc.n_def += 1
            elif cat == GREAT_PERSON:
                sc.n_gp += 1
                board += PERMANENT.get(c.id, 0.0)
            elif cat == WONDER:
                board += PERMANENT.get(c.id, 0.0)
                if c.id == "hadrians_wall":
                    sc.hadrian = True
                elif c.id == "parthenon":
                    sc.parthenon = True
            elif c.id == "orchard" and not tapped:
                board += 3.0  # IMP-10.4: its draw 2 is still to come
            elif c.id == "granary" and not tapped:
                board += 0.5  # IMP-9.5: a sell without a card
                sc.granary = True
        sc.board = board
        sc.sell = 1 if st["hand"][p] or sc.granary else 0  # IMP-5.6
        return sc

    def _finish(self, st: State, p: int, sp: _Scan, so: _Scan) -> None:
        """The parts of ``p``'s scan that depend on the opponent's: dice pool (IMP-4.5) and
        current costs (IMP-5.8) for ``p``'s next turn."""
        pool = BASE_DICE + sp.stealable + sp.unstealable
        if st["army_dom"] == 1 - p:
            pool -= max(0, sp.stealable - sp.n_def)
        elif st["army_dom"] == p and st["opts"]["steal_mode"] == "transfer":
            pool += max(0, so.stealable - so.n_def)
        sp.pool = pool
        sp.ctx = (sp.parthenon, so.hadrian, st["army_dom"] == p, False)
        sp.army_taps = sorted((tap_cost_in(sp.ctx, c), c.id) for c in sp.armies)
        sp.navy_taps = sorted(tap_cost_in(sp.ctx, c) for c in sp.navies)
        sp.presence = 1.0 if st["army_dom"] == p else (0.7 if sp.armies else 0.2)

    def _retake_chance(self, st: State, p: int, sp: _Scan) -> float:
        """Chance that ``p`` can make a land attack in its next turn (IMP-6.2): tap an
        untapped Army card (IMP-5.4), play and tap one from hand, or play Caesar/Alexander
        (IMP-9.14, IMP-10.13)."""
        if sp.retake >= 0:
            return sp.retake
        pool, sell = sp.pool, sp.sell
        best = p_energy_at_least(pool, sp.army_taps[0][0] - sell) if sp.army_taps else 0.0
        if best < 0.95:
            for c in _ATTACKERS[st["decks"][p]]:
                prob = self._hand_prob(st, p, c.id)
                if prob <= 0:
                    continue
                cost = play_cost_in(sp.ctx, c)
                if c.category == ARMY:
                    cost += tap_cost_in(sp.ctx, c)
                best = max(best, prob * p_energy_at_least(pool, cost - sell))
        sp.retake = best
        return best

    def _side(self, st: State, p: int, me: bool, sp: _Scan, so: _Scan) -> float:
        """Positional value of seat ``p`` (no win chances)."""
        deck = st["decks"][p]
        o = 1 - p
        w = self.w
        v = w.econ * MEAN_ENERGY[min(sp.pool, _MAX_DICE)] + sp.board
        if sp.hadrian:  # IMP-9.16: the opponent's army taps cost 2 more
            v += 2.0 + 1.0 * so.presence
        # Defense cards (IMP-4.3, IMP-6.3): absorb pursuit counters, protect dice
        for k in range(sp.n_def):
            v += (w.defense + w.defense_threat * so.presence) if k < 2 else 1.0
        # dominance (IMP-6)
        if st["army_dom"] == p:
            keep = 1.0 - 0.85 * self._retake_chance(st, o, so)
            v += w.army_dom * (0.5 + 0.5 * keep) + w.counters[min(st["army"][p], 4)] * keep
        if st["navy_dom"] == p:
            v += w.navy_dom
            if st["navy"][p] >= 1:
                v += 2.0 + w.navy_ctr_per_card * len(st["hand"][o])
        # points (IMP-7.13) and face-down Wonders (IMP-7.6)
        pv = _points_value(w, sp.pts12)
        v += pv
        if sp.fd:
            step = _points_value(w, sp.pts12 + WONDER_PTS12[deck]) - pv
            v += w.fd_share * step * sp.fd
        # Governments (IMP-8.4)
        gov = GOVERNMENTS[deck]
        if deck == "roman":
            d = min(sp.stealable + sp.unstealable, 5)  # dice-increase cards (IMP-7.11)
            v += REPUBLIC[d] * self._avail(st, p, gov[0], me)
            dom = 1.0 if st["army_dom"] == p else 0.6
            v += FOUR_OF[min(sp.n_army, 4)] * dom * self._avail(st, p, gov[1], me)
        else:
            nav = 1.0 if st["navy_dom"] == p else 0.6
            v += FOUR_OF[min(sp.n_navy, 4)] * nav * self._avail(st, p, gov[0], me)
            v += OLIGARCHY[min(sp.n_gp, 3)] * nav * self._avail(st, p, gov[1], me)
        # hand: diminishing returns, only a card or two is played per turn
        if me:
            v += self._hand_total(st, p)
        else:
            v += w.opp_card * _HAND_WEIGHT_SUM[min(len(st["hand"][p]), _HAND_CAP)]
        return v

    def _hand_values(self, st: State, p: int) -> list[float]:
        """Values of the cards in the bot's hand; cards drawn during the search (unknown in
        the real game) count as an average draw."""
        cards = EXPANDED_CARDS[st["decks"][p]]
        base = 100 * p
        seen = self.root_seen
        return [
            self._hand_value(st, cards[iid - base].id) if iid in seen else self.draw_value
            for iid in st["hand"][p]
        ]

    def _hand_total(self, st: State, p: int, extra: float | None = None) -> float:
        """The hand's value: best card first, later cards weighted less (``_HAND_WEIGHTS``)."""
        vals = self._hand_values(st, p)
        if extra is not None:
            vals.append(extra)
        vals.sort(reverse=True)
        return sum(x * _HAND_WEIGHTS[min(k, _HAND_CAP - 1)] for k, x in enumerate(vals))

    def _extra_draw_gain(self, st: State) -> float:
        """What the extra draw (IMP-3.4) adds: an average card at its rank in the hand."""
        p = self.seat
        return self._hand_total(st, p, self.draw_value) - self._hand_total(st, p)

    def _army_presence(self, st: State, p: int) -> float:
        """0..1: how much ``p`` threatens land attacks (holds Army Dominance or has untapped
        Army cards in play)."""
        if st["army_dom"] == p:
            return 1.0
        cards = EXPANDED_CARDS[st["decks"][p]]
        base = 100 * p
        for iid, f in st["play"][p]:
            if not f & (TAPPED | FACE_DOWN) and cards[iid - base].category == ARMY:
                return 0.7
        return 0.2

    def _avail(self, st: State, p: int, card_id: str, me: bool) -> float:
        """How available ``p``'s Government card is: in hand 1, deck 0.5, discard 0.3
        (recover, IMP-7.2); for the opponent only public zones are used."""
        cards = EXPANDED_CARDS[st["decks"][p]]
        base = 100 * p
        for iid in st["discard"][p]:
            if cards[iid - base].id == card_id:
                return 0.3
        if not me:
            return 0.6
        for iid in st["hand"][p]:
            if cards[iid - base].id == card_id:
                return 1.0
        return 0.5

    def _hand_prob(self, st: State, p: int, card_id: str) -> float:
        """Probability that ``card_id`` is in ``p``'s hand, from ``self.seat``'s knowledge."""
        cards = EXPANDED_CARDS[st["decks"][p]]
        base = 100 * p
        if p == self.seat:
            return 1.0 if any(cards[i - base].id == card_id for i in st["hand"][p]) else 0.0
        key = (p, card_id, len(st["hand"][p]), len(st["known"][p]), len(st["deck"][p]))
        got = self.prob_cache.get(key)
        if got is None:
            got = self.prob_cache[key] = self._hidden_prob(st, p, card_id)
        return got

    def _hidden_prob(self, st: State, p: int, card_id: str) -> float:
        cards = EXPANDED_CARDS[st["decks"][p]]
        base = 100 * p
        known = st["known"][p]
        unknown_hand = 0
        k = 0
        for i in st["hand"][p]:
            if i in known:
                if cards[i - base].id == card_id:
                    return 1.0
            else:
                unknown_hand += 1
                if cards[i - base].id == card_id:
                    k += 1
        for i in st["deck"][p]:
            if cards[i - base].id == card_id:
                k += 1
        if k == 0 or unknown_hand == 0:
            return 0.0
        total = unknown_hand + len(st["deck"][p])
        miss = 1.0
        for j in range(k):
            miss *= max(0.0, (total - unknown_hand - j) / (total - j))
        return 1.0 - miss

    def win_chance(self, st: State, p: int, sp: _Scan, so: _Scan) -> tuple[float, float]:
        """Estimated probabilities that ``p`` wins during its next turn (IMP-8.1), as
        (by army, by points or Government): army upkeep and pursuits (IMP-3.2(a), IMP-6.3),
        points from flips and Great Persons (IMP-8.3, IMP-5.5), a playable Government
        (IMP-8.4)."""
        deck = st["decks"][p]
        pool, sell = sp.pool, sp.sell
        best = 0.0
        army = 0.0
        # army (IMP-6.6): upkeep + pursuits with the untapped Army cards, then one from hand
        if st["army_dom"] == p:
            have = st["army"][p] + 1
            if have >= 5:
                return 1.0, 0.0
            defenses = so.n_def
            taps: list[tuple[int, str, float]] = [(tc, c_id, 1.0) for tc, c_id in sp.army_taps]
            for c in _ATTACKERS[deck]:
                prob = self._hand_prob(st, p, c.id)
                if prob > 0.3:
                    cost = play_cost_in(sp.ctx, c)
                    if c.category == ARMY:
                        cost += tap_cost_in(sp.ctx, c)
                    taps.append((cost, c.id, prob))
                    break
            need = 5 - have
            cost = 0
            prob = 1.0
            for tc, c_id, c_prob in taps:
                cost += tc
                prob *= c_prob
                if c_id == "catapult":  # IMP-9.2
                    need -= 2
                    defenses = max(0, defenses - 1)
                elif defenses > 0:
                    need -= 1
                    defenses -= 1
                else:
                    need -= 2
                if need <= 0:
                    army = prob * p_energy_at_least(pool, cost - sell)
                    break
        # points (IMP-8.3): flips (8) and Great Persons from hand; one turn adds two
        # scoring cards at most (a Great Person, then Pericles' free Wonder)
        need12 = 12 - sp.pts12
        w12 = WONDER_PTS12[deck]
        if need12 <= 2 * w12:
            items: list[tuple[int, int, float]] = [(FLIP_COST, w12, 1.0)] * sp.fd
            for cc in _GREAT_PERSONS[deck]:
                prob = self._hand_prob(st, p, cc.id)
                if prob > 0:
                    items.append((play_cost_in(sp.ctx, cc), cc.pts12, prob))
            items.sort(key=lambda t: t[0] / t[1])
            got = cost = 0
            prob = 1.0
            for c_cost, c_pts, c_prob in items:
                got += c_pts
                cost += c_cost
                prob *= c_prob
                if got >= need12:
                    best = max(best, prob * p_energy_at_least(pool, cost - sell))
                    break
        # Governments (IMP-8.4)
        for g in GOVERNMENTS[deck]:
            prob = self._hand_prob(st, p, g)
            if prob <= 0:
                continue
            extra = self._gov_extra_cost(st, p, g, sp)
            if extra is not None:
                best = max(best, prob * p_energy_at_least(pool, GOVERNMENT_COST + extra - sell))
        return army, best

    def _gov_extra_cost(self, st: State, p: int, g: str, sp: _Scan) -> int | None:
        """Energy needed on top of the Government's 11 to meet its condition next turn, or
        None when it cannot be met within one turn."""
        if g == "republic":  # IMP-9.12
            d = sp.stealable + sp.unstealable
            if d >= 5:
                return 0
            if d == 4 and self._hand_prob(st, p, "farm") >= 0.5:
                return 4
            return None
        if g == "principatus":  # IMP-9.13
            dom = st["army_dom"] == p
            if sp.n_army >= 4:
                if dom:
                    return 0
                if sp.army_taps:
                    return sp.army_taps[0][0]
                return None
            if sp.n_army == 3 and dom and self._hand_prob(st, p, "legion") >= 0.5:
                return 5
            return None
        dom = st["navy_dom"] == p
        count = sp.n_navy if g == "democracy" else sp.n_gp
        if count >= (4 if g == "democracy" else 3):
            if dom:
                return 0
            if sp.navy_taps:
                return sp.navy_taps[0]
            return None
        if g == "democracy" and count == 3 and dom and self._hand_prob(st, p, "trireme") >= 0.5:
            return 5
        return None

    def _hand_value(self, st: State, card_id: str) -> float:
        """Value of one ``card_id`` in the bot's hand, in the current context."""
        got = self.hv_cache.get(card_id)
        if got is not None:
            return got
        deck = st["decks"][self.seat]
        v = HAND_VALUE[deck].get(card_id, 3.0)
        if card_id in ("walls", "fort"):
            v += 2.5 * self._army_presence(st, self.opp)
        self.hv_cache[card_id] = v
        return v


# ---------------------------------------------------------------- helpers

_HAND_CAP = 16
_HAND_WEIGHTS = tuple(1.0 if k < 5 else max(0.3, 1.0 - 0.12 * (k - 4)) for k in range(_HAND_CAP))
"""Weight of the k-th best hand card: the 6th and later cards matter less and less."""
_HAND_WEIGHT_SUM = tuple(
    sum(_HAND_WEIGHTS[:n]) + 0.3 * max(0, n - _HAND_CAP) for n in range(_HAND_CAP + 1)
)

_ATTACKERS = {
    "roman": tuple(CARDS[c] for c in ("legion", "catapult", "praetorian", "caesar")),
    "greek": tuple(CARDS[c] for c in ("hoplite", "cavalry", "alexander")),
}
"""Hand cards that make a land attack, cheapest first (IMP-9.1..9.3, 9.14, 10.1, 10.2, 10.13)."""

_GREAT_PERSONS = {
    d: tuple(c for c in {x.id: x for x in EXPANDED_CARDS[d]}.values() if c.category == GREAT_PERSON)
    for d in ("roman", "greek")
}


def _key(st: State, seat: int) -> tuple:
    """Transposition key of a position inside the bot's turn (play-area entries packed as
    ``iid * 8 + flags``: flags < 8, README "State")."""
    return (
        tuple(sorted(st["hand"][seat])),
        tuple(e[0] * 8 + e[1] for e in st["play"][0]),
        tuple(e[0] * 8 + e[1] for e in st["play"][1]),
        len(st["hand"][1 - seat]),
        len(st["discard"][seat]),
        len(st["deck"][seat]),
        st["energy"],
        st["sold"],
        st["army_dom"],
        st["navy_dom"],
        st["army"][0],
        st["army"][1],
        st["navy"][0],
        st["navy"][1],
        st["homeros"],
        st["homeros_free"],
        st["phase"],
        tuple(tuple(f) for f in st["pending"]),
    )


__all__ = ["ImperiumBot", "p_energy_at_least"]
