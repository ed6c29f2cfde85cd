"""Imperial Struggle war spoils (IS-7.2, IS-7.3): VP/TRP, Jacobite specials, Squadron losses,
Conquest Points (``war_conquest.py``), unflags, USA/Canada (``war_usa.py``), Atlantic Dominance
and the Spanish shift.

``push_spoils(st, war, theater, winner, margin)`` pushes the ``war_spoils`` procedure frame (auto,
``pc`` over IS-7.2 steps 1–8). Sub-frames (decision frames, deciding side in brackets):

* ``war_lose`` [loser] — ``lose:<naval>`` | ``lose:navy_box`` (IS-7.3f to Unbuilt, IS-7.3g out of
  the game); asked only when the choice matters.
* ``war_cp`` [winner] — ``cp:<space>`` | ``cp_end``; a Naval target then asks
  ``from:navy_box|<naval>`` (IS-7.2.1, IS-A42, IS-V04/A49, Huguenots +1 CP).
* ``war_refuse`` [loser] — ``refuse`` (3 then 5 VP) | ``accept`` (IS-7.2.2).
* ``war_unflag`` [winner] — ``unflag:<space>`` (step 5).
* ``war_usa`` [France] — ``usa:<territory>`` toggles, ``usa_done``; then ``usa_fort:<fort>`` /
  ``usa_done``; then ``canada:yes|no`` (IS-7.3c/d, IS-10).
* ``war_spain`` [loser] — ``spain_shift:<space>`` | ``skip`` (IS-V01).

Log events: ``conquest`` {space, theater, cp, was}, ``refuse`` {territory, vp, count},
``war_unflag`` {space}, ``usa_flag`` {space}, ``usa_fort`` {space}, ``isolated_lost`` {spaces},
``jacobite`` {what: victory|right} (the Defeat: ``ministries.remove_m4`` events),
``squadron_loss`` {src, dst}, ``atlantic`` {side},
``spain_shift`` {space, code}, ``spoils`` {war, theater, winner, margin, vp, cp, trp, unflag}.
"""

from __future__ import annotations

from typing import Any

from engine.rules import Choice, Event

from . import board as B
from . import frames as F
from . import geometry as G
from . import ministries
from .state import (
    FR,
    ev,
    gain_trp,
    move_squadron,
    opposing,
    other,
    owner,
    score,
    set_flag,
)
from .war_conquest import (  # noqa: F401 (re-exported: the Conquest Points loop)
    REFUSAL_VP,
    SPANISH_TERRITORIES,
    cp_targets,
    naval_sources,
    territory_cost,
)
from .war_tiles import regioned, theater_rec
from .war_usa import USA_FORTS, USA_TERRITORIES  # noqa: F401 (re-exported; registers war_usa)

State = dict[str, Any]
Frame = dict[str, Any]

UNFLAG_TARGETS: dict[str, tuple[str, str]] = {
    "market in North America": ("market", "north_america"),
    "market in India": ("market", "india"),
    "market in the Caribbean": ("market", "caribbean"),
    "political space in Europe": ("political", "europe"),
}
"""``unflag_target`` text of the data -> (space kind, Region) (IS-7.2 step 5)."""


def spoils_row(war: str, theater: str | int, winner: int, margin: int) -> dict[str, Any] | None:
    """IS-7.2: the winner's spoils row for ``margin`` (``spoils`` or ``spoils_by_winner``), or None
    when no row matches (Atlantic Dominance at margin 1, IS-A41)."""
    rec = theater_rec(war, theater)
    rows = rec.get("spoils") or rec["spoils_by_winner"][B.SIDES_DATA[winner]]
    for row in rows:
        hi = row["margin_max"]
        if row["margin_min"] <= margin and (hi is None or margin <= hi):
            return row
    return None


def unflag_isolates(st: State, market: str) -> bool:
    """IS-7.1.2: True when removing the flag of ``market`` would leave another Market newly
    Isolated (immediate test on the current map; the state is restored)."""
    before = G.isolated_now(st)
    code = st["flags"].pop(market)
    try:
        newly = G.newly_isolated(st, before)
    finally:
        st["flags"][market] = code
    return any(m != market for m in newly)


def _w(st: State) -> dict[str, Any]:
    return st["war"]


# ---------------------------------------------------------------------------- the procedure
def push_spoils(st: State, war: str, theater: str, winner: int, margin: int) -> None:
    """Push the spoils procedure of a theater won by ``winner`` by ``margin`` (IS-7.2)."""
    F.push(
        st,
        "war_spoils",
        war=war,
        theater=str(theater),
        winner=winner,
        margin=margin,
        pc=0,
    )


