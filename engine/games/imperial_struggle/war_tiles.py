"""Imperial Struggle War display: tiles, pools, lookups, set-up and layout, event helpers.

The display of the next War lives in ``st["war"]`` (contract shape; theater keys are strings)::

    {"id": "WSS", "theaters": {"1": {"basic": [[fr ids], [br ids]], "bonus": [[...], [...]]}, ...},
     "basic_pool": [[...], [...]], "bonus_pool": [[...], [...]], "basic_out": [[...], [...]],
     "atlantic": None | side, "carry": [n_fr, n_br], "revealed": {tile: 1},
     "refusals": [0, 0], "refused": {territory: 1}, "cp_naval": {naval: 1}}

Pools are ordered lists; a draw takes the last tile (IS-3.7b); a tile returned to a pool is
appended and the pool reshuffled through the engine RNG. ``st["war"]`` is None once the AWI is
over (no next War). The Byng marker is ``st["byng"]`` (a theater number) (IS-EV18).

Sources: IS-3.7 (tiles and pools), IS-3.11f (set-up display), IS-5.3.3 / IS-17.8 (Military
Upgrade), IS-5.6.1 / 5.6.1a (Bonus tile purchase, theater limit), IS-7.6 (layout, 7YW carry-over),
IS-V02 (Upgrade swap), IS-V03 (deal layout), IS-16 (tile identities are private to their owner).

Frame kind registered here: ``war_deal`` (IS-V03 assignment, a ``par`` sub-frame). The Bonus
tile draws (``war_draws``, ``war_place``) are in ``war_bonus.py``, the Military Upgrade
(``war_upgrade``) in ``war_upgrade.py``, which import this module (``war.py`` re-exports their
hooks); :func:`push_carry_over` pushes the carry-over ``war_draws`` frame.

Log events (hidden args are marked *secret*: only the owner's ``describe`` may show them):
``war_layout`` {war}, ``bonus_buy`` {side, theater, tile*, why, moved: {"tile"*, "to"}|None}
(why = ``buy`` | ``free`` | ``setup`` | ``carry`` | event id), ``bonus_return`` {side, theater,
tile*}, ``upgrade`` {side, theater, replaced, rejected: "pool"|"remove", kept*, other*} or
{side, swap: [n1, n2]}, ``byng`` {theater}, ``basic_deal`` {side, theater, tile*}.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.rules import Choice, Event

from . import board as B
from . import frames as F
from .board import is_basic, tile_info  # noqa: F401  (re-exported: the app's board reads them here)
from .state import BR, FR, ev, rng
from .text import tile_label

State = dict[str, Any]
Frame = dict[str, Any]

WAR_ORDER: tuple[str, ...] = ("WSS", "WAS", "7YW", "AWI")
"""The four Wars in turn-track order (IS-2.1)."""

BONUS_LIMIT = 2
"""At most this many Bonus tiles of one side per theater (IS-5.6.1a)."""

MIN_BASIC = 4
"""A side may not remove a Basic tile if it would then own fewer than this many (IS-5.3.3a)."""

LONG = 12
"""Space lists longer than this, spanning several Regions, are split by Region first (IS-17.1)."""


# ---------------------------------------------------------------------------- lookups
def theater_keys(war: str) -> list[str]:
    """Theater numbers of ``war`` as string keys, in resolution order (IS-7.0)."""
    return [str(n) for n in sorted(B.THEATERS[war])]


STRENGTH_SPACES: dict[tuple[str, int], tuple[str, ...]] = {}
"""(war, theater number) -> spaces whose ``war_strength`` lists that theater (IS-7.1.3)."""
for _sid in B.SPACE_ORDER:
    for _ws in B.SPACES[_sid]["war_strength"]:
        STRENGTH_SPACES.setdefault((_ws["war"], _ws["theater"]), ())
        STRENGTH_SPACES[(_ws["war"], _ws["theater"])] += (_sid,)


def theater_rec(war: str, theater: str | int) -> dict[str, Any]:
    """The components.json record of a theater (IS-7.7)."""
    return B.THEATERS[war][int(theater)]


def theater_label(st: State, theater: str | int) -> str:
    """Display name of a theater of the current display, e.g. ``Spain (WSS 2)``."""
    return B.theater_name(st["war"]["id"], int(theater))


def _new_display(war: str, old: dict[str, Any] | None) -> dict[str, Any]:
    basic_pool = [[], []] if old is None else old["basic_pool"]
    basic_out = [[], []] if old is None else old["basic_out"]
    return {
        "id": war,
        "theaters": {k: {"basic": [[], []], "bonus": [[], []]} for k in theater_keys(war)},
        "basic_pool": basic_pool,
        "bonus_pool": [[], []],
        "basic_out": basic_out,
        "atlantic": None,
        "carry": [0, 0],
        "revealed": {},
        "refusals": [0, 0],
        "refused": {},
        "cp_naval": {},
    }


def _bonus_set(war: str, side: int) -> list[str]:
    key = B.SIDES_DATA[side]
    return [f"{war}_{key}_{k}" for k in range(12)]


def shuffle_pile(st: State, pile: list[str]) -> None:
    rng(st).shuffle(pile)


def bonus_in(st: State, side: int, theater: str) -> list[str]:
    """``side``'s Bonus tiles in ``theater`` of the display (owner-private identities)."""
    return st["war"]["theaters"][str(theater)]["bonus"][side]


