"""Imperial Struggle Conquest Points (IS-7.2.1, IS-7.2.2, IS-A42, IS-V04/A49, IS-MIN09a):
targets, the winner's CP loop and the loser's refusal.

Frame kinds: ``war_cp`` [winner] — ``cp:<space>`` | ``cp_end``; a Naval target then asks
``from:navy_box|<naval>``; ``war_refuse`` [loser] — ``refuse`` (3 then 5 VP) | ``accept``.
Log events: ``conquest`` {space, theater, cp, was}, ``refuse`` {territory, vp, count}.
"""

from __future__ import annotations

from typing import Any

from engine.rules import Choice, Event

from . import board as B
from . import frames as F
from .state import USA, controls, ev, move_squadron, other, owner, score, set_flag
from .war_tiles import regioned, theater_rec

State = dict[str, Any]
Frame = dict[str, Any]

REFUSAL_VP: tuple[int, int] = (3, 5)
"""VP a loser pays for its first and second refusal in one War (IS-7.2.2)."""

SPANISH_TERRITORIES: tuple[str, ...] = tuple(
    s for s in B.spaces_in(None, "territory") if B.SPACES[s]["printed_nation"] == "spain"
)
"""Spanish-coloured Territories (IS-V01 shift trigger): gibraltar, minorca, asiento, san_agustin."""


def _w(st: State) -> dict[str, Any]:
    return st["war"]


def _theater_regions(war: str, key: str) -> list[str]:
    return theater_rec(war, key)["regions"]


def _line_ok(st: State, side: int, space: str, lines: dict[str, tuple[str, ...]]) -> bool:
    ends = lines.get(space, ())
    return not ends or any(controls(st, side, e) for e in ends)


def territory_cost(st: State, territory: str) -> int:
    """CP to conquer ``territory``: printed cost, +1 with a Huguenots marker (IS-MIN09a, IS-A53)."""
    return int(B.SPACES[territory]["cost"] or 1) + (1 if territory in st["huguenots"] else 0)


def naval_sources(st: State, war: str, key: str, side: int) -> list[str]:
    """Where ``side`` may take a Squadron from to enter a Naval space with CP (IS-7.2.1.1b/c):
    ``navy_box`` and its Naval spaces in the theater's Region(s) not entered by CP this War."""
    regions = _theater_regions(war, key)
    src = ["navy_box"] if st["navy"][side] > 0 else []
    for r in regions:
        for sp in B.spaces_in(r, "naval"):
            if st["squadrons"].get(sp) == side and sp not in _w(st)["cp_naval"]:
                src.append(sp)
    return src


def cp_targets(st: State, war: str, key: str, side: int, cp: int) -> list[str]:
    """Spaces ``side`` may spend CP on now (IS-7.2.1), data order, with ``cp`` points left."""
    regions = _theater_regions(war, key)
    extra = theater_rec(war, key).get("additional_territories", [])
    tough = st["opts"].get("tougher_forts") == "on"
    w = _w(st)
    out = []
    for sp in B.SPACE_ORDER:
        k = B.kind_of(sp)
        rg = B.region_of(sp)
        o = owner(st, sp)
        if o == side:
            continue
        if k == "territory":
            if (rg not in regions and sp not in extra) or o == USA or sp in w["refused"]:
                continue
            if territory_cost(st, sp) > cp or not _line_ok(st, side, sp, B.LINES):
                continue
            out.append(sp)
        elif rg not in regions:
            continue
        elif k == "market":
            out.append(sp)
        elif k == "fort":
            if tough and not _line_ok(st, side, sp, B.LINES_TOUGH):
                continue
            out.append(sp)
        elif k == "naval" and [s for s in naval_sources(st, war, key, side) if s != sp]:
            out.append(sp)
    return out


def _cp_choices(st: State, fr: Frame) -> list[Choice]:
    side = fr["side"]
    if fr["naval"] is not None:
        return [
            Choice(
                f"from:{s}",
                "From the Navy Box" if s == "navy_box" else f"From {B.name_of(s)}",
                None if s == "navy_box" else s,
                "from",
            )
            for s in naval_sources(st, fr["war"], fr["theater"], side)
            if s != fr["naval"]
        ]
    out = []
    for sp in cp_targets(st, fr["war"], fr["theater"], side, fr["cp"]):
        k = B.kind_of(sp)
        cost = territory_cost(st, sp) if k == "territory" else 1
        o = owner(st, sp)
        det = f"{cost} CP" + (
            "" if o is None else f", now {['French', 'British', 'USA', 'Spanish'][o]}"
        )
        out.append(Choice(f"cp:{sp}", f"Take {B.name_of(sp)}", sp, "cp", det))
    out.append(Choice("cp_end", "Stop spending Conquest Points", group="cp"))
    return out


