"""Scenario positions for tests and examples (README "Positions for tests").

``build(spec)`` makes a state exactly as described, with no automatic step run;
``summarize(state)`` turns a state back into the same readable shape.

Seats are named "R"/"G" by deck (or 0/1, always accepted; in a mirror match only 0/1).
Card lists use card ids; play-area entries may carry "(T)" (tapped) and "(FD)" (face down).
Decks are given top card first, discard piles oldest first. A seat whose ``deck`` is omitted
gets every instance not used elsewhere, in a fixed shuffled order (``spec["seed"]``, default 0).
"""

from __future__ import annotations

from typing import Any

from engine.gamekit import resolve_options
from engine.rng import Rng
from engine.rules import State

from .cards import DECK_CARDS, WONDER, expanded
from .rules import OPTIONS, deck_pair, new_state
from .state import FACE_DOWN, TAPPED, cid, points

_DECK_LETTER = {"roman": "R", "greek": "G"}


def _seat_of(decks: list[str], key: Any) -> int:
    if isinstance(key, int) or (isinstance(key, str) and key.isdigit()):
        return int(key)
    for s in (0, 1):
        if _DECK_LETTER[decks[s]] == key:
            if decks[0] == decks[1]:
                raise ValueError("mirror match: name seats 0 and 1, not by deck letter")
            return s
    raise ValueError(f"unknown seat {key!r}")


def _dom(decks: list[str], value: Any) -> int:
    return -1 if value is None else _seat_of(decks, value)


def _parse_entry(text: str) -> tuple[str, int]:
    flags = 0
    text = text.strip()
    while text.endswith(")"):
        k = text.rindex("(")
        tag = text[k + 1 : -1].upper()
        text = text[:k].strip()
        for part in tag.split(","):
            part = part.strip()
            if part == "T":
                flags |= TAPPED
            elif part == "FD":
                flags |= FACE_DOWN
            else:
                raise ValueError(f"unknown play-area mark ({part}) on {text}")
    return text, flags


def build(spec: dict[str, Any]) -> State:
    """A state exactly as ``spec`` says (README). Raises ValueError for impossible specs
    (unknown card, more copies than the deck holds, a face-down non-Wonder)."""
    opts = resolve_options(OPTIONS, spec.get("options"), "imperium")
    decks = [str(d) for d in spec.get("decks", ("roman", "greek"))]
    if decks[0] == decks[1]:
        opts["deck_assignment"] = "mirror_allowed"
    deck_pair({**opts, "decks": f"{decks[0]}_{decks[1]}"}, None)  # validates the pair
    st = new_state(opts, decks, [int(spec.get("seed", 0))])
    active = _seat_of(decks, spec.get("active", 0))
    st["active"] = active
    st["first"] = _seat_of(decks, spec.get("first", active))
    st["phase"] = spec.get("phase", "action")
    for key in ("energy", "turn", "pool", "homeros"):
        if key in spec:
            st[key] = int(spec[key])
    st["sold"] = bool(spec.get("sold", False))
    st["acted"] = bool(spec.get("acted", False))
    st["homeros_free"] = bool(spec.get("homeros_free", False))
    if "dice" in spec:
        st["dice"] = [int(d) for d in spec["dice"]]
        st["pool"] = int(spec.get("pool", len(st["dice"])))
    st["army_dom"] = _dom(decks, spec.get("army_dom"))
    st["navy_dom"] = _dom(decks, spec.get("navy_dom"))
    seat_specs: dict[int, dict[str, Any]] = {}
    for key, val in spec.items():
        if key in ("R", "G", 0, 1, "0", "1"):
            seat_specs[_seat_of(decks, key)] = val
    for s in (0, 1):
        _build_seat(st, s, seat_specs.get(s, {}), int(spec.get("seed", 0)))
    if st["phase"] == "opening":
        st["opening"] = [None, None]
    return st


