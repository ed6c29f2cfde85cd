"""Position evaluation for the Mausoleum bot (a hand-tuned heuristic, in $m-like units).

A seat's *progress* adds what brings it toward the win threshold (MAU-9.4): its counted
mausoleum value (MAU-9.2) at full weight, its morgue's buying power (MAU-8.2-8.4) at
``W_MORGUE`` (an heir there still needs a Buy & Bury turn and may be Misplaced), the heirs at
its party at ``W_PARTY``/``W_SHIELDED`` (they still need a kill, MAU-5.5-5.7), and a bonus when
one purchase from its morgue now would win (MAU-9.5). The bot's score is its own progress
minus a share of the best and the average opponent's. The end of the bot's turn is checked
first: a threshold win (MAU-9.5, 9.6) or an empty shop (MAU-10.4, 10.5) is decisive.
"""

from __future__ import annotations

from typing import Any

from .cards import CARDS, effect, kind, value
from .state import GARDENER_PENALTY, MORGUE_MAX, PARTY_MAX, is_killable, payment_value

W_MORGUE = 0.7
"""Weight of the morgue's buying power (heirs that can pay for graves, MAU-8.1)."""
W_PARTY = 0.35
"""Weight of a killable heir at a party (a kill moves it to the morgue, MAU-5.2)."""
W_SHIELDED = 0.2
"""Weight of an heir that cannot be killed now (Clever or Meddling protection, MAU-5.6, 5.7)."""
NEAR_WIN = 6.0
"""Bonus when one purchase from the morgue now reaches the threshold (MAU-9.5)."""
W_BEST_OPP = 0.5
"""Share of the leading opponent's progress taken off the bot's score."""
W_MEAN_OPP = 0.2
"""Share of the average opponent's progress taken off the bot's score."""
W_GIFT = 0.3
"""Share of the discard top's worth (:func:`gift`) taken off: the next player may take it."""
WIN = 1000.0
"""Score of a won (or lost, negated) game."""


def raw_counted(st: dict[str, Any], seat: int) -> int:
    """MAU-9.1/9.2 counted value without the floor at 0 (so a gardener always hurts)."""
    printed = sum(value(g) for g in st["mausoleum"][seat])
    if st["opts"].get("gardener_penalty", "on") == "off":
        return printed
    gard = sum(1 for h, _ in st["party"][seat] if effect(h) == "gardener")
    return printed - GARDENER_PENALTY * gard


def max_payment(morgue: list[int]) -> int:
    """The largest single payment from ``morgue`` (MAU-8.2-8.4): all non-sheep heirs with the
    couple bonus, or all Black Sheep."""
    sheep = [h for h in morgue if effect(h) == "black_sheep"]
    rest = [h for h in morgue if effect(h) != "black_sheep"]
    return max(payment_value(rest), payment_value(sheep))


def morgue_money(morgue: list[int]) -> int:
    """Total buying power of ``morgue``: non-sheep heirs paid together plus every Black Sheep
    at its value (they pay among themselves, MAU-8.4)."""
    sheep = [h for h in morgue if effect(h) == "black_sheep"]
    rest = [h for h in morgue if effect(h) != "black_sheep"]
    return payment_value(rest) + payment_value(sheep)


_TOP = max(CARDS) + 1
_VAL = [0] * _TOP
_EFF = [""] * _TOP
for _c in CARDS.values():
    _VAL[_c.id], _EFF[_c.id] = _c.value, _c.effect
del _c
_COUPLE_KEYS = frozenset(("beloved_husband", "adoring_wife"))
_KEY = {cid: c.key for cid, c in CARDS.items()}


def _pay_value(heirs: list[int]) -> int:
    """``state.payment_value`` over the tables (MAU-8.2, 8.3)."""
    total = 0
    couples = 0
    keys = set()
    for h in heirs:
        total += _VAL[h]
        if _EFF[h] == "couple":
            couples += 1
            keys.add(_KEY[h])
    if couples and keys >= _COUPLE_KEYS:
        total += 2 * couples
    return total


_MEMO: dict[tuple[Any, ...], tuple[int, float]] = {}
"""``(raw counted value, progress)`` by what they depend on (see :func:`_facts`)."""


def progress(st: dict[str, Any], seat: int, threshold: int) -> float:
    """How far ``seat`` is toward the threshold (see the module doc), in $m-like units.
    (Card facts come from tables built from ``cards.CARDS``; the arithmetic is
    :func:`progress_reference`'s, step for step.)"""
    return _facts(st, seat, threshold)[1]


