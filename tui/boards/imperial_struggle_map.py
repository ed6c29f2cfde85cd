"""The Imperial Struggle map, drawn as lines of :class:`~tui.boards.segments.Seg` from one view.

Static data (regions, sub-regions, countries, kinds, commodities, Advantage tiles, solid
connections) comes from ``engine/games/imperial_struggle/board.py``; everything that changes
(flags, Squadrons, Conflict markers, Damaged forts, Huguenots, Advantage holders, the round's
Isolated markets) from the view (``engine/games/imperial_struggle/README.md`` "View").

Each space is one fixed-width cell: ``▸◆F Austria Prest.3↑ ★×`` — the selectable mark (``▸``
a choice points at it, ``✱`` the opponent changed it in their last round), the kind glyph
(:data:`KIND_GLYPH`), the flag letter (:data:`FLAG_GLYPH`, also coloured: a colour-blind safe
palette in ``imperial_struggle.tcss``; the letter alone reads without colour), the short name
and the marks (:data:`MARKS`). Targets are the space ids, as the engine's choices use them.
"""

from __future__ import annotations

import re
from typing import Any

from engine.games.imperial_struggle import board as B
from engine.games.imperial_struggle import geometry as G
from tui.boards.segments import Line, Seg

FLAG_GLYPH: dict[int | None, str] = {0: "F", 1: "B", 2: "U", 3: "S", None: "·"}
"""Flag code (README "State" ``flags``: 0 France, 1 Britain, 2 USA, 3 Spain) -> letter."""

FLAG_STYLE: dict[int | None, str] = {0: "fr", 1: "br", 2: "usa", 3: "spain", None: "muted"}
"""Flag code -> component style (colours in ``imperial_struggle.tcss``)."""

FLAG_WORD: dict[int | None, str] = {0: "France", 1: "Britain", 2: "USA", 3: "Spain", None: "none"}
"""Flag code -> the flag's name."""

KIND_GLYPH: dict[str, str] = {
    "political": "◆",
    "market": "●",
    "fort": "■",
    "naval": "≈",
    "territory": "▲",
}
"""Space kind (map.json ``type``) -> glyph."""

COMMODITY_TAG: dict[str, str] = {
    "furs": "fur",
    "fish": "fsh",
    "tobacco": "tob",
    "sugar": "sug",
    "cotton": "cot",
    "spice": "spc",
}
"""Commodity id -> the three-letter tag a Market cell shows."""

MARKS: dict[str, str] = {
    "prestige": "★",
    "conflict": "×",
    "conflict2": "×+",
    "damaged": "‡",
    "huguenots": "h",
    "isolated": "⊘",
    "advantage": "◊",
}
"""Mark -> glyph: Prestige space, Conflict marker (``×+`` the +1 kind), Damaged fort, fresh
Huguenots (``h``; spent ones are not marked), Isolated market, Advantage tile attached."""

LEGEND = (
    "◆ political ● market ■ fort ≈ naval ▲ territory · F France B Britain U USA S Spain "
    "· ★ prestige × conflict ‡ damaged h Huguenots ⊘ isolated ◊ advantage"
)
"""The map legend (one line when wide, wrapped when narrow)."""

AVAILABLE: dict[str, str] = {
    "empire_era_onward": "from the Empire era (T3)",
    "revolution_era_onward": "from the Revolution era (T5)",
    "turn_6_if_any_usa_flag_on_map": "on Turn 6, if a USA flag is on the map",
}
"""map.json ``available`` values -> words."""

REGION_SHORT: dict[str, str] = {
    "europe": "Europe",
    "north_america": "N. America",
    "caribbean": "Caribbean",
    "india": "India",
}
"""Region id -> a short name for the region tabs."""

_COUNTRY_SHORT = {
    "german_states": "Saxony",
    "dutch_republic": "Dutch",
    "denmark_norway": "Denmark-Norway",
}

_NAME_SHORT = {
    "gulf_of_st_lawrence": "St. Lawrence",
    "northeast_channel": "N.E. Channel",
    "massachusetts_bay": "Massachusetts",
    "bahamas_run_north": "Bahamas Run N.",
    "bahamas_run_west": "Bahamas Run W.",
    "cuba_passage_east": "Cuba Pass. East",
}
"""Names shortened so that a Market's name and commodity fit a 25-column cell."""


