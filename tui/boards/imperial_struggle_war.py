"""The Imperial Struggle war panel: a Rich renderable of the War display of one view.

``render_war(view, width, theater=None, log_lines=None)``:

* In a Peace Turn: the next War's display (IS-3.7, IS-7.6): per theater the tiles the viewer
  knows (its own; the opponent's revealed or otherwise known ones) and counts of the tiles it
  does not know, the Bonus Strength the map gives each side now (IS-7.1.3), and the pools. With
  ``theater`` (a theater number or a 0-based index) that theater's detail follows: its Region(s),
  what gives Bonus Strength there, the spoils table.
* During a War Turn (IS-7.0): one theater as a small table (tiles, Army Strength, Bonus
  Strength, total, margin and spoils), the theaters resolved so far in one line, and the
  decision being taken (Conquest Points left, a refusal and its price, a tile's target, Squadron
  losses) in a frame. The theater shown is ``theater`` if given, else the one being resolved.
  The numbers of a resolved theater come from its log line when ``log_lines`` holds it (the map
  may have changed since, by conquest); otherwise the Bonus Strength is the map's now, labelled
  so.

Reads only the view (README "View": ``war``, the ``stack`` frames' public war fields, the map)
and the static data; see :mod:`tui.boards.imperial_struggle_war_facts`.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from engine.games.imperial_struggle import board as B
from engine.games.imperial_struggle.war_conquest import REFUSAL_VP
from tui.boards.imperial_struggle_war_facts import (
    bonus_now,
    bonus_sources,
    known_army,
    margin_words,
    result_from_log,
    side_tiles,
    spoils_rows,
    spoils_short,
    spoils_words,
    the_row,
    theater_regions,
    theater_tiles,
    unflag_target,
)
from tui.boards.imperial_struggle_words import (
    BR,
    FR,
    SIDE_NAMES,
    STYLES,
    other,
    plural,
    side_text,
    space_name,
    top_frame,
    viewer_side,
    war_tile_label,
    war_tile_strength,
)

__all__ = ["render_war", "theater_keys", "current_theater", "pick_theater"]

WIDE = 110
"""From this width on the display shows the spoils and bonus sources of every theater."""

TABLE_MAX = 100
"""The War Turn table is never wider than this (wider, the two sides drift apart)."""

NEXT_AFTER: dict[str, str] = {
    "WSS": "Turn 1",
    "WAS": "Turn 3",
    "7YW": "Turn 4",
    "AWI": "Turn 5",
}
"""War -> the Peace Turn after which it is fought (IS-2.1)."""

DECISION_KINDS = (
    "war_target",
    "war_lose",
    "war_cp",
    "war_refuse",
    "war_unflag",
    "war_usa",
    "war_spain",
)
"""War Turn decision frames (``war_effects.py``, ``war_spoils.py``)."""


def theater_keys(view: dict[str, Any]) -> list[str]:
    """Theater numbers of the view's War display as string keys, in resolution order."""
    war = view.get("war")
    if not war:
        return []
    return [str(n) for n in sorted(B.THEATERS[war["id"]])]


def current_theater(view: dict[str, Any]) -> str | None:
    """During a War Turn the theater being resolved (its last one once all are done), else
    None."""
    fr = top_frame(view, ("war_turn",))
    if fr is None:
        return None
    keys = theater_keys(view)
    key = fr.get("theater")
    if key is None and keys:
        done = list((fr.get("results") or {}).keys())
        key = done[-1] if done else keys[0]
    return key


def pick_theater(
    view: dict[str, Any], theater: int | str | None = None, index: int | None = None
) -> str | None:
    """The display's theater key for a theater number (``theater``, 1-based, int or str) or a
    0-based ``index`` (wrapping: -1 is the last); None when neither is given or the number is
    not one of the War's. Raises nothing."""
    keys = theater_keys(view)
    if not keys:
        return None
    if theater is not None:
        return str(theater) if str(theater) in keys else None
    if index is not None:
        return keys[int(index) % len(keys)]
    return None


