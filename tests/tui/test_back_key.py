"""``x`` on a step without a Back choice takes back the player's last choice when that needs no
question (tui/screens/match.py ``_step_back``): Brazil: Imperial's "Build: what?" goes back to
the action menu; with nothing of the player's to take back, the footer says so."""

from __future__ import annotations

from pathlib import Path

from tui_testkit import make_app, settle

from engine.rules import SeatConfig
from tui.session import MatchSession
from tui.widgets.key_bar import KeyBar


def _at_the_action_menu(save_dir: Path) -> MatchSession:
    """Brazil: Imperial, Ann (human) against a random bot (seed 4), every set-up choice the
    first one, until Ann's action menu waits."""
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bot", "random")]
    session = MatchSession.start("brazil_imperial", seats, {}, seed=4, save_path=save_dir / "b")
    m = session.match
    for _ in range(40):
        seat = m.waiting()[0]
        p = m.prompt(seat)
        if seat == 0 and p.text == "Choose an action":
            return session
        m.act(seat, p.choices[0].id)
    raise AssertionError("Ann's action menu never came")


async def test_x_goes_back_where_the_step_has_no_back(save_dir: Path) -> None:
    session = _at_the_action_menu(save_dir)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("3")  # Build (its home key)
        await settle(pilot)
        assert screen.panel.prompt.text == "Build: what?"
        assert all(c.id != "back" for c in screen.panel.prompt.choices)
        await pilot.press("x")
        await settle(pilot)
        assert screen.panel.prompt.text == "Choose an action"
        await pilot.press("x")  # the set-up before it: past the bot's choices, so no
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        assert str(bar.render()).strip() == "x: no step to go back to here · u takes back a choice"
        assert screen.panel.prompt.text == "Choose an action"
    session.close()


def test_one_back_counts_over_the_backs_already_made() -> None:
    """A Back cancels the choice before it: after Build, Trading Post, a hex and Back (from the
    payment to "Build where?"), one more Back takes back three choices, to "Build: what?"."""
    from tui.screens.match_back import BackSteps

    steps = BackSteps()
    for c in ("a:build", "b:trading_post", "h:4,-2", "back"):
        steps.chose(c)
    assert steps.count() == 3
    steps.undone(3)
    assert steps.count() == 1  # then "a:build" alone
    steps.forget()
    assert steps.count() == 1
    # a forced step taken for the player goes back with the choice before it
    steps.chose("free")
    steps.chose("u:0.1", forced=True)
    assert steps.count() == 2
