"""The strict policy hides Undo and Redo from the footer and the command palette; casual shows
them."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_testkit import human_vs_random as _session
from tui_testkit import make_app
from tui_testkit import open_settled_match as _open

pytestmark = pytest.mark.usefixtures("playable")


@pytest.mark.parametrize("policy", ["strict", "casual"])
async def test_strict_policy_hides_undo_and_redo(save_dir: Path, playable: str, policy) -> None:
    from tui.widgets.key_bar import KeyBar

    app = make_app(session=_session(save_dir, playable, policy=policy))
    async with app.run_test(size=(120, 30)) as pilot:
        ms = await _open(pilot)
        footer = ms.query_one(KeyBar).render().plain
        titles = [c.title for c in app.get_system_commands(ms)]
        shown = policy != "strict"
        assert ("Undo" in footer) is shown and ("Redo" in footer) is shown
        assert ("Undo" in titles) is shown and ("Redo" in titles) is shown
