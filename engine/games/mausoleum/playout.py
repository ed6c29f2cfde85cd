"""Mausoleum's fast playout step for the search (engine/ai/playouts.py; issue 18).

The same decisions and effects as :meth:`MausoleumRules.prompt` and
:meth:`MausoleumRules.apply`, minus what a search never reads: no :class:`Prompt` and no
:class:`Choice` (no labels: :func:`ids` lists the choice ids straight from the position, with
card kinds, effects and values read from tables built once from ``cards.CARDS``), no second
build of the decision to check a choice taken from :func:`ids`, and no seat names stamped on
the events (they are dropped). The legality tests are the rules' own (MAU-3.2, 3.4, 3.7, 4.2,
4.3, 5.5-5.7, 8.1-8.4), restated over those tables:

* Buy & Bury (MAU-8.1): a grave is buyable when its value is at most the best legal payment of
  the morgue. Adding an heir never lowers a payment's value (values are >= 0, the couple
  bonus only grows), so the best payment is either every non-Black-Sheep heir or every Black
  Sheep (MAU-8.4: a payment with a Black Sheep holds only Black Sheep).
* a pick ``h`` can complete a payment (``state.can_complete``) when the picks plus ``h`` plus
  every other heir of the same sheep class reach the price and the class is not mixed.

tests/ai/test_playouts.py checks both agree with the rules contract move by move.
"""

from __future__ import annotations

from engine.rng import RandomSource
from engine.rules import State

from .cards import ACCIDENT, CARDS, HEIR
from .rules import MausoleumRules
from .state import CLEVER, DOWAGER, MEDDLING, PARTY_MAX, SHEEP, payment_value

_RULES = MausoleumRules()

_TOP = max(CARDS) + 1
KIND: list[str] = [""] * _TOP
"""Card kind by card id (``cards.CARDS[id].kind``)."""
EFFECT: list[str] = [""] * _TOP
"""Effect type by card id (``cards.CARDS[id].effect``)."""
VALUE: list[int] = [0] * _TOP
"""Printed value by card id (``cards.CARDS[id].value``)."""
for _cid, _c in CARDS.items():
    KIND[_cid], EFFECT[_cid], VALUE[_cid] = _c.kind, _c.effect, _c.value
del _cid, _c


def _killable_in(party: list[list[int]]) -> list[int]:
    """``state.is_killable`` for every heir of ``party`` (MAU-5.5-5.7), in arrival order."""
    effs = [EFFECT[h] for h, _ in party]
    meddling = MEDDLING in effs
    not_clever = any(e != CLEVER for e in effs)
    out = []
    for (h, _), e in zip(party, effs, strict=True):
        if e == CLEVER and not_clever:
            continue
        if meddling and e != MEDDLING:
            continue
        out.append(h)
    return out


def _can_invite(party: list[list[int]], heir: int) -> bool:
    """``state.can_invite`` (MAU-4.2, 4.3, A27) on one party."""
    if len(party) >= PARTY_MAX:
        return False
    if EFFECT[heir] == DOWAGER:
        return True
    return all(EFFECT[h] != DOWAGER for h, _ in party)


def _play(st: State, seat: int) -> list[str]:
    """``play:<card>`` for every hand card with a legal play (``play.playable``: MAU-3.4, A21),
    then ``discard:<card>`` for every hand card; the table is read once for the whole hand."""
    hand = st["hands"][seat]
    parties = st["party"]
    kill = room = locked_room = shield = None  # the table's facts, found when first needed
    out = []
    for c in hand:
        k, e = KIND[c], EFFECT[c]
        if e == "kill_all":
            ok = True
        elif k == HEIR:
            if e == DOWAGER:
                if room is None:
                    room = any(len(p) < PARTY_MAX for p in parties)
                ok = room
            else:
                if locked_room is None:
                    locked_room = any(_can_invite(p, c) for p in parties)
                ok = locked_room
        elif k == ACCIDENT:
            if kill is None:
                kill = any(_killable_in(p) for p in parties)
            ok = kill
        elif e == "holiday":
            ok = any(parties)
        elif e == "doozy":
            if shield is None:
                shield = any(not d for p in parties for _, d in p)
            ok = shield
        elif e == "misplaced":
            ok = any(st["morgue"])
        else:
            ok = False
        if ok:
            out.append(f"play:{c}")
    out += [f"discard:{c}" for c in hand]
    return out


