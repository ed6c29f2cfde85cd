"""What just happened (issue 21 item 3): the other seats' last turn in one line above the
board, and what it changed marked on the board — in every game, iMperium at 80x24 first (its
log is hidden there)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_testkit import SEED, make_app, match_screen, progress_key, settle

from engine.rules import SeatConfig
from tui.boards.segments import SegmentBoard
from tui.last_turn import run_of_others
from tui.session import MatchSession
from tui.widgets.last_turn import LastTurnLine, fit_line


def test_run_of_others_is_the_latest_run_not_by_the_viewer() -> None:
    line = [(0, "a"), (1, "b"), (1, "c"), (0, "d"), (2, "e"), (1, "f"), (0, "g")]
    assert run_of_others(line, 0) == (4, 6)  # seats 2 and 1 after 0's "d"
    assert run_of_others(line[:6], 0) == (4, 6)
    assert run_of_others(line, 1) == (6, 7)
    assert run_of_others([(0, "a")], 0) == (0, 0)  # nobody else has played
    assert run_of_others(line, None) == (6, 7)  # a spectator: the last seat's run


def test_fit_line_keeps_the_newest_lines() -> None:
    lines = ["Bea draws a card", "Cid plays Uncle", "Dot passes"]
    assert fit_line(lines, 80) == "Bea draws a card · Cid plays Uncle · Dot passes"
    # "Last turn: " is 11 cells: 41 leave 30, just enough for the last two after "… ".
    assert fit_line(lines, 41) == "… Cid plays Uncle · Dot passes"
    assert fit_line(["x" * 50], 30) == "x" * 18 + "…"


GAMES = [
    ("imperium", [SeatConfig("Ann", "human"), SeatConfig("Bot", "bot")], {}),
    ("mausoleum", [SeatConfig("Ann", "human"), SeatConfig("Bot", "bot")], {}),
    (
        "res_publica",
        [SeatConfig("Ann", "human"), SeatConfig("Bea", "bot"), SeatConfig("Cid", "bot")],
        {},
    ),
]


@pytest.mark.parametrize(("game", "seats", "options"), GAMES, ids=[g[0] for g in GAMES])
async def test_the_bots_turn_is_told_and_marked_at_80x24(
    save_dir: Path, game: str, seats: list[SeatConfig], options: dict
) -> None:
    """Play by keys; each time the bots have had a turn and Ann decides again, the line tells
    exactly the bots' log lines since Ann's last choice and the board marks exactly the things
    drawn differently after that turn than before it; within 60 choices a bot turn changes
    something on the board (a secret opening discard changes nothing Ann can see)."""
    session = MatchSession.start(game, seats, options, seed=SEED, save_path=save_dir / "m")
    app = make_app(session=session)
    match = session.match
    marked: set[str] = set()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(60):
            ms = match_screen(app)
            if match.line and match.line[-1][0] != 0 and ms.snap.prompt is not None:
                marked |= _check_last_turn(ms, match)
                if marked:
                    break
            key = progress_key(ms)
            assert key is not None
            await pilot.press(key)
            await settle(pilot)
    assert marked, "no bot turn changed anything on the board"


def _check_last_turn(ms, match) -> set[str]:
    """Check the last-turn line and the board's marks now; return the marked targets."""
    start, end = run_of_others(match.line, 0)
    assert start < end == len(match.line)
    told = [
        match.describe(i, 0)
        for i in match.log
        if start <= i.ply < end and not i.undone and i.event.kind != "chat"
    ]
    line = ms.query_one(LastTurnLine)
    assert line.display and told
    assert line.line == fit_line(told, line.content_region.width)
    assert line.line.endswith(told[-1]) or line.line.endswith("…")
    board = ms.board
    assert isinstance(board, SegmentBoard)
    before = match.rules.view(match.state_at(start), 0)
    after = match.rules.view(match.state_at(end), 0)
    width = board.size.width
    old, new = board._drawn(before, width), board._drawn(after, width)
    expected = {t for t, text in new.items() if old.get(t) != text}
    assert board.changed == expected
    return expected
