"""The worked examples of the data README (engine/games/imperial_struggle/DATA.md, section 3,
"Living Playbook ... The extended example reproduces our numbers"), run through the engine:

* War: WSS Spain +2 → 1 VP, 1 CP and 2 TRP to the loser; Queen Anne's War +2 → 1 VP; Central
  Europe +4 → 2 VP, 1 CP and 2 TRP; Jacobite +5 → 4 VP and 2 TRP.
* Demand (Succession Era): Fish 2 VP with +1 Debt, Sugar 2 VP, Tobacco 3 VP with +1 Debt.

Each war example is one theater resolved alone; every space that could give Bonus Strength in
that theater (its ``war_strength`` list in map.json) is emptied, so the margin is exactly the
tiles' strength (IS-7.1.3).
"""

from __future__ import annotations

import importlib

import pytest
from is_helpers import (
    BR,
    FR,
    PKG,
    act,
    build,
    choice_ids,
    display,
    strength_free_flags,
    waiting_sides,
    war_position,
    war_run,
)

TILES = {2: ["fr_b00"], 4: ["fr_b00", "fr_b01"], 5: ["fr_b00", "fr_b01", "fr_b03"]}


def run_example(theater: int, margin: int):
    st = war_position(
        "WSS",
        theater,
        vp=15,
        war=display("WSS", basic={theater: (TILES[margin], [])}),
        flags=strength_free_flags("WSS", theater),
    )
    war_run(st)
    return st


def spend_all_cp(st) -> int:
    """France spends CP while offered; returns how many it spent."""
    n = 0
    while FR in waiting_sides(st):
        ids = choice_ids(st, FR)
        if not any(i.startswith("region:") for i in ids):
            cps = [i for i in ids if i.startswith("cp:")]
        else:  # the target list is split by Region (IS-17.1): enter the first Region
            act(st, FR, next(i for i in ids if i.startswith("region:")))
            cps = [i for i in choice_ids(st, FR) if i.startswith("cp:")]
        if not cps:
            break
        act(st, FR, cps[0])
        n += 1
        if BR in waiting_sides(st) and "accept" in choice_ids(st, BR):
            act(st, BR, "accept")
    return n


@pytest.mark.parametrize(
    ("theater", "margin", "vp", "cp", "loser_trp"),
    [
        (2, 2, 1, 1, 2),  # Spain +2
        (3, 2, 1, 0, 0),  # Queen Anne's War +2
        (1, 4, 2, 1, 2),  # Central Europe +4
        (4, 5, 4, 0, 2),  # Jacobite Rebellion +5
    ],
)
def test_is_data_readme_war_example(theater, margin, vp, cp, loser_trp):
    """DATA.md worked war example (IS-7.2): VP, CP and loser's TRP per theater and margin."""
    st = run_example(theater, margin)
    assert st["vp"] == 15 + vp
    assert st["trp"][BR] == loser_trp
    assert st["trp"][FR] == 0
    assert spend_all_cp(st) == cp


def test_is_data_readme_jacobite_plus_5_gives_a_jacobite_victory():
    """IS-7.3a with the example's Jacobite +5: a French win by 3+ adds a Jacobite Victory
    marker (WSS gives no Jacobite right)."""
    st = run_example(4, 5)
    assert st["jacobite"]["victories"] == 1
    assert st["jacobite"]["right"] is False


@pytest.mark.parametrize(
    ("commodity", "winner", "vp", "debt"),
    [("fish", BR, 13, 1), ("sugar", FR, 17, 0), ("tobacco", BR, 12, 1)],
)
def test_is_data_readme_demand_example(commodity, winner, vp, debt):
    """DATA.md Succession-era Global Demand: Fish 2 VP +1 Debt, Sugar 2 VP, Tobacco 3 VP +1 Debt
    (set-up markets: Fish and Tobacco British 1–0, Sugar French 2–1)."""
    scoring = importlib.import_module(f"{PKG}.scoring")
    st = build({"turn": "T1", "at": "none"})
    out: list = []
    assert scoring.score_demand(st, commodity, out) == winner
    assert st["vp"] == vp
    assert st["debt"][winner] == debt
    assert st["debt"][1 - winner] == 0
    assert st["trp"] == [0, 0]
