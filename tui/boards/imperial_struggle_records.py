"""The Imperial Struggle records panel: a Rich renderable of the general records of one view.

``render_records(view, width)`` draws, from ``rules.view(...)`` only (README "View") and the
static data of ``board.py``: the turn, Era, Initiative and round; the shared VP track (France
scores up, Britain down, from 15; IS-0.1) with the victory thresholds of IS-2.4; Debt / Debt
Limit / Treaty Points per side (IS-3.10, IS-6); both sides' Ministry cards (the viewer's own face
up or face down, the opponent's face-up ones or a card back, IS-16.1/16.2); this turn's Award
tiles (IS-4.1.3) and Global Demand (IS-4.1.4, with this Era's rewards); the Investment tiles on
offer (IS-4.1.6a); the viewer's Event hand, the opponent's hand size and the discard pile; the
Advantage tiles held (IS-8); shared markers (Jacobite, Byng). Below 110 columns it keeps to 20
rows (about 16 usually); from 110 on it adds detail (Available Debt, Squadron pools, full Region
names, the last three discards, the thresholds in full sentences).

``last_round_line`` (the "What just happened" strip) lives in
:mod:`tui.boards.imperial_struggle_summary` and is re-exported here.
"""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from engine.games.imperial_struggle import board as B
from tui.boards.imperial_struggle_summary import last_round_line
from tui.boards.imperial_struggle_words import (
    BR,
    ERA_NAMES,
    FR,
    SIDE_NAMES,
    SIDE_STYLE,
    STYLES,
    award_short,
    commodity_name,
    demand_reward,
    event_name,
    invest_short,
    ministry_name,
    other,
    plural,
    region_name,
    side_text,
    top_frame,
    turn_words,
    viewer_side,
)

__all__ = ["render_records", "last_round_line", "vp_words", "WIDE"]

WIDE = 110
"""From this width on the panel adds detail (and keeps one item a line where it helps)."""

VP_START, VP_FRANCE_WINS, VP_BRITAIN_WINS = 15, 30, 0
"""IS-0.1 / IS-2.4(a): the shared VP track starts at 15; at a Victory Check France wins at 30
or more, Britain at 0 or less."""

FINAL_FRANCE, FINAL_BRITAIN = 16, 14
"""IS-2.4(d): after Final Scoring on T6 France wins at 16 or more, Britain at 14 or less; at 15
the side with more Available Debt wins, and Britain if still equal."""

PHASE_WORDS: dict[str, str] = {
    "deck": "Deck Phase",
    "debt_limit": "Debt Limit Phase",
    "award": "Award Phase",
    "demand": "Global Demand Phase",
    "reset": "Reset Phase",
    "deal": "Deal Phase",
    "discard_apply": "Deal Phase",
    "ministry": "Ministry Phase",
    "ministry_apply": "Ministry Phase",
    "initiative": "Initiative Phase",
    "action": "Action Phase",
    "reduce_trp": "end of the Action Phase",
    "remaining": "end of the Action Phase",
    "scoring": "Scoring Phase",
    "victory": "Victory Check",
}
"""Peace Turn phase keys (``phases.PHASES``, IS-4.1) -> their names."""

REGION_SHORT: dict[str, str] = {"north_america": "N. America"}
"""Region names shortened on narrow panels."""


def vp_words(vp: int) -> str:
    """Who leads on the shared track: ``France 3 ahead`` (vp 18), ``Britain 2 ahead`` (vp 13),
    ``level`` (vp 15) (IS-0.1)."""
    if vp == VP_START:
        return "level"
    lead = vp - VP_START
    return f"{SIDE_NAMES[FR if lead > 0 else BR]} {abs(lead)} ahead"


