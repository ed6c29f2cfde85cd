"""The turns of a replay: where each turn (and round) begins, and the list to jump to one.

Turns are read from the views, the same for every game:

1. the rules object's optional ``turn_label(view) -> str | None``, else the board class's
   optional ``turn_label(view)`` (a game's own words, e.g. "Peace Turn 2");
2. else the view's ``"turn"`` field (an int counted from 0 is shown from 1: "Turn 3"; a text
   is shown as it is), or ``"turns"`` (turns completed so far: the current one is that + 1);
3. with the view's ``"round"`` when it has one (an int, or a record with ``"no"``): "Turn 2 ·
   round 4".

A view with none of these has no turns: the list is empty and says so.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from engine.session import Timeline
from tui.boards import board_for
from tui.dialogs import Halo
from tui.session import seat_mark


@dataclass(frozen=True)
class TurnMark:
    """Where a turn begins in a replay.

    Attributes:
        entry: the first entry whose state is in this turn (jumping there shows the board as
            the turn begins).
        label: "Turn 3", "Turn 2 · round 4", or the game's own words.
        seat: the seat whose turn it is (the view's ``"active"``), or None.
        undone: the turn's first entry was later taken back (the turn is played again
            further down the list).
    """

    entry: int
    label: str
    seat: int | None
    undone: bool = False


def _round_of(view: dict[str, Any]) -> int | None:
    rnd = view.get("round")
    if isinstance(rnd, dict):
        rnd = rnd.get("no")
    return rnd if isinstance(rnd, int) and not isinstance(rnd, bool) else None


def generic_turn_label(view: dict[str, Any]) -> str | None:
    """A view's turn in words from its ``"turn"``/``"turns"`` and ``"round"`` fields (see the
    module docstring), or None when it has no turn."""
    turn = view.get("turn")
    label: str | None = None
    if isinstance(turn, bool):
        turn = None
    if isinstance(turn, int):
        label = f"Turn {turn + 1}"
    elif isinstance(turn, str) and turn:
        label = f"Turn {turn}" if turn.isdigit() else turn
    elif isinstance(view.get("turns"), int) and not isinstance(view.get("turns"), bool):
        label = f"Turn {view['turns'] + 1}"
    rnd = _round_of(view)
    if rnd is not None:
        label = f"{label} · round {rnd}" if label else f"Round {rnd}"
    return label


def turn_labeller(rules: Any) -> Callable[[dict[str, Any]], str | None]:
    """The function naming a view's turn for ``rules``' game: its own ``turn_label``, its
    board's, or :func:`generic_turn_label`."""
    own = getattr(rules, "turn_label", None)
    if callable(own):
        return own
    board = getattr(board_for(rules.id), "turn_label", None)
    return board if callable(board) else generic_turn_label


def turn_marks(timeline: Timeline) -> list[TurnMark]:
    """Every turn start of ``timeline``, in order, from the spectator's view of each entry (a
    turn label never depends on hidden cards). A rules or board bug gives no turns rather than
    an error. Cost: one view per entry (done while the replay loads)."""
    rules = timeline.rules
    label_of = turn_labeller(rules)
    marks: list[TurnMark] = []
    last: str | None = None
    try:
        for i in range(len(timeline)):
            view = rules.view(timeline.state(i), None)
            label = label_of(view)
            if label and label != last:
                active = view.get("active")
                seat = active if isinstance(active, int) and not isinstance(active, bool) else None
                marks.append(TurnMark(i, label, seat, timeline.frames[i].undone))
            last = label or last
    except Exception:  # a game's bug must not end the replay: no turn list then
        return []
    return marks


def turn_at(marks: list[TurnMark], entry: int) -> int | None:
    """The index in ``marks`` of the turn ``entry`` belongs to, or None before the first."""
    found = None
    for k, mark in enumerate(marks):
        if mark.entry > entry:
            break
        found = k
    return found


class TurnList(ModalScreen[int | None]):
    """Pick a turn of the replay; dismisses with its first entry, or None on Escape.

    Args:
        marks: the turns (see :func:`turn_marks`).
        current: the entry shown now (its turn is highlighted).
        seat_name: a seat's display name.
    """

    BINDINGS = [Binding("escape,t", "cancel", "Close", id="turns.cancel")]

    def __init__(
        self, marks: list[TurnMark], current: int, seat_name: Callable[[int], str]
    ) -> None:
        super().__init__()
        self._marks = marks
        self._current = current
        self._seat_name = seat_name

    def compose(self) -> ComposeResult:
        with Halo(), Vertical(classes="dialog"):
            yield Label("Jump to a turn", classes="dialog-title")
            if not self._marks:
                yield Static("This game's replay has no turns to list.", classes="dialog-text")
            yield OptionList(
                *[Option(self._text(m)) for m in self._marks], id="turn-list", markup=False
            )
            yield Static("↑/↓ pick · Enter jump · Esc close", classes="dialog-hint")

    def _text(self, mark: TurnMark) -> str:
        who = (
            f"  {seat_mark(mark.seat)} {self._seat_name(mark.seat)}"
            if mark.seat is not None
            else ""
        )
        undone = "  ↶ taken back" if mark.undone else ""
        return f"{mark.label}{who}  (entry {mark.entry}){undone}"

    def on_mount(self) -> None:
        options = self.query_one("#turn-list", OptionList)
        at = turn_at(self._marks, self._current)
        if at is not None:
            options.highlighted = at
            self.call_after_refresh(options.scroll_to_highlight, top=False)
        options.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self._marks[event.option_index].entry)

    def action_cancel(self) -> None:
        """Close without jumping."""
        self.dismiss(None)
