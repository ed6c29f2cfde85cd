"""W on Brazil: Imperial's "Build: what?" (era I, 80x24): the greyed reasons are listed under
the choices (era II and III buildings, BI-6.3; the cities, BI-6.15) and the list scrolls down
to them, since the cursor never stops on a greyed line."""

from __future__ import annotations

from pathlib import Path

from test_back_key import _at_the_action_menu
from tui_testkit import make_app, settle


async def test_w_shows_the_reasons_and_scrolls_to_them(save_dir: Path) -> None:
    session = _at_the_action_menu(save_dir)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("3")  # Build
        await settle(pilot)
        assert screen.panel.prompt.text == "Build: what?"
        await pilot.press("W")
        await settle(pilot)
        missing = dict(screen.panel.unavailable)
        assert missing["Church (1 cotton + 1 gold)"] == "An era III building: it is era I"
        choices = screen.query_one("#choices")
        assert choices.max_scroll_y > 0 and choices.scroll_y == choices.max_scroll_y
        await pilot.press("down")  # the cursor moves: the list follows it again
        await settle(pilot)
        assert choices.highlighted == 1 and choices.scroll_y < choices.max_scroll_y
    session.close()
