"""Trade planning for the Res Publica bot: which statement to make, how to answer, which answer
to accept, and the composer steps that spell a planned spec (README "Choice ids").

Plans read only what the seat knows (its hand, public zones and sizes, its ``known`` cards of
other hands, the public trade), so the bot, asked afresh at every composer prompt with a
different determinized world, re-derives the same plan and keeps spelling it.
"""

from __future__ import annotations

from math import comb

from engine.rules import State

from . import trade as tr
from .bot_value import Valuer, cheapest
from .cards import K_ANY, KIND_CODES, NT, SET_SIZE
from .compose import COUNT_MAX
from .state import hand_size

RESPOND_ODDS = 0.5
"""Assumed chance that a seat able to answer does answer (a guess; random seats answer half
the time)."""
HELP_PER_CARD = 0.1
"""Worth we lose per card handed to a rival (it helps their pairs and sets)."""
HINT_SHARE = 0.3
"""Share of a set's worth assumed handed over when a rival's request hints at a set."""
FAIR_MARGIN = 1.0
"""Gain a counter-request aims at: asking for more is likelier to be rejected."""


def _holds_at_least(st: State, seat: int, h: int, t: int, m: int, v: Valuer) -> float:
    """Chance that seat ``h`` holds ``m`` or more cards of type ``t`` (binomial guess over its
    cards ``seat`` does not know, drawn from the unseen pool)."""
    known = st["known"][seat][h]
    if known[t] >= m:
        return 1.0
    n = hand_size(st, h) - sum(known)
    total = sum(v.pool)
    if n <= 0 or not total:
        return 0.0
    p = v.pool[t] / total
    need = m - known[t]
    miss = sum(comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(min(need, n + 1)))
    return max(0.0, 1.0 - miss)


def statement_options(st: State, seat: int, v: Valuer) -> list[tuple[float, str, tr.Spec]]:
    """Scored statements for the active seat (RP-4.2): ``(score, "request"|"offer", spec)``.

    Requests for the cards that complete (or advance) a set are scored by the chance that a
    rival holds them and answers (RP-4.6) times the gain less half a typical counter-request
    (a bad answer is simply rejected, RP-4.8). The offer of the one card we miss least is
    scored by the chance of counter-offers (RP-4.5) times a typical counter-offer less that
    card."""
    hand = st["hands"][seat]
    rivals = [h for h in range(st["n"]) if h != seat and hand_size(st, h)]
    if not rivals or not sum(hand):
        return []
    out: list[tuple[float, str, tr.Spec]] = []
    two = cheapest(v, hand, tr.make([(min(2, sum(hand)), K_ANY)]))
    typical_cost = two[0] if two else 0.0
    for t in range(NT):
        c = hand[t] % 5
        if c < 2 or v.room[t] == 0:
            continue
        for m in sorted({5 - c, 1}):
            if v.outside[t] < m:
                continue
            miss = 1.0
            for h in rivals:
                miss *= 1.0 - RESPOND_ODDS * _holds_at_least(st, seat, h, t, m, v)
            score = (1.0 - miss) * (v.gain(hand, t, m) - 0.5 * typical_cost)
            out.append((score, "request", tr.make([(m, t)])))
    one = cheapest(v, hand, tr.make([(1, K_ANY)]))
    if one is not None:
        loss, sel = one
        biggest = max(hand_size(st, h) for h in rivals)
        odds = 1.0 - (1.0 - RESPOND_ODDS) ** len(rivals)
        score = odds * (min(2.0, biggest / 4) * v.generic_gain(hand, K_ANY) - loss)
        out.append((score, "offer", tr.make([(1, sel.index(1))])))
    return out


def plan_statement(st: State, seat: int, v: Valuer) -> tuple[str, tr.Spec] | None:
    """The active seat's statement: the best of :func:`statement_options` (the first of equal
    scores), or None (no trade) when none is worth the trade step."""
    best = None
    for score, mode, spec in statement_options(st, seat, v):
        if best is None or score > best[0] + 1e-9:
            best = (score, mode, spec)
    if best is None or best[0] <= 0.05:
        return None
    return best[1], best[2]


