"""The bridge between the app and one match (STYLE.md "One bridge object").

A :class:`MatchSession` wraps an engine :class:`~engine.match.Match` and its
:class:`~engine.session.BotSeats`. Screens send it *intents* (``choose``, ``undo``, ``redo``,
``save_as``, ``resign``, a bot step) and receive a fresh :class:`MatchView` through one Textual
message, :class:`MatchUpdated`. No game state lives in widgets: they render a ``MatchView``, which
is built only from ``match.view(seat)``, ``match.prompt(seat)`` and the described log. It is
the local :class:`tui.match_session.Session` (the SSH client's is
:class:`tui.serve.client.RemoteSession`): screens read the match only through that interface.

Which seat the local screen shows (:meth:`MatchSession.local_seat`): with one human seat, always
that seat; with several humans on one terminal (hotseat), the seat that must decide (keeping the
seat already shown while it is still deciding); with no human, the spectator (None).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from textual.message import Message

from engine import journal as jr
from engine import session as es
from engine.match import LogItem, Match, UndoCheck, UndoRefused
from engine.rng import Rng
from engine.rules import (
    Choice,
    IllegalAction,
    Outcome,
    Prompt,
    SeatConfig,
    State,
    unavailable_choices,
)
from engine.seat_names import clean_name
from tui.forced_steps import forced_choice
from tui.hint_worker import HintRefused, HintTask, make_task, refusal
from tui.last_turn import LastTurn, last_turn

SEAT_MARKS = ("◆", "●", "▲", "■", "★", "✚", "▼", "♣", "♠", "✦")
"""One symbol per seat (up to ten seats), so seats never differ by colour alone."""


BARRIER_WORDS: tuple[tuple[str, frozenset[str]], ...] = (
    ("a dice roll", frozenset({"roll", "reroll", "dice"})),
    ("a draw", frozenset({"draw", "redraw", "extra"})),
    ("a shuffle", frozenset({"shuffle", "reshuffle"})),
    ("a reveal", frozenset({"reveal", "opening_reveal"})),
)
"""Log event kinds that name what an undo goes back past (games share these common kinds)."""


def seat_mark(seat: int) -> str:
    """The symbol of ``seat`` (0-based)."""
    return SEAT_MARKS[seat % len(SEAT_MARKS)]


@dataclass(frozen=True)
class MatchSettings:
    """What it takes to start this match again (a rematch uses a new seed)."""

    game: str
    seats: tuple[SeatConfig, ...]
    options: dict[str, Any]
    policy: str
    seed: int


class LogLine(NamedTuple):
    """One log line as a viewer may read it; ``undone`` when its choice was taken back (the
    log keeps such lines, struck through)."""

    text: str
    undone: bool = False


@dataclass(frozen=True)
class MatchView:
    """One picture of the match for the local screen.

    Attributes:
        seat: the seat whose view this is (None = spectator).
        view: ``match.view(seat)``.
        prompt: ``seat``'s prompt now, or None.
        waiting: seats that must decide now.
        log: the log lines as ``seat`` may read them, oldest first (taken-back ones marked).
        outcome: the outcome once the match is over.
        entries: journal entries so far (changes with every act, undo, redo or resign).
        last_turn: the other seats' last turn (:mod:`tui.last_turn`); empty when unknown.
        unavailable: ``(label, reason)`` of the choices ``seat`` would expect now but has not
            (the game's ``unavailable`` hook, :func:`engine.rules.unavailable_choices`).
    """

    seat: int | None
    view: dict[str, Any]
    prompt: Prompt | None
    waiting: tuple[int, ...]
    log: tuple[LogLine, ...]
    outcome: Outcome | None
    entries: int
    last_turn: LastTurn = LastTurn()
    unavailable: tuple[tuple[str, str], ...] = ()


class MatchUpdated(Message):
    """The match changed (or the shown seat did): ``snapshot`` is the fresh picture.

    ``reason`` is a short word for tests and logs ("start", "choose", "undo", "bot", ...).
    """

    def __init__(self, snapshot: MatchView, reason: str) -> None:
        super().__init__()
        self.snapshot = snapshot
        self.reason = reason


@dataclass(frozen=True)
class BotTask:
    """A bot decision to compute off the UI thread.

    ``token`` is ``match.entries`` when the task was made: the choice is applied only if the
    match has not moved since (never to a stale state). ``state`` is a private copy.
    """

    seat: int
    token: int
    state: State
    bot: Any
    rng: Rng


class MatchSession:
    """One match as the app sees it.

    Args:
        match: the engine match (usually autosaving to ``match.save_path``).
        notify: called with each :class:`MatchUpdated` (a screen's ``post_message``).
    """

    def __init__(self, match: Match, notify: Callable[[MatchUpdated], Any] | None = None):
        self.match = match
        self.bots = es.BotSeats(match)
        self.notify = notify
        self.pool: Any = None  # search workers (tui.bot_worker.WorkerPool); None = shared
        self.humans: tuple[int, ...] = tuple(i for i, s in enumerate(match.seats) if s.is_human)
        self._shown: int | None = None
        self._revealed: int | None = None
        self._log_cache: list[tuple[LogItem, int | None, LogLine]] = []
        self._last_turn: tuple[tuple[int, int], dict[int | None, LastTurn]] | None = None
        self.last_reason = ""
        """The reason of the last picture sent ("choose", "undo", "bot", ...)."""
        self._hint_rng: Rng | None = None

    # ------------------------------------------------------------ creating
    @classmethod
    def start(
        cls,
        game: str,
        seats: Sequence[SeatConfig],
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        policy: str = "casual",
        save_path: Path | None = None,
    ) -> MatchSession:
        """A new match autosaving to ``save_path`` (default: a fresh file in the save dir).

        Raises KeyError, ValueError (bad game, seats, seed, option or policy), OSError and
        JournalError (the save file cannot be created).
        """
        if save_path is None:
            save_path = jr.new_save_path(jr.default_save_dir(), game, [s.name for s in seats])
        elif save_path.exists():
            raise ValueError(f"{save_path} already exists; choose another save file")
        match = es.new_match(game, seats, options, seed, policy, save_path=save_path)
        return cls(match)

    @classmethod
    def resume(cls, path: Path) -> tuple[MatchSession, list[str]]:
        """Continue the match saved at ``path``. Returns the session and load warnings.

        Raises JournalError or ReplayMismatch (one-line messages), ValueError for a game the
        app cannot show yet (no board; the file is left as it was).
        """
        match, warnings = es.open_match(path)
        if not match.rules.playable:
            if isinstance(match.sink, jr.JournalWriter):
                match.sink.close()
            raise ValueError(
                f"{match.rules.title} has no board in the app yet; "
                f"watch this match with: imperia replay {path}"
            )
        return cls(match), warnings

    # ------------------------------------------------------------ the match (tui.match_session)
    @property
    def game(self) -> str:
        """The game's id."""
        return self.match.rules.id

    @property
    def title(self) -> str:
        """The game's title."""
        return self.match.rules.title

    @property
    def policy(self) -> str:
        """The undo policy."""
        return self.match.policy

    @property
    def seats(self) -> tuple[SeatConfig, ...]:
        """The seats (name and kind)."""
        return self.match.seats

    @property
    def entries(self) -> int:
        """Journal entries so far."""
        return self.match.entries

    @property
    def over(self) -> bool:
        """True once the match has an outcome."""
        return self.match.over

    def view(self, seat: int | None) -> dict[str, Any]:
        """``seat``'s view (None: the spectator's)."""
        return self.match.view(seat)

    def prompt(self, seat: int) -> Prompt | None:
        """``seat``'s prompt now, or None."""
        return self.match.prompt(seat)

    def waiting(self) -> tuple[int, ...]:
        """The seats that must decide now."""
        return self.match.waiting()

    def outcome(self) -> Outcome | None:
        """The outcome once the match is over."""
        return self.match.outcome()

    def log_lines(self, seat: int | None) -> list[LogLine]:
        """The log as ``seat`` may read it, oldest first."""
        return self._log_lines(seat)

    @property
    def local_bots(self) -> bool:
        """True when some seat is played by a bot (they think in this process)."""
        return bool(self.bots.bots)

    def forced_choice(self, seat: int, prompt: Prompt | None) -> Choice | None:
        """The forced step's choice for ``seat`` (:func:`tui.forced_steps.forced_choice`),
        or None."""
        return forced_choice(self.match, seat, prompt)

    def can_redo(self) -> bool:
        """True when some human seat here can redo a take-back."""
        return any(self.match.can_redo(seat) for seat in self.humans)

    @property
    def settings(self) -> MatchSettings:
        """Game, seats, options, policy and seed of this match."""
        m = self.match
        return MatchSettings(m.rules.id, m.seats, dict(m.config.options), m.policy, m.seed)

    @property
    def save_path(self) -> Path | None:
        """The file this match autosaves to, if any."""
        return self.match.save_path

    def close(self) -> None:
        """Close the autosave file, ending it with a check record so a replay verifies the last
        entries (the journal on disk is complete)."""
        if isinstance(self.match.sink, jr.JournalWriter):
            self.match.close_journal()

    # ------------------------------------------------------------ seats
    def plain_name(self, seat: int) -> str:
        """``"Ann"``: the seat's cleaned name (``"Player 2"`` when it has none)."""
        return clean_name(self.match.seats[seat].name) or f"Player {seat + 1}"

    def seat_name(self, seat: int | None) -> str:
        """``"◆ Ann"`` for a seat, ``"Spectator"`` for None."""
        if seat is None:
            return "Spectator"
        return f"{seat_mark(seat)} {self.plain_name(seat)}"

    def is_bot(self, seat: int) -> bool:
        """True when a bot plays ``seat``."""
        return seat in self.bots.bots

    @property
    def hotseat(self) -> bool:
        """True when several humans share this terminal."""
        return len(self.humans) > 1

    def local_seat(self) -> int | None:
        """The seat the local screen shows now (see the module docstring)."""
        if not self.humans:
            return None
        if len(self.humans) == 1:
            return self.humans[0]
        waiting = self.match.waiting()
        if self._shown in waiting:
            return self._shown
        for s in waiting:
            if s in self.humans:
                return s
        return self._shown if self._shown is not None else self.humans[0]

    def needs_pass(self, seat: int | None) -> bool:
        """True when showing ``seat`` needs a pass-the-terminal screen first: several humans
        share the terminal, ``seat`` is not the seat last revealed, and either its view shows
        something the last one may not see or it faces a simultaneous secret decision."""
        if not self.hotseat or seat is None or seat == self._revealed:
            return False
        if self._revealed is None:
            return True
        prompt = self.match.prompt(seat)
        if prompt is not None and prompt.secret:
            return True
        return _private(self.match.view(seat)) != _private(self.match.view(self._revealed))

    def revealed(self, seat: int | None) -> None:
        """The player of ``seat`` now sits at the terminal (after the pass screen)."""
        self._revealed = seat

    # ------------------------------------------------------------ reading
    def snapshot(self) -> MatchView:
        """The picture for the local seat; also makes that seat the shown one."""
        seat = self.local_seat()
        self._shown = seat
        m = self.match
        return MatchView(
            seat=seat,
            view=m.view(seat),
            prompt=None if seat is None else m.prompt(seat),
            waiting=m.waiting(),
            log=tuple(self._log_lines(seat)),
            outcome=m.outcome(),
            entries=m.entries,
            last_turn=self.last_turn_of(seat),
            unavailable=tuple(unavailable_choices(m.rules, m.state, seat)),
        )

    def last_turn_of(self, seat: int | None) -> LastTurn:
        """The other seats' last turn for ``seat`` (:func:`tui.last_turn.last_turn`), rebuilt
        only when the match moved (kept for every seat asked since: the SSH hub asks for each
        watcher's)."""
        m = self.match
        key = (m.entries, m.ply)
        if self._last_turn is None or self._last_turn[0] != key:
            self._last_turn = (key, {})
        turns = self._last_turn[1]
        if seat not in turns:
            names = [self.plain_name(i) for i in range(len(m.seats))]
            turns[seat] = last_turn(m, seat, lambda item: describe(m, item, seat), names=names)
        return turns[seat]

    def _log_lines(self, viewer: int | None) -> list[LogLine]:
        # The log is append-only, except that an undo marks earlier items ``undone`` in place:
        # reuse the text of unchanged items, re-render the ones whose flag changed.
        old = self._log_cache
        new: list[tuple[LogItem, int | None, LogLine]] = []
        for i, item in enumerate(self.match.log):
            if i < len(old) and old[i][0] is item and old[i][1] == viewer:
                line = old[i][2]
                if line.undone != item.undone:
                    line = LogLine(line.text, item.undone)
                new.append((item, viewer, line))
            else:
                text = describe(self.match, item, viewer)
                new.append((item, viewer, LogLine(text, item.undone)))
        self._log_cache = new
        return [line for _, _, line in new]

    def _changed(self, reason: str) -> MatchView:
        self.last_reason = reason
        snap = self.snapshot()
        if self.notify is not None:
            self.notify(MatchUpdated(snap, reason))
        return snap

    def refresh(self, reason: str = "refresh") -> MatchView:
        """Send a fresh picture without changing anything."""
        return self._changed(reason)

    # ------------------------------------------------------------ intents
    def choose(self, choice_id: str) -> None:
        """The local seat makes ``choice_id``. Raises IllegalAction when it is not legal now."""
        seat = self.local_seat()
        if seat is None or self.match.prompt(seat) is None:
            raise IllegalAction("it is not your turn")
        self.match.act(seat, choice_id)
        self._changed("choose")

    def undo_seat(self) -> int | None:
        """The seat an undo acts for: the human whose screen this is (hotseat: the seat shown,
        i.e. the player at the terminal), else None (a spectator cannot take back)."""
        if not self.humans:
            return None
        if len(self.humans) == 1:
            return self.humans[0]
        return self.local_seat() if self._shown is None else self._shown

    def check_undo(self) -> tuple[int | None, UndoCheck | None]:
        """``(seat, check)`` for an undo now; ``(None, None)`` when nobody could undo."""
        seat = self.undo_seat()
        return seat, (None if seat is None else self.match.check_undo(seat))

    def undo_summary(self, seat: int, check: UndoCheck) -> str:
        """What an undo by ``seat`` takes back, for a confirmation question:
        ``"5 choices, including ● Bot's turn and a dice roll"``."""
        n = check.count
        what = f"{n} choice{'s' if n != 1 else ''}"
        if check.target is None:
            return what
        m = self.match
        others = list(dict.fromkeys(s for s, _ in m.line[check.target :] if s != seat))
        parts = [f"{m.seats[s].name}'s turn" for s in others]
        kinds = {i.event.kind for i in m.log if i.ply >= check.target and not i.undone}
        found = [label for label, names in BARRIER_WORDS if kinds & names]
        if not found and check.crosses and not others:
            found = ["a roll, a draw or a reveal"]
        parts += found
        if not parts:
            return what
        listed = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
        return f"{what}, including {listed}"

    def undo(self, consent: bool = False) -> int:
        """Take back the undo seat's last choice. Raises UndoRefused with the reason."""
        seat = self.undo_seat()
        if seat is None:
            raise UndoRefused("Nobody here can take anything back.")
        n = self.match.undo(seat, consent=consent)
        self._changed("undo")
        return n

    def redo(self) -> int:
        """Redo the last take-back. Raises UndoRefused when there is none."""
        for seat in self.humans:
            if self.match.can_redo(seat):
                n = self.match.redo(seat)
                self._changed("redo")
                return n
        raise UndoRefused("Nothing to redo.")

    def save_as(self, path: Path) -> Path:
        """Write the whole journal to ``path`` (atomic). Raises OSError.

        The copy gets its autosave's modification time less a millisecond, so *Continue* (the
        newest unfinished save) still opens the match's own autosave, which the match keeps
        writing to, and not the copy."""
        saved = es.save_as(self.match, path)
        autosave = self.match.save_path
        if autosave is not None and Path(autosave) != saved:
            with contextlib.suppress(OSError):
                st = os.stat(autosave)
                os.utime(saved, ns=(st.st_atime_ns, st.st_mtime_ns - 1_000_000))
        return saved

    def resign(self, seat: int | None = None) -> None:
        """``seat`` (default: the local seat) resigns; the match ends."""
        seat = self.local_seat() if seat is None else seat
        if seat is None:
            raise IllegalAction("a spectator cannot resign")
        self.match.resign(seat)
        self._changed("resign")

    # ------------------------------------------------------------ hints
    def hint_task(self, seat: int | None = None) -> HintTask:
        """A hint to compute for ``seat`` (default: the local seat), its world determinized
        here (:mod:`tui.hint_worker`). Raises HintRefused with the one-line reason when the
        table gives no hint now."""
        seat = self.local_seat() if seat is None else seat
        if seat is None:
            raise HintRefused("A spectator has no hints")
        m = self.match
        why = refusal(m.policy, m.seats, m.prompt(seat))
        if why is not None:
            raise HintRefused(why)
        if self._hint_rng is None:
            self._hint_rng = Rng.seeded(m.seed ^ 0x4855)
        return make_task(m.rules.id, m.state, seat, m.entries, self._hint_rng)

    def note(self, seat: int, text: str) -> None:
        """Keep a note of ``seat`` (the hint it used) in the journal (a ``note`` record).
        Raises JournalError when it cannot be saved."""
        self.match.note(seat, text)
        self._changed("note")

    # ------------------------------------------------------------ bots
    def bot_task(self) -> BotTask | None:
        """The next bot decision to think about, or None when no bot is waiting."""
        seat = self.bots.next_seat()
        if seat is None or self.match.over:
            return None
        state = self.match.rules.clone(self.match.state)
        return BotTask(seat, self.match.entries, state, self.bots.bots[seat], self.bots.rngs[seat])

    def think(self, task: BotTask, progress: Callable[[int], None] | None = None) -> str:
        """The bot's choice for ``task`` (safe to call from a worker thread). A search bot
        (``bot:hard``, ``bot:expert``) runs in a worker process of :attr:`pool` (default: the
        app's shared one) and reports its iterations to ``progress``; if the worker fails, the
        heuristic decides (:func:`tui.bot_worker.think`)."""
        from tui import bot_worker

        return bot_worker.think(
            self.pool, task.bot, self.match.rules, task.state, task.seat, task.rng, progress
        )

    def apply_bot(self, task: BotTask, choice: str) -> bool:
        """Apply a bot's choice unless the match moved since the task. Returns True if applied."""
        if self.match.entries != task.token or task.seat not in self.match.waiting():
            return False
        self.match.act(task.seat, choice)
        self._changed("bot")
        return True


def describe(match: Match, item: LogItem, viewer: int | None) -> str:
    """``match.describe(item, viewer)``, or a placeholder line if the game's log text fails
    (a log-text bug must not end a match or a replay)."""
    try:
        return match.describe(item, viewer)
    except Exception as err:
        return f"({item.event.kind}: no log text: {type(err).__name__} {err})"


def _private(view: dict[str, Any]) -> dict[str, Any]:
    """A view without the parts that always differ between seats (prompt, viewer)."""
    return {k: v for k, v in view.items() if k not in ("prompt", "viewer")}
