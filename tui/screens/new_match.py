"""New match: the game, each seat (name; human or a bot kind), rule options, undo policy, seed."""

from __future__ import annotations

import textwrap
from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Label, Static

from engine import journal as jr
from engine import registry
from engine.ai.levels import NAMES, level_of
from engine.rules import RuleOption, Rules, SeatConfig
from engine.seat_names import NAME_LENGTH, clean_name, unique_names
from engine.session import MAX_SEED
from tui.session import seat_mark
from tui.settings import plain, settings_of
from tui.widgets.cycle import Cycle
from tui.widgets.inputs import TextInput
from tui.widgets.key_bar import KeyBar

POLICY_HELP = {
    "teaching": "Anything may be taken back; the log shows every take-back.",
    "casual": "Take back your own choices until a roll, a draw or the other side's turn.",
    "strict": "No take-backs.",
}


def default_names(kinds: list[str]) -> list[str]:
    """Default seat names for these kinds: ``"Player"``, ``"Bot"``, ``"Random"`` for a kind in
    one seat; numbered among the seats of that kind when it repeats (``"Player 1"``,
    ``"Player 2"`` for hotseat; ``"Bot 1"``, ``"Bot 2"``, ``"Bot 3"``)."""
    names = []
    for i, kind in enumerate(kinds):
        base = kind_name(kind)
        names.append(base if kinds.count(kind) == 1 else f"{base} {kinds[:i].count(kind) + 1}")
    return names


def kind_name(kind: str) -> str:
    """``"Player"`` for a human, the level's name for a bot level (``"Hard bot"``,
    engine/ai/levels.py), else the bot kind capitalised (``"Bot"``, ``"Random"``)."""
    if kind == "human":
        return "Player"
    level = level_of(kind)
    return NAMES[level] if level else kind.capitalize()


_KIND_ORDER = ("human", "random", "bot:easy", "bot", "bot:hard", "bot:expert")
_KIND_LABELS = {
    "human": "Human",
    "random": "Random",
    "bot:easy": "Bot (easy)",
    "bot": "Bot (normal)",
    "bot:hard": "Bot (hard)",
    "bot:expert": "Bot (expert)",
}


def seat_kinds_in_order(bot_kinds: list[str]) -> list[str]:
    """The kinds a seat can take, in the order the form cycles through them: human, random,
    then the bot levels from weakest to strongest (easy, normal = the plain ``"bot"``, hard,
    expert; engine/ai/levels.py), then any other bot kind the game has. ``bot:normal`` is left
    out when the plain ``"bot"`` (the same level) is there."""
    kinds = ["human", *bot_kinds]
    if "bot" in kinds and "bot:normal" in kinds:
        kinds.remove("bot:normal")
    known = [k for k in _KIND_ORDER if k in kinds]
    return known + [k for k in kinds if k not in _KIND_ORDER]


def kind_label(kind: str) -> str:
    """What the seat's kind picker shows: ``"Human"``, ``"Random"``, ``"Bot (normal)"`` for
    the plain ``"bot"``, ``"Bot (hard)"`` for ``"bot:hard"``; another kind capitalised."""
    if kind in _KIND_LABELS:
        return _KIND_LABELS[kind]
    level = level_of(kind)
    return f"Bot ({level})" if level else kind.capitalize()


def default_seat_count(game: Rules) -> int:
    """The seat count the New match form starts with: two (you against one bot) when the game
    allows it, as the README's "keep the defaults (you against bots)" promises, even for a game
    whose fewest seats is one (a solo mode, e.g. Brazil: Imperial 1-4); else the fewest."""
    return 2 if game.min_seats <= 2 <= game.max_seats else game.min_seats


def fresh_default(kinds: list[str], seat: int, taken: set[str]) -> str:
    """The default name of ``seat`` (see :func:`default_names`), or the kind's first free
    number when another seat already has that name."""
    name = default_names(kinds)[seat]
    n = 1
    while name in taken:
        name = f"{kind_name(kinds[seat])} {n}"
        n += 1
    return name


def wrap_label(label: str, width: int = Cycle.LABEL_WIDTH - 2) -> str:
    """A form label wrapped at spaces to the label column (never cut mid-word), the lines after
    the first indented to line up under the ``▶ `` focus mark."""
    return "\n  ".join(textwrap.wrap(label, width, break_long_words=False)) or label


