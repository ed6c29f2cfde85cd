"""The prompt panel: the prompt's text and summary, then its numbered choices."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine.rules import Choice, Prompt

KEYS = "1234567890"
"""Number keys choose the first ten choices directly."""


def choice_text(n: int, choice: Choice) -> Text:
    """``"1 Play Legion (5)"`` with the detail on a second, dimmed line."""
    key = KEYS[n] if n < len(KEYS) else " "
    text = Text.assemble((f"{key} ", "bold"), choice.label)
    if choice.detail:
        text.append(f"\n  {choice.detail}", style="dim")
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

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._prompt: Prompt | None = None

    def compose(self) -> ComposeResult:
        yield Static("", id="prompt-text", markup=False)
        yield Static("", id="prompt-summary", markup=False)
        yield OptionList(id="choices")

    @property
    def prompt(self) -> Prompt | None:
        """The prompt shown, or None."""
        return self._prompt

    def show(self, prompt: Prompt | None, idle: str = "") -> None:
        """Show ``prompt``'s choices, keeping the cursor on the same choice id if it is still
        there; with no prompt, show ``idle`` ("Waiting for ● Bot…")."""
        old = self.highlighted()
        self._prompt = prompt
        self.query_one("#prompt-text", Static).update(prompt.text if prompt else idle)
        summary = self.query_one("#prompt-summary", Static)
        summary.update(prompt.summary if prompt else "")
        summary.display = bool(prompt and prompt.summary)
        options = self.query_one("#choices", OptionList)
        options.clear_options()
        if prompt is None:
            self.post_message(self.Highlighted(None))
            return
        options.add_options(
            Option(choice_text(n, c), id=str(n)) for n, c in enumerate(prompt.choices)
        )
        ids = [c.id for c in prompt.choices]
        options.highlighted = ids.index(old.id) if old and old.id in ids else 0

    def highlighted(self) -> Choice | None:
        """The choice under the cursor."""
        if self._prompt is None:
            return None
        index = self.query_one("#choices", OptionList).highlighted
        if index is None or index >= len(self._prompt.choices):
            return None
        return self._prompt.choices[index]

    def highlight(self, choice_id: str) -> None:
        """Move the cursor to ``choice_id``."""
        if self._prompt is not None:
            ids = [c.id for c in self._prompt.choices]
            if choice_id in ids:
                self.query_one("#choices", OptionList).highlighted = ids.index(choice_id)

    def by_number(self, n: int) -> Choice | None:
        """The choice numbered ``n`` (1-9, 10 for the 0 key), or None."""
        if self._prompt is None or not 1 <= n <= len(self._prompt.choices):
            return None
        return self._prompt.choices[n - 1]

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self.post_message(self.Highlighted(self.highlighted()))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if self._prompt is not None and event.option_index < len(self._prompt.choices):
            self.post_message(self.Picked(self._prompt.choices[event.option_index]))
