"""Settings: theme, auto-advance of forced steps, bot pace, rule references.

Each change is in force at once (the theme shows as you pick it) and saved straight away in
the user's config folder (:mod:`tui.settings`); a folder that cannot be written says so in one
line and the change still holds for this session.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from tui.settings import BOT_DELAYS, COLOUR_SAFE_THEME, THEMES, Settings, save, settings_path
from tui.widgets.cycle import Cycle
from tui.widgets.key_bar import KeyBar

THEME_NAMES = {
    "textual-dark": "dark",
    "textual-light": "light",
    COLOUR_SAFE_THEME: "colour-blind safe",
}
"""Plain names of the themes the Settings screen offers (others show Textual's name)."""

ON_OFF = [("on", True), ("off", False)]


def pace_label(delay: float) -> str:
    """ "instant" for 0, else "0.6 s" (seconds between two bot moves)."""
    return "instant" if delay == 0 else f"{delay:g} s"


def choices_with(values: list[tuple[str, object]], current: object, label: str) -> list:
    """``values`` plus ``current`` (labelled ``label``) when it is not among them (a pace set
    with +/- during a match, a theme from an older version)."""
    if current in [v for _, v in values]:
        return values
    return [*values, (label, current)]


class SettingsScreen(Screen[None]):
    """The player's settings; Escape goes back. Each change is saved at once."""

    BINDINGS = [
        Binding("escape,q", "back", "Back", id="settings.back"),
        Binding("down", "app.focus_next", "Next", show=False, priority=True, id="settings.down"),
        Binding(
            "up", "app.focus_previous", "Previous", show=False, priority=True, id="settings.up"
        ),
    ]

    HELP_TEXT = """\
**↑/↓** move between settings, **←/→** change one. Every change is saved at once in your
config folder and holds from now on. **Auto-advance**: a step with a single choice that costs
nothing and reveals nothing goes on by itself, with a one-line reason. **Bot pace**: the time
between two bot moves (**+/-** during a match change it for that session). **Rule references**:
show the rule numbers (such as "IMP-9.14") beside the plain words.
"""

    def compose(self) -> ComposeResult:
        s: Settings = self.app.settings
        themes = [(THEME_NAMES.get(t, t), t) for t in THEMES if t in self.app.available_themes]
        paces = [(pace_label(d), d) for d in BOT_DELAYS]
        yield Static("Settings", classes="screen-title")
        with VerticalScroll(id="settings-form", can_focus=False):
            yield Cycle(
                choices_with(themes, s.theme, s.theme),
                s.theme,
                "Theme",
                "the colours of every screen; colour-blind safe never puts red against green",
                id="set-theme",
            )
            yield Cycle(
                ON_OFF,
                s.auto_advance,
                "Auto-advance",
                "a step with one choice that costs nothing goes on by itself",
                id="set-auto",
            )
            yield Cycle(
                choices_with(paces, s.bot_delay, pace_label(s.bot_delay)),
                s.bot_delay,
                "Bot pace",
                "seconds between two bot moves",
                id="set-pace",
            )
            yield Cycle(
                ON_OFF,
                s.show_rule_refs,
                "Rule references",
                'show rule numbers such as "IMP-9.14" beside the plain words',
                id="set-refs",
            )
        yield Static(f"Saved in {settings_path()}", id="settings-file", markup=False)
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#set-theme", Cycle).focus()

    def on_cycle_changed(self, event: Cycle.Changed) -> None:
        event.stop()
        field = {
            "set-theme": "theme",
            "set-auto": "auto_advance",
            "set-pace": "bot_delay",
            "set-refs": "show_rule_refs",
        }.get(event.cycle.id or "")
        if field is None:
            return
        settings = self.app.settings.with_(**{field: event.value})
        self.app.apply_settings(settings)
        line = self.query_one("#settings-file", Static)
        try:
            path = save(settings)
        except OSError as err:
            line.update(f"Not saved ({err.strerror or err}): the change holds until you quit.")
        else:
            line.update(f"Saved in {path}")

    def action_back(self) -> None:
        """Back to where you came from."""
        self.app.pop_screen()
