"""A choice that is no longer legal (a stale key) changes nothing and says so in plain words,
never the engine's raw message."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_testkit import human_vs_random as _session
from tui_testkit import open_settled_match as _open
from tui_testkit import recording_app as make_app
from tui_testkit import said as _messages

pytestmark = pytest.mark.usefixtures("playable")


async def test_a_choice_that_is_no_longer_legal_shows_no_raw_message(
    save_dir: Path, playable: str
) -> None:
    from engine.rules import Choice

    app = make_app(session=_session(save_dir, playable))
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        ms = await _open(pilot)
        entries = ms.session.match.entries
        ms.choose(Choice("play:cicero-gone", "Play Cicero"))
        ms.choose(Choice("continue", "Continue"))
        await pilot.pause()
        assert ms.session.match.entries == entries
        messages = _messages(app)
        assert messages and set(messages) == {"That choice is no longer available."}
        assert not any("seat 0" in m or "'" in m for m in messages)
