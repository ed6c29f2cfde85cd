"""Mausoleum state layout and small rule helpers (README "State").

The state is plain data. Parties are lists of ``[heir, doozy]`` pairs (doozy = the attached
Doozy's card id, or 0), morgues and mausoleums lists of card ids, all in arrival order (MAU-4.6).
Deck and discard pile keep their top card last.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from engine.rules import State

from .cards import CARDS, effect, value
from .state_types import MausoleumState

PARTY_MAX = 4
"""MAU-4.2: a party holds at most 4 heirs."""
MORGUE_MAX = 4
"""MAU-5.4: a morgue holds at most 4 heirs."""
GARDENER_PENALTY = 2
"""MAU-9.2: each gardener at your own party lowers your counted value by 2."""

CLEVER = "protected_clever"
MEDDLING = "meddling"
DOWAGER = "dowager"
GARDENER = "gardener"
SHEEP = "black_sheep"
COUPLE = "couple"


def new_state(opts: dict[str, Any], n: int, cell: list[int]) -> MausoleumState:
    """An empty table for ``n`` seats with options ``opts`` and RNG cell ``cell``."""
    return {
        "rng": cell,
        "opts": dict(opts),
        "n": n,
        "start": 0,
        "active": 0,
        "turns": 0,
        "phase": "turn",
        "deck": [],
        "discard": [],
        "shop": [],
        "hands": [[] for _ in range(n)],
        "known": [[] for _ in range(n)],
        "party": [[] for _ in range(n)],
        "morgue": [[] for _ in range(n)],
        "mausoleum": [[] for _ in range(n)],
        "drew": "",
        "drawn": 0,
        "sel": 0,
        "picks": [],
        "bomb": None,
        "winners": [],
        "end": "",
    }


def next_seat(st: State, seat: int) -> int:
    """The next seat clockwise (MAU-13: seat + 1, wrapping to 0)."""
    return (seat + 1) % st["n"]


def seats_from(st: State, seat: int) -> list[int]:
    """Every seat in clockwise order starting with ``seat``."""
    return [(seat + k) % st["n"] for k in range(st["n"])]


# --- parties -------------------------------------------------------------------------------


def heirs_of(party: list[list[int]]) -> list[int]:
    """The heir ids of a party, in arrival order."""
    return [h for h, _ in party]


def is_killable(party: list[list[int]], heir: int) -> bool:
    """MAU-5.5-5.7: ``heir`` (in ``party``) is killable unless Clever-protected (some heir in the
    party is not Clever) or Meddling-shielded (a Meddling Cousin is present and ``heir`` is not
    one). A Doozy does not matter here (MAU-7.4)."""
    kinds = [effect(h) for h in heirs_of(party)]
    eff = effect(heir)
    if eff == CLEVER and any(k != CLEVER for k in kinds):
        return False
    return not (eff != MEDDLING and MEDDLING in kinds)


def killable(st: State) -> list[tuple[int, int]]:
    """Every killable heir on the table as ``(owner, heir)``, in seat then arrival order."""
    out = []
    for s in range(st["n"]):
        party = st["party"][s]
        out.extend((s, h) for h, _ in party if is_killable(party, h))
    return out


def locked(party: list[list[int]]) -> bool:
    """MAU-4.3: a Grumpy Dowager sits in this party."""
    return any(effect(h) == DOWAGER for h, _ in party)


def can_invite(st: State, heir: int, seat: int) -> bool:
    """MAU-4.2/4.3: ``heir`` may be invited to ``seat``'s party (room, and no Dowager lock unless
    ``heir`` is a Dowager herself, MAU-A27)."""
    party = st["party"][seat]
    if len(party) >= PARTY_MAX:
        return False
    return not locked(party) or effect(heir) == DOWAGER


def find_heir(st: State, heir: int) -> tuple[str, int, int] | None:
    """Where an heir lies on the table: ``("party"|"morgue", owner, index)`` or None."""
    for s in range(st["n"]):
        for i, (h, _) in enumerate(st["party"][s]):
            if h == heir:
                return ("party", s, i)
        if heir in st["morgue"][s]:
            return ("morgue", s, st["morgue"][s].index(heir))
    return None


# --- payments ------------------------------------------------------------------------------


def payment_value(heirs: list[int]) -> int:
    """MAU-8.2/8.3: printed values summed, each Husband/Wife +2 when both kinds are present."""
    total = sum(value(h) for h in heirs)
    names = {CARDS[h].key for h in heirs}
    if {"beloved_husband", "adoring_wife"} <= names:
        total += 2 * sum(1 for h in heirs if effect(h) == COUPLE)
    return total


def sheep_ok(heirs: list[int]) -> bool:
    """MAU-8.4: a payment with a Black Sheep holds only Black Sheep."""
    sheep = [effect(h) == SHEEP for h in heirs]
    return all(sheep) or not any(sheep)


def payment_ok(heirs: list[int], price: int) -> bool:
    """MAU-8.1: a non-empty payment obeying the Black Sheep rule worth at least ``price``."""
    return bool(heirs) and sheep_ok(heirs) and payment_value(heirs) >= price


def can_complete(morgue: list[int], picks: list[int], price: int) -> bool:
    """True when some legal payment for ``price`` contains every heir of ``picks`` and only
    heirs of ``morgue`` (at most 4 + 4 heirs, so brute force)."""
    rest = [h for h in morgue if h not in picks]
    for k in range(len(rest) + 1):
        for extra in combinations(rest, k):
            if payment_ok([*picks, *extra], price):
                return True
    return False


def best_payment(morgue: list[int]) -> int:
    """The highest value of a legal payment (MAU-8.1-8.4) from the heirs of ``morgue`` (at
    most 4, so every subset is tried), or -1 when there is none (an empty morgue). A grave of
    price ``p`` can be paid for exactly when this is at least ``p`` (what
    ``can_complete(morgue, [], p)`` decides, for every price at once)."""
    best = -1
    for k in range(1, len(morgue) + 1):
        for pay in combinations(morgue, k):
            heirs = list(pay)
            if sheep_ok(heirs):
                v = payment_value(heirs)
                if v > best:
                    best = v
    return best


def buyable(st: State, seat: int) -> list[int]:
    """Shop graves ``seat`` can pay for from its own morgue now (MAU-8.1), ascending."""
    shop = st["shop"]
    if not shop:
        return []
    best = best_payment(st["morgue"][seat])
    return [g for g in shop if value(g) <= best]


# --- values --------------------------------------------------------------------------------


def printed_value(st: State, seat: int) -> int:
    """MAU-9.1: sum of the seat's grave values."""
    return sum(value(g) for g in st["mausoleum"][seat])


