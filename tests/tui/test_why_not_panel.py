"""The prompt panel's "why not?" list (key W): the choices missing now, greyed under the real
ones with their reasons; on by default in teaching matches, off in casual ones."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList
from tui_testkit import SEED, make_app, match_screen, progress_key, settle

from engine.rules import SeatConfig
from tui.session import MatchSession
from tui.settings import strip_rule_refs
from tui.widgets.prompt_panel import WHY_NOT_TITLE


def _session(save_dir: Path, policy: str) -> MatchSession:
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bot", "random")]
    return MatchSession.start(
        "imperium", seats, seed=SEED, policy=policy, save_path=save_dir / "m.imperia"
    )


def _rows(ms) -> list[tuple[str, bool]]:
    options = ms.query_one("#choices", OptionList)
    return [
        (str(options.get_option_at_index(i).prompt), options.get_option_at_index(i).disabled)
        for i in range(options.option_count)
    ]


async def _to_missing(pilot):
    """Play Ann's choices until her prompt has a choice the game says is missing."""
    for _ in range(60):
        await settle(pilot)
        ms = match_screen(pilot.app)
        if ms.snap.prompt is not None and ms.snap.unavailable:
            return ms
        key = progress_key(ms)
        if key is not None:
            await pilot.press(key)
    raise AssertionError("no step with a missing choice")


async def test_teaching_match_lists_missing_choices_greyed_and_w_toggles(save_dir: Path) -> None:
    app = make_app(session=_session(save_dir, "teaching"))
    async with app.run_test(size=(100, 40)) as pilot:
        ms = await _to_missing(pilot)
        rows = _rows(ms)
        real = len(ms.snap.prompt.choices)
        titles = [text for text, off in rows if off]
        assert WHY_NOT_TITLE in titles[0]
        label, reason = ms.snap.unavailable[0]
        # in plain words: rule references only with the setting on (off by default)
        assert any(label in t and strip_rule_refs(reason) in t for t in titles[1:])
        assert not any("(IMP-" in t for t in titles)
        assert all(not off for _, off in rows[: len(rows) - len(titles)])
        assert len(rows) - len(titles) <= real  # folded rows may be fewer than the choices
        await pilot.press("W")
        await settle(pilot)
        assert not any(off for _, off in _rows(ms))
        await pilot.press("W")
        await settle(pilot)
        assert any(off for _, off in _rows(ms))


async def test_casual_match_hides_them_until_w(save_dir: Path) -> None:
    app = make_app(session=_session(save_dir, "casual"))
    async with app.run_test(size=(100, 40)) as pilot:
        ms = await _to_missing(pilot)
        assert not any(off for _, off in _rows(ms))
        await pilot.press("W")
        await settle(pilot)
        assert any(off for _, off in _rows(ms))
        # the greyed rows have no keys: every key shown picks one of the prompt's rows
        assert len(ms.panel.keys()) <= len(ms.snap.prompt.choices)
