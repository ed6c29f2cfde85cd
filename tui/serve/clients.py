"""What the hub keeps per connection and per table (see :mod:`tui.serve.hub`)."""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field
from typing import Any

from engine.match import Match
from engine.rules import Prompt
from tui.serve import protocol as pr
from tui.serve import tables as tb
from tui.session import LogLine, MatchSession

log = logging.getLogger("imperia.hub")

MAX_REQUESTS_PER_SECOND = 40
"""Frames a client may send per second on average (bursts of twice that); more are refused."""

MAX_BUFFERED = 4 << 20
"""Bytes queued to a client that does not read before it is dropped."""


def prompt_map(prompt: Prompt | None) -> dict[str, Any] | None:
    """A prompt as plain data for a frame (see :func:`tui.serve.client.prompt_from`)."""
    if prompt is None:
        return None
    return {
        "seat": prompt.seat,
        "text": prompt.text,
        "summary": prompt.summary,
        "secret": prompt.secret,
        "choices": [[c.id, c.label, c.target, c.group, c.detail] for c in prompt.choices],
    }


@dataclass(eq=False)
class Client:
    """One connected app process (one SSH connection)."""

    writer: asyncio.StreamWriter
    player: str = ""
    lobby: bool = False
    table: Table | None = None
    seat: int | None = None
    log_sent: list[LogLine] = field(default_factory=list)
    log_cache: list[tuple[Any, LogLine]] = field(default_factory=list)
    turn_sent: Any = None
    """What the last frame's ``turn`` map told (a frame carries it only when it changed)."""
    tokens: float = 2.0 * MAX_REQUESTS_PER_SECOND
    stamp: float = field(default_factory=time.monotonic)

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message``; a client that stops reading is disconnected."""
        if self.writer.is_closing():
            return
        try:
            pr.write_frame(self.writer, message)
        except (pr.FrameTooLarge, TypeError) as err:
            log.error("cannot send %s: %s", message.get("t"), err)
            return
        if self.writer.transport.get_write_buffer_size() > MAX_BUFFERED:
            self.writer.close()

    def notice(self, text: str, level: str = "information") -> None:
        """A one-line message for the player (a toast in the app)."""
        self.send({"t": "notice", "text": text, "level": level})

    def allow(self) -> bool:
        """Token bucket: True when this request is within the rate limit."""
        now = time.monotonic()
        cap = 2.0 * MAX_REQUESTS_PER_SECOND
        self.tokens = min(cap, self.tokens + (now - self.stamp) * MAX_REQUESTS_PER_SECOND)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


@dataclass
class Consent:
    """A take-back waiting for the other human seats' consent."""

    id: int
    seat: int
    entries: int
    waiting: set[int]


@dataclass(eq=False)
class Table:
    """A table: its info, and once started its match (with the bots of its bot seats)."""

    info: tb.TableInfo
    session: MatchSession | None = None
    error: str = ""
    watchers: set[Client] = field(default_factory=set)
    thinking: bool = False
    consent: Consent | None = None

    @property
    def match(self) -> Match | None:
        return None if self.session is None else self.session.match
