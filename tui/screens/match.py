"""The match screen: board, prompt with numbered choices, log, whose turn, and the keys.

It renders only :class:`~tui.session.MatchView` pictures sent by its session and reads and
acts on the match only through the :class:`tui.match_session.Session` interface (the local
:class:`~tui.session.MatchSession` and the SSH client's remote session alike). Bots think in a
worker thread (:mod:`tui.screens.match_bots`); dialogs for undo consent, save-as, resign, the
inspector and the end of the match are in :mod:`tui.dialogs`.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from engine import journal as jr
from engine.match import UndoCheck, UndoRefused
from engine.rules import Choice, IllegalAction
from tui.boards import Board, bind_board_keys, board_for
from tui.boards.dangers import dangers
from tui.dialogs.choice_menu import ChoiceMenu
from tui.dialogs.confirm import ConfirmDialog
from tui.dialogs.end import EndDialog
from tui.dialogs.inspector import InspectorDialog
from tui.dialogs.text_input import TextInputDialog
from tui.forced_steps import forced_reason
from tui.match_session import Session
from tui.saves import locked_elsewhere
from tui.screens.match_back import BACK_KEY, BackSteps
from tui.screens.match_bots import BotDriver
from tui.screens.match_hints import HintDriver
from tui.screens.match_typeahead import TypeAheadGuard
from tui.screens.pass_screen import PassScreen
from tui.session import MatchUpdated, MatchView
from tui.settings import plain, settings_of
from tui.widgets.choice_keys import CHOICE_LETTERS, FIXED_KEYS, KEYS, end_choice
from tui.widgets.danger_line import DangerLine
from tui.widgets.key_bar import KeyBar
from tui.widgets.last_turn import LastTurnLine
from tui.widgets.log_panel import LogPanel
from tui.widgets.prompt_panel import PromptPanel

NUMBER_BINDINGS = [
    Binding(k, f"pick({n})", "Choose by number", show=False, id=f"match.choose{n}")
    for n, k in enumerate("1234567890", start=1)
] + [
    Binding(k, f"pick_key('{k}')", "Choose by letter", show=False, id=f"match.choose_{k}")
    for k in CHOICE_LETTERS
]


class MatchScreen(Screen[None]):
    """Plays one match. ``q`` returns to the menu; the journal is already on disk."""

    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]

    BINDINGS = [
        *NUMBER_BINDINGS,
        Binding(
            "e", "end_turn", "End/pass", id="match.end", tooltip="End the turn or pass (pinned)"
        ),
        Binding("u,ctrl+z", "undo", "Undo", id="match.undo", tooltip="Take back your last choice"),
        Binding("r,ctrl+y", "redo", "Redo", id="match.redo", tooltip="Redo what you took back"),
        Binding("o", "result", "Result", id="match.result", tooltip="Show the match result again"),
        Binding(
            "i", "inspect", "Inspect", id="match.inspect", tooltip="Read the card under the cursor"
        ),
        Binding("s", "save_as", "Save as", id="match.save", tooltip="Save a copy of this match"),
        Binding("l", "toggle_log", "Log", id="match.log", tooltip="Show or hide the log"),
        Binding(
            "left_square_bracket,shift+pageup",
            "log_page(-1)",
            "Log back",
            show=False,
            id="match.log_back",
            tooltip="Scroll the log back a page (shows it if hidden)",
        ),
        Binding(
            "right_square_bracket,shift+pagedown",
            "log_page(1)",
            "Log forward",
            show=False,
            id="match.log_forward",
            tooltip="Scroll the log forward a page",
        ),
        Binding("g", "app.rules", "Game rules", show=False, id="match.rules"),
        Binding("plus,equals_sign", "speed(-1)", "Faster bots", show=False, id="match.faster"),
        Binding("minus", "speed(1)", "Slower bots", show=False, id="match.slower"),
        Binding(
            "f,space",
            "skip",
            "Skip bots",
            show=False,
            id="match.skip",
            tooltip="Let the bots finish their turn at once",
        ),
        Binding("R", "resign", "Resign", show=False, id="match.resign"),
        Binding(
            "H",
            "hint",
            "Hint",
            show=False,
            id="match.hint",
            tooltip="The hard bot's three best choices, with its win estimate (teaching matches)",
        ),
        Binding(
            "W",
            "toggle_why_not",
            "Why not?",
            show=False,
            id="match.why_not",
            tooltip="Show or hide the choices you cannot take now, with the reason",
        ),
        Binding("q", "menu", "Menu", id="match.menu", tooltip="Back to the menu (saved)"),
    ]

    HELP_TEXT = """\
