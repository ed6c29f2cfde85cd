"""iMperium views and determinization (IMP-11: public and private information).

A seat sees its own hand and face-down Wonders, every public zone, and of the opponent's hand
only its size and the cards whose identity was revealed (``known``). Deck order is unknown to
both except the cards Port put on top (``known_top``). Opening picks stay secret until both
seats committed (IMP-2.5, IMP-A43).
"""

from __future__ import annotations

import random
from typing import Any

from engine.rng import RandomSource
from engine.rules import Outcome, Prompt, State, View, outcome_dict, prompt_dict

from .actions import government_ok, government_progress
from .cards import EXPANDED_CARDS, GOVERNMENT, WONDER
from .state import FACE_DOWN, TAPPED, points, stolen_dice


def view(
    st: State,
    seat: int | None,
    prompt: Prompt | None,
    waiting: tuple[int, ...],
    outcome: Outcome | None,
) -> View:
    """The README view of ``st`` for ``seat`` (None = spectator; omniscient once over)."""
    omni = seat is None and st["winner"] != -1
    open_hands = st["opts"]["open_hands"] == "on"
    opening = st["phase"] == "opening"
    seats = []
    for p in (0, 1):
        cards = EXPANDED_CARDS[st["decks"][p]]
        base = 100 * p
        own = omni or seat == p
        deck = st["deck"][p]
        picks = None
        if own and opening:
            chosen = st["opening"][p] if st["opening"][p] is not None else st["picks"][p]
            picks = [cards[i - base].id for i in chosen]
        seats.append(
            {
                "deck": st["decks"][p],
                "hand": [cards[i - base].id for i in st["hand"][p]] if own or open_hands else None,
                "hand_count": len(st["hand"][p]),
                "known_hand": [cards[i - base].id for i in st["known"][p]],
                "deck_count": len(deck),
                "known_top": [cards[deck[-1 - k] - base].id for k in range(st["known_top"][p])],
                "discard": [cards[i - base].id for i in st["discard"][p]],
                "army": st["army"][p],
                "navy": st["navy"][p],
                "points": str(points(st, p)),
                "play": [
                    {
                        "i": k,
                        "card": None if f & FACE_DOWN and not own else cards[iid - base].id,
                        "tapped": bool(f & TAPPED),
                        "face_down": bool(f & FACE_DOWN),
                    }
                    for k, (iid, f) in enumerate(st["play"][p])
                ],
                "opening_done": st["opening"][p] is not None,
                "picks": picks,
                "homeros_turns": st["homeros_turns"][p],
                "stolen": stolen_dice(st, p),
                "governments": _governments(st, p) if seat == p else [],
            }
        )
    pend = st["pending"]
    return {
        "game": "imperium",
        "viewer": seat,
        "turn": st["turn"],
        "active": st["active"],
        "first": st["first"],
        "phase": st["phase"],
        "pool": st["pool"],
        "dice": list(st["dice"]),
        "energy": st["energy"],
        "sold": st["sold"],
        "homeros": st["homeros"],
        "homeros_free": st["homeros_free"],
        "stolen_in": _stolen_in(st),
        "army_dom": None if st["army_dom"] < 0 else st["army_dom"],
        "navy_dom": None if st["navy_dom"] < 0 else st["navy_dom"],
        "waiting": list(waiting),
        "seats": seats,
        "prompt": prompt_dict(prompt),
        "outcome": outcome_dict(outcome),
        "pending": pend[-1][0] if pend else "",
    }


def _governments(st: State, p: int) -> list[dict[str, Any]]:
    """The Governments in ``p``'s own hand with their condition's progress (IMP-8.4)."""
    cards = EXPANDED_CARDS[st["decks"][p]]
    base = 100 * p
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for iid in st["hand"][p]:
        c = cards[iid - base]
        if c.category == GOVERNMENT and c.id not in seen:
            seen.add(c.id)
            out.append(
                {
                    "card": c.id,
                    "progress": government_progress(st, p, c),
                    "met": government_ok(st, p, c),
                }
            )
    return out


def _stolen_in(st: State) -> int | None:
    """How many of the active seat's current dice were taken from the opponent (IMP-4.4,
    IMP-V1 transfer): 0 without a roll; None once the active seat has acted, as an action may
    have changed Army Dominance or the Farms and Defenses the roll was made from (IMP-4.6)."""
    if not st["dice"]:
        return 0
    if st["acted"]:
        return None
    a = st["active"]
    if st["army_dom"] != a or st["opts"]["steal_mode"] != "transfer":
        return 0
    return min(stolen_dice(st, 1 - a), len(st["dice"]))  # The Colosseum shrinks the pool


def determinize(st: State, seat: int | None, rng: RandomSource, new: State) -> State:
    """Resample in ``new`` (a clone of ``st``) every card identity ``seat`` cannot see.

    Per seat ``p`` the hidden slots are: unknown hand cards (unless ``p`` is the viewer or
    hands are open, IMP-V7), the deck below the Port-known top cards (hidden from everyone,
    IMP-11.2), and ``p``'s face-down Wonders (unless ``p`` is the viewer). Their instances are
    shuffled among the slots, face-down slots receiving Wonders only. The opponent's secret
    opening picks are redrawn from its hand (IMP-2.5), and the RNG cell is reseeded.
    """
    nxt = getattr(rng, "next64", None)
    seed = nxt() if nxt is not None else rng.randbelow(2**63)
    # A local generator seeded from ``rng``: deterministic for a given ``rng`` and several
    # times faster than ``Rng`` for the ~70 draws of two shuffles.
    local = random.Random(seed)
    if not (seat is None and st["winner"] != -1):
        open_hands = st["opts"]["open_hands"] == "on"
        for p in (0, 1):
            _resample_seat(new, p, seat == p, open_hands, local)
    new["rng"] = [local.getrandbits(64)]
    return new


def _resample_seat(st: State, p: int, own: bool, open_hands: bool, rng: random.Random) -> None:
    cards = EXPANDED_CARDS[st["decks"][p]]
    base = 100 * p
    hand = st["hand"][p]
    deck = st["deck"][p]
    hidden_hand: list[int] = []  # positions in the hand
    if not (own or open_hands):
        known = st["known"][p]
        hidden_hand = [k for k, iid in enumerate(hand) if iid not in known]
    nd = len(deck) - st["known_top"][p]  # the deck below the Port-known top cards
    pool = [hand[k] for k in hidden_hand] + deck[:nd]
    rest = pool
    if not own:
        fd = [e for e in st["play"][p] if e[1] & FACE_DOWN]
        if fd:
            wonders = [e[0] for e in fd]
            wonders += [i for i in pool if cards[i - base].category == WONDER]
            wonders.sort()  # the order the real state holds them in must not show through
            rng.shuffle(wonders)
            for e, w in zip(fd, wonders, strict=False):
                e[0] = w
            rest = wonders[len(fd) :] + [i for i in pool if cards[i - base].category != WONDER]
    rest = sorted(rest)  # canonical: the world depends on what ``seat`` knows, not the real order
    rng.shuffle(rest)
    for j, k in enumerate(hidden_hand):
        hand[k] = rest[j]
    deck[:nd] = rest[len(hidden_hand) :]
    if st["phase"] == "opening" and not own:
        st["picks"][p] = []
        if st["opening"][p] is not None:
            h = list(hand)
            rng.shuffle(h)
            st["opening"][p] = h[:2]
