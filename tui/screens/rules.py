"""Rules: each playable game's player rules (``tui/rules/<game>.md``) and its card list.

Both are drawn with Rich's Markdown in a plain ``Static`` (fast: Textual's ``Markdown`` widget
builds a widget per block and took seconds), and the texts are read once and cached.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from rich.markdown import Markdown as RichMarkdown
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Label, Select, Static, TabbedContent, TabPane

from engine import registry
from tui.boards import board_for
from tui.settings import plain, settings_of
from tui.widgets.key_bar import KeyBar

RULES_DIR = Path(__file__).resolve().parent.parent / "rules"


@lru_cache(maxsize=8)
def rules_markdown(game_id: str, title: str) -> str:
    """The player rules of ``game_id``, or a friendly placeholder when not written yet."""
    path = RULES_DIR / f"{game_id}.md"
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return (
            f"# {title}\n\nThe player rules for {title} are not written yet. The prompt panel "
            "always lists exactly the legal choices, so you can learn by playing."
        )


@lru_cache(maxsize=8)
def card_list_markdown(game_id: str) -> str:
    """The card list from the game's board (``card_list_markdown()``), or a placeholder."""
    make = getattr(board_for(game_id), "card_list_markdown", None)
    if callable(make):
        try:
            return make()
        except Exception as err:  # a board bug must not hide the rules
            return f"The card list could not be built: {err}"
    return "This game has no card list."


class RulesScreen(Screen[None]):
    """Reads each playable game's rules; Tab switches between Rules and Cards."""

    BINDINGS = [
        Binding("escape,q", "back", "Back", id="rules.back"),
        Binding("c", "tab('cards')", "Cards", id="rules.cards"),
        Binding("r", "tab('rules')", "Rules", id="rules.rules"),
    ]

    HELP_TEXT = """\
The rules of each game, then its card list (**c**; **r** returns to the rules). Scroll with
**↑/↓**, **PgUp/PgDn** and **Home/End**.
"""

    def __init__(self, game: str | None = None) -> None:
        super().__init__()
        self._games = registry.games(playable_only=True)
        ids = [g.id for g in self._games]
        self._game = game if game in ids else (ids[0] if ids else None)

    def compose(self) -> ComposeResult:
        with Horizontal(id="rules-head"):
            yield Label("Rules", classes="screen-title", id="rules-title")
            if len(self._games) > 1:
                yield Label("Game", id="rules-game-label")
                yield Select(
                    [(g.title, g.id) for g in self._games],
                    value=self._game,
                    allow_blank=False,
                    compact=True,
                    id="rules-game",
                )
        if self._game is None:
            yield Static("No playable game is installed.")
        else:
            with TabbedContent(id="rules-tabs"):
                with TabPane("Rules", id="rules"), VerticalScroll(id="rules-scroll"):
                    yield Static("", id="rules-text")
                with TabPane("Cards", id="cards"), VerticalScroll(id="cards-scroll"):
                    yield Static("", id="cards-text")
        yield KeyBar()

    def on_mount(self) -> None:
        if self._game is not None:
            self._show(self._game)
            self.query_one("#rules-scroll").focus()

    def _show(self, game_id: str) -> None:
        self._game = game_id
        title = registry.get(game_id).title
        settings = settings_of(self.app)  # rule references only when the player asked for them
        rules = plain(rules_markdown(game_id, title), settings)
        cards = plain(card_list_markdown(game_id), settings)
        self.query_one("#rules-text", Static).update(RichMarkdown(rules))
        self.query_one("#cards-text", Static).update(RichMarkdown(cards))
        self._title()

    def _title(self) -> None:
        """The tab shown ("Rules", "Card list"); the game is named once, by the picker beside
        the title ("Game ‹ iMperium ▼ ›"), or in the title when there is no picker."""
        if self._game is None:
            return
        tabs = self.query_one("#rules-tabs", TabbedContent)
        tab = "Card list" if tabs.active == "cards" else "Rules"
        if len(self._games) <= 1:
            tab = f"{registry.get(self._game).title} — {tab}"
        self.query_one("#rules-title", Label).update(tab)

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        event.stop()
        self._title()

    def on_select_changed(self, event: Select.Changed) -> None:
        """Show the chosen game and give the keys back to its text, so ↑/↓ and PgUp/PgDn
        scroll it at once (the Select would otherwise keep them)."""
        event.stop()
        self._show(str(event.value))
        self.call_after_refresh(self._focus_text)

    def _focus_text(self) -> None:
        """Focus the scrolling text of the tab shown (rules or card list)."""
        if self._game is not None:
            tabs = self.query_one("#rules-tabs", TabbedContent)
            self.query_one(f"#{tabs.active or 'rules'}-scroll").focus()

    def action_tab(self, tab: str) -> None:
        """Show the rules or the card list."""
        if self._game is not None:
            self.query_one("#rules-tabs", TabbedContent).active = tab
            self.query_one(f"#{tab}-scroll").focus()

    def action_back(self) -> None:
        """Back to where you came from."""
        self.app.pop_screen()
