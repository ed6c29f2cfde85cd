"""Imperial Struggle Military Upgrade (IS-5.3.3, IS-5.3.3a, IS-17.8, IS-V02 swap).

Frame kind: ``war_upgrade`` (``theater:<n>`` → ``keep:new|old`` → ``reject:pool|remove``;
IS-V02 ``swap:<n1>,<n2>``). Log event: ``upgrade`` {side, theater, replaced, rejected:
"pool"|"remove", kept*, other*} or {side, swap: [n1, n2]} (* secret to the owner).
"""

from __future__ import annotations

from typing import Any

from engine.rules import Choice, Event

from . import frames as F
from .state import ev
from .text import tile_label
from .war_tiles import MIN_BASIC, basic_in, owned_basic, shuffle_pile, theater_label

State = dict[str, Any]
Frame = dict[str, Any]


def upgrade_frames(st: State, side: int) -> None:
    """IS-5.3.3 / IS-17.8: push the Upgrade frame: ``theater:<n>`` → (draw) → ``keep:new|old`` →
    ``reject:pool|remove``; with IS-V02 a single ``swap:<n1>,<n2>`` step. `round.py` checked
    :func:`can_upgrade` and marks the Upgrade used."""
    swap = st["opts"].get("military_planning_swap") == "on"
    F.push(st, "war_upgrade", side=side, step="swap" if swap else "theater")


def _up_choices(st: State, fr: Frame) -> list[Choice]:
    side = fr["side"]
    step = fr["step"]
    placed = [k for k in st["war"]["theaters"] if basic_in(st, side, k)]
    if step == "swap":
        return [
            Choice(
                f"swap:{a},{b}",
                f"Swap {theater_label(st, a)} and {theater_label(st, b)}",
                group="swap",
                detail=f"{tile_label(basic_in(st, side, a)[0])} <-> {tile_label(basic_in(st, side, b)[0])}",
            )
            for i, a in enumerate(placed)
            for b in placed[i + 1 :]
        ]
    if step == "theater":
        return [
            Choice(
                f"theater:{k}",
                theater_label(st, k),
                f"theater:{k}",
                "theater",
                f"now {tile_label(basic_in(st, side, k)[0])}",
            )
            for k in placed
        ]
    if step == "keep":
        return [
            Choice("keep:new", f"Keep the new tile: {tile_label(fr['new'])}", group="keep"),
            Choice("keep:old", f"Keep the old tile: {tile_label(fr['old'])}", group="keep"),
        ]
    rejected = fr["old"] if fr["keep"] == "new" else fr["new"]
    out = [Choice("reject:pool", f"Return {tile_label(rejected)} to your pool", group="reject")]
    if owned_basic(st, side) >= MIN_BASIC:  # the drawn tile is in hand: total - 1 >= 4
        out.append(
            Choice("reject:remove", f"Remove {tile_label(rejected)} from the game", group="reject")
        )
    return out


def _up_apply(st: State, fr: Frame, choice: str, out: list[Event]) -> None:
    verb, arg = choice.split(":", 1)
    side = fr["side"]
    w = st["war"]
    if verb == "swap":
        a, b = arg.split(",")
        ta, tb = basic_in(st, side, a), basic_in(st, side, b)
        ta[0], tb[0] = tb[0], ta[0]
        F.pop(st, fr)
        out.append(ev(st, "upgrade", side, war=w["id"], swap=[a, b]))
        return
    if verb == "theater":
        fr["theater"] = arg
        fr["old"] = basic_in(st, side, arg)[0]
        fr["new"] = w["basic_pool"][side].pop()
        fr["step"] = "keep"
        return
    if verb == "keep":
        fr["keep"] = arg
        fr["step"] = "reject"
        return
    th = fr["theater"]
    kept, other = (fr["new"], fr["old"]) if fr["keep"] == "new" else (fr["old"], fr["new"])
    here = basic_in(st, side, th)
    here[here.index(fr["old"])] = kept
    if arg == "pool":
        w["basic_pool"][side].append(other)
        shuffle_pile(st, w["basic_pool"][side])
    else:
        w["basic_out"][side].append(other)
    F.pop(st, fr)
    out.append(
        ev(
            st,
            "upgrade",
            side,
            war=w["id"],
            theater=th,
            replaced=fr["keep"] == "new",
            rejected=arg,
            kept=kept,
            other=other,
        )
    )


def _up_text(st: State, fr: Frame) -> tuple[str, str]:
    step = fr["step"]
    if step == "swap":
        return "Military Upgrade: swap two of your Basic tiles", ""
    if step == "theater":
        return (
            "Military Upgrade: choose the theater",
            "you draw a Basic tile and keep one of the two",
        )
    if step == "keep":
        return (
            f"Upgrade in {theater_label(st, fr['theater'])}: you drew {tile_label(fr['new'])}",
            f"old tile {tile_label(fr['old'])}",
        )
    return "Where does the other tile go?", f"you own {owned_basic(st, fr['side']) + 1} Basic tiles"


F.register(
    "war_upgrade",
    side=lambda st, fr: fr["side"],
    choices=_up_choices,
    text=_up_text,
    apply=_up_apply,
)
