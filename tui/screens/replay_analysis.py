"""The replay's analysis pane (issue 19): the win-probability graph and the decision line.

Shown when an analysis file lies beside the save (:mod:`tui.analysis_file`); ``a`` shows or
hides it, or, with no analysis yet, offers to run one in the background
(:class:`tui.analysis_runner.AnalysisRun`; the graph fills in as it goes). ``b`` jumps to the
next blunder, a click on the graph to the decision nearest the pointer. At an entry where a
seat decides, the line under the graph tells what it chose and the better choice.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from engine.analysis import DEFAULT_BUDGET, Decision, Evaluation, rollouts_to_end
from tui.analysis_file import AnalysisFile, read_analysis
from tui.analysis_runner import AnalysisRun
from tui.dialogs.confirm import ConfirmDialog
from tui.widgets.win_graph import Series, WinGraph

if TYPE_CHECKING:
    from tui.screens.replay import ReplayScreen


def graph_data(
    analysis: AnalysisFile, names: list[str]
) -> tuple[tuple[Series, ...], tuple[tuple[int, float], ...]]:
    """The graph's seat lines and blunder marks from ``analysis``: each decision is drawn at the
    entry *before* it (the position where the seat decided) at the win % of the choice made.
    ``names`` are the seats' labels ("◆ Ann")."""
    evals = [analysis.evaluations[p] for p in sorted(analysis.evaluations)]
    series = tuple(
        Series(s, name, tuple((e.entry - 1, e.made * 100) for e in evals if e.seat == s))
        for s, name in enumerate(names)
    )
    blunders = tuple((e.entry - 1, e.made * 100) for e in evals if e.blunder)
    return series, blunders


def decision_line(e: Evaluation, seat: str) -> str:
    """What the pane says at a decision (``seat``: the seat's label), e.g. "◆ Ann plays End turn
    (67%). Better: Tap Cavalry (100%): a blunder, -33 points."."""
    made = f"{seat} plays {e.made_label} ({round(e.made * 100)}%)"
    points = round(e.loss * 100)
    if e.choice == e.best or points == 0:
        return f"{made}: the best choice found."
    better = f"{e.best_label} ({round(e.top * 100)}%)"
    if e.accurate:
        return f"{made}; {better} was about as good."
    if e.blunder:
        return f"{made}. Better: {better}: a blunder, -{points} points."
    return f"{made}. Better: {better}, -{points} points."


class AnalysisPane(Vertical):
    """The graph and the line under it (hidden until an analysis is shown)."""

    def compose(self) -> ComposeResult:
        yield WinGraph(id="win-graph")
        yield Static("", id="analysis-line", markup=False)


