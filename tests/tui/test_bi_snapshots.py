"""SVG snapshots of the Brazil: Imperial match screen at 80x24 and 120x40 (``pytest
--snapshot-update`` to accept): Ann (two seats, against the random bot) choosing where to build
after a few turns of Deploy, Build and moves; the same with the player boards above the map
(``t``); and a four-seat match at its first action."""

from __future__ import annotations

from pathlib import Path

import pytest
from bi_testkit import app_for, play_until, to_setup_done

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


def at_second_build(prompt) -> bool:
    return prompt.text == "Build where?" and len(prompt.choices) >= 4


@pytest.mark.parametrize("size", SIZES)
def test_bi_build_where(snap_compare, save_dir: Path, size) -> None:
    async def run_before(pilot) -> None:
        await play_until(pilot, at_second_build)
        pilot.app.clear_notifications()

    assert snap_compare(app_for(save_dir), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_bi_player_boards(snap_compare, save_dir: Path, size) -> None:
    async def run_before(pilot) -> None:
        await play_until(pilot, at_second_build)
        pilot.app.clear_notifications()
        await pilot.press("t")
        await pilot.pause()

    assert snap_compare(app_for(save_dir), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_bi_four_seats(snap_compare, save_dir: Path, size) -> None:
    async def run_before(pilot) -> None:
        await play_until(pilot, to_setup_done)
        pilot.app.clear_notifications()

    assert snap_compare(app_for(save_dir, seats=4), terminal_size=size, run_before=run_before)
