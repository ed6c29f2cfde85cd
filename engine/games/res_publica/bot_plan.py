"""Trade planning for the Res Publica bot: which statement to make (RP-4.2), which answer to
accept (RP-4.8), and the composer steps that spell a planned spec (README "Choice ids"). How
it answers rivals' statements is ``bot_answer``; what an exchange is worth, ``bot_market``.

Plans read only what the seat knows (its hand, public zones and sizes, its ``known`` cards of
other hands, the public trade), so the bot, asked afresh at every composer prompt with a
different determinized world, re-derives the same plan and keeps spelling it.
"""

from __future__ import annotations

from engine.rules import State

from . import trade as tr
from .bot_market import RIVAL_CARD, pay_chance, rival_weight, trade_net
from .bot_value import Valuer, cheapest
from .cards import K_ANY, KIND_CODES, NT, SET_SIZE
from .compose import COUNT_MAX
from .state import hand_size

RESPOND_ODDS = 0.6
"""Assumed chance that a seat able to answer a statement does answer (RP-4.5)."""
REQUEST_TAKE = 0.5
"""Share of answered requests whose answer the asker can and will take (RP-4.9): answerers
often price their cards above one card (about what bot-only matches show,
``scripts/rp_trade_stats.py``)."""
OFFER_BONUS = 0.15
"""Worth added to an offer beyond the best one-card counter-offer model (:func:`best_answer`):
counter-offers come from every rival that wants the card, and what they give is proven and
then known (RP-4.11); tuned in bot-only matches (``scripts/rp_trade_stats.py --rivals``)."""
STATEMENT_MIN = 0.05
"""Least expected worth of a statement; below it the bot does not trade (RP-3.2)."""


def _answer_cost(st: State, seat: int, v: Valuer, k: int) -> float:
    """What a fair answer to a statement for ``k`` cards is expected to cost ``seat``: its
    cheapest ``k`` cards (a fair answerer asks about as many cards as it gives) and their worth
    to the partner (``bot_market.rival_gain`` of an ordinary card)."""
    hand = st["hands"][seat]
    k = min(k, sum(hand))
    pay = cheapest(v, hand, tr.make([(k, K_ANY)])) if k else None
    loss = pay[0] if pay else 0.0
    w = max(rival_weight(st, seat, h) for h in range(st["n"]) if h != seat)
    return loss + w * RIVAL_CARD * k


def _answer_odds(st: State, seat: int, v: Valuer, spec: tr.Spec, rivals: list[int]) -> float:
    """Chance that some rival can pay ``spec`` (RP-4.6) and answers."""
    miss = 1.0
    for h in rivals:
        miss *= 1.0 - RESPOND_ODDS * pay_chance(st, seat, h, spec, v)
    return 1.0 - miss


def statement_options(st: State, seat: int, v: Valuer) -> list[tuple[float, str, tr.Spec]]:
    """Scored statements for the active seat (RP-4.2): ``(score, "request"|"offer", spec)``.

    Requests name what the seat needs: for each type it holds, the cards that finish a set
    when one or two are missing, or one more card (a pair, a step towards the set), and the
    two most wanted types joined by
    OR (more rivals can answer, RP-4.6; the giver picks, RP-5.7: worth the mean of the two).
    Each is scored by the chance that a rival can pay and answers, times ``REQUEST_TAKE``,
    times its worth less the cost of a fair answer (:func:`_answer_cost`). The offer of the one card the seat misses
    least is scored by the best of the one-card counter-offers expected (:func:`best_answer`)
    plus ``OFFER_BONUS``."""
    hand = st["hands"][seat]
    rivals = [h for h in range(st["n"]) if h != seat and hand_size(st, h)]
    if not rivals or not sum(hand):
        return []
    out: list[tuple[float, str, tr.Spec]] = []
    singles = []
    for t in range(NT):
        c = hand[t] % SET_SIZE
        if c < 1 or v.room[t] == 0:
            continue
        for m in sorted({SET_SIZE - c, 1}):
            if v.pool[t] < m or m > 2:
                continue
            spec = tr.make([(m, t)])
            worth = v.gain(hand, t, m) - _answer_cost(st, seat, v, m)
            out.append(
                (_answer_odds(st, seat, v, spec, rivals) * worth * REQUEST_TAKE, "request", spec)
            )
            if m == 1:
                singles.append((v.gain(hand, t, 1), t))
    singles.sort(key=lambda x: (-x[0], x[1]))
    if len(singles) >= 2:
        (ga, a), (gb, b) = singles[:2]
        spec = tr.make([(1, a), (1, b)], "OR")
        worth = (ga + gb) / 2 - _answer_cost(st, seat, v, 1)
        out.append(
            (_answer_odds(st, seat, v, spec, rivals) * worth * REQUEST_TAKE, "request", spec)
        )
    one = cheapest(v, hand, tr.make([(1, K_ANY)]))
    if one is not None:
        loss, sel = one
        after = [h - g for h, g in zip(hand, sel, strict=True)]
        w = max(rival_weight(st, seat, h) for h in rivals)
        worth = best_answer(v, after, loss + w * RIVAL_CARD, len(rivals))
        out.append((worth + OFFER_BONUS, "offer", tr.make([(1, sel.index(1))])))
    return out


