"""Action Round rulings on paying and War tiles, checked against the rulings
(shared/rules/imperial_struggle.md): IS-A13 / IS-5.7e (Debt and TRP only for the shortfall of the
purchase being paid, never banked), IS-A35 (identity of a Basic tile removed by an Upgrade stays
hidden), IS-A19 (T6 Upgrade symbol TRP on taking the tile), IS-5.6.1 (at most 2 Bonus War tiles
per round), IS-5.6.3 (a Fort needs a neighbour held since the round's start), IS-5.3.3a (no
removal below four Basic tiles). The round's log-line wording is in test_is_log_wording.py.
"""

from __future__ import annotations

import json

import pytest
from is_helpers import (
    BR,
    FR,
    act,
    action_points,
    build,
    buy,
    choice_ids,
    display,
    prompt,
    rules,
    seat,
    to_menu,
)


def _m2_major(trp: int = 0):
    """T1, France's round: tile 22 (Military 2 · Economic 2 · Event · Upgrade), Military Major
    started with 2 MP; Debt 0 of 6."""
    st = build(
        {
            "turn": "T1",
            "at": "action",
            "side": "france",
            "inv_avail": [22, 19],
            "debt": {"france": 0},
            "trp": {"france": trp},
        }
    )
    act(st, FR, "tile:22", "actions", "act:major")
    assert action_points(st) == 2
    return st


def test_is_a13_back_after_debt_does_not_bank_points():
    """IS-A13 / IS-5.7e: Debt is taken only while paying a purchase and only for its shortfall
    ("never banked in advance"; "a purchase that cannot be paid is illegal and nothing changes").
    France (2 MP) starts paying a Squadron (4 MP), takes 2 Debt, then goes back: either `back`
    is no longer offered, or going back undoes the Debt (Debt 0, 2 MP left). The engine keeps
    the 2 Debt and leaves 4 MP in the action — Debt banked without any purchase."""
    st = _m2_major()
    act(st, FR, "build_squadron")
    assert prompt(st, FR).text.endswith("pay 4 MP")
    act(st, FR, "debt", "debt")
    assert st["debt"][FR] == 2
    if "back" not in choice_ids(st, FR):
        return
    act(st, FR, "back")
    assert (st["debt"][FR], action_points(st)) == (0, 2), (
        f"after backing out: Debt {st['debt'][FR]}, {action_points(st)} MP in the action"
    )


def test_is_a13_back_after_trp_does_not_bank_points():
    """IS-9.1 / IS-A13: TRP spent while paying follow the same rule as Debt. France (2 MP, 2 TRP)
    starts a Squadron (4 MP), spends 2 TRP, goes back: TRP 2 and 2 MP again (or no `back`)."""
    st = _m2_major(trp=2)
    act(st, FR, "build_squadron", "trp", "trp")
    assert st["trp"][FR] == 0
    if "back" not in choice_ids(st, FR):
        return
    act(st, FR, "back")
    assert (st["trp"][FR], action_points(st)) == (2, 2)


def test_is_5_6_1_two_bonus_tiles_per_round():
    """IS-5.6.1: 2 MP each, at most 2 bought per round. Tile 19 (Military 4): two purchases
    use the 4 MP; a third is not offered even though Debt could pay for it."""
    st = build({"turn": "T2", "at": "action", "side": "france", "inv_avail": [19]})
    act(st, FR, "tile:19", "actions", "act:major")
    for _ in range(2):
        act(st, FR, "bonus_tile", "confirm")
        act(st, FR, choice_ids(st, FR)[0])  # theater
    assert action_points(st) == 0
    assert "bonus_tile" not in choice_ids(st, FR)
    assert st["debt"][FR] == 0


def test_is_a19_t6_upgrade_symbol_trp_even_when_passing():
    """IS-A19 / IS-5.3.3c: on T6 the Upgrade symbol gives 1 TRP the moment the tile is taken;
    passing afterwards keeps it (Debt 3 → 1 by the pass)."""
    st = build(
        {
            "turn": "T6",
            "at": "action",
            "side": "france",
            "inv_avail": [22, 19, 0],
            "trp": {"france": 0},
            "debt": {"france": 3},
        }
    )
    act(st, FR, "tile:22")
    assert st["trp"][FR] == 1
    act(st, FR, "pass")
    assert (st["trp"][FR], st["debt"][FR]) == (1, 1)


def test_is_a35_removed_basic_tile_identity_hidden_from_france():
    """IS-A35 / IS-16.2: Britain upgrades in WAS theater 1 and removes the rejected tile from the
    game: France's view and France's log line say only "removed"; Britain's view knows which."""
    st = build({"turn": "T2", "at": "action", "side": "britain", "inv_avail": [6, 7]})
    act(st, BR, "tile:6", "actions", "upgrade", "theater:1", "keep:new")
    events = act(st, BR, "reject:remove")
    out = st["war"]["basic_out"][BR]
    assert len(out) == 1
    gone = out[0]
    fr_view = json.dumps(rules().view(st, seat(st, FR)), default=str)
    br_view = json.dumps(rules().view(st, seat(st, BR)), default=str)
    assert gone not in fr_view
    assert gone in br_view
    line = [rules().describe(e, seat(st, FR)) for e in events if e.kind == "upgrade"][0]
    assert "removed from the game" in line
    assert "Basic" in line and "Basic -" not in line and "Basic +" not in line


@pytest.mark.parametrize("niagara_at_start", [False, True])
def test_is_5_6_3_fort_needs_a_neighbour_held_since_the_round_start(niagara_at_start):
    """IS-5.6.3: Ohio Forks (neighbours Allegheny, Cumberland, Niagara, all empty) may be built
    only if France controlled a neighbour continuously since the start of the round. T1, tile 3
    (Economic 4 · Military 2): flagging Niagara with the Major this round does not qualify for
    the Military Minor; a Niagara held at the start does."""
    flags = {
        "niagara": "france" if niagara_at_start else None,
        "allegheny": None,
        "cumberland": None,
    }
    st = build({"turn": "T1", "at": "action", "side": "france", "inv_avail": [3], "flags": flags})
    act(st, FR, "tile:3", "actions", "act:major")
    if not niagara_at_start:
        buy(st, FR, "shift:niagara")
        assert st["flags"]["niagara"] == FR
    to_menu(st, FR)
    act(st, FR, "act:minor")
    assert ("fort:ohio_forks" in choice_ids(st, FR)) is niagara_at_start


def test_is_5_3_3a_no_removal_below_four_basic_tiles():
    """IS-5.3.3a: France owns exactly 4 Basic tiles (12 removed earlier): after the Upgrade draw
    the rejected tile may only go back to the pool."""
    out = [f"fr_b{k:02d}" for k in range(4, 16)]
    war = display(
        "WAS", basic={1: (["fr_b00"], ["br_b00"]), 2: (["fr_b01"], [])}, basic_out=(out, [])
    )
    st = build({"turn": "T2", "at": "action", "side": "france", "inv_avail": [7], "war": war})
    act(st, FR, "tile:7", "actions", "upgrade", "theater:1", "keep:new")
    assert choice_ids(st, FR) == ["reject:pool"]