def _tiles_text(view: dict[str, Any], key: str, side: int, *, strengths: bool) -> Text:
    """One side's tiles in a theater: known tiles by name, then the hidden ones counted by kind
    (``1 Basic + 1 Bonus hidden``, public counts, IS-16.1); the known sum when ``strengths``."""
    th = view["war"]["theaters"][key]
    basic, bonus = side_tiles(th["basic"][side]), side_tiles(th["bonus"][side])
    known = basic.known + bonus.known
    names = [war_tile_label(x) for x in known]
    hidden = [f"{n} {kind}" for n, kind in ((basic.hidden, "Basic"), (bonus.hidden, "Bonus")) if n]
    if hidden:
        names.append(" + ".join(hidden) + " hidden")
    t = Text()
    t.append(", ".join(names) if names else "no tiles", style="" if names else STYLES["dim"])
    if strengths and len(known) > 1:
        t.append(f" (total {sum(war_tile_strength(x) for x in known):+d})", style=STYLES["dim"])
    return t


# ---------------------------------------------------------------------------- peace: display
def _pools(view: dict[str, Any]) -> Text:
    w = view["war"]
    t = Text("Pools: ", style=STYLES["dim"])
    for i, side in enumerate((FR, BR)):
        if i:
            t.append(" · ")
        basic = side_tiles(w["basic_pool"][side])
        bonus = side_tiles(w["bonus_pool"][side])
        nb = len(basic.known) + basic.hidden
        nn = len(bonus.known) + bonus.hidden
        t.append_text(side_text(side, short=True))
        t.append(f" {nb} Basic, {nn} Bonus")
        out = side_tiles(w["basic_out"][side])
        if out.known or out.hidden:
            t.append(f", {len(out.known) + out.hidden} Basic out of the game")
    return t


def _display(view: dict[str, Any], width: int, picked: str | None) -> RenderableType:
    w = view["war"]
    war = w["id"]
    me = viewer_side(view)
    wide = width >= WIDE
    head = Text()
    head.append(f"Next War: {B.WARS[war]['name']}", style=STYLES["label"])
    head.append(f", fought after {NEXT_AFTER.get(war, 'this turn')}")
    tab = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, expand=True, padding=(0, 1))
    tab.add_column("#", no_wrap=True, width=1)
    tab.add_column("Theater", no_wrap=True)
    for side in (FR, BR):
        tab.add_column(side_text(side, you=me), ratio=3)
    tab.add_column("Bonus FR/BR", no_wrap=True)
    if wide:
        tab.add_column("Spoils by margin (CP: Conquest Points)", no_wrap=True)
    for key in theater_keys(view):
        rec = B.THEATERS[war][int(key)]
        (bf, _), (bb, _) = bonus_now(view, key)
        bonus = Text()
        bonus.append(f"+{bf}", style=STYLES["france"])
        bonus.append(" / ")
        bonus.append(f"+{bb}", style=STYLES["britain"])
        row: list[Any] = [
            key,
            Text(rec["name"], style=STYLES["label"]),
            _tiles_text(view, key, FR, strengths=wide),
            _tiles_text(view, key, BR, strengths=wide),
            bonus,
        ]
        if wide:
            side = me if me in (FR, BR) else FR
            lines = [spoils_short(r) for r in spoils_rows(war, key, side)]
            if rec.get("spoils_by_winner"):
                lines.insert(0, f"if {SIDE_NAMES[side]} wins:")
            row.append(Text("\n".join(lines)))
        tab.add_row(*row)
    parts: list[RenderableType] = [head, tab, _pools(view)]
    extra = _war_markers(view)
    if extra is not None:
        parts.append(extra)
    if picked is not None:
        parts.append(_theater_detail(view, picked, width))
    return Group(*parts)


