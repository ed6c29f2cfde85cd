"""The per-connection app's side of the hub: the socket link and a remote match session.

:class:`HubLink` keeps one unix-socket connection to the hub (msgpack frames) and hands every
message it receives to a callback on the app's event loop.

:class:`RemoteSession` is a :class:`tui.match_session.Session`, like the local
:class:`tui.session.MatchSession`, but holds no match: it shows the last ``view`` frame the hub
pushed for this player's seat (or the spectator's view) and turns intents into requests (``act`` tagged with the entry
number shown, ``undo``, ``redo``, ``resign``). Refusals come back as notices, and every change
as a fresh view, so the screen never decides anything itself.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine import registry
from engine.match import UndoCheck, UndoRefused
from engine.rules import Choice, IllegalAction, Outcome, Prompt, SeatConfig
from engine.seat_names import clean_name
from tui.hint_worker import HintRefused
from tui.last_turn import LastTurn
from tui.serve import protocol as pr
from tui.session import LogLine, MatchSettings, MatchUpdated, MatchView, seat_mark


class HubLink:
    """One connection to the hub at ``path`` for ``player`` (an SSH key fingerprint).

    ``on_message`` is called with every message, and with ``{"t": "closed", "text": ...}``
    once the hub goes away.
    """

    def __init__(self, path: Path, player: str, on_message: Callable[[dict[str, Any]], Any]):
        self.path = path
        self.player = player
        self.on_message = on_message
        self._writer: asyncio.StreamWriter | None = None
        self._task: asyncio.Task[None] | None = None

    async def connect(self) -> None:
        """Connect and say hello. Raises OSError when the hub is not there."""
        reader, self._writer = await asyncio.open_unix_connection(str(self.path))
        self.send({"t": "hello", "player": self.player})
        self._task = asyncio.get_running_loop().create_task(self._read(reader))

    async def _read(self, reader: asyncio.StreamReader) -> None:
        why = "The table server closed the connection."
        try:
            while True:
                self.on_message(await pr.read_frame(reader))
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        except (pr.FrameTooLarge, pr.ProtocolError) as err:
            why = f"The table server sent something unreadable ({err})."
        self.on_message({"t": "closed", "text": why})

    def send(self, message: dict[str, Any]) -> None:
        """Queue one request for the hub (nothing happens once the link is closed)."""
        if self._writer is not None and not self._writer.is_closing():
            pr.write_frame(self._writer, message)

    def close(self) -> None:
        """Close the connection."""
        if self._task is not None:
            self._task.cancel()
        if self._writer is not None:
            with contextlib.suppress(Exception):
                self._writer.close()


def prompt_from(data: dict[str, Any] | None) -> Prompt | None:
    """The :class:`Prompt` of a frame's ``prompt`` map (see :func:`tui.serve.hub.prompt_map`)."""
    if data is None:
        return None
    choices = tuple(Choice(c[0], c[1], c[2], c[3], c[4]) for c in data["choices"])
    return Prompt(data["seat"], data["text"], choices, data["summary"], data["secret"])


