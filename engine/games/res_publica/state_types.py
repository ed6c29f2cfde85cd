"""The shape of a Res Publica state, as TypedDicts so a type checker can check its keys.

At run time a state is a plain dict (msgpack-able, README "State"); these classes only name its
keys and value types. Source: this package's README "State" and :func:`.state.new_state`.
"""

from typing import Any, TypedDict

__all__ = ["ResPublicaState", "Trade"]


class Trade(TypedDict):
    """The trade of the active seat's turn (RP-4, README "State")."""

    mode: str
    """``"request"`` or ``"offer"``."""
    spec: str
    """The statement in short form (``trade.short``)."""
    responses: list[list[Any]]
    """``[seat, short spec or None]`` in answering order."""
    next: int
    """The seat to answer next."""
    partner: int
    """The accepted seat, or -1."""
    rejected: bool
    gave: list[list[Any]] | None
    """``[[seat, card counts], [seat, card counts]]`` once both committed, else None."""


class ResPublicaState(TypedDict):
    """A Res Publica state for ``n`` seats (README "State"); per-seat lists are indexed by seat
    and a hand is a list of card counts per type (``cards.CODES`` order)."""

    rng: list[int]
    """The engine's RNG cell (engine/rng.py)."""
    opts: dict[str, Any]
    """The resolved rule options (``rules.OPTIONS``)."""
    n: int
    names: list[str]
    people_deck: list[int]
    civ_deck: list[int]
    cities: list[int]
    settlements: int
    hands: list[list[int]]
    tableau: list[list[list[int]]]
    """Per seat, displayed sets as ``[type, value]``."""
    known: list[list[list[int]]]
    """``known[viewer][seat]``: counts of ``seat``'s hand cards that ``viewer`` knows."""
    start: int
    active: int
    turn: int
    phase: str
    """``trade``, ``respond``, ``accept``, ``fulfil``, ``display``, ``draw``,
    ``final_display`` or ``over``."""
    draft: list[str]
    """The statement being composed, as tokens (``compose.py``)."""
    backs: list[int]
    trade: Trade | None
    picks: list[list[int] | None]
    committed: list[bool]
    closed: bool
    final: int
    final_left: int
    fd: list[int]
    stall: int
    drawn: int
    winners: list[int]
    reason: str
    over: bool
