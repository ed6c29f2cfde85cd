"""The shape of a Mausoleum state, as TypedDicts so a type checker can check its keys.

At run time a state is a plain dict (msgpack-able, README "State"); these classes only name its
keys and value types. Source: this package's README "State" and :func:`.state.new_state`.
"""

from typing import Any, NotRequired, TypedDict

__all__ = ["Bomb", "MausoleumState"]


class Bomb(TypedDict):
    """An H-Bomb being resolved (MAU-7): seats still to bury, the seat ordering its victims."""

    queue: list[int]
    seat: int
    """The seat choosing its burial order now, or -1."""
    victims: list[int]


class MausoleumState(TypedDict):
    """A Mausoleum state for ``n`` seats (README "State"); per-seat lists are indexed by seat,
    cards are ints (``cards.CARDS``; a second deck's copies are ``+ 100``)."""

    rng: list[int]
    """The engine's RNG cell (engine/rng.py)."""
    opts: dict[str, Any]
    """The resolved rule options (``rules.OPTIONS``)."""
    n: int
    start: int
    active: int
    turns: int
    phase: str
    """``choose_start``, ``turn``, ``play``, ``target``, ``pay``, ``order`` or ``over``."""
    deck: list[int]
    """Top card last."""
    discard: list[int]
    shop: list[int]
    """The graves still for sale."""
    hands: list[list[int]]
    known: list[list[int]]
    """Per seat, hand cards taken from the discard pile (public, MAU-11.1)."""
    party: list[list[list[int]]]
    """Per seat, ``[heir, doozy card or 0]`` in arrival order."""
    morgue: list[list[int]]
    mausoleum: list[list[int]]
    drew: str
    """This turn's draw: ``""``, ``"deck"``, ``"discard"`` or ``"none"``."""
    drawn: int
    """The card drawn this turn, or 0."""
    sel: int
    """The card being played or the grave being bought, or 0."""
    picks: list[int]
    bomb: Bomb | None
    winners: list[int]
    end: str
    """How the game ended: ``""``, ``"threshold"``, ``"shop"`` or ``"cap"``."""
    names: NotRequired[list[str]]
    """Seat names (set by ``setup``; a built position may lack them)."""
