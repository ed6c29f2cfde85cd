"""Scenario positions for tests and examples (README "Positions for tests", MAU-15.1).

``build(spec)`` makes a state exactly as described, with no automatic step run;
``summarize(state)`` turns a state back into the same readable notation (``"Uncle#5"``,
``"Uncle#5+Doozy#47"``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.gamekit import resolve_options
from engine.rng import Rng
from engine.rules import State

from .cards import CARDS, FIRST_DECK, GRAVES, hand_size, parse_tag, tag
from .rules import OPTIONS
from .state import counted_value, new_state, printed_value

_ZONES = ("hand", "party", "morgue", "mausoleum", "known")


def _seat_spec(spec: dict[str, Any], s: int) -> dict[str, Any] | None:
    for key in (f"P{s}", s, str(s)):
        if key in spec:
            return spec[key]
    return None


def _party_entry(text: Any) -> list[int]:
    if isinstance(text, int):
        return [parse_tag(text), 0]
    heir, _, doozy = str(text).partition("+")
    return [parse_tag(heir), parse_tag(doozy) if doozy else 0]


def build(spec: dict[str, Any]) -> State:
    """A state exactly as ``spec`` says (README). Raises ValueError for an unknown card, a card
    used twice, a non-heir in a party or morgue, a non-grave in a mausoleum or the shop, or a
    bad seat count."""
    n = int(spec.get("seats", 3))
    if not 2 <= n <= 10:
        raise ValueError(f"seats must be 2..10, not {n}")
    opts = resolve_options(OPTIONS, spec.get("options"), "mausoleum")
    seed = int(spec.get("seed", 0))
    st = new_state(opts, n, [seed])
    st["names"] = list(spec.get("names", [f"Player {s + 1}" for s in range(n)]))
    st["active"] = int(spec.get("active", 0))
    st["start"] = int(spec.get("start", st["active"]))
    st["turns"] = int(spec.get("turns", 0))
    st["phase"] = spec.get("phase", "turn")
    used: list[int] = []

    def take(cid: int) -> int:
        if cid in used:
            raise ValueError(f"card {tag(cid)} is used twice")
        used.append(cid)
        return cid

    given_hand = [_seat_zones(st, s, _seat_spec(spec, s) or {}, take) for s in range(n)]
    st["discard"] = [take(parse_tag(c)) for c in spec.get("discard", [])]
    deck_top = [take(parse_tag(c)) for c in spec.get("deck", [])]
    if "shop" in spec:
        st["shop"] = sorted(take(parse_tag(c)) for c in spec["shop"])
    else:
        st["shop"] = [g for g in GRAVES if g not in used]
        used.extend(st["shop"])
    for g in st["shop"]:
        if CARDS[g].kind != "grave":
            raise ValueError(f"{tag(g)} is not a grave")
    pool = [c for c in FIRST_DECK if c not in used and CARDS[c].kind != "grave"]
    if n >= 6:
        pool += [c + 100 for c in FIRST_DECK if c + 100 not in used and c not in GRAVES]
    Rng.seeded(seed).shuffle(pool)
    for s in range(n):
        if not given_hand[s]:
            k = min(hand_size(n), len(pool))
            st["hands"][s] = pool[:k]
            pool = pool[k:]
    below = [] if spec.get("deck_exact") else pool
    st["deck"] = list(reversed(deck_top + below))  # top card last
    for key in ("drew", "sel", "drawn"):
        if key in spec:
            st[key] = spec[key] if key == "drew" else parse_tag(spec[key])
    if "picks" in spec:
        st["picks"] = [parse_tag(c) for c in spec["picks"]]
    return st


def _seat_zones(st: State, s: int, ss: dict[str, Any], take: Callable[[int], int]) -> bool:
    """Fill seat ``s``'s zones from its spec ``ss`` (``take`` claims each card once); True when
    the spec gives the hand. Raises ValueError for an unknown key or a card in a wrong zone."""
    for key in ss:
        if key not in _ZONES:
            raise ValueError(f"unknown seat key {key!r}")
    if "hand" in ss:
        st["hands"][s] = [take(parse_tag(c)) for c in ss["hand"]]
    for e in ss.get("party", []):
        heir, doozy = _party_entry(e)
        if CARDS[heir].kind != "heir" or (doozy and CARDS[doozy].effect != "doozy"):
            raise ValueError(f"bad party entry {e!r}")
        take(heir)
        if doozy:
            take(doozy)
        st["party"][s].append([heir, doozy])
    for c in ss.get("morgue", []):
        h = take(parse_tag(c))
        if CARDS[h].kind != "heir":
            raise ValueError(f"{tag(h)} is not an heir")
        st["morgue"][s].append(h)
    for c in ss.get("mausoleum", []):
        g = take(parse_tag(c))
        if CARDS[g].kind != "grave":
            raise ValueError(f"{tag(g)} is not a grave")
        st["mausoleum"][s].append(g)
    st["known"][s] = [parse_tag(c) for c in ss.get("known", [])]
    for c in st["known"][s]:
        if c not in st["hands"][s]:
            raise ValueError(f"known card {tag(c)} is not in seat {s}'s hand")
    return "hand" in ss


def _party_tag(entry: list[int]) -> str:
    heir, doozy = entry
    return tag(heir) + (f"+{tag(doozy)}" if doozy else "")


def summarize(state: State) -> dict[str, Any]:
    """The state in build's notation (README): per seat ``P<s>`` hand, party, morgue,
    mausoleum, known, printed and counted values; plus discard (bottom to top), deck top and
    size, shop, active, phase, turns, winners and end."""
    out: dict[str, Any] = {
        "active": state["active"],
        "phase": state["phase"],
        "turns": state["turns"],
        "discard": [tag(c) for c in state["discard"]],
        "deck_top": tag(state["deck"][-1]) if state["deck"] else None,
        "deck_count": len(state["deck"]),
        "shop": list(state["shop"]),
        "winners": list(state["winners"]),
        "end": state["end"],
    }
    for s in range(state["n"]):
        out[f"P{s}"] = {
            "hand": [tag(c) for c in state["hands"][s]],
            "party": [_party_tag(e) for e in state["party"][s]],
            "morgue": [tag(c) for c in state["morgue"][s]],
            "mausoleum": [tag(c) for c in state["mausoleum"][s]],
            "known": [tag(c) for c in state["known"][s]],
            "printed": printed_value(state, s),
            "counted": counted_value(state, s),
        }
    return out