class SeatName(TextInput):
    """A seat's name box. It is outside the ↑/↓/Tab order, so moving through the form never
    lands in it: Enter on the seat's kind (or a click on the name) edits it; Enter, Escape, ↑ or
    ↓ end the edit and the focus goes back to the seat's kind."""

    can_focus = False

    BINDINGS = [Binding("escape", "done", "Done", show=False, id="new.name_done")]

    def edit(self) -> None:
        """Start editing the name (it is selected: typing replaces it, an arrow keeps it)."""
        self.can_focus = True
        self.focus()

    def action_done(self) -> None:
        """Stop editing: back to the seat's kind."""
        kind = self.parent.query_one(SeatKind) if self.parent is not None else None
        if kind is not None:
            kind.focus()

    def on_blur(self) -> None:
        self.can_focus = False

    def on_click(self, event: events.Click) -> None:
        if not self.has_focus:
            self.edit()


class SeatKind(Cycle):
    """A seat's kind (human or a bot kind): ←/→ or space change it, Enter edits the name."""

    BINDINGS = [Binding("enter", "edit_name", "Edit name", id="new.edit_name")]

    def action_edit_name(self) -> None:
        """Edit the seat's name (the name box beside this kind)."""
        if self.parent is not None:
            self.parent.query_one(SeatName).edit()


