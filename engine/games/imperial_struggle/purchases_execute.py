"""Imperial Struggle carrying out a paid purchase (IS-5.4–5.6, IS-5.3.4): flags, Forts, Conflict
markers, Squadrons, the Event draw, the T6 conversion, Naval Bastion, the Bonus War tile draw and
the ministries' own purchases. Called by the S5 step (payment.py) once a purchase is paid; the
purchase dicts are described in purchases.py, which re-exports :func:`execute`.

Log event kinds: ``shift`` {space, mode, cost, type, detail}, ``purchase`` {what, space, cost,
type, detail} (their lines are in round_text.py).
"""

from __future__ import annotations

from typing import Any

from engine.rules import Event

from . import advantages
from . import ministries as M
from .purchases_restrict import purchase_region
from .round_record import new_action
from .state import draw_event, ev, move_squadron, opposing, other, set_flag
from .war_bonus import bonus_purchase_frames

State = dict[str, Any]
P = dict[str, Any]


def execute(st: State, side: int, p: P, cost: int, out: list[Event]) -> None:
    """Carry out a paid purchase (IS-5.4–5.6) and log it (``shift`` or ``purchase``, with
    ``cost`` and ``p["detail"]``). Records the Region for the surcharge (IS-5.3.4)."""
    k = p["kind"]
    if k == "shift":
        _shift(st, side, p, cost, out)
        return
    what = _carry_out(st, side, p, out)
    out.append(
        ev(
            st,
            "purchase",
            side,
            what=what,
            space=p.get("space"),
            cost=cost,
            type=p["type"],
            detail=p.get("detail"),
        )
    )
    if k == "bonus_tile":
        bonus_purchase_frames(st, side)
    elif k.startswith("jacobite"):
        M.perform_purchase(st, side, p["choice"], out)


def _shift(st: State, side: int, p: P, cost: int, out: list[Event]) -> None:
    """A Market or Political shift (IS-5.4, IS-5.5): unflag an opposing flag, else flag."""
    sp = p.get("space")
    reg = purchase_region(p)
    if p["type"] in ("E", "D") and reg is not None:
        st["round"]["regions"][p["type"]][reg] = 1
    if opposing(st, side, sp):
        set_flag(st, sp, None, out, "shift")
        mode = "unflag"
    else:
        set_flag(st, sp, side, out, "shift")
        mode = "flag"
    out.append(
        ev(
            st,
            "shift",
            side,
            space=sp,
            mode=mode,
            cost=cost,
            type=p["type"],
            detail=p.get("detail"),
        )
    )


def _carry_out(st: State, side: int, p: P, out: list[Event]) -> str:
    """Every other purchase's effect (IS-5.5.3, IS-5.6); returns the ``purchase`` event's
    ``what`` (the kind, or ``fort_<mode>`` / ``conflict_remove``)."""
    rd = st["round"]
    k = p["kind"]
    sp = p.get("space")
    what = k
    if k == "draw_event":
        draw_event(st, side, out)
    elif k == "fort":
        if p["mode"] == "build":
            set_flag(st, sp, side, out, "fort")
        elif p["mode"] == "repair":
            st["damaged"].pop(sp, None)
        else:
            set_flag(st, sp, None, out, "fort")
            set_flag(st, sp, side, out, "fort")
        what = f"fort_{p['mode']}"
    elif k == "conflict":
        st["conflict"].pop(sp, None)
        what = "conflict_remove"
    elif k == "build_squadron":
        move_squadron(st, side, "unbuilt", "navy", out, "build")
        rd["mods"].pop("ev04_squadron", None)
    elif k == "deploy":
        if st["squadrons"].get(sp) is not None:
            move_squadron(st, other(side), sp, "navy", out, "displaced")
        move_squadron(st, side, p["src"], sp, out, "deploy")
    elif k == "naval_bastion":
        move_squadron(st, other(side), sp, "navy", out, "naval_bastion")
        advantages.mark_used(st, side, "naval_bastion", out)
    elif k == "convert":
        rd["converted"] = p["mode"]
        b = next((a for a in rd["actions"] if a["kind"] == "bought"), None)
        if b is None:
            b = new_action(p["mode"], "bought", 0)
            rd["actions"].append(b)
        b["pts"] += 1
    elif k == "bonus_tile":
        rd["bonus_bought"] += 1
    return what