def _best_payment(morgue: list[int]) -> int:
    """The value of the best legal payment from ``morgue`` (MAU-8.1-8.4), -1 when empty."""
    plain = [h for h in morgue if EFFECT[h] != SHEEP]
    sheep = [h for h in morgue if EFFECT[h] == SHEEP]
    best = -1
    if plain:
        best = payment_value(plain)
    if sheep:
        best = max(best, sum(VALUE[h] for h in sheep))
    return best


def _turn(st: State, seat: int) -> list[str]:
    out = []
    deck, discard = st["deck"], st["discard"]
    if deck:
        out.append("draw:deck")
    if discard:
        out.append("draw:discard")
    if not deck and not discard and st["hands"][seat]:
        out.append("draw:none")
    shop = st["shop"]
    if shop and st["morgue"][seat]:
        best = _best_payment(st["morgue"][seat])
        out += [f"buy:{g}" for g in shop if VALUE[g] <= best]
    return out or ["pass"]


def _target(st: State, seat: int) -> list[str]:
    c = st["sel"]
    k, e = KIND[c], EFFECT[c]
    n = st["n"]
    parties = st["party"]
    if k == HEIR:
        out = [f"invite:{s}" for s in range(n) if _can_invite(parties[s], c)]
    elif k == ACCIDENT:
        verb = "kidnap" if e == "kidnap" else "kill"
        out = [] if e == "kill_all" else [f"{verb}:{h}" for p in parties for h in _killable_in(p)]
    elif e == "holiday":
        out = [f"holiday:{h}" for p in parties for h, _ in p]
    elif e == "doozy":
        out = [f"doozy:{h}" for p in parties for h, d in p if not d]
    elif e == "misplaced":
        out = [f"misplaced:{h}" for m in st["morgue"] for h in m]
    else:
        out = []
    out.append("back")
    return out


def _pay(st: State, seat: int) -> list[str]:
    price = VALUE[st["sel"]]
    picks = st["picks"]
    morgue = st["morgue"][seat]
    out = []
    if picks:
        kinds = {EFFECT[h] == SHEEP for h in picks}
        if len(kinds) == 1 and payment_value(picks) >= price:
            out.append("bury")
    for h in morgue:
        if h in picks:
            continue
        sheep = EFFECT[h] == SHEEP
        chosen = [*picks, h]
        if any((EFFECT[x] == SHEEP) != sheep for x in picks):
            continue  # MAU-8.4: a mixed payment never becomes legal
        full = chosen + [x for x in morgue if x not in chosen and (EFFECT[x] == SHEEP) == sheep]
        if payment_value(full) >= price:
            out.append(f"pay:{h}")
    out.append("back")
    return out


def _order(st: State, seat: int) -> list[str]:
    picks = st["picks"]
    out = [f"order:{h}" for h in st["bomb"]["victims"] if h not in picks]
    if picks:
        out.append("back")
    return out


def ids(st: State, seat: int) -> list[str]:
    """The choice ids of ``prompt(st, seat)``, in its order ([] when ``seat`` has none)."""
    phase = st["phase"]
    if phase == "over":
        return []
    if phase == "choose_start":
        return [f"start:{s}" for s in range(st["n"])] if seat == 0 else []
    if phase == "order":
        return _order(st, seat) if st["bomb"]["seat"] == seat else []
    if seat != st["active"]:
        return []
    if phase == "turn":
        return _turn(st, seat)
    if phase == "play":
        return _play(st, seat)
    if phase == "target":
        return _target(st, seat)
    if phase == "pay":
        return _pay(st, seat)
    return []  # pragma: no cover - every phase with a decision is listed above


def apply(st: State, seat: int, choice: str, rng: RandomSource) -> None:
    """``apply(st, seat, choice, rng)`` for a ``choice`` in :func:`ids` (not checked)."""
    verb, _, arg = choice.partition(":")
    phase = st["phase"]
    r = _RULES
    if phase == "choose_start":
        st["start"] = st["active"] = int(arg)
        st["phase"] = "turn"
    elif phase == "turn":
        r._turn(st, seat, verb, arg, rng)
    elif phase == "play":
        r._play(st, seat, verb, int(arg), rng)
    elif phase == "target":
        r._target(st, seat, verb, arg, rng)
    elif phase == "pay":
        r._pay(st, seat, verb, arg, rng)
    elif phase == "order":
        r._order(st, seat, verb, arg, rng)
    else:  # pragma: no cover - every phase with a decision is listed above
        raise ValueError(f"no decision in phase {phase}")