def _war_markers(view: dict[str, Any]) -> Text | None:
    """Atlantic Dominance, Byng and carried-over draws, when present (IS-7.3f, IS-EV18,
    IS-7.6c)."""
    w = view["war"]
    bits = []
    if w.get("atlantic") in (FR, BR):
        bits.append(f"Atlantic Dominance +2 for {SIDE_NAMES[w['atlantic']]} in theater 3")
    if view.get("byng") is not None:
        bits.append(f"Byng marker: Britain +2 in theater {view['byng']}")
    carry = w.get("carry") or [0, 0]
    for side in (FR, BR):
        if carry[side]:
            bits.append(f"{SIDE_NAMES[side]} draws {plural(carry[side], 'free Bonus tile')}")
    return Text(" · ".join(bits), style=STYLES["dim"]) if bits else None


def _theater_detail(view: dict[str, Any], key: str, width: int) -> RenderableType:
    """One theater of the display in full: Region(s), Bonus Strength sources and the spoils
    table of each winner."""
    war = view["war"]["id"]
    rec = B.THEATERS[war][int(key)]
    t = Text()
    t.append(f"{rec['name']} (theater {key})", style=STYLES["label"])
    t.append(f" in {theater_regions(war, key)}. Bonus Strength: {bonus_sources(war, key)}.")
    lines: list[RenderableType] = [t]
    for side, (n, parts) in zip((FR, BR), bonus_now(view, key), strict=True):
        b = side_text(side)
        b.append(f" has +{n} now" + (": " + ", ".join(parts) if parts else ""))
        lines.append(b)
    lines.append(_spoils_table(war, key, None, None))
    if rec.get("additional_territories"):
        names = ", ".join(space_name(s) for s in rec["additional_territories"])
        lines.append(Text(f"Conquest Points may also take: {names}", style=STYLES["dim"]))
    return Group(*lines)


def _spoils_table(war: str, key: str, winner: int | None, margin: int | None) -> Table:
    """The spoils rows (both winners' tables for the two asymmetric theaters), the row of a
    win by ``margin`` for ``winner`` marked."""
    rec = B.THEATERS[war][int(key)]
    tab = Table(box=None, show_header=False, padding=(0, 1), pad_edge=False)
    tab.add_column(no_wrap=True)
    tab.add_column(no_wrap=True)
    tab.add_column(ratio=1)
    hit = the_row(war, key, winner, margin) if winner is not None and margin else None
    sides = (FR, BR) if rec.get("spoils_by_winner") else (None,)
    for side in sides:
        rows = spoils_rows(war, key, FR if side is None else side)
        for i, r in enumerate(rows):
            who = Text("" if i else "Spoils" if side is None else f"{SIDE_NAMES[side]} wins")
            mark = "▶ " if r is hit else "  "
            style = "bold reverse" if r is hit else ""
            words = spoils_words(r, target=unflag_target(war, key))
            tab.add_row(who, Text(mark + margin_words(r), style=style), words)
    return tab


# ---------------------------------------------------------------------------- war turn
def _progress(view: dict[str, Any], key: str) -> Text:
    """Every theater of the War in one line: its result, ``now`` or ``to come``."""
    fr = top_frame(view, ("war_turn",)) or {}
    results = fr.get("results") or {}
    war = view["war"]["id"]
    t = Text()
    for i, k in enumerate(theater_keys(view)):
        if i:
            t.append(" · ", style=STYLES["dim"])
        name = f"{k} {B.THEATERS[war][int(k)]['name']}"
        t.append(name, style="bold reverse" if k == key else STYLES["label"])
        r = results.get(k)
        if r is not None:
            t.append(": ")
            if r["winner"] is None:
                t.append("tied")
            else:
                t.append_text(side_text(r["winner"], short=True))
                t.append(f" +{r['margin']}")
        elif k == fr.get("theater"):
            t.append(" (now)", style=STYLES["warn"])
    return t


