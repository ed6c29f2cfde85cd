"""The Brazil: Imperial board: the hex map with a cursor, the selected hex spelled out, your
player board and the opponents' public parts (from ``engine/games/brazil_imperial/view.py``
only; it acts only through the prompt's choices).

Keys: ←/→ move the cursor west/east, shift+←/→ north-west/north-east, ctrl+←/→
south-west/south-east; ``m`` jumps to the next hex a choice points at, ``p`` picks the choice
at the cursor hex, ``t`` turns the page: the map, your board, the market and the others' boards
(each page fits its pane, so nothing scrolls out of sight). A click on
a hex selects it (and picks its choice when one points at it). The map viewport scrolls to
follow the cursor, with an overview of the whole map beside it when the map does not fit.
Hexes the other seats' last turn changed are marked ``✱``. Lines come from
:class:`tui.boards.brazil_imperial_layout.BiLayout`; hexes from
:mod:`tui.boards.brazil_imperial_map`.

Targets: ``h:q,r`` hexes, ``a:<arch>`` arches, ``u:<seat>.<slot>`` units, ``p:<id>`` paintings,
``m:<id>`` missions, ``g:<id>`` / ``b:<id>`` gold and battle cards.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual import events
from textual.binding import Binding

from engine.games.brazil_imperial import catalog as C
from engine.games.brazil_imperial.hexes import DIRECTIONS, MAPS
from engine.rules import Prompt
from tui.boards import brazil_imperial_text as T
from tui.boards import brazil_imperial_turn_line as turn_line
from tui.boards.brazil_imperial_cards import card_list_markdown as _card_list
from tui.boards.brazil_imperial_choice import arch_text, explain
from tui.boards.brazil_imperial_combat import involves
from tui.boards.brazil_imperial_combat_dialog import CombatDialog
from tui.boards.brazil_imperial_hexes import HEX_H, Hex
from tui.boards.brazil_imperial_layout import PAGES, BiLayout
from tui.boards.brazil_imperial_map import MapDrawer, key_of, map_cells
from tui.boards.segments import Line, SegmentBoard, board_css

MOVES = {"e": 0, "ne": 1, "nw": 2, "w": 3, "sw": 4, "se": 5}
"""Cursor moves -> BI-0 direction index."""


def parse_hex(target: str | None) -> Hex | None:
    """``"h:q,r"`` -> ``(q, r)``; None for anything else."""
    if not target or not target.startswith("h:"):
        return None
    q, _, r = target[2:].partition(",")
    try:
        return (int(q), int(r))
    except ValueError:
        return None


ARCH_KEYS = {f"a:{a}": str(n) for n, a in enumerate(C.ARCH_NAMES, start=1)}
"""Choice id of each arch -> its key on the action menu (BI-1.10 order)."""


class BrazilImperialBoard(SegmentBoard):
    """The Brazil: Imperial board widget (see the module docstring)."""

    DEFAULT_CSS = board_css(__file__)
    card_list_markdown = staticmethod(_card_list)  # the Rules screen's card list (c)
    HELP_TEXT = f"""\
