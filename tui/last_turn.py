"""What the other seats did since the local seat last decided: one line, and the views before
and after, from which a board marks what changed (issue 21 "What just happened").

The *other seats' last turn* is the latest unbroken run of plies made by seats other than the
viewer (a bot's whole turn, or every opponent's turns in a row in a 3-5 seat game). It is read
from the match's line and log only, so it works the same in every game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.match import LogItem, Match

SEPARATOR = " · "
"""Between two log lines of the same turn."""


@dataclass(frozen=True)
class LastTurn:
    """The other seats' last turn as ``viewer`` may read it.

    Attributes:
        text: its log lines joined by :data:`SEPARATOR` (``""`` when there is none).
        lines: its log lines, oldest first.
        before: ``viewer``'s view before that turn (None when there is none).
        after: ``viewer``'s view right after it.
        start: its first ply (the run is ``line[start:end]``).
        end: one past its last ply.
    """

    text: str = ""
    lines: tuple[str, ...] = ()
    before: dict[str, Any] | None = None
    after: dict[str, Any] | None = None
    start: int = 0
    end: int = 0


def run_of_others(line: list[tuple[int, str]], viewer: int | None) -> tuple[int, int]:
    """``(start, end)`` of the latest run of plies in ``line`` not made by ``viewer``
    (``(0, 0)`` when there is none; a spectator sees the latest run of one seat)."""
    end = len(line)
    if viewer is None:
        if not line:
            return 0, 0
        seat = line[-1][0]
        start = end
        while start > 0 and line[start - 1][0] == seat:
            start -= 1
        return start, end
    while end > 0 and line[end - 1][0] == viewer:
        end -= 1
    start = end
    while start > 0 and line[start - 1][0] != viewer:
        start -= 1
    return start, end


def last_turn(
    match: Match, viewer: int | None, describe: Callable[[LogItem], str], views: bool = True
) -> LastTurn:
    """The other seats' last turn for ``viewer`` (see the module docstring). ``describe`` turns
    a log item into the viewer's line; with ``views`` the views before and after are built
    (``match.state_at``, at most one snapshot gap of plies replayed each)."""
    start, end = run_of_others(match.line, viewer)
    if start == end:
        return LastTurn()
    lines = [
        describe(item)
        for item in match.log
        if start <= item.ply < end and not item.undone and item.event.kind != "chat"
    ]
    kept = tuple(line for line in lines if line)
    text = SEPARATOR.join(kept)
    if not views:
        return LastTurn(text, kept, None, None, start, end)
    rules = match.rules
    before = rules.view(match.state_at(start), viewer)
    after = rules.view(match.state_at(end), viewer)
    return LastTurn(text, kept, before, after, start, end)
