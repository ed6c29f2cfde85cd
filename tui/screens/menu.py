"""The main menu: Continue, New match, Load, Replay, Rules, Settings, Help, Quit."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Button, Static

from engine import journal as jr
from engine import registry
from tui.saves import SaveInfo, latest_unfinished
from tui.widgets.key_bar import KeyBar

TITLE_ART = """\
╦╔╦╗╔═╗╔═╗╦═╗╦╔═╗
║║║║╠═╝║╣ ╠╦╝║╠═╣
╩╩ ╩╩  ╚═╝╩╚═╩╩ ╩"""


class MenuScreen(Screen[None]):
    """The first screen of ``imperia``. Continue appears only when an unfinished match exists
    (on a short terminal the buttons then close up, so everything fits 24 rows)."""

    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]

    BINDINGS = [
        Binding("c", "continue", "Continue", id="menu.continue"),
        Binding("n", "new", "New match", id="menu.new"),
        Binding("l", "load", "Load", id="menu.load"),
        Binding("p", "replay", "Replay", id="menu.replay"),
        Binding("r", "rules", "Rules", id="menu.rules"),
        Binding("s", "app.settings", "Settings", id="menu.settings"),
        Binding("q", "app.quit", "Quit", id="menu.quit"),
        Binding("down,j", "app.focus_next", "Next", show=False, id="menu.down"),
        Binding("up,k", "app.focus_previous", "Previous", show=False, id="menu.up"),
    ]

    HELP_TEXT = """\
**Continue** resumes your latest unfinished match. **New match** sets up a game against bots
or other people on this terminal. **Load** lists your saves; **Replay** watches a saved match
step by step, take-backs included. **Rules** has each game's rules and card list.
**Settings**: theme (a colour-blind-safe one too), bot pace, auto-advance, rule references.
"""

    def __init__(self) -> None:
        super().__init__()
        self._latest: SaveInfo | None = None

    def compose(self) -> ComposeResult:
        games = ", ".join(g.title for g in registry.games(playable_only=True)) or "none yet"
        with Center(id="menu-box"), Vertical(id="main-menu"):
            yield Static(TITLE_ART, id="menu-title")
            yield Static("Empire games in your terminal", id="menu-subtitle")
            yield Button("Continue", id="continue", compact=True)
            yield Static("", id="continue-info", markup=False)
            yield Button("New match  (n)", id="new", compact=True, variant="primary")
            yield Button("Load       (l)", id="load", compact=True)
            yield Button("Replay     (p)", id="replay", compact=True)
            yield Button("Rules      (r)", id="rules", compact=True)
            yield Button("Settings   (s)", id="settings", compact=True)
            yield Button("Help       (?)", id="help", compact=True)
            yield Button("Quit       (q)", id="quit", compact=True)
            yield Static(f"Games: {games}", id="menu-games", markup=False)
        yield KeyBar()

    def on_mount(self) -> None:
        self.refresh_continue()

    def on_screen_resume(self) -> None:
        self.refresh_continue()

    def refresh_continue(self) -> None:
        """Look for the latest unfinished match in the save folder."""
        self._latest = latest_unfinished(jr.default_save_dir())
        button = self.query_one("#continue", Button)
        info = self.query_one("#continue-info", Static)
        button.display = info.display = self._latest is not None
        self.set_class(self._latest is not None, "-continue")
        if self._latest is not None:
            latest = self._latest
            button.label = "Continue   (c)"
            info.update(latest.summary)
            button.focus()
        else:
            self.query_one("#new", Button).focus()
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The footer lists Continue only when there is a match to continue."""
        if action == "continue":
            return self._latest is not None
        return True

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        name = event.button.id or ""
        await self.run_action(
            {"quit": "app.quit", "help": "app.help", "settings": "app.settings"}.get(name, name)
        )

    def action_continue(self) -> None:
        """Resume the latest unfinished match."""
        if self._latest is not None:
            self.app.resume(self._latest.path)

    def action_new(self) -> None:
        """Set up a new match."""
        from tui.screens.new_match import NewMatchScreen

        self.app.push_screen(NewMatchScreen())

    def action_load(self) -> None:
        """List the saves to resume one."""
        from tui.screens.load import LoadScreen

        self.app.push_screen(LoadScreen("load"))

    def action_replay(self) -> None:
        """List the saves to replay one."""
        from tui.screens.load import LoadScreen

        self.app.push_screen(LoadScreen("replay"))

    def action_rules(self) -> None:
        """Read the rules."""
        from tui.screens.rules import RulesScreen

        self.app.push_screen(RulesScreen())
