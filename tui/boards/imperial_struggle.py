"""The Imperial Struggle board: the map one region at a time (two or four side by side when
wide), the records, the next War, and the action-round panel.

Drawn from the view of ``engine/games/imperial_struggle/README.md`` plus the static data of
``engine/games/imperial_struggle/board.py``; it never reads game state. Panes (key **p**): the
map (:mod:`tui.boards.imperial_struggle_map`, key **m** switches the region), the records
(:mod:`tui.boards.imperial_struggle_records`) and the War display
(:mod:`tui.boards.imperial_struggle_war`). A War Turn opens on the War pane, a Peace Turn on the
map. Under every pane: the engine's running summary, the prompt's space choices counted by
region, the highlighted choice's cost breakdown and a one-line summary of the last round.

Spaces the opponent changed in their last Action Round are marked ``✱``: from the view's
``round.changed`` (remembered when the next round begins) and the spaces the "Last:" line tells
of (read from the log by ``imperial_struggle_summary.last_round_spaces``, so the marks survive a
reload).
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any, ClassVar

from rich.console import Console
from rich.style import Style
from textual import events
from textual.binding import Binding

from engine.games.imperial_struggle import board as B
from engine.rules import Choice, Prompt
from tui.boards.imperial_struggle_map import LEGEND, REGION_SHORT, MapDrawer, wrap
from tui.boards.imperial_struggle_words import SIDE_NAMES, turn_words
from tui.boards.segments import Line, Seg, SegmentBoard, board_css

PANES: tuple[str, ...] = ("map", "records", "war")
"""The board's panes, in the order key **p** cycles them."""

PANE_NAMES: dict[str, str] = {"map": "Map", "records": "Records", "war": "War"}

SIDE_BY_SIDE = 110
"""From this width the map shows two regions side by side."""

WHOLE_MAP = 160
"""From this width the map shows all four regions side by side."""


def _module(name: str) -> Any:
    """A sibling board module (records, war, cards), or None while it is not installed."""
    try:
        return importlib.import_module(f"tui.boards.{name}")
    except ModuleNotFoundError as err:
        if err.name != f"tui.boards.{name}":
            raise
        return None


def rich_lines(renderable: Any, width: int, styles: dict[str, Style]) -> list[Line]:
    """A Rich renderable as board lines; each segment's Rich style is kept under a name
    ``raw:<n>`` registered in ``styles`` (see :meth:`ImperialStruggleBoard._style`)."""
    console = Console(width=width, color_system="truecolor", force_terminal=True, no_color=False)
    out: list[Line] = []
    for row in console.render_lines(renderable, console.options.update(width=width), pad=False):
        line: Line = []
        for seg in row:
            if not seg.text or seg.control:
                continue
            key = ""
            if seg.style is not None and seg.style != Style():
                key = f"raw:{hash(seg.style)}"
                styles[key] = seg.style
            line.append(Seg(seg.text, (key,) if key else ()))
        out.append(line)
    while out and not out[-1]:
        out.pop()
    return out


def war_in_progress(view: dict[str, Any]) -> bool:
    """True during a War Turn (the turn track stands on a War: IS-2.1)."""
    return view.get("turn") in B.WARS


def choice_for(prompt: Prompt | None, target: str | None) -> Choice | None:
    """The first choice of ``prompt`` pointing at ``target``, or None."""
    if prompt is None or target is None:
        return None
    return next((c for c in prompt.choices if c.target == target), None)