def _vp_and_trp(st: State, fr: Frame, row: dict[str, Any], out: list[Event]) -> None:
    """Spoils step 1: the ``spoils`` log line, the winner's VP and the loser's TRP (the
    ``row`` of :func:`spoils_row`)."""
    war, key, w, m = fr["war"], fr["theater"], fr["winner"], fr["margin"]
    _w(st)["spain_due"] = 0
    out.append(
        ev(
            st,
            "spoils",
            w,
            war=war,
            theater=key,
            winner=w,
            margin=m,
            vp=row["winner_vp"],
            cp=row["winner_cp"],
            trp=row["loser_trp"],
            unflag=row["winner_unflag"],
        )
    )
    score(st, w, row["winner_vp"], out, "war")
    gain_trp(st, other(w), row["loser_trp"], out, "war")


def _squadron_losses(st: State, war: str, key: str, lo: int, m: int, out: list[Event]) -> None:
    """Spoils step 3: the loser ``lo``'s Squadrons lost (7YW theater 1: 1 at margin 3+, 2 at
    5+, back to the unbuilt pool; AWI theater 3: one per margin point, at most 2, removed)."""
    n, dst = 0, "unbuilt"
    if war == "7YW" and key == "1":
        n = 2 if m >= 5 else 1 if m >= 3 else 0
    elif war == "AWI" and key == "3":
        n, dst = min(2, m), "removed"
    if n:
        push_losses(st, lo, n, dst, out)


def _spoils_run(st: State, fr: Frame, out: list[Event]) -> None:
    war, key, w, m = fr["war"], fr["theater"], fr["winner"], fr["margin"]
    lo = other(w)
    row = spoils_row(war, key, w, m)
    if row is None:
        F.pop(st, fr)
        return
    pc = fr["pc"]
    fr["pc"] = pc + 1
    if pc == 0:  # 1. VP and TRP
        _vp_and_trp(st, fr, row, out)
    elif pc == 1:  # 2. Jacobite specials
        _jacobite(st, war, key, w, m, out)
    elif pc == 2:  # 3. Squadron losses
        _squadron_losses(st, war, key, lo, m, out)
    elif pc == 3:  # 4. Conquest Points
        if row["winner_cp"] > 0 and cp_targets(st, war, key, w, row["winner_cp"]):
            F.push(st, "war_cp", side=w, war=war, theater=key, cp=row["winner_cp"], naval=None)
    elif pc == 4:  # 5. unflag
        n = row["winner_unflag"]
        if n > 0 and unflag_targets(st, war, key, w):
            F.push(st, "war_unflag", side=w, war=war, theater=key, n=n)
    elif pc == 5:  # 6. USA / Canada
        if war == "AWI" and key == "1" and w == FR:
            F.push(
                st,
                "war_usa",
                side=FR,
                step="usa",
                sel=[],
                before=G.isolated_now(st),
                canada=m >= 5,
            )
    elif pc == 6:  # 7. Atlantic Dominance
        if war == "7YW" and key == "1":
            _w(st)["atlantic"] = w
            out.append(ev(st, "atlantic", w))
    elif pc == 7:  # 8. IS-V01 Spanish shift
        due = _w(st).pop("spain_due", 0)
        if due and spain_targets(st, lo):
            F.push(st, "war_spain", side=lo, n=due)
    else:
        F.pop(st, fr)


F.register("war_spoils", run=_spoils_run)


def _jacobite(st: State, war: str, key: str, w: int, m: int, out: list[Event]) -> None:
    if key != "4" or war not in ("WSS", "WAS"):
        return
    jac = st["jacobite"]
    if war == "WSS":
        if w == FR and m >= 3:
            jac["victories"] += 1
            out.append(ev(st, "jacobite", FR, what="victory", victories=jac["victories"]))
        return
    if w == FR:
        jac["victories"] += 1
        out.append(ev(st, "jacobite", FR, what="victory", victories=jac["victories"]))
        if not jac["defeat"]:
            jac["right"] = True
            out.append(ev(st, "jacobite", FR, what="right"))
    elif m >= 2:
        jacobite_defeat(st, out)


def jacobite_defeat(st: State, out: list[Event]) -> None:
    """IS-7.3b: the Jacobite Defeat (mark, end of the Jacobite right, M-4 out of the game) —
    ``ministries.remove_m4``, shared with IS-MIN20."""
    ministries.remove_m4(st, out)


# ---------------------------------------------------------------------------- Squadron losses
def _lose_options(st: State, side: int) -> list[str]:
    opts = [sp for sp in B.spaces_in(None, "naval") if st["squadrons"].get(sp) == side]
    if st["navy"][side] > 0:
        opts.append("navy_box")
    return opts


def _lose_label(src: str, dst: str) -> str:
    what = (
        "A Squadron from the Navy Box" if src == "navy_box" else f"The Squadron on {B.name_of(src)}"
    )
    return what + (" goes to the Unbuilt pool" if dst == "unbuilt" else " leaves the game")


