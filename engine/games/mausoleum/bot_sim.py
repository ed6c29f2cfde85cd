"""Light simulation for the Mausoleum bot: copy the public zones and resolve one play or one
purchase on the copy, without prompts or end-of-turn steps.

The bot asks the engine which targets are legal (:func:`play.targets`, MAU-3.4) and only uses
this module to see where the cards end up. Effects follow the rulings: invitation (MAU-4.1),
kill with Doozy, overflow and kidnapping (MAU-5.3, 5.4, 5.10, 7.2), H-Bomb judged before the
blast with victims in arrival order (MAU-5.9), On Holiday (MAU-6.1), Doozy (MAU-6.2),
Misplaced (MAU-6.3), Buy & Bury (MAU-8.1, 8.7).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from engine.rules import State

from .cards import effect, kind, value
from .play import targets
from .state import MORGUE_MAX, is_killable, payment_ok, payment_value

Plan = tuple[str, int, int]
"""A play step plan: ``("discard", card, 0)``, ``("play", card, target)`` where target is the
invited-to seat for an heir, the heir id for accidents and events, and 0 for the H-Bomb."""


def light_copy(st: State) -> dict[str, Any]:
    """A copy of the zones a play or purchase changes (parties, morgues, mausoleums, shop,
    discard pile, hands); the deck is shared, not copied (nothing here draws)."""
    return {
        "n": st["n"],
        "active": st["active"],
        "opts": st["opts"],
        "party": [[[h, d] for h, d in p] for p in st["party"]],
        "morgue": [list(m) for m in st["morgue"]],
        "mausoleum": [list(m) for m in st["mausoleum"]],
        "shop": list(st["shop"]),
        "discard": list(st["discard"]),
        "hands": [list(h) for h in st["hands"]],
        "deck": st["deck"],
    }


def _to_morgue(st: dict[str, Any], seat: int, heir: int) -> None:
    if len(st["morgue"][seat]) >= MORGUE_MAX:  # MAU-5.4 overflow
        st["discard"].append(heir)
    else:
        st["morgue"][seat].append(heir)


def _kill(st: dict[str, Any], actor: int, card: int, heir: int) -> None:
    for owner, party in enumerate(st["party"]):
        for i, (h, d) in enumerate(party):
            if h != heir:
                continue
            if d:  # MAU-7.2: the Doozy absorbs the kill
                party[i][1] = 0
                st["discard"].append(d)
                return
            del party[i]
            _to_morgue(st, actor if effect(card) == "kidnap" else owner, heir)
            return


def _hbomb(st: dict[str, Any]) -> None:
    n = st["n"]
    hits = []
    for k in range(n):  # MAU-5.9: judged on the position before the blast
        s = (st["active"] + k) % n
        party = st["party"][s]
        hits.append((s, [h for h, _ in party if is_killable(party, h)]))
    for s, hit in hits:
        for h in hit:
            party = st["party"][s]
            i = next(j for j, (x, _) in enumerate(party) if x == h)
            if party[i][1]:
                st["discard"].append(party[i][1])
                party[i][1] = 0
            else:
                del party[i]
                _to_morgue(st, s, h)


def apply_plan(st: dict[str, Any], seat: int, plan: Plan) -> None:
    """Resolve ``plan`` for ``seat`` on the light copy ``st`` (the card leaves the hand)."""
    verb, card, arg = plan
    st["hands"][seat].remove(card)
    if verb == "discard":
        st["discard"].append(card)
        return
    k, eff = kind(card), effect(card)
    if k == "heir":
        st["party"][arg].append([card, 0])
        return
    if eff != "doozy":
        st["discard"].append(card)  # MAU-3.9: the played card first
    if eff == "kill_all":
        _hbomb(st)
    elif k == "accident":
        _kill(st, seat, card, arg)
    elif eff == "holiday":
        for party in st["party"]:
            for i, (h, d) in enumerate(party):
                if h == arg:
                    if d:
                        st["discard"].append(d)
                    del party[i]
                    st["discard"].append(h)
                    break
    elif eff == "doozy":
        for party in st["party"]:
            for pair in party:
                if pair[0] == arg:
                    pair[1] = card
    elif eff == "misplaced":
        for morgue in st["morgue"]:
            if arg in morgue:
                morgue.remove(arg)
                st["discard"].append(arg)


def plans_for(st: State, card: int) -> list[Plan]:
    """Every play of hand card ``card`` with its legal targets (engine :func:`targets`), plus
    discarding it (MAU-3.3)."""
    out: list[Plan] = [("discard", card, 0)]
    if effect(card) == "kill_all":
        out.append(("play", card, 0))
    elif kind(card) == "heir":
        out.extend(("play", card, s) for s, _ in targets(st, card))
    elif kind(card) in ("accident", "event"):
        out.extend(("play", card, h) for _, h in targets(st, card))
    return out


def payments(morgue: list[int], price: int) -> list[list[int]]:
    """Every legal payment (MAU-8.1, 8.4) for ``price`` from ``morgue`` (at most 4 heirs)."""
    out = []
    for k in range(1, len(morgue) + 1):
        for combo in combinations(morgue, k):
            if payment_ok(list(combo), price):
                out.append(list(combo))
    return out


def apply_buy(st: dict[str, Any], seat: int, grave: int, paid: list[int]) -> None:
    """MAU-8.7: discard ``paid`` in order, move ``grave`` to ``seat``'s mausoleum."""
    for h in paid:
        st["morgue"][seat].remove(h)
        st["discard"].append(h)
    st["shop"].remove(grave)
    st["mausoleum"][seat].append(grave)


def pay_order(paid: list[int]) -> list[int]:
    """Discard order for a payment: the most valuable heir first, so the cheapest one ends on
    top of the discard pile where the next player may take it (MAU-3.9, 8.7)."""
    return sorted(paid, key=lambda h: (-value(h), h))


def best_value(heirs: list[int]) -> int:
    """Payment value of ``heirs`` (MAU-8.2, 8.3)."""
    return payment_value(heirs)