def best_answer(v: Valuer, hand: list[int], cost: float, rivals: int) -> float:
    """Expected worth of the best of up to ``rivals`` one-card counter-offers (RP-4.5, RP-4.8)
    to an offer costing ``cost``: each rival answers with chance ``RESPOND_ODDS`` with a card
    drawn from the unseen pool (``v.pool``); an answer worth less than ``cost`` is rejected."""
    total = sum(v.pool)
    if not total:
        return 0.0
    nets = sorted((max(0.0, v.gain(hand, t, 1) - cost), v.pool[t] / total) for t in range(NT))
    out = 0.0
    below = 0.0  # chance that one rival's answer is worth less than the current net
    prev = 1.0 - RESPOND_ODDS  # P(max <= previous level) for one rival: no answer
    for net, p in nets:
        below += p
        level = 1.0 - RESPOND_ODDS + RESPOND_ODDS * below
        out += net * (level**rivals - prev**rivals)
        prev = level
    return out


def plan_statement(st: State, seat: int, v: Valuer) -> tuple[str, tr.Spec] | None:
    """The active seat's statement: the best of :func:`statement_options` (the first of equal
    scores), or None (no trade) when none is worth ``STATEMENT_MIN``."""
    best = None
    for score, mode, spec in statement_options(st, seat, v):
        if best is None or score > best[0] + 1e-9:
            best = (score, mode, spec)
    if best is None or best[0] <= STATEMENT_MIN:
        return None
    return best[1], best[2]


def judge(st: State, seat: int, v: Valuer, responders: list[int]) -> int | None:
    """The answer to accept (RP-4.8/4.9) among ``responders`` (all payable), or None to reject
    all: the best :func:`bot_market.trade_net`, if it improves the seat's position."""
    trd = st["trade"]
    stmt = tr.parse_short(trd["spec"])
    answers = dict(trd["responses"])
    best: tuple[float, int] | None = None
    for s in responders:
        resp = tr.parse_short(answers[s])
        get, give = (stmt, resp) if trd["mode"] == "request" else (resp, stmt)
        got = trade_net(st, seat, s, v, give, get)
        if got is not None and got[0] > ACCEPT_MIN and (best is None or got[0] > best[0] + 1e-9):
            best = (got[0], s)
    return None if best is None else best[1]


ACCEPT_MIN = 0.0
"""Net worth an answer must beat to be accepted: any improvement of the position."""


# ----------------------------------------------------------------------------- spelling
def spell(first: str, spec: tr.Spec) -> list[str]:
    """Composer tokens for ``spec`` after the draft's first token ``first``, ending in
    ``send`` (``more`` pages for counts above 12, README "Composer rules")."""
    out = [first]
    for i, (count, kind) in enumerate(spec.terms):
        if i:
            out.append(spec.op.lower())
        out += ["more"] * ((count - 1) // COUNT_MAX)
        out += [f"n:{count}", f"k:{KIND_CODES[kind]}"]
    out.append("send")
    return out


def next_step(draft: list[str], plan: list[str], offered: set[str]) -> str | None:
    """The next composer choice that spells ``plan`` from ``draft``: the next token when the
    draft is a prefix of the plan, else ``back``; None when neither is offered."""
    on_plan = draft == plan[: len(draft)] and len(draft) < len(plan)
    step = plan[len(draft)] if on_plan else "back"
    return step if step in offered else None
