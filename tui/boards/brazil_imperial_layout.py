"""The Brazil: Imperial board's lines: a header, the map viewport with the selected hex spelled
out beside it (below it when narrow), then your player board and the opponents' public parts.

:class:`BiLayout` is a :class:`tui.boards.segments.SegLayout`; the board widget gives it the
selected hex and the first map row to show (the viewport follows the cursor).
"""

from __future__ import annotations

import textwrap
from typing import Any

from engine.games.brazil_imperial import catalog as C
from engine.games.brazil_imperial.components import SOLO, SUPPLY_LIMIT
from engine.games.brazil_imperial.hexes import MAPS
from tui.boards import brazil_imperial_text as T
from tui.boards.brazil_imperial_choice import explain, prompt_notes
from tui.boards.brazil_imperial_combat import pending_lines
from tui.boards.brazil_imperial_hexes import Hex
from tui.boards.brazil_imperial_map import MapDrawer, key_of
from tui.boards.brazil_imperial_overview import Overview, overview_width
from tui.boards.segments import Line, Seg, SegLayout, width_of

PANEL_MIN = 22
"""Narrowest side panel (columns) beside the map; below that it goes under the map."""

TEXT_MIN = 14
"""Narrowest hex text (columns) beside the overview."""
TEXT_MAX = 40
"""Widest hex text beside the overview (so the overview stays near the map)."""

PAGES = ("map", "you", "table")
"""The board's pages (key ``t`` goes to the next): the map (then the boards, as far as they
fit), your player board (solo: the Dutch and your goals first), the market (paintings for
sale, the cities on offer) and the others' boards."""
PAGE_HINT = {
    "map": "t: your board, then the market and the others",
    "you": "t: the market and the others",
    "table": "t: back to the map",
}

ERA = {1: "I", 2: "II", 3: "III"}


def legend_lines(width: int) -> list[str]:
    """The map legend (:data:`T.LEGEND`) wrapped to ``width`` columns, never inside an item
    (an item wider than ``width`` is cut)."""
    lines: list[str] = []
    for item in T.LEGEND.split(" · "):
        if lines and len(lines[-1]) + 3 + len(item) <= width:
            lines[-1] += " · " + item
        else:
            lines.append(item[:width])
    return lines


def _plain(texts: list[str]) -> list[Line]:
    """Panel lines from strings, the first (the hex's name) bold."""
    return [[Seg(t, ("label",) if i == 0 else ())] for i, t in enumerate(texts)]


def _side_by_side(left: list[Line], right: list[Line], width: int) -> list[Line]:
    """``left`` lines padded to ``width`` columns, two spaces, then ``right``'s lines."""
    out: list[Line] = []
    for i in range(max(len(left), len(right))):
        line = list(left[i]) if i < len(left) else []
        pad = width - width_of(line)
        if i < len(right):
            line += [Seg(" " * max(pad, 0) + "  "), *right[i]]
        out.append(line)
    return out


