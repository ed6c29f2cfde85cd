"""The Brazil: Imperial game state: its shape (this docstring is the contract other modules of
the package rely on) and small helpers. Rules: ``shared/rules/brazil_imperial.md`` (BI-…).

The state is plain msgpack-able data, mutated in place by ``apply``. Hexes are keyed by the
string ``"q,r"`` (axial, BI-0); seats are 0-based ints (P1 = 0). Item dicts map item names
(``brazilwood``, ``sugar_cane``, ``coffee``, ``cotton``, ``gold``, ``science``) to counts > 0.

Top level::

    rng        engine RNG cell (engine.rng)
    opts       resolved rule options (BI-O01..O13), keys as rules.OPTIONS
    n          seat count 1..4; solo = (n == 1) (BI-18)
    names      seat display names
    map        map key "1".."4" (BI-2.11)
    phase      "setup" | "play" | "over"
    era        1 | 2 | 3 (BI-1.11)
    round      round number from 1 (BI-1.12)
    first      first player seat (took capital tile A, BI-3.12)
    active     seat whose turn it is (None during setup)
    turns      [int] turns taken per seat (solo: BI-18.5/18.6)
    stack      [frame] pending decision/continuation frames, last = current (decisions.py)
    end        None | {"trigger": seat, "last": seat}  (BI-17.1) ; result once over:
    result     None | {"winners": [seat], "scores": [int], "reason": str, "detail": [...]}

Per seat ``s`` (lists indexed by seat)::

    board[s]      board id ("green_brazil", ...)                       BI-2.9
    monarch[s]    monarch id or None before BI-3.10
    capital[s]    capital hex "q,r" or None before the draft           BI-3.11
    supply[s]     personal supply item dict                            BI-5.1
    units[s]      [ {"slot": 1..5, "type": str, "str": int,
                     "loc": "slot" | "supply" | "q,r", "once": bool} ]  BI-1.8
    gold[s]       gold-card hand, card ids (hidden)                    BI-8
    battle[s]     battle-card hand, card ids (hidden)                  BI-9
    paintings[s]  painting ids owned                                   BI-20
    products[s]   {product id: "board" | "a:<arch>" | "victoria"}       BI-7.5, BI-27.3
    token[s]      arch id holding the action token, or None            BI-4.2
    under[s]      {arch id: [era int, ...]} era tokens under arches    BI-16.4
    palaces[s]    palace ids ("II".."VI") still on the board           BI-15
    missions[s]   {"1": id, "2": id, "3": id} kept missions (hidden until revealed)  BI-14
    dealt[s]      {"1": [id, id], ...} during the draft only (hidden)
    returned[s]   mission ids returned at the draft (known to s only)
    revealed[s]   revealed mission ids in reveal order                 BI-14.4
    mission_vp[s] VP recorded at era I/II reveals                      BI-14.5
    explored[s]   exploration tile ids taken                           BI-11.3
    peeks[s]      {hex: tile id} peeked face-down tiles (known to s only) BI-28.5
    flags[s]      {"pedro_i": [types], "pedro_ii": [colours], "tibirica": int,
                   "crowns": int, "napoleon": bool, "afonso_turn": int}  BI-19

Shared zones::

    tiles       {hex: {"kind": "building"|"city", "id": building or city id,
                       "tile": "T1".."T4" (buildings), "owner": seat, "goods": item dict,
                       "crown": bool, "palace": palace id or None}}   BI-6, BI-15
    fog         {hex: tile id} face-down exploration tiles on the map (hidden) BI-11
    bandeira    {hex: tile id} face-up failed flag tiles                BI-11.5
    box         exploration tile ids in the box (hidden)               BI-3.5
    pool        {"T1": n, ...} building tiles left                     BI-2.3
    gold_deck, battle_deck        card ids, top = last (hidden order)  BI-8.1, BI-9.1
    gold_discard, battle_discard  card ids, face up
    paint_decks {"red"|"pink"|"blue": [ids]} top = last (hidden order) BI-3.8
    display     [id or None] x 6 (positions 0-1 red, 2-3 pink, 4-5 blue)
    city_stacks [[ids], [ids]], top = index 0 (below the top: hidden)  BI-3.7
    mission_decks {"1": [ids], ...} undealt + returned (hidden)        BI-3.9
    dutch       solo only: {"hex": "4,-1", "garrison": [int strengths], "held": bool,
                 "occupier_units": ...}; None otherwise                BI-18.3
    solo_goals  [bool, bool, bool] (solo)                              BI-18.6
    last_combat absent before the first combat, then the last one resolved, every card and
                unit shown (combat_sides.record); public                BI-12.4
    turn        the current turn's record: {"arch": str|None, "free": bool (used),
                 "extra": bool (used), "gold_action": bool (used), "window": "A"|"B"|"move",
                 "deploy_new": [card ids drawn during the current Deploy]}
"""

from __future__ import annotations

from engine.choices import split_choice
from engine.gamekit import copy_plain

BASICS: tuple[str, ...] = ("brazilwood", "sugar_cane", "coffee", "cotton")
"""The four basic resources (BI-1.5), in payment order (BI-29.6)."""
ITEMS: tuple[str, ...] = (*BASICS, "gold", "science")
"""All item kinds (BI-1.5)."""
ARCHES: tuple[str, ...] = ("deploy", "frame", "build", "renovate", "manufacture", "harbor", "trade")
"""The seven arches (BI-1.10), board order."""
ERA_NAMES = {1: "I", 2: "II", 3: "III"}
"""Era numbers to Roman numerals (BI-16.1)."""


def hex_key(q: int, r: int) -> str:
    """``"q,r"`` for axial (q, r) (BI-0)."""
    return f"{q},{r}"


def hex_qr(key: str) -> tuple[int, int]:
    """(q, r) for ``"q,r"``. Raises ValueError on a malformed key."""
    a, b = key.split(",")
    return int(a), int(b)


def add_items(dst: dict[str, int], items: dict[str, int]) -> None:
    """Add ``items`` into ``dst`` in place (counts > 0 kept only)."""
    for k, v in items.items():
        if v:
            dst[k] = dst.get(k, 0) + v


def take_item(dst: dict[str, int], item: str, n: int = 1) -> None:
    """Remove ``n`` of ``item`` from ``dst``; raises ValueError if fewer are there."""
    have = dst.get(item, 0)
    if have < n:
        raise ValueError(f"not enough {item}")
    if have == n:
        del dst[item]
    else:
        dst[item] = have - n


def count(items: dict[str, int]) -> int:
    """Total items in an item dict."""
    return sum(items.values())


copy_state = copy_plain
"""A deep copy of plain data (dicts, lists, scalars): :func:`engine.gamekit.copy_plain`."""


def unit_slot(choice_id: str) -> int:
    """The slot number of a unit choice id ``"u:<seat>.<slot>"`` (BI-29.1): ``"u:1.3"`` -> 3.

    Raises ValueError when ``choice_id`` is not a ``u:`` id of that form."""
    arg = split_choice(choice_id, "u")
    seat, dot, slot = arg.partition(".")
    if not dot or not seat.isdigit() or not slot.isdigit():
        raise ValueError(f"choice id {choice_id!r} is not of the form 'u:<seat>.<slot>'")
    return int(slot)
