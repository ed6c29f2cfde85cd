"""SVG snapshots of the Brazil: Imperial match screen at 80x24 and 120x40 (``pytest
--snapshot-update`` to accept): Ann (two seats, against the random bot) choosing where to build
after a few turns of Deploy, Build and moves; the same with the player boards above the map
(``t``); a four-seat match at its first action; a combat while Ann places her cards (80x24,
120x40) and its result dialog; a solo match after set-up (the map overview)."""

from __future__ import annotations

from pathlib import Path

import pytest
from bi_combat_kit import combat_session
from bi_testkit import app_for, play_until, to_setup_done
from tui_testkit import make_app, match_screen, settle

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


@pytest.mark.parametrize("size", SIZES)
def test_bi_combat_cards(snap_compare, save_dir: Path, size) -> None:
    """Ann places battle cards: both sides' strength so far above the map, ``!`` on the hex."""

    async def run_before(pilot) -> None:
        await settle(pilot)
        pilot.app.clear_notifications()

    app = make_app(session=combat_session(save_dir))
    assert snap_compare(app, terminal_size=size, run_before=run_before)


def test_bi_combat_result(snap_compare, save_dir: Path) -> None:
    """The reveal: Ann placed one card, the dialog shows every card, the winner and the losses."""

    async def run_before(pilot) -> None:
        await settle(pilot)
        ms = match_screen(pilot.app)
        card = next(c for c in ms.snap.prompt.choices if c.id.startswith("c:"))
        await pilot.press(ms.panel.key_of(card.id))
        await settle(pilot)
        pilot.app.clear_notifications()

    app = make_app(session=combat_session(save_dir))
    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def test_bi_solo(snap_compare, save_dir: Path) -> None:
    """Solo at 80x24 after set-up: the map scrolls, so the overview stands beside it."""

    async def run_before(pilot) -> None:
        await play_until(pilot, to_setup_done)
        pilot.app.clear_notifications()

    assert snap_compare(app_for(save_dir, seats=1), terminal_size=(80, 24), run_before=run_before)


def test_bi_table(snap_compare, save_dir: Path) -> None:
    """The third page (``t`` twice): the bot's public board and the market, at 80x24."""

    async def run_before(pilot) -> None:
        await play_until(pilot, at_second_build)
        pilot.app.clear_notifications()
        await pilot.press("t", "t")
        await pilot.pause()

    assert snap_compare(app_for(save_dir), terminal_size=(80, 24), run_before=run_before)
