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
from collections.abc import Sequence
from typing import Any, ClassVar

from textual.binding import Binding
from textual.message import Message
from textual.widget import Widget

from engine.rules import Prompt

BOARDS: dict[str, str] = {
    "imperium": "tui.boards.imperium:ImperiumBoard",
    "res_publica": "tui.boards.res_publica:ResPublicaBoard",
    "mausoleum": "tui.boards.mausoleum:MausoleumBoard",
    "imperial_struggle": "tui.boards.imperial_struggle:ImperialStruggleBoard",
    "brazil_imperial": "tui.boards.brazil_imperial:BrazilImperialBoard",
}


class Board(Widget):
    """Base class of a game board widget."""

    class TargetClicked(Message):
        """The player clicked the board thing ``target`` (e.g. ``"p1.3"``, ``"h:legion"``)."""

        def __init__(self, target: str) -> None:
            super().__init__()
            self.target = target

    KEYS: ClassVar[tuple[Binding, ...]] = ()
    """The board's own keys (switching what it shows): the screen showing the board binds each
    (:func:`bind_board_keys`) and runs it as :meth:`board_action` with the binding's action."""

    HELP_TEXT: ClassVar[str] = ""
    """Markdown the ``?`` help adds under the match screen's own: how to read this board (its
    glyphs and letters). "" for a board that needs none."""

    log_lines: Sequence[Any] = ()
    """The log as the viewer reads it (``MatchView.log``: strings or ``(text, undone)`` pairs,
    oldest first), set by the screen before :meth:`show` for boards that summarise it."""

    last_line_inline: bool = True
    """For a board with its own summary of the last turn (:meth:`last_turn_text`): True when
    the board draws it itself (the replay); the match screen sets it False and shows the
    summary in its one line under the title instead."""

    def last_turn_text(self, view: dict[str, Any]) -> str | None:
        """The game's own one-line summary of what the other seats just did in ``view`` (read
        from :attr:`log_lines`), for the line under the title; ``""`` when nothing happened
        yet; None (the default) when the board has none, and the screen tells the other seats'
        log lines (:mod:`tui.last_turn`)."""
        return None

    def home_keys(self, prompt: Prompt) -> dict[str, str]:
        """Choice id -> the key that choice of ``prompt`` always has, on every prompt where it
        appears (:mod:`tui.widgets.choice_keys`): keys a player learns, such as one per arch.
        The default: none (keys follow the list)."""
        return {}

    def board_action(self, action: str) -> None:
        """Run the board key whose binding's action is ``action`` (see :attr:`KEYS`)."""

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

    def scores_text(self, view: dict[str, Any], scores: Sequence[Any], names: Sequence[str]) -> str:
        """One labelled line of an outcome's ``scores`` (one per seat, seats named ``names``)
        for the end screen: ``"Score: ◆ Ann 3 points · ● Bot 1/3 points"`` (a game's own score
        strings are shown as they are); "" when there are none."""
        if not scores:
            return ""
        return "Score: " + " · ".join(
            f"{n} {score_words(s)}" for n, s in zip(names, scores, strict=False)
        )

    def everything_view(self, views: Sequence[dict[str, Any]], spectator: dict[str, Any]) -> dict:
        """A view showing everything, built from each seat's own view and the spectator's (the
        replay's "everything" view of a finished match). The default shows the spectator's."""
        return spectator


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


def score_words(score: Any) -> str:
    """A score as words: numbers (ints, Fractions) get a "points" label ("1/3 points",
    "1 point"); a game's own score strings stay as they are ("2/6 points")."""
    if isinstance(score, str):
        return score
    return f"{score} point{'' if score == 1 else 's'}"


def bind_board_keys(screen: Any, board: Board) -> None:
    """Bind ``board``'s :attr:`Board.KEYS` on ``screen`` as ``board_key('<action>')`` (the
    screen's ``action_board_key`` passes it to :meth:`Board.board_action`), so they work
    whatever widget has the focus and appear in the key bar and the help."""
    for b in board.KEYS:
        screen._bindings.bind(
            b.key, f"board_key('{b.action}')", b.description, show=b.show, key_display=b.key_display
        )


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
