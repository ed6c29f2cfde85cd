"""Imperial Struggle Action Rounds (IS-5.0–5.3, IS-5.7, IS-17.6 steps S0–S3).

Frame kinds registered here:

* ``is_round`` (automatic) — the round controller, ``{"side", "pc"}``; pc runs ``start`` →
  ``s0`` → ``tile`` → ``s1`` → (``event``) → ``menu`` → ``end``.
* ``is_s0`` (decision) — before the tile: ``tile:<id>``, ministry start-of-round abilities,
  ``reveal:<M-x>``.
* ``is_s1`` (decision) — after the tile: ``pass`` (withdrawn once the tile is used),
  ``ministries.s1_choices`` (``cardinal:yes`` for a face-down Cardinal Ministers,
  ``ability:M-21``; the frame stays), ``event:<n>`` (and the events module's variants),
  ``actions``.
* ``is_menu`` (decision) — S3: ``act:major``, ``act:minor``, ``act:event_E|D|M``,
  ``act:bought_E|D``, ``upgrade``, ``adv:<id>``, ministry abilities, ``reveal:<M-x>``,
  ``end_round``.
* ``is_merge`` (decision) — ``merge_event:yes|no`` when a Minor starts while an unstarted Event
  action of its type exists (IS-5.7b, IS-A14).
* ``is_act`` / ``is_pay`` (S4 / S5) live in purchases.py / payment.py.

Hooks for other modules: :func:`push_action_round` (flow); :func:`grant`, :func:`add_mod`,
:func:`tile_bonus` and :func:`event_done` live with the round record (``round_record.py``, below
the events and ministries that call them) and are re-exported here.

Log event kinds: ``round_start`` {no}, ``tile`` {tile, major, minor}, ``pass`` {debt},
``action_start`` {type, kind, pts}, ``round_end`` {no}, ``merge`` {type, pts}; their lines, and
those of purchases.py's ``shift`` / ``purchase``, payment.py's ``pay_back`` and advantages.py's
``adv_use`` / ``adv_conflict``, are in ``round_text.py``.
"""

from __future__ import annotations

from typing import Any

from engine.choices import split_choice
from engine.rules import Choice, Event

from . import advantages as A
from . import board as B
from . import events as E
from . import frames as F
from . import ministries as M
from . import purchases  # noqa: F401  (registers is_act and is_pay, pushed by begin_action)
from . import war_tiles as WT
from . import war_upgrade as WU
from .ministries import reveal
from .round_record import (
    POINT_WORD,
    action_id,
    action_label,
    action_points,
    add_mod,
    controller,
    event_done,
    find_action,
    grant,
    invest_label,
    new_action,
    new_round,
    round_summary,
    startable,
    tile_bonus,
)
from .state import SIDE_NAMES, ev, gain_trp, reduce_debt, turn_id

State = dict[str, Any]
Frame = dict[str, Any]


def push_action_round(st: State, side: int) -> None:
    """Push one Action Round of ``side`` (contract hook for the flow). The round runs as frames;
    when it ends ``st["rounds_done"][side]`` has grown by 1 and ``st["round"]`` is None."""
    F.push(st, "is_round", side=side, pc="start")


def _start(st: State, fr: Frame, out: list[Event]) -> None:
    side = fr["side"]
    rd = new_round(st, side)
    st["round"] = rd
    M.round_reset(st)
    out.append(ev(st, "round_start", side, no=rd["no"]))
    fr["pc"] = "s0"
    if turn_id(st) == "T4" and rd["no"] == 1 and st.get("war"):
        WT.push_carry_over(st, side, out)  # IS-7.6c: the 7YW carry-over draws come before the tile


def _run_round(st: State, fr: Frame, out: list[Event]) -> None:
    pc = fr["pc"]
    side = fr["side"]
    if pc == "start":
        _start(st, fr, out)
    elif pc == "s0":
        fr["pc"] = "tile"
        if tile_choices(st, side):
            F.push(st, "is_s0", side=side)
        else:  # no tile left (only in odd test positions): the round ends
            fr["pc"] = "end"
    elif pc == "tile":
        fr["pc"] = "menu"
        F.push(st, "is_s1", side=side)
        M.after_tile(st, side, out)  # the Cardinal question goes on top of S1
    elif pc == "menu":
        fr["pc"] = "end"
        F.push(st, "is_menu", side=side)
    elif pc == "end":
        rd = st["round"]
        st["rounds_done"][side] += 1
        out.append(ev(st, "round_end", side, no=rd["no"] if rd else 0))
        st["round"] = None
        F.pop(st, fr)
    else:  # pragma: no cover - a bug
        raise RuntimeError(f"bad round pc {pc!r}")


F.register("is_round", run=_run_round)


# ---------------------------------------------------------------------------- tiles (S0)
_TILE_CH: dict[int, Choice] = {}
"""The ``tile:<id>`` choice of each Investment tile (it depends on the tile's data alone)."""


