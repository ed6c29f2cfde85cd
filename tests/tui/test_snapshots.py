"""SVG snapshots of each screen at 80x24 and 120x40 (``pytest --snapshot-update`` to accept).

Fixed seed, no blinking cursor, no animation, bots without delay, and nothing time- or
path-dependent on screen (the save folder is a fresh temporary one and never shown).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_testkit import SEED, bot_save, make_app, play

from engine.rules import SeatConfig
from tui.session import MatchSession

pytestmark = pytest.mark.usefixtures("playable")

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


def _vs_bot(save_dir: Path, game: str) -> MatchSession:
    seats = [SeatConfig("Player", "human"), SeatConfig("Bot", "random")]
    return MatchSession.start(game, seats, seed=SEED, save_path=save_dir / "snap.imperia")


@pytest.mark.parametrize("size", SIZES)
def test_menu(snap_compare, save_dir: Path, size) -> None:
    assert snap_compare(make_app(), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_new_match(snap_compare, save_dir: Path, size) -> None:
    assert snap_compare(make_app(), press=["n"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_match(snap_compare, save_dir: Path, playable: str, size) -> None:
    async def run_before(pilot) -> None:
        await play(pilot, 10)

    app = make_app(session=_vs_bot(save_dir, playable))
    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_help(snap_compare, save_dir: Path, playable: str, size) -> None:
    async def run_before(pilot) -> None:
        await play(pilot, 1)
        await pilot.press("question_mark")

    app = make_app(session=_vs_bot(save_dir, playable))
    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_replay(snap_compare, save_dir: Path, playable: str, size) -> None:
    # A teaching match: an unfinished match of any other policy replays only the table's side.
    path = bot_save(save_dir / "replay.imperia", 40, policy="teaching")

    async def run_before(pilot) -> None:
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("left", "left", "v")

    assert snap_compare(make_app(replay=path), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_rules(snap_compare, save_dir: Path, size) -> None:
    assert snap_compare(make_app(), press=["r"], terminal_size=size)


def test_too_small(snap_compare, save_dir: Path) -> None:
    assert snap_compare(make_app(), terminal_size=(50, 15))
