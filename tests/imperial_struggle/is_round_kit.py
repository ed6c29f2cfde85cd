"""Small position kit for the round helper's unit tests (IS-3.11 set-up flags plus overrides),
independent of position.py; drives frames directly."""

from __future__ import annotations

from typing import Any

from engine.games.imperial_struggle import board as B
from engine.games.imperial_struggle import frames as F
from engine.games.imperial_struggle import state as S
from engine.games.imperial_struggle.data_components import COMPONENTS
from engine.rng import new_cell

FR, BR = S.FR, S.BR
CODE = {"france": 0, "britain": 1, "usa": 2, "spain": 3, None: None}


def load_modules() -> None:
    """Import the modules whose frames the round uses."""
    from engine.games.imperial_struggle import (  # noqa: F401
        advantages,
        payment,
        purchases,
        round,
    )


def mk(
    turn: str = "T2",
    side: int = BR,
    flags: dict[str, Any] | None = None,
    squadrons: dict[str, int] | None = None,
    conflict: dict[str, int] | None = None,
    debt: tuple[int, int] = (0, 0),
    limit: tuple[int, int] | None = None,
    trp: tuple[int, int] = (0, 0),
    ministries: dict[int, list[tuple[str, bool]]] | None = None,
    damaged: list[str] | None = None,
    start: bool = True,
    **extra: Any,
) -> dict[str, Any]:
    """A set-up position on ``turn`` with overrides; pushes ``side``'s Action Round when
    ``start``. No war display (``st["war"]`` None) unless given in ``extra``."""
    load_modules()
    st = S.new_state({}, ["a", "b"], new_cell(7))
    out: list = []
    st["ti"] = B.TURN_IDS.index(turn)
    lim = {"succession": 6, "empire": 10, "revolution": 14}[S.era(st)]
    st["limit"] = list(limit) if limit else [lim, lim]
    st["debt"], st["trp"] = list(debt), list(trp)
    for s, key in ((FR, "france"), (BR, "britain")):
        for sp in COMPONENTS["setup"][key]["flags"]:
            S.set_flag(st, sp, s, out)
    for sp, code in (flags or {}).items():
        S.set_flag(st, sp, CODE.get(code, code), out)
    for sp, s in (squadrons or {}).items():
        src = "navy" if st["navy"][s] > 0 else "unbuilt"
        S.move_squadron(st, s, src, sp, out)
    st["conflict"].update(conflict or {})
    for d in damaged or []:
        st["damaged"][d] = 1
    for s, cards in (ministries or {}).items():
        st["min_slots"][s] = [{"card": c, "up": up} for c, up in cards]
    st["inv_avail"] = list(range(24))
    st.update(extra)
    if start:
        from engine.games.imperial_struggle import round as R

        R.push_action_round(st, side)
        F.advance(st, out)
    return st


def ids(st: dict[str, Any], side: int) -> list[str]:
    """Choice ids of ``side`` now."""
    return [c.id for c in F.choices_of(st, side)]


def act(st: dict[str, Any], side: int, *choices: str) -> list:
    """Apply choices in order, checking each is offered (as rules.apply would)."""
    out: list = []
    for c in choices:
        legal = ids(st, side)
        assert c in legal, f"{c!r} not in {legal}"
        F.act(st, side, c, out)
    return out


def pay(st: dict[str, Any], side: int) -> None:
    """Cover the shortfall with Debt, then confirm."""
    while "confirm" not in ids(st, side):
        act(st, side, "debt")
    act(st, side, "confirm")


def pick(st: dict[str, Any], side: int, choice: str) -> None:
    """Apply ``choice``, passing through the ``region:<id>`` step when the list is split."""
    if choice not in ids(st, side):
        sp = choice.split(":", 1)[1]
        act(st, side, f"region:{B.region_of(sp)}")
    act(st, side, choice)