# ---------------------------------------------------------------------------- pieces
def _status_line(view: dict[str, Any]) -> Text:
    """Turn, Era, phase / round, Initiative and first player."""
    t = Text()
    turn = view["turn"]
    era = ERA_NAMES.get(view["era"], view["era"])
    if turn.startswith("T"):
        t.append(f"Turn {turn[1:]} of 6", style=STYLES["label"])
    else:
        t.append(f"War Turn: {turn_words(turn)}", style=STYLES["label"])
    t.append(f" · {era}")
    if view.get("over"):
        t.append(" · game over", style=STYLES["warn"])
        return t
    peace = top_frame(view, ("peace",))
    rnd = view.get("round")
    if rnd is not None:  # numbered as the log does: each side's own 1-4 (IS-4.1.9)
        t.append(" · ")
        t.append_text(side_text(rnd["side"]))
        t.append(f"'s round {rnd['no']}")
    elif peace is not None:
        t.append(f" · {PHASE_WORDS.get(peace.get('phase', ''), 'Peace Turn')}")
    t.append(" · Initiative ")
    t.append_text(side_text(view["initiative"], short=True))
    if turn.startswith("T") and view.get("first") is not None:
        t.append(", first ")
        t.append_text(side_text(view["first"], short=True))
    return t


def _vp_track(view: dict[str, Any], width: int) -> Text:
    """The shared VP track: who leads, then a bar from 0 (Britain wins) to 30 (France wins)
    with the marker ``●`` (``◀``/``▶`` beyond the ends; IS-4.1.12e). One cell per VP when
    there is room, else one per 2 VP."""
    vp = view["vp"]
    t = Text()
    t.append(f"VP {vp}", style=STYLES["label"])
    t.append(" · ")
    lead = Text(vp_words(vp))
    if vp != VP_START:
        lead.stylize(SIDE_STYLE[FR if vp > VP_START else BR])
    t.append_text(lead)
    t.pad_right(max(0, 22 - len(t)))
    t.append(" │ ", style=STYLES["dim"])
    t.append_text(side_text(BR))
    t.append(f" wins {VP_BRITAIN_WINS} ")
    span = VP_FRANCE_WINS - VP_BRITAIN_WINS + 1
    step = 1 if width >= len(t) + span + 20 else 2
    t.append("◀" if vp < VP_BRITAIN_WINS else "├", style="bold reverse" if vp < 0 else "")
    for v in range(VP_BRITAIN_WINS, VP_FRANCE_WINS + 1, step):
        if v == vp or (step == 2 and v < vp < v + step):
            t.append("●", style="bold reverse")
        elif v == VP_START or (step == 2 and v < VP_START < v + step):
            t.append("┼", style=STYLES["label"])
        else:
            t.append("─", style=SIDE_STYLE[BR if v < VP_START else FR])
    t.append("▶" if vp > VP_FRANCE_WINS else "┤", style="bold reverse" if vp > 30 else "")
    t.append(f" {VP_FRANCE_WINS} ")
    t.append_text(side_text(FR))
    t.append(" wins")
    return t


def _thresholds(view: dict[str, Any], width: int) -> list[Text]:
    """IS-2.4 in plain words: the Victory Check thresholds and the end of T6."""
    lo, hi, ff, fb = VP_BRITAIN_WINS, VP_FRANCE_WINS, FINAL_FRANCE, FINAL_BRITAIN
    if width >= WIDE:
        lines = [
            Text(
                f"At a Victory Check Britain wins at {lo} or less, France at {hi} or more; a side "
                "that sweeps every award wins too"
            ),
            Text(
                f"After T6: France wins at {ff} or more, Britain at {fb} or less; at {VP_START} "
                "the side with more Available Debt (if equal, Britain)"
            ),
        ]
    else:
        lines = [
            Text(
                f"Victory Check: Britain wins ≤{lo}, France ≥{hi} · after T6: France ≥{ff}, "
                f"Britain ≤{fb}"
            )
        ]
    for t in lines:
        t.stylize(STYLES["dim"])
    return lines


def _ministries(view: dict[str, Any], side: int) -> Text:
    """One side's Ministry slots: names of cards the viewer may see (face-down own cards marked
    ``face down``), a card back for the opponent's face-down cards, exhausted ones marked."""
    me = viewer_side(view)
    slots = view["ministries"][side]
    used = view.get("min_exhausted") or {}
    parts: list[Text] = []
    for s in slots:
        if not s.get("filled"):
            continue
        card = s.get("card")
        if card is None:
            parts.append(Text("▒ face-down card", style=STYLES["dim"]))
            continue
        p = Text()
        p.append(ministry_name(card), style="" if s["up"] else "italic")
        if not s["up"]:
            p.append(" (face down)" if side == me else " (hidden)", style=STYLES["dim"])
        elif any(k == card or (k.startswith(card) and k[len(card) :].isalpha()) for k in used):
            p.append(" (used)", style=STYLES["dim"])
        parts.append(p)
    if not parts:
        return Text("none yet", style=STYLES["dim"])
    return Text(", ").join(parts)


