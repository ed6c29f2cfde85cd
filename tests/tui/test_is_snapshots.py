"""SVG snapshots of the Imperial Struggle match screen at 80x24 and 120x40 (``pytest
--snapshot-update`` to accept): an Action Round choosing a purchase (the map), the records, and
a War Turn decision on the War pane. Ann (France) plays by :func:`is_testkit.pick` against the
random bot from the tests' seed."""

from __future__ import annotations

from pathlib import Path

import pytest
from is_testkit import QUICK, app_for, at_purchase, at_war, play_until

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


@pytest.mark.parametrize("size", SIZES)
def test_is_action_round(snap_compare, save_dir: Path, size) -> None:
    async def run_before(pilot) -> None:
        await play_until(pilot, at_purchase)

    assert snap_compare(app_for(save_dir), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_is_records(snap_compare, save_dir: Path, size) -> None:
    async def run_before(pilot) -> None:
        await play_until(pilot, at_purchase)
        await pilot.press("p")

    assert snap_compare(app_for(save_dir), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_is_war(snap_compare, save_dir: Path, size) -> None:
    async def run_before(pilot) -> None:
        await play_until(pilot, at_war, order=QUICK)
        await pilot.press("p", "p")  # the question points at spaces (the map); then the War

    assert snap_compare(app_for(save_dir), terminal_size=size, run_before=run_before)
