"""Fixtures of the app tests: a private save folder, and the tiny game when nothing else plays."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import registry


@pytest.fixture(autouse=True)
def config_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """IMPERIA_CONFIG_DIR pointed at an empty temporary folder: every app test starts from the
    default settings, never the player's own file."""
    folder = tmp_path / "config"
    monkeypatch.setenv("IMPERIA_CONFIG_DIR", str(folder))
    return folder


@pytest.fixture
def save_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """IMPERIA_SAVE_DIR pointed at an empty temporary folder."""
    folder = tmp_path / "saves"
    monkeypatch.setenv("IMPERIA_SAVE_DIR", str(folder))
    return folder


@pytest.fixture
def playable(monkeypatch: pytest.MonkeyPatch) -> str:
    """The game the app tests play (iMperium, or the tiny test game made playable)."""
    ids = [g.id for g in registry.games(playable_only=True)]
    if "imperium" in ids:
        return "imperium"
    monkeypatch.setattr(registry.get("highcard"), "playable", True, raising=False)
    return "highcard"
