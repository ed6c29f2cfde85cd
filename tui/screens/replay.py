"""Replay a saved match: step, jump, play/pause with speed, and view it as any seat.

The journal is rebuilt into an :class:`engine.session.Timeline` in a worker thread with a
progress bar. Entries later taken back stay in the list, marked ``↶`` and struck through.
Redraws are coalesced: many steps in one burst (a held key, fast play) draw once.

Entries are labelled from their events' log lines as the chosen view may read them; a choice
with no log line (an opening pick, "continue") shows its prompt label to its own seat, and to
the others only when it was not secret. Once a match is over, the last view is *everything*:
every seat's hand at every entry. A match still being played replays from the table's side
only (the spectator's view), unless it is a teaching match: otherwise Replay would show a player
the hands of the seats they are still playing against.
"""

from __future__ import annotations

import time
from collections import deque
from pathlib import Path

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import OptionList, ProgressBar, Static
from textual.widgets.option_list import Option

from engine import journal as jr
from engine.match import ReplayMismatch
from engine.session import Timeline
from tui.boards import bind_board_keys, board_for
from tui.dialogs.text_input import TextInputDialog
from tui.replay_session import LOG_LINES, ReplaySession
from tui.screens.replay_analysis import AnalysisPane, ReplayAnalysis
from tui.screens.replay_turns import TurnList, TurnMark, turn_at, turn_marks
from tui.session import seat_mark
from tui.widgets.key_bar import KeyBar
from tui.widgets.log_panel import LogPanel

SPEEDS = (0.05, 0.15, 0.3, 0.6, 1.0, 2.0)
"""Seconds per entry while playing, fastest first (the fastest is "as fast as it draws": a big
board may take longer than 0.05 s per entry, so the status shows the measured rate)."""
UNDONE = "↶"


class EntryList(OptionList):
    """The replay's entry list: keeps the highlighted entry in view when its height changes
    (the board above grows and shrinks from entry to entry)."""

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self.scroll_to_highlight)