def _war_table(
    view: dict[str, Any], key: str, width: int, log_lines: list[Any] | None
) -> RenderableType:
    fr = top_frame(view, ("war_turn",)) or {}
    war = view["war"]["id"]
    me = viewer_side(view)
    result = (fr.get("results") or {}).get(key)
    logged = result_from_log(log_lines, war, key) if result is not None else None
    live = bonus_now(view, key)
    tab = Table(
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
        padding=(0, 1),
        expand=True,
        width=min(width, TABLE_MAX),
    )
    tab.add_column("", no_wrap=True)
    for side in (FR, BR):
        tab.add_column(side_text(side, you=me), ratio=1)
    tab.add_row(
        "Tiles",
        _tiles_text(view, key, FR, strengths=False),
        _tiles_text(view, key, BR, strengths=False),
    )
    tiles = [theater_tiles(view, key, s) for s in (FR, BR)]
    army = [known_army(x) for x in tiles]
    hidden = any(x.hidden for x in tiles)
    tab.add_row(
        "Army",
        *[Text(f"{a}" + ("+?" if x.hidden else "")) for a, x in zip(army, tiles, strict=True)],
    )
    if logged is not None:
        cells = []
        for s, b in enumerate(logged.bonus):
            n, why = live[s]
            cells.append(Text(f"+{b}" + (": " + ", ".join(why) if why and n == b else "")))
        tab.add_row("Bonus", *cells)
        tab.add_row("Total", *[Text(str(x), style=STYLES["label"]) for x in logged.total])
    else:
        label = "Bonus (map now)" if result is not None else "Bonus"
        tab.add_row(
            label,
            *[Text(f"+{n}" + (": " + ", ".join(p) if p else ""), style="") for n, p in live],
        )
        if not hidden:
            tot = [army[s] + live[s][0] for s in (FR, BR)]
            tab.add_row(
                "Total" if result is None else "Total (map now)",
                *[Text(str(x), style=STYLES["label"]) for x in tot],
            )
    parts: list[RenderableType] = [tab, _result_line(view, key, result)]
    if result is None:
        parts.append(_spoils_table(war, key, None, None))
    elif result["winner"] is not None:
        parts.append(_spoils_table(war, key, result["winner"], result["margin"]))
    return Group(*parts)


def _result_line(view: dict[str, Any], key: str, result: dict[str, Any] | None) -> Text:
    war = view["war"]["id"]
    t = Text()
    if result is None:
        t.append("To resolve: ", style=STYLES["label"])
        t.append("tile effects first, then the higher total wins")
        return t
    w, m = result["winner"], result["margin"]
    if w is None:
        t.append("Tied: no spoils", style=STYLES["label"])
        return t
    t.append_text(side_text(w))
    t.append(f" wins by {m}", style=STYLES["label"])
    row = the_row(war, key, w, m)
    if row is None:
        t.append(": nothing at this margin")
    else:
        t.append(": " + spoils_words(row, w, unflag_target(war, key)))
    return t


