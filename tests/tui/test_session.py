"""The session bridge and ``run_app``'s checks before the app opens (no terminal needed)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_testkit import SEED, bot_save

from engine import journal as jr
from engine.match import UndoRefused
from engine.rules import SeatConfig
from tui.app import run_app
from tui.saves import latest_unfinished, scan
from tui.session import MatchSession, MatchUpdated

pytestmark = pytest.mark.usefixtures("playable")


def test_one_message_per_change_and_local_seat(save_dir: Path, playable: str) -> None:
    seen: list[MatchUpdated] = []
    seats = [SeatConfig("Ann", "random"), SeatConfig("Bob", "human")]
    session = MatchSession.start(playable, seats, seed=SEED)
    session.notify = seen.append
    assert session.local_seat() == 1  # the only human, always
    while session.match.prompt(1) is None and session.bots.step():
        pass
    prompt = session.match.prompt(1)
    assert prompt is not None
    session.choose(prompt.choices[0].id)
    assert [m.reason for m in seen] == ["choose"]
    snap = seen[0].snapshot
    assert snap.seat == 1 and snap.view == session.match.view(1)
    assert snap.entries == session.match.entries
    assert session.save_path is not None and session.save_path.parent == save_dir


def test_hotseat_shows_the_deciding_human(save_dir: Path, playable: str) -> None:
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bob", "human")]
    session = MatchSession.start(playable, seats, seed=SEED)
    seat = session.local_seat()
    assert seat in session.match.waiting()
    assert session.needs_pass(seat)  # nobody has sat down yet
    session.revealed(seat)
    assert not session.needs_pass(seat)


def test_strict_refuses_undo_with_reason(save_dir: Path, playable: str) -> None:
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bot", "random")]
    session = MatchSession.start(playable, seats, seed=SEED, policy="strict")
    while session.match.prompt(0) is None and session.bots.step():
        pass
    session.choose(session.match.prompt(0).choices[0].id)
    with pytest.raises(UndoRefused, match="strict"):
        session.undo()
    with pytest.raises(UndoRefused):
        session.redo()


def test_run_app_fails_before_opening(save_dir: Path, playable: str) -> None:
    seats = [SeatConfig("Player", "human"), SeatConfig("Bot", "random")]
    with pytest.raises(ValueError, match="unknown option"):
        run_app("play", game=playable, seats=seats, options={"bogus": "1"})
    junk = save_dir / "junk.imperia"
    save_dir.mkdir(parents=True, exist_ok=True)
    junk.write_bytes(b"garbage")
    with pytest.raises(jr.JournalError, match="not an Imperia save"):
        run_app("load", path=junk)
    with pytest.raises(ValueError, match="mode"):
        run_app("dance")


def test_saves_listing(save_dir: Path, playable: str) -> None:
    save_dir.mkdir(parents=True)
    bot_save(save_dir / "a.imperia", 5)
    (save_dir / "b.imperia").write_bytes(b"not a save")
    infos = scan(save_dir)
    assert {i.path.name for i in infos} == {"a.imperia", "b.imperia"}
    good = next(i for i in infos if i.path.name == "a.imperia")
    assert good.finished is False and good.entries == 5 and not good.error
    bad = next(i for i in infos if i.path.name == "b.imperia")
    assert bad.status == "damaged" and "not an Imperia save file" in bad.error
    assert latest_unfinished(save_dir).path.name == "a.imperia"


def test_continue_opens_the_autosave_not_a_copy_made_by_save_as(
    save_dir: Path, playable: str
) -> None:
    """Save as writes a copy and the match keeps autosaving to its own file, so Continue (the
    newest unfinished save) must open that file, not the newer copy (fresh-user QA)."""
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bob", "random")]
    session = MatchSession.start(playable, seats, seed=SEED)
    while session.match.prompt(0) is None and session.bots.step():
        pass
    session.choose(session.match.prompt(0).choices[0].id)
    copy = session.save_as(save_dir / "mycopy.imperia")
    assert copy.exists() and copy != session.save_path
    session.close()  # the player quits to the menu
    latest = latest_unfinished(save_dir)
    assert latest is not None and latest.path == session.save_path
