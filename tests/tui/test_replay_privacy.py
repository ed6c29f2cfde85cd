"""Replay never shows a player the hands of a match they are still playing (playtest blocker:
Load → Replay → View as showed the other human's and the bots' hands mid-match)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_testkit import make_app

from engine.rules import SeatConfig
from engine.session import BotSeats, new_match
from tui.screens.replay import ReplayScreen


def _save(path: Path, game: str, policy: str, steps: int) -> Path:
    seats = [SeatConfig("Ann", "random"), SeatConfig("Bob", "random")]
    match = new_match(game, seats, seed=7, save_path=path, policy=policy)
    bots = BotSeats(match)
    for _ in range(steps):
        if match.over or not bots.step():
            break
    match.sink.close()
    return path


async def _open(app, pilot, path: Path) -> ReplayScreen:
    app.open_replay(path)
    for _ in range(40):
        await pilot.pause()
        await app.workers.wait_for_complete()
        screen = app.screen
        if isinstance(screen, ReplayScreen) and screen.timeline is not None:
            return screen
    raise AssertionError("the replay did not load")


@pytest.mark.parametrize(
    ("policy", "steps", "viewers"),
    [
        ("casual", 12, [None]),  # still being played: the table's side only
        ("strict", 12, [None]),
        ("teaching", 12, [0, 1, None]),  # learning: every seat's eyes
        ("casual", 4000, [0, 1, None]),  # over: every seat, then everything
    ],
)
async def test_view_as_is_offered_only_when_no_hand_is_still_in_play(
    save_dir: Path, playable: str, policy: str, steps: int, viewers: list
) -> None:
    path = _save(save_dir / f"{policy}-{steps}.imperia", playable, policy, steps)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        replay = await _open(app, pilot, path)
        assert replay.viewers == viewers
        await pilot.press("v")
        await pilot.pause()
        expected = viewers[1 % len(viewers)]
        assert replay.viewer == expected
