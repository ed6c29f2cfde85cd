"""Imperial Struggle Action Round record and AP bookkeeping (IS-5.0a, IS-5.1, IS-5.3, IS-5.7).

``st["round"]`` (the contract's round record, :func:`new_round`) is what every module of an
Action Round reads and writes: the tile, the actions (:func:`new_action`) and their points, the
Regions bought in, per-round modifiers. This module holds the record and the functions on it —
AP grants from Events and Ministries (:func:`grant`, :func:`event_done`, :func:`add_mod`,
:func:`tile_bonus`), action labels and the prompt summary — and sits below everything that
plays a round; the round's decision frames are in ``round.py``, which re-exports the hooks
:func:`grant`, :func:`add_mod`, :func:`event_done` and :func:`tile_bonus`. Importing it
registers the round's log lines (``round_text.py``).
"""

from __future__ import annotations

from typing import Any

from engine.rules import Event

from . import board as B
from . import geometry as G
from . import round_text  # noqa: F401  (registers the round's log lines)
from .text import POINT_WORD, TYPE_WORD

State = dict[str, Any]
Frame = dict[str, Any]


def new_round(st: State, side: int) -> dict[str, Any]:
    """A fresh round record (contract ``st["round"]``; IS-5.0a bookkeeping)."""
    return {
        "side": side,
        "no": st["rounds_done"][side] + 1,
        "tile": None,
        "held": G.controlled_spaces(st, side),
        "isolated": G.isolated_now(st),
        "changed": {},
        "gained_adv": {},
        "adv_used": [],
        "adv_regions": {},
        "regions": {"E": {}, "D": {}},
        "bonus_bought": 0,
        "sq_moved": {},
        "event": None,
        "event_ok": False,
        "event_done": False,
        "tile_used": False,
        "actions": [],
        "cur": None,
        "upgrade": None,
        "mods": {},
        "debt_taken": 0,
        "pending": [],
        "tile_extra": {},
        "converted": None,
    }


def new_action(typ: str, kind: str, pts: int) -> dict[str, Any]:
    """An action record (contract ``st["round"]["actions"]`` item, IS-5.7a)."""
    return {
        "type": typ,
        "kind": kind,
        "pts": pts,
        "restricted": [],
        "state": "new",
        "purchases": 0,
        "all_restricted": False,
    }


def controller(st: State) -> Frame | None:
    """The running ``is_round`` frame (top-most), or None."""
    for fr in reversed(st["stack"]):
        if fr["k"] == "is_round":
            return fr
    return None


def invest_label(tid: int) -> str:
    """'Economic 4 · Diplomatic 2 · Event · Upgrade' for an Investment tile."""
    t = B.INVEST[tid]
    mj, mn = t["major"], t["minor"]
    parts = [f"{mj['type'].title()} {mj['points']}", f"{mn['type'].title()} {mn['points']}"]
    if t["event_symbol"]:
        parts.append("Event")
    if t["military_upgrade"]:
        parts.append("Upgrade")
    return " · ".join(parts)


def action_id(a: dict[str, Any]) -> str:
    """The IS-17.6 S3 choice id of an action record."""
    if a["kind"] in ("major", "minor"):
        return f"act:{a['kind']}"
    return f"act:{a['kind']}_{a['type']}"


def action_points(a: dict[str, Any]) -> int:
    """All points (unrestricted + restricted) still in an action."""
    return a["pts"] + sum(r["pts"] for r in a["restricted"])


def action_label(a: dict[str, Any]) -> str:
    """'Economic 4 EP (Major)'."""
    kind = {"major": "Major", "minor": "Minor", "event": "Event", "bought": "Bought"}[a["kind"]]
    return f"{TYPE_WORD[a['type']]} {action_points(a)} {POINT_WORD[a['type']]} ({kind})"


def startable(st: State, a: dict[str, Any]) -> bool:
    """An action the side may start (or, with IS-V13 off, resume) now (IS-5.3, IS-A04)."""
    if a["state"] == "done":
        return False
    if a["state"] == "open" and st["opts"].get("strict_action_sequence", "on") != "off":
        return False
    return action_points(a) > 0 or a["kind"] in ("major", "minor")


def round_summary(st: State, side: int) -> str:
    """'Debt 1/6 · TRP 0 · EP regions: Caribbean' for prompts."""
    rd = st["round"]
    parts = [f"Debt {st['debt'][side]}/{st['limit'][side]}", f"TRP {st['trp'][side]}"]
    if rd is not None:
        for t in ("E", "D"):
            if rd["regions"][t]:
                names = ", ".join(B.REGION_NAMES[r] for r in rd["regions"][t])
                parts.append(f"{POINT_WORD[t]} regions: {names}")
    return " · ".join(parts)