def _sides_table(view: dict[str, Any], width: int) -> Table:
    """Per side: Debt / Debt Limit, Treaty Points (and Available Debt, Squadrons when wide),
    Ministry cards."""
    wide = width >= WIDE
    me = viewer_side(view)
    tab = Table.grid(padding=(0, 1), expand=False)
    tab.add_column(no_wrap=True)
    tab.add_column(no_wrap=True)
    tab.add_column(no_wrap=True)
    tab.add_column(ratio=1)
    order = (me, other(me)) if me in (FR, BR) else (FR, BR)
    for side in order:
        debt, limit = view["debt"][side], view["limit"][side]
        d = Text(f"Debt {debt}/{limit}")
        if debt >= limit:
            d.stylize(STYLES["warn"], 5)
        if wide:
            d.append(f" ({limit - debt} free)", style=STYLES["dim"])
        row: list[Any] = [side_text(side, you=me), d, Text(f"TRP {view['trp'][side]}")]
        m = Text()
        m.append("Ministries: ", style=STYLES["dim"])
        m.append_text(_ministries(view, side))
        row.append(m)
        tab.add_row(*row)
    return tab


def _awards(view: dict[str, Any], width: int) -> list[Text]:
    """This turn's Award tile per Region (won by whom once scored), and, wide, whether next
    turn's tiles lie face down."""
    wide = width >= WIDE
    scoring = view.get("scoring") or {}
    parts: list[Text] = []
    for r in B.REGIONS:
        name = region_name(r) if wide else REGION_SHORT.get(r, region_name(r))
        tile = view["awards"].get(r)
        p = Text()
        p.append(f"{name} ", style=STYLES["label"])
        if tile is None:
            won = (scoring.get("awards") or {}).get(r, "none")
            if won in (FR, BR):
                p.append("won by ")
                p.append_text(side_text(won, short=not wide))
            else:
                p.append("scored" if scoring else "—", style=STYLES["dim"])
        else:
            p.append(award_short(tile))
        parts.append(p)
    nxt = next_awards(view)
    if nxt:
        t = Text()
        t.append("next turn, Regions hidden: ", style=STYLES["dim"])
        t.append(", ".join(award_short(x) for x in nxt))
        parts.append(t)
    return parts


def next_awards(view: dict[str, Any]) -> list[int]:
    """The Award tiles lying face down for the Era's second turn, as a set (which Region each
    goes to is hidden, IS-16.3: the set of four is deducible): all 8 tiles minus the face-up
    ones and those out of play; [] when no tile lies face down."""
    if not any((view.get("awards_next") or {}).values()):
        return []
    up = {t for t in (view.get("awards") or {}).values() if t is not None}
    out = set(view.get("awards_out") or [])
    return sorted(t for t in B.AWARDS if t not in up and t not in out)


def _demand(view: dict[str, Any]) -> list[Text]:
    """This turn's Global Demand with this Era's reward for the winner (IS-4.1.12d)."""
    if not view.get("demand"):
        return [Text("not drawn yet", style=STYLES["dim"])]
    parts = []
    for c in view["demand"]:
        p = Text()
        p.append(commodity_name(c), style=STYLES["label"])
        p.append(f" {demand_reward(c, view['era'])}")
        if view.get("townshend") == c:
            p.append(" (Townshend Acts)", style=STYLES["warn"])
        parts.append(p)
    return parts


def _investments(view: dict[str, Any]) -> tuple[list[Text], list[Text]]:
    """The Investment tiles on offer: (untaken ones, taken ones with who took them)."""
    inv = view["investments"]
    taken = inv.get("taken") or {}
    if not inv["available"]:
        return [Text("none revealed yet", style=STYLES["dim"])], []
    free = [Text(invest_short(x)) for x in inv["available"] if str(x) not in taken]
    if not free:
        free = [Text("all taken", style=STYLES["dim"])]
    free.append(Text("(✦ Event, ⇑ Upgrade)", style=STYLES["dim"]))
    took = []
    for x in inv["available"]:
        if str(x) in taken:
            b = Text()
            b.append(invest_short(x), style=STYLES["dim"])
            b.append(" ")
            b.append_text(side_text(taken[str(x)][0], short=True))
            took.append(b)
    return free, took