def _facts(st: dict[str, Any], seat: int, threshold: int) -> tuple[int, float]:
    """``(raw_counted, progress)`` of ``seat``, memoised on the seat's party heirs, morgue and
    mausoleum, the shop, the threshold and the gardener option (all they read)."""
    key = (
        threshold,
        st["opts"].get("gardener_penalty", "on"),
        tuple(st["shop"]),
        tuple(st["mausoleum"][seat]),
        tuple(st["morgue"][seat]),
        tuple([h for h, _ in st["party"][seat]]),
    )
    got = _MEMO.get(key)
    if got is None:
        if len(_MEMO) > 100_000:
            _MEMO.clear()
        got = _MEMO[key] = _compute(st, seat, threshold)
    return got


def _compute(st: dict[str, Any], seat: int, threshold: int) -> tuple[int, float]:
    party = st["party"][seat]
    printed = 0
    for g in st["mausoleum"][seat]:
        printed += _VAL[g]
    effs = [_EFF[h] for h, _ in party]
    if st["opts"].get("gardener_penalty", "on") == "off":
        raw = printed
    else:
        raw = printed - GARDENER_PENALTY * effs.count("gardener")
    need = max(0, threshold - raw)
    morgue = st["morgue"][seat]
    sheep = [h for h in morgue if _EFF[h] == "black_sheep"]
    rest = [h for h in morgue if _EFF[h] != "black_sheep"] if sheep else morgue
    pay_rest = _pay_value(rest)
    pay_sheep = _pay_value(sheep) if sheep else 0
    score = raw + W_MORGUE * min(pay_rest + pay_sheep, need + 2)
    pv = 0.0
    if party:
        meddling = "meddling" in effs
        not_clever = any(e != "protected_clever" for e in effs)
        for (h, _), e in zip(party, effs, strict=True):
            if e == "gardener":
                continue
            shielded = (e == "protected_clever" and not_clever) or (meddling and e != "meddling")
            pv += (W_SHIELDED if shielded else W_PARTY) * _VAL[h]
    if len(morgue) >= MORGUE_MAX and pv:
        pv *= 0.5  # a kill now would overflow (MAU-5.4): buy first
    score += min(pv, W_PARTY * (need + 4))
    if need and st["shop"]:
        top = max(pay_rest, pay_sheep)
        for g in st["shop"]:
            if need <= _VAL[g] <= top:
                score += NEAR_WIN
                break
    return raw, score


def progress_reference(st: dict[str, Any], seat: int, threshold: int) -> float:
    """:func:`progress` written over the rule helpers (the reference the tests compare with)."""
    raw = raw_counted(st, seat)
    need = max(0, threshold - raw)
    morgue = st["morgue"][seat]
    money = morgue_money(morgue)
    score = raw + W_MORGUE * min(money, need + 2)
    party = st["party"][seat]
    pv = 0.0
    for h, _ in party:
        if effect(h) == "gardener":
            continue
        w = W_PARTY if is_killable(party, h) else W_SHIELDED
        pv += w * value(h)
    room = MORGUE_MAX - len(morgue)
    if room == 0 and pv:
        pv *= 0.5  # a kill now would overflow (MAU-5.4): buy first
    score += min(pv, W_PARTY * (need + 4))
    if need and st["shop"]:
        top = max_payment(morgue)
        if any(need <= value(g) <= top for g in st["shop"]):
            score += NEAR_WIN
    return score


def counted(st: dict[str, Any], seat: int) -> int:
    """MAU-9.2 counted value (floor 0)."""
    return max(0, raw_counted(st, seat))


def terminal(st: dict[str, Any], me: int, threshold: int) -> float | None:
    """The end-of-turn checks of MAU-3.8 after ``me``'s turn: +WIN / -WIN for a decided game
    (a shared win at the shop's end counts half), None while it goes on."""
    n = st["n"]
    for k in range(n):  # MAU-9.5, 9.6: the active player first, then clockwise
        s = (me + k) % n
        if counted(st, s) >= threshold:
            return WIN if s == me else -WIN
    if not st["shop"]:  # MAU-10.4, 10.5
        key = [(counted(st, s), sum(value(h) for h in st["morgue"][s])) for s in range(n)]
        best = max(key)
        tops = [s for s in range(n) if key[s] == best]
        if me not in tops:
            return -WIN
        return WIN if len(tops) == 1 else WIN / 2
    return None


