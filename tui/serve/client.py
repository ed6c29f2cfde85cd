"""The per-connection app's side of the hub: the socket link and a remote match session.

:class:`HubLink` keeps one unix-socket connection to the hub (msgpack frames) and hands every
message it receives to a callback on the app's event loop.

:class:`RemoteSession` offers :class:`tui.session.MatchSession`'s interface to the match
screen, but holds no match: it shows the last ``view`` frame the hub pushed for this player's
seat (or the spectator's view) and turns intents into requests (``act`` tagged with the entry
number shown, ``undo``, ``redo``, ``resign``). Refusals come back as notices, and every change
as a fresh view, so the screen never decides anything itself.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine import registry
from engine.match import UndoCheck, UndoRefused
from engine.rules import Choice, IllegalAction, Outcome, Prompt, Rules, SeatConfig
from tui.serve import protocol as pr
from tui.session import LogLine, MatchSettings, MatchUpdated, MatchView, clean_name, seat_mark


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


class NoBots:
    """The hub runs every bot: the screen's bot driver finds none here."""

    bots: dict[int, Any] = {}

    def next_seat(self) -> None:
        return None


@dataclass
class RemoteMatch:
    """What the match screen reads of ``session.match``, from the last view frame."""

    rules: Rules
    seats: tuple[SeatConfig, ...]
    policy: str
    entries: int = 0
    shown_seat: int | None = None
    last_prompt: Prompt | None = None
    last_waiting: tuple[int, ...] = ()
    last_outcome: Outcome | None = None
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def over(self) -> bool:
        return self.last_outcome is not None

    def prompt(self, seat: int) -> Prompt | None:
        """The shown seat's prompt (other seats' prompts are never sent)."""
        return self.last_prompt if seat == self.shown_seat else None

    def waiting(self) -> tuple[int, ...]:
        return self.last_waiting

    def outcome(self) -> Outcome | None:
        return self.last_outcome


class RemoteSession:
    """A match seen through the hub (MatchSession's interface; see the module docstring).

    Args:
        table: the table id.
        first: the first ``view`` frame of this table.
        send: queues a request for the hub.
    """

    def __init__(self, table: str, first: dict[str, Any], send: Callable[[dict], None]):
        self.table = table
        self.send = send
        self.notify: Callable[[MatchUpdated], Any] | None = None
        self.bots = NoBots()
        seats = tuple(SeatConfig(name, kind) for name, kind in first["seats"])
        self.match = RemoteMatch(registry.get(first["game"]), seats, first["policy"])
        self.seat: int | None = first["seat"]
        self.humans: tuple[int, ...] = () if self.seat is None else (self.seat,)
        self._log: list[LogLine] = []
        self._undo: UndoCheck | None = None
        self._undo_summary = ""
        self._redo = False
        self._view: dict[str, Any] = {}
        self.apply(first)

    # ------------------------------------------------------------ frames
    def apply(self, msg: dict[str, Any]) -> MatchView:
        """Take in a ``view`` frame; tell the screen. Returns the new picture."""
        m = self.match
        m.entries = msg["entries"]
        m.shown_seat = msg["seat"]
        m.last_prompt = prompt_from(msg["prompt"])
        m.last_waiting = tuple(msg["waiting"])
        out = msg["outcome"]
        m.last_outcome = (
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
        snap = self.snapshot()
        if self.notify is not None:
            self.notify(MatchUpdated(snap, "remote"))
        return snap

    # ------------------------------------------------------------ reading
    @property
    def settings(self) -> MatchSettings:
        m = self.match
        return MatchSettings(m.rules.id, m.seats, dict(m.options), m.policy, 0)

    @property
    def save_path(self) -> Path | None:
        """None: the server keeps the journal."""
        return None

    @property
    def hotseat(self) -> bool:
        return False

    def close(self) -> None:
        """Nothing to close here: the hub owns the journal."""

    def seat_name(self, seat: int | None) -> str:
        """``"◆ Ann"`` for a seat, ``"Spectator"`` for None."""
        if seat is None:
            return "Spectator"
        name = clean_name(self.match.seats[seat].name) or f"Player {seat + 1}"
        return f"{seat_mark(seat)} {name}"

    def is_bot(self, seat: int) -> bool:
        return not self.match.seats[seat].is_human

    def local_seat(self) -> int | None:
        """This connection's seat (None for a spectator)."""
        return self.seat

    def needs_pass(self, seat: int | None) -> bool:
        """Never: one person per terminal."""
        return False

    def revealed(self, seat: int | None) -> None:
        """Nothing to do (no pass screens over SSH)."""

    def snapshot(self) -> MatchView:
        """The last picture the hub sent."""
        m = self.match
        return MatchView(
            seat=self.seat,
            view=self._view,
            prompt=m.last_prompt,
            waiting=m.last_waiting,
            log=tuple(self._log),
            outcome=m.last_outcome,
            entries=m.entries,
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
        if self.seat is None or self.match.last_prompt is None:
            raise IllegalAction("it is not your turn")
        if self.match.last_prompt.get(choice_id) is None:
            raise IllegalAction("no such choice")
        self.send(
            {"t": "act", "table": self.table, "entries": self.match.entries, "choice": choice_id}
        )

    def undo_seat(self) -> int | None:
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