**Playing.** The prompt (bottom) says what you must decide; pick one of its choices with its
key (**1-9, 0**, then letters), with **↑/↓ and Enter**, or by clicking it. A choice keeps its
key while you make one step (picking a card never renumbers the others); a long list folds
related choices ("Sell… (4 choices)") into one row that opens them. The choice that ends your
turn or passes comes first, with the key **e**; Confirm is always **y**, Back always **x** (on a
step without a Back, **x** takes back your last choice of the turn), and Imperial Struggle's
"Take actions" always **a**, on every screen. Moving the cursor over a choice
highlights what it points at on the board; you can also click a thing on the board that can be
chosen now (a small menu asks which when it has several choices). **i** opens the card
inspector (←/→ browse every card on the board); **g** shows this game's rules. **W** (shift+w,
"why not?") lists greyed under the choices the ones you cannot take now, each with its reason
(on by default in teaching matches). **H** (shift+h) asks the hard bot for a hint: its three
best choices with its win estimate and what each does, worked out while you go on (teaching
matches, and casual ones against bots only); the hint is noted in the match's log.

**What just happened.** The line under the title tells what the other players did in their
last turn, and what they changed is highlighted on the board (**l** shows the whole log). A
step with a single choice that costs nothing and reveals nothing is taken for you, with a short
reason (turn this off in Settings). **[** and **]** (or shift+PgUp/PgDn, or the mouse wheel)
scroll the log back and forward.

**Take-backs** follow the table's undo policy: *teaching* allows anything, *casual* lets you take
back your own choices until a dice roll, a draw or the other side's turn (further asks you to
confirm against bots, and needs the other players' consent in a shared game), *strict* allows
none. Taken-back lines stay in the log, struck through. Once the match is over, **o** shows the
result again.

