"""The Imperia app: screens, navigation between them, help, the command palette, size guard.

``run_app(mode, **kwargs)`` is what the ``imperia`` command calls (see :mod:`tui.cli`). The
menu is always the bottom screen, so ``q`` from a match or a replay returns to it.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from textual import events
from textual._dispatch_key import dispatch_key
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.command import CommandPalette
from textual.screen import Screen

from engine import journal as jr
from engine.match import ReplayMismatch
from engine.rules import SeatConfig
from engine.session import random_seed
from tui.dialogs.help import GENERAL_HELP, HelpScreen, binding_rows
from tui.dialogs.palette import SafePalette, extra_commands, palette_commands
from tui.match_session import Session
from tui.screens.match import MatchScreen
from tui.screens.menu import MenuScreen
from tui.screens.replay import ReplayScreen
from tui.screens.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen
from tui.session import MatchSession, MatchSettings
from tui.settings import Settings
from tui.settings import load as load_settings
from tui.themes import THEMES
from tui.widgets.key_bar import KeyBar
from tui.widgets.scrollbar import use_whole_cell_scrollbars

use_whole_cell_scrollbars()  # process-wide, from import on: every screen and board alike

STOP_SIGNALS = ("SIGTERM", "SIGHUP")
"""Signals that end the app cleanly (SIGINT is Textual's own ctrl+c)."""


class ImperiaApp(App[int]):
    """The terminal app.

    Args:
        session: a match to open at once (``imperia play`` / ``imperia load``).
        replay: a journal to replay at once (``imperia replay FILE``).
        warnings: load warnings to show (a torn tail dropped).
        bot_delay: seconds between bot moves (0 in tests); None: the settings' pace.
        steady: no blinking cursors or animations (tests, screenshots).
        seed_source: where new matches get their pre-filled seed.
        settings: the player's settings; None reads them from the config folder
            (:func:`tui.settings.load`). Kept current as ``self.settings``.
    """

    HAS_SETTINGS = True
    """The Settings screen is offered (not over SSH: the server's config is not the player's)."""

    SSH = False
    """True in the SSH table client (:class:`tui.serve.app.RemoteApp`): its palette lists the
    SSH entries of :data:`tui.dialogs.palette.EXTRAS`."""

    CSS_PATH = "app.tcss"
    TITLE = "Imperia"
    BINDINGS = [
        Binding("question_mark,f1", "help", "Help", id="app.help", tooltip="Keys and how-to"),
        Binding("ctrl+q", "quit", "Quit Imperia", show=False, priority=True, id="app.quit"),
    ]

    def __init__(
        self,
        session: Session | None = None,
        replay: Path | None = None,
        warnings: Sequence[str] = (),
        bot_delay: float | None = None,
        steady: bool = False,
        seed_source: Callable[[], int] = random_seed,
        settings: Settings | None = None,
    ) -> None:
        super().__init__()
        self.settings: Settings = settings if settings is not None else load_settings()
        self._initial_session = session
        self._initial_replay = replay
        self._warnings = list(warnings)
        self.bot_delay = self.settings.bot_delay if bot_delay is None else bot_delay
        self.steady = steady
        self.new_seed = seed_source
        self._started = False
        self._signals: list[int] = []
        if steady:
            self.animation_level = "none"

    def home_screen(self) -> Screen:
        """The bottom screen: the menu (the SSH table client shows its lobby instead)."""
        return MenuScreen()

    def _fatal_error(self) -> None:
        """An unexpected error ends the app (Textual's way) with one line on the terminal, not a
        traceback: the details go to the log in the state folder (``tui.errors.log_unexpected``)
        and the exit status is 2."""
        import sys

        from rich.text import Text

        from tui.errors import log_unexpected

        err = sys.exc_info()[1] or self._exception
        where = log_unexpected(err, None) if err is not None else None
        detail = f"details in {where}" if where else "no log could be written"
        text = " ".join(str(err).split())[:200]
        self.bell()
        self._return_code = 2
        self._exit_renderables.append(
            Text(f"imperia: unexpected error: {type(err).__name__}: {text} ({detail})")
        )
        self._close_messages_no_wait()

    def on_mount(self) -> None:
        for theme in THEMES:
            self.register_theme(theme)
        self.apply_theme(self.settings.theme)
        self._install_signal_handlers()
        self.push_screen(self.home_screen())
        if self._initial_session is not None:
            self.push_screen(MatchScreen(self._initial_session))
        elif self._initial_replay is not None:
            self.push_screen(ReplayScreen(self._initial_replay))
        for w in self._warnings:
            self.notify(w, title="Damaged end", severity="warning")
        self._started = True
        self._check_size(self.size.width, self.size.height)

    def apply_theme(self, name: str) -> bool:
        """Switch to theme ``name`` when the app knows it (else keep the current one).
        Returns True when it is in force."""
        if name in self.available_themes:
            self.theme = name
            return True
        return False

    def apply_settings(self, settings: Settings) -> None:
        """Put ``settings`` in force at once: theme and bot pace (the other fields are read
        where they matter, from ``self.settings``)."""
        self.settings = settings
        self.bot_delay = settings.bot_delay
        self.apply_theme(settings.theme)

    # ------------------------------------------------------------ dead keys
    async def _on_key(self, event: events.Key) -> None:
        """A key no binding, widget or screen used: a short footer message, so a dead key is
        never silent (issue 21; choice keys on the match screen say their own). Replaces
        ``App._on_key`` (same bindings and ``key_`` methods first)."""
        event.prevent_default()  # App._on_key would run the bindings a second time
        if await self._check_bindings(event.key):
            return
        if await dispatch_key(self, event):
            return
        self.dead_key(event)

    def dead_key(self, event: events.Key) -> None:
        """Say in the footer that ``event``'s key does nothing here (printable keys only; a
        modifier or a function key pressed by accident stays quiet)."""
        char = event.character
        if not char or not char.isprintable() or char.isspace():
            return
        bars = self.screen.query(KeyBar)
        if bars:
            bars.first(KeyBar).flash(f"{char} does nothing here · ? lists the keys")

    # ------------------------------------------------------------ signals
    def _install_signal_handlers(self) -> None:
        """SIGTERM and SIGHUP end the app like ``ctrl+q``, so the terminal is restored (main
        screen, no mouse tracking, cursor shown). The journal is flushed per entry already."""
        loop = asyncio.get_running_loop()
        for name in STOP_SIGNALS:
            signum = getattr(signal, name, None)
            if signum is None:
                continue  # not on this platform
            try:
                loop.add_signal_handler(signum, self._stop_on_signal, signum)
            except (NotImplementedError, RuntimeError, ValueError, OSError):
                continue  # e.g. Windows, or not the main thread
            self._signals.append(signum)

    def _stop_on_signal(self, signum: int) -> None:
        self._remove_signal_handlers()
        self.exit(return_code=128 + signum)

    def _remove_signal_handlers(self) -> None:
        signals, self._signals = self._signals, []
        with contextlib.suppress(Exception):
            loop = asyncio.get_running_loop()
            for signum in signals:
                loop.remove_signal_handler(signum)

    def on_unmount(self) -> None:
        self._remove_signal_handlers()

    # ------------------------------------------------------------ size guard
    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        if not self._started:
            return  # on_mount checks once the first screens are up
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        guard = next((s for s in self.screen_stack if isinstance(s, TooSmallScreen)), None)
        if small and guard is None:
            self.push_screen(TooSmallScreen())
        elif small and guard is not None:
            guard.update_size(width, height)
        elif guard is not None and self.screen is guard:
            self.pop_screen()
        # A guard covered by a dialog opened meanwhile removes itself when uncovered.

    # ------------------------------------------------------------ navigation
    def back_to_menu(self) -> None:
        """Pop every screen above the menu (a match's save file is closed first, so the menu
        never sees it still locked)."""
        for screen in self.screen_stack[1:]:
            if isinstance(screen, MatchScreen):
                screen.session.close()
        while len(self.screen_stack) > 1 and not isinstance(self.screen, MenuScreen):
            self.pop_screen()

    def start_match(
        self,
        game: str,
        seats: Sequence[SeatConfig],
        options: dict[str, Any],
        seed: int,
        policy: str,
    ) -> MatchSession:
        """Create a match autosaving in the save folder and open it.

        Raises KeyError, ValueError, OSError or JournalError (the caller shows them).
        """
        session = MatchSession.start(game, seats, options, seed, policy)
        self.back_to_menu()
        self.push_screen(MatchScreen(session))
        return session

    def rematch(self, settings: MatchSettings) -> None:
        """The same game, seats, options and policy with a new seed."""
        try:
            self.start_match(
                settings.game, settings.seats, settings.options, self.new_seed(), settings.policy
            )
        except (KeyError, ValueError, OSError, jr.JournalError) as err:
            self.notify(str(err), title="Cannot start", severity="error")

    def resume(self, path: Path, on_error: Callable[[str], None] | None = None) -> bool:
        """Continue the match saved at ``path``. Problems are shown (``on_error`` or a
        notification), never raised. Returns True when the match opened."""
        try:
            session, warnings = MatchSession.resume(path)
        except (jr.JournalDamaged, ReplayMismatch) as err:
            message = str(err)
            self.offer_intact_copy(path, message)
        except jr.JournalError as err:
            message = str(err)
        except Exception as err:  # last resort: a one-line message, never a traceback
            message = f"cannot open {path.name}: {err}"
        else:
            self.back_to_menu()
            self.push_screen(MatchScreen(session))
            for w in warnings:
                self.notify(w, title="Damaged end", severity="warning")
            return True
        if on_error is not None:
            on_error(message)
        else:
            self.notify(message, title="Cannot open", severity="error")
        return False

    def offer_intact_copy(self, path: Path, why: str) -> None:
        """Ask whether to open the intact part of the refused save ``path`` as a new copy
        (``engine.session.save_intact_copy``); the refused file itself is never changed."""
        from engine.session import save_intact_copy
        from tui.dialogs.confirm import ConfirmDialog

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            try:
                copy, entries = save_intact_copy(path)
            except (jr.JournalError, ReplayMismatch, OSError) as err:
                self.notify(f"No copy made: {err}", title="Cannot open", severity="error")
                return
            self.notify(
                f"Opened the first {entries} entries as {copy.name}; {path.name} is unchanged.",
                title="Intact part opened",
            )
            self.resume(copy)

        question = f"{why}\n\nOpen the intact part as a new copy? The damaged file stays as it is."
        self.push_screen(ConfirmDialog("Damaged save", question, "Open a copy", "Cancel"), answered)

    def open_replay(self, path: Path | None, analyse: bool = False) -> None:
        """Replay the journal at ``path`` (over the current screen); with ``analyse``, analyse
        the match in the background there (issue 19)."""
        if path is None:
            self.notify("This match has no save file to replay.", severity="warning")
            return
        self.push_screen(ReplayScreen(path, analyse))

    def action_new_match(self) -> None:
        """Open the new match screen."""
        from tui.screens.new_match import NewMatchScreen

        self.push_screen(NewMatchScreen())

    def action_settings(self) -> None:
        """Open the Settings screen."""
        from tui.screens.settings import SettingsScreen

        if not isinstance(self.screen, SettingsScreen):
            self.push_screen(SettingsScreen())

    def action_rules(self) -> None:
        """Open the rules, on the game being played (or replayed) when there is one."""
        from tui.screens.rules import RulesScreen

        self.push_screen(RulesScreen(self.current_game()))

    def current_game(self) -> str | None:
        """The id of the game of the topmost match or replay on the stack, or None."""
        for screen in reversed(self.screen_stack):
            session = getattr(screen, "session", None)
            timeline = getattr(screen, "timeline", None)
            if session is not None:
                return session.game
            rules = getattr(timeline, "rules", None)
            if rules is not None:
                return rules.id
        return None

    # ------------------------------------------------------------ help and palette
    def action_command_palette(self) -> None:
        """Open the command palette (one that a double click outside never breaks)."""
        if self.use_command_palette and not CommandPalette.is_open(self):
            self.push_screen(SafePalette(id="--command-palette"))

    def action_help(self) -> None:
        """Show how to use the current screen and its keys (from the live bindings)."""
        screen = self.screen
        if isinstance(screen, HelpScreen | TooSmallScreen):
            return
        text = getattr(screen, "HELP_TEXT", "")
        if isinstance(screen, MenuScreen):
            text = GENERAL_HELP + "\n" + text
        board_help = _board_help(screen)
        if board_help:
            text = f"{text}\n{board_help}"
        title = {
            "MenuScreen": "Help",
            "MatchScreen": "Help: playing a match",
            "ReplayScreen": "Help: replay",
            "NewMatchScreen": "Help: new match",
            "LoadScreen": "Help: load",
            "RulesScreen": "Help: rules",
            "SettingsScreen": "Help: settings",
        }.get(type(screen).__name__, "Help")
        self.push_screen(HelpScreen(title, text or GENERAL_HELP, binding_rows(screen)))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """The palette: only Imperia's commands, built from the screen's and the app's key
        bindings (see :func:`tui.dialogs.palette.palette_commands`), then :meth:`extra_commands`."""
        yield from palette_commands(self, screen, self.extra_commands(screen))

    def extra_commands(self, screen: Screen) -> list[SystemCommand]:
        """Commands with no key on every screen, from the one list of local and SSH play
        (:data:`tui.dialogs.palette.EXTRAS`): New match, Rules, Settings, Menu, Help."""
        on_menu = isinstance(screen, MenuScreen)
        return extra_commands(self, self.SSH, self.HAS_SETTINGS, on_menu)


def _board_help(screen: Screen) -> str:
    """The ``HELP_TEXT`` of the board on ``screen`` (a match or a replay), "" when none."""
    from tui.boards import Board

    boards = list(screen.query(Board))
    return boards[0].HELP_TEXT if boards else ""


def run_app(mode: str = "menu", **kwargs: Any) -> int:
    """Run the app; what the ``imperia`` command calls. Returns the exit status.

    Modes: "menu"; "play" (game, seats, options, seed, policy, save); "replay" (path);
    "load" (path). A match that cannot start or load raises before the app opens
    (ValueError, KeyError, JournalError, ReplayMismatch) so the command prints one line.
    """
    if mode == "play":
        session = MatchSession.start(
            kwargs["game"],
            kwargs["seats"],
            kwargs.get("options") or {},
            kwargs.get("seed"),
            kwargs.get("policy") or "casual",
            save_path=kwargs.get("save"),
        )
        app = ImperiaApp(session=session)
    elif mode == "load":
        session, warnings = MatchSession.resume(Path(kwargs["path"]))
        app = ImperiaApp(session=session, warnings=warnings)
    elif mode == "replay":
        app = ImperiaApp(replay=Path(kwargs["path"]))
    elif mode == "menu":
        app = ImperiaApp()
    else:
        raise ValueError(f"unknown app mode {mode!r}")
    app.run()
    return app.return_code or 0
