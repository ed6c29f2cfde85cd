"""The app when a save fails (issue 14): the match pauses, says nothing was lost, and retries
when asked; a damaged save offers its intact part as a new copy."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_testkit import SEED, bot_save, make_app, match_screen, progress_key, settle

from engine import journal as jr
from engine.rules import SeatConfig
from tui.dialogs.confirm import ConfirmDialog

pytestmark = pytest.mark.usefixtures("playable")


async def test_a_failed_save_pauses_and_retries(save_dir: Path, playable: str) -> None:
    app = make_app()
    said: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        seats = [SeatConfig("Ann", "human"), SeatConfig("Bot", "random")]
        session = app.start_match(playable, seats, {}, SEED, "casual")
        await settle(pilot)
        ms = match_screen(app)
        match = session.match
        writer = match.sink
        entries, state = match.entries, match.hash()

        def full(rec):
            raise jr.JournalWriteError("could not save to x: No space", "No space left on device")

        match.sink = full
        key = progress_key(ms)
        assert key is not None
        await pilot.press(key)
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ConfirmDialog)
        said.append(dialog._question)
        assert said[0] == (
            "could not save: No space left on device; nothing was lost, the match is paused."
        )
        assert match.entries == entries and match.hash() == state  # not made
        match.sink = writer  # space came back
        await pilot.press("y")  # Retry
        await settle(pilot)
        assert match.entries > entries
        assert app.screen is ms or match_screen(app) is ms
    loaded = jr.read(session.save_path)
    assert len([r for r in loaded.records if r[0] != jr.CHECK]) == match.entries


async def test_a_damaged_save_offers_its_intact_part(save_dir: Path, playable: str) -> None:
    path = bot_save(save_dir / "damaged.imperia", 30)
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x10
    path.write_bytes(bytes(data))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        assert not app.resume(path)
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog) and "damaged at entry" in app.screen._question
        await pilot.press("y")
        await settle(pilot)
        copy = save_dir / "damaged-intact.imperia"
        assert copy.exists() and match_screen(app) is not None
    assert path.read_bytes() == bytes(data)


async def test_an_unexpected_error_ends_the_app_in_one_line(
    save_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("IMPERIA_STATE_DIR", str(tmp_path / "state"))
    app = make_app()

    def boom() -> None:
        raise RuntimeError("kaboom")

    with pytest.raises(RuntimeError, match="kaboom"):  # run_test re-raises it for the test
        async with app.run_test(size=(80, 24)) as pilot:
            app.call_later(boom)
            await pilot.pause()
    assert app.return_code == 2
    log = (tmp_path / "state" / "imperia.log").read_text(encoding="utf-8")
    assert "RuntimeError: kaboom" in log and "Traceback" in log