def basic_in(st: State, side: int, theater: str) -> list[str]:
    """``side``'s Basic tiles in ``theater`` of the display."""
    return st["war"]["theaters"][str(theater)]["basic"][side]


def bonus_count(st: State, side: int) -> int:
    """Number of ``side``'s Bonus tiles placed in the next War's theaters (IS-3.4.3
    ``more_bonus_war_tiles_next_war``); 0 when there is no next War. Atlantic Dominance and the
    Byng marker do not count."""
    w = st.get("war")
    if not w or not w.get("id"):
        return 0
    return sum(len(t["bonus"][side]) for t in w["theaters"].values())


def owned_basic(st: State, side: int) -> int:
    """Basic tiles ``side`` owns (pool + theaters), IS-5.3.3a."""
    w = st["war"]
    return len(w["basic_pool"][side]) + sum(len(t["basic"][side]) for t in w["theaters"].values())


def rooms(st: State, side: int, exclude: str | None = None) -> list[str]:
    """Theaters where ``side`` has fewer than 2 Bonus tiles (IS-5.6.1a), except ``exclude``."""
    return [
        k
        for k in st["war"]["theaters"]
        if k != exclude and len(bonus_in(st, side, k)) < BONUS_LIMIT
    ]


def has_next_war(st: State) -> bool:
    """True while a War display exists (Bonus tiles may be bought / Upgrades done: not after the
    AWI; `round.py` also checks T6)."""
    w = st.get("war")
    return bool(w and w.get("id"))


def can_buy_bonus(st: State, side: int) -> bool:
    """IS-5.6.1/5.6.1a: ``side`` can draw and place a Bonus tile now (a tile is left in its pool
    and some theater has room). The 2-per-round limit, T6 and the MP cost are the round's."""
    return has_next_war(st) and bool(st["war"]["bonus_pool"][side]) and bool(rooms(st, side))


def can_upgrade(st: State, side: int) -> bool:
    """IS-5.3.3a / IS-V02: an Upgrade is possible (a Basic tile in some theater and a non-empty
    Basic pool; with the swap option two theaters holding Basic tiles)."""
    if not has_next_war(st):
        return False
    placed = [k for k in st["war"]["theaters"] if basic_in(st, side, k)]
    if st["opts"].get("military_planning_swap") == "on":
        return len(placed) >= 2
    return bool(placed) and bool(st["war"]["basic_pool"][side])


def byng_theaters(st: State) -> list[str]:
    """Theaters of the next War whose Bonus Strength counts Squadrons (IS-EV18 British)."""
    if not has_next_war(st):
        return []
    war = st["war"]["id"]
    return [
        k
        for k in theater_keys(war)
        if B.THEATERS[war][int(k)]["bonus_strength"].get("squadrons_in")
    ]