def rival_gain(st: State, seat: int, rival: int, v: Valuer, sel: list[int]) -> float:
    """What handing ``sel`` to ``rival`` is worth to it, as far as ``seat`` can tell: a little
    per card, and a whole set's worth where the cards finish a set ``seat`` knows of (its
    ``known`` cards of that hand, RP-4.11) or one the rival's own request for that type
    suggests (asking for 1-2 cards of a type hints at 3-4 in hand, RP-4.2)."""
    known = st["known"][seat][rival]
    trd = st["trade"]
    hinted = [0] * NT
    if trd and trd["mode"] == "request" and st["active"] == rival:
        for alt in tr.parse_short(trd["spec"]).alternatives():
            for count, kind in alt:
                if kind < NT and count <= 2:
                    hinted[kind] = SET_SIZE - count
    out = HELP_PER_CARD * sum(sel)
    for t in range(NT):
        if not sel[t] or v.room[t] == 0:
            continue
        if known[t] % SET_SIZE + sel[t] >= SET_SIZE:
            out += v.set_value[t]
        elif hinted[t] and hinted[t] + sel[t] >= SET_SIZE:
            out += HINT_SHARE * v.set_value[t]
    return out


def trade_net(
    st: State, seat: int, rival: int, v: Valuer, give: tr.Spec, get: tr.Spec
) -> tuple[float, list[int]] | None:
    """Worth to ``seat`` of giving ``rival`` the cheapest cards for ``give`` and receiving
    ``get`` (valued on the hand after giving, so swapping like for like is worth nothing),
    less :func:`rival_gain`; with the cards given. None if the hand cannot pay ``give``."""
    hand = st["hands"][seat]
    pay = cheapest(v, hand, give)
    if pay is None:
        return None
    loss, sel = pay
    after = [h - g for h, g in zip(hand, sel, strict=True)]
    return v.receive_value(after, get) - loss - rival_gain(st, seat, rival, v, sel), sel


def plan_response(st: State, seat: int, v: Valuer) -> tr.Spec | None:
    """Our answer to the running statement (RP-4.5/4.6), or None to pass.

    Request: if we can give what is asked, ask for the fewest "any cards" of the active seat
    (always payable by it, RP-4.9) that make the trade worth ``FAIR_MARGIN`` to us, at most
    its whole hand. Offer: if the offered cards are worth more than the card we miss least,
    counter-offer that one card."""
    trd = st["trade"]
    hand = st["hands"][seat]
    stmt = tr.parse_short(trd["spec"])
    if trd["mode"] == "request":
        n = min(tr.MAX_OTHER_COUNT, hand_size(st, st["active"]))
        got = trade_net(st, seat, st["active"], v, stmt, tr.make([(1, K_ANY)]))
        if got is None or n < 1:
            return None
        per_card = v.generic_gain([h - g for h, g in zip(hand, got[1], strict=True)], K_ANY)
        cost = per_card - got[0]  # what giving costs us; k any cards bring k * per_card
        for k in range(1, n + 1):
            net = k * per_card - cost
            if net >= FAIR_MARGIN or (k == n and net > 0.2):
                return tr.make([(k, K_ANY)])
        return None
    got = trade_net(st, seat, st["active"], v, tr.make([(1, K_ANY)]), stmt)
    if got is None or got[0] <= 0.2:
        return None
    return tr.make([(1, got[1].index(1))])


def judge(st: State, seat: int, v: Valuer, responders: list[int]) -> int | None:
    """The answer to accept (RP-4.8/4.9) among ``responders`` (all payable), or None to reject
    all: the best :func:`trade_net`, if positive."""
    trd = st["trade"]
    stmt = tr.parse_short(trd["spec"])
    answers = dict(trd["responses"])
    best: tuple[float, int] | None = None
    for s in responders:
        resp = tr.parse_short(answers[s])
        get, give = (stmt, resp) if trd["mode"] == "request" else (resp, stmt)
        got = trade_net(st, seat, s, v, give, get)
        if got is not None and got[0] > 0.05 and (best is None or got[0] > best[0] + 1e-9):
            best = (got[0], s)
    return None if best is None else best[1]


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