**Bots** play at a readable pace: **+/-** change their speed, **f** or **space** lets them
finish their turn at once. The match saves itself after every choice; **q** returns to the
menu, and **Continue** there resumes it.
"""

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        session.notify = self.post_message
        self.snap: MatchView | None = None
        self.bots = BotDriver(self)
        self.hints = HintDriver(self)
        self._cursor: str | None = None
        self._passing = False
        self._end_entries: int | None = None
        self._status: Text | None = None
        self._bindings_key: tuple[object, ...] | None = None
        self._forced_at: int | None = None
        self._why_not = session.policy == "teaching"
        self._typed_ahead = TypeAheadGuard()
        self._after_back = False  # the player's last choice was Back: no forced step next
        self._back_steps = BackSteps()

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Static("", id="status")
        yield LastTurnLine(id="last-turn")
        yield DangerLine(id="dangers")
        with VerticalScroll(id="board-pane"):
            yield board_for(self.session.game)(id="board")
        with Horizontal(id="bottom"):
            yield PromptPanel(id="prompt")
            yield LogPanel(id="log")
        yield KeyBar()

    @property
    def board(self) -> Board:
        """The game's board widget."""
        return self.query_one("#board", Board)

    @property
    def panel(self) -> PromptPanel:
        """The prompt panel."""
        return self.query_one("#prompt", PromptPanel)

    def on_mount(self) -> None:
        self.board.last_line_inline = False  # the line under the title tells it
        bind_board_keys(self, self.board)
        self.panel.home_keys = self.board.home_keys
        self.focus_prompt()
        self.session.refresh("start")

    def focus_prompt(self) -> None:
        """Put the focus on the choices, unless another screen (a dialog) is on top: nothing the
        match does may take the keys away from a dialog's text box or buttons."""
        if self.app.screen is self:
            self.query_one("#choices").focus()

    def on_screen_resume(self) -> None:
        """Back on top (a dialog closed): the bots, which waited, go on."""
        self.bots.resume()

    def on_unmount(self) -> None:
        self.bots.stop()
        self.hints.stop()
        self.session.close()

    # ------------------------------------------------------------ rendering
    def on_match_updated(self, message: MatchUpdated) -> None:
        snap = message.snapshot
        if self.snap is not None and snap.entries < self.snap.entries:
            return  # an older picture queued behind a newer one
        self.show_snapshot(snap)

    def show_snapshot(self, snap: MatchView) -> None:
        """Show ``snap`` (after a pass screen if the terminal must change hands)."""
        moved = self.snap is None or snap.entries != self.snap.entries
        self.snap = snap
        if moved:
            self.bots.moved()
        if self.session.needs_pass(snap.seat):
            if not self._passing:
                self._passing = True
                name = self.session.seat_name(snap.seat)
                why = "Secret choice" if snap.prompt and snap.prompt.secret else ""
                self.app.clear_notifications()  # a hint shown names the last seat's cards
                self.app.push_screen(PassScreen(name, why), self._passed)
        else:
            self._render_snapshot(snap)
            self._check_end(snap)
        self.bots.schedule()

    def _passed(self, result: str | None) -> None:
        self._passing = False
        if result == "menu":
            self.action_menu()
            return
        self.session.revealed(self.session.local_seat())
        self.show_snapshot(self.session.snapshot())

    def _render_snapshot(self, snap: MatchView) -> None:
        panel = self.panel
        panel.why_not = self._why_not
        settings = settings_of(self.app)
        missing = tuple((plain(a, settings), plain(b, settings)) for a, b in snap.unavailable)
        panel.show(snap.prompt, self._idle_text(snap), missing)
        self._typed_ahead.shown(snap.prompt)
        choice = panel.highlighted()
        self._cursor = choice.target if choice else None
        self.board.log_lines = snap.log
        self.board.show(snap.view, snap.prompt, self._cursor)
        turn = snap.last_turn
        own = self.board.last_turn_text(snap.view)  # the game's own summary, if it has one
        if own is None:
            self.query_one(LastTurnLine).show_turn(turn.lines, turn.parts)
        else:
            self.query_one(LastTurnLine).show_turn([own] if own else [])
        mark = getattr(self.board, "mark_changes", None)
        if mark is not None:
            mark(turn.before, turn.after)
        self.query_one("#log", LogPanel).show(snap.log)
        self.query_one(DangerLine).show_signs(dangers(self.session.game, snap.view))
        self.update_status()
        self._refresh_bindings_if_changed()
        self._take_forced(snap)

    def _take_forced(self, snap: MatchView) -> None:
        """Take a forced step for the player (:mod:`tui.forced_steps`), once per
        picture, with its one-line reason; not right after a take-back, a redo or a Back
        choice (the player went back to look: taking the step again would undo the Back),
        nor when the auto-advance setting is off."""
        after_back, self._after_back = self._after_back, False
        if not settings_of(self.app).auto_advance or snap.seat is None:
            return
        went_back = self.session.last_reason in ("undo", "redo") or after_back
        if self._forced_at == snap.entries or went_back:
            return
        choice = self.session.forced_choice(snap.seat, snap.prompt)
        if choice is None or snap.prompt is None:
            return
        self._forced_at = snap.entries
        reason = forced_reason(snap.prompt, choice)

        def take() -> None:
            if self.snap is not None and self.snap.entries == snap.entries:
                self.notify(reason, timeout=4)
                self.choose(choice, forced=True)

        self.call_later(take)

    def _refresh_bindings_if_changed(self) -> None:
        """Refresh the footer keys when :meth:`check_action` now answers differently for some
        of the screen's bindings (End turn, Result, Undo, Redo follow the match); refreshing
        them after every move would rebuild and repaint the key bar for nothing."""
        actions = dict.fromkeys(b.action.partition("(")[0] for b in self.BINDINGS)
        key = tuple(self.check_action(action, ()) for action in actions)
        if key != self._bindings_key:
            self._bindings_key = key
            self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Footer keys follow the match: End turn only when the prompt has it, Result only once
        the match is over, Undo/Redo not after the end (unless the policy is teaching) and never under
        the strict policy."""
        snap = self.snap
        over = snap is not None and snap.outcome is not None
        if action == "end_turn":
            return end_choice(snap.prompt if snap else None) is not None
        if action == "result":
            return over
        if action in ("undo", "redo"):
            policy = self.session.policy
            if policy == "strict":
                return False  # strict allows no take-backs: not in the footer nor the palette
            if over:
                return policy == "teaching"
        return True

    def _idle_text(self, snap: MatchView) -> str:
        if snap.outcome is not None:
            return f"Match over: {snap.outcome.reason}"
        if not snap.waiting:
            return ""
        names = ", ".join(self.session.seat_name(s) for s in snap.waiting)
        return f"Waiting for {names}…"

    def update_status(self) -> None:
        """Redraw the top line: game, seats (▶ = deciding), bot state."""
        snap = self.snap
        if snap is None:
            return
        text = Text(self.session.title, style="bold")
        text.append("  ")
        for i, seat in enumerate(self.session.seats):
            deciding = i in snap.waiting
            label = self.session.seat_name(i)
            if i == snap.seat:
                label += " (you)" if len(self.session.humans) == 1 else " (shown)"
            elif not seat.is_human:
                label += f" [{seat.kind}]"
            text.append("▶" if deciding else " ", style="bold")
            text.append(label, style="bold" if deciding else "")
            text.append("  ")
        if snap.outcome is not None:
            text.append("· match over", style="italic")
        elif self.bots.busy and self.bots.iterations:
            text.append(f"· thinking… {self.bots.iterations:,} iterations", style="italic")
        elif self.bots.busy:
            text.append("· Bot is thinking…", style="italic")
        if self.hints.busy:
            n = self.hints.iterations
            text.append(f" · hint: thinking… {n:,} iterations" if n else " · hint: thinking…")
        if self.bots.any_bot:
            pace = f"{self.app.bot_delay:g}s" if self.app.bot_delay else "instant"
            text.append(f"  bot pace {pace}", style="dim")
        if text != self._status:  # one line of fixed size: repainted only when it changes
            self._status = text
            self.query_one("#status", Static).update(text, layout=False)

    @on(PromptPanel.Highlighted)
    def _highlighted(self, message: PromptPanel.Highlighted) -> None:
        target = message.choice.target if message.choice else None
        if target != self._cursor and self.snap is not None:
            self._cursor = target
            self.board.show(self.snap.view, self.snap.prompt, target)

    # ------------------------------------------------------------ choosing
    def choose(self, choice: Choice, forced: bool = False) -> None:
        """Make ``choice`` for the local seat (``forced``: a forced step taken for it)."""
        self._after_back = FIXED_KEYS.get(choice.id) == BACK_KEY
        self._typed_ahead.chose()
        try:
            self.session.choose(choice.id)
            self._back_steps.chose(choice.id, forced)
        except IllegalAction:
            # A key or click that landed while the state moved on (a bot's move, an undo): never
            # the engine's raw message (choice ids, 0-based seats).
            seat = self.session.local_seat()
            if seat is not None and self.session.prompt(seat) is not None:
                self.notify("That choice is no longer available.", severity="warning", timeout=2)
            self.session.refresh("stale")
        except jr.JournalError as err:
            self._typed_ahead.shown(self.panel.prompt)  # nothing changed: keys count again
            self.save_failed(err, lambda: self.choose(choice))

    @on(PromptPanel.Picked)
    def _picked(self, message: PromptPanel.Picked) -> None:
        self.choose(message.choice)

    def action_pick(self, n: int) -> None:
        """Choose the choice numbered ``n`` (the 0 key is 10)."""
        self.action_pick_key(KEYS[n - 1] if 1 <= n <= 10 else "")

    def action_pick_key(self, key: str) -> None:
        """Choose the row shown with ``key`` (a folded row opens its sub-list); a key that
        picks nothing says so in one line."""
        if self._typed_ahead.late():
            self.query_one(KeyBar).flash(f"{key}: typed before this step appeared, ignored")
            return
        row = self.panel.by_key(key)
        if row is not None:
            if self.panel.members(row) is None:  # a choice, not a sub-list: the prompt goes
                self._typed_ahead.chose()
            self.panel.pick(row)
            return
        if key == BACK_KEY:
            self._step_back()
            return
        self._dead_key(key)

    def _step_back(self) -> None:
        """``x`` on a step without a Back choice: take back the player's last choice when that
        needs no question (it stays within the player's own choices); else the footer says
        there is nothing to go back to here (``u`` asks when it can)."""
        left = self._back_steps.count()
        while left > 0:
            seat, check = self.session.check_undo()
            if check is None or seat is None or not check.allowed or check.crosses:
                break
            if not self._undo(False):
                return
            left -= check.count
        else:
            return
        self.query_one(KeyBar).flash("x: no step to go back to here · u takes back a choice")

    def _dead_key(self, key: str) -> None:
        """One short footer message for a choice key that picks nothing now ("9" with seven
        choices): which keys there are."""
        keys = self.panel.keys()
        numbered = [k for k in keys if k in KEYS]
        fixed = [k for k in keys if k not in KEYS]
        if not keys:
            message = f"{key}: nothing to choose now"
        else:
            span = f"{numbered[0]}-{numbered[-1]}" if len(numbered) > 1 else "".join(numbered)
            listed = " and ".join(part for part in (span, ", ".join(fixed)) if part)
            message = f"{key}: no such choice · the choices are {listed}"
        self.query_one(KeyBar).flash(message)

    def on_key(self, event) -> None:
        """A choice key typed before the prompt changed is dropped (:mod:`.match_typeahead`);
        ``e`` when there is nothing to end or pass: say so (the app's dead-key message covers
        the other keys)."""
        if self._typed_ahead.stale(event):
            event.stop()
            event.prevent_default()
            self.query_one(KeyBar).flash(f"{event.key}: typed before this step appeared, ignored")
            return
        if event.key == "e" and "e" not in self.active_bindings:
            event.stop()
            self.query_one(KeyBar).flash("e: nothing to end or pass now")

    def action_end_turn(self) -> None:
        """Choose the end/pass choice (key e)."""
        choice = self.panel.end_choice()
        if choice is not None:
            self.choose(choice)

    @on(PromptPanel.GroupPicked)
    def _group_picked(self, message: PromptPanel.GroupPicked) -> None:
        """A folded row: its choices in a sub-list, each with a key."""
        prompt = self.snap.prompt if self.snap else None

        def picked(choice_id: str | None) -> None:
            choice = prompt.get(choice_id) if prompt and choice_id else None
            if choice is not None:
                self.choose(choice)

        self.app.push_screen(ChoiceMenu(message.title, message.members), picked)

    @on(Board.TargetClicked)
    def _clicked(self, message: Board.TargetClicked) -> None:
        prompt = self.snap.prompt if self.snap else None
        matches = [c for c in prompt.choices if c.target == message.target] if prompt else []
        if len(matches) == 1:
            self.choose(matches[0])
        elif matches:
            self.panel.highlight(matches[0].id)

            def picked(choice_id: str | None) -> None:
                choice = prompt.get(choice_id) if prompt and choice_id else None
                if choice is not None:
                    self.choose(choice)

            self.app.push_screen(ChoiceMenu("What to do with it?", matches), picked)
        elif self.board.inspect(message.target):
            self._open_inspector(message.target)

    # ------------------------------------------------------------ the end
    def _check_end(self, snap: MatchView) -> None:
        out = snap.outcome
        if out is None or self._end_entries == snap.entries:
            return
        self._end_entries = snap.entries
        self.show_result()

    def show_result(self) -> None:
        """Open the end dialog (winner, reason, labelled scores, where the match is saved)."""
        snap = self.snap
        out = snap.outcome if snap else None
        if snap is None or out is None:
            return
        session = self.session
        solo = len(session.humans) == 1
        if solo and out.winners == (snap.seat,):
            headline = "You win"
        elif out.winners:
            names = [session.seat_name(w) for w in out.winners]
            headline = " and ".join(names) + (" win" if len(names) > 1 else " wins")
        elif len(session.seats) == 1:  # a one-seat match without a winner is lost (Outcome)
            headline = "You lose" if snap.seat == 0 else f"{session.seat_name(0)} loses"
        else:
            headline = "Draw"
        names = [session.seat_name(i) for i in range(len(session.seats))]
        scores = self.board.scores_text(snap.view, out.scores, names) if out.scores else ""
        path = session.save_path
        saved = f"Saved as {path.name} (the autosave)." if path else ""
        dialog = EndDialog(headline, out.reason, scores, saved, analyse=path is not None)
        self.app.push_screen(dialog, self._after_end)

    def _after_end(self, what: str | None) -> None:
        if what == "replay":
            self.app.open_replay(self.session.save_path)
        elif what == "analyse":
            self.app.open_replay(self.session.save_path, analyse=True)
        elif what == "save":
            self.action_save_as()
        elif what == "rematch":
            self.app.rematch(self.session.settings)
        elif what == "menu":
            self.action_menu()
        elif what == "board":
            self.notify("Press o to see the result again.", timeout=3)

    def action_result(self) -> None:
        """Show the result again (once the match is over)."""
        self.show_result()

    # ------------------------------------------------------------ actions
    def action_undo(self) -> None:
        """Take back: at once when it stays within your own choices; after a yes/no when it goes
        back past a roll, a draw or a bot's turn; with the other players' consent in a shared
        game when the policy needs it."""
        seat, check = self.session.check_undo()
        if check is None or seat is None:
            self.notify("Nothing to take back.", severity="warning")
            return
        if check.allowed and not check.crosses:
            self._undo(False)
        elif check.allowed:
            self._confirm_undo(seat, check)
        elif check.needs_consent and all(s in self.session.humans for s in check.needs_consent):
            summary = self.session.undo_summary(seat, check)
            token = self._undo_token(seat, check)
            self._ask_consent(seat, summary, list(check.needs_consent), token)
        else:
            self.notify(check.reason, title="Undo refused", severity="warning")

    def _undo_token(self, seat: int, check: UndoCheck) -> tuple[object, ...]:
        """What a take-back question described: the match's length, the seat, where it goes
        back to and how many choices (an answer counts only while these are unchanged)."""
        return (self.session.entries, seat, check.target, check.count)

    def _still_asked(self, token: tuple[object, ...]) -> bool:
        """True when the take-back asked about (``token``) is still the one an undo would do
        now; else say so and ask again about the new one."""
        seat, check = self.session.check_undo()
        if check is not None and seat is not None and self._undo_token(seat, check) == token:
            return True
        self.notify("The match moved on meanwhile: asking again.", severity="warning", timeout=3)
        if check is None or seat is None or check.target is None:
            self.notify("Nothing to take back.", severity="warning")
        elif check.allowed:
            self._confirm_undo(seat, check)
        else:
            self.action_undo()
        return False

    def _confirm_undo(self, seat: int, check: UndoCheck) -> None:
        """Ask before a take-back past a roll, a draw or a bot's turn; carry out exactly that
        one (re-asked if the match moved while the question was open)."""
        summary = self.session.undo_summary(seat, check)
        token = self._undo_token(seat, check)

        def answered(yes: bool | None) -> None:
            if yes and self._still_asked(token):
                self._undo(False)

        question = f"Take back {summary}?"
        self.app.push_screen(
            ConfirmDialog("Take back?", question, "Take back", "Keep playing"), answered
        )

    def _undo(self, consent: bool) -> bool:
        """Take back as :meth:`action_undo` decided; True when it was done."""
        try:
            n = self.session.undo(consent=consent)
        except UndoRefused as err:
            self.notify(str(err), title="Undo refused", severity="warning")
        except jr.JournalError as err:
            self.save_failed(err, lambda: self._undo(consent))
        else:
            self._back_steps.undone(n)
            self.notify(f"Took back {n} choice{'s' if n != 1 else ''}.", timeout=2)
            return True
        return False

    def _ask_consent(
        self, seat: int, summary: str, others: list[int], token: tuple[object, ...]
    ) -> None:
        if not others:
            if self._still_asked(token):
                self._undo(True)
            return
        asker, other = self.session.seat_name(seat), self.session.seat_name(others[0])
        question = (
            f"{asker} asks to take back {summary}: past a dice roll, a draw or another "
            f"player's turn.\n\n{other}: do you agree?"
        )

        def answered(yes: bool | None) -> None:
            if yes:
                self._ask_consent(seat, summary, others[1:], token)
            else:
                self.notify(f"{other} said no.", title="Undo refused", severity="warning")

        dialog = ConfirmDialog("Take back?", question, "Agree", "Refuse")
        dialog.add_class("opaque")
        self.app.push_screen(dialog, answered)

    def action_redo(self) -> None:
        """Redo the last take-back."""
        self._back_steps.forget()
        try:
            n = self.session.redo()
        except UndoRefused as err:
            self.notify(str(err), severity="warning")
        except jr.JournalError as err:
            self.save_failed(err, self.action_redo)
        else:
            self.notify(f"Redid {n} choice{'s' if n != 1 else ''}.", timeout=2)

    def save_failed(self, err: jr.JournalError, retry: Callable[[], None]) -> None:
        """A choice, take-back or resignation could not be saved, so it was not made: say so,
        pause the match (the bots wait while the question is open) and ``retry`` when asked."""
        reason = getattr(err, "reason", None) or str(err)
        intact = getattr(err, "intact", True)
        if intact:
            text = f"could not save: {reason}; nothing was lost, the match is paused."
        else:
            text = (
                f"could not save: {reason}; the save file could not be repaired, so it is no "
                "longer written (Save as keeps the match in another file); the match is paused."
            )

        def answered(yes: bool | None) -> None:
            if yes:
                retry()

        dialog = ConfirmDialog("Not saved", text, "Retry", "Keep paused")
        self.app.push_screen(dialog, answered)

    def action_inspect(self) -> None:
        """Open the card inspector on the highlighted choice's target."""
        self._open_inspector(self._cursor)

    def _open_inspector(self, target: str | None) -> None:
        board = self.board
        items = board.inspectable()
        start = target if target and board.inspect(target) else None
        if not items and start is None:
            self.notify("Nothing to inspect here.", timeout=2)
            return
        self.app.push_screen(InspectorDialog(board.inspect, items, start))

    def action_save_as(self) -> None:
        """Ask a file name and save a copy of the journal there (the match keeps autosaving to
        its own file)."""
        folder = jr.default_save_dir()
        own = self.session.save_path
        stem = own.stem if own else self.session.game
        over = self.session.over
        suffix = "final" if over else f"entry{self.session.entries}"
        default = f"{stem}-{suffix}"
        if own is None:
            where = ""
        elif over:
            where = f"This match is saved in full as {own.name}. "
        else:
            where = f"This match autosaves to {own.name} and keeps doing so. "
        what = "the finished match" if over else "the match so far"
        text = f"{where}Save a copy of {what} as (a name goes to {folder}):"
        dialog = TextInputDialog("Save a copy", text, default)
        self.app.push_screen(dialog, self._save_to)

    def _save_to(self, raw: str | None) -> None:
        if raw is None:
            return  # cancelled
        raw = raw.strip()
        if not raw:
            self.notify("No file name given.", title="Not saved", severity="warning")
            return
        folder = jr.default_save_dir()
        path = Path(raw).expanduser()
        if not path.is_absolute():
            path = folder / path
        path = Path(os.path.normpath(path))  # "rel/../x" never creates "rel"
        if raw.endswith(("/", os.sep)) or path.is_dir():
            self.notify(f"{path} is a folder; give a file name.", severity="warning")
            return
        if path.suffix != jr.SUFFIX:
            path = path.with_name(path.name + jr.SUFFIX)
        own = self.session.save_path
        if own is not None and path.resolve() == own.resolve():
            self.notify("That is this match's own autosave file.", severity="warning")
            return
        shown = path.name if path.parent == folder else str(path)
        if path.is_dir():
            self.notify(f"{shown} is a folder; choose another name.", severity="warning")
            return
        if path.exists() or path.is_symlink():
            try:
                jr.read(path)
            except jr.JournalError:
                self.notify(
                    f"{shown} is not an Imperia save; choose another name.",
                    title="Not saved",
                    severity="warning",
                )
                return
            if locked_elsewhere(path):
                self.notify(
                    f"{shown} is open in another Imperia window; choose another name.",
                    title="Not saved",
                    severity="warning",
                )
                return

            def answered(yes: bool | None) -> None:
                if yes:
                    self._write_copy(path)

            self.app.push_screen(
                ConfirmDialog(
                    "Replace?",
                    f"{shown} already exists (another saved match). Replace it with a copy of "
                    "this match?",
                    "Replace",
                    "Cancel",
                ),
                answered,
            )
            return
        self._write_copy(path)

    def _write_copy(self, path: Path) -> None:
        """Write the copy to ``path``, creating its folder; a failure is one line naming the
        path and leaves no folder behind."""
        folder = jr.default_save_dir()
        created: list[Path] = []
        try:
            missing = [p for p in (path.parent, *path.parent.parents) if not p.exists()]
            for p in reversed(missing):
                p.mkdir()
                created.append(p)
            saved = self.session.save_as(path)
        except OSError as err:
            for p in reversed(created):
                with contextlib.suppress(OSError):
                    p.rmdir()
            why = err.strerror or str(err)
            self.notify(f"Could not save to {path}: {why}.", title="Not saved", severity="error")
            return
        own = self.session.save_path
        shown = saved.name if saved.parent == folder else str(saved)
        keeps = f"; this match keeps autosaving to {own.name}" if own else ""
        self.notify(f"Saved a copy to {shown}{keeps}.", title="Saved a copy", timeout=6)

    def action_hint(self) -> None:
        """Ask for a hint (key H): computed in the background (:mod:`.match_hints`)."""
        self.hints.request()

    def action_toggle_why_not(self) -> None:
        """Show or hide the choices that are not available now, with their reasons (key W);
        shown, the list scrolls down to them (the cursor cannot reach greyed lines)."""
        self._why_not = not self._why_not
        self.panel.why_not = self._why_not
        if self._why_not and not self.panel.unavailable:
            self.query_one(KeyBar).flash("Why not? Nothing is missing from this step")
        elif self._why_not:
            self.panel.reveal_missing()

    def action_toggle_log(self) -> None:
        """Show or hide the log panel (hidden by default on narrow terminals)."""
        shown = self.query_one("#log").display
        self.set_class(shown, "-log-off")
        self.set_class(not shown, "-log-on")

    def action_log_page(self, direction: int) -> None:
        """Scroll the log a page back (``direction`` -1, keys ``[`` and shift+PgUp) or forward
        (1, ``]`` and shift+PgDn) while the choices keep the focus; a hidden log is only shown
        (at its newest lines). The mouse wheel scrolls it too."""
        log = self.query_one("#log", LogPanel)
        if not log.display:
            self.action_toggle_log()
            self.query_one(KeyBar).flash("Log shown: [ and ] scroll it back and forward")
        elif direction < 0:
            log.scroll_page_up(animate=False)
        else:
            log.scroll_page_down(animate=False)

    def action_board_key(self, action: str) -> None:
        """A board key (the game's own: Imperial Struggle's region and pane keys)."""
        self.board.board_action(action)

    def action_speed(self, step: int) -> None:
        """Make the bots faster (-1) or slower (+1)."""
        self.bots.change_speed(step)

    def action_skip(self) -> None:
        """Let the bots finish their turn at once."""
        self.bots.fast_forward()

    def action_resign(self) -> None:
        """Resign (after confirmation)."""
        seat = self.session.local_seat()
        if seat is None or self.session.over:
            self.notify("There is nobody here to resign.", severity="warning")
            return

        def answered(yes: bool | None) -> None:
            if yes and not self.session.over:
                try:
                    self.session.resign(seat)
                except jr.JournalError as err:
                    self.save_failed(err, lambda: answered(True))

        name = self.session.seat_name(seat)
        self.app.push_screen(
            ConfirmDialog("Resign?", f"{name} resigns: {self._resign_winners(seat)} this match."),
            answered,
        )

    def _resign_winners(self, seat: int) -> str:
        """Who wins when ``seat`` resigns: the opponent by name in a 2-seat game ("Bot wins"),
        else "every other player wins"."""
        others = [s for s in range(len(self.session.seats)) if s != seat]
        if len(others) == 1:
            return f"{self.session.seat_name(others[0])} wins"
        return "every other player wins"

    def action_menu(self) -> None:
        """Back to the menu (the match is saved; Continue resumes it)."""
        self.app.back_to_menu()