# ---------------------------------------------------------------------------- set-up and layout
def setup_display(st: State, out: list[Event]) -> None:
    """IS-3.11f: the WSS display. Each side's 16 Basic tiles are shuffled into its pool and one is
    drawn into each WSS theater (IS-V03: dealt and assigned through frames pushed here); each
    Bonus pool = its 12 WSS tiles shuffled; France then draws one Bonus tile into theater 1
    (Central Europe). Replaces ``st["war"]``."""
    w = _new_display("WSS", None)
    for side, prefix in ((FR, "fr"), (BR, "br")):
        pool = sorted(t for t in B.BASIC_TILES if t.startswith(prefix + "_"))
        shuffle_pile(st, pool)
        w["basic_pool"][side] = pool
    st["war"] = w
    lay_out(st, "WSS", out)
    w = st["war"]
    tile = w["bonus_pool"][FR].pop()
    w["theaters"]["1"]["bonus"][FR].append(tile)
    out.append(ev(st, "bonus_buy", FR, war="WSS", theater="1", tile=tile, why="setup", moved=None))


def lay_out(st: State, war: str, out: list[Event]) -> None:
    """IS-7.6a/b: make ``war`` the next War: a fresh display (Basic pools and removed tiles kept),
    each Bonus pool = the side's 12 tiles of ``war`` shuffled, one random Basic tile per theater
    per side (IS-V03: a ``par`` frame of two ``war_deal`` frames is pushed instead; the caller
    advances)."""
    old = st.get("war")
    w = _new_display(war, old)
    st["war"] = w
    st["byng"] = None
    for side in (FR, BR):
        pool = _bonus_set(war, side)
        shuffle_pile(st, pool)
        w["bonus_pool"][side] = pool
    out.append(ev(st, "war_layout", None, war=war))
    keys = theater_keys(war)
    if st["opts"].get("military_planning_deal") == "on":
        subs: list[Frame | None] = []
        for side in (FR, BR):
            hand = [w["basic_pool"][side].pop() for _ in keys if w["basic_pool"][side]]
            subs.append(
                {"k": "war_deal", "side": side, "hand": hand, "pick": None} if hand else None
            )
        if any(subs):
            F.push(st, "par", frames=subs)
        return
    for k in keys:
        for side in (FR, BR):
            if w["basic_pool"][side]:
                w["theaters"][k]["basic"][side].append(w["basic_pool"][side].pop())


def _deal_choices(st: State, fr: Frame) -> list[Choice]:
    side = fr["side"]
    if fr["pick"] is None:
        return [Choice(f"deal:{t}", tile_label(t), target=t, group="deal") for t in fr["hand"]]
    free = [k for k in st["war"]["theaters"] if not basic_in(st, side, k)]
    return [
        Choice(f"theater:{k}", theater_label(st, k), target=f"theater:{k}", group="theater")
        for k in free
    ]


def _deal_apply(st: State, fr: Frame, choice: str, out: list[Event]) -> None:
    verb, arg = choice.split(":", 1)
    if verb == "deal":
        fr["pick"] = arg
        return
    side = fr["side"]
    tile = fr["pick"]
    fr["hand"].remove(tile)
    basic_in(st, side, arg).append(tile)
    out.append(ev(st, "basic_deal", side, war=st["war"]["id"], theater=arg, tile=tile))
    fr["pick"] = None
    if not fr["hand"]:
        fr["done"] = True


def _deal_text(st: State, fr: Frame) -> tuple[str, str]:
    if fr["pick"] is None:
        return "Choose a Basic War tile to place", f"{len(fr['hand'])} to place"
    return f"Place {tile_label(fr['pick'])} in which theater?", ""


F.register(
    "war_deal",
    side=lambda st, fr: fr["side"],
    choices=_deal_choices,
    text=_deal_text,
    apply=_deal_apply,
)


# ---------------------------------------------------------------------------- event helpers
def push_carry_over(st: State, side: int, out: list[Event] | None = None) -> int:
    """IS-7.6c: at the start of ``side``'s first Action Round of T4, push its owed 7YW carry-over
    draws and clear the debt; returns how many were owed (``round.py`` calls this in S0; the
    ``war_draws`` frame is ``war_bonus.py``'s)."""
    if not has_next_war(st):
        return 0
    n = st["war"]["carry"][side]
    st["war"]["carry"][side] = 0
    if n > 0:
        F.push(st, "war_draws", side=side, n=n, theater=None, why="carry")
    return n