def _cards(view: dict[str, Any], width: int) -> list[Text]:
    """The viewer's Event hand (names), the opponent's hand size, the draw pile and discard."""
    me = viewer_side(view)
    parts: list[Text] = []
    if me in (FR, BR) and view["hands"][me] is not None:
        hand = view["hands"][me]
        parts += [Text(event_name(c)) for c in hand] or [Text("none", style=STYLES["dim"])]
        t = side_text(other(me))
        t.append(f" holds {view['hand_counts'][other(me)]}")
        parts.append(t)
    else:
        for side in (FR, BR):
            hand = view["hands"][side]
            t = side_text(side)
            if hand:
                t.append(": " + ", ".join(event_name(c) for c in hand))
            else:
                t.append(f" holds {view['hand_counts'][side]}")
            parts.append(t)
    disc = view.get("discard") or []
    t = Text()
    t.append(f"Deck {view['deck_count']} · Discard {len(disc)}", style=STYLES["dim"])
    if disc:
        k = 3 if width >= WIDE else 1
        t.append(": last " + ", ".join(event_name(c) for c in reversed(disc[-k:])))
    parts.append(t)
    return parts


def _advantages(view: dict[str, Any]) -> list[Text]:
    """Advantage tiles held, one item per tile with its holder's mark (exhausted ones marked
    ``used``); empty if none is held."""
    held = view.get("adv_holder") or {}
    used = view.get("adv_exhausted") or {}
    parts = []
    for side in (FR, BR):
        for a in sorted(a for a, s in held.items() if s == side):
            n = side_text(side, short=True)
            n.append(" " + str(B.ADVANTAGES[a]["name"]))
            if a in used:
                n.append(" (used)", style=STYLES["dim"])
            parts.append(n)
    return parts


def _squadrons(view: dict[str, Any]) -> list[Text]:
    """Each side's Squadron pools: Navy Box and Unbuilt (IS-3.6), and any removed or parked."""
    parts = []
    for side in (FR, BR):
        t = side_text(side, short=True)
        t.append(f" {view['navy'][side]} in Navy Box, {view['unbuilt'][side]} unbuilt")
        if view["sq_removed"][side]:
            t.append(f", {view['sq_removed'][side]} lost for good")
        parked = sum(p[1] for p in view.get("parked") or [] if p[0] == side)
        if parked:
            t.append(f", {parked} away")
        parts.append(t)
    return parts


def _auction_line(view: dict[str, Any]) -> Text | None:
    """While the side auction runs (IS-V05): who bids how many Treaty Points for which side."""
    a = view.get("auction")
    if not a:
        return None
    names = view.get("names") or ["Seat 1", "Seat 2"]
    t = Text()
    t.append("Choosing sides: ", style=STYLES["label"])
    bidder = names[a["bidder"]] if a.get("bidder") in (0, 1) else "a player"
    if a.get("side") in (FR, BR):
        t.append(f"{bidder} bids {plural(a.get('bid', 0), 'Treaty Point')} to play ")
        t.append_text(side_text(a["side"]))
    else:
        t.append(f"{bidder} picks a side to bid for")
    return t


def _markers(view: dict[str, Any]) -> list[Text]:
    """Shared markers when present (IS-3.10): Jacobite Victories / Defeat and France's right to
    Jacobite Uprisings (IS-7.3a/b), the Byng marker (IS-EV18)."""
    out = []
    jac = view.get("jacobite") or {}
    if jac.get("victories"):
        out.append(Text(plural(jac["victories"], "Jacobite Victory", "Jacobite Victories")))
    if jac.get("defeat"):
        out.append(Text("Jacobite Defeat"))
    elif jac.get("right"):
        out.append(Text("Jacobite right: a 3rd French Ministry"))
    if view.get("byng") is not None:
        out.append(Text(f"Byng: Britain +2 in theater {view['byng']} of the next War"))
    return out