class NewMatchScreen(Screen[None]):
    """Set up and start a match. Start creates it autosaving in the save folder."""

    BINDINGS = [
        Binding("ctrl+s", "start", "Start", id="new.start"),
        Binding("s", "start", "Start", show=False, id="new.start_s"),  # not while typing a name
        Binding("escape", "back", "Back", id="new.back"),
        # Priority: the scrolling form would otherwise take ↑/↓ to scroll itself.
        Binding("down", "app.focus_next", "Next field", show=False, priority=True, id="new.down"),
        Binding(
            "up", "app.focus_previous", "Previous field", show=False, priority=True, id="new.up"
        ),
    ]

    HELP_TEXT = """\
Choose the game, then who sits in each seat: a **human** (you, or friends taking turns at this
terminal) or a **bot**. Rule options start at the game's usual settings; each has a one-line
explanation. The **undo policy** decides how much may be taken back. The **seed** fixes every
shuffle and die: the same seed and the same choices replay the same match.
**↑/↓** or **Tab** move between fields (the focused one is marked **▶**); **←/→** or a click
change a ‹ value ›. On a seat, **Enter** edits its name (**Enter** or **Esc** when done).
Changing a seat's kind renames that seat only while it still has its default name. Only **s**
(**Ctrl+S** while typing a name) or the **Start** button starts the match.
"""

    def __init__(self, game: str | None = None) -> None:
        super().__init__()
        games = registry.games(playable_only=True)
        self._games = {g.id: g for g in games}
        self._game: Rules | None = self._games.get(game or "") or (games[0] if games else None)
        self._auto: dict[int, str] = {}  # seat -> the default name it was given (not typed)
        self._builds = 0  # counts game switches: a stale build stops mounting

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Static("New match", id="new-title", classes="screen-title")
        yield Static(
            "↑↓ move · ←/→ change a ‹ value › · Enter on a seat: its name · ctrl+s start",
            id="new-hint",
            markup=False,
        )
        with VerticalScroll(id="new-form", can_focus=False):
            if self._game is None:
                yield Static("No playable game is installed.", id="new-none")
            else:
                yield Cycle(
                    [(g.title, g.id) for g in self._games.values()],
                    value=self._game.id,
                    label="Game",
                    help=self._seat_range(self._game),
                    id="game",
                )
                yield Vertical(id="seats")
                yield Cycle(
                    [(p, p) for p in POLICY_HELP],
                    value="casual",
                    label="Undo policy",
                    help=POLICY_HELP["casual"],
                    id="policy",
                )
                with Horizontal(classes="form-row"):
                    yield Label("  Seed", classes="form-label")
                    yield TextInput(str(self.app.new_seed()), type="integer", id="seed")
                    yield Static("same seed, same shuffles", classes="form-help")
                yield Static("Rule options", classes="form-heading")
                yield Vertical(id="options")
        yield Static("", id="new-error", markup=False)
        with Horizontal(id="new-buttons"):
            yield Button("Start (ctrl+s)", id="start", variant="primary", compact=True)
            yield Button("Back (esc)", id="back", compact=True)
        yield KeyBar()

    async def on_mount(self) -> None:
        if self._game is not None:
            await self._build_game(self._game)
            self.query_one("#game", Cycle).focus()  # the first thing to choose
        else:
            self.query_one("#back", Button).focus()

    async def _build_game(self, game: Rules) -> None:
        """Show ``game``'s seats and options. The previous game's rows are hidden at once and
        the new ones mounted in one go; a newer pick while this one is mounting wins."""
        self._game = game
        self._builds += 1
        build = self._builds
        lo, hi = game.min_seats, game.max_seats
        self.query_one("#game", Cycle).set_help(self._seat_range(game))
        seats = self.query_one("#seats", Vertical)
        options = self.query_one("#options", Vertical)
        seats.display = options.display = False  # never the old game's rows under the new name
        rows: list[Any] = [r for opt in game.options for r in self._option_row(opt)]
        await seats.remove_children()
        await options.remove_children()
        if build != self._builds:
            return  # another game was picked meanwhile
        count = default_seat_count(game)
        if lo != hi:
            await seats.mount(
                Cycle(
                    [(str(n), n) for n in range(lo, hi + 1)],
                    value=count,
                    label="Players",
                    id="seat-count",
                )
            )
        await self._build_seats(count)
        if build != self._builds:
            return
        await options.mount_all(rows)
        seats.display = options.display = True

    @staticmethod
    def _seat_range(game: Rules) -> str:
        lo, hi = game.min_seats, game.max_seats
        return f"{lo} players" if lo == hi else f"{lo}-{hi} players"

    async def _build_seats(self, n: int) -> None:
        assert self._game is not None
        for row in self.query(".seat-row"):
            await row.remove()
        kinds = seat_kinds_in_order(registry.bot_kinds(self._game.id))
        bot = "bot" if "bot" in kinds else kinds[1]
        seat_kinds = ["human" if i == 0 else bot for i in range(n)]
        names = default_names(seat_kinds)
        self._auto = dict(enumerate(names))
        rows = []
        for i, kind in enumerate(seat_kinds):
            rows.append(
                Horizontal(
                    Label(f"  Seat {i + 1} {seat_mark(i)}", classes="form-label"),
                    SeatName(names[i], id=f"name-{i}", classes="seat-name", max_length=NAME_LENGTH),
                    SeatKind(
                        [(kind_label(k), k) for k in kinds],
                        value=kind,
                        id=f"kind-{i}",
                        classes="seat-kind",
                    ),
                    classes="form-row seat-row",
                )
            )
        await self.query_one("#seats", Vertical).mount(*rows)

    def _option_row(self, opt: RuleOption) -> list[Any]:
        settings = settings_of(self.app)  # rule references only when the player asked
        help_text = plain(opt.help, settings)
        if opt.rule and settings.show_rule_refs:
            help_text += f" ({opt.rule})"
        if opt.kind != "int":
            values = [(str(v), str(v)) for v in opt.values]
            label = wrap_label(opt.label)
            return [Cycle(values, str(opt.default), label, help_text, id=f"opt-{opt.key}")]
        field = TextInput(
            str(opt.default),
            type="text" if opt.values else "integer",
            id=f"opt-{opt.key}",
            classes="opt-int",
        )
        return [
            Horizontal(
                Label(f"  {wrap_label(opt.label)}", classes="form-label"), field, classes="form-row"
            ),
            Static(help_text, classes="form-help indent", markup=False),
        ]

    # ------------------------------------------------------------ changes
    async def on_cycle_changed(self, event: Cycle.Changed) -> None:
        sid = event.cycle.id or ""
        if sid == "game" and self._game and event.value != self._game.id:
            await self._build_game(self._games[str(event.value)])
        elif sid == "seat-count":
            await self._build_seats(int(event.value))  # type: ignore[arg-type]
        elif sid == "policy":
            event.cycle.set_help(POLICY_HELP[str(event.value)])
        elif sid.startswith("kind-"):
            self._rename_default(int(sid.removeprefix("kind-")))

    def _rename_default(self, seat: int) -> None:
        """After ``seat``'s kind changed, give it the new kind's default name if it still has
        the default name it was given (a typed name is never replaced; other seats keep
        theirs)."""
        rows = list(self.query(".seat-row"))
        kinds = [str(row.query_one(Cycle).value) for row in rows]
        fields = [row.query_one(TextInput) for row in rows]
        field = fields[seat]
        if field.value == self._auto.get(seat) or not field.value.strip():
            taken = {f.value for i, f in enumerate(fields) if i != seat}
            field.value = self._auto[seat] = fresh_default(kinds, seat, taken)

    def on_descendant_focus(self, event) -> None:
        self._mark_focus()

    def on_descendant_blur(self, event) -> None:
        self.call_after_refresh(self._mark_focus)

    def _mark_focus(self) -> None:
        """``▶`` before the label of the row holding the focused input (cycles mark themselves)."""
        focused = self.focused
        for row in self.query(".form-row"):
            labels = row.query(".form-label")
            if not labels:
                continue
            label = labels.first(Label)
            text = str(label.content)
            plain = text[2:] if text[:2] in ("▶ ", "  ") else text
            mark = focused is not None and focused.parent is row
            wanted = f"{'▶' if mark else ' '} {plain}"
            if wanted != text:
                label.update(wanted)

    # ------------------------------------------------------------ start
    def settings(self) -> tuple[str, list[SeatConfig], dict[str, str], int, str]:
        """``(game, seats, raw options, seed, policy)`` from the form. Raises ValueError."""
        game = self._game
        if game is None:
            raise ValueError("no game to play")
        rows = list(self.query(".seat-row"))
        kinds = [str(row.query_one(Cycle).value) for row in rows]
        defaults = default_names(kinds)
        typed = [clean_name(row.query_one(TextInput).value) for row in rows]
        names = unique_names([name or defaults[i] for i, name in enumerate(typed)])
        seats = [SeatConfig(name, kind) for name, kind in zip(names, kinds, strict=True)]
        options: dict[str, str] = {}
        for opt in game.options:
            widget = self.query_one(f"#opt-{opt.key}")
            options[opt.key] = str(getattr(widget, "value", ""))
            opt.parse(options[opt.key])  # a clear ValueError now rather than later
        raw_seed = self.query_one("#seed", TextInput).value.strip()
        digits = raw_seed[1:] if raw_seed[:1] in "+-" else raw_seed
        seed = -1
        if digits.isdecimal() and digits.isascii() and len(digits) <= 20:
            seed = int(raw_seed)
        if not 0 <= seed <= MAX_SEED:
            raise ValueError(f"the seed must be a whole number from 0 to {MAX_SEED}")
        policy = str(self.query_one("#policy", Cycle).value)
        return game.id, seats, options, seed, policy

    def action_start(self) -> None:
        """Create the match and open it (a seat name given twice is numbered: "Ann 2")."""
        error = self.query_one("#new-error", Static)
        try:
            game, seats, options, seed, policy = self.settings()
            rows = list(self.query(".seat-row"))
            typed = [clean_name(row.query_one(TextInput).value) for row in rows]
            renamed = [
                f"{t} → {s.name}" for t, s in zip(typed, seats, strict=True) if t and t != s.name
            ]
            self.app.start_match(game, seats, options, seed, policy)
            if renamed:
                self.app.notify(
                    "Two seats had the same name: " + ", ".join(renamed) + ".",
                    title="Names",
                    severity="warning",
                )
        except (ValueError, KeyError, OSError, jr.JournalError) as err:
            msg = err.args[0] if isinstance(err, KeyError) and err.args else str(err)
            msg = plain(str(msg), settings_of(self.app))
            error.update(f"Cannot start: {msg}")
            self.notify(str(msg), title="Cannot start", severity="error")

    def action_back(self) -> None:
        """Back to the menu."""
        self.app.pop_screen()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_back()

    def on_input_submitted(self, event: TextInput.Submitted) -> None:
        """Enter in a text field never starts the match: a name ends its edit, the seed or a
        number option moves on to the next field."""
        event.stop()
        if isinstance(event.input, SeatName):
            event.input.action_done()
        else:
            self.focus_next()