class ReplayScreen(ReplayAnalysis, Screen[None]):
    """Replays the journal at ``path``; q goes back. With ``analyse`` it starts an analysis
    of the match in the background once loaded (the end dialog's "Analyse this match"); an
    analysis already beside the save shows as a graph (:mod:`tui.screens.replay_analysis`)."""

    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]

    BINDINGS = [
        Binding("right,l", "step(1)", "Step", id="replay.next", priority=True),
        Binding("left,h", "step(-1)", "Step back", id="replay.back", priority=True),
        Binding("space", "play", "Play/pause", id="replay.play"),
        Binding("v", "view_as", "View as", id="replay.view"),
        Binding("t", "turns", "Turns", id="replay.turns", tooltip="Jump to a turn from a list"),
        Binding("left_square_bracket", "turn(-1)", "Turn back", show=False, id="replay.turn_back"),
        Binding("right_square_bracket", "turn(1)", "Next turn", show=False, id="replay.turn_next"),
        Binding(
            "g", "jump", "Jump", show=False, id="replay.jump", tooltip="Go to an entry by number"
        ),
        Binding("home", "goto(0)", "Start", show=False, id="replay.start"),
        Binding("end", "goto(-1)", "End", show=False, id="replay.end"),
        Binding("plus,equals_sign", "speed(-1)", "Faster", show=False, id="replay.faster"),
        Binding("minus", "speed(1)", "Slower", show=False, id="replay.slower"),
        Binding(
            "a",
            "analysis",
            "Analysis",
            show=False,  # the help, the end dialog and the graph's own line tell it
            id="replay.analysis",
            tooltip="Show or hide the win-chance graph, or analyse the match",
        ),
        Binding(
            "b", "next_blunder", "Next blunder", show=False, id="replay.blunder", tooltip="Go to it"
        ),
        Binding("q,escape", "back", "Close", id="replay.quit"),
    ]

    HELP_TEXT = """\
**Replay** shows a saved match entry by entry: **←/→** step, **Home/End** jump to either end,
**t** lists the turns (and rounds) to jump to one, **[** and **]** go to the previous or next
turn's start, **g** jumps to an entry by number, **space** plays and pauses (**+/-** speed). **v** changes
whose eyes you see through: each seat, then the spectator (or *everything*, every hand at every
entry, for a finished match). Entries that were later taken back stay in the list, marked **↶**
and struck through. **a** shows the analysis graph (each seat's chance to win at its decisions,
blunders marked ✗), or offers to analyse the match; **b** goes to the next blunder, and a click
on the graph to the decision there; the line under the graph names the better choice.
"""

    def __init__(self, path: Path, analyse: bool = False) -> None:
        super().__init__()
        self.path = Path(path)
        self._analyse_on_load = analyse
        self.timeline: Timeline | None = None
        self.match: ReplaySession | None = None
        """The match read at the entry shown (set once the journal is loaded)."""
        self.index = 0
        self.viewers: list[int | None] = []
        self.viewer_at = 0
        self.speed = 3
        self._timer: Timer | None = None
        self._dirty = False
        self._labels_for: object = ()
        self._resign_at: int | None = None
        self._finished = False
        self._public_only = False
        self._ticks: deque[float] = deque(maxlen=12)
        self.turns: list[TurnMark] = []

    def compose(self) -> ComposeResult:
        yield Static(f"Loading {self.path.name}…", id="replay-status", markup=False)
        with Vertical(id="replay-loading"):
            yield ProgressBar(id="replay-progress", show_eta=False)
        yield VerticalScroll(id="board-pane")
        yield AnalysisPane(id="analysis")
        with Horizontal(id="bottom"):
            yield EntryList(id="entries")
            yield LogPanel(id="replay-log")
        yield KeyBar()

    def on_mount(self) -> None:
        self.run_worker(self._load, thread=True, group="replay-load", exit_on_error=False)

    # ------------------------------------------------------------ loading
    def _load(self) -> None:
        bar = self.query_one("#replay-progress", ProgressBar)

        def progress(done: int, total: int) -> None:
            self.app.call_from_thread(bar.update, total=total, progress=done)

        try:
            loaded = jr.read(self.path)
            timeline = Timeline(loaded, progress)
        except (jr.JournalError, ReplayMismatch) as err:
            self.app.call_from_thread(self._failed, str(err))
            return
        self.turns = turn_marks(timeline)  # one view per entry: here, off the UI thread
        self.load_analysis(ReplaySession(timeline).decisions())
        self.app.call_from_thread(self._loaded, timeline, loaded.warnings)

    def _failed(self, message: str) -> None:
        self.app.notify(message, title="Cannot replay", severity="error")
        self.app.pop_screen()

    async def _loaded(self, timeline: Timeline, warnings: list[str]) -> None:
        self.timeline = timeline
        match = self.match = ReplaySession(timeline)
        for w in warnings:
            self.notify(w, title="Damaged end", severity="warning")
        self.query_one("#replay-loading").display = False
        n = len(match.seats)
        self._finished = match.over
        self._public_only = not self._finished and match.policy != "teaching"
        self.viewers = [None] if self._public_only else [*range(n), None]
        self.viewer_at = 0
        self._resign_at = match.resigned_at()
        board = board_for(match.game)(id="board")
        await self.query_one("#board-pane").mount(board)
        bind_board_keys(self, board)
        self.refresh_bindings()
        self.index = len(timeline) - 1
        self.show_analysis(self.analysis is not None)
        self._draw()
        self.query_one("#entries").focus()
        if self._analyse_on_load:
            self.start_analysis()

    # ------------------------------------------------------------ drawing
    @property
    def viewer(self) -> int | None:
        """The seat whose view is shown (None: spectator, or everything once over)."""
        return self.viewers[self.viewer_at] if self.viewers else None

    def viewer_name(self, i: int = 0) -> str:
        """The view-as label: a seat ("◆ Ann"), "everything" (a finished match) or
        "spectator"."""
        v = self.viewer
        if v is None:
            return "everything" if self._finished else "spectator"
        assert self.match is not None
        return self.match.seat_name(v)

    def seat_name(self, seat: int) -> str:
        """A seat's name (:meth:`tui.replay_session.ReplaySession.plain_name`)."""
        assert self.match is not None
        return self.match.plain_name(seat)

    def _view(self) -> dict:
        """The board's view of the entry shown for the current viewer (everything: every
        seat's own view combined, once the match is over)."""
        assert self.match is not None
        if self.viewer is not None or not self._finished:
            return self.match.view(self.viewer)
        views, spectator = self.match.views()
        return self.query_one("#board").everything_view(views, spectator)

    def _entry_label(self, i: int) -> Text:
        match = self.match
        assert match is not None
        rec = match.record(i)
        if rec is None:
            return Text("  0  start")
        lines = match.entry_lines(i, self.viewer)
        if lines:
            what = " · ".join(lines)  # each line is a sentence of its own ("You …")
        elif rec[0] == jr.ACT:
            what = match.choice_text(i, self.viewer)
        else:
            what = jr.RECORD_NAMES.get(rec[0], "?")
        undone = match.undone(i)
        mark = UNDONE if undone else " "
        text = Text(f"{i:>3}{mark} {seat_mark(rec[1])} {what}", no_wrap=True, overflow="ellipsis")
        if undone:
            text.stylize("strike dim")
        return text

    def _fill_entries(self) -> None:
        """Label every entry for the current viewer (in place after the first time, so the
        list keeps its scroll position)."""
        entries = self.query_one("#entries", OptionList)
        assert self.match is not None
        if entries.option_count != len(self.match):
            entries.clear_options()
            entries.add_options(Option(self._entry_label(i)) for i in range(len(self.match)))
        else:
            for i in range(len(self.match)):
                entries.replace_option_prompt_at_index(i, self._entry_label(i))
        self._labels_for = self.viewer

    def _draw(self) -> None:
        self._dirty = False
        match = self.match
        if match is None:
            return
        i = match.at = self.index
        log = match.log_lines(self.viewer)
        board = self.query_one("#board")
        board.log_lines = log
        board.show(self._view(), None, None)
        if self._labels_for != self.viewer:
            self._fill_entries()
        entries = self.query_one("#entries", OptionList)
        if entries.highlighted != i:
            entries.highlighted = i
        self.call_after_refresh(entries.scroll_to_highlight)
        self.query_one("#replay-log", LogPanel).show(log[-LOG_LINES:])
        self.draw_analysis()
        self._status()

    def _status(self) -> None:
        match = self.match
        assert match is not None
        i = self.index
        last = len(match) - 1
        text = Text(f"Replay · {match.title}", style="bold")
        at = turn_at(self.turns, i)
        if at is not None:  # "Turn 10 · 38/40": the turn, then the entry (80 columns)
            text.append(f"  {self.turns[at].label} · {i}/{last}")
        else:
            text.append(f"  entry {i}/{last}")
        text.append(f"  view: {self.viewer_name(i)}")
        if match.undone(i):
            text.append(f"  {UNDONE} taken back later", style="italic")
        waiting = match.waiting()
        if self._resign_at is not None and i >= self._resign_at:
            text.append("  · resigned", style="italic")
        elif waiting:
            text.append("  ▶ " + ", ".join(match.seat_name(s) for s in waiting))
        else:
            out = match.outcome()
            if out is not None:
                text.append(f"  · {out.reason}", style="italic")
        text.append(f"  {self.speed_text()}", style="dim")
        self.query_one("#replay-status", Static).update(text)

    def speed_text(self) -> str:
        """ "paused, 0.3 s/step", "playing 0.3 s/step", "playing max (~8 steps/s)": the
        measured rate when the fastest setting runs slower than its interval."""
        every = SPEEDS[self.speed]
        label = "max" if self.speed == 0 else f"{every:g} s/step"
        if self._timer is None:
            return f"paused, {label}"
        ticks = self._ticks
        if len(ticks) >= 3 and ticks[-1] > ticks[0]:
            rate = (len(ticks) - 1) / (ticks[-1] - ticks[0])
            if self.speed == 0 or rate < 0.8 / every:
                return f"playing {label} (~{rate:.0f} steps/s)"
        return f"playing {label}"

    def goto(self, i: int) -> None:
        """Show entry ``i`` (negative counts from the end); redraws once per burst."""
        if self.match is None:
            return
        last = len(self.match) - 1
        i = last + 1 + i if i < 0 else i
        self.index = max(0, min(last, i))
        if not self._dirty:
            self._dirty = True
            self.call_after_refresh(self._draw)

    # ------------------------------------------------------------ actions
    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if event.option_index != self.index and not self._dirty:
            self.goto(event.option_index)

    def action_step(self, step: int) -> None:
        """One entry forward (1) or back (-1); stops at either end (never wraps)."""
        if self.match is None:
            return
        self.goto(max(0, min(len(self.match) - 1, self.index + step)))

    def action_goto(self, i: int) -> None:
        """Go to entry ``i`` (-1 = the last)."""
        self.goto(i)

    def action_jump(self) -> None:
        """Ask an entry number and go there."""
        if self.match is None:
            return
        last = len(self.match) - 1

        def go(raw: str | None) -> None:
            if raw is None:
                return  # cancelled
            if raw.isascii() and raw.isdecimal() and int(raw) <= last:
                self.goto(int(raw))
            else:
                self.notify(
                    f"Type an entry number: a whole number from 0 to {last}.",
                    title="Jump",
                    severity="warning",
                )

        self.app.push_screen(
            TextInputDialog("Jump", f"Entry number (0-{last}):", str(self.index), integer=True), go
        )

    def action_turns(self) -> None:
        """List the turns (and rounds) and jump to the start of the one picked."""
        if self.match is None:
            return

        def go(entry: int | None) -> None:
            if entry is not None:
                self.goto(entry)

        self.app.push_screen(TurnList(self.turns, self.index, self.seat_name), go)

    def action_turn(self, step: int) -> None:
        """To the start of the next turn (1), or of this turn, then the one before (-1)."""
        if self.match is None or not self.turns:
            return
        at = turn_at(self.turns, self.index)
        if step > 0:
            k = 0 if at is None else at + 1
        elif at is not None and self.turns[at].entry < self.index:
            k = at  # back to this turn's start first
        else:
            k = (at or 0) - 1
        if 0 <= k < len(self.turns):
            self.goto(self.turns[k].entry)

    def action_play(self) -> None:
        """Play or pause."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        elif self.match is not None:
            if self.index >= len(self.match) - 1:
                self.index = 0
            self._ticks.clear()
            self._timer = self.set_interval(SPEEDS[self.speed], self._tick)
        self.goto(self.index)

    def _tick(self) -> None:
        assert self.match is not None
        self._ticks.append(time.monotonic())
        if self.index >= len(self.match) - 1:
            self.action_play()
        else:
            self.goto(self.index + 1)

    def action_board_key(self, action: str) -> None:
        """A board key (the game's own: Imperial Struggle's region and pane keys)."""
        self.query_one("#board").board_action(action)

    def action_speed(self, step: int) -> None:
        """Faster (-1) or slower (+1) play."""
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + step))
        if self._timer is not None:
            self._timer.stop()
            self._ticks.clear()
            self._timer = self.set_interval(SPEEDS[self.speed], self._tick)
        self.goto(self.index)

    def action_view_as(self) -> None:
        """Cycle the view: each seat, then the spectator (everything once over). A match still
        being played (not a teaching one) shows only the spectator's view."""
        if self._public_only:
            self.notify(
                "This match is still being played: its replay shows only what is on the table."
                " Every hand shows once it is over.",
                title="View as",
            )
            return
        if self.viewers:
            self.viewer_at = (self.viewer_at + 1) % len(self.viewers)
            self.goto(self.index)

    def on_unmount(self) -> None:
        self.stop_analysis()  # a background analysis ends with its screen (what it did is kept)

    def action_back(self) -> None:
        """Leave the replay."""
        if self._timer is not None:
            self._timer.stop()
        self.stop_analysis()
        self.app.pop_screen()
