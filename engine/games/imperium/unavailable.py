"""iMperium "why not?": the choices a player would expect now and why they are missing.

The rules contract's optional ``unavailable`` hook (engine/rules.py). Reasons use only what the
seat sees: its own hand, energy and play area, and the public board (IMP-11), so they are the
same in every world ``determinize`` gives for the seat.
"""

from __future__ import annotations

from .actions import government_ok, government_progress
from .cards import ARMY, DECK_CARDS, FLIP_COST, GOVERNMENT, GOVERNMENT_COST, NAVY, Card
from .decisions import waiting_frame
from .state import FACE_DOWN, NEW, TAPPED, card, distinct, hand_ids, play_cost, tap_cost
from .state_types import ImperiumState

Reason = tuple[str, str]


def unavailable(st: ImperiumState, seat: int) -> list[Reason]:
    """``[(label, reason)]`` for ``seat`` now: plays, taps and flips it cannot pay for, a
    Government whose condition is not met, a second sale, a tapped card, the extra draw after
    the first action (IMP-3.4, 3.7, 4.9, 5.4-5.6, 8.4, IMP-V4, IMP-V10). Empty unless ``seat``
    is the active seat at its extra-draw decision or in its Action phase with no effect
    waiting."""
    if st["winner"] != -1 or seat != st["active"] or waiting_frame(st) is not None:
        return []
    if st["phase"] == "extra":
        why = "Choose Continue first: actions come after the extra-draw decision (IMP-3.4)"
        return [("Play, tap or sell a card", why)]
    if st["phase"] != "action":
        return []
    out = _hand_plays(st, seat)
    out += _area(st, seat)
    if st["sold"]:
        out.append(("Sell a card (+1)", "You have already sold this turn: once per turn (IMP-5.6)"))
    if st["opts"]["extra_draw_timing"] == "before_actions":
        out.append(
            ("Extra draw", "Only before your first action, right after the energy roll (IMP-3.4)")
        )
    return out


def _energy(st: ImperiumState) -> str:
    return f"you have {st['energy']} energy"


def _hand_plays(st: ImperiumState, seat: int) -> list[Reason]:
    """Plays from hand that are missing: too dear (IMP-4.9) or a Government whose condition is
    not met (IMP-8.4)."""
    out: list[Reason] = []
    by_id = DECK_CARDS[st["decks"][seat]]
    for c_id in distinct(hand_ids(st, seat)):
        c = by_id[c_id]
        if c.category == GOVERNMENT:
            if not government_ok(st, seat, c):
                need = government_progress(st, seat, c)
                out.append((f"Play {c.name} (11)", f"Its condition is not met: {need} (IMP-8.4)"))
            elif st["energy"] < GOVERNMENT_COST:
                out.append((f"Play {c.name} (11)", f"Costs 11: {_energy(st)} (IMP-4.9)"))
            continue
        cost = play_cost(st, seat, c)
        if cost > st["energy"] and not (st["homeros"] > 0 and c.category in (ARMY, NAVY)):
            out.append((f"Play {c.name} ({cost})", f"Costs {cost}: {_energy(st)} (IMP-4.9)"))
    return out


def _area(st: ImperiumState, seat: int) -> list[Reason]:
    """Taps and flips of the seat's play area that are missing (IMP-3.7, 4.9, 5.4, 5.5,
    IMP-V10). A tapped card is named once per card kind."""
    out: list[Reason] = []
    seen: set[str] = set()
    sick = st["opts"]["enter_tap"] == "summoning_sickness"
    for iid, flags in st["play"][seat]:
        c: Card = card(st, iid)
        if flags & FACE_DOWN:
            if st["energy"] < FLIP_COST:
                label = f"Flip {c.name} ({FLIP_COST})"
                out.append((label, f"Costs {FLIP_COST}: {_energy(st)} (IMP-5.5)"))
            continue
        if c.tap_cost is None or c.id in seen:
            continue
        label = f"Tap {c.name}"
        if flags & TAPPED:
            seen.add(c.id)
            out.append((label, "Already tapped: nothing untaps while it stays in play (IMP-3.7)"))
        elif sick and flags & NEW:
            seen.add(c.id)
            out.append((label, "It entered play this turn (IMP-V10)"))
        else:
            cost = tap_cost(st, seat, c)
            free = st["homeros"] > 0 and c.category in (ARMY, NAVY)
            if cost > st["energy"] and not free:
                seen.add(c.id)
                out.append((f"{label} ({cost})", f"Costs {cost}: {_energy(st)} (IMP-5.4)"))
    return out
