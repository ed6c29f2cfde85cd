"""The match screen's log scrolls back while the choices keep the focus: ``[`` a page back
(a hidden log is shown first), ``]`` a page forward (tui/screens/match.py ``log_page``)."""

from __future__ import annotations

from pathlib import Path

from tui_testkit import make_app, settle

from engine.rng import Rng
from engine.rules import SeatConfig
from tui.session import MatchSession
from tui.widgets.log_panel import LogPanel


def _long_log(save_dir: Path) -> MatchSession:
    """A Brazil: Imperial match 300 random choices in (seed 5): far more log than fits."""
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bot", "random")]
    session = MatchSession.start("brazil_imperial", seats, {}, seed=5, save_path=save_dir / "b")
    m, pick = session.match, Rng.seeded(1)
    for _ in range(300):
        seat = m.waiting()[0]
        p = m.prompt(seat)
        m.act(seat, p.choices[pick.randbelow(len(p.choices))].id)
    return session


async def test_brackets_page_through_the_log(save_dir: Path) -> None:
    session = _long_log(save_dir)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        log = app.screen.query_one("#log", LogPanel)
        assert not log.display  # narrow: hidden until asked for
        await pilot.press("left_square_bracket")  # shows it, at the newest lines
        await settle(pilot)
        assert log.display and log.max_scroll_y > 0
        assert log.scroll_y == log.max_scroll_y
        await pilot.press("left_square_bracket")
        await pilot.pause()
        back = log.scroll_y
        assert back < log.max_scroll_y  # a page before the newest lines
        await pilot.press("left_square_bracket")
        await pilot.pause()
        assert log.scroll_y < back
        await pilot.press("right_square_bracket")
        await pilot.pause()
        assert log.scroll_y == back
        assert app.focused is not None and app.focused.id == "choices"
    session.close()
