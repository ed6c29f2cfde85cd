"""Every way to pay a cost (BI-5.5-5.10, BI-29.6), as pure functions over a payer pool.

A *payer* is a list ``["s", item]`` (personal supply), ``["t", hex, item]`` (goods on a tile you
control), ``["g", card]`` (a gold card spent as 1 gold) or ``["v", kind]`` (a virtual item of a
Napoleon/Afonso conversion: ``vbasic``, ``vgold``, ``vscience``). A *pool* is a list of
``[payer, count]`` (``payment.sources`` order: tiles by (r, q), supply, gold cards). A *way* is
one payer per requirement unit (``catalog.cost_units`` order); two ways are the same when they
use the same multiset of payers (BI-5.10: an item always covers exactly one unit).

``exact`` pools serve Trade inputs (BI-5.7): only the named items from supply or tiles cover a
unit. ``virtual_first`` ranks virtual payers before real ones (after a conversion the player
chose, its virtual items are meant to be used).
"""

from __future__ import annotations

from engine.rules import State

from . import catalog as C
from . import payment as P
from .state import BASICS

Payer = list
Pool = list[list]


def payer_id(payer: Payer) -> str:
    """The choice id of a payer (BI-29.6): ``s:<item>``, ``t:q,r:<item>``, ``g:<card>``,
    ``v:<kind>``."""
    return ":".join(str(x) for x in payer)


def payer_label(payer: Payer) -> str:
    """Plain words for a payer ("1 coffee on your tile at (3,-1)")."""
    kind = payer[0]
    if kind == "s":
        return f"1 {C.ITEM_NAMES[payer[1]]} from your supply"
    if kind == "t":
        return f"1 {C.ITEM_NAMES[payer[2]]} on your tile at ({payer[1]})"
    if kind == "g":
        rec = C.GOLD_CARDS.get(payer[1])
        name = f" ({rec['name']})" if rec else ""
        return f"gold card {payer[1]}{name} as 1 gold"
    return {"vbasic": "a converted basic resource", "vgold": "a converted gold"}.get(
        payer[1], "a converted science"
    )


def unit_label(unit: str) -> str:
    """Plain words for a requirement unit (BI-5.5): "1 sugar cane", "coffee or cotton",
    "any basic resource", "gold", "science"."""
    if unit in BASICS:
        return f"1 {C.ITEM_NAMES[unit]}"
    if "|" in unit:
        return " or ".join(C.ITEM_NAMES[x] for x in unit.split("|"))
    if unit == "any_basic":
        return "any basic resource"
    return C.ITEM_NAMES[unit]


def make_pool(
    st: State,
    s: int,
    exclude: str | None = None,
    exact: bool = False,
    virtual: dict[str, int] | None = None,
) -> Pool:
    """Seat ``s``'s payers now: ``payment.sources`` (without the goods of ``exclude``, BI-5.8;
    without gold cards when ``exact``) plus the ``virtual`` items of a conversion."""
    pool = P.sources(st, s, exclude)
    if exact:
        pool = [e for e in pool if e[0][0] != "g"]
    pool = [[list(p), n] for p, n in pool]
    for k in ("vbasic", "vgold", "vscience"):
        if (virtual or {}).get(k):
            pool.append([["v", k], virtual[k]])
    return pool


def without(pool: Pool, payers: list[Payer]) -> Pool:
    """A copy of ``pool`` with one of each of ``payers`` taken out (ValueError if absent)."""
    out = [[p, n] for p, n in pool]
    for payer in payers:
        for e in out:
            if e[0] == list(payer) and e[1] > 0:
                e[1] -= 1
                break
        else:
            raise ValueError(f"payer {payer!r} is not available")
    return out


def rank(unit: str, payer: Payer, exact: bool = False, virtual_first: bool = False) -> int | None:
    """The BI-29.6 preference rank of ``payer`` for ``unit`` (lower first), None when it may
    not cover it (BI-5.6 table; BI-5.7 when ``exact``)."""
    if exact:
        if payer[0] not in ("s", "t"):
            return None
        want = BASICS if unit == "any_basic" else tuple(unit.split("|"))
        return (0 if payer[0] == "t" else 1) if payer[-1] in want else None
    r = P.candidate_rank(unit, tuple(payer))
    if r is not None and virtual_first and payer[0] == "v":
        r -= 1000
    return r


def _ranked(unit: str, pool: Pool, exact: bool, vf: bool) -> list[int]:
    scored = []
    for i, (p, n) in enumerate(pool):
        r = rank(unit, p, exact, vf) if n > 0 else None
        if r is not None:
            scored.append((r, i))
    return [i for _, i in sorted(scored)]


def _spent_virtual(pool: Pool) -> bool:
    return all(n == 0 for p, n in pool if p[0] == "v")


def complete(
    units: list[str],
    pool: Pool,
    exact: bool = False,
    virtual_first: bool = False,
    full: bool = False,
) -> list[Payer] | None:
    """The first way (in preference order: the canonical payment) to cover ``units`` from
    ``pool``, or None if there is none; with ``full`` only ways that use every virtual item of
    the pool (a conversion the player chose is not wasted). ``pool`` is left as it was."""
    if not units:
        return [] if not full or _spent_virtual(pool) else None
    for i in _ranked(units[0], pool, exact, virtual_first):
        pool[i][1] -= 1
        rest = complete(units[1:], pool, exact, virtual_first, full)
        pool[i][1] += 1
        if rest is not None:
            return [list(pool[i][0]), *rest]
    return None


def options(
    units: list[str],
    pool: Pool,
    exact: bool = False,
    virtual_first: bool = False,
    full: bool = False,
) -> list[Payer]:
    """The distinct payers for ``units[0]`` that leave ``units[1:]`` payable from the rest of
    ``pool`` (BI-29.6 manual step; ``full`` as in :func:`complete`), in preference order."""
    out = []
    for i in _ranked(units[0], pool, exact, virtual_first):
        pool[i][1] -= 1
        if complete(units[1:], pool, exact, False, full) is not None:
            out.append(list(pool[i][0]))
        pool[i][1] += 1
    return out


def ways(
    units: list[str],
    pool: Pool,
    exact: bool = False,
    virtual_first: bool = False,
    limit: int = 6,
    full: bool = False,
) -> list[list[Payer]] | None:
    """Every distinct way to cover ``units`` from ``pool`` (the canonical one first; ``full``
    as in :func:`complete`), or None when there are more than ``limit``. Runs of equal units
    take payers in pool order, so permutations of one multiset are not enumerated twice."""
    found: list[list[Payer]] = []
    seen: set[tuple] = set()
    first = complete(units, pool, exact, virtual_first, full)
    if first is None:
        return []
    key0 = tuple(sorted(tuple(p) for p in first))
    seen.add(key0)
    found.append(first)
    picks: list[int] = []

    def walk(k: int) -> bool:
        if k == len(units):
            if full and not _spent_virtual(pool):
                return True
            key = tuple(sorted(tuple(pool[i][0]) for i in picks))
            if key not in seen:
                seen.add(key)
                found.append([list(pool[i][0]) for i in picks])
            return len(found) <= limit
        low = picks[-1] if k and units[k] == units[k - 1] else -1
        for i in _ranked(units[k], pool, exact, virtual_first):
            if i < low:
                continue
            pool[i][1] -= 1
            picks.append(i)
            ok = walk(k + 1)
            picks.pop()
            pool[i][1] += 1
            if not ok:
                return False
        return True

    return found if walk(0) else None