class RemoteSession:
    """A match seen through the hub: the :class:`tui.match_session.Session` interface, from the
    frames the hub pushes (see the module docstring).

    Args:
        table: the table id.
        first: the first ``view`` frame of this table.
        send: queues a request for the hub.
    """

    hotseat = False
    local_bots = False  # the hub runs every bot
    save_path: Path | None = None  # the server keeps the journal

    def __init__(self, table: str, first: dict[str, Any], send: Callable[[dict], None]):
        self.table = table
        self.send = send
        self.notify: Callable[[MatchUpdated], Any] | None = None
        self.last_reason = ""
        rules = registry.get(first["game"])
        self.game: str = rules.id
        self.title: str = rules.title
        self.policy: str = first["policy"]
        self.seats = tuple(SeatConfig(name, kind) for name, kind in first["seats"])
        self.seat: int | None = first["seat"]
        self.humans: tuple[int, ...] = () if self.seat is None else (self.seat,)
        self.entries = 0
        self._prompt: Prompt | None = None
        self._waiting: tuple[int, ...] = ()
        self._outcome: Outcome | None = None
        self._log: list[LogLine] = []
        self._undo: UndoCheck | None = None
        self._undo_summary = ""
        self._redo = False
        self._forced: str | None = None
        self._unavailable: tuple[tuple[str, str], ...] = ()
        self._turn = LastTurn()
        self._view: dict[str, Any] = {}
        self.apply(first)

    # ------------------------------------------------------------ frames
    def apply(self, msg: dict[str, Any]) -> MatchView:
        """Take in a ``view`` frame; tell the screen. Returns the new picture."""
        self.entries = msg["entries"]
        self.seat = msg["seat"]
        self._prompt = prompt_from(msg["prompt"])
        self._waiting = tuple(msg["waiting"])
        out = msg["outcome"]
        self._outcome = (
            None
            if out is None
            else Outcome(
                tuple(out["winners"]),
                out["reason"],
                tuple(out["scores"]),
                bool(out.get("shared", False)),
            )
        )
        del self._log[msg["log_from"] :]
        self._log += [LogLine(text, bool(undone)) for text, undone in msg["log"]]
        self._view = msg["view"]
        undo = msg.get("undo")
        if undo is None:
            self._undo, self._undo_summary = None, ""
        else:
            self._undo = UndoCheck(
                undo["allowed"],
                undo["target"],
                undo["count"],
                tuple(undo["needs"]),
                undo["reason"],
                undo["crosses"],
            )
            self._undo_summary = undo["summary"]
        self._redo = bool(msg.get("redo"))
        self._forced = msg.get("forced")
        self._unavailable = tuple((str(a), str(b)) for a, b in msg.get("unavailable") or ())
        if "turn" in msg:  # sent when it changed
            self._turn = turn_from(msg["turn"])
        self.last_reason = str(msg.get("reason") or "remote")
        snap = self.snapshot()
        if self.notify is not None:
            self.notify(MatchUpdated(snap, "remote"))
        return snap

    # ------------------------------------------------------------ reading
    @property
    def settings(self) -> MatchSettings:
        return MatchSettings(self.game, self.seats, {}, self.policy, 0)

    @property
    def over(self) -> bool:
        """True once the last frame had an outcome."""
        return self._outcome is not None

    def close(self) -> None:
        """Nothing to close here: the hub owns the journal."""

    def plain_name(self, seat: int) -> str:
        """``"Ann"``: the seat's cleaned name (``"Player 2"`` when it has none)."""
        return clean_name(self.seats[seat].name) or f"Player {seat + 1}"

    def seat_name(self, seat: int | None) -> str:
        """``"◆ Ann"`` for a seat, ``"Spectator"`` for None."""
        if seat is None:
            return "Spectator"
        return f"{seat_mark(seat)} {self.plain_name(seat)}"

    def view(self, seat: int | None) -> dict[str, Any]:
        """The shown seat's view (the hub sends no other)."""
        return self._view if seat == self.seat else {}

    def prompt(self, seat: int) -> Prompt | None:
        """The shown seat's prompt (other seats' prompts are never sent)."""
        return self._prompt if seat == self.seat else None

    def waiting(self) -> tuple[int, ...]:
        """The seats that must decide, as of the last frame."""
        return self._waiting

    def outcome(self) -> Outcome | None:
        """The outcome, as of the last frame."""
        return self._outcome

    def log_lines(self, seat: int | None) -> list[LogLine]:
        """The shown seat's log lines (the hub sends no other)."""
        return list(self._log) if seat == self.seat else []

    def local_seat(self) -> int | None:
        """This connection's seat (None for a spectator)."""
        return self.seat

    def needs_pass(self, seat: int | None) -> bool:
        """Never: one person per terminal."""
        return False

    def revealed(self, seat: int | None) -> None:
        """Nothing to do (no pass screens over SSH)."""

    def forced_choice(self, seat: int, prompt: Prompt | None) -> Choice | None:
        """The forced step the hub found in the last frame (the hub has the rules to try it
        on), when it is ``seat``'s prompt shown now."""
        if seat != self.seat or prompt is None or self._forced is None:
            return None
        return prompt.get(self._forced)

    def hint_task(self, seat: int | None = None) -> Any:
        """No hints at a shared table yet: raises HintRefused."""
        raise HintRefused("Hints are not offered at shared tables yet")

    def note(self, seat: int, text: str) -> None:
        """Nothing: a shared table keeps no hints (:meth:`hint_task` refuses them)."""

    def snapshot(self) -> MatchView:
        """The last picture the hub sent."""
        return MatchView(
            seat=self.seat,
            view=self._view,
            prompt=self._prompt,
            waiting=self._waiting,
            log=tuple(self._log),
            outcome=self._outcome,
            entries=self.entries,
            last_turn=self._turn,
            unavailable=self._unavailable,
        )

    def refresh(self, reason: str = "refresh") -> MatchView:
        """Show the last picture again."""
        snap = self.snapshot()
        if self.notify is not None:
            self.notify(MatchUpdated(snap, reason))
        return snap

    # ------------------------------------------------------------ intents
    def choose(self, choice_id: str) -> None:
        """Send ``choice_id`` tagged with the entry number shown. Raises IllegalAction when
        this screen has no prompt (the hub checks everything else)."""
        if self.seat is None or self._prompt is None:
            raise IllegalAction("it is not your turn")
        if self._prompt.get(choice_id) is None:
            raise IllegalAction("no such choice")
        self.send({"t": "act", "table": self.table, "entries": self.entries, "choice": choice_id})

    def undo_seat(self) -> int | None:
        """This connection's seat."""
        return self.seat

    def check_undo(self) -> tuple[int | None, UndoCheck | None]:
        """``(seat, check)`` as the hub computed it with the last view."""
        return self.seat, self._undo

    def undo_summary(self, seat: int, check: UndoCheck) -> str:
        """What the take-back covers, as the hub described it."""
        return self._undo_summary or f"{check.count} choices"

    def undo(self, consent: bool = False) -> int:
        """Ask the hub to take back (it asks the others when the policy needs their consent).
        Returns the count shown with the last view. Raises UndoRefused for a spectator."""
        if self.seat is None:
            raise UndoRefused("A spectator cannot take anything back.")
        self.send({"t": "undo", "table": self.table})
        return self._undo.count if self._undo else 0

    def can_redo(self) -> bool:
        """True when the last view said this seat may redo."""
        return self._redo

    def redo(self) -> None:
        """Ask the hub to redo the last take-back."""
        self.send({"t": "redo", "table": self.table})

    def save_as(self, path: Path) -> Path:
        """Not over SSH: the server keeps the match. Raises OSError."""
        raise OSError("saving a copy is not available over SSH")

    def resign(self, seat: int | None = None) -> None:
        """Resign this seat."""
        if self.seat is None:
            raise IllegalAction("a spectator cannot resign")
        self.send({"t": "resign", "table": self.table})

    def bot_task(self) -> None:
        """The hub runs the bots."""
        return None

    def think(self, task: Any) -> str:
        """Never called: :meth:`bot_task` has none. Raises RuntimeError."""
        raise RuntimeError("the hub runs the bots")

    def apply_bot(self, task: Any, choice: str) -> bool:
        """Never applies anything: the hub runs the bots."""
        return False


def turn_from(data: dict[str, Any] | None) -> LastTurn:
    """The :class:`~tui.last_turn.LastTurn` of a frame's ``turn`` map (see
    :func:`tui.serve.play.turn_map`); empty for None."""
    if not data:
        return LastTurn()
    parts = tuple((str(name), tuple(lines)) for name, lines in data.get("parts") or ())
    lines = tuple(data.get("lines") or ())
    return LastTurn(" · ".join(lines), lines, data.get("before"), data.get("after"), 0, 0, parts)
