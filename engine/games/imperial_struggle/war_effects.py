"""Imperial Struggle war tile effects (IS-7.1.2, IS-A10/V11, IS-A11/V10, IS-A12): legal
targets and the two frames of the War Turn's effect step.

Frame kinds: ``war_effects`` (auto: queue of ``[side, tile]`` effect tiles, in first-actor
order), ``war_target`` (owner: ``target:<space>``). Log event: ``war_effect`` {tile, effect,
target, theater}.
"""

from __future__ import annotations

from typing import Any

from engine.rules import Choice, Event

from . import board as B
from . import frames as F
from . import war_spoils as S
from .board import tile_info
from .state import ev, forced_debt, move_squadron, opposing, other, set_flag
from .text import tile_label
from .war_tiles import STRENGTH_SPACES, regioned, theater_label, theater_rec

State = dict[str, Any]
Frame = dict[str, Any]


def effect_targets(st: State, war: str, theater: str, side: int, effect: str) -> list[str]:
    """Legal targets (space ids, data order) of ``side``'s tile ``effect`` in ``theater``
    (IS-7.1.2, IS-A10/V11, IS-A11/V10). ``opponent_debt`` has none (it needs no target)."""
    rec = theater_rec(war, theater)
    regions = rec["regions"]
    opp = other(side)
    if effect == "damage_fort_or_remove_squadron":
        out = []
        reach_all = st["opts"].get("war_squadron_scope", "counting") != "region"
        for sp in B.SPACE_ORDER:
            k = B.kind_of(sp)
            if k == "fort":
                if (
                    B.region_of(sp) in regions
                    and st["flags"].get(sp) == opp
                    and sp not in st["damaged"]
                ):
                    out.append(sp)
            elif (
                k == "naval"
                and st["squadrons"].get(sp) == opp
                and (
                    B.region_of(sp) in regions
                    or (reach_all and sp in STRENGTH_SPACES.get((war, int(theater)), ()))
                )
            ):
                out.append(sp)
        return out
    if effect == "unflag":
        conflicted_ok = st["opts"].get("war_unflag_conflicted") == "on"
        pol: list[str] = []
        mkts: list[str] = []
        for r in regions:
            for sp in B.spaces_in(r, "political"):
                if opposing(st, side, sp) and (conflicted_ok or sp not in st["conflict"]):
                    pol.append(sp)
            for sp in B.spaces_in(r, "market"):
                if opposing(st, side, sp) and (conflicted_ok or sp not in st["conflict"]):
                    mkts.append(sp)
        safe = [m for m in mkts if not S.unflag_isolates(st, m)]
        allowed = set(pol) | set(safe or mkts)
        return [sp for sp in B.SPACE_ORDER if sp in allowed]
    return []


def _effects_run(st: State, fr: Frame, out: list[Event]) -> None:
    war = st["war"]["id"]
    while fr["queue"]:
        side, tile = fr["queue"].pop(0)
        effect = tile_info(tile)["effect"]
        if effect == "opponent_debt":
            forced_debt(st, other(side), 1, out, "war_tile")
            out.append(
                ev(
                    st,
                    "war_effect",
                    side,
                    tile=tile,
                    effect=effect,
                    target=None,
                    theater=fr["theater"],
                )
            )
            continue
        if not effect_targets(st, war, fr["theater"], side, effect):
            out.append(
                ev(
                    st,
                    "war_effect",
                    side,
                    tile=tile,
                    effect=effect,
                    target=None,
                    theater=fr["theater"],
                )
            )
            continue
        F.push(st, "war_target", side=side, tile=tile, effect=effect, theater=fr["theater"])
        return
    F.pop(st, fr)


F.register("war_effects", run=_effects_run)


def _target_choices(st: State, fr: Frame) -> list[Choice]:
    war = st["war"]["id"]
    out = []
    for sp in effect_targets(st, war, fr["theater"], fr["side"], fr["effect"]):
        k = B.kind_of(sp)
        verb = {"fort": "Damage", "naval": "Send home the Squadron on"}.get(k, "Unflag")
        out.append(Choice(f"target:{sp}", f"{verb} {B.name_of(sp)}", sp, "target"))
    return out


def _target_apply(st: State, fr: Frame, choice: str, out: list[Event]) -> None:
    sp = choice.split(":", 1)[1]
    side = fr["side"]
    F.pop(st, fr)
    k = B.kind_of(sp)
    if k == "fort":
        st["damaged"][sp] = 1
    elif k == "naval":
        move_squadron(st, other(side), sp, "navy", out, "war_tile")
    else:
        set_flag(st, sp, None, out, "war_tile")
    out.append(
        ev(
            st,
            "war_effect",
            side,
            tile=fr["tile"],
            effect=fr["effect"],
            target=sp,
            theater=fr["theater"],
        )
    )


def _target_text(st: State, fr: Frame) -> tuple[str, str]:
    what = {
        "unflag": "choose an opposing space to unflag",
        "damage_fort_or_remove_squadron": "damage a Fort or send a Squadron to its Navy Box",
    }[fr["effect"]]
    return f"{tile_label(fr['tile'])}: {what}", theater_label(st, fr["theater"])


F.register(
    "war_target",
    side=lambda st, fr: fr["side"],
    **regioned(_target_choices, _target_apply),
    text=_target_text,
)