def gardeners(st: State, seat: int) -> int:
    """Bumbling Gardeners in the seat's own party (MAU-9.2)."""
    return sum(1 for h, _ in st["party"][seat] if effect(h) == GARDENER)


def counted_value(st: State, seat: int) -> int:
    """MAU-9.2: printed value minus 2 per gardener at the seat's own party, floor 0; with
    ``gardener_penalty`` off, the printed value."""
    printed = printed_value(st, seat)
    if st["opts"].get("gardener_penalty", "on") == "off":
        return printed
    return max(0, printed - GARDENER_PENALTY * gardeners(st, seat))


def morgue_value(st: State, seat: int) -> int:
    """MAU-10.5/A30: printed heir values in the seat's morgue (no couple bonus)."""
    return sum(value(h) for h in st["morgue"][seat])


def to_morgue(st: State, seat: int, heir: int) -> bool:
    """MAU-5.4: put ``heir`` into ``seat``'s morgue; if it already holds 4, discard the heir
    instead. Returns True when it entered the morgue."""
    if len(st["morgue"][seat]) >= MORGUE_MAX:
        st["discard"].append(heir)
        return False
    st["morgue"][seat].append(heir)
    return True


def remove_from_hand(st: State, seat: int, cid: int) -> None:
    """Take ``cid`` out of ``seat``'s hand (and its known list). Raises ValueError if absent."""
    st["hands"][seat].remove(cid)
    if cid in st["known"][seat]:
        st["known"][seat].remove(cid)
