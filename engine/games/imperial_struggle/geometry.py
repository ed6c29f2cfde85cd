"""Imperial Struggle map geometry: protection, isolation, Market links and Fort adjacency.

Pure functions of the state (no events, no changes). Rule sources: IS-3.2.8 (Protected),
IS-5.4.1 / IS-5.4.1a (Market connection, no daisy-chaining), IS-5.4.1b (Isolation, fixed at the
start of each Action Round; IS-A01 / IS-V08 Damaged Forts as anchors), IS-5.6.3 (Fort building
adjacency held since the start of the round; IS-A17 / IS-V09 conflicted Markets), IS-5.6.4b
(seizing a Damaged Fort).

Helpers for other modules (IS-EV04, IS-7.1.2, IS-7.3c): take ``before = isolated_now(st)``, change
the map, then ``newly_isolated(st, before)`` lists the Markets that became Isolated.
"""

from __future__ import annotations

from typing import Any

from . import board as B
from .state import BR, FR, owner

State = dict[str, Any]

ANCHOR_KINDS = ("territory", "fort", "naval")
_KIND = B.KIND
_ADJ = B.ADJ
_NAVAL = B.NAVAL
_ANCHOR_SPACES: frozenset[str] = frozenset(s for s, k in _KIND.items() if k in ANCHOR_KINDS)
_ANCHOR_ORDER: tuple[str, ...] = tuple(s for s in B.SPACE_ORDER if s in _ANCHOR_SPACES)


def intact_fort(st: State, space: str) -> bool:
    """True when ``space`` is a built Fort without a Damaged marker (IS-3.2.5)."""
    return B.kind_of(space) == "fort" and space in st["flags"] and space not in st["damaged"]


def protected(st: State, space: str) -> bool:
    """IS-3.2.8: a flagged (French or British) non-Political space connected by a solid line to
    a Squadron or an intact Fort of the same side. A Conflict marker does not remove protection."""
    side = owner(st, space)
    if side not in (FR, BR) or _KIND[space] == "political":
        return False
    squadrons = st["squadrons"]
    flags = st["flags"]
    for n in _ADJ[space]:
        k = _KIND[n]
        if k == "naval" and squadrons.get(n) == side:
            return True
        if k == "fort" and flags.get(n) == side and n not in st["damaged"]:
            return True
    return False


def is_anchor(st: State, side: int, space: str) -> bool:
    """A Territory, Fort or Naval space ``side`` controls now (IS-5.4.1). A Damaged Fort anchors
    unless option ``damaged_fort_anchor`` is ``off`` (IS-A01, IS-V08) — for isolation only."""
    if space not in _ANCHOR_SPACES:
        return False
    if space in _NAVAL:
        return st["squadrons"].get(space) == side
    return st["flags"].get(space) == side


def _iso_anchor(st: State, side: int, space: str) -> bool:
    if not is_anchor(st, side, space):
        return False
    return not (
        B.kind_of(space) == "fort"
        and space in st["damaged"]
        and st["opts"].get("damaged_fort_anchor", "on") == "off"
    )


def isolated_now(st: State, side: int | None = None) -> dict[str, int]:
    """IS-5.4.1b on the current map: ``{market: 1}`` for every Market flagged by ``side`` (None =
    both sides) with no path, through connected unconflicted Markets of the same side, to a
    Territory, Fort or Naval space of that side (the starting Market itself may be conflicted).
    Spanish and USA flags are never Isolated."""
    out: dict[str, int] = {}
    flags = st["flags"]
    conflict = st["conflict"]
    markets = B.spaces_in(None, "market")
    squadrons = st["squadrons"]
    damaged = st["damaged"]
    dmg_off = st["opts"].get("damaged_fort_anchor", "on") == "off"
    for s in (FR, BR) if side is None else (side,):
        if not any(flags.get(m) == s for m in markets):
            continue  # no Market of that side: nothing to isolate
        good: set[str] = set()
        frontier = [  # the anchors (as _iso_anchor)
            sp
            for sp in _ANCHOR_ORDER
            if (squadrons if sp in _NAVAL else flags).get(sp) == s
            and not (dmg_off and sp in damaged and _KIND[sp] == "fort")
        ]
        anchors = set(frontier)
        while frontier:
            cur = frontier.pop()
            for n in _ADJ[cur]:
                if (
                    n not in good
                    and _KIND[n] == "market"
                    and flags.get(n) == s
                    and n not in conflict
                ):
                    good.add(n)
                    frontier.append(n)
        for m in markets:
            if flags.get(m) != s or m in good:
                continue
            if m in conflict and any(n in good or n in anchors for n in _ADJ[m]):
                continue
            out[m] = 1
    return out