def return_bonus_tile(
    st: State,
    side: int,
    theater: str | int,
    tile: str | None = None,
    out: list[Event] | None = None,
    *,
    random: bool = True,
) -> str | None:
    """Return one of ``side``'s Bonus tiles in ``theater`` to its Bonus pool, unrevealed, and
    reshuffle the pool (IS-EV07 British bonus: ``tile`` None = chosen at random, IS-A36; IS-EV12:
    the owner names ``tile``). Returns the tile, or None when ``side`` has none there. Emits
    ``bonus_return`` (tile secret to the owner)."""
    here = bonus_in(st, side, theater)
    if not here:
        return None
    if tile is None:
        tile = here[rng(st).randbelow(len(here))] if random else here[0]
    here.remove(tile)
    pool = st["war"]["bonus_pool"][side]
    pool.append(tile)
    shuffle_pile(st, pool)
    if out is not None:
        out.append(
            ev(st, "bonus_return", side, war=st["war"]["id"], theater=str(theater), tile=tile)
        )
    return tile


def place_byng(st: State, theater: str | int, out: list[Event] | None = None) -> None:
    """IS-EV18 British: put the Byng marker in ``theater`` of the next War (+2 Britain there,
    removed at that War's Reset). Theaters allowed: :func:`byng_theaters`."""
    st["byng"] = int(theater)
    if out is not None:
        out.append(ev(st, "byng", BR, war=st["war"]["id"], theater=str(theater)))


# ---------------------------------------------------------------------------- long lists
def split_by_region(fr: Frame, choices: list[Choice]) -> list[Choice]:
    """IS-17.1: the choices of a war prompt, split in two steps when long.

    Choices whose ``target`` is a space are the space list. With more than :data:`LONG` of them in
    more than one Region, the first step offers ``region:<id>`` ("Caribbean (9)", map order) plus
    every choice that names no space (``cp_end``, ``lose:navy_box``, ``skip``...); once
    ``fr["region"]`` is set (see :func:`region_step`) the prompt lists that Region's space choices
    and ``back``. Shorter or single-Region lists are returned unchanged."""
    spaced = [c for c in choices if c.target in B.SPACES]
    if fr.get("region"):
        return [c for c in spaced if B.region_of(c.target) == fr["region"]] + [
            Choice("back", "Back", group="back")
        ]
    regions = {B.region_of(c.target) for c in spaced}
    if len(spaced) <= LONG or len(regions) < 2:
        return choices
    out = []
    for r in B.REGIONS:
        n = sum(1 for c in spaced if B.region_of(c.target) == r)
        if n:
            out.append(Choice(f"region:{r}", f"{B.REGION_NAMES[r]} ({n})", group="region"))
    return out + [c for c in choices if c.target not in B.SPACES]


def region_step(fr: Frame, choice: str) -> bool:
    """Apply the Region step of :func:`split_by_region`: ``region:<id>`` opens that Region,
    ``back`` returns to the first step (both return True: nothing else happens). Any other choice
    closes the Region (the next prompt starts again from the first step) and returns False."""
    if choice.startswith("region:"):
        fr["region"] = choice.split(":", 1)[1]
        return True
    if choice == "back":
        fr["region"] = None
        return True
    if fr.get("region"):
        fr["region"] = None
    return False


def regioned(
    choices: Callable[[State, Frame], list[Choice]],
    apply: Callable[[State, Frame, str, list[Event]], None],
) -> dict[str, Any]:
    """``choices=`` / ``apply=`` keyword arguments of ``frames.register`` for a decision frame
    whose space list is split by Region when long (:func:`split_by_region`, IS-17.1)."""

    def split_choices(st: State, fr: Frame) -> list[Choice]:
        return split_by_region(fr, choices(st, fr))

    def split_apply(st: State, fr: Frame, choice: str, out: list[Event]) -> None:
        if not region_step(fr, choice):
            apply(st, fr, choice, out)

    return {"choices": split_choices, "apply": split_apply}
