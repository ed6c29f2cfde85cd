"""The Brazil: Imperial board: the hex map with a cursor, the selected hex spelled out, your
player board and the opponents' public parts (from ``engine/games/brazil_imperial/view.py``
only; it acts only through the prompt's choices).

Keys: ←/→ move the cursor west/east, shift+←/→ north-west/north-east, ctrl+←/→
south-west/south-east; ``m`` jumps to the next hex a choice points at, ``p`` picks the choice
at the cursor hex, ``t`` puts the player boards above the map (for short terminals). A click on
a hex selects it (and picks its choice when one points at it). The map viewport scrolls to
follow the cursor. Lines come from :class:`tui.boards.brazil_imperial_layout.BiLayout`;
hexes from :mod:`tui.boards.brazil_imperial_map`.

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
from tui.boards.brazil_imperial_cards import card_list_markdown as _card_list
from tui.boards.brazil_imperial_hexes import HEX_H, Hex
from tui.boards.brazil_imperial_layout import BiLayout
from tui.boards.brazil_imperial_map import map_cells
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


class BrazilImperialBoard(SegmentBoard):
    """The Brazil: Imperial board widget (see the module docstring)."""

    DEFAULT_CSS = board_css(__file__)
    card_list_markdown = staticmethod(_card_list)  # the Rules screen's card list (c)
    HELP_TEXT = f"""\
**Reading the map.** {T.LEGEND}. The top line of a hex is its terrain and building (two
letters, `Ci` a city), the bottom line the seat mark of the units there and their letters
(`A3` three archers). The whole key is in the rules (**g**).
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
        arches fit in the choice list."""
        if self.parent is not None and self.parent.id == "board-pane":
            self.parent.add_class("-roomy-prompt")

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
        Binding("t", "pane", "Boards", tooltip="Player boards above or below the map"),
    )

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._hex: Hex | None = None
        self._top = 0
        self._pane = "map"
        self._map_key: str | None = None

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

    def _rows(self) -> int:
        """Map cell rows that fit in the board's pane (even, at least 6)."""
        pane = self.parent.size.height if self.parent is not None else 0
        rows = (pane or 24) - 2
        return max(6, rows - rows % HEX_H)

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
            self._pane = "boards" if self._pane == "map" else "map"
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

    def layout(self, view: dict[str, Any], width: int) -> list[Line]:
        """The board's lines from :class:`BiLayout` (the viewport first follows the cursor)."""
        self._follow()
        return BiLayout(
            view, self._targets, self._cursor, width, self._hex, self._top, self._rows(), self._pane
        ).lines()

    def on_click(self, event: events.Click) -> None:
        """A hex click selects it (and picks the choice there, if any); other chips as usual."""
        offset = event.get_content_offset(self)
        if offset is None:
            return
        target = self.target_at(offset.x, offset.y)
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
        if kind == "m":
            return T.mission_text(arg)
        if kind in ("g", "b", "p", "c"):
            return T.mission_text(arg) if arg.startswith("M") else T.card_text(arg)
        if kind == "a" and arg in C.ARCH_NAMES:
            return f"**{C.ARCH_NAMES[arg]}** arch"
        return None

    def inspectable(self) -> list[tuple[str, str]]:
        """The cursor hex, then your missions and cards."""
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
        return out
