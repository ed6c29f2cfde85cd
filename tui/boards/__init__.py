"""Per-game boards. A board draws one view and reports clicks; it never reads game state.

The match screen owns the :class:`engine.match.Match` (through the session bridge) and calls
``board.show(view, prompt, cursor_target)`` whenever anything changes. A click on a board thing
posts :class:`Board.TargetClicked` with that thing's id; the screen maps it to the prompt's
choice whose ``target`` equals it. ``inspect(target)`` returns the full text of a board thing
(a card) for the card inspector, or None.

Register a game's board in :data:`BOARDS` (module path and class name, imported lazily).
"""

from __future__ import annotations

import importlib
import json
from typing import Any

from textual.message import Message
from textual.widget import Widget

from engine.rules import Prompt

BOARDS: dict[str, str] = {"imperium": "tui.boards.imperium:ImperiumBoard"}


class Board(Widget):
    """Base class of a game board widget."""

    class TargetClicked(Message):
        """The player clicked the board thing ``target`` (e.g. ``"p1.3"``, ``"h:legion"``)."""

        def __init__(self, target: str) -> None:
            super().__init__()
            self.target = target

    def show(self, view: dict[str, Any], prompt: Prompt | None, cursor_target: str | None) -> None:
        """Redraw from ``view``. ``prompt`` is the viewer's prompt (its choices' targets should be
        marked as selectable) and ``cursor_target`` the target of the highlighted choice."""
        raise NotImplementedError

    def inspect(self, target: str) -> str | None:
        """Markdown text describing ``target`` for the inspector, or None."""
        return None

    def inspectable(self) -> list[tuple[str, str]]:
        """``(target, label)`` pairs of everything on the board that :meth:`inspect` explains,
        in reading order, for keyboard browsing in the inspector."""
        return []


class GenericBoard(Board):
    """Fallback for games without a board: the view as indented text."""

    DEFAULT_CSS = "GenericBoard { height: auto; }"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._text = ""

    def show(self, view: dict[str, Any], prompt: Prompt | None, cursor_target: str | None) -> None:
        shown = {k: v for k, v in view.items() if k != "prompt"}
        self._text = json.dumps(shown, indent=1, default=str)
        self.refresh(layout=True)

    def render(self) -> str:
        return self._text


def board_for(game_id: str) -> type[Board]:
    """The board class of ``game_id`` (the generic board when it has none)."""
    spec = BOARDS.get(game_id)
    if spec is None:
        return GenericBoard
    module, _, name = spec.partition(":")
    try:
        return getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError):
        return GenericBoard