def short_name(space: str) -> str:
    """A space's name for its cell: a country's spaces as ``Austria Prest.3↑`` / ``Saxony
    All.3`` / ``Prussia E+All.2`` (available from the Empire era); other spaces by their map
    name (a few long Market names shortened)."""
    rec = B.SPACES[space]
    if space in _NAME_SHORT:
        return _NAME_SHORT[space]
    name = rec["name"]
    m = re.match(r"^(.*) \((.*)\)$", name)
    if not m:
        return name
    country = _COUNTRY_SHORT.get(rec.get("country") or "", m.group(1))
    part = m.group(2)
    part = (
        part.replace("Empire+ ", "E+").replace("Alliance ", "All.").replace("Prestige ", "Prest.")
    )
    part = part.replace(", upper", "↑").replace(", lower", "↓")
    return f"{country} {part}"


def region_spaces(region: str) -> list[tuple[str | None, list[str]]]:
    """``(sub_region_id_or_None, [space ids])`` of ``region`` in data order, grouped by
    sub-region (map.json ``regions[].sub_regions``)."""
    subs = [s["id"] for r in B.MAP["regions"] if r["id"] == region for s in r["sub_regions"]]
    ids = [s for s in B.SPACE_ORDER if B.SPACES[s]["region"] == region]
    if not subs:
        return [(None, ids)]
    return [(sub, [s for s in ids if B.SPACES[s].get("sub_region") == sub]) for sub in subs]


def sub_region_name(region: str, sub: str | None) -> str:
    """Display name of a sub-region ("" for None)."""
    for r in B.MAP["regions"]:
        if r["id"] == region:
            for s in r["sub_regions"]:
                if s["id"] == sub:
                    return s["name"]
    return ""


def owner(view: dict[str, Any], space: str) -> int | None:
    """The flag on ``space`` (a Naval space: its Squadron's side), or None (IS-3.2.7)."""
    if B.KIND[space] == "naval":
        return (view.get("squadrons") or {}).get(space)
    return (view.get("flags") or {}).get(space)


def geo_state(view: dict[str, Any]) -> dict[str, Any]:
    """The map facts of ``view`` in the shape ``engine/games/imperial_struggle/geometry.py``
    reads (flags, squadrons, conflict, damaged, options, the public round record)."""
    return {
        "flags": view.get("flags") or {},
        "squadrons": view.get("squadrons") or {},
        "conflict": view.get("conflict") or {},
        "damaged": view.get("damaged") or {},
        "opts": view.get("options") or {},
        "round": view.get("round"),
    }


def isolated(view: dict[str, Any]) -> set[str]:
    """Markets Isolated now (IS-5.4.1b): the round's list minus markets changed since, or the
    current map outside a round."""
    geo = geo_state(view)
    return {m for m in B.spaces_in(None, "market") if G.is_isolated(geo, m)}


def marks(view: dict[str, Any], space: str, iso: set[str]) -> str:
    """The mark glyphs of ``space`` (:data:`MARKS`), in a fixed order."""
    rec = B.SPACES[space]
    out = ""
    if rec.get("prestige"):
        out += MARKS["prestige"]
    c = (view.get("conflict") or {}).get(space)
    if c:
        out += MARKS["conflict2" if c == 2 else "conflict"]
    if space in (view.get("damaged") or {}):
        out += MARKS["damaged"]
    if (view.get("huguenots") or {}).get(space) == 1:
        out += MARKS["huguenots"]
    if space in iso:
        out += MARKS["isolated"]
    if rec.get("advantages"):
        out += MARKS["advantage"]
    return out


def wrap(text: str, width: int) -> list[str]:
    """``text`` wrapped at spaces into lines of at most ``width`` cells (at least one line)."""
    words = text.split(" ")
    lines: list[str] = []
    line = ""
    for w in words:
        if line and len(line) + 1 + len(w) > width:
            lines.append(line)
            line = w
        else:
            line = f"{line} {w}" if line else w
    lines.append(line)
    return lines