def _end_line(view: dict[str, Any]) -> Text | None:
    """The result once the game is over (IS-2.4): the engine's outcome sentence ("France wins
    by victory points (VP 30)"), the winner in its colour."""
    if not view.get("over"):
        return None
    w = view.get("winner")
    out = view.get("outcome") or {}
    why = str(out.get("reason") or "") if isinstance(out, dict) else ""
    t = Text()
    t.append("Result: ", style=STYLES["label"])
    if w in (FR, BR) and why.startswith(SIDE_NAMES[w]):
        t.append_text(side_text(w))
        t.append(why[len(SIDE_NAMES[w]) :])
    elif w in (FR, BR):
        t.append_text(side_text(w))
        t.append(" wins")
    else:
        t.append(why or "no winner")
    return t


# ---------------------------------------------------------------------------- the panel
LABEL_WIDTH = 11
"""Width of the label column of the lower records ("Investments")."""


def pack(items: list[Text], width: int, sep: str = " · ") -> Text:
    """``items`` joined by ``sep``, broken into lines of at most ``width`` cells between items
    (an item is never split unless it alone is wider than ``width``)."""
    out = Text()
    used = 0
    for it in items:
        n = it.cell_len
        if used and used + len(sep) + n > width:
            out.append("\n")
            used = 0
        elif used:
            out.append(sep, style=STYLES["dim"])
            used += len(sep)
        out.append_text(it)
        used += n
    return out


def _labelled(rows: list[tuple[str, list[Text]]], width: int) -> Table:
    """Rows of ``label  items``, the items packed under themselves (a hanging indent)."""
    tab = Table.grid(padding=(0, 1))
    tab.add_column(no_wrap=True, style=STYLES["label"], width=LABEL_WIDTH)
    tab.add_column(ratio=1)
    for label, items in rows:
        if items:
            tab.add_row(label, pack(items, width - LABEL_WIDTH - 1))
    return tab


MAX_ROWS = 20
"""Below :data:`WIDE` columns the panel keeps to this many rows, leaving out the rows of
:data:`DROP_ORDER` (in that order) when it would be taller."""

DROP_ORDER = ("Markers", "Advantages", "Taken")
"""Rows left out first when the panel is too tall for :data:`MAX_ROWS` (the map and the log
show them too)."""


def _height(renderable: RenderableType, width: int) -> int:
    """Rows ``renderable`` takes at ``width`` columns."""
    console = Console(width=width, file=io.StringIO(), color_system=None)
    return len(console.render_lines(renderable, console.options, pad=False))


def render_records(view: dict[str, Any], width: int = 80) -> RenderableType:
    """The records panel of one Imperial Struggle view (module docstring).

    ``view``: ``rules.view(state, seat)`` of ``imperial_struggle`` (a spectator's view shows both
    hands as counts and every face-down Ministry card as a back). ``width``: the columns the
    panel may use; below :data:`WIDE` it takes at most :data:`MAX_ROWS` rows (dropping the rows
    of :data:`DROP_ORDER` if needed), from :data:`WIDE` on it adds detail. Returns a
    :class:`rich.console.Group` of Text lines and Tables; no line is wider than ``width`` once
    Rich wraps it. Raises KeyError only for a view that is not Imperial Struggle's."""
    me = viewer_side(view)
    hand_label = "Your Events" if me in (FR, BR) and view["hands"][me] is not None else "Events"
    lines: list[RenderableType] = [
        _status_line(view),
        _vp_track(view, width),
        *_thresholds(view, width),
    ]
    end = _end_line(view)
    if end is not None:
        lines.append(end)
    auction = _auction_line(view)
    if auction is not None:
        lines.append(auction)
    lines.append(_sides_table(view, width))
    free, took = _investments(view)
    rows = [
        ("Awards", _awards(view, width)),
        ("Demand", _demand(view)),
        ("Investments", free),
        ("Taken", took),
        (hand_label, _cards(view, width)),
        ("Advantages", _advantages(view)),
        ("Squadrons", _squadrons(view) if width >= WIDE else []),
        ("Markers", _markers(view)),
    ]
    panel = Group(*lines, _labelled(rows, width))
    if width < WIDE:
        for label in DROP_ORDER:
            if _height(panel, width) <= MAX_ROWS:
                break
            rows = [r for r in rows if r[0] != label]
            panel = Group(*lines, _labelled(rows, width))
    return panel
