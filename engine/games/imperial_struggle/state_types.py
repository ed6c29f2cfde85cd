"""The shape of an Imperial Struggle state, as TypedDicts so a type checker can check its keys.

At run time a state is a plain dict (msgpack-able, README "State"); these classes only name its
keys and value types. Per-side lists are ``[france, britain]`` (sides 0 and 1). Source: this
package's README "State", :func:`.state.new_state` and ``flow.setup`` (``scoring``,
``auction``). Bottom import layer: imports nothing from the package.
"""

from typing import Any, NotRequired, TypedDict

__all__ = ["Auction", "ImperialStruggleState", "Jacobite", "MinistrySlot"]


class MinistrySlot(TypedDict):
    """One Ministry card slot (IS-4.1.7): its card id (``"M-3"``) or None, face up or down."""

    card: str | None
    up: bool


class Jacobite(TypedDict):
    """The Jacobite record (IS-8): Jacobite victories, whether a defeat happened, and whether
    France has won the right to its third Ministry slot."""

    victories: int
    defeat: bool
    right: bool


class Auction(TypedDict):
    """The IS-V05 side auction while it runs (``auction.py``): the bidding seat, the side bid
    for (None before it is named), the bid, and the step (``side``, ``bid`` or ``respond``)."""

    bidder: int
    side: int | None
    bid: int
    step: str


class ImperialStruggleState(TypedDict):
    """An Imperial Struggle state (README "State"). Every key is required except ``log0``,
    which ``rules.setup`` writes (a position built by ``position.build`` has none)."""

    rng: list[int]
    """The engine's RNG cell (engine/rng.py)."""
    opts: dict[str, Any]
    """The resolved rule options (``rules.OPTIONS``, IS-18)."""
    names: list[str]
    """Seat names."""
    side_seat: list[int]
    """``[seat_of_france, seat_of_britain]``."""
    ti: int
    """Index into ``board.TURN_TRACK`` (0 = T1 … 9 = T6)."""
    vp: int
    """The shared VP track (IS-0.1): starts at 15, France scores up, Britain down."""
    debt: list[int]
    limit: list[int]
    trp: list[int]
    initiative: int
    """The side holding the Initiative."""
    first: int
    """The first player of the current or last Peace Turn."""
    flags: dict[str, int]
    """``{space: code}``: 0 France, 1 Britain, 2 USA, 3 Spain; a built Fort is a flag."""
    squadrons: dict[str, int]
    """``{naval_space: side}``."""
    navy: list[int]
    unbuilt: list[int]
    sq_removed: list[int]
    parked: list[list[int]]
    """``[side, count, ti_of_return]`` per parked group of Squadrons."""
    conflict: dict[str, int]
    """``{space: 1 normal | 2 plus-one}`` Conflict markers (IS-3.8)."""
    damaged: dict[str, int]
    huguenots: dict[str, int]
    """``{territory: 1 fresh | 2 spent}``."""
    adv_holder: dict[str, int]
    adv_exhausted: dict[str, int]
    deck: list[int]
    """Event cards (ints 1-41), top last."""
    discard: list[int]
    removed: list[int]
    aside: list[int]
    hands: list[list[int]]
    min_slots: list[list[MinistrySlot]]
    min_exhausted: dict[str, int]
    min_removed: dict[str, int]
    jacobite: Jacobite
    inv_stack: list[int]
    """Investment tiles, top last."""
    inv_avail: list[int]
    inv_used: list[int]
    inv_taken: dict[str, list[int]]
    """``{str(tile): [side, round_no]}``."""
    awards: dict[str, list[Any]]
    """``{region: [this_turn_tile | None, next_turn_tile | None]}``."""
    awards_out: list[Any]
    demand: list[str]
    """This turn's Global Demand commodity ids, in draw order."""
    townshend: str | None
    """The commodity named by Townshend Acts, or None."""
    byng: Any
    """The theater number named by Byng, or None."""
    war: dict[str, Any] | None
    """The next War's display (``war_tiles.py``)."""
    round: dict[str, Any] | None
    """The Action Round record (``round_record.new_round``), None between rounds."""
    rounds_done: list[int]
    stack: list[dict[str, Any]]
    """The decision stack (frames, ``frames.py``)."""
    over: bool
    winner: int | None
    reason: str
    scoring: dict[str, Any] | None
    """The last Scoring Phase's result, None before the first."""
    auction: Auction | None
    log0: NotRequired[list[list[Any]]]
    """The set-up's log events ``[[kind, seat, args], …]`` (``rules.setup_events``)."""