def _tile_choice(t: int) -> Choice:
    c = _TILE_CH.get(t)
    if c is None:
        label = f"Tile {t}: {invest_label(t)}"
        c = _TILE_CH[t] = Choice(f"tile:{t}", label, target=f"tile:{t}", group="tile")
    return c


def tile_choices(st: State, side: int) -> list[Choice]:
    """``tile:<id>`` for every available tile not yet taken this turn (IS-5.1)."""
    taken = st["inv_taken"]
    return [_tile_choice(t) for t in st["inv_avail"] if str(t) not in taken]


def _merge_choices(base: list[Choice], extra: list[Choice]) -> list[Choice]:
    seen = {c.id for c in base}
    return base + [c for c in extra if c.id not in seen and not seen.add(c.id)]  # type: ignore[func-returns-value]


def _s0_choices(st: State, fr: Frame) -> list[Choice]:
    side = fr["side"]
    out = tile_choices(st, side)
    return _merge_choices(out, list(M.round_start_choices(st, side)))


def _s0_text(st: State, fr: Frame) -> tuple[str, str]:
    return f"{SIDE_NAMES[fr['side']]}: choose an Investment tile", round_summary(st, fr["side"])


def take_tile(st: State, side: int, tid: int, out: list[Event]) -> None:
    """IS-5.1 / 5.1a: take tile ``tid``: record it, create the Major and Minor actions, the
    Event permission, the Upgrade (T6: 1 TRP instead, IS-A19)."""
    rd = st["round"]
    t = B.INVEST[tid]
    st["inv_taken"][str(tid)] = [side, rd["no"]]
    rd["tile"] = tid
    for kind in ("major", "minor"):
        rd["actions"].append(new_action(B.TYPE_LETTER[t[kind]["type"]], kind, t[kind]["points"]))
    rd["event_ok"] = bool(t["event_symbol"])
    out.append(ev(st, "tile", side, tile=tid, label=invest_label(tid)))
    if t["military_upgrade"]:
        if turn_id(st) == "T6":
            gain_trp(st, side, 1, out, "upgrade_symbol")
        else:
            rd["upgrade"] = "avail"


def _s0_apply(st: State, fr: Frame, choice: str, out: list[Event]) -> None:
    side = fr["side"]
    if choice.startswith("tile:"):
        F.pop(st, fr)
        take_tile(st, side, int(split_choice(choice, "tile")), out)
        return
    if choice.startswith("reveal:"):
        reveal(st, side, split_choice(choice, "reveal"), out)
        return
    M.apply_ability(st, side, choice, out)


F.register(
    "is_s0", side=lambda st, fr: fr["side"], choices=_s0_choices, text=_s0_text, apply=_s0_apply
)


# ---------------------------------------------------------------------------- S1
def _event_choices(st: State, side: int) -> list[Choice]:
    rd = st["round"]
    if (
        rd["event"] is not None
    ):  # The Cardinal Ministers use the tile but keep the Event (IS-17.6 S1)
        return []
    out = []
    for c in E.playable(st, side):
        if isinstance(c, Choice):
            out.append(c)
        else:
            out.append(Choice(f"event:{c}", f"Play {B.EVENTS[c]['name']}", group="event"))
    return out


def _s1_choices(st: State, fr: Frame) -> list[Choice]:
    side = fr["side"]
    rd = st["round"]
    out: list[Choice] = []
    if not rd["tile_used"] and rd["event"] is None:
        d = min(2, st["debt"][side])
        out.append(Choice("pass", f"Pass (Debt −{d})" if d else "Pass", group="pass"))
    out += list(M.s1_choices(st, side))  # a face-down Cardinal Ministers (reveals it), Townshend
    out += _event_choices(st, side)
    out.append(Choice("actions", "Take actions", group="actions"))
    return out


def _s1_text(st: State, fr: Frame) -> tuple[str, str]:
    return f"{SIDE_NAMES[fr['side']]}: pass, play an Event or take actions", round_summary(
        st, fr["side"]
    )


def _s1_apply(st: State, fr: Frame, choice: str, out: list[Event]) -> None:
    side = fr["side"]
    if choice.startswith(("cardinal:", "ability:")):  # ministries.s1_choices: S1 stays
        M.apply_ability(st, side, choice, out)
        return
    ctl = controller(st)
    F.pop(st, fr)
    if choice == "pass":
        n = reduce_debt(st, side, 2, out, "pass")
        out.append(ev(st, "pass", side, debt=n))
        ctl["pc"] = "end"
        return
    if choice == "actions":
        return
    how, _, n = choice.partition(":")
    card = int(n)
    st["round"]["event"] = card
    how = {"event": "normal", "event_bank": "bank", "event_condorcet": "condorcet"}.get(how, how)
    E.start(st, side, card, how, out)


F.register(
    "is_s1", side=lambda st, fr: fr["side"], choices=_s1_choices, text=_s1_text, apply=_s1_apply
)