class ImperialStruggleBoard(SegmentBoard):
    """The Imperial Struggle board widget (see the module docstring)."""

    HELP_TEXT = f"""\
**Reading the map.** {LEGEND}. The legend also follows the map on the Map pane (scroll
down); the rules (**g**) explain every mark.
"""

    DEFAULT_CSS = board_css(__file__)
    STYLE_PREFIX = "is"
    STYLES = (
        "label",
        "muted",
        "rule",
        "region",
        "sub",
        "tab",
        "tab-on",
        "key",
        "mark",
        "kind",
        "space",
        "tags",
        "adv",
        "fr",
        "br",
        "usa",
        "spain",
        "selectable",
        "cursor",
        "chosen",
        "fresh",
        "value",
    )

    KEYS: ClassVar[tuple[Binding, ...]] = (
        Binding("m", "region", "Region", tooltip="Show the next region of the map"),
        Binding("p", "pane", "Pane", tooltip="Switch between map, records and War"),
        Binding("t", "theater", "Theater", tooltip="Show the next theater of the War"),
    )

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._pane = "map"
        self._region = 0
        self._turn: str | None = None
        self._selected: str | None = None
        self._clicked = False
        self._theater: str | None = None
        self._prompt: Prompt | None = None
        self._raw: dict[str, Style] = {}
        self._fresh: set[str] = set()
        self._round: tuple[int, int, frozenset[str]] | None = None
        self._progress: tuple[int, int] | None = None

    # ------------------------------------------------------------------ keys
    def board_action(self, action: str) -> None:
        """Run a board key's action: ``region`` (next region or pair of regions) or ``pane``
        (map → records → War) or ``theater`` (the War pane's next theater)."""
        if action == "region":
            step = self._wide_regions(self.size.width or 80)
            self._region = (self._region - self._region % step + step) % len(B.REGIONS)
            if self._pane != "map":
                self._pane = "map"
        elif action == "pane":
            self._pane = PANES[(PANES.index(self._pane) + 1) % len(PANES)]
        elif action == "theater":
            self._theater = self._next_theater()
            self._pane = "war"
        self._redraw()

    def _next_theater(self) -> str | None:
        """The War display's theater after the one shown (from the one being resolved, or
        the first), as ``render_war`` takes it; None without a War."""
        war = _module("imperial_struggle_war")
        if war is None or self._view is None:
            return None
        keys = war.theater_keys(self._view)
        if not keys:
            return None
        if self._pane != "war":  # first the one being resolved (or the first)
            now = war.current_theater(self._view)
            return now if now in keys else keys[0]
        now = self._theater or war.current_theater(self._view)
        if now not in keys:
            return keys[0]
        return keys[(keys.index(now) + 1) % len(keys)]

    @staticmethod
    def _wide_regions(width: int) -> int:
        """How many regions the map shows side by side at ``width`` columns."""
        return 4 if width >= WHOLE_MAP else 2 if width >= SIDE_BY_SIDE else 1

    def _redraw(self) -> None:
        self._cache = None
        self.clear_cached_dimensions()
        self.refresh(layout=True)

    @property
    def shown_pane(self) -> str:
        """The pane shown: ``map``, ``records`` or ``war``."""
        return self._pane

    @property
    def map_region(self) -> str:
        """The (first) region shown on the map pane."""
        return B.REGIONS[self._region]

    # ------------------------------------------------------------------ Board API
    def show(self, view: dict[str, Any], prompt: Prompt | None, cursor_target: str | None) -> None:
        """Redraw from ``view``; mark the prompt's targets and the cursor; a new turn opens on
        the War pane (War Turn) or the map (Peace Turn); the map follows the cursor's region."""
        turn = view.get("turn")
        if turn != self._turn:
            self._turn = turn
            self._pane = "war" if war_in_progress(view) else "map"
            self._theater = None
        self._track_rounds(view)
        new = prompt is not None and (self._prompt is None or prompt.text != self._prompt.text)
        if new and any(c.target in B.SPACES for c in prompt.choices):
            self._pane = "map"  # a new question about spaces: show them
        self._prompt = prompt
        if cursor_target not in B.SPACES and not self._clicked:
            self._selected = None
        if cursor_target in B.SPACES:
            self._selected, self._clicked = cursor_target, False
            region = B.REGIONS.index(B.SPACES[cursor_target]["region"])
            step = self._wide_regions(self.size.width or 80)
            if region // step != self._region // step:
                self._region = region - region % step
        super().show(view, prompt, cursor_target)

    def _track_rounds(self, view: dict[str, Any]) -> None:
        """Keep :attr:`_fresh`: the spaces the opponent's current or last Action Round changed
        (``view["round"]["changed"]``). A view from earlier in the game (an undo, a replay
        stepping back) forgets them rather than mark something wrong."""
        progress = (view.get("ti", 0), sum(view.get("rounds_done") or []))
        if self._progress is not None and progress < self._progress:
            self._round, self._fresh = None, set()
        self._progress = progress
        rd = view.get("round")
        me = view.get("side")
        if not isinstance(rd, dict) or "side" not in rd:
            return
        key = (rd["side"], rd.get("no", 0))
        changed = frozenset((rd.get("changed") or {}).keys())
        if self._round is not None and self._round[:2] != key:
            old_side, _, old_changed = self._round
            if old_side != me:
                self._fresh = set(old_changed)
            elif rd["side"] == me:
                self._fresh = set()
        if rd["side"] != me:
            self._fresh = set(changed)
        self._round = (*key, changed)

    def _marked(self, view: dict[str, Any]) -> set[str]:
        """Spaces marked ``✱``: those the opponent's round changed (:meth:`_track_rounds`)
        and those the "Last:" line tells of (``last_round_spaces`` of the log, which also
        holds after a reload)."""
        summary = _module("imperial_struggle_summary")
        told = getattr(summary, "last_round_spaces", None) if summary is not None else None
        spaces = set(told(view, list(self.log_lines))) if told is not None else set()
        return (self._fresh | spaces) & B.SPACES.keys()

    def on_click(self, event: events.Click) -> None:
        """A click on a space a choice points at picks it (:class:`Board.TargetClicked`); a
        click on another space selects it (its details appear under the map); anything else
        with a target opens the inspector through the screen."""
        event.prevent_default()  # not SegmentBoard.on_click as well
        offset = event.get_content_offset(self)
        if offset is None:
            return
        target = self.target_at(offset.x, offset.y)
        if target is None:
            return
        event.stop()
        if target.startswith("pane:"):
            self._pane = target[5:]
            self._redraw()
        elif target.startswith("region:"):
            self._region = int(target[7:])
            self._pane = "map"
            self._redraw()
        elif target in B.SPACES and target not in self._targets:
            self._selected, self._clicked = target, True
            self._redraw()
        else:
            self.post_message(self.TargetClicked(target))

    def inspect(self, target: str) -> str | None:
        """Markdown for ``target`` from :mod:`tui.boards.imperial_struggle_cards` (cards, tiles,
        spaces), or None."""
        cards = _module("imperial_struggle_cards")
        if cards is None or not target:
            return None
        return cards.inspect_text(target, self._view)

    def inspectable(self) -> list[tuple[str, str]]:
        """Everything the inspector explains on this board, in reading order."""
        cards = _module("imperial_struggle_cards")
        if cards is None or self._view is None:
            return []
        return list(cards.inspectable(self._view))

    def scores_text(self, view: dict[str, Any], scores: Sequence[Any], names: Sequence[str]) -> str:
        """The one shared VP track (IS-0.1): ``"Shared VP track: 30 (France up, Ann · Britain
        down, Bot)"`` (:func:`tui.boards.imperial_struggle_cards.scores_line`)."""
        cards = _module("imperial_struggle_cards")
        line = cards.scores_line(view, scores, names) if cards is not None else ""
        return line or super().scores_text(view, scores, names)

    def everything_view(self, views: Sequence[dict[str, Any]], spectator: dict[str, Any]) -> dict:
        """The replay's "everything" view of a finished match at any entry: the spectator's view
        with each side's Event hand, Ministry cards and War tiles as that side sees them
        (``views`` is one view per seat; ``side_seat`` maps sides to seats)."""
        try:
            own = [views[seat] for seat in spectator["side_seat"]]
            out = dict(spectator)
            out["hands"] = [own[side]["hands"][side] for side in (0, 1)]
            out["ministries"] = [own[side]["ministries"][side] for side in (0, 1)]
            war = spectator.get("war")
            if war and all(v.get("war") for v in own):
                war = dict(war)
                war["theaters"] = {
                    k: {
                        kind: [own[side]["war"]["theaters"][k][kind][side] for side in (0, 1)]
                        for kind in ("basic", "bonus")
                    }
                    for k in war["theaters"]
                }
                for key in ("basic_pool", "bonus_pool", "basic_out"):
                    war[key] = [own[side]["war"][key][side] for side in (0, 1)]
                out["war"] = war
            return out
        except (KeyError, IndexError, TypeError):  # a view from before sides were assigned
            return spectator

    @classmethod
    def card_list_markdown(cls) -> str:
        """Every card and tile in full, for the Rules screen's card list."""
        cards = _module("imperial_struggle_cards")
        return cards.card_list_markdown() if cards is not None else "No card list yet."

    # ------------------------------------------------------------------ drawing
    def _style(self, names: tuple[str, ...]) -> Style:
        raw = [self._raw[n] for n in names if n.startswith("raw:") and n in self._raw]
        own = tuple(n for n in names if not n.startswith("raw:"))
        style = super()._style(own) if own else Style()
        for r in raw:
            style += r
        return style

    def layout(self, view: dict[str, Any], width: int) -> list[Line]:
        """The tabs line, the pane shown, then the action-round panel."""
        lines: list[Line] = [self._tabs(width), *self._round_panel(view, width)]
        if self._pane == "map" and self._selected in B.SPACES:
            drawer = MapDrawer(
                view, self._targets, self._cursor, self._marked(view), self._selected
            )
            details = drawer.details(self._selected, width)
            lines += details if width >= SIDE_BY_SIDE else details[: 1 if self._short() else 2]
        if self._pane == "map":
            lines += self._map(view, width)
        elif self._pane == "records":
            lines += self._panel("imperial_struggle_records", "render_records", view, width)
        else:
            lines += self._panel(
                "imperial_struggle_war",
                "render_war",
                view,
                width,
                self._theater,
                list(self.log_lines),
            )
        return lines

    def _tabs(self, width: int) -> Line:
        """The pane and region tabs, then as much of "You: France · 3 Empire · VP 12" as fits:
        at least the side you play, the pane tabs drawn tighter when that is what it takes
        (80 columns; fresh-user QA)."""
        view = self._view or {}
        turn = view.get("turn")
        era = str(view.get("era") or "").capitalize()
        side = view.get("side")
        name = ("France", "Britain")[side] if side in (0, 1) else ""
        you = f"You: {name} · " if name else ""
        tails = [f"{you}{turn} {era} · VP {view.get('vp')}", f"{you}VP {view.get('vp')}"]
        if name:
            tails.append(f"You: {name}")
        line: Line = []
        for pad in (" ", ""):
            line = self._tab_segs(width, pad)
            used = sum(s.width for s in line)
            for tail in tails:
                if used + 2 + len(tail) <= width:
                    return [*line, Seg("  "), Seg(tail, ("value",))]
            if not name:
                break
        return line

    def _tab_segs(self, width: int, pad: str) -> Line:
        line: Line = [Seg("p", ("key",))]
        for p in PANES:
            on = p == self._pane
            line += [
                Seg(" "),
                Seg(f"{pad}{PANE_NAMES[p]}{pad}", ("tab-on",) if on else ("tab",), f"pane:{p}"),
            ]
        line += [Seg("  "), Seg("m", ("key",))]
        step = self._wide_regions(width)
        shown = {(self._region - self._region % step + k) % 4 for k in range(step)}
        for i, r in enumerate(B.REGIONS):
            on = self._pane == "map" and i in shown
            n = sum(1 for t in self._targets if t in B.SPACES and B.SPACES[t]["region"] == r)
            label = REGION_SHORT[r] + (f" ▸{n}" if n else "")
            line += [Seg(" "), Seg(label, ("tab-on",) if on else ("tab",), f"region:{i}")]
        return line

    def _map(self, view: dict[str, Any], width: int) -> list[Line]:
        drawer = MapDrawer(view, self._targets, self._cursor, self._marked(view), self._selected)
        step = self._wide_regions(width)
        first = self._region - self._region % step
        regions = [B.REGIONS[(first + k) % 4] for k in range(step)]
        if step == 1:
            lines = drawer.region(regions[0], width)
        else:
            colw = (width - (step - 1)) // step
            blocks = [drawer.region(r, colw) for r in regions]
            lines = []
            for y in range(max(len(b) for b in blocks)):
                row: Line = []
                for k, b in enumerate(blocks):
                    part = b[y] if y < len(b) else []
                    pad = colw - sum(s.width for s in part)
                    row += [*part, Seg(" " * max(pad, 0))]
                    if k < len(blocks) - 1:
                        row.append(Seg(" "))
                lines.append(row)
        lines += [[Seg(t, ("muted",))] for t in wrap(LEGEND, width)]
        return lines

    def _panel(
        self, module: str, fn: str, view: dict[str, Any], width: int, *args: Any
    ) -> list[Line]:
        mod = _module(module)
        if mod is None:
            return [[Seg(f"({PANE_NAMES[self._pane]} not available in this version)", ("muted",))]]
        if len(self._raw) > 4096:  # styles of panels no longer drawn
            self._raw.clear()
        return rich_lines(getattr(mod, fn)(view, width, *args), width, self._raw)

    def on_mount(self) -> None:
        """The map pane scrolls, so the board's pane gives the prompt more rows than other
        games' do (``-roomy-prompt`` in app.tcss): Imperial Struggle's choice lists are long."""
        if self.parent is not None and self.parent.id == "board-pane":
            self.parent.add_class("-roomy-prompt")

    def _short(self) -> bool:
        """True on a terminal under 30 rows (80x24): the board leaves out what the prompt
        panel already shows."""
        try:
            return self.app.size.height < 30
        except Exception:  # no app yet (a board drawn outside one)
            return False

    def _round_panel(self, view: dict[str, Any], width: int) -> list[Line]:
        """The engine's running summary, the space choices by region, the highlighted
        choice's cost breakdown, and the last round in one line."""
        lines: list[Line] = []
        prompt = self._prompt
        if prompt is not None and prompt.summary and width >= SIDE_BY_SIDE:
            lines.append([Seg("Round: ", ("label",)), Seg(prompt.summary, ("value",))])
        if prompt is not None:
            by_region = {r: 0 for r in B.REGIONS}
            other = 0
            for c in prompt.choices:
                if c.target in B.SPACES:
                    by_region[B.SPACES[c.target]["region"]] += 1
                else:
                    other += 1
            if width >= SIDE_BY_SIDE and any(by_region.values()):
                parts = [f"{REGION_SHORT[r]} {n}" for r, n in by_region.items() if n]
                parts += [f"other {other}"] if other else []
                lines.append([Seg("Choices by region: ", ("label",)), Seg(" · ".join(parts))])
            chosen = choice_for(prompt, self._cursor)
            # On a short terminal the prompt panel's own detail line gives the cost; the rows go
            # to the choice list instead (fresh-user QA: 2-3 choices showed at 80x24).
            if chosen is not None and chosen.detail and not self._short():
                lines.append(
                    [
                        Seg("▸ ", ("selectable",)),
                        Seg(chosen.label + ": ", ("label",)),
                        Seg(chosen.detail, ("value",)),
                    ]
                )
        if self.last_line_inline:
            text = self.last_turn_text(view, width - 6)
            if text:
                lines.append([Seg("Last: ", ("label",)), Seg(str(text), ("fresh",))])
        return lines

    @staticmethod
    def turn_label(view: dict[str, Any]) -> str | None:
        """The replay's turn list name for ``view``: ``"Turn 4 · France's Action Round 2"``
        (the Peace Turn, then the side's own Action Round 1-4 as the log and Records number
        it, IS-4.1.9), ``"Turn 4"`` between rounds, the War Turn's name (``"War Turn: ..."``)
        in a war; None without a turn."""
        turn = view.get("turn")
        if not isinstance(turn, str) or not turn:
            return None
        if not (turn.startswith("T") and turn[1:].isdigit()):
            return f"War Turn: {turn_words(turn)}"
        label = f"Turn {turn[1:]}"
        rnd = view.get("round")
        if isinstance(rnd, dict) and rnd.get("side") in (0, 1) and isinstance(rnd.get("no"), int):
            label += f" · {SIDE_NAMES[rnd['side']]}'s Action Round {rnd['no']}"
        return label

    def last_turn_text(self, view: dict[str, Any], width: int | None = None) -> str | None:
        """The opponent's last Action Round, or what happened since (a War theater, the
        Scoring Phase), in one line (``imperial_struggle_summary.last_round_line``, cut to
        ``width`` when given); None when that module is missing."""
        summary = _module("imperial_struggle_summary")
        last = getattr(summary, "last_round_line", None) if summary is not None else None
        if last is None:
            return None
        return str(last(view, list(self.log_lines), width))
