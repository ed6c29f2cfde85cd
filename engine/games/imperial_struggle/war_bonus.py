"""Imperial Struggle Bonus War tile draws (IS-5.6.1, IS-5.6.1a, IS-EV14, IS-EV41, IS-7.6c,
IS-17.6 S4): the bought, free and carried-over draws and their placement.

Frame kinds: ``war_draws`` (automatic: draw Bonus tiles one by one), ``war_place`` (place a
drawn Bonus tile: ``theater:<n>`` → if full ``move:<tile>`` → ``to:<n>``). Log event:
``bonus_buy`` {side, theater, tile*, why, moved: {"tile"*, "to"}|None} (* secret to the
owner).
"""

from __future__ import annotations

from typing import Any

from engine.rules import Choice, Event

from . import frames as F
from .state import ev
from .text import tile_label
from .war_tiles import BONUS_LIMIT, bonus_in, has_next_war, rooms, theater_label

State = dict[str, Any]
Frame = dict[str, Any]


def bonus_purchase_frames(st: State, side: int) -> None:
    """IS-5.6.1, IS-17.6 S4: push the draw-and-place frames of one bought Bonus tile. The purchase
    code has already checked :func:`can_buy_bonus`, charged 2 MP and counted the purchase.
    The draw happens when the frame runs (an automatic step), then ``theater:<n>``; placing in a
    full theater asks ``move:<tile>`` → ``to:<n>``."""
    F.push(st, "war_draws", side=side, n=1, theater=None, why="buy")


def free_bonus_draws(
    st: State,
    side: int,
    n: int,
    theater: str | int | None = None,
    out: list[Event] | None = None,
    why: str | None = None,
) -> None:
    """Push frames drawing ``n`` free Bonus tiles for ``side`` (IS-EV14, IS-EV41, IS-7.6c), each
    placed per IS-5.6.1a. ``theater`` given: every tile goes there (incumbents moved out as
    needed); draws stop early when no placement is possible or the pool is empty. These are not
    purchases. ``out`` is unused (kept for the hook signature): the draws happen when the frames
    run. ``why`` tags the ``bonus_buy`` events (default ``free``; the round passes ``carry``)."""
    if n <= 0 or not has_next_war(st):
        return
    F.push(
        st,
        "war_draws",
        side=side,
        n=n,
        theater=None if theater is None else str(theater),
        why="free" if why is None else why,
    )


def _draws_run(st: State, fr: Frame, out: list[Event]) -> None:
    side = fr["side"]
    w = st.get("war")
    if fr["n"] <= 0 or not w or not w["bonus_pool"][side]:
        F.pop(st, fr)
        return
    th = fr["theater"]
    if th is not None:
        if len(bonus_in(st, side, th)) >= BONUS_LIMIT and not rooms(st, side, exclude=th):
            F.pop(st, fr)
            return
    elif not rooms(st, side):
        F.pop(st, fr)
        return
    fr["n"] -= 1
    tile = w["bonus_pool"][side].pop()
    if th is not None and len(bonus_in(st, side, th)) < BONUS_LIMIT:
        _place(st, side, tile, th, None, fr["why"], out)
        return
    F.push(
        st,
        "war_place",
        side=side,
        tile=tile,
        theater=th,
        step="move" if th is not None else "theater",
        why=fr["why"],
    )


F.register("war_draws", run=_draws_run)


def _place(
    st: State,
    side: int,
    tile: str,
    theater: str,
    moved: dict[str, str] | None,
    why: str,
    out: list[Event],
) -> None:
    if moved is not None:
        bonus_in(st, side, theater).remove(moved["tile"])
        bonus_in(st, side, moved["to"]).append(moved["tile"])
    bonus_in(st, side, theater).append(tile)
    out.append(
        ev(
            st,
            "bonus_buy",
            side,
            war=st["war"]["id"],
            theater=theater,
            tile=tile,
            why=why,
            moved=moved,
        )
    )


def _place_choices(st: State, fr: Frame) -> list[Choice]:
    side = fr["side"]
    if fr["step"] == "theater":
        out = []
        for k in st["war"]["theaters"]:
            n = len(bonus_in(st, side, k))
            if n < BONUS_LIMIT or rooms(st, side, exclude=k):
                det = f"{n} of your Bonus tiles there" + (", one must move out" if n >= 2 else "")
                out.append(
                    Choice(f"theater:{k}", theater_label(st, k), f"theater:{k}", "theater", det)
                )
        return out
    if fr["step"] == "move":
        return [
            Choice(f"move:{t}", f"Move {tile_label(t)}", t, "move")
            for t in bonus_in(st, side, fr["theater"])
        ]
    return [
        Choice(f"to:{k}", theater_label(st, k), f"theater:{k}", "to")
        for k in rooms(st, side, exclude=fr["theater"])
    ]


def _place_apply(st: State, fr: Frame, choice: str, out: list[Event]) -> None:
    verb, arg = choice.split(":", 1)
    side = fr["side"]
    if verb == "theater":
        if len(bonus_in(st, side, arg)) < BONUS_LIMIT:
            F.pop(st, fr)
            _place(st, side, fr["tile"], arg, None, fr["why"], out)
            return
        fr["theater"] = arg
        fr["step"] = "move"
        return
    if verb == "move":
        fr["moving"] = arg
        fr["step"] = "to"
        return
    F.pop(st, fr)
    _place(st, side, fr["tile"], fr["theater"], {"tile": fr["moving"], "to": arg}, fr["why"], out)


def _place_text(st: State, fr: Frame) -> tuple[str, str]:
    name = tile_label(fr["tile"])
    if fr["step"] == "theater":
        return (
            f"You drew {name}: place it in a theater",
            "at most 2 of your Bonus tiles per theater",
        )
    if fr["step"] == "move":
        return (
            f"{theater_label(st, fr['theater'])} is full: choose one of your tiles to move out",
            f"placing {name}",
        )
    return f"Move {tile_label(fr['moving'])} to which theater?", f"placing {name}"


F.register(
    "war_place",
    side=lambda st, fr: fr["side"],
    choices=_place_choices,
    text=_place_text,
    apply=_place_apply,
)