class ReplayAnalysis:
    """The replay screen's analysis actions (mixed into :class:`tui.screens.replay.ReplayScreen`,
    whose ``path``, ``index``, ``match`` and ``goto`` they use)."""

    analysis: AnalysisFile | None = None
    analysis_run: AnalysisRun | None = None
    analysis_budget: int = DEFAULT_BUDGET
    """Search iterations per decision of an analysis started here."""

    def load_analysis(self: ReplayScreen, made: list[Decision]) -> None:
        """Read the analysis beside the save (call off the UI thread), keeping only the
        evaluations of the match's decisions as they stand (``made``: a teaching match may
        have taken some back since); a damaged file is ignored with a notice."""
        try:
            analysis = read_analysis(self.path)
        except ValueError as err:
            analysis = None
            self.app.call_from_thread(self.notify, str(err), title="Analysis", severity="warning")
        if analysis is not None:
            analysis.keep_only(made)
        self.analysis = analysis

    def _by_entry(self: ReplayScreen) -> dict[int, Evaluation]:
        assert self.analysis is not None
        return {e.entry: e for e in self.analysis.evaluations.values()}

    def draw_analysis(self: ReplayScreen) -> None:
        """Redraw the pane for the entry shown (nothing when no analysis is shown)."""
        pane = self.query_one(AnalysisPane)
        if self.analysis is None or self.match is None or not pane.display:
            return
        names = [self.match.seat_name(s) for s in range(len(self.match.seats))]
        series, blunders = graph_data(self.analysis, names)
        graph = pane.query_one(WinGraph)
        graph.show(series, blunders, self.index, len(self.match) - 1)
        title = graph.legend()
        run = self.analysis_run
        if run is not None and run.running:
            title.append(f" · analysing {run.done}/{run.total}")
        pane.border_title = title
        e = self._by_entry().get(self.index + 1)
        if e is not None:
            text = decision_line(e, self.match.seat_name(e.seat))
        else:
            n = len(self.analysis.evaluations)
            text = f"{n} decisions weighed · b: next blunder · click: go there · a: hide"
        pane.query_one("#analysis-line", Static).update(text)

    def show_analysis(self: ReplayScreen, on: bool = True) -> None:
        """Show (or hide) the pane (the board pane gives it room: class ``-analysis``)."""
        shown = on and self.analysis is not None
        self.query_one(AnalysisPane).display = shown
        self.set_class(shown, "-analysis")
        self.draw_analysis()

    def action_analysis(self: ReplayScreen) -> None:
        """Show or hide the graph; with no analysis yet, offer to run one in the background."""
        if self.match is None:
            return
        pane = self.query_one(AnalysisPane)
        if self.analysis is not None:
            self.show_analysis(not pane.display)
            return
        if self.analysis_run is not None and self.analysis_run.running:
            run = self.analysis_run
            self.notify(f"Analysing: {run.done} of {run.total} decisions.", title="Analysis")
            return
        if not self.match.over and self.match.policy != "teaching":
            self.notify("Analysis is for finished matches (and teaching ones).", title="Analysis")
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.start_analysis()

        text = (
            "The search bot weighs every decision in the background (a few seconds to "
            "minutes); the graph fills in as it goes."
        )
        if rollouts_to_end(self.match.game):
            text = (
                f"{self.match.title} has no quick position evaluation yet: weighing every "
                "decision may take hours. The graph fills in as it goes."
            )
        self.app.push_screen(ConfirmDialog("Analyse this match?", text), answer)

    def start_analysis(self: ReplayScreen) -> None:
        """Run ``imperia analyze`` on the save in a child process; the pane follows it."""
        if self.analysis_run is not None and self.analysis_run.running:
            return
        run = self.analysis_run = AnalysisRun(Path(self.path), self.analysis_budget)
        self.notify("Analysing this match in the background…", title="Analysis")
        self.run_worker(
            lambda: self._analyse(run), thread=True, group="analysis", exit_on_error=False
        )

    def _analyse(self: ReplayScreen, run: AnalysisRun) -> None:
        assert self.match is not None
        made = self.match.decisions()

        def progress(done: int, total: int) -> None:
            if done and (done == total or done % 5 == 0):
                self.load_analysis(made)
                self.app.call_from_thread(self._analysis_progress)

        try:
            ok = run.run(progress)
        except OSError as err:
            ok, run.error = False, str(err)
        self.load_analysis(made)
        self.app.call_from_thread(self._analysis_done, ok, run.error)

    def _analysis_progress(self: ReplayScreen) -> None:
        if self.analysis is not None and not self.query_one(AnalysisPane).display:
            self.show_analysis()
        self.draw_analysis()

    def _analysis_done(self: ReplayScreen, ok: bool, error: str) -> None:
        if ok:
            self.notify("Analysis done: b jumps to each blunder.", title="Analysis")
        elif error:
            self.notify(error, title="Analysis stopped", severity="error")
        self.show_analysis()

    def stop_analysis(self: ReplayScreen) -> None:
        """End a background analysis (what it finished is kept beside the save)."""
        if self.analysis_run is not None:
            self.analysis_run.stop()

    def action_next_blunder(self: ReplayScreen) -> None:
        """Go to the next blunder's decision (after the entry shown, then from the start)."""
        if self.analysis is None:
            self.notify("No analysis yet: a analyses this match.", title="Blunders")
            return
        spots = sorted(e.entry - 1 for e in self.analysis.evaluations.values() if e.blunder)
        if not spots:
            self.notify("No blunder found in this match.", title="Blunders")
            return
        self.show_analysis()
        self.goto(next((s for s in spots if s > self.index), spots[0]))

    def on_win_graph_picked(self: ReplayScreen, message: WinGraph.Picked) -> None:
        """Go to the decision nearest the entry clicked."""
        message.stop()
        if self.analysis is None or not self.analysis.evaluations:
            return
        spots = [e.entry - 1 for e in self.analysis.evaluations.values()]
        self.goto(min(spots, key=lambda s: (abs(s - message.entry), s)))


__all__ = ["AnalysisPane", "ReplayAnalysis", "decision_line", "graph_data"]