# ---------------------------------------------------------------------------- AP hooks
def find_action(rd: dict[str, Any], typ: str, kinds: tuple[str, ...]) -> dict[str, Any] | None:
    """The first action of round record ``rd`` of type ``typ`` whose kind is in ``kinds``."""
    for a in rd["actions"]:
        if a["type"] == typ and a["kind"] in kinds:
            return a
    return None


def _tile_action(rd: dict[str, Any], typ: str) -> dict[str, Any] | None:
    for kind in ("major", "minor"):
        for a in rd["actions"][:2]:
            if a["kind"] == kind and a["type"] == typ:
                return a
    return None


def _add_pts(a: dict[str, Any], pts: int, why: str | None) -> None:
    if why:
        a["restricted"].append({"pts": pts, "why": why})
    else:
        a["pts"] += pts


def _event_grant(rd: dict[str, Any], typ: str, pts: int, why: str | None) -> None:
    """IS-5.7b: to the tile Major of that type, else to the (single) Event action of the type."""
    major = rd["actions"][0] if rd["actions"] else None
    if major is not None and major["kind"] == "major" and major["type"] == typ:
        _add_pts(major, pts, why)
        return
    a = find_action(rd, typ, ("event",))
    if a is None or a["state"] != "new":
        a = new_action(typ, "event", 0)
        a["all_restricted"] = True
        rd["actions"].append(a)
        extra = rd["tile_extra"].pop(typ, 0)
        a["pts"] += extra
        if extra:
            a["all_restricted"] = False
    _add_pts(a, pts, why)
    if not why:
        a["all_restricted"] = False


def grant(
    st: State, side: int, typ: str, pts: int, why: str | None = None, to: str | None = None
) -> None:
    """Add AP of type ``typ`` (``E``/``D``/``M``) to the current round of ``side``.

    * ``to=None`` — Event AP (IS-5.7b): while an Event resolves they are held and added when
      :func:`event_done` runs; otherwise added at once. They join the tile's Major action if it is
      of that type, else the round's Event action of that type (created on demand).
    * ``to="tile"`` — +``pts`` unrestricted to the tile action of that type (M-1, M-24a, M-26,
      IS-5.7c); when the tile has none, kept for the first Event action of that type (IS-A24).
    * ``to="current"`` — restricted points (predicate ``why``) on the action being performed
      (IS-5.7c: M-11A, M-15A, M-20, M-22a).
    ``why`` is a predicate id of :func:`purchases.restriction_ok` (None = unrestricted).
    Raises RuntimeError outside ``side``'s round.
    """
    rd = st["round"]
    if rd is None or rd["side"] != side or pts <= 0:
        if pts <= 0:
            return
        raise RuntimeError("AP granted outside the side's Action Round")
    if to == "tile":
        a = _tile_action(rd, typ)
        if a is None:
            ea = find_action(rd, typ, ("event",))
            if ea is not None and ea["state"] == "new":
                ea["pts"] += pts
                ea["all_restricted"] = False
            else:
                rd["tile_extra"][typ] = rd["tile_extra"].get(typ, 0) + pts
        else:
            _add_pts(a, pts, why)
        return
    if to == "current":
        if rd["cur"] is None:
            raise RuntimeError("no action is being performed")
        _add_pts(rd["actions"][rd["cur"]], pts, why)
        return
    if rd["event"] is not None and not rd["event_done"]:
        rd["pending"].append([typ, pts, why])
        return
    _event_grant(rd, typ, pts, why)


def add_mod(st: State, key: str, value: Any) -> None:
    """Set a transient round modifier ``st["round"]["mods"][key] = value`` (IS-5.0a clears them).
    Keys read by this package: ``ev04_squadron`` (next construction −2 MP), ``ev17`` (British
    unflag of a French Spain/Austria space −1 DP), ``min16`` (M-16 discount), ``pending_adv``
    (list: cost Advantages used through an Event, IS-8.2b)."""
    rd = st["round"]
    if rd is None:
        return
    if key == "pending_adv":
        rd["mods"].setdefault("pending_adv", []).append(value)
    else:
        rd["mods"][key] = value


def tile_bonus(st: State, n: int) -> None:
    """IS-MIN26 Lavoisier: +``n`` unrestricted points to the tile's Major and to its Minor action."""
    rd = st["round"]
    if rd is None:
        return
    for a in rd["actions"][:2]:
        a["pts"] += n


def event_done(st: State, out: list[Event]) -> None:
    """Called by the events module when the round's Event has fully resolved (IS-5.2 step 4):
    the held Event AP join the round's actions (IS-5.7b)."""
    rd = st["round"]
    if rd is None:
        return
    rd["event_done"] = True
    for typ, pts, why in rd["pending"]:
        _event_grant(rd, typ, pts, why)
    rd["pending"] = []
