"""The lobby of the SSH table server: open tables, seats, bots, watching, "my matches".

It renders only the ``tables`` frames the hub pushes and acts only through requests; the app
(:mod:`tui.serve.app`) routes frames here.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, DataTable, Label, Static

from tui.dialogs import Halo
from tui.session import seat_mark
from tui.widgets.cycle import Cycle
from tui.widgets.key_bar import KeyBar

if TYPE_CHECKING:
    from tui.serve.app import RemoteApp

POLICY_HELP = {
    "casual": "take back your own choices; further needs the others' consent",
    "teaching": "anything may be taken back",
    "strict": "no take-backs",
}


def seats_text(row: dict[str, Any]) -> Text:
    """``"◆ Ann (you)  ● Bot [bot]  ▲ free"``."""
    text = Text()
    for i, s in enumerate(row["seats"]):
        if i:
            text.append("  ")
        if s["kind"] == "open":
            text.append(f"{seat_mark(i)} free", style="italic")
            continue
        text.append(f"{seat_mark(i)} {s['name']}", style="bold" if s["mine"] else "")
        if s["mine"]:
            text.append(" (you)")
        elif s["kind"] != "human":
            text.append(f" [{s['kind']}]")
    return text


COLUMNS = ("Game", "Seats", "State", "Undo", "Options")
COLUMN_MAX = 60
"""The widest a lobby column gets (longer option lists are cut)."""

STATE_WORDS = {
    "open": "waiting for players",
    "playing": "playing",
    "over": "finished",
    "damaged": "cannot resume",
}


class LobbyScreen(Screen[None]):
    """Every table of the server, or only the player's own ("my matches")."""

    BINDINGS = [
        Binding("n", "new", "New table", id="lobby.new"),
        Binding("enter,j", "join", "Sit / resume", id="lobby.join"),
        Binding("f", "first_free", "Free seat", id="lobby.free"),
        Binding("b", "bot", "Add bot", id="lobby.bot"),
        Binding("w", "watch", "Watch", id="lobby.watch"),
        Binding("x", "leave", "Leave seat", id="lobby.leave"),
        Binding("m", "mine", "My matches", id="lobby.mine"),
        Binding("c", "rename", "Name", id="lobby.name"),
        Binding("q", "app.quit", "Quit", id="lobby.quit"),
    ]

    HELP_TEXT = """\
**Tables.** Each line is a table: its game, seats (free, taken, or a bot), state and undo
policy. **n** creates a table (you take its first seat). **Enter** takes a free seat, or opens
your match once it has started. **b** puts a bot in a free seat of your table (easy, normal,
hard or expert: hard and expert think 1 s and 5 s a move), **x** leaves a
table that has not started. A table starts by itself when every seat is taken. **w** watches a
match as a spectator (no hands shown). **m** shows only your matches, to resume one. **f**
takes a seat at the oldest table that has one free for you.
"""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[dict[str, Any]] = []
        self.only_mine = False
        self._hello = ""
        self._widths: list[int] = []

    @property
    def remote(self) -> RemoteApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        yield Static("Imperia tables", id="lobby-title", classes="screen-title")
        yield Static("Connecting…", id="lobby-hello", markup=False)
        table = DataTable(id="tables", cursor_type="row", zebra_stripes=True)
        yield table
        yield Static("", id="lobby-empty", markup=False)
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#tables", DataTable).focus()
        if self._hello:
            self.query_one("#lobby-hello", Static).update(self._hello)
        self.show_tables(self.rows)

    def greet(self, name: str | None) -> None:
        """Show who is playing (kept until the screen is up, if it is not yet)."""
        who = f"Welcome, {name}." if name else "Welcome."
        self._hello = f"{who} n: new table · Enter: sit or resume · w: watch · m: my matches"
        with contextlib.suppress(NoMatches):
            self.query_one("#lobby-hello", Static).update(self._hello)

    def show_tables(self, rows: list[dict[str, Any]]) -> None:
        """Redraw the list from a ``tables`` frame, keeping the cursor on the same table (kept
        until the screen is up, if it is not yet)."""
        self.rows = rows
        try:
            table = self.query_one("#tables", DataTable)
        except NoMatches:
            return
        current = self.current()
        keep = current["id"] if current else None
        shown = [r for r in rows if r["mine"] or not self.only_mine]
        lines = []
        for r in shown:
            state = STATE_WORDS.get(r["state"], r["state"])
            if r["state"] == "open":
                state = f"{state} ({r['free']} free)"
            lines.append(  # Text cells: never read as markup
                (
                    Text(r["title"]),
                    seats_text(r),
                    Text(state),
                    Text(r["policy"]),
                    Text(r["options"]),
                )
            )
        # Column widths are set from the cells here (the table's own measuring, done later on
        # idle, could leave columns as narrow as their headings when frames came in quickly).
        widths = [
            min(COLUMN_MAX, max([len(head)] + [line[i].cell_len for line in lines]))
            for i, head in enumerate(COLUMNS)
        ]
        if widths != self._widths:
            table.clear(columns=True)
            for head, width in zip(COLUMNS, widths, strict=True):
                table.add_column(head, width=width)
            self._widths = widths
        else:
            table.clear()
        for r, line in zip(shown, lines, strict=True):
            table.add_row(*line, key=r["id"])
        empty = ""
        if not shown:
            empty = (
                "You have no matches here yet."
                if self.only_mine
                else "No tables yet: n creates one."
            )
        self.query_one("#lobby-empty", Static).update(empty)
        title = "My matches" if self.only_mine else "Imperia tables"
        self.query_one("#lobby-title", Static).update(title)
        if keep is not None:
            for i, r in enumerate(shown):
                if r["id"] == keep:
                    table.move_cursor(row=i)

    def current(self) -> dict[str, Any] | None:
        """The table row under the cursor, or None."""
        table = self.query_one("#tables", DataTable)
        if not table.row_count:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return next((r for r in self.rows if r["id"] == key), None)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_join()

    def action_new(self) -> None:
        """Open the new-table dialog."""
        games = self.remote.games
        if not games:
            self.notify("No games on this server.", severity="warning")
            return

        def made(request: dict[str, Any] | None) -> None:
            if request:
                self.remote.link.send({"t": "create", **request})

        self.app.push_screen(NewTableDialog(games), made)

    def action_join(self) -> None:
        """Take a free seat, or open the match once it has started."""
        row = self.current()
        if row is None:
            return
        if row["state"] == "open":
            if row["mine"]:
                self.notify("Waiting for the other seats: b adds a bot.", timeout=3)
            else:
                self.remote.link.send({"t": "sit", "table": row["id"]})
        elif row["state"] == "damaged":
            self.notify(row["options"], severity="warning", markup=False)
        else:
            self.remote.watch(row["id"], spectate=not row["mine"])

    def action_first_free(self) -> None:
        """Sit at the oldest open table with a free seat (the hub lists those first)."""
        row = next((r for r in self.rows if r["state"] == "open" and not r["mine"]), None)
        if row is None:
            self.notify("No table has a free seat: n creates one.", timeout=3)
            return
        self.remote.link.send({"t": "sit", "table": row["id"]})

    def action_watch(self) -> None:
        """Watch the match under the cursor as a spectator."""
        row = self.current()
        if row is not None:
            self.remote.watch(row["id"], spectate=True)

    def action_bot(self) -> None:
        """Choose a bot level, then put that bot in the first free seat of the table under the
        cursor."""
        row = self.current()
        if row is None:
            return
        kinds = next((g["bots"] for g in self.remote.games if g["id"] == row["game"]), ["random"])
        kinds = [k for k in kinds if k != "bot:normal"] if "bot" in kinds else kinds

        def chosen(kind: str | None) -> None:
            if kind:
                self.remote.link.send({"t": "bot", "table": row["id"], "kind": kind})

        self.app.push_screen(BotDialog(kinds), chosen)

    def action_leave(self) -> None:
        """Leave the seat at a table that has not started."""
        row = self.current()
        if row is not None:
            self.remote.link.send({"t": "leave", "table": row["id"]})

    def action_mine(self) -> None:
        """Show only my matches, or every table again."""
        self.only_mine = not self.only_mine
        self.show_tables(self.rows)

    def action_rename(self) -> None:
        """Choose another display name."""
        self.remote.ask_name()