class BiLayout(SegLayout):
    """Lines of the board for one view (see the module docstring).

    Args (beyond :class:`SegLayout`'s): ``hex`` the selected hex, ``top`` the first map cell
    row shown, ``rows`` how many map rows fit, ``pane`` one of :data:`PAGES`, ``fresh``
    the hexes the other seats' last turn changed, ``height`` the rows the page may fill (0:
    no limit).
    """

    def __init__(
        self,
        view: dict[str, Any],
        targets: set[str],
        cursor: str | None,
        width: int,
        hex_: Hex | None,
        top: int,
        rows: int,
        pane: str = "map",
        fresh: frozenset[str] = frozenset(),
        height: int = 0,
    ) -> None:
        super().__init__(view, targets, cursor, width)
        self.hex = hex_
        self.top = top
        self.rows = rows
        self.pane = pane
        s = view.get("seat")
        self.viewer = s if isinstance(s, int) else None
        self.drawer = MapDrawer(view, targets, hex_, fresh)
        self.height = height

    # ------------------------------------------------------------------ pieces

    def header(self) -> Line:
        """``Brazil: Imperial · Era I, round 3 · ◆ Ann to play``."""
        v = self.view
        segs = [Seg(f"Era {ERA.get(v.get('era'), '?')}, round {v.get('round', '?')}", ("label",))]
        if v.get("dutch") and v.get("phase") == "play":  # solo: the turn limit (BI-18.6)
            turn = (v.get("turns") or [0])[0] + 1
            last = " (the last)" if turn >= SOLO.turn_limit else ""
            segs.append(Seg(f" · turn {turn} of {SOLO.turn_limit}{last}", ("label",)))
        act = v.get("active")
        if v.get("phase") == "setup":
            segs.append(Seg(" · set-up", ("muted",)))
        elif v.get("phase") == "over":
            segs.append(Seg(" · game over", ("active",)))
        elif isinstance(act, int):
            you = " (you)" if act == self.viewer else ""
            segs += [Seg(" · "), Seg(f"{T.who(v, act)} to play{you}", ("active",))]
        if v.get("end"):
            segs.append(Seg(" · last round", ("active",)))
        return segs

    def hex_panel(self, width: int) -> list[str]:
        """The selected hex's facts, then the choices that point at it."""
        if self.hex is None:
            return ["No hex selected"]
        key = key_of(self.hex)
        hm = MAPS[str(self.view.get("map") or "1")]
        terrain = hm.terrain.get(self.hex, "plains")
        lines = T.hex_lines(self.view, key, terrain, hm.is_edge(self.hex))
        prompt = self.view.get("prompt") or {}
        picks = [c["label"] for c in prompt.get("choices") or [] if c.get("target") == f"h:{key}"]
        for p in picks:  # "p" picks it (the label when it says more than the coordinates)
            lines.append("▸ p picks this hex" if p == f"({key})" else f"▸ p: {p}")
        out: list[str] = []
        for line in lines:
            out += textwrap.wrap(line, width, subsequent_indent="  ") or [""]
        return out

    def map_block(self) -> list[Line]:
        """The map viewport with the hex panel beside (or under) it; where the map is larger
        than the viewport, the overview (:mod:`brazil_imperial_overview`) beside the hex text,
        or under it when there is room."""
        cells = self.drawer.cells
        panel_w = self.width - cells.width - 2
        beside = panel_w >= PANEL_MIN
        map_w = cells.width if beside or self.width >= cells.width else self.width
        left = 0
        if map_w < cells.width and self.hex is not None:
            cx = cells.rect(self.hex).x
            left = min(max(cx - map_w // 2, 0), cells.width - map_w)
        rows = self.drawer.lines(self.top, self.rows, left, map_w)
        shown = f"rows {self.top // 2 + 1}-{(self.top + len(rows) + 1) // 2} of {cells.height // 2}"
        scroll = cells.height > self.rows or map_w < cells.width
        ov = Overview(self.view, self.top, len(rows), left, map_w, self.hex).lines()
        ov_w = overview_width(cells)
        if not beside:
            out = list(rows)
            if scroll:
                out.append([Seg(f"map {shown} (the view follows the cursor)", ("muted",))])
            text = self.hex_panel(self.width - ov_w - 2 if scroll else self.width)
            if scroll and self.width - ov_w - 2 >= TEXT_MIN:  # under the map: room below
                out += _side_by_side([[Seg(t)] for t in text], ov, self.width - ov_w - 2)
            else:
                out += [[Seg(t)] for t in self.hex_panel(self.width)]
            out += [[Seg(t, ("muted",))] for t in legend_lines(self.width)]
            return out
        fits = len(ov) <= len(rows) + 2
        if scroll and fits and panel_w - ov_w - 2 >= TEXT_MIN:  # the overview right of the text
            text_w = min(panel_w - ov_w - 2, TEXT_MAX)
            panel = _side_by_side(_plain(self.hex_panel(text_w)), ov, text_w)
        else:
            panel = _plain(self.hex_panel(panel_w))
            if scroll and len(panel) + 1 + len(ov) <= len(rows):
                panel += [[], *ov]
            elif scroll:
                panel += [[], [Seg(f"map {shown}")]]
        legend = legend_lines(panel_w)
        under: list[Line] = []
        if len(panel) + 1 + len(legend) <= len(rows):  # beside the map where it fits
            panel += [[], *([Seg(t)] for t in legend)]
        else:  # else under it
            under = [[Seg(t, ("muted",))] for t in legend_lines(self.width)]
        out = []
        for i in range(max(len(rows), len(panel))):
            line = list(rows[i]) if i < len(rows) else [Seg(" " * map_w)]
            pad = map_w - width_of(line)
            if pad > 0:
                line.append(Seg(" " * pad))
            if i < len(panel):
                line += [Seg("  "), *panel[i]]
            out.append(line)
        return out + under

    def chip(self, text: str, target: str | None, styles: tuple[str, ...] = ()) -> list[Seg]:
        """A clickable chip: ``▸`` and highlighted when a choice points at it."""
        sel = target is not None and target in self.targets
        mark, st = self.marks(sel, target is not None and target == self.cursor, styles, "")
        return [Seg(f"{mark}{text}", st, target)]

    def player(self, s: int) -> list[Line]:
        """Seat ``s``'s board: all of it for the viewer, the public parts for the others."""
        v = self.view
        mine = s == self.viewer
        out: list[Line] = []
        mon = (v.get("monarch") or [None] * 4)[s]
        mon_name = (
            C.MONARCHS.get(mon, {}).get("name", "no monarch yet") if mon else "no monarch yet"
        )
        head = [Seg(T.who(v, s), ("you",) if mine else ("label",)), Seg(f" · {mon_name}", ())]
        vp = (v.get("vp_estimate") or [])[s : s + 1]
        if vp:
            head.append(Seg(f" · {vp[0]} VP so far", ("label",)))
        out.append(self.rule(head))
        token = (v.get("token") or [None] * 4)[s]
        under = (v.get("under") or [{}] * 4)[s] or {}
        products = (v.get("products") or [{}] * 4)[s] or {}
        arches: list[list[Seg]] = []
        for a in C.ARCH_NAMES:
            up = [p for p, where in products.items() if where == f"a:{a}"]
            bits = C.ARCH_NAMES[a]
            if up:
                bits += "+" + "+".join(C.PRODUCTS[p]["name"] for p in up)
            if under.get(a):
                bits += " era " + ",".join(ERA.get(e, str(e)) for e in under[a])
            if token == a:
                bits = "●" + bits
            arches.append(self.chip(bits, f"a:{a}"))
        out += self.flow([Seg("Arches:", ("label",))], arches, 2)
        supply = (v.get("supply") or [{}] * 4)[s] or {}
        limit = 7 if "P13" in (v.get("paintings") or [[]] * 4)[s] else SUPPLY_LIMIT  # BI-5.1
        goods: dict[str, int] = {}
        for t in (v.get("tiles") or {}).values():
            if t.get("owner") == s:
                for k, n in (t.get("goods") or {}).items():
                    goods[k] = goods.get(k, 0) + n
        facts = [[Seg(f"{T.items_text(supply)} ({sum(supply.values())}/{limit})")]]
        if goods:
            facts.append(
                [
                    Seg(
                        f"on your tiles: {T.items_text(goods)}"
                        if mine
                        else f"on tiles: {T.items_text(goods)}"
                    )
                ]
            )
        out += self.flow([Seg("Supply:", ("label",))], facts, 2, sep=" · ")
        units = (v.get("units") or [[]] * 4)[s]
        chips = []
        waiting = [u for u in units if u.get("loc") == "slot"]
        if not mine and waiting:  # the others' undeployed units: one count
            units = [u for u in units if u.get("loc") != "slot"]
        for u in units:
            where = u.get("loc")
            place = (
                f"at ({where})"
                if "," in str(where)
                else ("not deployed" if where == "slot" else f"in {where}")
            )
            chips.append(self.chip(f"{T.unit_name(u)} {place}", f"u:{s}.{u.get('slot')}"))
        if not mine and waiting:
            chips.append([Seg(f"{len(waiting)} not deployed")])
        out += self.flow([Seg("Units:", ("label",))], chips, 2)
        left = [C.PRODUCTS[p]["name"] for p, w in products.items() if w == "board"]
        if left:
            out += self.flow([Seg("Products to make:", ("label",))], [[Seg(", ".join(left))]], 2)
        pics = (v.get("paintings") or [[]] * 4)[s]
        if pics:
            items = [self.chip(C.PAINTINGS[p]["name"], f"p:{p}") for p in pics if p in C.PAINTINGS]
            out += self.flow([Seg("Paintings:", ("label",))], items, 2)
        revealed = (v.get("revealed") or [[]] * 4)[s]
        if mine:
            kept = v.get("my_missions") or {}
            items = []
            for era in sorted(kept):
                mid = kept[era]
                done = "✓ " if mid in revealed else ""
                text = textwrap.shorten(done + T.mission_text(mid), self.width - 4, placeholder="…")
                items.append(self.chip(text, f"m:{mid}"))
            if items:
                out += self.flow([Seg("Missions:", ("label",))], items, 2)
            dealt = v.get("my_dealt") or {}
            offered = [
                self.chip(
                    textwrap.shorten(T.mission_text(m), self.width - 4, placeholder="…"), f"c:{m}"
                )
                for era in sorted(dealt)
                for m in dealt[era]
            ]
            if offered:
                out += self.flow([Seg("Dealt missions:", ("label",))], offered, 2)
            hand = [self.chip(C.GOLD_CARDS[g]["name"], f"g:{g}") for g in v.get("my_gold") or []]
            hand += [
                self.chip(C.BATTLE_CARDS[b]["name"], f"b:{b}") for b in v.get("my_battle") or []
            ]
            if hand:
                out += self.flow([Seg("Hand:", ("label",))], hand, 2)
        else:
            gold = (v.get("gold_count") or [0] * 4)[s]
            battle = (v.get("battle_count") or [0] * 4)[s]
            miss = (v.get("mission_counts") or [0] * 4)[s]
            facts = [[Seg(f"{gold} gold, {battle} battle cards")], [Seg(f"{miss} missions hidden")]]
            facts += [
                self.chip("done " + T.mission_text(m)[: self.width - 8], f"m:{m}") for m in revealed
            ]
            out += self.flow([Seg(" ")], facts, 2, sep=" · ", lead="")
        return out

    def dutch(self) -> list[Line]:
        """The solo Dutch panel (BI-18): the capital and its garrison, then your three goals
        (BI-18.6) each marked done ✓ or not yet ✗, and the turn out of the limit (BI-18.6)."""
        d = self.view.get("dutch")
        if not d:
            return []
        goals = list(self.view.get("solo_goals") or [])
        names = (
            "reveal your era I and era II missions",
            "all 5 of your units on the map at once",
            "capture the Dutch capital (win there, keep a unit on it)",
        )
        g = [[Seg(f"{'✓' if ok else '✗'} {n}")] for n, ok in zip(names, goals, strict=False)]
        garrison = d.get("garrison") or []
        strength = (
            f"garrison {' + '.join(map(str, garrison))} = {sum(garrison)}"
            if garrison
            else "no garrison"
        )
        turns = (self.view.get("turns") or [0])[0]
        tile, limit = SOLO.dutch_tile_strength, SOLO.turn_limit
        facts = [
            [Seg(f"capital ({d.get('hex')})")],
            [Seg(strength)],
            [Seg(f"+{tile} while they hold it")],
            [Seg("+1 battle card flipped in a combat")],
            [Seg(f"your turn {turns + 1} of {limit}" if self.view.get("phase") == "play" else "")],
        ]
        return [
            self.rule([Seg("Dutch (solo)", ("label",))]),
            *self.flow([Seg(" ")], [f for f in facts if f[0].text], 2, sep=" · ", lead=""),
            *self.flow([Seg("Your goals:", ("label",))], g, 2, sep=" · ", lead=""),
        ]

    def market(self) -> list[Line]:
        """The paintings for sale (BI-7.2) and the city stacks' top tiles (BI-3.7)."""
        v = self.view
        out: list[Line] = []
        pics = []
        for pid in v.get("display") or []:
            if pid and pid in C.PAINTINGS:
                r = C.PAINTINGS[pid]
                pics.append(self.chip(f"{r['name']} ({T.cost_text(r['cost'])})", f"c:{pid}"))
        if pics:
            out += self.flow([Seg("For sale:", ("label",))], pics, 2)
        tops = []
        for i, stack in enumerate(v.get("city_stacks") or []):
            if stack:
                c = C.CITIES.get(stack[0], {})
                tops.append(
                    self.chip(
                        f"{c.get('name', stack[0])} ({T.cost_text(c.get('cost', {}))})",
                        f"city:{i + 1}",
                    )
                )
        if tops:
            out += self.flow([Seg("Cities:", ("label",))], tops, 2)
        return out

    def combat(self) -> list[Line]:
        """The combat being fought: both sides' strength so far and the battle cards placed
        (yours face up, the other side's as a count; BI-12, :mod:`brazil_imperial_combat`)."""
        out: list[Line] = []
        for i, text in enumerate(pending_lines(self.view)):
            for j, part in enumerate(textwrap.wrap(text, self.width, subsequent_indent="   ")):
                out.append([Seg(part, ("active",) if i == 0 and j == 0 else ())])
        return out

    def choice_line(self) -> list[Line]:
        """What the prompt's choices give where their labels do not say it (monarchs, palaces,
        arch upgrades, era tokens: :func:`brazil_imperial_choice.prompt_notes`), else what the
        highlighted choice does (:func:`brazil_imperial_choice.explain`) in at most two lines
        (cut with "…"; the inspector ``i`` has it all)."""
        notes = prompt_notes(self.view)
        if notes:
            out: list[Line] = []
            for note in notes:
                out += [
                    [Seg(p, ("muted",))]
                    for p in textwrap.wrap("▸ " + note, self.width, subsequent_indent="  ")
                ]
            return out
        text = explain(self.view, self.cursor)
        if not text:
            return []
        parts = textwrap.wrap(
            "▸ " + text, self.width, subsequent_indent="  ", max_lines=2, placeholder=" …"
        )
        return [[Seg(p, ("muted",))] for p in parts]

    def dutch_news(self) -> list[Line]:
        """Solo, in the turn after turns 6, 12 and 18: the Dutch reinforcement that joined the
        garrison at the end of your last turn (BI-18.5; none while you occupy the capital)."""
        v = self.view
        d = v.get("dutch")
        if not d or v.get("phase") != "play":
            return []
        done = (v.get("turns") or [0])[0]
        here = [u for u in (v.get("units") or [[]])[0] if u.get("loc") == d.get("hex")]
        if done not in SOLO.reinforcement_turns or here:
            return []
        text = (
            f"✱ A Dutch unit (strength {SOLO.reinforcement_strength}) joined the garrison at "
            f"the end of your turn {done}: garrison {sum(d.get('garrison') or [])} now"
        )
        return [[Seg(t, ("active",))] for t in textwrap.wrap(text, self.width)]

    def above_map(self) -> list[Line]:
        """The lines between the header and the map: the Dutch reinforcement just in, the
        combat, the highlighted choice."""
        return [*self.dutch_news(), *self.combat(), *self.choice_line()]

    def lines(self) -> list[Line]:
        """Every line of the page :attr:`pane` (see :data:`PAGES`), cut to :attr:`height` rows
        (when set) with the last row saying what ``t`` shows next."""
        out: list[Line] = [self.header(), *self.above_map()]
        n = self.view.get("n") or len(self.view.get("names") or [])
        others = [s for s in range(n) if s != self.viewer]
        mine = [self.viewer] if self.viewer is not None else list(range(n))
        if self.viewer is None:
            others = []
        yours: list[Line] = [*self.dutch()]  # solo: the Dutch and your goals first
        for s in mine:
            yours += self.player(s)
        table: list[Line] = [*self.market()]  # the market first: it fits at 80x24
        for s in others:
            table += self.player(s)
        if self.pane == "you":
            out += yours
        elif self.pane == "table":
            out += table
        else:
            out += self.map_block() + yours + table
        hint = PAGE_HINT[self.pane if self.pane in PAGE_HINT else "map"]
        room = len(out) + (self.pane != "map")  # the other pages always end with their hint
        if self.height and room > self.height:
            out = [*out[: self.height - 1], [Seg(f"… {hint}", ("muted",))]]
        elif self.pane != "map":
            out.append([Seg(hint, ("muted",))])
        return out