def _cp_text(st: State, fr: Frame) -> tuple[str, str]:
    if fr["naval"] is not None:
        return f"Which Squadron enters {B.name_of(fr['naval'])}?", f"{fr['cp']} CP left"
    return "Spend Conquest Points", f"{fr['cp']} CP left"


def _cp_close_if_done(st: State, fr: Frame) -> None:
    if F.top(st) is fr and (
        fr["cp"] <= 0 or not cp_targets(st, fr["war"], fr["theater"], fr["side"], fr["cp"])
    ):
        F.pop(st, fr)


def _cp_apply(st: State, fr: Frame, choice: str, out: list[Event]) -> None:
    side = fr["side"]
    if choice == "cp_end":
        F.pop(st, fr)
        return
    verb, sp = choice.split(":", 1)
    if verb == "from":
        dst = fr["naval"]
        fr["naval"] = None
        fr["cp"] -= 1
        was = owner(st, dst)
        if was is not None:
            move_squadron(st, was, dst, "navy", out, "conquest")
        move_squadron(st, side, "navy" if sp == "navy_box" else sp, dst, out, "conquest")
        _w(st)["cp_naval"][dst] = 1
        out.append(ev(st, "conquest", side, space=dst, theater=fr["theater"], cp=1, was=was))
        _cp_close_if_done(st, fr)
        return
    k = B.kind_of(sp)
    if k == "naval":
        fr["naval"] = sp
        return
    was = owner(st, sp)
    if k == "territory":
        cost = territory_cost(st, sp)
        fr["cp"] -= cost
        if was is None and sp in SPANISH_TERRITORIES and st["opts"].get("spanish_empire") == "on":
            _w(st)["spain_due"] = _w(st).get("spain_due", 0) + 1
        lo = other(side)
        if was == lo and _w(st)["refusals"][lo] < len(REFUSAL_VP):
            F.push(
                st, "war_refuse", side=lo, territory=sp, winner=side, cp=cost, theater=fr["theater"]
            )
            return
        set_flag(st, sp, side, out, "conquest")
        out.append(ev(st, "conquest", side, space=sp, theater=fr["theater"], cp=cost, was=was))
        _cp_close_if_done(st, fr)
        return
    fr["cp"] -= 1
    set_flag(st, sp, side, out, "conquest")
    out.append(ev(st, "conquest", side, space=sp, theater=fr["theater"], cp=1, was=was))
    _cp_close_if_done(st, fr)


F.register(
    "war_cp", side=lambda st, fr: fr["side"], text=_cp_text, **regioned(_cp_choices, _cp_apply)
)


def _refuse_choices(st: State, fr: Frame) -> list[Choice]:
    vp = REFUSAL_VP[_w(st)["refusals"][fr["side"]]]
    name = B.name_of(fr["territory"])
    return [
        Choice("refuse", f"Refuse to cede {name}", fr["territory"], "refuse", f"gives {vp} VP"),
        Choice("accept", f"Cede {name}", fr["territory"], "refuse"),
    ]


def _refuse_apply(st: State, fr: Frame, choice: str, out: list[Event]) -> None:
    F.pop(st, fr)
    lo, win, sp = fr["side"], fr["winner"], fr["territory"]
    w = _w(st)
    if choice == "refuse":
        vp = REFUSAL_VP[w["refusals"][lo]]
        w["refusals"][lo] += 1
        w["refused"][sp] = 1
        out.append(ev(st, "refuse", lo, territory=sp, vp=vp, count=w["refusals"][lo]))
        score(st, win, vp, out, "refusal")
    else:
        set_flag(st, sp, win, out, "conquest")
        out.append(ev(st, "conquest", win, space=sp, theater=fr["theater"], cp=fr["cp"], was=lo))
    below = F.top(st)
    if below is not None and below["k"] == "war_cp":
        _cp_close_if_done(st, below)


F.register(
    "war_refuse",
    side=lambda st, fr: fr["side"],
    choices=_refuse_choices,
    text=lambda st, fr: (
        f"{B.name_of(fr['territory'])} is being conquered: refuse or cede?",
        f"refusals this War: {_w(st)['refusals'][fr['side']]} of 2",
    ),
    apply=_refuse_apply,
)
