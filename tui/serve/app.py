"""The app one SSH connection runs: the lobby, then matches played through the hub.

``imperia _table-client --hub SOCK --player FPR`` (started by the server on the connection's
PTY, never by a player) runs :class:`RemoteApp`: :class:`~tui.app.ImperiaApp` with the lobby as
its bottom screen and every match shown by :class:`RemoteMatchScreen`, the ordinary match
screen fed by a :class:`~tui.serve.client.RemoteSession`. Everything that would touch the
server's own files (save-as, replay, load, local new matches, screenshots) is left out.
"""

from __future__ import annotations

import contextlib
import fcntl
import gc
import os
import termios
from pathlib import Path
from typing import Any

from textual._compositor import ChopsUpdate, LayoutUpdate
from textual.binding import Binding
from textual.screen import Screen

from tui.app import ImperiaApp
from tui.dialogs.confirm import ConfirmDialog
from tui.dialogs.text_input import TextInputDialog
from tui.screens.match import MatchScreen
from tui.serve.client import HubLink, RemoteSession
from tui.serve.lobby import LobbyScreen
from tui.serve.screen_diff import ChangedOnly, LineCache
from tui.session import MatchSettings
from tui.settings import Settings


class RemoteMatchScreen(MatchScreen):
    """The match screen over SSH: same board, prompt, log and keys; take-backs that need the
    other players' consent are asked through the hub; no save-as, replay or rematch here."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("save_as", "speed", "skip"):
            return False
        if action in ("undo", "redo") and self.session.local_seat() is None:
            return False  # a spectator takes nothing back
        if action == "redo":
            return self.session.can_redo() and super().check_action(action, parameters)
        return super().check_action(action, parameters)

    def action_undo(self) -> None:
        seat, check = self.session.check_undo()
        if check is not None and not check.allowed and check.needs_consent:
            self.session.undo()
            return
        super().action_undo()

    def action_redo(self) -> None:
        self.session.redo()

    def action_save_as(self) -> None:
        self.notify("The server keeps this match; nothing to save here.", timeout=3)

    def action_menu(self) -> None:
        self.app.back_to_menu()

    def _after_end(self, what: str | None) -> None:
        if what in ("replay", "save", "rematch"):
            self.notify("Back in the lobby (q), you can start a new table.", timeout=3)
            return
        super()._after_end(what)


class RemoteApp(ImperiaApp):
    """The app of one SSH connection (see the module docstring). Its palette is the local
    app's (:func:`tui.dialogs.palette.palette_commands`, the one list of extras
    :data:`tui.dialogs.palette.EXTRAS` with its SSH entries).

    Args:
        hub: the hub's unix socket.
        player: the connection's SSH key fingerprint (its identity).
    """

    HAS_SETTINGS = False  # the server's config folder is not the player's
    SSH = True  # the palette's SSH entries (tui.dialogs.palette.EXTRAS): Lobby, Quit

    BINDINGS = [  # Textual adds ImperiaApp's own
        Binding("ctrl+l", "redraw", "Redraw the screen", show=False, id="serve.redraw"),
    ]

    CSS_PATH = [
        str(Path(__file__).parent.parent / "app.tcss"),
        str(Path(__file__).parent / "lobby.tcss"),
    ]

    def __init__(self, hub: Path, player: str, **kwargs: Any) -> None:
        kwargs.setdefault("settings", Settings())  # never the server account's own file
        super().__init__(bot_delay=0, **kwargs)
        self.link = HubLink(hub, player, self._received)
        self.games: list[dict[str, Any]] = []
        self.player_name: str | None = None
        self.session: RemoteSession | None = None
        self.wanted: str | None = None  # the table whose views we show
        self.lobby = LobbyScreen()
        self._asked_name = False
        self.shown = LineCache()  # what the client's terminal shows (tui.serve.screen_diff)

    def _display(self, screen: Screen, renderable: Any) -> None:
        """Write only the lines (pieces of lines) of an update that change what the client's
        terminal shows (:mod:`tui.serve.screen_diff`): after a move most of the repainted
        lines read as before, and every byte written is encrypted and sent."""
        if isinstance(renderable, (LayoutUpdate, ChopsUpdate)) and not self.is_headless:
            self.shown.keep((self.size, id(screen)))
            renderable = ChangedOnly(renderable, self.shown)
        super()._display(screen, renderable)

    def action_redraw(self) -> None:
        """Ctrl+L: write the whole screen again (the client's terminal may have been garbled
        by something else; only changes are written otherwise)."""
        self.shown.clear()
        if self.is_running:
            self.screen.refresh()

    def home_screen(self) -> Screen:
        return self.lobby

    def on_mount(self) -> None:
        self.call_after_refresh(self._connect)  # once the lobby (pushed by the base) is up

    async def _connect(self) -> None:
        try:
            await self.link.connect()
        except OSError as err:
            self.exit(return_code=3, message=f"The table server is not reachable ({err}).")

    # ------------------------------------------------------------ frames
    def _received(self, msg: dict[str, Any]) -> None:
        handler = getattr(self, f"_got_{msg['t']}", None)
        if handler is None:
            return
        try:
            handler(msg)
        except Exception as err:  # one bad frame must not end the player's session
            self.notify(f"Could not show an update: {err}", severity="error", markup=False)

    def _got_welcome(self, msg: dict[str, Any]) -> None:
        self.games = msg["games"]
        self.player_name = msg["name"]
        self.lobby.greet(self.player_name)
        if self.player_name is None and not self._asked_name:
            self.ask_name()
        if self.session is None:
            self.link.send({"t": "lobby"})

    def ask_name(self) -> None:
        """Ask the player's display name (once at first; c in the lobby to change it)."""
        self._asked_name = True

        def named(name: str | None) -> None:
            if name and name.strip():
                self.link.send({"t": "name", "name": name})
            elif self.player_name is None:
                self.link.send({"t": "name", "name": "Player"})

        self.push_screen(
            TextInputDialog("Your name", "The name other players see at the table:", ""),
            named,
        )

    def _got_tables(self, msg: dict[str, Any]) -> None:
        self.lobby.show_tables(msg["tables"])

    def _got_created(self, msg: dict[str, Any]) -> None:
        self.notify("Table created; you sit in its first seat.", timeout=3)

    def watch(self, table: str, spectate: bool = False) -> None:
        """Open ``table``'s match (our seat, or as a spectator); its views are shown from now
        on, and only its views."""
        self.wanted = table
        self.link.send({"t": "watch", "table": table, "spectate": spectate})

    def _got_started(self, msg: dict[str, Any]) -> None:
        if self.session is None and self.screen is self.lobby:
            self.watch(msg["table"])

    def _got_view(self, msg: dict[str, Any]) -> None:
        if msg["table"] != self.wanted:
            return  # a frame still in flight from a match we left
        session = self.session
        if session is not None and session.table == msg["table"]:
            session.apply(msg)
            return
        self.session = RemoteSession(msg["table"], msg, self.link.send)
        self._close_dialogs()
        self.push_screen(RemoteMatchScreen(self.session))

    def _got_ask(self, msg: dict[str, Any]) -> None:
        def answered(yes: bool | None) -> None:
            self.link.send({"t": "consent", "id": msg["id"], "yes": bool(yes)})

        dialog = ConfirmDialog("Take back?", msg["text"], "Agree", "Refuse")
        dialog.add_class("opaque")
        self.push_screen(dialog, answered)

    def _got_notice(self, msg: dict[str, Any]) -> None:
        # Notices carry player names: never read them as markup.
        self.notify(msg["text"], severity=msg.get("level", "information"), timeout=4, markup=False)

    def _got_error(self, msg: dict[str, Any]) -> None:
        self.notify(msg["text"], severity="error", markup=False)

    def _got_closed(self, msg: dict[str, Any]) -> None:
        self.exit(return_code=4, message=msg["text"])

    def _close_dialogs(self) -> None:
        while len(self.screen_stack) > 1 and self.screen is not self.lobby:
            if isinstance(self.screen, MatchScreen):
                break
            self.pop_screen()

    # ------------------------------------------------------------ navigation
    def back_to_menu(self) -> None:
        """Back to the lobby (the hub keeps the match; Enter on it resumes)."""
        self.session = None
        self.wanted = None
        while len(self.screen_stack) > 1 and self.screen is not self.lobby:
            self.pop_screen()
        self.link.send({"t": "lobby"})

    def start_match(self, *args: Any, **kwargs: Any) -> Any:
        raise ValueError("over SSH, matches start at a table in the lobby")

    def rematch(self, settings: MatchSettings) -> None:
        self.notify("Create a new table in the lobby (n).", timeout=3)

    def resume(self, path: Path, on_error: Any = None) -> bool:
        self.notify("Open your match from the lobby (m: my matches).", timeout=3)
        return False

    def open_replay(self, path: Path | None) -> None:
        self.notify("Replays are not available over SSH.", timeout=3)

    def action_new_match(self) -> None:
        self.back_to_menu()
        self.lobby.action_new()


def take_terminal() -> None:
    """Make stdin's terminal this process's controlling terminal (the server starts us in a
    new session on the connection's PTY), so window changes reach us as SIGWINCH."""
    with contextlib.suppress(OSError):
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)


GC_THRESHOLDS = (20_000, 10, 10)
"""The collector's thresholds in an app process (CPython's default: 700, 10, 10). A match
screen update allocates thousands of container objects (strips, styles, segments), so the
default ran a young collection every few hundred and a full one (every object of the app)
every ~15 updates; measured with 4 apps of one process (headless, 616 updates): 34.4 -> 25.2
ms of CPU per update, and +2 MB of resident memory per app (garbage waits longer)."""


def tune_collector() -> None:
    """Set :data:`GC_THRESHOLDS` (called once per app process)."""
    gc.set_threshold(*GC_THRESHOLDS)


def run_client(hub: Path, player: str) -> int:
    """Run the table client app until the player quits or the connection drops."""
    tune_collector()
    take_terminal()
    os.environ.setdefault("TERM", "xterm-256color")
    app = RemoteApp(hub, player)
    app.run()
    return app.return_code or 0


__all__ = ["GC_THRESHOLDS", "RemoteApp", "RemoteMatchScreen", "run_client", "tune_collector"]