BOT_WORDS = {
    "bot": "Bot (normal)",
    "bot:easy": "Easy",
    "bot:hard": "Hard (searches 1 s)",
    "bot:expert": "Expert (searches 5 s)",
    "random": "Random",
}
"""How the bot dialog names each seat kind."""


class BotDialog(ModalScreen[str | None]):
    """Which bot to seat: one value to cycle (default the normal bot); Enter adds it, Escape
    cancels."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="botdialog.cancel"),
        Binding("enter", "add", "Add", id="botdialog.add", priority=True),
    ]
    AUTO_FOCUS = "#level"

    def __init__(self, kinds: list[str]) -> None:
        super().__init__()
        self.kinds = kinds

    def compose(self) -> ComposeResult:
        first = "bot" if "bot" in self.kinds else self.kinds[0]
        with Halo(), Vertical(classes="dialog"):
            yield Label("Add a bot", classes="dialog-title")
            yield Cycle([(BOT_WORDS.get(k, k), k) for k in self.kinds], first, "Level", id="level")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Add (Enter)", id="add", variant="primary", compact=True)
                yield Button("Cancel (Esc)", id="cancel", compact=True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "add":
            self.action_add()
        else:
            self.dismiss(None)

    def action_add(self) -> None:
        """Close with the chosen seat kind."""
        self.dismiss(str(self.query_one("#level", Cycle).value))

    def action_cancel(self) -> None:
        self.dismiss(None)


class NewTableDialog(ModalScreen[dict[str, Any] | None]):
    """Game, number of seats, undo policy and rule options of a new table. Enter creates it
    with the values shown (defaults first; left/right or space change the focused value, g the
    game); Escape cancels."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="newtable.cancel"),
        Binding("enter,ctrl+s", "create", "Create", id="newtable.create", priority=True),
        Binding("g", "next_game", "Next game", id="newtable.game"),
    ]
    AUTO_FOCUS = "#create"

    def __init__(self, games: list[dict[str, Any]], game: str | None = None) -> None:
        super().__init__()
        self.games = games
        self.game = next((g for g in games if g["id"] == game), games[0])

    def compose(self) -> ComposeResult:
        g = self.game
        with Halo(), Vertical(classes="dialog"):
            yield Label("New table", classes="dialog-title")
            yield Cycle([(x["title"], x["id"]) for x in self.games], g["id"], "Game (g)", id="game")
            counts = [(str(n), n) for n in range(g["min"], g["max"] + 1)]
            yield Cycle(counts, g["min"], "Players", id="seats")
            policies = [(p, p) for p in POLICY_HELP]
            yield Cycle(policies, "casual", "Undo", id="policy")
            for opt in g["options"]:
                values = [opt["default"]] + [v for v in opt["values"] if v != opt["default"]]
                yield Cycle(
                    [(str(v), v) for v in values],
                    opt["default"],
                    opt["label"],
                    classes="option",
                    name=opt["key"],
                )
            with Horizontal(classes="dialog-buttons"):
                yield Button("Create (Enter)", id="create", variant="primary", compact=True)
                yield Button("Cancel (Esc)", id="cancel", compact=True)

    async def action_next_game(self) -> None:
        """Switch to the next game (its seats and options)."""
        ids = [g["id"] for g in self.games]
        self.game = self.games[(ids.index(self.game["id"]) + 1) % len(ids)]
        await self.recompose()
        self.query_one("#create", Button).focus()

    async def on_cycle_changed(self, event: Cycle.Changed) -> None:
        if event.cycle.id == "game" and event.value != self.game["id"]:
            self.game = next(g for g in self.games if g["id"] == event.value)
            await self.recompose()
            self.query_one("#game", Cycle).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "create":
            self.action_create()
        else:
            self.dismiss(None)

    def action_create(self) -> None:
        """Close with the request for the hub."""
        options = {c.name: c.value for c in self.query(".option").results(Cycle)}
        self.dismiss(
            {
                "game": self.game["id"],
                "seats": self.query_one("#seats", Cycle).value,
                "policy": self.query_one("#policy", Cycle).value,
                "options": options,
            }
        )

    def action_cancel(self) -> None:
        self.dismiss(None)
