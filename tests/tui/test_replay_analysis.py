"""The replay's win-probability graph (issue 19): its snapshot, b and a click jumping to a
decision with the better choice, the end dialog's Analyse, and an analysis run in the
background from the replay."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from analysis_kit import PLANTED_PLY, planted_match
from tui_testkit import bot_save, make_app

from engine import analysis as an
from engine import journal as jr
from engine.session import load_match
from tui.analysis_file import AnalysisFile, read_analysis, write_analysis
from tui.dialogs.confirm import ConfirmDialog
from tui.dialogs.end import EndDialog
from tui.screens.replay import ReplayScreen
from tui.screens.replay_analysis import decision_line, graph_data
from tui.widgets.win_graph import WinGraph

pytestmark = pytest.mark.usefixtures("playable")


def _made_up(save: Path) -> AnalysisFile:
    """An analysis of ``save`` with fixed, hand-made numbers (the graph's drawing is tested
    here, the search's verdicts in tests/analysis): seat 0 climbs from 50% to 80%, seat 1 falls
    from 50% to 20%; the planted decision (ply 62) is a blunder at 40% against 100%."""
    match = load_match(jr.read(save))
    ds = an.decisions(match)
    out = AnalysisFile("imperium", match.seed, 50)
    for k, d in enumerate(ds):
        share = k / max(1, len(ds) - 1)
        made = 0.5 + 0.3 * share if d.seat == 0 else 0.5 - 0.3 * share
        top, best, best_label = made, d.choice, "Same"
        if d.ply == PLANTED_PLY:
            made, top, best, best_label = 0.4, 1.0, "tap:1", "Tap Cavalry"
        out.evaluations[d.ply] = an.Evaluation(
            d.ply, d.entry, d.seat, d.choice, d.key, best, made, top, 10, 50, d.choice, best_label
        )
    return out


@pytest.fixture
def analysed(save_dir: Path) -> Path:
    save_dir.mkdir(parents=True, exist_ok=True)
    save = save_dir / "planted.imperia"
    planted_match(save)
    write_analysis(save, _made_up(save))
    return save


async def _replay(pilot, path: Path, analyse: bool = False) -> ReplayScreen:
    pilot.app.open_replay(path, analyse)
    for _ in range(100):
        await pilot.pause()
        screen = pilot.app.screen
        if isinstance(screen, ReplayScreen) and screen.timeline is not None:
            await pilot.pause()
            return screen
        await asyncio.sleep(0.02)
    raise AssertionError("the replay never loaded")


def test_graph_data_and_decision_line(analysed: Path) -> None:
    analysis = read_analysis(analysed)
    series, blunders = graph_data(analysis, ["◆ A", "● B"])
    planted = analysis.evaluations[PLANTED_PLY]
    assert blunders == ((planted.entry - 1, 40.0),)
    assert series[0].points[0] == (analysis.evaluations[min(analysis.evaluations)].entry - 1, 50.0)
    assert decision_line(planted, "◆ A") == (
        "◆ A plays end (40%). Better: Tap Cavalry (100%): a blunder, -60 points."
    )


def test_graph_snapshot(snap_compare, analysed: Path) -> None:
    async def run_before(pilot) -> None:
        await _replay(pilot, analysed)
        await pilot.press("b")  # to the planted blunder: the line names the better choice
        await pilot.pause()

    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=run_before)


async def test_b_and_a_click_jump_to_decisions(analysed: Path) -> None:
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await _replay(pilot, analysed)
        pane = screen.query_one("#analysis")
        assert pane.display  # an analysis beside the save shows at once
        await pilot.press("home", "b")
        await pilot.pause()
        planted = screen.analysis.evaluations[PLANTED_PLY]
        assert screen.index == planted.entry - 1
        line = str(screen.query_one("#analysis-line").render())
        assert "Better: Tap Cavalry (100%): a blunder" in line
        graph = screen.query_one(WinGraph)
        left, right = graph._frame
        await pilot.click(WinGraph, offset=(left + 1, 2))  # the first column: entry 0
        await pilot.pause()
        first = min(e.entry for e in screen.analysis.evaluations.values())
        assert screen.index == first - 1
        await pilot.press("a")  # hides the graph
        await pilot.pause()
        assert not pane.display


async def test_end_dialog_offers_analyse(save_dir: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        picked: list[str] = []
        app.push_screen(EndDialog("Draw", "Turn limit", "", "", analyse=True), picked.append)
        await pilot.pause()
        button = app.screen.query_one("#end-analyse")
        assert button.region.right <= app.screen.query_one("#end").region.right - 2  # it fits
        await pilot.press("n")
        await pilot.pause()
        assert picked == ["analyse"]
        app.push_screen(EndDialog("Draw", "Turn limit"), picked.append)
        await pilot.pause()
        assert not app.screen.query("#end-analyse")


async def test_analysis_runs_in_the_background(save_dir: Path, monkeypatch) -> None:
    save_dir.mkdir(parents=True, exist_ok=True)
    path = bot_save(save_dir / "t.imperia", 30, policy="teaching")
    before = path.read_bytes()
    monkeypatch.setattr(ReplayScreen, "analysis_budget", 20)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _replay(pilot, path, analyse=True)
        for _ in range(600):
            await asyncio.sleep(0.05)
            await pilot.pause()
            run, got = screen.analysis_run, screen.analysis
            done = got is not None and run is not None and not run.running and run.total
            if done and len(got.evaluations) == run.total:
                break
        else:
            raise AssertionError("the background analysis never finished")
        assert run.error == ""
        assert screen.query_one("#analysis").display
        line = str(screen.query_one("#analysis-line").render())
        assert "decisions weighed" in line or " plays " in line
    assert path.read_bytes() == before
    assert len(read_analysis(path).evaluations) == run.total


async def test_a_without_an_analysis_asks_first(save_dir: Path) -> None:
    save_dir.mkdir(parents=True, exist_ok=True)
    path = bot_save(save_dir / "t.imperia", 20, policy="teaching")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _replay(pilot, path)
        assert not screen.query_one("#analysis").display and screen.analysis is None
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert "weighs every decision" in str(app.screen.query_one(".dialog-text").render())
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen and screen.analysis_run is None
        await pilot.press("b")  # no analysis: a notice, no jump
        await pilot.pause()
        assert screen.index == len(screen.match) - 1


async def test_evaluations_of_other_positions_are_not_shown(analysed: Path) -> None:
    stored = read_analysis(analysed)
    first = min(stored.evaluations)
    bad = stored.evaluations[first]
    stored.evaluations[first] = an.Evaluation(**(bad.to_dict() | {"key": "0" * 16}))
    write_analysis(analysed, stored)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _replay(pilot, analysed)
        assert first not in screen.analysis.evaluations
        assert len(screen.analysis.evaluations) == len(stored.evaluations) - 1
