"""One line for the "What just happened" strip of the Imperial Struggle board.

``last_round_line(view, log_lines, width=None)`` summarises the opponent's last Action Round
(its tile, what it flagged, bought, played and used, its net Debt and Treaty Points), or, when
something else happened since (a Scoring Phase, a War theater, a new turn), that. The view keeps
no record of a finished round (``view["round"]`` is None between rounds, README "View"), so the
round is read from the log lines the match screen already has, as ``describe`` wrote them for
this viewer (``round.py``, ``text.py``, ``war_text.py`` line formats); the Scoring Phase comes
from ``view["scoring"]``. Pure function, no Textual.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from engine.games.imperial_struggle import board as B
from tui.boards.imperial_struggle_words import (
    BR,
    FR,
    SIDE_NAMES,
    invest_short,
    region_name,
    signed,
    viewer_side,
)
from tui.last_turn import cut_facts

HEAD = re.compile(r"^(France|Britain)'s Action Round (\d+)$")
END = re.compile(r"^(France|Britain)'s Action Round ends$")
SUBJECT = re.compile(r"^(You|France|Britain) (.*)$")
TILE = re.compile(r"^takes? Investment tile (\d+) \(.*\)$")
COST = re.compile(r" \(\d+ [EDM]P(?::[^)]*)?\)$")
DEBT = re.compile(r"^(takes? (\d+) Debt|reduces? Debt by (\d+)).*\(Debt now (\d+)\)$")
DEBT_BACK = re.compile(r"Debt back to (\d+)")
TRP = re.compile(r"^(gains?|spends?|loses?) (\d+) Treaty Points? .*?\(now (\d+)\)$")
TRP_BACK = re.compile(r"(\d+) Treaty Points? back \(now (\d+)\)")
RESULT = re.compile(r"^.+ \(\w+ \d+\): France -?\d+ .* (wins by \d+|tied, no spoils)$")
REVEALED = re.compile(r"^.+ \(\w+ \d+\) revealed\. ")
NOISE = re.compile(
    r"^(starts? the [\w ]+ action \(|starts? the [\w ]+ action$|goes? back without buying|"
    r"(French|British) flag placed on .* with the Fort$|.* leaves the game$)"
)
EFFECT = re.compile(r"^\((?P<card>[^)]+)\): (?P<what>.*)$")
BOUNDARY = re.compile(r"^— (?P<what>.+) —$")
WAR_OVER = re.compile(r"^(?P<war>.+) is over: Basic tiles go back")
RESULT_PARTS = re.compile(
    r"^(?P<name>.+) \(\w+ \d+\): France -?\d+ .*?: (?:(?P<side>France|Britain) wins by "
    r"(?P<m>\d+)|tied, no spoils)$"
)
MERGE_VERBS = ("flags", "unflags", "flag", "unflag", "uses", "use", "reveals", "reveal")
"""Verbs whose consecutive lines merge into one (``flags A, B``)."""


def _texts(log_lines: Sequence[Any] | None) -> list[str]:
    """Log lines as strings, taken-back ones (``(text, True)``) left out."""
    out = []
    for line in log_lines or []:
        if isinstance(line, str):
            out.append(line)
        elif not line[1]:
            out.append(str(line[0]))
    return out


def _blocks(texts: list[str]) -> list[tuple[int, int, int | None, int]]:
    """Action Rounds in the log: ``(side, start, end or None, number)``, oldest first."""
    out: list[tuple[int, int, int | None, int]] = []
    for i, t in enumerate(texts):
        m = HEAD.match(t)
        if m:
            out.append((SIDE_NAMES.index(m[1]), i, None, int(m[2])))
        elif (e := END.match(t)) is not None:
            if out and out[-1][2] is None:
                side, start, _e, no = out[-1]
                out[-1] = (side, start, i, no)
            else:  # its header is not in the log: the round starts after the last one
                prev = out[-1][2] if out else -1
                out.append((SIDE_NAMES.index(e[1]), prev if prev is not None else -1, i, 0))
    return out


def _actor_words(side: int, me: int | None) -> tuple[str, ...]:
    return ("You",) if side == me else (SIDE_NAMES[side],)


def round_summary(texts: list[str], side: int, start: int, end: int | None, me: int | None) -> str:
    """One Action Round's lines (``texts[start:end]``) in one line: what ``side`` did, its net
    Debt and Treaty Points, and what else happened in it."""
    body = texts[start + 1 : end if end is not None else len(texts)]
    actor = _actor_words(side, me)
    parts: list[str] = []
    debt0 = debt1 = trp0 = trp1 = None
    for line in body:
        m = SUBJECT.match(line)
        mine = m is not None and m[1] in actor
        rest = m[2] if mine and m else line
        if mine:
            d = DEBT.match(rest)
            db = DEBT_BACK.search(rest)
            tr = TRP.match(rest)
            tb = TRP_BACK.search(rest)
            if d:
                now = int(d[4])
                delta = int(d[2]) if d[2] else -int(d[3])
                debt0 = now - delta if debt0 is None else debt0
                debt1 = now
            if db:
                debt1 = int(db[1])
            if tr:
                now = int(tr[3])
                delta = int(tr[2]) * (1 if tr[1].startswith("gain") else -1)
                trp0 = now - delta if trp0 is None else trp0
                trp1 = now
            if tb:
                trp1 = int(tb[2])
            if d or db or tr or tb or NOISE.match(rest):
                continue
            t = TILE.match(rest)
            if t:
                parts.append(f"tile {invest_short(int(t[1]))}")
                continue
            rest = COST.sub("", rest)
            ef = EFFECT.match(rest)
            if ef:
                rest = f"{ef['card']}: {ef['what']}"
            verb, _, obj = rest.partition(" ")
            if parts and verb in MERGE_VERBS and parts[-1].startswith(verb + " "):
                parts[-1] += f", {obj}"
                continue
            parts.append(rest)
        else:
            if NOISE.match(line) or HEAD.match(line) or END.match(line):
                continue
            parts.append(line)
    if debt0 is not None and debt1 is not None and debt1 != debt0:
        parts.append(f"Debt {signed(debt1 - debt0)} (now {debt1})")
    if trp0 is not None and trp1 is not None and trp1 != trp0:
        parts.append(f"Treaty Points {signed(trp1 - trp0)} (now {trp1})")
    who = "Your" if side == me else f"{SIDE_NAMES[side]}'s"
    head = f"{who} Action Round"
    no = _round_no(texts, start)
    if no:
        head += f" {no}"
    if end is None:
        head += " so far"
    return f"{head}: " + ("; ".join(parts) if parts else "nothing yet")


def _round_no(texts: list[str], start: int) -> str:
    m = HEAD.match(texts[start]) if 0 <= start < len(texts) else None
    return m[2] if m else ""


def scoring_summary(view: dict[str, Any]) -> str | None:
    """The last Scoring Phase in one line from ``view["scoring"]`` (IS-4.1.12), or None."""
    sc = view.get("scoring")
    if not sc:
        return None

    def won(side: Any) -> str:
        return SIDE_NAMES[side] if side in (FR, BR) else "nobody"

    bits = [f"{region_name(r)} {won((sc.get('awards') or {}).get(r))}" for r in B.REGIONS]
    line = "Scoring: " + ", ".join(bits) + f"; Prestige {won(sc.get('prestige'))}"
    dem = sc.get("demand") or {}
    if dem:
        line += "; " + ", ".join(f"{c.capitalize()} {won(w)}" for c, w in dem.items())
    if sc.get("sweep") in (FR, BR):
        line += f"; {SIDE_NAMES[sc['sweep']]} swept every award"
    return line


def war_summary(lines: list[str]) -> str | None:
    """A whole War in one line from its ``theater_result`` lines: ``War of the Spanish
    Succession: Central Europe Britain +3, Spain tied, ...``, or None without results."""
    bits = []
    for t in lines:
        m = RESULT_PARTS.match(t)
        if m:
            bits.append(f"{m['name']} " + (f"{m['side']} +{m['m']}" if m["side"] else "tied"))
    return ", ".join(bits) if bits else None


def _tail_summary(view: dict[str, Any], tail: list[str]) -> tuple[str, list[str]] | None:
    """What happened outside Action Rounds (``tail``: lines after the last round), newest
    first: a War that ended (every theater's result), the theater being fought (its result and
    spoils so far), the Scoring Phase, else the last line. Returns (the line, the log lines it
    stands for), or None for an empty tail."""
    if not tail:
        return None
    for i in range(len(tail) - 1, -1, -1):
        over = WAR_OVER.match(tail[i])
        if over:
            j = i
            while j > 0 and not BOUNDARY.match(tail[j]):
                j -= 1
            res = war_summary(tail[j:i])
            return (f"{over['war']} ended: {res}" if res else tail[i]), tail[j : i + 1]
        if RESULT.match(tail[i]) or REVEALED.match(tail[i]):
            j = i
            while j > 0 and not REVEALED.match(tail[j]):
                j -= 1
            k = i + 1
            while k < len(tail) and not (BOUNDARY.match(tail[k]) or WAR_OVER.match(tail[k])):
                k += 1
            lines = [t for t in tail[j:k] if not REVEALED.match(t)] or tail[j : j + 1]
            return " · ".join(lines), tail[j:k]
        if " Award (" in tail[i]:
            s = scoring_summary(view)
            if s:
                return s, []
    last = _others_last(tail, viewer_side(view))
    return (tail[last], tail[last : last + 1]) if last is not None else ("", [])


def _others_last(tail: list[str], me: int | None) -> int | None:
    """Index of the last line of ``tail`` that is a play of the other side (``"Britain
    chooses ..."``; for a spectator, of either side): not the viewer's own ("You choose France
    to take the first Action Round") nor a rule's announcement ("France holds the
    Initiative", IS-4.1.8); None when there is none."""
    sides = [n for i, n in enumerate(SIDE_NAMES) if i != me]
    for i in range(len(tail) - 1, -1, -1):
        m = SUBJECT.match(tail[i])
        if m is None or m[1] not in sides or tail[i].endswith(" holds the Initiative"):
            continue
        if m[2][:1].islower():  # a verb: the side did it
            return i
    return None


def _source(view: dict[str, Any], texts: list[str]) -> tuple[str, list[str]]:
    """The line for the strip and the log lines it tells of (module docstring)."""
    me = viewer_side(view)
    blocks = _blocks(texts)
    if view.get("over") and texts:
        return texts[-1], []
    if not blocks:
        return _tail_summary(view, texts) or ("", [])
    side, start, end, _no = blocks[-1]
    tail = texts[end + 1 :] if end is not None else []
    if end is not None and tail:
        return _tail_summary(view, tail) or ("", [])
    if side != me or me is None:
        return round_summary(texts, side, start, end, me), texts[start + 1 : end]
    prev = [b for b in blocks[:-1] if b[0] != me]
    if prev and prev[-1][2] is not None and prev[-1][2] == start - 1:
        s, a, e, _n = prev[-1]
        return round_summary(texts, s, a, e, me), texts[a + 1 : e]
    ends = [b[2] for b in blocks[:-1] if b[2] is not None]
    return _tail_summary(view, texts[(ends[-1] + 1 if ends else 0) : start]) or ("", [])


def _name_pattern() -> re.Pattern[str]:
    """Space names (and, as blockers, other names that contain a space's name: Advantages,
    Ministries, Events, theaters), longest first."""
    names = {str(r["name"]): sid for sid, r in B.SPACES.items()}
    blockers = [str(a["name"]) for a in B.ADVANTAGES.values()]
    blockers += [str(m["name"]) for m in B.MINISTRIES.values()]
    blockers += [str(e["name"]) for e in B.EVENTS.values()]
    blockers += [f"{t['name']} ({w} {n})" for w, ts in B.THEATERS.items() for n, t in ts.items()]
    alts = sorted(set(names) | set(blockers), key=len, reverse=True)
    return re.compile(r"(?<!\w)(" + "|".join(re.escape(x) for x in alts) + r")(?!\w)")


_NAMES = _name_pattern()
_SPACE_OF: dict[str, str] = {str(r["name"]): sid for sid, r in B.SPACES.items()}


def spaces_named(lines: Sequence[str]) -> list[str]:
    """Space ids named in ``lines``, in order of first mention (names inside Advantage,
    Ministry, Event or theater names do not count: "Algonquin Raids" is not Algonquin)."""
    out: list[str] = []
    for line in lines:
        for m in _NAMES.finditer(line):
            sid = _SPACE_OF.get(m[1])
            if sid is not None and sid not in out:
                out.append(sid)
    return out


def last_round_spaces(view: dict[str, Any], log_lines: Sequence[Any] | None = None) -> list[str]:
    """The map spaces the "What just happened" line is about (the opponent's last Action Round,
    or the theater / War it tells of), as space ids in order of first mention, for marking them
    on the map; [] when none. Same arguments as :func:`last_round_line`."""
    _line, lines = _source(view, _texts(log_lines))
    return spaces_named(lines)


def last_round_line(
    view: dict[str, Any], log_lines: Sequence[Any] | None = None, width: int | None = None
) -> str:
    """One line saying what just happened, for the viewer of ``view``.

    ``log_lines``: the match log as this viewer reads it (strings or ``(text, undone)`` pairs,
    oldest first; ``MatchView.log``). Returns the opponent's last Action Round ("Britain's Action
    Round 3: tile Eco 2/Mil 2✦⇑; uses Letters of Marque; flags West Bengal, Bahamas Run West;
    Debt +3 (now 3)"), or what happened since it (a War theater's result and spoils, the
    Scoring Phase), or "" when nothing has happened yet — never the viewer's own moves. A spectator (``view["side"]`` None)
    gets the last round of either side. ``width``: cut to that many characters after the last
    whole fact that fits (:func:`tui.last_turn.cut_facts`)."""
    line, _lines = _source(view, _texts(log_lines))
    return cut_facts(line, width) if width is not None else line
