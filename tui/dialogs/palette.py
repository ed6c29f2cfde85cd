"""The command palette: Imperia's own commands only, and safe against late clicks.

:func:`palette_commands` builds the list from the live key bindings of the screen (and the
app), so the palette and the keys never disagree; the local app and the SSH table client both
use it.

The palette is safe against clicks that arrive after it closed.
Textual's :class:`~textual.command.CommandPalette` closes on a click outside its box with
``self.dismiss()``, and ``Screen.dismiss`` pops whatever screen is on *top*. A double click
outside the palette delivers both clicks to it: the first closes it, the second then popped the
screen underneath (the match), and more clicks ended in ``ScreenStackError``. This palette only
dismisses itself while it is the top screen, and only once.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from textual import events
from textual.app import App, SystemCommand
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.command import CommandPalette
from textual.screen import Screen


class SafePalette(CommandPalette):
    """A command palette whose dismiss never pops another screen."""

    _gone = False

    def dismiss(self, result: Any = None) -> AwaitComplete:
        """Close the palette if it is still the top screen; otherwise do nothing."""
        if self._gone or not self.is_attached or self.app.screen is not self:
            return AwaitComplete()
        self._gone = True
        return super().dismiss(result)

    def _on_click(self, event: events.Click) -> None:  # type: ignore[override]
        if self._gone or self.app.screen is not self:
            event.stop()  # a late click (the second of a double click): not for the screen below
            return
        super()._on_click(event)


NAVIGATION_ACTIONS = ("app.focus_next", "app.focus_previous", "focus_next", "focus_previous")
"""Actions left out of the palette: moving the focus means nothing from a list of commands."""


def binding_commands(app: App, screen: Screen) -> list[SystemCommand]:
    """The palette entries of ``screen``'s own and the app's key bindings: every enabled
    binding with a description, titled by it, its tooltip and key as help (``"Undo"``, ``"Take
    back your last choice · u"``). A description shared by several actions ("Choose by number":
    ``pick(1)`` … ``pick(10)``) is a family of keys, not one command, and is left out; so is
    focus navigation. Widgets' own bindings (a list's ↑/↓) are not commands either, nor
    Textual's (copy, focus next): every Imperia binding has an ``id``, theirs have none.

    Built from the live bindings, so the palette lists exactly what the keys do on this screen
    (a binding ``check_action`` disables is not listed).
    """
    found: dict[str, tuple[Binding, Any, list[str]]] = {}  # action -> first binding, node, keys
    actions: dict[str, set[str]] = {}  # description -> its actions
    for active in screen.active_bindings.values():
        binding = active.binding
        if active.node not in (screen, app) or not binding.description or not binding.id:
            continue  # a widget's own key, or one of Textual's (Imperia's bindings have ids)
        if binding.action in NAVIGATION_ACTIONS or binding.action.endswith("command_palette"):
            continue
        action = binding.action
        if active.node is app and not action.startswith("app."):
            action = f"app.{action}"  # the same action as the screen's "app.quit"
        actions.setdefault(binding.description, set()).add(action)
        if not active.enabled:
            continue
        entry = found.setdefault(action, (binding, active.node, []))
        key = app.get_key_display(binding)
        if key not in entry[2]:
            entry[2].append(key)
    commands = []
    for binding, node, keys in found.values():
        if len(actions[binding.description]) > 1:
            continue
        key_text = ("keys " if len(keys) > 1 else "key ") + ", ".join(keys)
        help_text = f"{binding.tooltip} · {key_text}" if binding.tooltip else key_text
        run = _runner(app, binding.action, node)
        commands.append(SystemCommand(binding.description, help_text, run))
    return commands


def _runner(app: App, action: str, node: Any) -> Callable[[], Awaitable[Any]]:
    async def run() -> None:
        await app.run_action(action, node)

    return run


@dataclass(frozen=True)
class Extra:
    """A palette command with no key on every screen (see :data:`EXTRAS`).

    Attributes:
        title, help: what the palette shows.
        action: the app's method run (``"action_help"``).
        local, ssh: listed in the local app, in the SSH table client.
        settings: listed only where the app has a Settings screen (``HAS_SETTINGS``).
        off_menu: left out on the menu itself (it is already there).
    """

    title: str
    help: str
    action: str
    local: bool = True
    ssh: bool = True
    settings: bool = False
    off_menu: bool = False


EXTRAS: tuple[Extra, ...] = (
    Extra("Help", "Keys and how-to for this screen", "action_help"),
    Extra("New match", "Set up a new match", "action_new_match", ssh=False),
    Extra("Rules", "Read the rules and card lists", "action_rules"),
    Extra(
        "Settings",
        "Theme, bot pace, auto-advance, rule references",
        "action_settings",
        ssh=False,
        settings=True,
    ),
    Extra("Menu", "Back to the main menu", "back_to_menu", ssh=False, off_menu=True),
    Extra("Lobby", "Back to the tables", "back_to_menu", local=False),
    Extra("Quit", "Leave the server", "exit", local=False),
)
"""The one list of the palette's extra commands, local and SSH play alike (each says where
it is listed); the rest of the palette is built from the bindings (:func:`binding_commands`).
Over SSH nothing touches the server's files: no new local match, no Settings."""


def extra_commands(app: Any, ssh: bool, has_settings: bool, on_menu: bool) -> list[SystemCommand]:
    """The :data:`EXTRAS` listed in ``app`` (the SSH table client when ``ssh``; with a
    Settings screen when ``has_settings``; showing the menu when ``on_menu``), as palette
    commands running the app's methods."""
    out = []
    for extra in EXTRAS:
        if not (extra.ssh if ssh else extra.local):
            continue
        if (extra.settings and not has_settings) or (extra.off_menu and on_menu):
            continue
        out.append(SystemCommand(extra.title, extra.help, getattr(app, extra.action)))
    return out


def palette_commands(
    app: App, screen: Screen, extras: Sequence[SystemCommand] = ()
) -> list[SystemCommand]:
    """Imperia's palette for ``screen`` (local and SSH play alike): the screen's and the app's
    bindings (:func:`binding_commands`), then ``extras`` (commands with no key on this screen:
    "New match", "Rules", "Menu"…) whose title is not listed yet. Textual's own entries
    (themes, "Maximize", "Screenshot") are never listed."""
    commands = binding_commands(app, screen)
    titles = {c.title.casefold() for c in commands}
    for extra in extras:
        if extra.title.casefold() not in titles:
            titles.add(extra.title.casefold())
            commands.append(extra)
    return commands
