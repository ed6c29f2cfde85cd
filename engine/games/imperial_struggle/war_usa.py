"""Imperial Struggle USA and Canada after a French win in the AWI's American theater
(IS-7.3c/d, IS-10): USA flags on Territories, Forts of the Northern Colonies removed, newly
isolated Markets unflagged, then Canada (Quebec & Montreal) at margin 5+.

Frame kind: ``war_usa`` [France] — ``usa:<territory>`` toggles, ``usa_done``; then
``usa_fort:<fort>`` / ``usa_done``; then ``canada:yes|no``. Log events: ``usa_flag`` {space},
``usa_fort`` {space}, ``isolated_lost`` {spaces}.
"""

from __future__ import annotations

from typing import Any

from engine.rules import Choice, Event

from . import board as B
from . import frames as F
from . import geometry as G
from .state import FR, USA, ev, owner, set_flag
from .war_tiles import regioned

State = dict[str, Any]
Frame = dict[str, Any]

USA_TERRITORIES: tuple[str, ...] = ("northern_colonies", "carolinas", "san_agustin")
"""Territories that may receive USA flags after a French AWI win (IS-7.3c)."""

USA_FORTS: tuple[str, ...] = tuple(
    s
    for s in B.spaces_in("north_america", "fort")
    if B.SPACES[s]["sub_region"] == "northern_colonies"
)
"""Forts of the Northern Colonies sub-region (``halifax``, ``ohio_forks``, ``champlain_valley``)."""


def _strip_isolated(
    st: State, before: dict[str, int], regions: tuple[str, ...], out: list[Event]
) -> None:
    lost = [m for m in G.newly_isolated(st, before) if B.region_of(m) in regions]
    for m in lost:
        set_flag(st, m, None, out, "isolated")
    if lost:
        out.append(ev(st, "isolated_lost", None, spaces=lost))


def _usa_choices(st: State, fr: Frame) -> list[Choice]:
    step = fr["step"]
    if step == "usa":
        out = []
        for t in USA_TERRITORIES:
            if owner(st, t) == USA:
                continue
            on = t in fr["sel"]
            out.append(
                Choice(
                    f"usa:{t}",
                    ("Do not place" if on else "Place") + f" a USA flag on {B.name_of(t)}",
                    t,
                    "usa",
                    "chosen" if on else "",
                )
            )
        out.append(Choice("usa_done", "Done placing USA flags", group="usa"))
        return out
    if step == "fort":
        out = [
            Choice(f"usa_fort:{f}", f"Remove the Fort on {B.name_of(f)}", f, "usa_fort")
            for f in USA_FORTS
            if f in st["flags"]
        ]
        out.append(Choice("usa_done", "Done removing Forts", group="usa"))
        return out
    return [
        Choice("canada:yes", "Place a USA flag on Quebec & Montreal", "quebec_montreal", "canada"),
        Choice("canada:no", "Leave Quebec & Montreal as it is", "quebec_montreal", "canada"),
    ]


def _usa_apply(st: State, fr: Frame, choice: str, out: list[Event]) -> None:
    step = fr["step"]
    if step == "usa" and choice.startswith("usa:"):
        t = choice.split(":", 1)[1]
        if t in fr["sel"]:
            fr["sel"].remove(t)
        else:
            fr["sel"].append(t)
        return
    if step == "usa":
        for t in fr["sel"]:
            set_flag(st, t, USA, out, "usa")
            out.append(ev(st, "usa_flag", FR, space=t))
        fr["step"] = "fort"
        if any(f in st["flags"] for f in USA_FORTS):
            return
        choice = "usa_done"
        step = "fort"
    if step == "fort" and choice.startswith("usa_fort:"):
        f = choice.split(":", 1)[1]
        set_flag(st, f, None, out, "usa")
        out.append(ev(st, "usa_fort", FR, space=f))
        if any(x in st["flags"] for x in USA_FORTS):
            return
        choice = "usa_done"
    if step == "fort":
        _strip_isolated(st, fr["before"], ("north_america", "caribbean"), out)
        if fr["canada"] and owner(st, "quebec_montreal") != USA:
            fr["step"] = "canada"
            return
        F.pop(st, fr)
        return
    F.pop(st, fr)
    if choice == "canada:yes":
        before = G.isolated_now(st)
        set_flag(st, "quebec_montreal", USA, out, "usa")
        out.append(ev(st, "usa_flag", FR, space="quebec_montreal"))
        _strip_isolated(st, before, ("north_america",), out)


F.register(
    "war_usa",
    side=lambda st, fr: fr["side"],
    **regioned(_usa_choices, _usa_apply),
    text=lambda st, fr: {
        "usa": ("Choose the Territories that become USA", ""),
        "fort": ("Remove Forts in the Northern Colonies?", ""),
        "canada": ("Canada: place a USA flag on Quebec & Montreal?", ""),
    }[fr["step"]],
)
