"""The example matches in saves/ replay and verify (golden tests), one per playable game."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import journal as jr
from engine import registry
from engine.session import load_match

SAVES = Path(__file__).resolve().parents[1] / "saves"
FILES = sorted(SAVES.glob("*.imperia"))


def test_every_playable_game_ships_an_example():
    games = {jr.read(p).header.game for p in FILES}
    assert {g.id for g in registry.games(playable_only=True)} <= games


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_example_replays_and_verifies(path):
    loaded = jr.read(path)
    assert loaded.warnings == []
    checks = [r for r in loaded.records if r[0] == jr.CHECK]
    assert checks, "an example must carry check records"
    match = load_match(loaded, verify=True)  # raises ReplayMismatch on any divergence
    assert match.outcome() is not None, "examples are finished matches"
    assert any(r[0] == jr.UNDO for r in loaded.records), "examples show takebacks"
