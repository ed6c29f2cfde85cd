"""Keys typed ahead (tui/screens/match_typeahead.py): a choice key read before the prompt on
screen changed is dropped with a footer note; the same key typed after it picks as usual."""

from __future__ import annotations

from pathlib import Path

from textual import events
from tui_testkit import make_app, settle

from engine.rules import SeatConfig
from tui.screens.match import MatchScreen
from tui.session import MatchSession
from tui.widgets.key_bar import KeyBar

THREE = [SeatConfig("Ann", "human"), SeatConfig("Bea", "random"), SeatConfig("Cid", "random")]


def _rp(save_dir: Path) -> MatchSession:
    """Res Publica, Ann (human) first against two random bots (seed 11: Ann starts)."""
    return MatchSession.start(
        "res_publica", THREE, {"start_player": "host_choice"}, seed=11, save_path=save_dir / "r"
    )


async def test_a_key_typed_before_the_prompt_changed_is_dropped(save_dir: Path) -> None:
    session = _rp(save_dir)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, MatchScreen)
        changed = screen._typed_ahead.changed_at
        assert changed > 0 and session.match.line == []
        early = events.Key("1", "1")
        early.time = changed - 0.25  # read from the terminal before this prompt was shown
        app.post_message(early)
        await pilot.pause()
        await pilot.pause()
        assert session.match.line == []  # nothing chosen
        bar = app.screen.query_one(KeyBar)
        assert str(bar.render()).strip() == "1: typed before this step appeared, ignored"
        options = screen.query_one("#choices")
        before = options.highlighted
        move = events.Key("down", None)  # moving the cursor is never dropped
        move.time = changed - 0.25
        app.post_message(move)
        await pilot.pause()
        assert options.highlighted == before + 1
        await pilot.press("1")  # typed now: picks the first choice
        await settle(pilot)
        assert len(session.match.line) >= 1


def test_keys_between_a_choice_and_its_picture_are_stale() -> None:
    """After a choice is sent and before the picture it leads to is shown, the prompt on
    screen is gone: a choice key then is stale; arrows never are."""
    from engine.rules import Choice, Prompt
    from tui.screens.match_typeahead import TypeAheadGuard

    prompt = Prompt(0, "Pick", (Choice("a", "A"), Choice("b", "B")))
    guard = TypeAheadGuard()
    guard.shown(prompt)
    now = events.Key("1", "1")
    assert not guard.stale(now)
    guard.chose()
    assert guard.stale(events.Key("1", "1")) and guard.stale(events.Key("enter", None))
    assert not guard.stale(events.Key("down", None))
    guard.shown(prompt)  # the same prompt again (a stale choice refreshed the picture)
    assert not guard.stale(events.Key("1", "1"))


async def test_two_keys_read_at_once_pick_only_once(save_dir: Path) -> None:
    """Two keys "1 1" read from the terminal together (a fast typist, a pasted pair): both keys pass
    the screen before either binding runs; the first picks Ann's first choice, the second is
    dropped instead of picking the old prompt's row again ("That choice is no longer
    available") or the new prompt's first row."""
    session = _rp(save_dir)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.post_message(events.Key("1", "1"))
        app.post_message(events.Key("1", "1"))
        await settle(pilot)
        await pilot.pause()
        assert len(session.match.line) == 1
        assert [n.message for n in app._notifications] == []
        bar = app.screen.query_one(KeyBar)
        assert str(bar.render()).strip() == "1: typed before this step appeared, ignored"