class MapDrawer:
    """Draws regions of the map for one view.

    Args:
        view: the engine view.
        targets: space ids the prompt's choices point at (drawn ``▸``, style ``selectable``).
        cursor: the highlighted choice's target (style ``cursor``).
        fresh: spaces the opponent changed in their last round (``✱``, style ``fresh``).
        selected: the space whose details are shown (style ``chosen``).
    """

    def __init__(
        self,
        view: dict[str, Any],
        targets: set[str],
        cursor: str | None,
        fresh: set[str],
        selected: str | None = None,
    ) -> None:
        self.view = view
        self.targets = targets
        self.cursor = cursor
        self.fresh = fresh
        self.selected = selected
        self.iso = isolated(view)

    # ------------------------------------------------------------------ one space
    def cell(self, space: str, width: int) -> list[Seg]:
        """The cell of ``space``, exactly ``width`` cells wide."""
        rec = B.SPACES[space]
        side = owner(self.view, space)
        sel = space in self.targets
        styles: tuple[str, ...] = ()
        lead = " "
        if space in self.fresh:
            lead, styles = "✱", ("fresh",)
        if sel:
            lead, styles = "▸", ("selectable",)
        if space == self.selected:
            styles += ("chosen",)
        if space == self.cursor:
            styles += ("cursor",)
        tag = marks(self.view, space, self.iso)
        if rec["type"] == "market" and rec.get("commodity"):
            tag = COMMODITY_TAG.get(rec["commodity"], rec["commodity"][:3]) + (
                " " + tag if tag else ""
            )
        room = max(width - 5 - (len(tag) + 1 if tag else 0), 3)
        name = short_name(space)
        if len(name) > room:
            name = name[: room - 1] + "…"
        body = f" {name}"
        tail = (f" {tag}" if tag else "").ljust(width - 3 - len(body))
        return [
            Seg(lead, styles + ("mark",), space),
            Seg(KIND_GLYPH[rec["type"]], styles + ("kind",), space),
            Seg(FLAG_GLYPH.get(side, "?"), styles + (FLAG_STYLE.get(side, "muted"),), space),
            Seg(body, styles + ("space",), space),
            Seg(tail, styles + ("tags",), space),
        ]

    # ------------------------------------------------------------------ one region
    def region(self, region: str, width: int) -> list[Line]:
        """The lines of ``region`` in ``width`` columns: a header (the Award tile of this turn),
        the spaces in cells grouped by sub-region, then the region's Advantage tiles."""
        lines: list[Line] = [self.header(region, width)]
        cols = max(1, width // 25)
        cw = width // cols
        for sub, spaces in region_spaces(region):
            if sub is not None:
                lines.append([Seg(f" {sub_region_name(region, sub)}", ("sub",))])
            for k in range(0, len(spaces), cols):
                row: Line = []
                for s in spaces[k : k + cols]:
                    row += self.cell(s, cw)
                lines.append(row)
        lines += self.advantages(region, width)
        return lines

    def header(self, region: str, width: int) -> Line:
        """``── Europe · award 2 VP (lead 1) ───`` with this turn's Award tile (IS-3.9)."""
        name = B.REGION_NAMES[region]
        tile = (self.view.get("awards") or {}).get(region)
        award = ""
        if isinstance(tile, int) and tile in B.AWARDS:
            a = B.AWARDS[tile]
            parts = [f"{a['vp']} VP"] if a.get("vp") else []
            if a.get("trp"):
                parts.append(f"{a['trp']} TRP")
            award = " · award " + " + ".join(parts or ["nothing"])
            if a.get("min_margin", 1) > 1:
                award += f" (lead {a['min_margin']})"
        head = [Seg("── ", ("rule",)), Seg(name + " ", ("region",)), Seg(award[1:], ("label",))]
        head.append(Seg(" "))
        used = sum(s.width for s in head)
        return [*head, Seg("─" * max(width - used, 0), ("rule",))]

    def advantages(self, region: str, width: int) -> list[Line]:
        """The region's Advantage tiles: ``◊F Baltic Trade`` (holder letter, ``spent`` once
        exhausted this turn), flowed onto as many lines as needed."""
        holders = self.view.get("adv_holder") or {}
        spent = self.view.get("adv_exhausted") or {}
        items: list[list[Seg]] = []
        for aid, a in B.ADVANTAGES.items():
            if a["region"] != region:
                continue
            side = holders.get(aid)
            sel = aid in self.targets
            styles: tuple[str, ...] = ("selectable",) if sel else ()
            if aid == self.cursor:
                styles += ("cursor",)
            text = a["name"] + (" (spent)" if aid in spent else "")
            items.append(
                [
                    Seg("▸" if sel else "◊", styles + ("mark",), aid),
                    Seg(FLAG_GLYPH.get(side, "?"), styles + (FLAG_STYLE.get(side, "muted"),), aid),
                    Seg(" " + text, styles + ("adv",), aid),
                ]
            )
        lines: list[Line] = []
        line: Line = [Seg(" ")]
        x = 1
        for item in items:
            w = sum(s.width for s in item) + 2
            if x + w > width and x > 1:
                lines.append(line)
                line, x = [Seg(" ")], 1
            line += [*item, Seg("  ")]
            x += w
        if len(line) > 1:
            lines.append(line)
        return lines

    # ------------------------------------------------------------------ the selected space
    def details(self, space: str, width: int) -> list[Line]:
        """What a selected space says: kind, cost, flag, connections (with their flags),
        protection or isolation, Advantage tiles, and which side may act there now."""
        rec = B.SPACES.get(space)
        if rec is None:
            return []
        view = self.view
        side = owner(view, space)
        kind = rec["type"]
        words = [rec["name"], kind.capitalize()]
        if kind == "market" and rec.get("commodity"):
            words[-1] += f" ({rec['commodity']})"
        if rec.get("cost") is not None:
            words.append(f"{rec['cost']} {rec['cost_unit']}")
        if rec.get("prestige"):
            words.append("Prestige")
        where = B.REGION_NAMES[rec["region"]]
        if rec.get("sub_region"):
            where += " / " + sub_region_name(rec["region"], rec["sub_region"])
        words.append(where)
        words.append(("Squadron: " if kind == "naval" else "flag: ") + FLAG_WORD.get(side, "?"))
        first = " · ".join(words)
        lines: list[Line] = [
            [Seg("◉ ", ("chosen",)), Seg(t, ("value",))] for t in wrap(first, width - 2)
        ]
        state: list[str] = []
        c = (view.get("conflict") or {}).get(space)
        if c:
            state.append("Conflict marker" + (" (+1)" if c == 2 else ""))
        if space in (view.get("damaged") or {}):
            state.append("Damaged fort")
        h = (view.get("huguenots") or {}).get(space)
        if h:
            state.append("Huguenots" + (" (spent)" if h == 2 else ""))
        geo = geo_state(view)
        if kind != "political" and side in (0, 1):
            state.append("protected" if G.protected(geo, space) else "not protected")
        if kind == "market":
            state.append("Isolated" if space in self.iso else "not isolated")
        adv = [B.ADVANTAGES[a]["name"] for a in rec.get("advantages") or [] if a in B.ADVANTAGES]
        if adv:
            state.append("Advantage: " + ", ".join(adv))
        conn = B.ADJ.get(space) or ()
        if conn:
            parts = [
                B.SPACES[n]["name"]
                + ("" if owner(view, n) is None else " " + FLAG_GLYPH.get(owner(view, n), "?"))
                for n in conn
            ]
            state.append("connected to " + ", ".join(parts))
        may = self.may_act(space)
        if may:
            state.append(may)
        for t in wrap(" · ".join(state), width - 2):
            lines.append([Seg("  " + t)])
        return lines

    def may_act(self, space: str) -> str:
        """Who may act on ``space`` now, in words (IS-5.4.1 market links, IS-5.6.3 fort
        building, IS-5.6.4b seizing a Damaged fort, IS-5.5 Political spaces)."""
        rec = B.SPACES[space]
        kind = rec["type"]
        geo = geo_state(self.view)
        side = owner(self.view, space)
        names = ("France", "Britain")
        if kind == "market":
            ok = [names[s] for s in (0, 1) if G.market_link_ok(geo, s, space)]
            who = " and ".join(ok) if ok else "neither side"
            return f"{who} can reach it from a connected space of its own"
        if kind == "fort" and side is None:
            ok = [names[s] for s in (0, 1) if G.fort_build_ok(geo, s, space)]
            return ("may be built by " + " and ".join(ok)) if ok else "neither side may build"
        if kind == "fort" and space in (self.view.get("damaged") or {}):
            ok = [names[s] for s in (0, 1) if s != side and G.fort_seize_ok(geo, s, space)]
            return ("may be seized by " + " and ".join(ok)) if ok else ""
        if rec.get("available", "always") != "always" and kind == "political":
            return "in play only " + AVAILABLE.get(rec["available"], rec["available"])
        if kind == "political":
            return "either side may shift it with Diplomatic points"
        if kind == "territory":
            return "changes hands in Wars (Conquest points) and by Events"
        if kind == "naval":
            return "either side may deploy a Squadron here with Military points"
        return ""