**Reading the map.** {T.LEGEND}. The top line of a hex is its terrain and building (two
letters, `Ci` a city), the bottom line the seat mark of the units there and their letters
(`A3` three archers). `▸` a hex you can choose, `!` the combat's hex, `✱` changed by the
other players' last turn. The whole key is in the rules (**g**).
"""
    STYLE_PREFIX = "bi"
    STYLES = (
        "label",
        "muted",
        "active",
        "you",
        "rule",
        "selectable",
        "cursor",
        "plains",
        "forest",
        "goldhex",
        "lake",
        "fog",
        "capital",
        "enemy",
        "green",
        "red",
        "yellow",
        "blue",
    )

    def on_mount(self) -> None:
        """The map viewport scrolls, so the board's pane leaves the prompt more rows than other
        games' boards do (``-roomy-prompt`` in app.tcss): at 80x24 an action step's seven
        arches fit in the choice list; the pane takes no focus."""
        if self.parent is not None and self.parent.id == "board-pane":
            self.parent.add_class("-roomy-prompt")
            # each page fits the pane (BiLayout.height): the pane never needs the keys, so ↑/↓
            # stay with the choice list (a QA finding: after a reload they scrolled the pane)
            self.parent.can_focus = False

    KEYS: ClassVar[tuple[Binding, ...]] = (
        Binding("left", "hex_w", "West", show=False),
        Binding("right", "hex_e", "East", show=False),
        Binding(
            "shift+left",
            "hex_nw",
            "Move hex",
            key_display="←→⇧^",
            tooltip="←/→ west/east, shift+←/→ north-west/east, ctrl+←/→ south-west/east",
        ),
        Binding("shift+right", "hex_ne", "North-east", show=False),
        Binding("ctrl+left", "hex_sw", "South-west", show=False),
        Binding("ctrl+right", "hex_se", "South-east", show=False),
        Binding("m", "next", "Next hex", tooltip="Jump to the next hex a choice points at"),
        Binding("p", "pick", "Pick hex", tooltip="Choose what the prompt offers at the cursor"),
        Binding(
            "t",
            "pane",
            "Boards",
            tooltip="Next page: the map, your board, the market and the others' boards",
        ),
    )

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._hex: Hex | None = None
        self._top = 0
        self._pane = "map"
        self._map_key: str | None = None
        self._combat_seen: int | None = None
        self._fresh: frozenset[str] = frozenset()
        self._above = 0
        self._room = (0, 0)  # (the pane's max-height, the rows it really got; 0 unknown)

    # ------------------------------------------------------------------ cursor

    @property
    def selected(self) -> Hex | None:
        """The hex under the cursor, axial."""
        return self._hex

    def _hexes(self) -> frozenset[Hex]:
        return frozenset(MAPS[str((self._view or {}).get("map") or "1")].hexes)

    def select(self, h: Hex) -> None:
        """Put the cursor on hex ``h`` (ignored off the map) and scroll it into view."""
        if self._view is None or h not in self._hexes():
            return
        self._hex = h
        self._follow()
        self._cache = None
        self.refresh(layout=True)

    def _rows(self, above: int | None = None) -> int:
        """Map cell rows that fit in the board's pane under the header and the ``above`` lines
        between it and the map (the combat, the highlighted choice; even, at least 6)."""
        if above is None:
            above = self._above
        pane = self.parent.size.height if self.parent is not None else 0
        rows = (pane or 24) - 2 - above
        return max(6, rows - rows % HEX_H)

    def _pane_height(self) -> int:
        """The most rows the board's pane may take (its ``max-height`` resolved against its
        container; the pane is ``height: auto``, so its current height follows the board's);
        0 when unknown (no limit)."""
        pane = self.parent
        if pane is None or pane.parent is None:
            return 0
        limit = pane.styles.max_height
        if limit is None:
            return 0
        try:
            most = int(limit.resolve(pane.parent.size, self.app.size))
        except (TypeError, ValueError, ZeroDivisionError):
            return 0
        if most != self._room[0]:  # a new terminal size: measure again
            self._room = (most, 0)
        real = pane.size.height
        if real and self.size.height > real:  # the pane is squeezed below its max-height
            self._room = (most, real)
        return min(most, self._room[1] or most)

    def _follow(self) -> None:
        if self._view is None or self._hex is None:
            return
        cells = map_cells(self._view)
        rows = self._rows()
        y = cells.rect(self._hex).y
        if y < self._top:
            self._top = y
        elif y + HEX_H > self._top + rows:
            self._top = y + HEX_H - rows
        self._top = max(0, min(self._top, max(cells.height - rows, 0)))
        self._top -= self._top % HEX_H

    def home_keys(self, prompt: Prompt) -> dict[str, str]:
        """The seven arches keep the keys 1-7 in their board order (BI-1.10: Deploy, Frame,
        Build, Renovate, Manufacture, Harbor, Trade) on the action menu and the era-token
        step, turn after turn: the arch under the action token (BI-4.2) is just missing."""
        if any(c.group in ("arch", "era") and c.id in ARCH_KEYS for c in prompt.choices):
            return ARCH_KEYS
        return {}

    def last_turn_text(self, view: dict[str, Any]) -> str | None:
        """The other seats' turns since the viewer's last one, in few words (the arch taken,
        what was built, moved, fought; :func:`brazil_imperial_turn_line.summary`), so the line
        under the title fits 80 columns; None (the screen's own line) when there is none."""
        seat = view.get("seat")
        boards = view.get("board") or []
        if not isinstance(seat, int) or seat >= len(boards):
            return None
        return turn_line.summary(self.log_lines, C.SEAT_COLOURS.get(boards[seat] or ""))

    def mark_changes(self, before: dict[str, Any] | None, after: dict[str, Any] | None) -> None:
        """Besides the generic marks (:meth:`SegmentBoard.mark_changes`), keep the hexes whose
        drawing differs between ``before`` and ``after`` (the other seats' last turn, anywhere
        on the map, not only in the viewport): the map marks them ``✱``."""
        fresh: frozenset[str] = frozenset()
        if before is not None and after is not None and before.get("map") == after.get("map"):
            old, new = MapDrawer(before, set(), None), MapDrawer(after, set(), None)
            fresh = frozenset(
                key_of(h) for h in self._hexes_of(after) if old.hex_text(h) != new.hex_text(h)
            )
        if fresh != self._fresh:
            self._fresh = fresh
            self._cache = None
        super().mark_changes(before, after)

    @staticmethod
    def _hexes_of(view: dict[str, Any]) -> tuple[Hex, ...]:
        return tuple(MAPS[str(view.get("map") or "1")].hexes)

    @property
    def fresh(self) -> frozenset[str]:
        """Hex keys (``"q,r"``) the other seats' last turn changed (marked ``✱``)."""
        return self._fresh

    def board_action(self, action: str) -> None:
        """``hex_<dir>`` (``hex_nw``), ``next``, ``pick`` or ``pane`` (see :attr:`KEYS`)."""
        if self._view is None:
            return
        if action.startswith("hex_"):
            d = MOVES.get(action[4:])
            if d is not None and self._hex is not None:
                dq, dr = DIRECTIONS[d]
                self.select((self._hex[0] + dq, self._hex[1] + dr))
        elif action == "next":
            spots = sorted(
                (h for h in (parse_hex(t) for t in self._targets) if h), key=lambda h: (h[1], h[0])
            )
            if spots:
                cur = self._hex or spots[-1]
                later = [h for h in spots if (h[1], h[0]) > (cur[1], cur[0])]
                self.select((later or spots)[0])
        elif action == "pick":
            if self._hex is not None:
                target = f"h:{self._hex[0]},{self._hex[1]}"
                if target in self._targets:
                    self.post_message(self.TargetClicked(target))
        elif action == "pane":
            self._pane = PAGES[(PAGES.index(self._pane) + 1) % len(PAGES)]
            if self.parent is not None:
                self.parent.scroll_home(animate=False)
            self._cache = None
            self.refresh(layout=True)

    # ------------------------------------------------------------------ Board API

    def show(self, view: dict[str, Any], prompt: Prompt | None, cursor_target: str | None) -> None:
        """Redraw from ``view``; the cursor follows the highlighted choice when it is a hex (or a
        unit on the map)."""
        key = str(view.get("map") or "1")
        if key != self._map_key:
            self._map_key = key
            cap = view.get("capital") or [None] * 4
            seat = view.get("seat")
            start = cap[seat] if isinstance(seat, int) and seat < len(cap) else None
            hexes = MAPS[key].hexes
            self._hex = parse_hex(f"h:{start}") if start else hexes[len(hexes) // 2]
        h = parse_hex(cursor_target)
        peeked = set(view.get("my_peeks") or {}) - set((self._view or {}).get("my_peeks") or {})
        if h is None and len(peeked) == 1 and self._view is not None:
            h = parse_hex(f"h:{peeked.pop()}")  # the tile just looked at (BI-16.5)
        cb = view.get("combat")
        before = (self._view or {}).get("combat") or {}
        if h is None and cb and cb.get("hex") != before.get("hex"):
            h = parse_hex(f"h:{cb['hex']}")  # a combat begins: its hex into view
        if h is None and cursor_target and cursor_target.startswith("u:"):
            s, _, slot = cursor_target[2:].partition(".")
            units = view.get("units") or []
            if s.isdigit() and int(s) < len(units):
                for u in units[int(s)]:
                    if str(u.get("slot")) == slot and "," in str(u.get("loc")):
                        h = parse_hex(f"h:{u['loc']}")
        super().show(view, prompt, cursor_target)
        if h is not None and h in self._hexes():
            self._hex = h
        self._follow()
        self._new_combat(view)

    def _new_combat(self, view: dict[str, Any]) -> None:
        """Pop :class:`CombatDialog` for a combat the viewer fought that was resolved since the
        last view: in the match screen only (it sets :attr:`last_line_inline` False; the
        replay steps through the log instead), not for the combats before the match was
        opened, nor after an undo."""
        rec = view.get("last_combat")
        n = rec.get("n") if rec else 0
        seen, self._combat_seen = self._combat_seen, n
        if seen is None or not n or n <= seen or self.last_line_inline:
            return
        if not involves(rec, view.get("seat")) or not self.is_attached:
            return
        if self.app.screen is self.screen:
            self.app.push_screen(CombatDialog(view, rec))

    def layout(self, view: dict[str, Any], width: int) -> list[Line]:
        """The board's lines from :class:`BiLayout` (the viewport first follows the cursor)."""
        lay = BiLayout(
            view,
            self._targets,
            self._cursor,
            width,
            self._hex,
            self._top,
            self._rows(),
            self._pane,
            self._fresh,
            self._pane_height(),
        )
        self._above = len(lay.above_map()) if self._pane == "map" else 0
        self._follow()
        lay.top, lay.rows = self._top, self._rows()
        return lay.lines()

    def on_click(self, event: events.Click) -> None:
        """A hex click selects it (and picks the choice there, if any); a click on the overview
        moves the cursor there; other chips as usual."""
        offset = event.get_content_offset(self)
        if offset is None:
            return
        target = self.target_at(offset.x, offset.y)
        if target and target.startswith("o:"):  # the overview: move the viewport there
            event.stop()
            h = parse_hex("h:" + target[2:])
            if h is not None:
                self.select(h)
            return
        h = parse_hex(target)
        if h is not None:
            event.stop()
            self.select(h)
            if target in self._targets:
                self.post_message(self.TargetClicked(target))
            return
        super().on_click(event)

    def inspect(self, target: str) -> str | None:
        """Markdown for a hex, a mission, a card, a painting or an arch."""
        v = self._view
        if not v or not target:
            return None
        kind, _, arg = target.partition(":")
        h = parse_hex(target)
        if h is not None:
            hm = MAPS[str(v.get("map") or "1")]
            if h not in hm.terrain:
                return None
            return "\n\n".join(T.hex_lines(v, arg, hm.terrain[h], hm.is_edge(h)))
        if kind == "a" and arg in C.ARCH_NAMES:
            return arch_text(v, arg, full=True)
        text = explain(v, target)
        if text is not None:
            return text
        if kind in ("g", "b", "p", "c"):
            return T.mission_text(arg) if arg.startswith("M") else T.card_text(arg)
        return None

    def scores_text(self, view: dict[str, Any], scores: Any, names: Any) -> str:
        """The final score of each seat by category, one line each (BI-17.3:
        :func:`brazil_imperial_text.score_lines`); the plain totals when the view has no
        breakdown."""
        lines = T.score_lines(view, list(names))
        return "\n".join(lines) if lines else super().scores_text(view, scores, names)

    def inspectable(self) -> list[tuple[str, str]]:
        """The cursor hex, your missions and cards, the arches, every painting, the cities on
        offer and your units."""
        v = self._view
        if not v:
            return []
        out = []
        if self._hex is not None:
            out.append((f"h:{self._hex[0]},{self._hex[1]}", f"Hex ({self._hex[0]},{self._hex[1]})"))
        for mid in (v.get("my_missions") or {}).values():
            out.append((f"m:{mid}", f"Mission {mid}"))
        for g in v.get("my_gold") or []:
            out.append((f"g:{g}", C.GOLD_CARDS[g]["name"]))
        for b in v.get("my_battle") or []:
            out.append((f"b:{b}", C.BATTLE_CARDS[b]["name"]))
        out += [(f"a:{a}", f"{name} arch") for a, name in C.ARCH_NAMES.items()]
        for s, pics in enumerate(v.get("paintings") or []):
            out += [(f"p:{p}", f"{C.PAINTINGS[p]['name']} ({T.who(v, s)})") for p in pics]
        out += [
            (f"c:{p}", f"{C.PAINTINGS[p]['name']} (for sale)") for p in v.get("display") or [] if p
        ]
        for i, stack in enumerate(v.get("city_stacks") or []):
            if stack:
                out.append((f"city:{i + 1}", C.CITIES.get(stack[0], {}).get("name", stack[0])))
        seat = v.get("seat")
        if isinstance(seat, int):
            for u in (v.get("units") or [])[seat]:
                out.append((f"u:{seat}.{u['slot']}", T.unit_name(u)))
        return out
