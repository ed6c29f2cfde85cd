"""Save as: a question before replacing a save, other files refused, bad folders leave
nothing behind; each refusal said in one line."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_testkit import human_vs_random as _session
from tui_testkit import open_settled_match as _open
from tui_testkit import recording_app as make_app
from tui_testkit import said as _messages

from tui.dialogs.confirm import ConfirmDialog

pytestmark = pytest.mark.usefixtures("playable")


async def test_save_as_asks_before_replacing_and_refuses_other_files(
    save_dir: Path, playable: str
) -> None:
    app = make_app(session=_session(save_dir, playable))
    other = save_dir / "other.imperia"
    notes = save_dir / "notes.txt"
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        ms = await _open(pilot)
        ms._save_to("")
        await pilot.pause()
        assert "No file name given." in _messages(app)
        ms._save_to(None)  # cancelled: nothing said

        ms._save_to("other")
        await pilot.pause()
        assert other.exists()
        first = other.read_bytes()

        ms._save_to("other")  # exists: a question first
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is ms and other.read_bytes() == first

        ms._save_to("other.imperia")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert app.screen is ms and other.exists()

        notes.write_text("my notes")
        ms._save_to("notes.txt")  # becomes notes.txt.imperia: a new file
        await pilot.pause()
        assert notes.read_text() == "my notes"
        (save_dir / "junk.imperia").write_text("not a save")
        ms._save_to("junk")
        await pilot.pause()
        assert app.screen is ms
        assert "junk.imperia is not an Imperia save; choose another name." in _messages(app)
        assert (save_dir / "junk.imperia").read_text() == "not a save"


async def test_save_as_bad_folders_leave_nothing_behind(
    save_dir: Path, playable: str, tmp_path: Path
) -> None:
    app = make_app(session=_session(save_dir, playable))
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        ms = await _open(pilot)
        before = set(tmp_path.rglob("*"))
        ms._save_to("rel/../..")
        await pilot.pause()
        assert not (save_dir / "rel").exists()
        ms._save_to("rel/../x")
        await pilot.pause()
        assert not (save_dir / "rel").exists() and (save_dir / "x.imperia").exists()

        blocker = tmp_path / "file"
        blocker.write_text("")
        ms._save_to(str(blocker / "sub" / "copy"))
        await pilot.pause()
        assert any(str(blocker / "sub" / "copy.imperia") in m for m in _messages(app))
        after = set(tmp_path.rglob("*"))
        assert after - before == {save_dir / "x.imperia", blocker}
