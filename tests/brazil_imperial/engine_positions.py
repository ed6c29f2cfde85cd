"""Scenario positions for the engine tests: a real state from ``setup.new_state`` with the
set-up prompts skipped and the listed components placed by hand (rulings §33 conventions), and
a helper that plays choices through ``RULES.apply`` (asserting each one is offered)."""

from __future__ import annotations

from typing import Any

from engine.games.brazil_imperial import RULES
from engine.games.brazil_imperial import setup as SU
from engine.games.brazil_imperial import turn as TU
from engine.rng import Rng
from engine.rules import IllegalAction, resolve_options

P1, P2 = 0, 1


def game(
    boards: tuple[str, ...] = ("green_brazil", "red_portugal"),
    monarchs: tuple[str, ...] = ("oba_ii", "afonso_i"),
    era: int = 1,
    seed: int = 0,
    options: dict[str, Any] | None = None,
) -> dict:
    """A state at the start of P1's turn (action menu): §33 defaults (empty supplies, hands
    and tiles; units in slots; capitals (-4,1) and (4,-1); P1 first)."""
    n = len(boards)
    opts = resolve_options(RULES, options or {})
    st = SU.new_state(n, [f"P{i + 1}" for i in range(n)], opts, Rng.seeded(seed))
    st["stack"] = []
    st["board"] = list(boards)
    st["monarch"] = list(monarchs)
    st["capital"] = ["-4,1", "4,-1", "-3,4", "-1,-3"][:n] if n > 1 else ["-4,1"]
    st["capital_tiles"] = {}
    st["dealt"] = [{} for _ in range(n)]
    for s in range(n):
        SU._place_units(st, s)
    st["phase"], st["era"], st["first"], st["active"] = "play", era, 0, 0
    return st


def start(st: dict, seat: int = 0) -> None:
    """Begin ``seat``'s turn (its action menu waits)."""
    st["active"] = seat
    st["stack"] = []
    TU.begin(st, [])


def ids(st: dict, seat: int) -> list[str]:
    """Choice ids offered to ``seat`` now."""
    p = RULES.prompt(st, seat)
    return [] if p is None else [c.id for c in p.choices]


def act(st: dict, seat: int, *choices: str, stop_at_pay: bool = False) -> list:
    """Apply ``choices`` in order; each must be offered. A payment step (``pay``) whose choices
    do not include the next listed choice takes the canonical payment (``pay:0``); so does one
    left at the end unless ``stop_at_pay``. Returns the events."""
    events = []
    for c in choices:
        while st["stack"] and st["stack"][-1]["k"] == "pay" and c not in ids(st, seat):
            events += RULES.apply(st, st["stack"][-1]["seat"], "pay:0", Rng(st["rng"]))
        offered = ids(st, seat)
        assert c in offered, f"{c!r} not offered to seat {seat}: {offered}"
        events += RULES.apply(st, seat, c, Rng(st["rng"]))
    while not stop_at_pay and st["stack"] and st["stack"][-1]["k"] == "pay":
        events += RULES.apply(st, st["stack"][-1]["seat"], "pay:0", Rng(st["rng"]))
    return events


def illegal(st: dict, seat: int, choice: str) -> bool:
    """True if ``choice`` is rejected without a change."""
    import msgpack

    before = msgpack.packb(st)
    try:
        RULES.apply(st, seat, choice, Rng(st["rng"]))
    except IllegalAction:
        return msgpack.packb(st) == before
    return False


def top(st: dict) -> str:
    """Kind of the waiting frame."""
    return st["stack"][-1]["k"]


def unit(st: dict, seat: int, slot: int, loc: str, once: bool = True) -> None:
    """Place ``seat``'s unit of ``slot`` at ``loc``."""
    u = st["units"][seat][slot - 1]
    u["loc"], u["once"] = loc, once or u["once"]


def tile(
    st: dict, h: str, bid: str, owner: int, goods: dict | None = None, palace: str | None = None
) -> None:
    """A building tile showing ``bid`` on ``h`` (taken from the pool)."""
    from engine.games.brazil_imperial.board import building_tile

    t = building_tile(bid)
    st["pool"][t] -= 1
    st["tiles"][h] = {
        "kind": "building",
        "id": bid,
        "tile": t,
        "owner": owner,
        "goods": dict(goods or {}),
        "crown": False,
        "palace": palace,
    }
    if palace:
        st["palaces"][owner].remove(palace)


def deck(st: dict, kind: str, top_first: list[str]) -> None:
    """Put ``top_first`` on top of the ``kind`` deck (first = top)."""
    d = [c for c in st[f"{kind}_deck"] if c not in top_first]
    for s in range(st["n"]):
        for c in top_first:
            if c in st[kind][s]:
                st[kind][s].remove(c)
    st[f"{kind}_deck"] = d + list(reversed(top_first))


def hand(st: dict, kind: str, seat: int, cards: list[str]) -> None:
    """Give ``seat`` exactly ``cards`` (taken out of the deck)."""
    st[f"{kind}_deck"] = [c for c in st[f"{kind}_deck"] if c not in cards]
    st[kind][seat] = list(cards)