# ---------------------------------------------------------------------------- S3 menu
def upgrade_possible(st: State, side: int) -> bool:
    """IS-5.3.3 / 5.3.3a: a Military Upgrade is possible now: a next War, not T6, and
    ``war_tiles.can_upgrade`` (a Basic tile of ``side`` placed and its Basic pool not empty;
    IS-V02: two Basic tiles placed)."""
    war = st.get("war")
    if not war or turn_id(st) == "T6":
        return False
    return bool(WT.can_upgrade(st, side))


def _menu_choices(st: State, fr: Frame) -> list[Choice]:
    side = fr["side"]
    rd = st["round"]
    out: list[Choice] = []
    for a in rd["actions"]:
        if startable(st, a):
            out.append(Choice(action_id(a), action_label(a), group="action"))
    if rd["upgrade"] == "avail" and upgrade_possible(st, side):
        out.append(Choice("upgrade", "Military Upgrade", group="upgrade"))
    out += A.menu_choices(st, side)
    out = _merge_choices(out, list(M.menu_choices(st, side)))
    out.append(Choice("end_round", "End the round", group="end"))
    return out


def _menu_text(st: State, fr: Frame) -> tuple[str, str]:
    rd = st["round"]
    acts = [action_label(a) for a in rd["actions"] if a["state"] != "done"]
    summary = round_summary(st, fr["side"])
    if acts:
        summary = " · ".join(acts) + " · " + summary
    return f"{SIDE_NAMES[fr['side']]}: choose an action", summary


def begin_action(st: State, side: int, idx: int, out: list[Event]) -> None:
    """Open (or, with IS-V13 off, resume) action ``idx`` and push its S4 frame (``is_act``)."""
    rd = st["round"]
    a = rd["actions"][idx]
    if a["state"] == "open":
        rd["cur"] = idx
        F.push(st, "is_act", side=side, ai=idx, region=None, sub=None)
        return
    a["state"] = "open"
    rd["cur"] = idx
    if a["kind"] in ("major", "minor"):
        rd["tile_used"] = True
    out.append(ev(st, "action_start", side, type=a["type"], action=a["kind"], pts=action_points(a)))
    F.push(st, "is_act", side=side, ai=idx, region=None, sub=None)


def _menu_apply(st: State, fr: Frame, choice: str, out: list[Event]) -> None:
    side = fr["side"]
    rd = st["round"]
    if choice == "end_round":
        F.pop(st, fr)
        return
    if choice.startswith("act:"):
        idx = next(i for i, a in enumerate(rd["actions"]) if action_id(a) == choice)
        a = rd["actions"][idx]
        if a["kind"] == "minor" and a["state"] == "new":
            ea = find_action(rd, a["type"], ("event",))
            if ea is not None and ea["state"] == "new" and action_points(ea) > 0:
                F.push(st, "is_merge", side=side, ai=idx, ei=rd["actions"].index(ea))
                return
        begin_action(st, side, idx, out)
        return
    if choice == "upgrade":
        rd["upgrade"] = "done"
        rd["tile_used"] = True
        WU.upgrade_frames(st, side)
        return
    if choice.startswith("reveal:"):
        reveal(st, side, split_choice(choice, "reveal"), out)
        return
    if choice.startswith("adv:"):
        A.use_from_menu(st, side, split_choice(choice, "adv"), out)
        return
    M.apply_ability(st, side, choice, out)


F.register(
    "is_menu",
    side=lambda st, fr: fr["side"],
    choices=_menu_choices,
    text=_menu_text,
    apply=_menu_apply,
)


def _merge_choices_fr(st: State, fr: Frame) -> list[Choice]:
    ea = st["round"]["actions"][fr["ei"]]
    return [
        Choice("merge_event:yes", f"Add the Event's {action_points(ea)} {POINT_WORD[ea['type']]}"),
        Choice("merge_event:no", "Keep them for a separate action"),
    ]


def _merge_apply(st: State, fr: Frame, choice: str, out: list[Event]) -> None:
    side = fr["side"]
    rd = st["round"]
    F.pop(st, fr)
    if choice == "merge_event:yes":
        mi, ea = rd["actions"][fr["ai"]], rd["actions"][fr["ei"]]
        mi["pts"] += ea["pts"]
        mi["restricted"] += ea["restricted"]
        out.append(ev(st, "merge", side, type=ea["type"], pts=action_points(ea)))
        ea["pts"], ea["restricted"], ea["state"] = 0, [], "done"
    begin_action(st, side, fr["ai"], out)


F.register(
    "is_merge",
    side=lambda st, fr: fr["side"],
    choices=_merge_choices_fr,
    text=lambda st, fr: (
        "Add the Event points to this Minor action?",
        round_summary(st, fr["side"]),
    ),
    apply=_merge_apply,
)


__all__ = [  # this module's hook and those of the round record it re-exports
    "add_mod",
    "event_done",
    "grant",
    "push_action_round",
    "tile_bonus",
]
