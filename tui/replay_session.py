"""A saved match read entry by entry: the replay's :class:`tui.match_session.MatchReader`.

:class:`ReplaySession` wraps an :class:`engine.session.Timeline` (every journal entry with the
state after it) and answers the reader's questions — game, title, policy, seats and names,
views, prompts, waiting seats, outcome, log lines — *at one entry*, :attr:`ReplaySession.at`,
which the replay screen moves. It also labels entries (their log lines, or the prompt label of
a choice with no log line, hiding a secret choice from the other seats until the match is
over), so the replay screen renders and never reads raw state.
"""

from __future__ import annotations

from typing import Any

from engine import journal as jr
from engine.analysis import Decision, decisions
from engine.match import ENGINE_EVENTS, LogItem
from engine.rules import Outcome, Prompt, SeatConfig
from engine.seat_names import clean_name
from engine.session import Timeline
from tui.session import LogLine, describe, seat_mark

LOG_LINES = 60
"""The most log lines :meth:`ReplaySession.log_lines` gives (the newest, up to the entry)."""


class ReplaySession:
    """One saved match at entry :attr:`at` (0 = the start, ``len(self) - 1`` = the last).

    Args:
        timeline: the rebuilt journal.
    """

    def __init__(self, timeline: Timeline) -> None:
        self.timeline = timeline
        self.at = len(timeline) - 1
        self._state: tuple[int, dict[str, Any]] | None = None
        self._lines: dict[int | None, dict[int, list[str]]] = {}

    def decisions(self) -> list[Decision]:
        """The match's decisions as they stand (:func:`engine.analysis.decisions`): what an
        analysis of the save is matched against."""
        return decisions(self.timeline.match)

    def __len__(self) -> int:
        return len(self.timeline)

    # ------------------------------------------------------------ the match (MatchReader)
    @property
    def game(self) -> str:
        """The game's id."""
        return self.timeline.rules.id

    @property
    def title(self) -> str:
        """The game's title."""
        return self.timeline.rules.title

    @property
    def policy(self) -> str:
        """The undo policy the match was played under."""
        return self.timeline.match.policy

    @property
    def seats(self) -> tuple[SeatConfig, ...]:
        """The seats (name and kind)."""
        return self.timeline.match.seats

    @property
    def entries(self) -> int:
        """Journal entries in the save (the last entry's number)."""
        return len(self.timeline) - 1

    @property
    def over(self) -> bool:
        """True when the saved match was played to its end."""
        return self.timeline.match.over

    def plain_name(self, seat: int) -> str:
        """The seat's cleaned name; a seat named "You" (the old default name) is "Player
        <n>", so "You" only ever means the viewed seat; ``"?"`` for no such seat."""
        if not 0 <= seat < len(self.seats):
            return "?"
        name = clean_name(self.seats[seat].name)
        return f"Player {seat + 1}" if name in ("", "You") else name

    def seat_name(self, seat: int | None) -> str:
        """``"◆ Ann"`` for a seat, ``"Spectator"`` for None."""
        return "Spectator" if seat is None else f"{seat_mark(seat)} {self.plain_name(seat)}"

    def state(self, i: int | None = None) -> dict[str, Any]:
        """A copy of the state after entry ``i`` (default :attr:`at`; the last one is kept)."""
        i = self.at if i is None else i
        if self._state is None or self._state[0] != i:
            self._state = (i, self.timeline.state(i))
        return self._state[1]

    def view(self, seat: int | None) -> dict[str, Any]:
        """``seat``'s view at :attr:`at` (None: the spectator's)."""
        return self.timeline.rules.view(self.state(), seat)

    def views(self) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        """Every seat's own view at :attr:`at` and the spectator's (for the board's
        *everything* view of a finished match)."""
        rules, state = self.timeline.rules, self.state()
        return [rules.view(state, p) for p in range(len(self.seats))], rules.view(state, None)

    def prompt(self, seat: int) -> Prompt | None:
        """``seat``'s prompt at :attr:`at`."""
        return self.timeline.rules.prompt(self.state(), seat)

    def waiting(self) -> tuple[int, ...]:
        """The seats deciding at :attr:`at`."""
        return tuple(self.timeline.rules.waiting(self.state()))

    def outcome(self) -> Outcome | None:
        """The outcome at :attr:`at`, if the match ended there."""
        return self.timeline.rules.outcome(self.state())

    def log_lines(self, seat: int | None) -> list[LogLine]:
        """The log up to entry :attr:`at` as ``seat`` may read it: at least the newest
        :data:`LOG_LINES` lines (whole entries), oldest first; lines of entries later taken
        back are marked."""
        log: list[LogLine] = []
        for k in range(self.at, -1, -1):  # newest first, until the panel is full
            undone = self.timeline.frames[k].undone
            log[:0] = [LogLine(line, undone) for line in self.entry_lines(k, seat)]
            if len(log) >= LOG_LINES:
                break
        return log

    # ------------------------------------------------------------ entries
    def undone(self, i: int) -> bool:
        """True when entry ``i`` was later taken back."""
        return self.timeline.frames[i].undone

    def record(self, i: int) -> tuple[Any, ...] | None:
        """Entry ``i``'s journal record (None for the start)."""
        return self.timeline.frames[i].record

    def resigned_at(self) -> int | None:
        """The entry where a seat resigned, or None."""
        frames = self.timeline.frames
        return next(
            (i for i, f in enumerate(frames) if f.record and f.record[0] == jr.RESIGN), None
        )

    def entry_lines(self, i: int, viewer: int | None) -> list[str]:
        """The log lines of entry ``i`` as ``viewer`` may read them (cached); an engine line
        about a seat named "You" that is not the viewer names that seat."""
        cache = self._lines.setdefault(viewer, {})
        if i not in cache:
            m = self.timeline.match
            lines = []
            for e in self.timeline.frames[i].events:
                line = describe(m, LogItem(0, e), viewer)
                if (
                    e.kind in ENGINE_EVENTS
                    and e.seat is not None
                    and e.seat != viewer
                    and line.startswith("You ")
                ):
                    line = f"{self.plain_name(e.seat)} {line[4:]}"
                lines.append(line)
            cache[i] = lines
        return cache[i]

    def choice_text(self, i: int, viewer: int | None) -> str:
        """A readable line for entry ``i``, a choice with no log line, as ``viewer`` may read
        it: "You: Discard Republic"; "● Bot makes a secret choice" to the other seats (and the
        spectator) until the match is over. Uses the game's optional ``choice_text`` hook
        (composing steps and the like); a rules error never ends the replay."""
        tl = self.timeline
        rec = tl.frames[i].record
        assert rec is not None
        seat, choice_id = rec[1], rec[2]
        who = "You" if seat == viewer else self.plain_name(seat)
        try:
            prompt = tl.rules.prompt(tl.state(i - 1), seat)
        except Exception:  # a rules bug must not end the replay
            prompt = None
        choice = prompt.get(choice_id) if prompt is not None else None
        sees = seat == viewer or (viewer is None and self.over)
        hook = getattr(tl.rules, "choice_text", None)
        if hook is not None:
            try:
                line = hook(tl.state(i - 1), seat, choice_id, viewer, sees)
            except Exception:  # a rules bug must not end the replay
                line = None
            if line:
                if seat != viewer and line.startswith("You "):  # a seat named "You"
                    line = f"{self.plain_name(seat)} {line[4:]}"
                return line
        if prompt is None or (prompt.secret and not sees):
            return f"{who} {'make' if who == 'You' else 'makes'} a secret choice"
        label = choice.label if choice is not None else choice_id.replace("_", " ")
        return f"{who}: {label}"


__all__ = ["LOG_LINES", "ReplaySession"]
