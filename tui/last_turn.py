"""What the other seats did since the local seat last decided: one line, and the views before
and after, from which a board marks what changed (issue 21 "What just happened").

The *other seats' last turn* is the latest unbroken run of plies made by seats other than the
viewer (a bot's whole turn, or every opponent's turns in a row in a 3-10 seat game). It is read
from the match's line and log only, so it works the same in every game.

Three rules keep it about the others:

* the viewer's steps with a single choice (taken for the player) are no decisions: the run
  goes on past them to the viewer's last real decision, and their own lines are left out;
* the viewer's own turn often opens inside the other seat's last ply (iMperium's "Your turn ·
  You draw Galley · You roll 3 dice" follow Greece's "ends the turn"): the events of the
  viewer's seat at the end of the run are left out (the log, ``l``, has them);
* with several seats in the run, :attr:`LastTurn.parts` groups its lines by seat, so one line
  can name every seat ("Bea: discards Misplaced; Cid: plays Uncle"; see
  :func:`tui.widgets.last_turn.fit_seats`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.match import LogItem, Match

SEPARATOR = " · "
"""Between two log lines of the same turn."""

ANNOUNCEMENTS = frozenset({"turn"})
"""Event kinds that only announce whose turn starts (Res Publica's and iMperium's "Bea's
turn"): like a log heading they tell nothing of what was played, so the line leaves them out."""

FACT_SEPARATORS = ("; ", " · ", ", ")
"""Where a long line may be cut between two whole facts, strongest first."""

_YOU = re.compile(r"\b(you|your|yours)\b", re.IGNORECASE)
_SCORE = re.compile(r"\b(wins?|won|points?|VP|scores?|scored|Prestige|Award)\b")


def importance(line: str) -> int:
    """How much ``line`` matters to the viewer when the last-turn line has no room for all:
    2 when it concerns the viewer ("Bea rejects your answer", "takes your Hoplite"), 1 for
    scores and wins ("wins by 2", "takes 3 points"), else 0."""
    if _YOU.search(line):
        return 2
    return 1 if _SCORE.search(line) else 0


def cut_facts(text: str, room: int) -> str:
    """``text`` within ``room`` characters: whole when it fits; else cut after the last whole
    fact that fits (at "; ", " · " or ", ", see :data:`FACT_SEPARATORS`, keeping at least a
    third of ``room``), then after the last whole word, ending in " …"/"…"; ``""`` when ``room`` < 2."""
    if len(text) <= room:
        return text
    if room < 2:
        return ""
    for sep in FACT_SEPARATORS:
        cut = text.rfind(sep, 0, room - 2 + len(sep))  # text[:cut] + " …" fits
        if cut > room // 3:
            return text[:cut] + " …"
    word = text.rfind(" ", 0, room - 1)
    if word > room // 2:
        return text[:word] + " …"
    return text[: room - 1] + "…"


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
        parts: ``(seat name, its lines without the name)`` per seat, in the order they
            played, when more than one seat played in the run; else empty.
    """

    text: str = ""
    lines: tuple[str, ...] = ()
    before: dict[str, Any] | None = None
    after: dict[str, Any] | None = None
    start: int = 0
    end: int = 0
    parts: tuple[tuple[str, tuple[str, ...]], ...] = ()


def run_of_others(
    line: list[tuple[int, str]],
    viewer: int | None,
    forced: Callable[[int], bool] | None = None,
) -> tuple[int, int]:
    """``(start, end)`` of the latest run of plies in ``line`` not made by ``viewer``
    (``(0, 0)`` when there is none; a spectator sees the latest run of one seat).

    ``forced(k)``: True when the viewer's ply ``k`` was no decision (a step with a single
    choice, taken for the player): the run goes on past it, back to the viewer's last real
    decision ("Bea requests · (you pass: you hold none) · Cid answers" is one run)."""
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
    while start > 0 and (
        line[start - 1][0] != viewer or (forced is not None and forced(start - 1))
    ):
        start -= 1
    while start < end and line[start][0] == viewer:  # the run starts with another seat's ply
        start += 1
    return start, end


def forced_plies(match: Match, viewer: int) -> Callable[[int], bool]:
    """``forced`` for :func:`run_of_others`: the viewer's ply ``k`` had a single choice (read
    from ``match.state_at(k)``; a rules error counts as a decision)."""

    def forced(k: int) -> bool:
        try:
            prompt = match.rules.prompt(match.state_at(k), viewer)
        except Exception:  # a rules bug must not end the match: treat it as a decision
            return False
        return prompt is not None and len(prompt.choices) == 1

    return forced


def others_items(match: Match, viewer: int | None, start: int, end: int) -> list[LogItem]:
    """The log items of the other seats' plies in ``start:end`` (not taken back, no chat; not
    the viewer's own forced plies inside the run), without the events of ``viewer``'s seat that
    close the run: the viewer's own turn opening inside the other seat's last ply (see the
    module docstring)."""
    items = [
        item
        for item in match.log
        if start <= item.ply < end
        and not item.undone
        and item.event.kind not in ("chat", "note")
        and item.event.kind not in ANNOUNCEMENTS
        and match.line[item.ply][0] != viewer
    ]
    if viewer is not None:
        while items and items[-1].event.seat == viewer:
            items.pop()
    return items


def is_heading(line: str) -> bool:
    """True for a log section heading such as ``"— Red's turn (round 3) —"`` or ``"— Peace
    Turn 2 (Succession Era) —"``: it marks where a turn starts in the log pane, and tells
    nothing of what was played, so the last-turn line leaves it out."""
    return len(line) > 4 and line.startswith("— ") and line.endswith(" —")


def without_name(line: str, name: str) -> str:
    """``line`` without its leading seat ``name`` (``"Bea discards X"`` -> ``"discards
    X"``); unchanged when it does not start with it."""
    if name and line.startswith(name + " ") and len(line) > len(name) + 1:
        return line[len(name) + 1 :]
    return line


def last_turn(
    match: Match,
    viewer: int | None,
    describe: Callable[[LogItem], str],
    views: bool = True,
    names: Sequence[str] = (),
) -> LastTurn:
    """The other seats' last turn for ``viewer`` (see the module docstring). ``describe`` turns
    a log item into the viewer's line; ``names`` are the seats' shown names (default: the
    match's); with ``views`` the views before and after are built (``match.state_at``, at
    most one snapshot gap of plies replayed each)."""
    forced = None if viewer is None else forced_plies(match, viewer)
    start, end = run_of_others(match.line, viewer, forced)
    if start == end:
        return LastTurn()
    names = list(names) or [s.name for s in match.seats]
    described = [
        (match.line[item.ply][0], describe(item))
        for item in others_items(match, viewer, start, end)
    ]
    described = [(seat, line) for seat, line in described if line and not is_heading(line)]
    kept = tuple(line for _, line in described)
    text = SEPARATOR.join(kept)
    grouped: dict[int, list[str]] = {}
    for seat, line in described:
        grouped.setdefault(seat, []).append(without_name(line, names[seat]))
    parts = (
        tuple((names[seat], tuple(lines)) for seat, lines in grouped.items())
        if len(grouped) > 1
        else ()
    )
    if not views:
        return LastTurn(text, kept, None, None, start, end, parts)
    rules = match.rules
    before = rules.view(match.state_at(start), viewer)
    after = rules.view(match.state_at(end), viewer)
    return LastTurn(text, kept, before, after, start, end, parts)
