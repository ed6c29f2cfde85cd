"""iMperium's hidden zones, described for the conformance checks (``engine.rules`` optional
hooks ``secrets`` and ``hidden_names``; IMP-11.2, IMP-A44).

``secrets(st, seat)`` names every zone hidden from ``seat`` whose content another world
consistent with what ``seat`` knows could hold differently, with its content (card ids) now:
per seat, the hand cards ``seat`` does not know (another seat's, unless hands are open), the
deck below the Port-known top cards (hidden from everyone, the viewer's own too), the face-down
Wonders (another seat's) and its committed opening discard while the opening lasts.

``hidden_names(st, seat)`` is the set of card names a log line given to ``seat`` must not
contain now: names of another seat's unknown hand cards and face-down Wonders that name no card
``seat`` can see (its own hand, face-up play areas, discard piles, known hand and top cards).
With open hands (IMP-V7) face-down Wonders are left out: which one left the open hand was seen.
"""

from __future__ import annotations

from typing import Any

from engine.rules import HiddenPlaces, State

from .cards import EXPANDED_CARDS, WONDER
from .state import FACE_DOWN


def _ids(st: State, p: int, iids: list[int]) -> list[str]:
    cards = EXPANDED_CARDS[st["decks"][p]]
    return [cards[i - 100 * p].id for i in iids]


def _hidden(st: State, p: int, seat: int | None) -> tuple[list[int], list[int], list[int]]:
    """``p``'s (unknown hand, deck below the known top, face-down Wonders) as ``seat`` sees."""
    own = seat == p
    open_hands = st["opts"]["open_hands"] == "on"
    hand = [] if own or open_hands else [i for i in st["hand"][p] if i not in st["known"][p]]
    deck = st["deck"][p][: len(st["deck"][p]) - st["known_top"][p]]
    fd = [] if own else [e[0] for e in st["play"][p] if e[1] & FACE_DOWN]
    return hand, deck, fd


def secrets(st: State, seat: int | None) -> dict[str, Any]:
    """The module docstring's zones: ``{zone: card ids}``; a zone is listed only when its
    content could differ (another card of a different id could take a place in it)."""
    if seat is None and st["winner"] != -1:
        return {}
    out: dict[str, Any] = {}
    for p in (0, 1):
        hand, deck, fd = _hidden(st, p, seat)
        pool = _ids(st, p, hand + deck)
        if hand and len(set(pool)) >= 2 and len(deck) > 0:
            out[f"hand:{p}"] = sorted(_ids(st, p, hand))
        if len(set(pool)) >= 2 and len(deck) >= 1 and (hand or len(set(_ids(st, p, deck))) > 1):
            out[f"deck:{p}"] = _ids(st, p, deck)
        cards = EXPANDED_CARDS[st["decks"][p]]
        spare = [i for i in hand + deck if cards[i - 100 * p].category == WONDER]
        if fd and (spare or len(fd) >= 2):
            out[f"face_down:{p}"] = _ids(st, p, fd)
        committed = st["opening"][p] is not None
        if st["phase"] == "opening" and seat != p and committed and f"hand:{p}" in out:
            out[f"opening:{p}"] = sorted(_ids(st, p, st["opening"][p]))
    return out


def hidden_names(st: State, seat: int | None) -> set[str]:
    """The module docstring's names."""
    if seat is None and st["winner"] != -1:
        return set()
    hidden: set[str] = set()
    seen: set[str] = set()
    for p in (0, 1):
        cards = EXPANDED_CARDS[st["decks"][p]]
        hand, _deck, fd = _hidden(st, p, seat)
        if st["opts"]["open_hands"] == "on":
            fd = []  # open hands: the Wonder that left the hand face down was seen leaving
        hidden |= {cards[i - 100 * p].name for i in hand + fd}
        visible = [i for i in st["hand"][p] if i not in hand] + st["discard"][p]
        visible += [e[0] for e in st["play"][p] if e[0] not in fd]
        visible += st["deck"][p][len(st["deck"][p]) - st["known_top"][p] :]
        seen |= {cards[i - 100 * p].name for i in visible}
    return hidden - seen


def hidden_places(st: State, seat: int | None) -> dict[str, HiddenPlaces]:
    """The places hidden from ``seat`` (``engine.rules`` hook ``hidden_places``; IMP-11.2,
    IMP-2.5), per seat ``p``: kind ``card:p``, ``p``'s hand slots ``seat`` does not know (none
    for ``seat``'s own hand or with open hands, IMP-V7) and its deck below the Port-known top
    cards (hidden from everyone); kind ``wonder:p``, its face-down Wonders (another seat's) with
    the Wonders among those hidden cards; kind ``opening:p``, its committed opening discards
    while the opening lasts (another seat's), spare values the rest of its hand. Card instances
    of one card id look alike (``faces``)."""
    if seat is None and st["winner"] != -1:
        return {}
    out: dict[str, HiddenPlaces] = {}
    open_hands = st["opts"]["open_hands"] == "on"
    for p in (0, 1):
        own = seat == p
        cards = EXPANDED_CARDS[st["decks"][p]]
        hand, deck = st["hand"][p], st["deck"][p]
        places: list[tuple] = []
        if not (own or open_hands):
            places += [("hand", p, k) for k, i in enumerate(hand) if i not in st["known"][p]]
        places += [("deck", p, k) for k in range(len(deck) - st["known_top"][p])]
        faces = {i: c.id for i, c in enumerate(cards, 100 * p)}
        out[f"card:{p}"] = HiddenPlaces(places, faces=faces)
        if not own:
            fd = [("play", p, k, 0) for k, e in enumerate(st["play"][p]) if e[1] & FACE_DOWN]
            wonders = [q for q in places if cards[st[q[0]][p][q[2]] - 100 * p].category == WONDER]
            if fd:
                out[f"wonder:{p}"] = HiddenPlaces(fd + wonders, faces=faces)
            picks = st["opening"][p]
            if st["phase"] == "opening" and picks is not None:
                rest = tuple(sorted(set(hand) - set(picks)))
                out[f"opening:{p}"] = HiddenPlaces(
                    [("opening", p, j) for j in range(len(picks))], rest
                )
    return out
