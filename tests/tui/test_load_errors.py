"""Load errors a new user met (QA pass): a damaged header is named as such, the file name is
said once, and no toast covers the damaged-save dialog."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_testkit import bot_save, make_app

from engine import journal as jr
from tui.dialogs.confirm import ConfirmDialog
from tui.saves import save_info
from tui.screens.load import LoadScreen

pytestmark = pytest.mark.usefixtures("playable")


def _flip(path: Path, at: int) -> None:
    data = bytearray(path.read_bytes())
    data[at] ^= 0xFF
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("what", ["format name", "first byte"])
def test_a_flipped_header_byte_says_the_header_is_damaged(tmp_path: Path, what: str) -> None:
    path = bot_save(tmp_path / "flipped.imperia", 4)
    data = path.read_bytes()
    at = data.index(b"imperia-journal") + 3 if what == "format name" else 0
    _flip(path, at)
    with pytest.raises(jr.JournalError) as caught:
        jr.read(path)
    assert str(caught.value) == "flipped.imperia: the save's header is damaged"


def test_a_foreign_file_is_still_not_a_save(tmp_path: Path) -> None:
    junk = tmp_path / "garbage.imperia"
    junk.write_bytes(b"\x00\x01garbage" * 50)
    with pytest.raises(jr.JournalError, match="^garbage.imperia is not an Imperia save file$"):
        jr.read(junk)


def test_the_detail_line_names_the_file_once(tmp_path: Path) -> None:
    junk = tmp_path / "garbage.imperia"
    junk.write_bytes(b"\x00\x01garbage" * 50)
    details = save_info(junk).details
    assert details == "garbage.imperia is not an Imperia save file"


async def test_no_toast_covers_the_damaged_save_dialog(save_dir: Path) -> None:
    save_dir.mkdir(parents=True)
    path = bot_save(save_dir / "torn.imperia", 12)
    data = path.read_bytes()
    _flip(path, len(data) - 40)  # damage inside the entries, before the end
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        load = app.screen
        assert isinstance(load, LoadScreen)
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)  # the offer of the intact part
        assert [n for n in app._notifications if n.severity == "error"] == []
        assert str(load.query_one("#load-error").render())  # the reason stays on the screen
