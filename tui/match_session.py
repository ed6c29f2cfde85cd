"""The one seam between the app's screens and a match (issue 13 item 3).

Screens never reach into an engine :class:`~engine.match.Match`: they read a match and act on
it only through these two interfaces.

* :class:`MatchReader` — what a screen may *read* of a match: its game, title, policy, seats and
  their shown names, how many journal entries it has, and for a seat its view, prompt and log
  lines. The replay (:class:`tui.replay_session.ReplaySession`, one entry of a saved match at a
  time) is one.
* :class:`Session` — a match being played: a :class:`MatchReader` plus the acts the match screen
  needs (choose, undo, redo, resign, save a copy), the pictures it renders
  (:class:`~tui.session.MatchView`) and the bots it drives. The local
  :class:`tui.session.MatchSession` and the SSH client's :class:`tui.serve.client.RemoteSession`
  are the two, so the match screen plays both the same way.

Both are :class:`typing.Protocol` s (checked structurally; ``isinstance`` checks only that the
names exist).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from engine.match import UndoCheck
from engine.rules import Choice, Outcome, Prompt, SeatConfig

if TYPE_CHECKING:
    from tui.session import LogLine, MatchSettings, MatchUpdated, MatchView


@runtime_checkable
class MatchReader(Protocol):
    """What a screen reads of a match (see the module docstring).

    Attributes:
        game: the game's id (``"imperium"``), which picks the board.
        title: the game's title for the header (``"iMperium"``).
        policy: the undo policy, ``"teaching"``, ``"casual"`` or ``"strict"``.
        seats: the seats as configured (name and kind, in seat order).
        entries: journal entries so far (changes with every act, undo, redo or resign).
        over: True once the match has an outcome.
    """

    @property
    def game(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def policy(self) -> str: ...

    @property
    def seats(self) -> tuple[SeatConfig, ...]: ...

    @property
    def entries(self) -> int: ...

    @property
    def over(self) -> bool: ...

    def plain_name(self, seat: int) -> str:
        """The seat's cleaned name (:func:`engine.seat_names.clean_name`), ``"Player 2"`` when
        it has none."""
        ...

    def seat_name(self, seat: int | None) -> str:
        """``"◆ Ann"`` for a seat, ``"Spectator"`` for None."""
        ...

    def view(self, seat: int | None) -> dict[str, Any]:
        """``seat``'s view (None: the spectator's), as ``rules.view`` gives it."""
        ...

    def prompt(self, seat: int) -> Prompt | None:
        """``seat``'s prompt now, or None."""
        ...

    def waiting(self) -> tuple[int, ...]:
        """The seats that must decide now."""
        ...

    def outcome(self) -> Outcome | None:
        """The outcome once the match is over."""
        ...

    def log_lines(self, seat: int | None) -> Sequence[LogLine]:
        """The log as ``seat`` may read it, oldest first (taken-back lines marked)."""
        ...


@runtime_checkable
class Session(MatchReader, Protocol):
    """A match being played, as the match screen sees it (see the module docstring).

    Attributes:
        notify: called with every :class:`~tui.session.MatchUpdated` (the screen's
            ``post_message``).
        last_reason: the reason of the last picture ("choose", "undo", "redo", "bot", ...).
        humans: the human seats this terminal plays (one over SSH; several in hotseat).
        hotseat: True when several humans share this terminal.
        local_bots: True when bots think in this process (the match screen drives them).
        save_path: the file the match autosaves to (None over SSH: the server keeps it).
        settings: what it takes to start this match again.
    """

    notify: Callable[[MatchUpdated], Any] | None
    last_reason: str
    humans: tuple[int, ...]

    @property
    def hotseat(self) -> bool: ...

    @property
    def local_bots(self) -> bool: ...

    @property
    def save_path(self) -> Path | None: ...

    @property
    def settings(self) -> MatchSettings: ...

    # reading
    def snapshot(self) -> MatchView:
        """The picture for the local seat now."""
        ...

    def refresh(self, reason: str = "refresh") -> MatchView:
        """Send a fresh picture (to :attr:`notify`) without changing anything."""
        ...

    def local_seat(self) -> int | None:
        """The seat the local screen shows now (None: a spectator)."""
        ...

    def needs_pass(self, seat: int | None) -> bool:
        """True when showing ``seat`` needs a pass-the-terminal screen first."""
        ...

    def revealed(self, seat: int | None) -> None:
        """The player of ``seat`` now sits at the terminal."""
        ...

    def forced_choice(self, seat: int, prompt: Prompt | None) -> Choice | None:
        """The choice to take for ``seat`` when ``prompt`` is a forced step (one choice that
        costs nothing and reveals nothing, :mod:`tui.forced_steps`), else None."""
        ...

    def check_undo(self) -> tuple[int | None, UndoCheck | None]:
        """``(seat, check)`` for an undo now; ``(None, None)`` when nobody could undo."""
        ...

    def undo_summary(self, seat: int, check: UndoCheck) -> str:
        """What an undo by ``seat`` takes back, for a question ("5 choices, including ...")."""
        ...

    def can_redo(self) -> bool:
        """True when a take-back can be redone now."""
        ...

    # acts
    def choose(self, choice_id: str) -> None:
        """The local seat makes ``choice_id``. Raises IllegalAction when it cannot."""
        ...

    def undo(self, consent: bool = False) -> int:
        """Take back the local seat's last choice. Raises UndoRefused with the reason."""
        ...

    def redo(self) -> int | None:
        """Redo the last take-back. Raises UndoRefused when there is none."""
        ...

    def resign(self, seat: int | None = None) -> None:
        """``seat`` (default: the local seat) resigns."""
        ...

    def save_as(self, path: Path) -> Path:
        """Write the whole journal to ``path``. Raises OSError."""
        ...

    def close(self) -> None:
        """The screen is done with the match (the journal is complete on disk)."""
        ...

    # hints
    def hint_task(self, seat: int | None = None) -> Any:
        """A hint to compute for ``seat`` (:class:`~tui.hint_worker.HintTask`). Raises
        :class:`~tui.hint_worker.HintRefused` with the reason when none is offered now."""
        ...

    def note(self, seat: int, text: str) -> None:
        """Keep ``seat``'s note (a hint it used) in the journal."""
        ...

    # bots
    def bot_task(self) -> Any:
        """The next bot decision to think about (:class:`~tui.session.BotTask`), or None."""
        ...

    def think(self, task: Any) -> str:
        """The bot's choice for ``task`` (safe to call from a worker thread)."""
        ...

    def apply_bot(self, task: Any, choice: str) -> bool:
        """Apply a bot's choice unless the match moved since ``task``."""
        ...


__all__ = ["MatchReader", "Session"]
