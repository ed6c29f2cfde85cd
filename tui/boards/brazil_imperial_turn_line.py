"""The Brazil: Imperial line under the title: what the other seats did since the viewer's last
turn, short enough for 80 columns (the log, ``l``, keeps every word).

Read from the log lines the screen hands the board (``Board.log_lines``): the turns are the
log's headings "— Blue's turn (round 3) —"; the other seats' turns are those after the
viewer's previous turn. Each becomes one part, "Blue (Build): builds Coffee Farm (-4,0), moves
Archer (4,-1)→(3,-1)": the arch the token took goes in brackets, what was paid or produced is
left out (the board shows the goods; the log has the payment), and the words are few.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

HEADING = re.compile(r"^— (?P<who>.+)'s turn \(round \d+\) —$")
"""A turn heading of the Brazil: Imperial log (``text.py``)."""
TOKEN = "places the action token on "
_DETAILS = (
    re.compile(r", paying [^;]*"),  # the payment: in the log
    re.compile(r"[;:] it produces .*$"),  # the goods: on the board
)
_SHORTER = (
    (re.compile(r"^(builds|founds|deploys|buys|loses) an? "), r"\1 "),  # no article
    (re.compile(r" at (\(-?\d+,-?\d+\))"), r" \1"),  # "at (3,-1)" -> "(3,-1)"
    (re.compile(r" from (\(-?\d+,-?\d+\)) to (\(-?\d+,-?\d+\))"), r" \1→\2"),  # a move
    (re.compile(r"^manufactures (.+?) into (?:the )?"), r"makes \1 → "),  # "makes Dye → ..."
)
_SKIP = ("pays ",)
"""Lines that repeat what the next line says (a product's payment before "manufactures")."""


def _texts(log: Sequence[Any]) -> list[str]:
    """The log's lines still standing (a taken-back line, ``(text, True)``, is left out)."""
    out = []
    for line in log:
        if isinstance(line, str):
            out.append(line)
        elif not line[1]:
            out.append(line[0])
    return out


def turns(log: Sequence[Any]) -> list[tuple[str, list[str]]]:
    """``[(colour, lines)]``: each turn of the log under its heading, oldest first (lines
    before the first heading, the set-up, are left out)."""
    out: list[tuple[str, list[str]]] = []
    for text in _texts(log):
        m = HEADING.match(text)
        if m:
            out.append((m["who"], []))
        elif out:
            out[-1][1].append(text)
    return out


ROOM = 80 - 2 - len("Last turn: ")
"""Columns the line has at 80 columns (after its prefix and padding)."""
_TRADE = re.compile(r"^trades \(T-\d\) ")


def compact(who: str, lines: Sequence[str]) -> str:
    """One seat's turn in few words: ``"Blue (Build): builds Coffee Farm (-4,0)"``;
    ``"Blue (Harbor)"`` when the arch was all it did."""
    head, facts = _facts(who, lines)
    return f"{head}: {', '.join(facts)}" if facts else head


def _facts(who: str, lines: Sequence[str]) -> tuple[str, list[str]]:
    """``(head, facts)`` of one seat's turn: "Blue (Build)" and what it did, in few words."""
    arch = ""
    facts = []
    for line in lines:
        text = line[len(who) + 1 :] if line.startswith(who + " ") else line
        if text.startswith(TOKEN):
            arch = text[len(TOKEN) :]
            continue
        if text.startswith(_SKIP):
            continue
        for pat in _DETAILS:
            text = pat.sub("", text)
        for pat, repl in _SHORTER:
            text = pat.sub(repl, text)
        if arch and text.endswith(f" ({arch})"):  # "gains 1 gold (Trade)": the arch said it
            text = text[: -len(arch) - 3]
        if facts and text.startswith("gains ") and _TRADE.match(facts[-1]):
            facts[-1] = _TRADE.sub("trades ", facts[-1]) + " for " + text[len("gains ") :]
            continue
        facts.append(text)
    return (f"{who} ({arch})" if arch else who), facts


def summary(log: Sequence[Any], viewer: str | None) -> str | None:
    """The other seats' turns since ``viewer``'s (a colour) last one, ``"; "`` between seats
    (when they do not fit :data:`ROOM`: each seat's arch, with its first fact while there is
    room), or None when there is none to tell (set-up, solo, a spectator): the screen then tells the
    log lines its own way."""
    if not viewer:
        return None
    ts = turns(log)
    end = len(ts)
    while end and ts[end - 1][0] == viewer:  # the viewer's own turn under way
        end -= 1
    start = end
    while start and ts[start - 1][0] != viewer:
        start -= 1
    others = ts[start:end]
    if not others:
        return None
    whole = "; ".join(compact(who, lines) for who, lines in others)
    if len(whole) <= ROOM or len(others) == 1:
        return whole  # one seat's long turn is cut after whole facts by the line itself
    parts = [_facts(who, lines) for who, lines in others]
    shown = [h for h, _ in parts]  # every seat's arch; then, oldest first, its first fact
    for n, (h, f) in enumerate(parts):
        longer = [*shown[:n], f"{h}: {f[0]}" if f else h, *shown[n + 1 :]]
        if len("; ".join(longer)) <= ROOM:
            shown = longer
    return "; ".join(shown)
