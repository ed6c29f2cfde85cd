"""The shape of an iMperium state, as a TypedDict so a type checker can check its keys.

At run time a state is a plain dict (msgpack-able, README "State"); these classes only name its
keys and value types. Source: this package's README "State" and :func:`.rules.new_state`.
"""

from typing import Any, TypedDict

__all__ = ["ImperiumState"]


class ImperiumState(TypedDict):
    """An iMperium state (README "State"; every key is required). Per-seat lists are indexed
    by seat (0, 1); card instances are ints ``100 * seat + i`` (``cards.expanded``)."""

    rng: list[int]
    """The engine's RNG cell (engine/rng.py)."""
    opts: dict[str, Any]
    """The resolved rule options (``rules.OPTIONS``)."""
    decks: list[str]
    """Each seat's deck name (``"roman"``, ``"greek"``; IMP-2.1)."""
    deck: list[list[int]]
    """Per seat, instance ids, top card last."""
    hand: list[list[int]]
    discard: list[list[int]]
    """Per seat, oldest first."""
    play: list[list[list[int]]]
    """Per seat, ``[iid, flags]``: flags 1 tapped, 2 face down, 4 entered this turn."""
    known: list[list[int]]
    """Per seat, hand iids whose identity the opponent knows (IMP-A44)."""
    known_top: list[int]
    """Per seat, how many top deck cards both seats know (Port, IMP-10.7)."""
    army: list[int]
    navy: list[int]
    army_dom: int
    """The Army Dominance seat, or -1."""
    navy_dom: int
    first: int
    active: int
    turn: int
    """Turns completed."""
    phase: str
    """``opening``, ``start``, ``energy``, ``extra``, ``action``, ``end`` or ``over``."""
    pool: int
    dice: list[int]
    energy: int
    sold: bool
    acted: bool
    homeros: int
    homeros_free: bool
    homeros_turns: list[int]
    pending: list[list[Any]]
    """Effect frames ``[op, seat, *args]``, top last."""
    opening: list[list[int] | None]
    """Per seat, the committed opening discard iids, or None (IMP-2.5)."""
    picks: list[list[int]]
    winner: int
    """-1 while running, the winning seat, or -2 for a draw."""
    reason: str
