"""The end dialog keeps the save's file name whole (cropped from the left when too long)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_testkit import make_app

from tui.dialogs.end import EndDialog, wrap_whole_words

pytestmark = pytest.mark.usefixtures("playable")


def test_wrap_whole_words_crops_long_names_from_the_left() -> None:
    name = "2026-11-30_071500_mausoleum_Player-vs-Bot1-vs-Bot2-vs-Bot3-vs-Bot4.imperia"
    text = wrap_whole_words(f"Saved as {name} (the autosave).", 40)
    assert text.split("\n") == ["Saved as", "…" + name[-39:], "(the autosave)."]
    short = wrap_whole_words("Saved as a-vs-b.imperia (the autosave).", 60)
    assert short == "Saved as a-vs-b.imperia (the autosave)."


async def test_end_dialog_keeps_the_file_name_whole(save_dir: Path) -> None:
    name = "2026-11-30_071500_mausoleum_Player-vs-Bot2-vs-Bot3-vs-Bot4.imperia"
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(EndDialog("Draw", "Turn limit", "", f"Saved as {name} (the autosave)."))
        await pilot.pause()
        await pilot.pause()
        lines = str(app.screen.query_one("#end-saved").render()).split("\n")
        assert lines[0] == "Saved as"
        assert lines[1] == name or (lines[1][0] == "…" and name.endswith(lines[1][1:]))
