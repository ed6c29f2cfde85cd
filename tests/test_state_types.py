"""The state TypedDicts of iMperium, Mausoleum, Res Publica and Imperial Struggle name exactly
the keys the states hold: at setup and at every step of seeded random games (nested trade, bomb,
Ministry slots, Jacobite record and side auction too)."""

from __future__ import annotations

from typing import Any

import pytest

from engine import registry
from engine.games.imperial_struggle.state_types import (
    Auction,
    ImperialStruggleState,
    Jacobite,
    MinistrySlot,
)
from engine.games.imperium.state_types import ImperiumState
from engine.games.mausoleum.state_types import Bomb, MausoleumState
from engine.games.res_publica.state_types import ResPublicaState, Trade
from engine.rng import Rng, new_cell
from engine.rules import Config, SeatConfig, resolve_options

TYPES = {
    "imperium": ImperiumState,
    "mausoleum": MausoleumState,
    "res_publica": ResPublicaState,
    "imperial_struggle": ImperialStruggleState,
}
NESTED = {"mausoleum": ("bomb", Bomb), "res_publica": ("trade", Trade)}


def _keys_ok(td: Any, data: dict[str, Any]) -> None:
    keys = set(data)
    assert td.__required_keys__ <= keys, f"missing {td.__required_keys__ - keys}"
    assert keys <= td.__required_keys__ | td.__optional_keys__, (
        f"extra {keys - set(td.__annotations__)}"
    )


def _states(gid: str, seed: int, steps: int = 600, options: dict[str, Any] | None = None):
    rules = registry.get(gid)
    seats = tuple(
        SeatConfig(f"P{i + 1}") for i in range(min(rules.max_seats, rules.min_seats + seed % 3))
    )
    st = rules.setup(Config(seats, resolve_options(rules, options)), Rng(new_cell(seed)))
    yield st
    pick = Rng.seeded(seed)
    for _ in range(steps):
        waiting = rules.waiting(st)
        if not waiting:
            return
        seat = waiting[pick.randbelow(len(waiting))]
        choices = rules.prompt(st, seat).choices
        rules.apply(st, seat, choices[pick.randbelow(len(choices))].id, Rng(st["rng"]))
        yield st


@pytest.mark.parametrize("gid", sorted(TYPES))
def test_state_keys_match_the_typeddict(gid: str) -> None:
    td = TYPES[gid]
    nested_seen = False
    for seed in range(12):
        for st in _states(gid, seed):
            _keys_ok(td, st)
            if gid in NESTED:
                key, sub = NESTED[gid]
                if st[key] is not None:
                    _keys_ok(sub, st[key])
                    nested_seen = True
    assert nested_seen or gid != "res_publica"  # random play rarely leaves a bomb pending


def test_mausoleum_bomb_keys() -> None:
    """MAU-5.9: P2 must order its 3 victims (1 free morgue place), so the bomb stays."""
    from engine.games.mausoleum.position import build

    rules = registry.get("mausoleum")
    st = build(
        {
            "active": 1,
            "P1": {"hand": ["HBomb#27", "Croquet#19"], "party": ["Brat#6+Doozy#47"]},
            "P2": {
                "party": ["Aunt#1", "Grandpa#9", "Uncle#14"],
                "morgue": ["Brat#15", "Gardener#8", "Gardener#17"],
            },
            "deck": ["Punch#23"],
        }
    )
    rules.apply(st, 1, "draw:deck", Rng(st["rng"]))
    rules.apply(st, 1, "play:27", Rng(st["rng"]))
    assert st["phase"] == "order" and st["bomb"]["victims"] == [1, 9, 14]
    _keys_ok(MausoleumState, st)
    _keys_ok(Bomb, st["bomb"])


def test_mausoleum_names_are_optional() -> None:
    """A built position (README "Positions for tests") may have no seat names."""
    assert MausoleumState.__optional_keys__ == {"names"}
    assert ImperiumState.__optional_keys__ == ResPublicaState.__optional_keys__ == set()


def _is_nested_ok(st: dict[str, Any]) -> None:
    _keys_ok(Jacobite, st["jacobite"])
    for slots in st["min_slots"]:
        for slot in slots:
            _keys_ok(MinistrySlot, slot)
    if st["auction"] is not None:
        _keys_ok(Auction, st["auction"])


def test_imperial_struggle_nested_keys() -> None:
    """The Ministry slots, the Jacobite record and the IS-V05 side auction (``side_bid=on``,
    which runs before the first Peace Turn) hold exactly their TypedDicts' keys."""
    auctions = 0
    for seed in range(4):
        for st in _states("imperial_struggle", seed, 300, {"side_bid": "on"}):
            _keys_ok(ImperialStruggleState, st)
            _is_nested_ok(st)
            auctions += st["auction"] is not None
    assert auctions > 0


def test_imperial_struggle_built_position_has_no_setup_log() -> None:
    """A position (README "Positions for tests") is not set up by ``rules.setup``: no ``log0``,
    the one optional key."""
    from engine.games.imperial_struggle.position import build

    _rules, st = build({"turn": "T2", "at": "action"})
    _keys_ok(ImperialStruggleState, st)
    assert "log0" not in st
    assert ImperialStruggleState.__optional_keys__ == {"log0"}
