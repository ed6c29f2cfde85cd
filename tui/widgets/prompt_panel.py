"""The prompt panel: the prompt's text and summary, then its choices with their keys.

A choice that ends the turn or passes (:func:`tui.widgets.choice_keys.is_end`) is pinned at the
top with the fixed key **e**, so a long list never hides it below the fold; the other choices
get ``1``-``9``, ``0`` and then letters, keys that stay put within a step; long lists fold
related choices into one row that opens a sub-list (:mod:`tui.widgets.choice_keys`). The keys
shown are exactly the keys that pick them. When the list is taller than its room, a
"more ↓ (n)" line under it says how many choices are below; the highlighted choice is always
scrolled into view. With "why not?" on (:attr:`PromptPanel.why_not`), the choices the game says
are missing now follow the real ones, greyed and never selectable, each with its reason.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine.rules import Choice, Prompt
from tui.widgets.choice_keys import (
    END_KEY,
    GROUP_PREFIX,
    KEYS,
    KeyMemory,
    arrange,
    groups_of,
    is_end,
)

__all__ = ["END_KEY", "KEYS", "PromptPanel", "arrange", "choice_text", "is_end", "missing_text"]

WHY_NOT_TITLE = "Not available now (W hides):"
"""The greyed line above the unavailable choices."""


def choice_text(key: str, choice: Choice) -> Text:
    """``"1 Play Legion (5)"`` with the detail on a second, dimmed line."""
    text = Text.assemble((f"{key or ' '} ", "bold"), choice.label)
    if choice.detail:
        text.append(f"\n  {choice.detail}", style="dim")
    return text


def missing_text(label: str, reason: str) -> Text:
    """A greyed unavailable choice: ``"  Walls (4)"`` and its reason on a second line."""
    text = Text(f"  {label}", style="dim strike")
    text.append(f"\n  {reason}", style="dim italic")
    return text


class PromptPanel(Vertical):
    """Shows one :class:`~engine.rules.Prompt` (or a waiting line when there is none)."""

    class Highlighted(Message):
        """The cursor moved to ``choice`` (None when the list is empty)."""

        def __init__(self, choice: Choice | None) -> None:
            super().__init__()
            self.choice = choice

    class Picked(Message):
        """The player picked ``choice`` (Enter or a click on it)."""

        def __init__(self, choice: Choice) -> None:
            super().__init__()
            self.choice = choice

    class GroupPicked(Message):
        """The player picked a folded row: ``title`` and its ``members`` (a sub-list)."""

        def __init__(self, title: str, members: list[Choice]) -> None:
            super().__init__()
            self.title = title
            self.members = members

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._prompt: Prompt | None = None
        self._rows: list[tuple[str, Choice]] = []
        self._groups: dict[str, list[Choice]] = {}
        self._memory = KeyMemory()
        self._shown: tuple[str, str, tuple[tuple[str, str, str], ...], tuple] | None = None
        self._idle = ""
        self._unavailable: tuple[tuple[str, str], ...] = ()
        self._why_not = False
        self._revealed = False  # scrolled down to the greyed choices (reveal_missing)
        self._revealed_at: int | None = None  # the cursor then
        self.home_keys: Callable[[Prompt], dict[str, str]] | None = None
        """Keys some choices always have (the board's :meth:`~tui.boards.Board.home_keys`)."""

    def compose(self) -> ComposeResult:
        yield Static("", id="prompt-text", markup=False)
        yield Static("", id="prompt-summary", markup=False)
        yield OptionList(id="choices")
        more = Static("", id="choices-more", markup=False)
        more.display = False
        yield more

    def on_mount(self) -> None:
        options = self.query_one("#choices", OptionList)
        self.watch(options, "scroll_y", lambda _y: self._update_more(), init=False)

    def on_resize(self) -> None:
        self.call_after_refresh(self._follow)
        self.call_after_refresh(self._update_more)

    def below(self) -> int:
        """How many choices lie wholly below the list's visible rows (0 when all fit)."""
        options = self.query_one("#choices", OptionList)
        lines = options._lines  # (option index, line within it) for every row of the list
        bottom = int(options.scroll_y) + options.scrollable_content_region.height
        if not lines or bottom >= len(lines) or options.size.height == 0:
            return 0
        return max(0, len(self._rows) - 1 - lines[max(bottom - 1, 0)][0])

    def _update_more(self) -> None:
        """Show or hide the "more ↓ (n)" line; when it takes or gives back a row, scroll the
        highlighted choice into view again."""
        more = self.query_one("#choices-more", Static)
        n = self.below()
        if n:
            more.update(f"more ↓ ({n})")
        if more.display != bool(n):
            more.display = bool(n)
            self.call_after_refresh(self._follow)

    def _follow(self) -> None:
        """Scroll the highlighted choice into view and recount what is below."""
        options = self.query_one("#choices", OptionList)
        if self._revealed:
            options.scroll_end(animate=False, immediate=True)
        elif options.highlighted is not None:
            options.scroll_to_highlight()
        n = self.below()
        more = self.query_one("#choices-more", Static)
        if n:
            more.update(f"more ↓ ({n})")

    @property
    def prompt(self) -> Prompt | None:
        """The prompt shown, or None."""
        return self._prompt

    @property
    def why_not(self) -> bool:
        """True when the unavailable choices are shown greyed under the real ones."""
        return self._why_not

    @why_not.setter
    def why_not(self, on: bool) -> None:
        if on != self._why_not:
            self._why_not = on
            self.show(self._prompt, self._idle, self._unavailable)

    def reveal_missing(self) -> None:
        """Scroll the list down to the greyed choices (the cursor never stops on them), once
        the list is laid out again."""
        options = self.query_one("#choices", OptionList)

        def down() -> None:
            self._revealed = True
            self._revealed_at = options.highlighted
            options.scroll_end(animate=False)  # after the layout that sizes the new lines

        self.call_after_refresh(down)

    @property
    def unavailable(self) -> tuple[tuple[str, str], ...]:
        """The ``(label, reason)`` pairs last given to :meth:`show` (shown or not)."""
        return self._unavailable

    def show(
        self,
        prompt: Prompt | None,
        idle: str = "",
        unavailable: tuple[tuple[str, str], ...] = (),
    ) -> None:
        """Show ``prompt``'s choices, keeping the cursor on the same choice id if it is still
        there; with no prompt, show ``idle`` ("Waiting for ● Bot…"). ``unavailable`` holds the
        choices missing now with their reasons, listed greyed after the choices while
        :attr:`why_not` is on.

        What is drawn only changes when the texts or the rows (key, label, detail) change: an
        equal prompt (another player's move while this one waits) keeps its widgets as they
        are, so nothing is laid out or repainted for it."""
        old = self.highlighted()
        self._prompt = prompt
        self._idle = idle
        self._unavailable = tuple(unavailable)
        missing = self._unavailable if self._why_not and prompt is not None else ()
        if prompt is None:
            self._memory.forget()
        home = self.home_keys(prompt) if prompt is not None and self.home_keys else None
        self._rows = arrange(prompt, self._memory, home)
        self._groups = groups_of(prompt)
        text = prompt.text if prompt else idle
        summary_text = prompt.summary if prompt else ""
        drawn = tuple((key, c.label, c.detail) for key, c in self._rows)
        shown, self._shown = self._shown, (text, summary_text, drawn, missing)
        if shown is None or text != shown[0]:
            self.query_one("#prompt-text", Static).update(text)
        if shown is None or summary_text != shown[1]:
            summary = self.query_one("#prompt-summary", Static)
            summary.update(summary_text)
            summary.display = bool(summary_text)
        options = self.query_one("#choices", OptionList)
        same_rows = shown is not None and drawn == shown[2] and missing == shown[3]
        if not same_rows:
            options.clear_options()
        self.call_after_refresh(self._update_more)
        if prompt is None:
            self.post_message(self.Highlighted(None))
            return
        if not same_rows:
            options.add_options(
                Option(choice_text(key, c), id=str(n)) for n, (key, c) in enumerate(self._rows)
            )
            if missing:
                options.add_option(Option(Text(WHY_NOT_TITLE, style="dim bold"), disabled=True))
                options.add_options(
                    Option(missing_text(label, why), disabled=True) for label, why in missing
                )
        ids = [c.id for _, c in self._rows]
        if old and old.id in ids:
            index = ids.index(old.id)
        else:  # the first numbered choice: Enter never ends a turn by accident
            index = next((n for n, (k, _) in enumerate(self._rows) if k != END_KEY), 0)
        if not same_rows:
            self._revealed = False
            options.highlighted = index
            return
        # The same rows: as after a rebuild, scrolled from the top just enough to show the
        # cursor, and the cursor's choice announced (it may be another choice, same text);
        # the greyed choices stay in view when the player asked for them (reveal_missing).
        if self._revealed and options.highlighted == index:
            options.scroll_end(animate=False, immediate=True)
            return
        options.scroll_to(y=0, animate=False, immediate=True)
        if options.highlighted != index:
            options.highlighted = index
        else:
            options.scroll_to_highlight()
            self.post_message(self.Highlighted(self.highlighted()))

    def highlighted(self) -> Choice | None:
        """The choice under the cursor."""
        if self._prompt is None:
            return None
        index = self.query_one("#choices", OptionList).highlighted
        if index is None or index >= len(self._rows):
            return None
        return self._rows[index][1]

    def highlight(self, choice_id: str) -> None:
        """Move the cursor to ``choice_id``."""
        ids = [c.id for _, c in self._rows]
        if choice_id in ids:
            self.query_one("#choices", OptionList).highlighted = ids.index(choice_id)

    def members(self, row: Choice) -> list[Choice] | None:
        """The choices folded into ``row`` (a ``group:...`` row), or None for a plain choice."""
        return self._groups.get(row.id) if row.id.startswith(GROUP_PREFIX) else None

    def keys(self) -> list[str]:
        """The keys shown now, in display order."""
        return [k for k, _ in self._rows if k]

    def by_key(self, key: str) -> Choice | None:
        """The row shown with ``key`` (one of :data:`KEYS`, or "e"), or None; a folded row is
        a ``group:...`` choice (see :meth:`members`)."""
        for k, c in self._rows:
            if key and k == key:
                return c
        return None

    def by_number(self, n: int) -> Choice | None:
        """The choice numbered ``n`` (1-9, 10 for the 0 key), or None."""
        if not 1 <= n <= len(KEYS):
            return None
        return self.by_key(KEYS[n - 1])

    def key_of(self, choice_id: str) -> str | None:
        """The key shown for ``choice_id`` (None when it has none or is not shown, e.g. folded
        into a sub-list)."""
        return next((k for k, c in self._rows if c.id == choice_id and k), None)

    def row_of(self, choice_id: str) -> tuple[str, Choice] | None:
        """``(key, row)`` of the row that holds ``choice_id``: its own, or its folded group's."""
        for k, c in self._rows:
            if c.id == choice_id or any(m.id == choice_id for m in self._groups.get(c.id, ())):
                return k, c
        return None

    def end_choice(self) -> Choice | None:
        """The pinned end/pass choice, if the prompt has one."""
        return self.by_key(END_KEY)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if event.option_index != self._revealed_at:  # the player moved: follow the cursor
            self._revealed = False
        self.post_message(self.Highlighted(self.highlighted()))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_index < len(self._rows):
            self.pick(self._rows[event.option_index][1])

    def pick(self, row: Choice) -> None:
        """Post :class:`Picked` for a choice, :class:`GroupPicked` for a folded row."""
        members = self.members(row)
        if members is not None:
            self.post_message(self.GroupPicked(row.label.split(" (")[0], members))
        else:
            self.post_message(self.Picked(row))
