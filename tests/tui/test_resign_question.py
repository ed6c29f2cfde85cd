"""The resign question names who wins (one opponent by name, else every other player), and
No keeps the match."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_testkit import make_app, settle
from tui_testkit import maus_session as _maus
from tui_testkit import open_match as _open
from tui_testkit import question as _question


@pytest.mark.parametrize(
    ("bots", "wins"),
    [(3, "every other player wins"), (1, "Bot1 wins")],
)
async def test_resign_question_names_who_wins(save_dir: Path, bots: int, wins: str) -> None:
    session = _maus(save_dir, bots)
    app = make_app(session=session)
    async with app.run_test(size=(100, 30)) as pilot:
        ms = await _open(pilot)
        await settle(pilot)
        await pilot.press("R")
        await pilot.pause()
        question = _question(app)
        assert "Ann resigns: " in question  # (names carry their seat marks)
        assert question.endswith(f"{wins} this match.")
        assert "the other side" not in _question(app)
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is ms and not session.match.over