def newly_isolated(st: State, before: dict[str, int], side: int | None = None) -> list[str]:
    """Markets Isolated on the current map that were not in ``before`` (a result of
    :func:`isolated_now` taken before the change). Data order. Used by IS-EV04, IS-7.1.2, IS-7.3c."""
    now = isolated_now(st, side)
    return [m for m in B.spaces_in(None, "market") if m in now and m not in before]


def is_isolated(st: State, market: str) -> bool:
    """Isolated for this round's costs (IS-5.4.1b, IS-5.4.2): Isolated at the round's start and
    not changed since. Outside an Action Round: the current map."""
    rd = st["round"]
    if rd is None:
        return market in isolated_now(st)
    return market in rd["isolated"] and market not in rd["changed"]


def market_link_ok(st: State, side: int, market: str) -> bool:
    """IS-5.4.1 / 5.4.1a: ``market`` is connected to a Territory, Fort or Naval space ``side``
    controls now, or to a Market of ``side`` that is unconflicted, not Isolated this round and
    unchanged this round."""
    rd = st["round"]
    changed = rd["changed"] if rd else {}
    flags = st["flags"]
    for n in _ADJ[market]:
        if n in _ANCHOR_SPACES:
            if (st["squadrons"] if n in _NAVAL else flags).get(n) == side:
                return True
        elif (
            _KIND[n] == "market"
            and flags.get(n) == side
            and n not in st["conflict"]
            and n not in changed
            and not is_isolated(st, n)
        ):
            return True
    return False


def _held_since_start(st: State, side: int, space: str) -> bool:
    rd = st["round"]
    if owner(st, space) != side:
        return False
    if rd is None:
        return True
    return space in rd["held"] and space not in rd["changed"]


def fort_build_ok(st: State, side: int, fort: str) -> bool:
    """IS-5.6.3: ``side`` controlled, continuously since the start of this round, a Market
    (unconflicted unless option ``conflicted_market_adjacency`` is on, IS-A17/IS-V09), Naval space or
    Territory sharing a solid line with the empty Fort space ``fort``."""
    conf_ok = st["opts"].get("conflicted_market_adjacency", "off") == "on"
    for n in B.ADJ[fort]:
        k = B.kind_of(n)
        if k not in ("market", "naval", "territory"):
            continue
        if k == "market" and n in st["conflict"] and not conf_ok:
            continue
        if _held_since_start(st, side, n):
            return True
    return False


def fort_seize_ok(st: State, side: int, fort: str) -> bool:
    """IS-5.6.4b: ``side`` controls a Squadron or an unconflicted Market connected to ``fort``
    (a Territory does not count; no start-of-round requirement)."""
    conf_ok = st["opts"].get("conflicted_market_adjacency", "off") == "on"
    for n in B.ADJ[fort]:
        k = B.kind_of(n)
        if k == "naval" and st["squadrons"].get(n) == side:
            return True
        if k == "market" and st["flags"].get(n) == side and (conf_ok or n not in st["conflict"]):
            return True
    return False


def controlled_spaces(st: State, side: int) -> dict[str, int]:
    """Every space ``side`` controls now (flags and Squadrons), as a set dict (IS-5.0a)."""
    out = {sp: 1 for sp, c in st["flags"].items() if c == side}
    out.update({sp: 1 for sp, c in st["squadrons"].items() if c == side})
    return out