def _lose_choices(st: State, fr: Frame) -> list[Choice]:
    return [
        Choice(f"lose:{o}", _lose_label(o, fr["dst"]), None if o == "navy_box" else o, "lose")
        for o in _lose_options(st, fr["side"])
    ]


def _lose_one(st: State, side: int, src: str, dst: str, out: list[Event]) -> None:
    move_squadron(st, side, "navy" if src == "navy_box" else src, dst, out, "war_loss")
    out.append(ev(st, "squadron_loss", side, src=src, dst=dst))


def _lose_settle(st: State, side: int, n: int, dst: str, out: list[Event]) -> int:
    """Apply losses while only one option exists; return how many are still to choose (0 when
    done or nothing is left to lose)."""
    while n > 0:
        opts = _lose_options(st, side)
        if not opts:
            return 0
        if len(opts) > 1:
            return n
        _lose_one(st, side, opts[0], dst, out)
        n -= 1
    return 0


def push_losses(st: State, side: int, n: int, dst: str, out: list[Event]) -> None:
    """IS-7.3f/g: ``side`` loses ``n`` Squadrons (Naval spaces or Navy Box; parked ones are
    exempt, IS-A43) to ``dst`` (``unbuilt`` | ``removed``); asks only when the choice matters."""
    n = _lose_settle(st, side, n, dst, out)
    if n > 0:
        F.push(st, "war_lose", side=side, n=n, dst=dst)


def _lose_apply(st: State, fr: Frame, choice: str, out: list[Event]) -> None:
    F.pop(st, fr)
    _lose_one(st, fr["side"], choice.split(":", 1)[1], fr["dst"], out)
    push_losses(st, fr["side"], fr["n"] - 1, fr["dst"], out)


F.register(
    "war_lose",
    side=lambda st, fr: fr["side"],
    **regioned(_lose_choices, _lose_apply),
    text=lambda st, fr: (f"Choose a Squadron to lose ({fr['n']} left)", ""),
)


# ---------------------------------------------------------------------------- unflag
def unflag_targets(st: State, war: str, key: str, side: int) -> list[str]:
    """IS-7.2 step 5: opposing spaces of the theater's ``unflag_target`` kind and Region."""
    spec = theater_rec(war, key).get("unflag_target")
    if not spec:
        return []
    kind, region = UNFLAG_TARGETS[spec]
    return [sp for sp in B.spaces_in(region, kind) if opposing(st, side, sp)]


def _unflag_apply(st: State, fr: Frame, choice: str, out: list[Event]) -> None:
    sp = choice.split(":", 1)[1]
    set_flag(st, sp, None, out, "war_spoils")
    out.append(ev(st, "war_unflag", fr["side"], space=sp))
    fr["n"] -= 1
    if fr["n"] <= 0 or not unflag_targets(st, fr["war"], fr["theater"], fr["side"]):
        F.pop(st, fr)


F.register(
    "war_unflag",
    side=lambda st, fr: fr["side"],
    text=lambda st, fr: ("Choose an opposing space to unflag", f"{fr['n']} to unflag"),
    **regioned(
        lambda st, fr: [
            Choice(f"unflag:{sp}", f"Unflag {B.name_of(sp)}", sp, "unflag")
            for sp in unflag_targets(st, fr["war"], fr["theater"], fr["side"])
        ],
        _unflag_apply,
    ),
)


# ---------------------------------------------------------------------------- IS-V01 Spain
def spain_targets(st: State, side: int) -> list[str]:
    """Political spaces of Spain ``side`` may shift (not its own; available)."""
    return [sp for sp in B.COUNTRIES["spain"] if owner(st, sp) != side]


def _spain_apply(st: State, fr: Frame, choice: str, out: list[Event]) -> None:
    side = fr["side"]
    fr["n"] -= 1
    if choice != "skip":
        sp = choice.split(":", 1)[1]
        code = None if owner(st, sp) is not None else side
        set_flag(st, sp, code, out, "spanish_shift")
        out.append(ev(st, "spain_shift", side, space=sp, code=code))
    if fr["n"] <= 0 or not spain_targets(st, side):
        F.pop(st, fr)


F.register(
    "war_spain",
    side=lambda st, fr: fr["side"],
    text=lambda st, fr: ("You may shift a Political space of Spain", ""),
    **regioned(
        lambda st, fr: (
            [
                Choice(f"spain_shift:{sp}", f"Shift {B.name_of(sp)}", sp, "spain_shift")
                for sp in spain_targets(st, fr["side"])
            ]
            + [Choice("skip", "Do not shift", group="spain_shift")]
        ),
        _spain_apply,
    ),
)