def _decision(view: dict[str, Any]) -> RenderableType | None:
    """The War Turn decision being taken, framed, with what it is worth."""
    fr = top_frame(view, DECISION_KINDS)
    if fr is None:
        return None
    side = fr.get("side")
    me = viewer_side(view)
    w = view["war"]
    who = "You" if side == me else SIDE_NAMES[side] if side in (FR, BR) else "A side"
    k = fr["k"]
    t = Text()
    if k == "war_cp":
        t.append(f"{who} spend{'s' if who != 'You' else ''} Conquest Points: ")
        t.append(f"{fr.get('cp', 0)} left", style=STYLES["label"])
        loser = other(side)
        n = w.get("refusals", [0, 0])[loser]
        t.append(f". {SIDE_NAMES[loser]} has refused {n} of 2")
        if n < len(REFUSAL_VP):
            t.append(f" (the next refusal costs it {REFUSAL_VP[n]} VP)")
    elif k == "war_refuse":
        n = w.get("refusals", [0, 0])[side]
        vp = REFUSAL_VP[n] if n < len(REFUSAL_VP) else 0
        t.append(f"{who} may refuse to cede {space_name(fr.get('territory', ''))}: ")
        t.append(f"pay {vp} VP", style=STYLES["label"])
        t.append(" and keep it (it cannot be attacked again this War), or cede it")
    elif k == "war_target":
        tile = fr.get("tile")
        name = war_tile_label(tile) if tile else "a War tile"
        what = {
            "damage_fort_or_remove_squadron": "damage an enemy Fort or send a Squadron home",
            "unflag": "remove an enemy flag from a Market or Political space",
        }.get(fr.get("effect", ""), "pick its target")
        t.append(f"{who} choose{'s' if who != 'You' else ''} for {name}: {what}")
    elif k == "war_lose":
        its = "your" if who == "You" else "its"
        dst = f"to {its} Unbuilt pool" if fr.get("dst") == "unbuilt" else "for good"
        t.append(f"{who} lose{'s' if who != 'You' else ''} ")
        t.append(plural(fr.get("n", 1), "Squadron"), style=STYLES["label"])
        t.append(f" {dst}: pick which")
    elif k == "war_unflag":
        t.append(f"{who} unflag{'s' if who != 'You' else ''} ")
        target = unflag_target(w["id"], fr["theater"]) if fr.get("theater") else None
        what = (target[0].upper() + target[1:]) if target else "enemy space"
        t.append(f"{fr.get('n', 1)} {what}", style=STYLES["label"])
    elif k == "war_usa":
        t.append(f"{who} place{'s' if who != 'You' else ''} USA flags and may remove Forts")
    else:
        t.append(f"{who} shift{'s' if who != 'You' else ''} a Spanish space")
    refused = list((w.get("refused") or {}).keys())
    if refused:
        t.append(". Refused this War: " + ", ".join(space_name(s) for s in refused))
    title = Text("Your decision" if side == me else f"{who} decides")
    return Panel(t, title=title, title_align="left", border_style=STYLES["frame"], expand=True)


def _war_turn(
    view: dict[str, Any], width: int, picked: str | None, log_lines: list[Any] | None
) -> RenderableType:
    war = view["war"]["id"]
    key = picked or current_theater(view) or theater_keys(view)[0]
    rec = B.THEATERS[war][int(key)]
    head = Text()
    head.append(f"{B.WARS[war]['name']}: ", style=STYLES["label"])
    head.append(f"{rec['name']}", style=STYLES["label"])
    head.append(f" (theater {key} of {len(theater_keys(view))}, {theater_regions(war, key)})")
    parts: list[RenderableType] = [
        head,
        _progress(view, key),
        _war_table(view, key, width, log_lines),
    ]
    dec = _decision(view)
    if dec is not None and key == current_theater(view):
        parts.append(dec)
    return Group(*parts)


# ---------------------------------------------------------------------------- the panel
def render_war(
    view: dict[str, Any],
    width: int = 80,
    theater: int | str | None = None,
    log_lines: list[Any] | None = None,
    *,
    index: int | None = None,
) -> RenderableType:
    """The war panel of one Imperial Struggle view (module docstring).

    ``view``: ``rules.view(state, seat)``. ``width``: columns available. ``theater``: a theater
    number (``1``/``"1"``) or ``index``: a 0-based index of the War's theaters (wrapping, for a
    key that cycles); neither = the theater being resolved (War Turn) or no detail block (Peace
    Turn). ``log_lines``: the match log (strings or ``(text, undone)`` pairs) to read resolved
    theaters' numbers from. Returns a Rich renderable; no line is wider than ``width``."""
    if not view.get("war"):
        return Text("No War left to fight: the American War of Independence was the last.")
    key = pick_theater(view, theater, index)
    if top_frame(view, ("war_turn",)) is not None:
        return _war_turn(view, width, key, log_lines)
    return _display(view, width, key)
