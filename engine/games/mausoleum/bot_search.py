"""Where Mausoleum's search bot searches, and among which choices (issue 18).

The heuristic (``bot.py``) scores every option of a turn, a play step or a target step; where
one option leads the rest by more than a margin, its choice is taken as it is, and elsewhere
the search (:mod:`engine.ai.paired`) compares only the heuristic's best few options. The
payment picks, the H-Bomb burial order and the start player are always the heuristic's (their
options differ little, MAU-8.7, 5.9).
"""

from __future__ import annotations

from engine.rules import State

from .bot import MausoleumBot, choice_of
from .bot_sim import plans_for
from .bot_value import WIN, hand_value

_BOT = MausoleumBot()


def option_scores(st: State, seat: int, ids: list[str]) -> dict[str, float] | None:
    """The heuristic's score of each choice id of ``seat``'s decision now (higher is better; the
    scores of the bot's own planner), or None where it does not score options (payment picks,
    burial order, start player)."""
    phase = st["phase"]
    offered = set(ids)
    if phase == "turn":
        return _BOT._turn_options(st, seat, offered)
    if phase == "play":
        out: dict[str, float] = {}
        for card in dict.fromkeys(st["hands"][seat]):
            keep = hand_value(card, st, seat)
            for plan in plans_for(st, card):
                cid = f"{plan[0]}:{plan[1]}"
                if cid in offered:
                    sc = _BOT._score_plan(st, seat, plan) - keep
                    out[cid] = max(out.get(cid, float("-inf")), sc)
        return out
    if phase == "target":
        out = {}
        for plan in plans_for(st, st["sel"]):
            if plan[0] != "play":
                continue
            cid = choice_of(plan)
            if cid in offered:
                out[cid] = max(out.get(cid, float("-inf")), _BOT._score_plan(st, seat, plan))
        return out
    return None


def candidates(st: State, seat: int, ids: list[str], margin: float, top: int) -> list[str]:
    """The choices worth a search: the heuristic's options within ``margin`` of its best, at
    most ``top``, best first; only the best when it wins this turn. One choice (or none)
    means: take the heuristic's choice."""
    scores = option_scores(st, seat, ids)
    if not scores:
        return []
    ranked = sorted(scores, key=lambda c: (-scores[c], c))
    best = scores[ranked[0]]
    if best >= WIN / 2:  # a win at the end of this turn (MAU-9.5): nothing to search
        return ranked[:1]
    return [c for c in ranked[:top] if scores[c] >= best - margin]