def _build_seat(st: State, s: int, sp: dict[str, Any], seed: int) -> None:
    deck_name = st["decks"][s]
    ids = expanded(deck_name)
    free: dict[str, list[int]] = {}
    for i, c in enumerate(ids):
        free.setdefault(c, []).append(100 * s + i)

    def take(c: str) -> int:
        if c not in DECK_CARDS[deck_name]:
            raise ValueError(f"{c!r} is not a card of the {deck_name} deck")
        if not free.get(c):
            raise ValueError(f"too many {c!r} for the {deck_name} deck")
        return free[c].pop(0)

    st["hand"][s] = [take(c) for c in sp.get("hand", [])]
    st["discard"][s] = [take(c) for c in sp.get("discard", [])]
    play = []
    for text in sp.get("play", []):
        c, flags = _parse_entry(text)
        if (
            flags & FACE_DOWN
            and DECK_CARDS[deck_name].get(c)
            and DECK_CARDS[deck_name][c].category != WONDER
        ):
            raise ValueError(f"only Wonders can be face down ({c})")
        play.append([take(c), flags])
    st["play"][s] = play
    if "deck" in sp:
        st["deck"][s] = [take(c) for c in reversed(sp["deck"])]  # stored top card last
    else:
        rest = sorted(i for lst in free.values() for i in lst)
        Rng.seeded(seed * 2 + s + 1).shuffle(rest)
        st["deck"][s] = rest
    st["army"][s] = int(sp.get("army", 0))
    st["navy"][s] = int(sp.get("navy", 0))
    st["known_top"][s] = int(sp.get("known_top", 0))
    st["homeros_turns"][s] = int(sp.get("homeros_turns", 0))
    known = []
    pool = list(st["hand"][s])
    for c in sp.get("known_hand", []):
        for iid in pool:
            if cid(st, iid) == c and iid not in known:
                known.append(iid)
                break
        else:
            raise ValueError(f"known_hand {c!r} is not in the hand")
    st["known"][s] = known


def _label(st: State, s: int) -> Any:
    d = st["decks"]
    return s if d[0] == d[1] else _DECK_LETTER[d[s]]


def summarize(state: State) -> dict[str, Any]:
    """A readable summary in :func:`build`'s shape (decks top first, "(T)"/"(FD)" marks),
    plus points, winner ("R"/"G"/seat, "draw" or None) and reason."""
    st = state
    out: dict[str, Any] = {}
    for s in (0, 1):
        play = []
        for iid, f in st["play"][s]:
            mark = ("(T)" if f & TAPPED else "") + ("(FD)" if f & FACE_DOWN else "")
            play.append(cid(st, iid) + mark)
        out[_label(st, s)] = {
            "hand": [cid(st, i) for i in st["hand"][s]],
            "deck": [cid(st, i) for i in reversed(st["deck"][s])],
            "discard": [cid(st, i) for i in st["discard"][s]],
            "play": play,
            "army": st["army"][s],
            "navy": st["navy"][s],
            "points": str(points(st, s)),
            "known_hand": [cid(st, i) for i in st["known"][s]],
            "known_top": st["known_top"][s],
        }
    w = st["winner"]
    out.update(
        {
            "decks": tuple(st["decks"]),
            "active": _label(st, st["active"]),
            "phase": st["phase"],
            "energy": st["energy"],
            "sold": st["sold"],
            "homeros": st["homeros"],
            "pool": st["pool"],
            "dice": list(st["dice"]),
            "turn": st["turn"],
            "army_dom": None if st["army_dom"] < 0 else _label(st, st["army_dom"]),
            "navy_dom": None if st["navy_dom"] < 0 else _label(st, st["navy_dom"]),
            "winner": None if w == -1 else ("draw" if w == -2 else _label(st, w)),
            "reason": st["reason"],
            "pending": st["pending"][-1][0] if st["pending"] else "",
        }
    )
    return out