def evaluate(st: dict[str, Any], me: int) -> float:
    """The bot's score of the position after its own turn (higher is better for ``me``):
    :func:`terminal`, else ``me``'s progress less shares of the best and the average
    opponent's and of the discard top's :func:`gift`."""
    threshold = st["opts"]["win_threshold"]
    n = st["n"]
    facts = [_facts(st, s, threshold) for s in range(n)]
    for k in range(n):  # terminal(), over the facts: MAU-9.5, 9.6, then MAU-10.4, 10.5
        s = (me + k) % n
        if max(0, facts[s][0]) >= threshold:
            return WIN if s == me else -WIN
    if not st["shop"]:
        return terminal(st, me, threshold)  # type: ignore[return-value]
    mine = facts[me][1]
    opps = [facts[s][1] for s in range(n) if s != me]
    if not opps:
        return mine
    score = mine - W_BEST_OPP * max(opps) - W_MEAN_OPP * sum(opps) / len(opps)
    if st["discard"]:  # MAU-3.2: the next player may take the top card
        score -= W_GIFT * gift(st["discard"][-1])
    return score


def gift(card: int) -> float:
    """What the discard pile's top card is worth to the next player who takes it."""
    k, eff = kind(card), effect(card)
    if k == "heir":
        return 0.5 if eff == "gardener" else 0.3 * value(card)
    if eff == "kidnap":
        return 2.0
    if k == "accident":
        return 0.8
    return 0.4


def hand_value(card: int, st: dict[str, Any], me: int) -> float:
    """What keeping ``card`` in hand is worth for later turns (always less than a good use now,
    so the bot plays rather than hoards)."""
    k, eff = kind(card), effect(card)
    if k == "heir":
        if eff == "gardener":
            return 0.5  # a weapon: invited to a rival's party it costs them $2m (MAU-9.2)
        room = len(st["party"][me]) < PARTY_MAX
        return (0.1 * value(card) + 0.2) if room else 0.1
    if eff == "kidnap":
        return 1.5
    if eff == "kill_all":
        return 0.6
    if k == "accident":
        own = any(is_killable(st["party"][me], h) for h, _ in st["party"][me])
        return 0.9 if own else 0.6
    return 0.4


CHANCE_SCALE = 1.5
"""Progress lead (in $m-like units) worth one logit in :func:`win_chances`."""


def win_chances(st: dict[str, Any]) -> list[float]:
    """Every seat's chance to win from here, for a search's rollout cut off at the start of a
    turn: a softmax over each seat's :func:`progress` plus what its hand is worth keeping
    (:func:`hand_value`), ``CHANCE_SCALE`` a logit. A seat that already counts the threshold
    (MAU-9.5) has won. Reads only the world it is given."""
    import math

    threshold = st["opts"]["win_threshold"]
    n = st["n"]
    scores = []
    for s in range(n):
        raw, prog = _facts(st, s, threshold)
        if max(0, raw) >= threshold:
            return [1.0 if x == s else 0.0 for x in range(n)]
        scores.append(prog + sum(hand_value(c, st, s) for c in st["hands"][s]))
    top = max(scores)
    ex = [math.exp(max(-40.0, (x - top) / CHANCE_SCALE)) for x in scores]
    total = sum(ex)
    return [e / total for e in ex]


OWN_SCALE = 2.0
"""Score lead (:func:`evaluate` units) worth one logit in :func:`own_chances`."""


def own_chances(st: dict[str, Any]) -> list[float]:
    """Every seat's chance to win as its own heuristic sees the position after its turn: a
    logistic of :func:`evaluate` plus what its hand is worth keeping (the bot's turn score,
    ``MausoleumBot._turn_options``), ``OWN_SCALE`` a logit; a decided game (:func:`terminal`)
    is 1 or 0. Each entry reads the seat's own score, so the list need not sum to 1 (a search
    reads only its own seat's entry)."""
    import math

    out = []
    for s in range(st["n"]):
        v = evaluate(st, s)
        if v >= WIN / 2 or v <= -WIN / 2:
            out.append(1.0 if v > 0 else 0.0)
            continue
        v += sum(hand_value(c, st, s) for c in st["hands"][s])
        out.append(1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, v / OWN_SCALE)))))
    return out
